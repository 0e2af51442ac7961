import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses XML with Foundation's `XMLParser` (libxml2 on Linux), which rejects documents that are not
/// well-formed, and keeps the elements in document order.
struct ParsedXML {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
        var depth: Int
    }

    var elements: [Element] = []

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Parses `text`; throws with the parser's error when it is not well-formed XML.
    static func parse(_ text: String) throws -> ParsedXML {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseError(description: String(describing: parser.parserError))
        }
        return ParsedXML(elements: collector.elements)
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributeDict, text: "", depth: open.count - 1))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}

import Foundation
import Testing
@testable import SchemaLint

@Suite struct XMLStreamReaderTests {
    /// Every event as one line: `<name line:column attribute=value@line:column ...>`, `</name>`, `"text"`.
    static func events(_ xml: String, text: Bool = false) throws(InputError) -> [String] {
        var lines: [String] = []
        try XMLStreamReader.read(Data(xml.utf8), file: "t.xml", text: text) { event in
            switch event {
            case .start(let element):
                let location = element.location
                let attributes = element.attributes.map { " \($0.name)=\($0.value)@\($0.location.line):\($0.location.column)" }
                lines.append("<\(element.name) \(location.line):\(location.column)\(attributes.joined())>")
            case .end(let element):
                lines.append("</\(element.name)>")
            case .text(let piece):
                lines.append("\"\(piece.string)\"")
            }
        }
        return lines
    }

    static func error(_ xml: String) -> InputError? {
        do {
            _ = try events(xml)
            return nil
        } catch {
            return error
        }
    }

    @Test func reportsElementsAtTheirOpeningBracketAndAttributesAtTheirNames() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <model a="1"  b = 'two'>
                <entity name="Ä" x="&amp;&#x41;&#38;&lt;"
                        y="é"/>
            </model>
            """
        let events = try Self.events(xml)
        #expect(events == [
            "<model 2:1 a=1@2:8 b=two@2:15>",
            "<entity 3:5 name=Ä@3:13 x=&A&<@3:22 y=é@4:13>",
            "</entity>",
            "</model>",
        ], "\(events)")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é" and "ü" are two bytes each in UTF-8: columns after them still count one per character.
        let xml = "<model name=\"éü\"><e a=\"1\"/><!-- ü --><e b=\"2\"/></model>"
        #expect(try Self.events(xml) == [
            "<model 1:1 name=éü@1:8>", "<e 1:18 a=1@1:21>", "</e>", "<e 1:38 b=2@1:41>", "</e>", "</model>",
        ])
    }

    @Test func namespaceDeclarationsAreSteppedOverAndPrefixesKept() throws {
        let xml = #"<r xmlns="urn:a" xmlns:p="urn:p" p:k="v" k="w"/>"#
        #expect(try Self.events(xml) == ["<r 1:1 p:k=v@1:34 k=w@1:42>", "</r>"])
    }

    @Test func textOnlyWhenAskedFor() throws {
        let xml = "<a>x &lt; y<b/><![CDATA[<z>]]></a>"
        #expect(try Self.events(xml) == ["<a 1:1>", "<b 1:12>", "</b>", "</a>"])
        // Text may come in several pieces: join them, marking where elements start.
        var text = ""
        try XMLStreamReader.read(Data(xml.utf8), file: "t.xml", text: true) { event in
            switch event {
            case .text(let piece): text += piece.string
            case .start(let element): text += "|\(element.name)|"
            case .end: break
            }
        }
        #expect(text == "|a|x < y|b|<z>")
    }

    @Test func malformedXMLIsOneErrorWithItsPosition() throws {
        let error = try #require(Self.error("<a>\n  <b>\n</a>"))
        #expect(error.file == "t.xml" && error.line == 3 && error.column != nil)
        #expect(error.message == "malformed XML: closing tag does not match the open element")
    }

    @Test func refusesEncodingsOtherThanUTF8() throws {
        let misspelt = try #require(Self.error("<?xml version=\"1.0\" encoding=\"UTF--8\"?>\n<a/>"))
        #expect(misspelt.line == 1 && misspelt.column == 31)
        #expect(misspelt.message == "unsupported text encoding 'UTF--8' in the XML declaration; model files are UTF-8")
        let latin = try #require(Self.error("<?xml version='1.0'\n   encoding = 'ISO-8859-1'?><a/>"))
        #expect(latin.line == 2 && latin.column == 16 && latin.message.contains("'ISO-8859-1'"))
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("<a/>".data(using: .utf16LittleEndian)!)
        let wide = try #require(throws: InputError.self) { try XMLStreamReader.read(utf16, file: "t.xml") { _ in } }
        #expect(wide.line == 1 && wide.message.hasPrefix("unsupported text encoding (UTF-16"))
        #expect(try Self.events("\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?><a/>") == ["<a 1:40>", "</a>"])
    }

    @Test func entityDeclarationsAreRefused() throws {
        let declared = try #require(Self.error("<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>"))
        #expect(declared.line == 1 && declared.message.contains("declares the entity 'e'"))
        let external = try #require(Self.error("<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><a>&e;</a>"))
        #expect(external.message.contains("'e' refers to an external file"))
        let parameter = try #require(Self.error("<!DOCTYPE a [<!ENTITY % p \"<!ENTITY e 'x'>\"> %p;]><a>&e;</a>"))
        #expect(parameter.message.contains("declares the entity 'p'"))
        // A document type that only names an external DTD (as property lists do) is fine: it is not loaded.
        #expect(try Self.events("<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a/>") == ["<a 1:41>", "</a>"])
    }

    @Test func anErrorOfTheVisitorStopsTheParse() throws {
        var seen: [String] = []
        var thrown: InputError?
        do {
            try XMLStreamReader.read(Data("<a><b/><c/></a>".utf8), file: "t.xml") { (event) throws(InputError) in
                guard case .start(let element) = event else { return }
                seen.append(element.name)
                if element.name == "b" { throw InputError(at: element.location, "no b") }
            }
        } catch {
            thrown = error
        }
        #expect(thrown == InputError(file: "t.xml", line: 1, column: 4, message: "no b"))
        #expect(seen == ["a", "b"])
    }

    @Test func documentsAreReadConcurrently() throws {
        let documents = (0..<64).map { index in
            "<model>\n" + String(repeating: "  <e n=\"\(index)\"/>\n", count: 200) + "</model>\n" + (index % 4 == 0 ? "<x/>" : "")
        }
        let expected = documents.map { document -> String in
            do { return try Self.events(document).joined() } catch { return "\(error)" }
        }
        let results = UncheckedResults(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count * 4) { job in
            let index = job % documents.count
            let result: String
            do { result = try Self.events(documents[index]).joined() } catch { result = "\(error)" }
            results.set(index, result)
        }
        #expect(results.values == expected)
        #expect(expected[0].contains("content after the root element") && expected[1].hasSuffix("</model>"))
    }

    private final class UncheckedResults: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String?]
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: String) {
            lock.withLock {
                if let previous = storage[index], previous != value { storage[index] = "differs: \(previous) / \(value)" } else { storage[index] = value }
            }
        }
        var values: [String] { lock.withLock { storage.compactMap { $0 } } }
    }
}

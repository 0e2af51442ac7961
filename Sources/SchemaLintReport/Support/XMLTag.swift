import SchemaLintRules
import SchemaLintCore

/// A small XML element tree that prints deterministically: attributes in the order given, two-space
/// indentation, text content kept inline and verbatim (escaped), empty elements self-closed.
struct XMLTag: Sendable {
    /// What an element holds.
    enum Content: Sendable {
        case empty
        case text(String)
        case children([XMLTag])
    }

    var name: String
    /// Name–value pairs in output order; values are unescaped.
    var attributes: [(name: String, value: String)]
    var content: Content

    init(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], content: Content = .empty) {
        self.name = name
        self.attributes = attributes.map { ($0.key, $0.value) }
        self.content = content
    }

    init(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], children: [XMLTag]) {
        self.init(name, attributes, content: children.isEmpty ? .empty : .children(children))
    }

    /// A complete document: the UTF-8 XML declaration, this element, and a final newline.
    func document() -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(to: &output, depth: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        output += indent + "<" + name
        for attribute in attributes {
            output += " \(attribute.name)=\"\(XMLEscaping.attribute(attribute.value))\""
        }
        switch content {
        case .empty:
            output += "/>"
        case .text(let text):
            output += ">" + XMLEscaping.text(text) + "</\(name)>"
        case .children(let children):
            output += ">"
            for child in children {
                output += "\n"
                child.write(to: &output, depth: depth + 1)
            }
            output += "\n" + indent + "</\(name)>"
        }
    }
}

import SchemaLintRules
import SchemaLintCore

/// Escapes text for XML 1.0 documents (JUnit, Checkstyle) and HTML fragments (Markdown `<summary>`).
enum XMLEscaping {
    /// Character data: `& < > " '` as entities, carriage returns as `&#13;` (a parser would turn a
    /// raw one into a line feed), and characters XML 1.0 forbids even as references (most C0 controls,
    /// U+FFFE, U+FFFF) replaced with U+FFFD.
    static func text(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// An attribute value (to go between double quotes): as ``text(_:)``, plus tab and line feed as
    /// character references so that attribute-value normalization does not turn them into spaces.
    static func attribute(_ value: String) -> String {
        escape(value, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\r": output += "&#13;"
            case "\n" where inAttribute: output += "&#10;"
            case "\t" where inAttribute: output += "&#9;"
            case "\n", "\t": output.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

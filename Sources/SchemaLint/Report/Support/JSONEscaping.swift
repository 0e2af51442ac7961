/// Writes Swift strings as JSON string literals (RFC 8259).
enum JSONEscaping {
    /// `text` as a quoted JSON string.
    static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a quoted JSON string.
    ///
    /// Escapes `"` and `\`, writes control characters as `\n`, `\t`, … or `\u00XX`, and U+2028/U+2029
    /// as `\u2028`/`\u2029` (legal in JSON, but not in JavaScript strings). Everything else, including
    /// non-ASCII text, is written as is (the output is UTF-8).
    static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}": output += "\\u" + hex4(scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Writes Swift strings as JSON string literals (RFC 8259).
package enum JSONEscaping {
    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a quoted JSON string.
    ///
    /// Escapes `"` and `\`, writes control characters as `\n`, `\t`, … or `\u00XX`, and U+2028/U+2029
    /// as `\u2028`/`\u2029` (legal in JSON, but not in JavaScript strings). Everything else, including
    /// non-ASCII text, is written as is (the output is UTF-8).
    package static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        // What needs no escape is copied in runs: appending scalar by scalar was a fifth of a JSON
        // report of the Xcode corpus. Every byte that starts an escape is ASCII or the lead byte of
        // U+2028/U+2029, so each run ends on a character boundary.
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let (escape, length) = escapeStarting(at: index, in: utf8)
            guard let escape else {
                index = utf8.index(after: index)
                continue
            }
            output += text[runStart..<index]
            output += escape
            index = utf8.index(index, offsetBy: length)
            runStart = index
        }
        output += text[runStart...]
        output += "\""
    }

    /// The escape for the character whose UTF-8 starts at `index`, and its length in bytes; nil
    /// when it is written as it is.
    private static func escapeStarting(at index: String.UTF8View.Index, in utf8: String.UTF8View) -> (String?, Int) {
        switch utf8[index] {
        case 0x22: return ("\\\"", 1)
        case 0x5C: return ("\\\\", 1)
        case 0x0A: return ("\\n", 1)
        case 0x0D: return ("\\r", 1)
        case 0x09: return ("\\t", 1)
        case 0x08: return ("\\b", 1)
        case 0x0C: return ("\\f", 1)
        case let byte where byte < 0x20: return ("\\u" + hex4(UInt32(byte)), 1)
        case 0xE2:
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            let second = utf8.index(after: index)
            guard second != utf8.endIndex, utf8[second] == 0x80 else { return (nil, 1) }
            let third = utf8.index(after: second)
            guard third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 else { return (nil, 1) }
            return (utf8[third] == 0xA8 ? "\\u2028" : "\\u2029", 3)
        default:
            return (nil, 1)
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

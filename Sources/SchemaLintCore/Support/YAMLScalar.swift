/// Spells scalars for schemalint's YAML files: plain when no YAML reader could take them for
/// anything but the intended string, double-quoted (with escapes) otherwise.
package enum YAMLScalar {
    /// Words YAML 1.1 or 1.2 readers resolve to booleans or null when plain.
    private static let reservedWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// `text` as a string scalar, usable as a key or a value in block and flow context alike.
    ///
    /// Plain only when it starts with a letter or `_`, contains only letters, digits, spaces and
    /// `_ - . / $`, does not end with a space and is not a boolean or null word; so names like
    /// `title` and `not for sale` stay plain while `""`, `true`, `0`, ` x`, `a: b`, `#x`, `[String]` are quoted.
    package static func string(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// `text` plain when it is a number in canonical form (`-1`, `0.5`, `1e+20`), else as a string.
    package static func number(_ text: String) -> String {
        isNumber(text) ? text : string(text)
    }

    /// `text` plain when it is `true` or `false`, else as a string.
    package static func boolean(_ text: String) -> String {
        text == "true" || text == "false" ? text : string(text)
    }

    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_", text.last != " " else { return false }
        guard !reservedWords.contains(text.lowercased()) else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || "_-./$ ".contains($0) }
    }

    /// A number as YAML 1.2's core schema reads one: `-?digits(.digits)?([eE][-+]?digits)?`.
    package static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text)
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        func digits() -> Bool {
            let count = scalars.prefix(while: { $0.isASCII && $0.isNumber }).count
            scalars = scalars.dropFirst(count)
            return count > 0
        }
        guard digits() else { return false }
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            guard digits() else { return false }
        }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            guard digits() else { return false }
        }
        return scalars.isEmpty
    }

    /// A double-quoted scalar: `\` and `"` escaped, control and line-breaking characters as escapes.
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            case "\u{FEFF}": result += "\\uFEFF"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                    result += "\\x" + hex(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// A flow sequence of string scalars: `[a, "b c:"]`.
    package static func sequence(_ items: [String]) -> String {
        "[" + items.map(string).joined(separator: ", ") + "]"
    }
}

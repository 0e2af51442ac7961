/// Code as a finding quotes it: on one line (each run of spaces, tabs and line breaks one space)
/// and at most `limit` characters, cut with "…". An expression written over several lines, or a
/// file too broken to parse into small nodes, would otherwise put whole blocks of code into a
/// one-line message and its identity. The Swift and Objective-C readers quote alike.
package enum QuotedCode {
    package static let limit = 80

    package static func oneLine(_ text: some StringProtocol, limit: Int = QuotedCode.limit) -> String {
        var quoted = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !quoted.isEmpty
                continue
            }
            if pendingSpace { quoted.append(" ") }
            pendingSpace = false
            quoted.append(character)
        }
        guard quoted.count > limit else { return quoted }
        return String(quoted.prefix(limit - 1)) + "…"
    }
}

import SchemaLintRules
import SchemaLintCore

/// Escapes plain text for GitHub-flavoured Markdown, so that it shows literally.
enum MarkdownEscaping {
    /// Characters that could start emphasis, code, links, HTML, entities, headings, strikethrough or
    /// end a table cell.
    private static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "#", "~", "|"]

    /// `text` for a table cell or a list item: markdown punctuation backslash-escaped (including `|`,
    /// so a cell never splits), every line break (`\n`, `\r\n`, `\r`, …) as `<br>`, so that the text
    /// stays on one line, and other control characters (except tab) as U+FFFD.
    static func inline(_ text: String) -> String {
        var output = ""
        for character in text {
            if character.isNewline {
                output += "<br>"
            } else if character != "\t", character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                output += "\u{FFFD}"
            } else {
                if special.contains(character) { output += "\\" }
                output.append(character)
            }
        }
        return output
    }
}

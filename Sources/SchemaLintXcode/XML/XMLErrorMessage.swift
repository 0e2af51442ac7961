/// Readable messages for libxml2's parser errors (`xmlParserErrors`), whose own texts name parser
/// internals ("StartTag: invalid element name", "AttValue: ' expected").
enum XMLErrorMessage {
    /// What libxml2 reported, and where it stood.
    struct Reported {
        /// libxml2's error number.
        var code: Int
        /// libxml2's own text, used for errors without a message of ours.
        var libraryMessage: String
        /// libxml2's extra string and number: for an element left open, its name and the line it
        /// opened on; for a limit, the limit.
        var element: String?
        var number: Int
        /// Nothing but white space follows the position (the file ends there).
        var atEndOfFile: Bool
        /// The file holds nothing but white space.
        var isBlank: Bool
    }

    /// A message for the error libxml2 reported, e.g. "malformed XML: closing tag does not match the open element".
    static func message(for error: Reported) -> String {
        "malformed XML: \(special(error) ?? describe(error.code) ?? libraryText(error.libraryMessage, code: error.code))"
    }

    /// Errors about text that is there (a bad character, a mismatched closing tag), which stay what they
    /// are even when noticed at the end of the file; any other error there means the file stops short.
    private static let aboutWhatIsWritten: Set<Int> = [6, 7, 8, 9, 10, 11, 12, 13, 26, 27, 38, 42, 76, 203]

    /// Messages that depend on more than the error number: the end of the file and libxml2's limits.
    private static func special(_ error: Reported) -> String? {
        if error.code == 4 {
            return error.isBlank ? "the file is empty" : "the file does not start with an XML element (is it XML?)"
        }
        if error.atEndOfFile, !aboutWhatIsWritten.contains(error.code) {
            guard let element = error.element, error.code == 77 || error.code == 85 else {
                return "the file ends in the middle of the document (is it truncated?)"
            }
            return "the file ends before <\(element)> (line \(error.number)) is closed (is it truncated?)"
        }
        if error.code == 1, error.libraryMessage.hasPrefix("Excessive depth") {
            return "elements are nested deeper than the XML parser allows (\(error.number) levels)"
        }
        if error.libraryMessage.contains("too long") || error.libraryMessage.contains("huge") {
            return "a name, value or text is longer than the XML parser allows (\(libraryText(error.libraryMessage, code: error.code)))"
        }
        return nil
    }

    static func describe(_ code: Int) -> String? {
        switch code {
        case 5: "unexpected end of the document or content after the root element (is an element not closed?)"
        case 6...13: "invalid character or character reference"
        case 14...17, 22, 23, 26, 27, 36, 37: "unknown or unterminated entity reference (write '&' as '&amp;')"
        case 28, 29: "an entity refers to an external file, which is never read (model files have none)"
        case 89: "entities refer to each other or expand too far (an entity expansion attack?); model files have none"
        case 31, 32, 79, 81: "unsupported or invalid text encoding"
        case 33, 34, 39, 40, 43, 44: "an attribute value is not quoted or not closed"
        case 38: "'<' inside an attribute value (write it as '&lt;')"
        case 41, 84: "an attribute has no value"
        case 42, 203: "an attribute is written twice in one tag"
        case 45, 80: "malformed comment"
        case 56, 57, 64: "malformed '<?xml ...?>' declaration"
        case 65: "a space is required here"
        case 68: "expected a name"
        case 72: "expected '<'"
        case 73, 77: "a tag is not closed with '>'"
        case 74: "expected a closing tag '</...>'"
        case 75: "expected '=' after an attribute name"
        case 76: "closing tag does not match the open element"
        case 85: "elements are not well balanced"
        case 86: "content after the root element"
        case 110: "a name is too long"
        default: nil
        }
    }

    /// libxml2's own message on one line, without its trailing newline.
    private static func libraryText(_ message: String, code: Int) -> String {
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? "XML error \(code)" : line
    }
}

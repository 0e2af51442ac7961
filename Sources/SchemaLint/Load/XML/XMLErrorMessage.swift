/// Readable messages for libxml2's parser errors (`xmlParserErrors`), whose own texts name parser
/// internals ("StartTag: invalid element name", "AttValue: ' expected").
enum XMLErrorMessage {
    /// A message for the error libxml2 reported, e.g. "malformed XML: closing tag does not match the open element".
    /// - Parameters:
    ///   - code: libxml2's error number.
    ///   - libraryMessage: libxml2's own text, used for errors without a message of ours.
    static func message(code: Int, libraryMessage: String) -> String {
        "malformed XML: \(describe(code) ?? libraryText(libraryMessage, code: code))"
    }

    static func describe(_ code: Int) -> String? {
        switch code {
        case 4: "the file is empty"
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

import Foundation

/// Readable messages for `XMLParser` errors, whose own descriptions on Linux are empty ("(null)").
///
/// The error's code is libxml2's `xmlParserErrors` number on Linux and on Darwin alike. It is mapped
/// here by number: swift-corelibs-foundation's `XMLParser.ErrorCode` raw values are shifted by one
/// from those numbers (its `prematureDocumentEndError` is 4 while the parser reports 5), so the enum
/// cannot be trusted to decode them.
enum XMLParserErrorMessage {
    /// A message for the error the parser reported, e.g. "malformed XML: closing tag does not match the open element".
    static func message(for error: any Error) -> String {
        "malformed XML: \(describe((error as NSError).code))"
    }

    static func describe(_ code: Int) -> String {
        switch code {
        case 4: "the file is empty"
        case 5: "unexpected end of the document or content after the root element (is an element not closed?)"
        case 6...13: "invalid character or character reference"
        case 14...17, 22, 23, 26, 27, 36, 37: "unknown or unterminated entity reference (write '&' as '&amp;')"
        case 31, 32, 79, 81: "unsupported or invalid text encoding"
        case 33, 34, 39, 40, 43, 44: "an attribute value is not quoted or not closed"
        case 38: "'<' inside an attribute value (write it as '&lt;')"
        case 41, 84: "an attribute has no value"
        case 42: "an attribute is written twice in one tag"
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
        default: "XML error \(code)"
        }
    }
}

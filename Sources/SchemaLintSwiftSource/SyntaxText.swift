import SchemaLintCore
import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the trivia before its first token and after its last: what
    /// swift-syntax's `trimmedDescription` gives, read from the node's text instead of from a
    /// trimmed copy of the node (`trimmedDescription` builds a new tree in a new arena on every
    /// call, which was a third of the store-code scan's time; both Swift readers ask often).
    /// As there, the trivia trimmed is that of the first and last tokens, missing ones included
    /// (`(1, ` with its `)` missing keeps the space after the comma).
    package var trimmedText: String {
        let bytes = syntaxTextBytes
        let leading = firstToken(viewMode: .all).map { $0.presence == .present ? $0.leadingTriviaLength.utf8Length : 0 } ?? 0
        let trailing = lastToken(viewMode: .all).map { $0.presence == .present ? $0.trailingTriviaLength.utf8Length : 0 } ?? 0
        let start = min(leading, bytes.count)
        let end = max(start, bytes.count - trailing)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension SyntaxProtocol {
    /// The node's text as a finding quotes it (`QuotedCode`).
    package func quotedText(limit: Int = QuotedCode.limit) -> String {
        QuotedCode.oneLine(trimmedText, limit: limit)
    }
}

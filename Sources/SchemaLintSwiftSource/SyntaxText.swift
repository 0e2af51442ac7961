import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the trivia before its first token and after its last: what
    /// swift-syntax's `trimmedDescription` gives, read from the node's text instead of from a
    /// trimmed copy of the node (`trimmedDescription` builds a new tree in a new arena on every
    /// call, which was a third of the store-code scan's time; both Swift readers ask often).
    public var trimmedText: String {
        let bytes = syntaxTextBytes
        let start = min(leadingTriviaLength.utf8Length, bytes.count)
        let end = max(start, bytes.count - trailingTriviaLength.utf8Length)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

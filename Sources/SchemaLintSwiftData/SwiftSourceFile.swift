import SchemaLint
import SwiftParser
import SwiftSyntax

/// One Swift file as the reader sees it: its name (as messages show it) and its parsed tree, with
/// the converter that turns syntax positions into `file:line:column`.
struct SwiftSourceFile {
    var name: String
    var tree: SourceFileSyntax
    var converter: SourceLocationConverter

    /// Parses bytes that came from a file, or from memory (a fuzzer, a test).
    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        self.converter = SourceLocationConverter(fileName: name, tree: tree)
    }

    /// Where a node starts (after its leading comments and whitespace).
    func location(of node: some SyntaxProtocol) -> SchemaLint.SourceLocation {
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SchemaLint.SourceLocation(file: name, line: position.line, column: position.column)
    }

    /// The first place where the source does not parse as Swift, as an input error; nil when it parses.
    func syntaxError() -> InputError? {
        guard tree.hasError else { return nil }
        let finder = FirstSyntaxErrorFinder(viewMode: .all)
        finder.walk(tree)
        guard let (node, message) = finder.found else { return nil }
        return InputError(at: location(of: node), "this Swift source does not parse: \(message)",
                          notes: ["schemalint reads model declarations only from Swift that compiles"])
    }
}

/// Finds the first unexpected or missing piece of a tree that has errors.
private final class FirstSyntaxErrorFinder: SyntaxVisitor {
    var found: (Syntax, String)?

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        if found == nil {
            let text = node.trimmedDescription
            found = (Syntax(node), "unexpected '\(text.count > 40 ? String(text.prefix(40)) + "..." : text)'")
        }
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, token.presence == .missing {
            let text = token.text
            found = (Syntax(token), text.isEmpty ? "something is missing here" : "expected '\(text)'")
        }
        return .skipChildren
    }
}

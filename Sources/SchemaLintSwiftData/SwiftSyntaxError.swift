import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

extension ParsedSwiftFile {
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
            let text = node.trimmedText
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

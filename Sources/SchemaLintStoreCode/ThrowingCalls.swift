import SwiftSyntax

/// What becomes of the error of a throwing call, read from the code around it up to its function:
/// `try!` stops the app; the `catch` clauses of the `do` around a `try` (or the `else` of a
/// `guard` on `try?`) handle it; a plain `try` outside any `do` hands it to the function's callers.
/// Shared by the openings that throw and the calls of functions that pass an opening's error up.
enum ThrowingCallFailure {
    /// `try!`: a failure stops the app.
    case forced(TryExprSyntax)
    /// The code that runs on failure, and whether it throws again.
    case handled([Syntax], throwsOn: Bool)
    /// A plain `try` with no `do` around it up to the declaration of a function or initializer
    /// (which may be a local one): the error leaves it.
    case escapes(from: Syntax)
    /// `try?` without a `guard`, a call inside a closure, no `try` at all: nothing to follow.
    case ignored

    static func of(_ call: some SyntaxProtocol) -> ThrowingCallFailure {
        var current = Syntax(call)
        var sawTry = false
        var optional = false
        while let parent = current.parent {
            if let tryExpression = parent.as(TryExprSyntax.self), !sawTry {
                sawTry = true
                switch tryExpression.questionOrExclamationMark?.text {
                case "!": return .forced(tryExpression)
                case "?": optional = true
                default: break
                }
            }
            // `guard let x = try? open() else { ... }`
            if optional, let guardStatement = parent.as(GuardStmtSyntax.self), current.id == guardStatement.conditions.id {
                return .handled([Syntax(guardStatement.body)], throwsOn: throwsAgain(guardStatement.body))
            }
            if !optional, let doStatement = parent.as(DoStmtSyntax.self), current.id == doStatement.body.id {
                // A call without `try` does not throw (a wrapper of the project that handles its own
                // error): the `catch` is another call's.
                guard sawTry else { return .ignored }
                let clauses = doStatement.catchClauses.map(\.body)
                return .handled(clauses.map { Syntax($0) }, throwsOn: clauses.contains { throwsAgain($0) })
            }
            if parent.is(ClosureExprSyntax.self) { return .ignored }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
                return sawTry && !optional ? .escapes(from: parent) : .ignored
            }
            // A property's initial value is no code path; a local `let c = try open()` in a body is.
            if parent.is(AccessorDeclSyntax.self) || (parent.is(VariableDeclSyntax.self) && !isLocal(parent)) { return .ignored }
            current = parent
        }
        return .ignored
    }

    /// Whether a declaration is a statement of a body (a function's, a closure's, a `do`'s).
    private static func isLocal(_ declaration: Syntax) -> Bool {
        guard let statements = declaration.parent?.parent, statements.is(CodeBlockItemListSyntax.self), let body = statements.parent else { return false }
        return body.is(CodeBlockSyntax.self) || body.is(ClosureExprSyntax.self)
    }

    /// Whether a block throws (outside the closures in it).
    static func throwsAgain(_ block: CodeBlockSyntax) -> Bool {
        let finder = ThrowFinder(viewMode: .sourceAccurate)
        finder.walk(block)
        return finder.found
    }
}

/// A `throw` statement outside nested closures and functions.
private final class ThrowFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

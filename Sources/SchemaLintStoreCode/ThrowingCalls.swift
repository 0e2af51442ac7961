import SwiftSyntax

/// What becomes of the error of a throwing call, read from the code around it up to its function:
/// `try!` stops the app; the `catch` clauses of the `do` around a `try` (or the `else` of a
/// `guard` or `if` on `try?`, what follows an `if let` on `try?` that returns, or the branch of
/// an `if` or `guard` that compares `try?` with `nil` where it failed, or what follows `??` after
/// `try?`) handle it; a plain `try`
/// outside any `do` hands it to the function's callers.
/// Shared by the openings that throw and the calls of functions that pass an opening's error up.
enum ThrowingCallFailure {
    /// `try!`: a failure stops the app.
    case forced(TryExprSyntax)
    /// The code that runs on failure, and whether it throws again.
    case handled([Syntax], throwsOn: Bool)
    /// A plain `try` with no `do` around it up to the declaration of a function or initializer
    /// (which may be a local one): the error leaves it.
    case escapes(from: Syntax)
    /// `try? open()` or `_ = try? open()` as a statement of its own: neither the error nor the
    /// result is looked at, so the code goes on as if the call had worked.
    case discarded(TryExprSyntax)
    /// `try?` whose result is kept, a call inside a closure, no `try` at all: nothing to follow.
    case ignored

    /// `asOptional`: the call returns nil where it failed (a wrapper of the project that catches
    /// its own error), and is read as `try?` on it would be.
    static func of(_ call: some SyntaxProtocol, asOptional: Bool = false) -> ThrowingCallFailure {
        var current = Syntax(call)
        var sawTry = asOptional
        var optional = asOptional
        // `(try? open()) == nil` (true when it failed) or `!= nil` (true when it opened).
        var comparedToNil: String?
        // `store = try add(...)`: the name the result is given, which stays unset when it fails.
        var assignedTo: String?
        while let parent = current.parent {
            if sawTry, assignedTo == nil, current.is(TryExprSyntax.self), parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == current.id { assignedTo = elements[0].trimmedText }
            }
            // `try store = open()`: in the unfolded sequence the `try` holds only the first
            // operand, but covers every one to its right.
            let coveringTry = parent.as(ExprListSyntax.self).flatMap { list in
                list.prefix { $0.id != current.id }.compactMap { $0.as(TryExprSyntax.self) }.first
            }
            if let tryExpression = parent.as(TryExprSyntax.self) ?? coveringTry, !sawTry {
                if coveringTry != nil, assignedTo == nil, let sequence = parent.parent?.as(SequenceExprSyntax.self) {
                    let elements = Array(sequence.elements)
                    if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == current.id { assignedTo = elements[0].as(TryExprSyntax.self)?.expression.trimmedText }
                }
                sawTry = true
                switch tryExpression.questionOrExclamationMark?.text {
                case "!": return .forced(tryExpression)
                case "?":
                    if isAStatementOfItsOwn(tryExpression) { return .discarded(tryExpression) }
                    optional = true
                default: break
                }
            }
            if optional, comparedToNil == nil, let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               sequence.elements.contains(where: { $0.is(NilLiteralExprSyntax.self) }),
               let comparison = sequence.elements.compactMap({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text }).first, ["==", "!="].contains(comparison) {
                comparedToNil = comparison
            }
            if let comparison = comparedToNil {
                if let ifExpression = parent.as(IfExprSyntax.self), current.id == ifExpression.conditions.id {
                    if comparison == "==" { return .handled([Syntax(ifExpression.body)], throwsOn: throwsAgain(ifExpression.body)) }
                    return ifExpression.elseBody.map { .handled([Syntax($0)], throwsOn: throwsIn(Syntax($0))) } ?? .ignored
                }
                if comparison == "!=", let guardStatement = parent.as(GuardStmtSyntax.self), current.id == guardStatement.conditions.id {
                    return .handled([Syntax(guardStatement.body)], throwsOn: throwsAgain(guardStatement.body))
                }
            }
            // `(try? open()) ?? makeInMemoryContainer()`: what follows `??` runs when it failed.
            if optional, let elements = parent.as(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) ?? false {
                let list = Array(elements)
                if let index = list.firstIndex(where: { $0.id == current.id }), index + 2 < list.count,
                   list[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                    let fallback = list[(index + 2)...].map { Syntax($0) }
                    return .handled(fallback, throwsOn: fallback.contains(where: throwsIn))
                }
            }
            // `guard let x = try? open() else { ... }`
            if optional, let guardStatement = parent.as(GuardStmtSyntax.self), current.id == guardStatement.conditions.id {
                return .handled([Syntax(guardStatement.body)], throwsOn: throwsAgain(guardStatement.body))
            }
            // `if let x = try? open() { ... } else { ... }`, and `if let x = try? open() { return x }`
            // followed by what the function does when it failed (a fallback, as often as an `else`).
            if optional, let ifExpression = parent.as(IfExprSyntax.self), current.id == ifExpression.conditions.id {
                if let elseBody = ifExpression.elseBody { return .handled([Syntax(elseBody)], throwsOn: throwsIn(Syntax(elseBody))) }
                guard exits(ifExpression.body), let following = statementsAfter(ifExpression) else { return .ignored }
                return .handled(following, throwsOn: following.contains(where: throwsIn))
            }
            if !optional, let doStatement = parent.as(DoStmtSyntax.self), current.id == doStatement.body.id {
                // A call without `try` does not throw (a wrapper of the project that handles its own
                // error): the `catch` is another call's.
                guard sawTry else { return .ignored }
                let clauses = reachable(doStatement.catchClauses).map(\.body)
                // `do { return try open() } catch { log(error) }` and then what the function does
                // when that failed: what follows a `do` whose body leaves runs only on failure.
                var following = exits(doStatement.body) && !clauses.allSatisfy(exits) ? statementsAfter(doStatement) ?? [] : []
                // `do { store = try add(...) } catch { log(error) }` and then `if store == nil {
                // abort() }`: the branch on the result the failure left unset.
                if following.isEmpty, let name = assignedTo, !clauses.allSatisfy(exits) {
                    following = (statementsAfter(doStatement) ?? []).compactMap { branchOnNil(of: name, in: $0) }
                }
                return .handled(clauses.map { Syntax($0) } + following, throwsOn: clauses.contains { throwsAgain($0) } || following.contains(where: throwsIn))
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

    /// The catch clauses that can run: none after one that catches every error, as a bare
    /// `catch` does and `catch let error as NSError` does too (every Swift error bridges to
    /// `NSError`), where the Xcode template's `catch { fatalError() }` after it never runs.
    static func reachable(_ clauses: CatchClauseListSyntax) -> [CatchClauseSyntax] {
        var result: [CatchClauseSyntax] = []
        for clause in clauses {
            result.append(clause)
            let catchesEverything = clause.catchItems.isEmpty || clause.catchItems.contains { item in
                guard item.whereClause == nil, let pattern = item.pattern?.trimmedText else { return item.pattern == nil && item.whereClause == nil }
                let words = pattern.split(whereSeparator: \.isWhitespace)
                return words.count == 4 && ["let", "var"].contains(words[0]) && words[2] == "as" && words[3] == "NSError" || words == ["is", "NSError"]
            }
            if catchesEverything { break }
        }
        return result
    }

    /// Whether `try? x` is a statement, or the value of `_ = try? x`: what it returns goes nowhere.
    private static func isAStatementOfItsOwn(_ tryExpression: TryExprSyntax) -> Bool {
        if let item = tryExpression.parent?.as(CodeBlockItemSyntax.self) { return !isReturnedImplicitly(item) }
        guard let list = tryExpression.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self),
              sequence.parent?.is(CodeBlockItemSyntax.self) ?? false else { return false }
        let elements = Array(list)
        return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self) && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == tryExpression.id
    }

    /// Whether a statement is the value its body returns: the one statement of a function that
    /// returns something, of a getter or of a closure.
    private static func isReturnedImplicitly(_ item: CodeBlockItemSyntax) -> Bool {
        guard let statements = item.parent?.as(CodeBlockItemListSyntax.self), statements.count == 1, let body = statements.parent else { return false }
        if body.is(ClosureExprSyntax.self) || body.is(AccessorBlockSyntax.self) { return true }
        guard body.is(CodeBlockSyntax.self), let owner = body.parent else { return false }
        if let function = owner.as(FunctionDeclSyntax.self) { return function.signature.returnClause != nil }
        return owner.is(AccessorDeclSyntax.self)
    }

    /// Whether a declaration is a statement of a body (a function's, a closure's, a `do`'s).
    private static func isLocal(_ declaration: Syntax) -> Bool {
        guard let statements = declaration.parent?.parent, statements.is(CodeBlockItemListSyntax.self), let body = statements.parent else { return false }
        return body.is(CodeBlockSyntax.self) || body.is(ClosureExprSyntax.self)
    }

    /// Whether a block throws (outside the closures in it).
    static func throwsAgain(_ block: CodeBlockSyntax) -> Bool {
        throwsIn(Syntax(block))
    }

    private static func throwsIn(_ code: Syntax) -> Bool {
        let finder = ThrowFinder(viewMode: .sourceAccurate)
        finder.walk(code)
        return !finder.found.isEmpty
    }

    /// Whether a block ends by leaving: `return`, `throw`, `continue`, `break`.
    static func exits(_ block: CodeBlockSyntax) -> Bool {
        guard let last = block.statements.last?.item else { return false }
        return last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(ContinueStmtSyntax.self) || last.is(BreakStmtSyntax.self)
    }

    /// The body of `if name == nil { ... }`, or of `guard name != nil else { ... }`, that
    /// `statement` is.
    private static func branchOnNil(of name: String, in statement: Syntax) -> Syntax? {
        let item = statement.as(CodeBlockItemSyntax.self)?.item
        func compact(_ conditions: ConditionElementListSyntax) -> String { String(conditions.trimmedText.filter { !$0.isWhitespace }) }
        if let ifExpression = item?.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item?.as(IfExprSyntax.self),
           compact(ifExpression.conditions) == name + "==nil" {
            return Syntax(ifExpression.body)
        }
        if let guardStatement = item?.as(GuardStmtSyntax.self), compact(guardStatement.conditions) == name + "!=nil" {
            return Syntax(guardStatement.body)
        }
        return nil
    }

    /// The statements after an `if` or a `do` in its block.
    private static func statementsAfter(_ statement: some SyntaxProtocol) -> [Syntax]? {
        var current = Syntax(statement)
        while let parent = current.parent, !parent.is(CodeBlockItemSyntax.self) { current = parent }
        guard let item = current.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        return list.drop { $0.id != item.id }.dropFirst().map { Syntax($0) }
    }
}

/// The `throw` statements outside nested closures and functions.
final class ThrowFinder: SyntaxVisitor {
    var found: [ThrowStmtSyntax] = []

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

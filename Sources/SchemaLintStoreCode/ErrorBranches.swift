import SwiftSyntax
import SchemaLintCore

/// The branches of `if`/`guard` statements that run when `errorName` is set, or, for a value
/// that is there only when the store opened (a completion's context or container), when it is nil.
final class ErrorBranchFinder: SyntaxVisitor {
    let name: String
    /// Whether the name is the error (set on failure) rather than a value (nil on failure).
    let failsWhenSet: Bool
    var branches: [Syntax] = []

    init(errorName: String) {
        self.name = errorName
        self.failsWhenSet = true
        super.init(viewMode: .sourceAccurate)
    }

    init(valueName: String) {
        self.name = valueName
        self.failsWhenSet = false
        super.init(viewMode: .sourceAccurate)
    }

    private func mentionsName(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
    }

    /// Whether the conditions hold when the store failed to open: true or false where they test
    /// the name against nil (`error == nil`, `let context`), nil where they test it otherwise.
    private func holdOnFailure(_ conditions: ConditionElementListSyntax) -> Bool? {
        if testsForNil(conditions) { return !failsWhenSet }
        if testsForAValue(conditions) { return failsWhenSet }
        return nil
    }

    /// `error == nil`: the condition holds when there is none.
    private func testsForNil(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.containsElement { condition in
            guard let sequence = condition.condition.as(SequenceExprSyntax.self) else { return false }
            let elements = sequence.elements.elementArray
            return elements.indices.contains { index in
                index + 1 < elements.count && elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" && elements[index + 1].is(NilLiteralExprSyntax.self)
            }
        }
    }

    /// `let error = error as NSError?`, `error != nil`: the condition holds when there is one.
    private func testsForAValue(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { condition in
            if let binding = condition.condition.as(OptionalBindingConditionSyntax.self) {
                return binding.initializer.map { $0.value.tokens(viewMode: .sourceAccurate).contains { $0.text == name } }
                    ?? (binding.pattern.trimmedText == name)
            }
            guard let sequence = condition.condition.as(SequenceExprSyntax.self) else { return false }
            let elements = sequence.elements.elementArray
            return elements.indices.contains { index in
                index + 1 < elements.count && elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "!=" && elements[index + 1].is(NilLiteralExprSyntax.self)
            }
        }
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard mentionsName(node.conditions) else { return .visitChildren }
        // Any other test of the error (`if error is CocoaError`) is taken to be on the failure.
        switch holdOnFailure(node.conditions) ?? (failsWhenSet ? true : nil) {
        case true?: branches.append(Syntax(node.body))
        case false?: if let elseBody = node.elseBody { branches.append(Syntax(elseBody)) }
        case nil: return .visitChildren
        }
        return .skipChildren
    }

    /// What `#if DEBUG` holds (`#if DEBUG if let error { fatalError() } #endif`) is not in the
    /// builds people run.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    /// `error.map { fatalError("\($0)") }`: the closure runs only when there is an error.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard failsWhenSet, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "flatMap"].contains(member.declName.baseName.text), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
              let closure = node.trailingClosure ?? node.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { return .visitChildren }
        branches.append(Syntax(closure.statements))
        return .skipChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        guard mentionsName(node.conditions) else { return .visitChildren }
        switch holdOnFailure(node.conditions) {
        case false?:
            branches.append(Syntax(node.body))
        case true?:
            // `guard let error = error as NSError? else { return }`: what follows runs with the error.
            if let item = node.parent?.as(CodeBlockItemSyntax.self), let block = item.parent?.as(CodeBlockItemListSyntax.self) {
                branches += block.drop { $0.id != item.id }.dropFirst().map { Syntax($0) }
            }
        case nil:
            break
        }
        return .visitChildren
    }
}

/// What a completion handler does with its error: resumes a continuation throwing it, or keeps
/// it in variables from outside the handler (`loadError = error`).
final class ErrorHandOver: SyntaxVisitor {
    let errorName: String
    var resumesThrowing = false
    var keptIn: Set<String> = []

    init(errorName: String) {
        self.errorName = errorName
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if SynchronousCode.calledName(node) == "resume", node.arguments.first?.label?.text == "throwing" { resumesThrowing = true }
        return .visitChildren
    }

    /// `loadError = error`, `self.loadError = error`, or with a cast (`loadError = error as NSError?`).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = node.elements.elementArray
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let name = Self.assignedName(elements[0]),
           elements[2...].contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { $0.text == errorName } }) {
            keptIn.insert(name)
        }
        return .visitChildren
    }

    private static func assignedName(_ target: ExprSyntax) -> String? {
        if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text { return name }
        guard let member = target.as(MemberAccessExprSyntax.self), StoreCodeVisitor.isSelfOrType(member.base) else { return nil }
        return member.declName.baseName.text
    }
}

/// A `throw` of one of `names`: the name in the thrown value, in the condition of an `if` or
/// `guard` around it, or as the base of the call around it (`try loadError.map { throw $0 }`).
final class ThrowsOfNames: SyntaxVisitor {
    let names: Set<String>
    let unitBody: Syntax
    var found = false

    init(names: Set<String>, unitBody: Syntax) {
        self.names = names
        self.unitBody = unitBody
        super.init(viewMode: .sourceAccurate)
    }

    private func mentions(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) }
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        if mentions(node.expression) { found = true }
        var current = node.parent
        while !found, let syntax = current, syntax.id != unitBody.id {
            if let condition = syntax.as(IfExprSyntax.self)?.conditions ?? syntax.as(GuardStmtSyntax.self)?.conditions, mentions(condition) { found = true }
            if let call = syntax.as(FunctionCallExprSyntax.self), mentions(call.calledExpression) { found = true }
            current = syntax.parent
        }
        return .skipChildren
    }
}

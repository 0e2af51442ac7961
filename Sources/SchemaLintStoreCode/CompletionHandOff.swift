import SwiftSyntax
import SchemaLintCore

/// A closure parameter of the function that opens the store, called with the opening's error
/// (`completion(nil, error)`, `completion(error)`, `completion(.failure(error))`): the failure is
/// handed to the closure each caller passes (`stack.load { context, error in ... }`), and what that
/// closure does when it gets the error is what the app does when the store does not open.
struct CompletionHandOff {
    /// The parameter's argument label (nil for `_`) and position.
    var label: String?
    var index: Int
    /// Whether it is the function's last parameter, which a trailing closure passes.
    var isLast: Bool
    /// The position of the error among the closure's parameters.
    var errorArgument: Int
    /// Whether the error is handed over as a `Result`'s `.failure`.
    var asResult: Bool

    /// The first call in `code` of one of the closure parameters of the function whose body is
    /// `functionBody`, with an argument made of one of `errorNames` (or, where the error is set, a
    /// `.failure` of any error).
    static func find(in code: some SyntaxProtocol, errorNames: Set<String>, functionBody: Syntax) -> CompletionHandOff? {
        guard let parameters = CodeDeclarations.parameters(ofBody: functionBody) else { return nil }
        let list = Array(parameters)
        var closures: [String: Int] = [:]
        for (index, parameter) in list.enumerated() where ByteSearch.contains("->", in: parameter.type.trimmedText) {
            closures[(parameter.secondName ?? parameter.firstName).text] = index
        }
        guard !closures.isEmpty else { return nil }
        let calls = HandOffCalls(closures: closures, errorNames: errorNames)
        calls.walk(code)
        guard let (index, errorArgument, asResult) = calls.found else { return nil }
        let parameter = list[index]
        return CompletionHandOff(
            label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
            index: index, isLast: index == list.count - 1, errorArgument: errorArgument, asResult: asResult
        )
    }

    /// The closure `call` passes for the parameter: by its label, by its position when it has
    /// none, or as the trailing closure when it is the last parameter.
    func closure(passedBy call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        let arguments = Array(call.arguments)
        if let label {
            if let argument = arguments.first(where: { $0.label?.text == label }) { return argument.expression.as(ClosureExprSyntax.self) }
            if let trailing = call.additionalTrailingClosures.first(where: { $0.label.text == label }) { return trailing.closure }
        } else if index < arguments.count, arguments[index].label == nil {
            return arguments[index].expression.as(ClosureExprSyntax.self)
        }
        return isLast ? call.trailingClosure : nil
    }

    /// The names a closure writes for its parameters; none where it has no signature.
    static func writtenNames(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: list.map(\.name.text)
        case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: []
        }
    }

    /// The names a closure's parameters go by: as written, or `$0`, `$1` without a signature.
    static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        closure.signature == nil ? (0..<4).map { "$\($0)" } : writtenNames(of: closure)
    }

    /// The name the closure gives the error (or the `Result`), if it names it.
    func errorName(in closure: ClosureExprSyntax) -> String? {
        let names = Self.parameterNames(of: closure)
        guard errorArgument < names.count, names[errorArgument] != "_" else { return nil }
        return names[errorArgument]
    }

    /// The code of a caller's closure that runs when the store did not open: the branches taken
    /// when the error is set (or the `Result` is a `.failure`), and those taken when another of its
    /// parameters (the context, the container) is missing, which it is only then.
    func failureBranches(of closure: ClosureExprSyntax) -> [Syntax] {
        let names = Self.parameterNames(of: closure)
        var branches: [Syntax] = []
        if let error = errorName(in: closure) {
            if asResult {
                let cases = FailureCases(resultName: error)
                cases.walk(closure.statements)
                branches += cases.branches
            } else {
                let finder = ErrorBranchFinder(errorName: error)
                finder.walk(closure.statements)
                branches += finder.branches
            }
        }
        guard !asResult else { return branches }
        for (position, name) in names.enumerated() where position != errorArgument && name != "_" {
            let finder = ErrorBranchFinder(valueName: name)
            finder.walk(closure.statements)
            branches += finder.branches.filter { branch in !branches.contains { $0.id == branch.id } }
        }
        return branches
    }
}

/// The first call of one of a function's closure parameters with an error among its arguments,
/// or with a `.failure` where the error is set.
private final class HandOffCalls: SyntaxVisitor {
    let closures: [String: Int]
    let errorNames: Set<String>
    var found: (parameter: Int, errorArgument: Int, asResult: Bool)?

    init(closures: [String: Int], errorNames: Set<String>) {
        self.closures = closures
        self.errorNames = errorNames
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        // `completion(...)`, or `completion?(...)` for an optional one.
        let called = node.calledExpression.as(OptionalChainingExprSyntax.self)?.expression ?? node.calledExpression
        guard let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text, let parameter = closures[name] else { return .visitChildren }
        // The argument that is the error (`error`, `error as NSError`) before one made from it
        // (`StoreError.failed(error)`); a choice on it (`error == nil ? context : nil`) is the
        // other value.
        var madeFromTheError: Int?
        for (position, argument) in node.arguments.enumerated() {
            let expression = argument.expression
            // A `.failure` made of the error, or, in the branch taken when the store did not open,
            // of one the code names for it (`if error != nil { completion(.failure(StoreError.setUp)) }`).
            if let failure = expression.as(FunctionCallExprSyntax.self), failure.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "failure",
               mentionsAnError(failure.arguments) || isInAnErrorBranch(node) {
                found = (parameter, position, true)
                return .skipChildren
            }
            if let first = expression.firstToken(viewMode: .sourceAccurate), errorNames.contains(first.text), !ByteSearch.contains(" ? ", in: expression.trimmedText) {
                found = (parameter, position, false)
                return .skipChildren
            }
            if madeFromTheError == nil, mentionsAnError(expression), !ByteSearch.contains(" ? ", in: expression.trimmedText) { madeFromTheError = position }
        }
        if let position = madeFromTheError {
            found = (parameter, position, false)
            return .skipChildren
        }
        return .visitChildren
    }

    private func mentionsAnError(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { errorNames.contains($0.text) }
    }

    /// Whether `node` lies in a `catch`, or under an `if` or a `guard` whose condition names the
    /// error (`if error != nil`, `if let error`, `guard error == nil else`).
    private func isInAnErrorBranch(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(CatchClauseSyntax.self) { return true }
            if let branch = parent.as(IfExprSyntax.self), mentionsAnError(branch.conditions) { return true }
            if let branch = parent.as(GuardStmtSyntax.self), mentionsAnError(branch.conditions) { return true }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }
}

/// The code that runs when a `Result` is a `.failure`: its cases in a `switch` on the result, the
/// body of `if case .failure = result`, the `else` of `guard case .success = result`.
private final class FailureCases: SyntaxVisitor {
    let resultName: String
    var branches: [Syntax] = []

    init(resultName: String) {
        self.resultName = resultName
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.subject.trimmedText == resultName else { return .visitChildren }
        for case .switchCase(let switchCase) in node.cases {
            let label = switchCase.label.trimmedText
            if ByteSearch.contains(".failure", in: label) || label == "default:" { branches.append(Syntax(switchCase.statements)) }
        }
        return .skipChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if let pattern = casePattern(node.conditions) {
            if ByteSearch.contains(".failure", in: pattern) { branches.append(Syntax(node.body)) } else if let elseBody = node.elseBody { branches.append(Syntax(elseBody)) }
        }
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if let pattern = casePattern(node.conditions), ByteSearch.contains(".success", in: pattern) { branches.append(Syntax(node.body)) }
        return .visitChildren
    }

    /// The pattern of `case .failure(let e) = result` among the conditions.
    private func casePattern(_ conditions: ConditionElementListSyntax) -> String? {
        for condition in conditions {
            if let match = condition.condition.as(MatchingPatternConditionSyntax.self), match.initializer.value.trimmedText == resultName {
                return match.pattern.trimmedText
            }
        }
        return nil
    }
}

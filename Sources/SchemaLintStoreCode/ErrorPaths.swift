import SwiftSyntax
import SchemaLintCore

/// An opening whose error leaves the function that opens the store: `try` on a throwing opening
/// with no `do` around it, or a `loadPersistentStores` handler that hands its error out (a
/// continuation resumed throwing it, a variable thrown after the call) of a throwing function.
struct EscapingFailure {
    /// The throwing function or initializer the error leaves.
    var unit: Int
    var opening: StoreOpening.Call
    var openingLocation: SchemaLintCore.SourceLocation
    /// The parameter of `unit` the opening's configuration takes as `isStoredInMemoryOnly:`
    /// (`make(inMemory: Bool)`): its label (nil for `_`) and position. A call that passes `true`
    /// there opens a store in memory, which has nothing to lose or migrate.
    var inMemoryParameter: (label: String?, index: Int)? = nil
    /// The completion handler of `unit` the error is handed to, where it is not thrown.
    var handOff: CompletionHandOff? = nil
    /// How `unit` returns the failure, where it neither throws it nor hands it to a handler.
    var returned: ReturnedFailure? = nil
    /// The opening is a `ModelContainer` that gives its store a place of its own: the default
    /// store opened where it failed is another store.
    var storeHasItsOwnPlace = false
    /// The wrapper falls back to an in-memory store before the error leaves it: it leaves only
    /// when that failed too.
    var afterFallbackToMemory = false
    /// The opening is a retry after the code deleted the store's files (`recreateStore()` that
    /// destroys the store, then loads it): a new, empty store, which no migration can fail.
    var opensAfterDeletingTheStore = false
    /// The failure branch deleted the store before it threw (`catch { deleteStoreFiles(); throw
    /// error }`): the deletion is the loss, reported there, and a stop up the error's path happens
    /// once, since the next launch opens a new store.
    var deletedTheStoreFirst = false
    /// What says the store is a cache (`CacheEvidence`), found where it is opened.
    var cache: CacheEvidence? = nil
}

/// A wrapper of the project that returns what became of the opening: the error
/// (`func attemptLoad() -> Error?`), or nil where it failed (`func open() -> ModelContainer?`
/// whose `catch` returns nil).
enum ReturnedFailure {
    case error
    case nilValue

    /// The code of a caller that runs when the wrapper's opening failed: for a returned error, the
    /// body of `if let error = attemptLoad()` and what follows `guard let error = attemptLoad()
    /// else { return }`; for nil, what `try?` on the call would run there.
    func branches(at call: FunctionCallExprSyntax) -> [Syntax] {
        switch self {
        case .nilValue:
            guard case .handled(let branches, _) = ThrowingCallFailure.of(call, asOptional: true) else { return [] }
            return branches
        case .error:
            guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
                  let conditions = binding.parent?.parent?.as(ConditionElementListSyntax.self) else { return [] }
            if let ifExpression = conditions.parent?.as(IfExprSyntax.self) { return [Syntax(ifExpression.body)] }
            guard let guardStatement = conditions.parent?.as(GuardStmtSyntax.self), ThrowingCallFailure.exits(guardStatement.body),
                  let item = guardStatement.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return [] }
            return list.drop { $0.id != item.id }.dropFirst().map { Syntax($0) }
        }
    }

    /// How the function whose body is `body` returns the failure that `code` (a `catch`, a
    /// handler, the code after an opening) meets: `return nil` in a function that returns an
    /// optional, or `return` of one of `errorNames`.
    static func of(_ code: some SyntaxProtocol, errorNames: Set<String>, functionBody body: Syntax) -> ReturnedFailure? {
        guard let returnType = body.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type,
              returnType.is(OptionalTypeSyntax.self) || returnType.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else { return nil }
        let returns = Returns(viewMode: .sourceAccurate)
        returns.walk(code)
        let values = Set(returns.values.map(\.trimmedText))
        if values.contains(where: { errorNames.contains($0) }) { return .error }
        return values.contains("nil") ? .nilValue : nil
    }
}

/// How many `throw` statements some code has (outside closures).
private final class ThrowStatements: SyntaxVisitor {
    var count = 0
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        count += 1
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Follows the errors of openings up through the throwing functions that pass them on (a
/// `PersistenceController.init() throws`, a `CoreDataStack.load() throws`) to the callers that
/// handle them: what those callers do in their `catch` clauses (or with `try!`) is what the app
/// does when the store does not open. Calls are resolved as launch paths resolve them (by name:
/// `x`, `self.x`, `T.x`, `T(...)`, `e.x` when one type declares `x`), in every closure.
struct ErrorPaths {
    let declarations: CodeDeclarations
    /// How many functions an error is followed through (the wrapper, and wrappers of it).
    static let maximumDepth = 4

    init(_ declarations: CodeDeclarations) {
        self.declarations = declarations
    }

    /// What the callers that handle the errors do, and the functions the errors pass through (the
    /// wrappers whose callers, in files not read yet, may handle them).
    func follow(_ escapes: [EscapingFailure]) -> (actions: [StoreFailureAction], passedThrough: Set<Int>) {
        guard !escapes.isEmpty else { return ([], []) }
        let callers = CallSites(declarations)
        let units = declarations.units
        var actions: [StoreFailureAction] = []
        var passedThrough: Set<Int> = []
        for escape in escapes {
            var visited: Set<Int> = [escape.unit]
            defer { passedThrough.formUnion(visited) }
            var frontier: [Step] = [Step(unit: escape.unit, path: [units[escape.unit].place], handOff: escape.handOff, returned: escape.returned)]
            for _ in 0..<Self.maximumDepth where !frontier.isEmpty {
                var next: [Step] = []
                for step in frontier {
                    let callee = step.unit
                    // The failure as this step's callers meet it: after a fallback to memory on
                    // the way, if one came before.
                    var stepEscape = escape
                    stepEscape.afterFallbackToMemory = escape.afterFallbackToMemory || step.afterFallbackToMemory
                    stepEscape.opensAfterDeletingTheStore = escape.opensAfterDeletingTheStore || step.afterDeletingTheStore
                    // Callers' closures that only log the error handed to them: the container
                    // goes on without its store, unless another caller of the same function
                    // does more with it (a first screen that shows the error and retries). A
                    // caller whose closure has no failure branch the reader can find counts as
                    // doing more: the reader cannot tell it does not tell the person.
                    var onlyLogging: [StoreFailureAction] = []
                    var anotherCallerHandles = false
                    defer { if !anotherCallerHandles { actions += onlyLogging } }
                    // A preview's or a test's container stopping the app is no person's store lost.
                    for site in callers.of(callee) where !declarations.isPreviewCode(site.call) {
                        // A caller that chooses the retry on a new store meets only its failure.
                        var escape = stepEscape
                        if let choice = step.retryChoice, choice.isChosen(by: site.call) { escape.opensAfterDeletingTheStore = true }
                        if let returned = step.returned {
                            for branch in returned.branches(at: site.call) {
                                actions += destructiveActions(in: branch, site: site, escape: escape, path: step.path)
                            }
                            continue
                        }
                        if let handOff = step.handOff {
                            guard let closure = handOff.closure(passedBy: site.call) else { continue }
                            let before = actions.count
                            let branches = handOff.failureBranches(of: closure)
                            for branch in branches {
                                actions += destructiveActions(in: branch, site: site, escape: escape, path: step.path)
                            }
                            let onward = passedOn(by: closure, handOff: handOff, in: site.unit)
                            if let onward, visited.insert(site.unit).inserted {
                                next.append(Step(unit: site.unit, path: step.path + [units[site.unit].place], handOff: onward, afterDeletingTheStore: escape.opensAfterDeletingTheStore))
                            }
                            // A closure that names neither the error nor anything else it is handed
                            // (`{ _ in }`) ignores the failure: the app goes on without its store.
                            if actions.count == before, branches.isEmpty, closure.signature != nil,
                               CompletionHandOff.writtenNames(of: closure).allSatisfy({ $0 == "_" }) {
                                onlyLogging.append(action(.onlyLogs, "ignoring the error", at: closure, in: site.unit, escape: escape, path: step.path))
                            } else if actions.count == before, onward == nil, !branches.isEmpty, !keepsTheError(closure, handOff: handOff) {
                                let logged = branches.map { LoggingOnlyCode.statements(of: $0).flatMap(LoggingOnlyCode.onlyLogs) }
                                if logged.allSatisfy({ $0 != nil }), let first = logged.first.flatMap({ $0 }) {
                                    onlyLogging.append(action(.onlyLogs, LoggingOnlyCode.loggingCallDisplay(first), at: first, in: site.unit, escape: escape, path: step.path))
                                } else {
                                    anotherCallerHandles = true
                                }
                            } else {
                                anotherCallerHandles = true
                            }
                            continue
                        }
                        if callee == escape.unit, let parameter = escape.inMemoryParameter, Self.passesTrue(site.call, to: parameter) { continue }
                        var passesOn = false
                        var handedOn: CompletionHandOff?
                        // A caller that falls back to memory before it throws again (a factory's
                        // last resort): its own callers see the error only when that failed too.
                        var fellBackToMemory = false
                        let found = actions.count
                        switch ThrowingCallFailure.of(site.call) {
                        case .forced(let tryExpression):
                            actions.append(action(.stopsTheApp, "try!", at: tryExpression, in: site.unit, escape: escape, path: step.path))
                        case .handled(let branches, let throwsOn):
                            for branch in branches {
                                // The same wrapper made again with `true` for its in-memory
                                // parameter: the app goes on with an empty store.
                                var madeInMemory: [FunctionCallExprSyntax] = []
                                if callee == escape.unit, let parameter = escape.inMemoryParameter {
                                    madeInMemory = callers.of(callee).map(\.call).filter { (branch.position..<branch.endPosition).contains($0.position) && Self.passesTrue($0, to: parameter) }
                                }
                                let found = destructiveActions(in: branch, site: site, escape: escape, path: step.path, alsoInMemory: madeInMemory.map(Syntax.init))
                                fellBackToMemory = fellBackToMemory || found.contains { $0.action == .fallsBackToMemory }
                                actions += found
                                if let parameter = escape.inMemoryParameter {
                                    for fallback in madeInMemory {
                                        let written = "\(fallback.calledExpression.quotedText())(\(parameter.label.map { $0 + ": " } ?? "")true)"
                                        actions.append(action(.fallsBackToMemory, written, at: fallback, in: site.unit, escape: escape, path: step.path))
                                    }
                                }
                                handedOn = handedOn ?? CompletionHandOff.find(in: branch, errorNames: ["error"], functionBody: units[site.unit].body)
                            }
                            passesOn = throwsOn
                            // `do { try addStore(...) } catch { print(...) }` around a wrapper of
                            // `addPersistentStore`: the coordinator goes on without its store, as
                            // where the catch is the opening's own.
                            if escape.opening == .addPersistentStore, !throwsOn, handedOn == nil, actions.count == found, !branches.isEmpty, !escape.opensAfterDeletingTheStore,
                               !Self.addsToALocalCoordinator(units[escape.unit].body) {
                                let logged = branches.map { LoggingOnlyCode.statements(of: $0).flatMap(LoggingOnlyCode.onlyLogs) }
                                if logged.allSatisfy({ $0 != nil }), let first = logged.first.flatMap({ $0 }) {
                                    actions.append(action(.onlyLogs, LoggingOnlyCode.loggingCallDisplay(first), at: first, in: site.unit, escape: escape, path: step.path))
                                }
                            }
                        case .escapes(let declaration):
                            passesOn = declarations.unit(declaredBy: declaration) == site.unit
                        case .discarded(let tryExpression):
                            // `_ = try? addStore()` around a wrapper of `addPersistentStore`: the
                            // coordinator goes on without its store, as where the opening's own
                            // error is dropped.
                            if escape.opening == .addPersistentStore, !escape.opensAfterDeletingTheStore, !Self.addsToALocalCoordinator(units[escape.unit].body) {
                                actions.append(action(.onlyLogs, "ignoring the error", at: tryExpression, in: site.unit, escape: escape, path: step.path))
                            }
                        case .ignored:
                            break
                        }
                        // A retry where the first try failed, after the code deleted the
                        // store: it opens a new, empty store, which no migration can fail.
                        if actions[found...].contains(where: { $0.action == .stopsTheApp }), Self.retriesAfterDeletingTheStore(site.call, helpers: helpers) {
                            for index in found..<actions.count where actions[index].action == .stopsTheApp { actions[index].opensAfterDeletingTheStore = true }
                        }
                        if let handedOn, visited.insert(site.unit).inserted {
                            next.append(Step(unit: site.unit, path: step.path + [units[site.unit].place], handOff: handedOn, afterDeletingTheStore: escape.opensAfterDeletingTheStore))
                        } else if passesOn, units[site.unit].isThrowing, visited.insert(site.unit).inserted {
                            // A caller that deletes the store before it calls (`dropAllData()`:
                            // destroy, then add the store again) opens a new, empty one.
                            let deletedFirst = DestructiveCallFinder(helpers: helpers).deletesTheStore(before: site.call, within: units[site.unit].body)
                            next.append(Step(
                                unit: site.unit, path: step.path + [units[site.unit].place], handOff: nil,
                                afterFallbackToMemory: escape.afterFallbackToMemory || fellBackToMemory,
                                afterDeletingTheStore: escape.opensAfterDeletingTheStore || deletedFirst,
                                retryChoice: retryChoice(in: site.unit, around: callers.of(callee).filter { $0.unit == site.unit }.map(\.call))
                            ))
                        }
                    }
                }
                frontier = next
            }
        }
        return (actions, passedThrough)
    }

    /// A function the error reached, with the way it was handed to it, and the functions it came through.
    private struct Step {
        var unit: Int
        var path: [CodePlace]
        /// The completion handler it was handed to; nil where it was thrown.
        var handOff: CompletionHandOff?
        /// How it returns the failure, where it does.
        var returned: ReturnedFailure? = nil
        /// The error left it only after a fallback to memory on the way failed too.
        var afterFallbackToMemory = false
        /// The error left it only from an opening made after the store's files were deleted.
        var afterDeletingTheStore = false
        /// The parameter by which its callers choose a retry on a new store over the error.
        var retryChoice: RetryChoice? = nil
    }

    /// Where a function's `catch` throws the error on or, by the value of a parameter, deletes the
    /// store and opens it again (`catch { guard recovery == .backupAndReset else { throw error };
    /// try removeStore(); return try makeContainer(configuration) }`): a caller that passes that
    /// value meets only the failure of the retry, on a new, empty store.
    struct RetryChoice {
        var parameter: (label: String?, index: Int)
        /// The value, as written, that chooses the retry (`.backupAndReset`, `true`).
        var value: String
        /// The parameter's default, as written.
        var defaultValue: String?

        func isChosen(by call: FunctionCallExprSyntax) -> Bool {
            ErrorPaths.passes(value, to: parameter, defaultingTo: defaultValue, in: call)
        }
    }

    /// The retry choice of `unit`, where its `calls` of the function the error comes from all lie
    /// in one `do` statement whose only `catch` opens with `guard <parameter> == <value> else {
    /// throw ... }` (or `guard <parameter> else`), throws nowhere else, and retries the `do`'s
    /// call after deleting the store.
    private func retryChoice(in unit: Int, around calls: [FunctionCallExprSyntax]) -> RetryChoice? {
        guard let first = calls.first else { return nil }
        var current = first.parent
        while let syntax = current, !syntax.is(DoStmtSyntax.self) {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self) || syntax.is(ClosureExprSyntax.self) || syntax.is(AccessorDeclSyntax.self) { return nil }
            current = syntax.parent
        }
        guard let doStatement = current?.as(DoStmtSyntax.self), doStatement.catchClauses.count == 1, let clause = doStatement.catchClauses.first,
              calls.allSatisfy({ doStatement.range.contains($0.position) }),
              let guardStatement = clause.body.statements.first?.item.as(GuardStmtSyntax.self), guardStatement.conditions.count == 1,
              guardStatement.body.statements.count == 1, guardStatement.body.statements.first?.item.is(ThrowStmtSyntax.self) == true,
              let condition = guardStatement.conditions.first?.condition.as(ExprSyntax.self) else { return nil }
        let thrown = ThrowStatements(viewMode: .sourceAccurate)
        thrown.walk(clause.body)
        guard thrown.count == 1, calls.contains(where: { clause.range.contains($0.position) && Self.retriesAfterDeletingTheStore($0, helpers: helpers) }) else { return nil }
        // `strategy == .reset`, `.reset == strategy`, or a Boolean parameter on its own.
        var name: String
        var value: String
        if let sequence = condition.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" {
            let sides = Array(sequence.elements)
            (name, value) = sides[0].is(DeclReferenceExprSyntax.self) ? (sides[0].trimmedText, sides[2].trimmedText) : (sides[2].trimmedText, sides[0].trimmedText)
        } else if condition.is(DeclReferenceExprSyntax.self) {
            (name, value) = (condition.trimmedText, "true")
        } else {
            return nil
        }
        guard let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init),
              let index = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
        let label = parameters[index].firstName.text
        return RetryChoice(parameter: (label == "_" ? nil : label, index), value: value, defaultValue: parameters[index].defaultValue?.value.trimmedText)
    }

    /// Whether `call` tries again, in a `catch`, the same call its `do` made (the same function with
    /// the same arguments: the same store), after statements that delete the store or move it aside
    /// (`do { try makeContainer(url) } catch { removeDatabaseFiles(); return try! makeContainer(url) }`).
    /// A fallback to another wrapper opens another store, which the deletion did not empty.
    /// Whether `body` adds its store to a coordinator it makes itself (`let coordinator =
    /// NSPersistentStoreCoordinator(...)`, then `coordinator.addPersistentStore`): a probe of the
    /// store (a WAL checkpoint, a look at its metadata) that leaves the app's own stack as it is.
    private static func addsToALocalCoordinator(_ body: Syntax) -> Bool {
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(body)
        let bases = calls.found.filter { SynchronousCode.calledName($0) == "addPersistentStore" }.compactMap { call -> String? in
            var base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            if let optional = base?.as(OptionalChainingExprSyntax.self) { base = optional.expression }
            return base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        guard !bases.isEmpty else { return false }
        return bases.allSatisfy { base in
            let local = LocalDeclarations(name: base)
            local.walk(body)
            return local.found
        }
    }

    private static func retriesAfterDeletingTheStore(_ call: FunctionCallExprSyntax, helpers: StoreDeletingHelpers) -> Bool {
        var current = call.parent
        while let syntax = current, !syntax.is(CatchClauseSyntax.self) {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self) || syntax.is(ClosureExprSyntax.self) || syntax.is(AccessorDeclSyntax.self) { return false }
            current = syntax.parent
        }
        guard let clause = current, let tried = clause.parent?.parent?.as(DoStmtSyntax.self)?.body else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(tried)
        guard calls.found.contains(where: { isSameCall($0, call) }) else { return false }
        // The deletion (or the move aside) must be the `catch`'s own, before the retry: a removal
        // earlier in the function (a test reset, an old location's cleanup) leaves the store that
        // failed as it was.
        let finder = DestructiveCallFinder(helpers: helpers)
        return finder.deletesTheStore(before: call, within: clause) || finder.movesTheStoreAside(before: call, within: clause)
    }

    private var helpers: StoreDeletingHelpers { StoreDeletingHelpers(declarations: declarations) }

    /// The same function called with the same arguments, as written: a retry of the same store.
    private static func isSameCall(_ one: FunctionCallExprSyntax, _ other: FunctionCallExprSyntax) -> Bool {
        one.calledExpression.trimmedText == other.calledExpression.trimmedText && one.arguments.trimmedText == other.arguments.trimmedText
    }

    /// Whether `fallback` runs only after a `do` before it in its function moved the store aside
    /// or deleted it and then made the same call as `opening` again, leaving the function where
    /// that worked (a recovery ladder: `do { quarantineStore(); return try makeContainer() }
    /// catch { log(error) }`, then the fallback): by then what failed is a new, empty store.
    private static func followsARetryOnANewStore(_ fallback: Syntax, opening: FunctionCallExprSyntax, helpers: StoreDeletingHelpers) -> Bool {
        var current = fallback
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            if let item = current.as(CodeBlockItemSyntax.self), let block = parent.as(CodeBlockItemListSyntax.self) {
                for statement in block {
                    if statement.id == item.id { break }
                    guard let attempt = statement.item.as(DoStmtSyntax.self), ThrowingCallFailure.exits(attempt.body) else { continue }
                    let calls = AllCalls(viewMode: .sourceAccurate)
                    calls.walk(attempt.body)
                    guard let retry = calls.found.first(where: { isSameCall($0, opening) }) else { continue }
                    let clearing = calls.found.contains { call in
                        call.position < retry.position && (StoreDeletingHelpers.isNamedForMovingAside(SynchronousCode.calledName(call) ?? "") || helpers.movesFiles(call) || helpers.deletesStore(call))
                    }
                    if clearing { return true }
                }
            }
            current = parent
        }
        return false
    }

    private func destructiveActions(in branch: Syntax, site: (unit: Int, call: FunctionCallExprSyntax), escape: EscapingFailure, path: [CodePlace], alsoInMemory: [Syntax] = []) -> [StoreFailureAction] {
        let finder = DestructiveCallFinder(helpers: helpers)
        finder.failedStoreHasItsOwnPlace = escape.storeHasItsOwnPlace
        finder.walk(branch)
        return finder.found.map { node, kind, written in
            var found = action(kind, written, at: node, in: site.unit, escape: escape, path: path)
            if kind == .stopsTheApp, finder.isLastResort(node, also: alsoInMemory) { found.afterFallbackToMemory = true }
            if kind == .fallsBackToMemory, Self.followsARetryOnANewStore(node, opening: site.call, helpers: helpers) { found.opensAfterDeletingTheStore = true }
            AlertMentions.mark(&found, toldIn: branch)
            return found
        }
    }

    /// How a caller's completion closure hands the error on from the function it is in: to that
    /// function's own completion handler, or (where the function throws) to a continuation
    /// resumed throwing it. Nil where it keeps it.
    private func passedOn(by closure: ClosureExprSyntax, handOff: CompletionHandOff, in unit: Int) -> CompletionHandOff?? {
        guard let errorName = handOff.errorName(in: closure) else { return nil }
        if let onward = CompletionHandOff.find(in: closure.statements, errorNames: [errorName], functionBody: declarations.units[unit].body) { return .some(onward) }
        let handOver = ErrorHandOver(errorName: errorName)
        handOver.walk(closure.statements)
        return handOver.resumesThrowing && declarations.units[unit].isThrowing ? .some(nil) : nil
    }

    /// Whether a caller's closure keeps the error it is handed (`self.loadError = error`), for
    /// what reads it later to tell the person.
    private func keepsTheError(_ closure: ClosureExprSyntax, handOff: CompletionHandOff) -> Bool {
        guard let errorName = handOff.errorName(in: closure) else { return false }
        let handOver = ErrorHandOver(errorName: errorName)
        handOver.walk(closure.statements)
        return !handOver.keptIn.isEmpty || handOver.resumesThrowing
    }

    /// Whether `call` passes a literal `true` for the parameter.
    static func passesTrue(_ call: FunctionCallExprSyntax, to parameter: (label: String?, index: Int)) -> Bool {
        argument(of: call, for: parameter)?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    }

    /// Whether `call` passes `value` (as written) for the parameter, or leaves it to its default
    /// `defaultValue` where that is `value`.
    static func passes(_ value: String, to parameter: (label: String?, index: Int), defaultingTo defaultValue: String?, in call: FunctionCallExprSyntax) -> Bool {
        argument(of: call, for: parameter).map { $0.expression.trimmedText == value } ?? (defaultValue == value)
    }

    /// Whether `call` gives the parameter an argument at all (not left to its default).
    static func passesArgument(_ call: FunctionCallExprSyntax, to parameter: (label: String?, index: Int)) -> Bool {
        argument(of: call, for: parameter) != nil
    }

    static func argument(of call: FunctionCallExprSyntax, for parameter: (label: String?, index: Int)) -> LabeledExprSyntax? {
        let arguments = Array(call.arguments)
        return parameter.label.map { label in arguments.first { $0.label?.text == label } }
            ?? (parameter.index < arguments.count && arguments[parameter.index].label == nil ? arguments[parameter.index] : nil)
    }

    private func action(_ kind: StoreFailureAction.Action, _ written: String, at node: some SyntaxProtocol, in unit: Int, escape: EscapingFailure, path: [CodePlace]) -> StoreFailureAction {
        var action = StoreFailureAction(action: kind, written: written, place: declarations.place(of: node, inUnit: unit), opening: escape.opening, openingLocation: escape.openingLocation)
        action.errorPath = path
        action.afterFallbackToMemory = escape.afterFallbackToMemory && kind != .deletesTheStore
        action.opensAfterDeletingTheStore = escape.opensAfterDeletingTheStore
        action.stopsAfterDeletingTheStore = kind == .stopsTheApp && escape.deletedTheStoreFirst
        if kind == .deletesTheStore || kind == .onlyLogs || kind == .fallsBackToMemory { action.cache = escape.cache }
        if kind == .fallsBackToMemory { action.untilTheDeviceUnlocks = DeletionConditions.isUntilTheDeviceUnlocks(Syntax(node)) }
        return action
    }
}

/// The calls of the project's functions, found as an error goes up: a function's callers are the
/// units whose code writes its name (its type's, for an initializer) and whose calls resolve to
/// it; the rest of a large app's code, which an error never reaches, is not walked.
private final class CallSites {
    private let declarations: CodeDeclarations
    /// The calls each walked unit makes: the units each call resolves to.
    private var calls: [Int: [(callees: [Int], call: FunctionCallExprSyntax)]] = [:]
    private var found: [Int: [(unit: Int, call: FunctionCallExprSyntax)]] = [:]
    private var texts: [Int: [UInt8]] = [:]

    init(_ declarations: CodeDeclarations) {
        self.declarations = declarations
    }

    /// The calls of `callee`, by caller in declaration order.
    func of(_ callee: Int) -> [(unit: Int, call: FunctionCallExprSyntax)] {
        if let known = found[callee] { return known }
        let unit = declarations.units[callee]
        let member = String(unit.key.split(separator: ".", omittingEmptySubsequences: false).last ?? "")
        var names = [member]
        // `T(...)` makes a value: its initializer, and the initial values of its stored properties.
        if !unit.typeName.isEmpty, member == "init" || declarations.unitsByKey["\(unit.typeName).init"]?.contains(callee) == true {
            names += [unit.typeName, "init", "Self"]
        }
        let words = ByteSearch.Words(names.filter { !$0.isEmpty }.map { Array($0.utf8) })
        var sites: [(unit: Int, call: FunctionCallExprSyntax)] = []
        for index in declarations.units.indices where index != callee && ByteSearch.containsAny(words, in: text(of: index)) {
            for (callees, call) in calls(in: index) where callees.contains(callee) { sites.append((index, call)) }
        }
        found[callee] = sites
        return sites
    }

    private func text(of unit: Int) -> [UInt8] {
        if let known = texts[unit] { return known }
        let text = declarations.units[unit].body.syntaxTextBytes
        texts[unit] = text
        return text
    }

    private func calls(in index: Int) -> [(callees: [Int], call: FunctionCallExprSyntax)] {
        if let known = calls[index] { return known }
        let unit = declarations.units[index]
        let collector = UseCollector(typeName: unit.typeName, file: unit.file, declarations: declarations, entersEveryClosure: true)
        collector.walk(unit.body)
        var made: [(callees: [Int], call: FunctionCallExprSyntax)] = []
        for use in collector.uses {
            guard let call = use.node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.node.id else { continue }
            // Overloads are told apart by their labels: `Store(inMemory: true)` is not the
            // `init(storeURL:)` that opens a store on disk.
            made.append((declarations.units(called: use.key, at: use.node), call))
        }
        calls[index] = made
        return made
    }
}

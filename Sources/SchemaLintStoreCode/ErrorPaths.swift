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

    func follow(_ escapes: [EscapingFailure]) -> [StoreFailureAction] {
        guard !escapes.isEmpty else { return [] }
        let callers = callSites()
        let units = declarations.units
        var actions: [StoreFailureAction] = []
        for escape in escapes {
            var visited: Set<Int> = [escape.unit]
            var frontier: [(unit: Int, path: [CodePlace])] = [(escape.unit, [units[escape.unit].place])]
            for _ in 0..<Self.maximumDepth where !frontier.isEmpty {
                var next: [(unit: Int, path: [CodePlace])] = []
                for (callee, path) in frontier {
                    // A preview's or a test's container stopping the app is no person's store lost.
                    for site in callers[callee] ?? [] where !declarations.isPreviewCode(site.call) {
                        if callee == escape.unit, let parameter = escape.inMemoryParameter, Self.passesTrue(site.call, to: parameter) { continue }
                        var passesOn = false
                        switch ThrowingCallFailure.of(site.call) {
                        case .forced(let tryExpression):
                            actions.append(action(.stopsTheApp, "try!", at: tryExpression, in: site.unit, escape: escape, path: path))
                        case .handled(let branches, let throwsOn):
                            for branch in branches {
                                let finder = DestructiveCallFinder(helpers: StoreDeletingHelpers(declarations: declarations))
                                finder.walk(branch)
                                for (node, kind, written) in finder.found { actions.append(action(kind, written, at: node, in: site.unit, escape: escape, path: path)) }
                                // The same wrapper made again with `true` for its in-memory
                                // parameter: the app goes on with an empty store.
                                if callee == escape.unit, let parameter = escape.inMemoryParameter {
                                    for fallback in callers[callee] ?? [] where (branch.position..<branch.endPosition).contains(fallback.call.position) && Self.passesTrue(fallback.call, to: parameter) {
                                        let written = "\(fallback.call.calledExpression.trimmedText)(\(parameter.label.map { $0 + ": " } ?? "")true)"
                                        actions.append(action(.fallsBackToMemory, written, at: fallback.call, in: site.unit, escape: escape, path: path))
                                    }
                                }
                            }
                            passesOn = throwsOn
                        case .escapes(let declaration):
                            passesOn = declarations.unit(declaredBy: declaration) == site.unit
                        case .ignored:
                            break
                        }
                        if passesOn, units[site.unit].isThrowing, visited.insert(site.unit).inserted {
                            next.append((site.unit, path + [units[site.unit].place]))
                        }
                    }
                }
                frontier = next
            }
        }
        return actions
    }

    /// Whether `call` passes a literal `true` for the parameter.
    static func passesTrue(_ call: FunctionCallExprSyntax, to parameter: (label: String?, index: Int)) -> Bool {
        let arguments = Array(call.arguments)
        let argument = parameter.label.map { label in arguments.first { $0.label?.text == label } }
            ?? (parameter.index < arguments.count && arguments[parameter.index].label == nil ? arguments[parameter.index] : nil)
        return argument?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    }

    private func action(_ kind: StoreFailureAction.Action, _ written: String, at node: some SyntaxProtocol, in unit: Int, escape: EscapingFailure, path: [CodePlace]) -> StoreFailureAction {
        var action = StoreFailureAction(action: kind, written: written, place: declarations.place(of: node, inUnit: unit), opening: escape.opening, openingLocation: escape.openingLocation)
        action.errorPath = path
        return action
    }

    /// For each throwing unit, the calls of it: the unit they are in and the call expression.
    private func callSites() -> [Int: [(unit: Int, call: FunctionCallExprSyntax)]] {
        var sites: [Int: [(unit: Int, call: FunctionCallExprSyntax)]] = [:]
        for (index, unit) in declarations.units.enumerated() {
            let collector = UseCollector(typeName: unit.typeName, declarations: declarations, entersEveryClosure: true)
            collector.walk(unit.body)
            for use in collector.uses {
                guard let call = use.node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.node.id else { continue }
                for callee in declarations.unitsByKey[use.key] ?? [] where callee != index && declarations.units[callee].isThrowing {
                    sites[callee, default: []].append((index, call))
                }
            }
        }
        return sites
    }
}

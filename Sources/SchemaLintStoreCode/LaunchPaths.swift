import Foundation
import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// Which closures run before the code around them goes on: those called where they are written
/// (`{ ... }()`, a lazy property's value) and those handed to calls that run them at once
/// (`performAndWait`, `sync`, `autoreleasepool`, a file coordinator's accessor, and `WindowGroup`, whose content SwiftUI builds
/// for the first frame, and the containers whose initializers build their content: stacks,
/// `Group`, navigation and tab views). Any other closure (a completion handler, `Task`,
/// `DispatchQueue.async`, a SwiftUI modifier's, a list's rows) may run later, off the launch.
enum SynchronousCode {
    static let runningAtOnce: Set<String> = [
        "performAndWait", "sync", "autoreleasepool", "withExtendedLifetime", "WindowGroup",
        "NavigationStack", "NavigationView", "NavigationSplitView", "TabView", "Group", "VStack", "HStack", "ZStack",
    ]

    static func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
        // `{ ... }()`
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id { return true }
        guard let call = handingOn(closure) else { return false }
        // A file coordinator's accessor runs before `coordinate(writingItemAt:options:error:byAccessor:)`
        // returns; `coordinate(with:queue:byAccessor:)`, which takes no `error:`, runs it later.
        if calledName(call) == "coordinate" { return call.arguments.contains { $0.label?.text == "error" } }
        return runningAtOnce.contains(calledName(call) ?? "")
    }

    /// Whether the function `name` (`load`, `self.load`, `Stack.load`) names is called here: with
    /// arguments, or handed to a call that runs what it is given at once (`queue.sync(execute: load)`).
    static func isCalled(_ name: Syntax) -> Bool {
        if let call = name.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == name.id { return true }
        guard name.parent?.is(LabeledExprSyntax.self) ?? false, let call = name.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return runningAtOnce.contains(calledName(call) ?? "")
    }

    /// Whether `node` runs when its unit's code runs: no closure between them that may run later.
    static func runsWithUnit(_ node: some SyntaxProtocol, unitBody: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != unitBody.id {
            if let closure = syntax.as(ClosureExprSyntax.self), !runsAtOnce(closure) { return false }
            current = syntax.parent
        }
        return true
    }

    /// Whether `node` runs on a background queue or thread: inside a closure handed to `async` or
    /// `asyncAfter` of a dispatch queue other than the main one, to `addOperation` of an operation
    /// queue other than the main one, to `Task.detached`, `performBackgroundTask` or
    /// `Thread.detachNewThread`. (A plain `Task` runs on the actor it is made on, often the main one.)
    static func runsOnABackgroundQueue(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self), let call = handingOn(closure), let name = calledName(call) {
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText ?? ""
                let onMain = base == "main" || base.hasSuffix(".main") || base == "DispatchQueue.main" || base == "OperationQueue.main"
                switch name {
                case "async", "asyncAfter", "addOperation": if !onMain, !base.isEmpty { return true }
                case "detached" where base == "Task": return true
                case "performBackgroundTask", "detachNewThread": return true
                default: break
                }
            }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    /// The call a closure is handed to, as its trailing closure or an argument.
    static func handingOn(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id { return call }
        guard closure.parent?.is(LabeledExprSyntax.self) ?? false else { return nil }
        return closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
    }

    /// Whether `name` is what an assignment writes (`x = v`, `self.x = v`, `T.shared.x += v`):
    /// the element before an assignment operator in its unfolded sequence.
    static func isAssigned(_ name: Syntax) -> Bool {
        guard let list = name.parent?.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == name.id }) else { return false }
        let next = list.index(after: index)
        guard next < list.endIndex else { return false }
        if list[next].is(AssignmentExprSyntax.self) { return true }
        return list[next].as(BinaryOperatorExprSyntax.self).map { ["+=", "-=", "*=", "/=", "|=", "&="].contains($0.operator.text) } ?? false
    }

    /// `loadPersistentStores` for `container.loadPersistentStores { ... }`, `ModelContainer` for
    /// `ModelContainer(...)`; a Swift 2 spelling of a framework method as Swift 3 and later name it
    /// (`addPersistentStoreWithType(_:configuration:URL:options:)` is `addPersistentStore`), since
    /// apps that last built with Swift 2 still ship their stores to people.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        let name: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return nil
        }
        return swift2Names[name] ?? name
    }

    static let swift2Names = [
        "addPersistentStoreWithType": "addPersistentStore",
        "removeItemAtURL": "removeItem", "removeItemAtPath": "removeItem",
        "moveItemAtURL": "moveItem", "moveItemAtPath": "moveItem",
        "copyItemAtURL": "copyItem", "copyItemAtPath": "copyItem",
        "destroyPersistentStoreAtURL": "destroyPersistentStore",
        "replacePersistentStoreAtURL": "replacePersistentStore",
    ]
}

/// The units each unit uses synchronously, resolved by name: `self.x` and `x` to the own type's
/// member, `T.x` and `(e as! T).x` to `T`'s, `T(...)` to `T`'s initializers, and `e.x` to the one
/// type that declares `x` when only one does. Uses through protocols or of values whose type is
/// unknown resolve to nothing.
struct LaunchPaths {
    let declarations: CodeDeclarations

    init(_ declarations: CodeDeclarations) {
        self.declarations = declarations
    }

    /// The openings with the launch path that reaches each one (the ones no entry point reaches
    /// unchanged), and the messages the launch sends to classes no Swift file declares.
    func attach(to openings: [LocatedOpening]) -> (openings: [StoreOpening], foreignCalls: [ForeignLaunchCall]) {
        // Each unit's uses, worked out once: the paths from each entry walk the same graph.
        var usesByUnit: [Int: UnitUses] = [:]
        func next(_ unit: Int) -> [Int] {
            if let known = usesByUnit[unit] { return known.units }
            let found = uses(of: unit)
            usesByUnit[unit] = found
            return found.units
        }
        let units = declarations.units
        let groups = launchEntryGroups
        let entries = groups.flatMap { $0 }.sorted { units[$0].place < units[$1].place }
        let parents = BreadthFirstPaths.parents(fromEach: groups, next: next)
        // What each entry reaches on its own, asked only where an opening is reached: another
        // app's launch (a watch app's, a TV app's) may reach the same store.
        var reachedByEntry: [Int: [Int: Int]] = [:]
        func reached(from entry: Int) -> [Int: Int] {
            if let known = reachedByEntry[entry] { return known }
            let found = BreadthFirstPaths.parents(from: [entry], next: next)
            reachedByEntry[entry] = found
            return found
        }
        // Whether each file on a path builds for macOS only, asked once per file (it may scan
        // the file's tokens).
        var macOSOnly: [Int: Bool] = [:]
        func buildsForMacOSOnly(_ file: Int) -> Bool {
            if let known = macOSOnly[file] { return known }
            let answer = declarations.files[file].buildsForMacOSOnly
            macOSOnly[file] = answer
            return answer
        }
        var attached: [StoreOpening] = []
        for located in openings {
            var opening = located.opening
            if located.runsWithUnit, let unit = located.unit, parents[unit] != nil {
                var path = BreadthFirstPaths.path(to: unit, in: parents)
                func onMacOSOnly(_ path: [Int]) -> Bool { path.contains { buildsForMacOSOnly(units[$0].file) } }
                // The entries of other apps (another type, or a type of the same name in another
                // target's folder: each app's `MyApp`) that reach it too.
                func app(_ unit: Int) -> String { units[unit].typeName + "\u{0}" + PathResolution.parent(of: declarations.files[units[unit].file].name) }
                // A Mac app's launch and a phone app's reaching the same opening: the path told is
                // one the launch watchdog ends, where the hazard is greatest (a shared stack that
                // the Mac target's delegate happens to reach in fewer steps).
                if onMacOSOnly(path), let watched = entries.lazy.compactMap({ entry -> [Int]? in
                    let own = reached(from: entry)
                    guard own[unit] != nil else { return nil }
                    let candidate = BreadthFirstPaths.path(to: unit, in: own)
                    return onMacOSOnly(candidate) ? nil : candidate
                }).first {
                    path = watched
                }
                opening.launchPath = path.map { units[$0].place }
                // A computed property that makes the container, itself or through functions it
                // calls (`static var shared: ModelContainer { try makeContainer() }`), none of
                // which keeps what it made: each read on this path opens the store again.
                for step in path.dropFirst().reversed() {
                    if StoreCodeVisitor.isAGetterThatKeepsNothing(units[step].body) { opening.madeAtEachReadOf = units[step].place; break }
                    guard units[step].isFunction, StoreCodeVisitor.keepsNothing(units[step].body) else { break }
                }
                opening.launchesOnMacOS = onMacOSOnly(path)
                var apps: Set<String> = [app(path[0])]
                opening.otherLaunchEntries = entries.filter { entry in
                    !apps.contains(app(entry)) && reached(from: entry)[unit] != nil && apps.insert(app(entry)).inserted
                }.map { units[$0].place }
            } else if located.runsWithUnit, let unit = located.unit {
                opening.foreignEntries = foreignEntries(reaching: unit, next: next)
            }
            attached.append(opening)
        }
        // What the launch sends to Objective-C classes, from each unit it reaches (each walked
        // once already, by the search above).
        var foreignCalls: [ForeignLaunchCall] = []
        for unit in parents.keys.sorted() {
            guard let messages = usesByUnit[unit]?.foreignMessages, !messages.isEmpty else { continue }
            let path = BreadthFirstPaths.path(to: unit, in: parents)
            let places = path.map { units[$0].place }
            let macOS = path.contains { buildsForMacOSOnly(units[$0].file) }
            var seen: Set<String> = []
            for message in messages where seen.insert(message.owner + " " + message.selector).inserted {
                foreignCalls.append(ForeignLaunchCall(owner: message.owner, selector: message.selector, path: places, launchesOnMacOS: macOS))
            }
        }
        return (attached, foreignCalls)
    }

    /// The members of types (a Swift extension of an Objective-C class, a class's initializer)
    /// that reach `unit` synchronously through calls, each with its selector and its way to `unit`:
    /// where Objective-C's launch sends that selector, the opening is on its launch path. Callers
    /// are found by the name called, each confirmed by its own uses; a few steps up at most.
    private func foreignEntries(reaching unit: Int, next: (Int) -> [Int]) -> [ForeignEntry] {
        let units = declarations.units
        let ways = BreadthFirstPaths.waysDown(to: unit) { current in
            let member = String(units[current].key.split(separator: ".").last ?? "")
            let names = member == "init" ? [units[current].typeName, "init"] : [member]
            return names.flatMap { declarations.calls.calls(named: $0, in: declarations).map(\.unit) }.filter { next($0).contains(current) }
        }
        return ways.compactMap { node, path in
            guard !units[node].typeName.isEmpty, let selector = ObjCSelector.of(units[node]) else { return nil }
            return ForeignEntry(owner: units[node].typeName, selector: selector, path: path.map { units[$0].place })
        }
    }

    /// The types the code a launch entry reaches uses (`AppManager.shared`, `Services()`, a
    /// property declared `let storage: Storage`) that no file read declares: where a path may go
    /// on in a file not read yet.
    /// So is the type an extension on a launch path extends where no file read declares it (an
    /// application delegate whose launch method is in an extension, one file per platform): its
    /// own declaration holds the stored properties and initializer made before the launch callbacks.
    func undeclaredTypes() -> Set<String> {
        let reached = reachable().keys
        let extended = reached.map { declarations.units[$0].typeName }.filter { ($0.first?.isUppercase ?? false) && !declarations.typeNames.contains($0) }
        return undeclaredTypes(usedBy: reached).union(extended)
    }

    /// The types `units` use that no file read declares, in any closure.
    func undeclaredTypes(usedBy units: some Sequence<Int>, inEveryClosure: Bool = false) -> Set<String> {
        var wanted: Set<String> = []
        for unit in units {
            let collector = UseCollector(typeName: declarations.units[unit].typeName, file: declarations.units[unit].file, declarations: declarations, entersEveryClosure: inEveryClosure)
            collector.walk(declarations.units[unit].body)
            wanted.formUnion(collector.undeclaredTypes)
        }
        return wanted
    }

    /// Every unit a launch entry reaches, with the unit it is reached from (an entry: itself);
    /// breadth first from the entries in the order the launch runs them (`launchEntryGroups`).
    private func reachable() -> [Int: Int] {
        BreadthFirstPaths.parents(fromEach: launchEntryGroups) { uses(of: $0).units }
    }

    /// The units a launch starts in, in the order the launch runs them, each group in source
    /// order: the `App`'s or the application delegate's initializer and stored properties (made
    /// before anything else), then the delegate's launch methods, then what the first scene runs
    /// (`scene(_:willConnectTo:options:)`, the `App`'s `body`).
    private var launchEntryGroups: [[Int]] {
        let units = declarations.units
        let entries = units.indices.filter { units[$0].isLaunchEntry }.sorted { units[$0].place < units[$1].place }
        func stage(_ unit: Int) -> Int {
            switch units[unit].key.split(separator: ".").last ?? "" {
            case "application", "applicationDidFinishLaunching", "applicationWillFinishLaunching": return 1
            case "scene", "body": return 2
            default: return 0
            }
        }
        return (0...2).map { group in entries.filter { stage($0) == group } }
    }

    /// What one unit's code does synchronously, found in one walk of it.
    struct UnitUses {
        /// The units it uses, in source order.
        var units: [Int]
        /// The messages it sends to classes no Swift file declares (`UseCollector.foreignMessages`).
        var foreignMessages: [(owner: String, selector: String)]
    }

    /// The units `unit` uses synchronously, and the messages it sends to other languages' classes.
    private func uses(of unit: Int) -> UnitUses {
        let collector = UseCollector(typeName: declarations.units[unit].typeName, file: declarations.units[unit].file, declarations: declarations)
        collector.walk(declarations.units[unit].body)
        var seen: Set<Int> = []
        // An assignment to a stored property also runs its observers (`didSet`, `willSet`).
        let assigned = collector.uses.compactMap { use in
            declarations.unitsByKey[use.key + "="] != nil && SynchronousCode.isAssigned(use.node) ? (key: use.key + "=", node: use.node) : nil
        }
        let used = (collector.uses + assigned).flatMap { use in
            // A function named without a call (`Coordinator(factory: makeStore)`,
            // `#selector(reload)`) runs when whoever holds it calls it, which is not now.
            declarations.units(called: use.key, at: use.node).filter { !declarations.units[$0].isFunction || SynchronousCode.isCalled(use.node) }
        }.filter { $0 != unit && seen.insert($0).inserted }
        return UnitUses(units: used, foreignMessages: collector.foreignMessages)
    }
}

/// An opening as the scanner found it: in which unit, and whether it runs when that unit runs.
struct LocatedOpening {
    var opening: StoreOpening
    var unit: Int?
    var runsWithUnit: Bool
}

/// Collects the unit keys a body uses, each with the expression that names it (`x`, `T`, `e.x`):
/// by default without entering closures that may run later (the launch path), or in every
/// closure (the callers of a function, wherever they call it).
final class UseCollector: SyntaxVisitor {
    let typeName: String
    let declarations: CodeDeclarations
    let entersEveryClosure: Bool
    private(set) var uses: [(key: String, node: Syntax)] = []
    /// Capitalized names used as types (`T(...)`, `T.member`, a property's declared type) that no
    /// file read declares: the project's, in a file not read, or a framework's; and types whose
    /// property used here no file read declares.
    private(set) var undeclaredTypes: Set<String> = []
    /// Calls of classes no file read declares (`Stack(modelName:)`, `Stack.shared()`), as the
    /// Objective-C messages they send: where an Objective-C file implements one, the path goes on
    /// there.
    private(set) var foreignMessages: [(owner: String, selector: String)] = []

    var keys: [String] { uses.map(\.key) }

    /// The file the code walked is in, whose own declarations name its properties' types first.
    let file: Int?

    init(typeName: String, file: Int? = nil, declarations: CodeDeclarations, entersEveryClosure: Bool = false) {
        self.typeName = typeName
        self.file = file
        self.declarations = declarations
        self.entersEveryClosure = entersEveryClosure
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        entersEveryClosure || SynchronousCode.runsAtOnce(node) ? .visitChildren : .skipChildren
    }

    /// What `#if DEBUG` code uses is not used in the builds people run (its `#else` is).
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    /// Nor is what a branch only tests take uses (`if isRunningTests { ... }`, the `else` of
    /// `if !isRunningTests`, `isTesting ? Simulated() : Launching()`): its other branch is.
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        let condition = TestCondition(node.conditions)
        if condition.holdsOnlyUnderTests {
            walk(node.conditions)
            if let elseBody = node.elseBody { walk(elseBody) }
            return .skipChildren
        }
        if condition.holdsOutsideTests {
            walk(node.conditions)
            walk(node.body)
            return .skipChildren
        }
        return .visitChildren
    }

    /// Nor is what follows a `guard` that only tests pass (`guard arguments.contains("UI_TEST_SEED")
    /// else { return }`: the rest of the block seeds a UI test's store), nor the `else` of one
    /// that only tests fail (`guard !isRunningTests else { ... }`).
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        guard node.contains(where: { $0.item.is(GuardStmtSyntax.self) }) else { return .visitChildren }
        for item in node {
            guard let guardStatement = item.item.as(GuardStmtSyntax.self) else {
                walk(item)
                continue
            }
            // Only a test of values: a pattern or a binding (`guard case .launched(let isTesting)
            // = event`) names what it binds, and every launch may pass it.
            let testsValues = guardStatement.conditions.allSatisfy { $0.condition.is(ExprSyntax.self) }
            let condition = TestCondition(guardStatement.conditions)
            walk(guardStatement.conditions)
            if !(testsValues && condition.holdsOutsideTests) { walk(guardStatement.body) }
            if testsValues && condition.holdsOnlyUnderTests { break }
        }
        return .skipChildren
    }

    /// `?:` as parsed (not folded): the condition is the element before `? then :`, the other
    /// branch the element after it.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        var testsOnly: Set<Int> = []
        for index in elements.indices where index > 0 && elements[index].is(UnresolvedTernaryExprSyntax.self) {
            let condition = TestCondition(elements[index - 1])
            if condition.holdsOnlyUnderTests { testsOnly.insert(index) }
            if condition.holdsOutsideTests, index + 1 < elements.count { testsOnly.insert(index + 1) }
        }
        guard !testsOnly.isEmpty else { return .visitChildren }
        for (index, element) in elements.enumerated() where !testsOnly.contains(index) { walk(element) }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // The name after the dot of `x.open()` or `.init(zoneName:)` is the member access's to
        // resolve: read alone it would be this type's own `open` or `init`.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
        let name = node.baseName.text
        // A type name is a use of its initializers only when called (`T(...)`); as the base of
        // `T.member`, the member access resolves it.
        let isCalled = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
        if declarations.typeNames.contains(name) {
            if isCalled { uses.append(("\(name).init", Syntax(node))) }
        } else if name == "Self", isCalled {
            // `static let shared = Self()`: the type's own initializer.
            uses.append(("\(typeName).init", Syntax(node)))
        } else if isCalled, declarations.unitsByKey[".\(name)"] != nil {
            // A function of the project named like a type (`ConfigureModelContainer()`).
            uses.append((".\(name)", Syntax(node)))
        } else if name.first?.isUppercase ?? false, isCalled || node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id {
            undeclaredTypes.insert(name)
            if isCalled, let call = node.parent?.as(FunctionCallExprSyntax.self) { foreignMessages.append((name, ObjCSelector.compose("init", labels: Self.labels(of: call)))) }
        } else if declarations.unitsByKey["\(typeName).\(name)"] != nil, !Self.isParameter(name, around: node) {
            uses.append(("\(typeName).\(name)", Syntax(node)))
        } else if declarations.unitsByKey[".\(name)"] != nil {
            uses.append((".\(name)", Syntax(node)))
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase ?? false, !declarations.typeNames.contains(base) {
            let call = node.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == node.id ? $0 : nil }
            foreignMessages.append((base, call.map { ObjCSelector.compose(name, labels: Self.labels(of: $0)) } ?? name))
        }
        if let owner = owner(of: node.base) ?? implicitOwner(of: node) {
            if name == "init", let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                uses.append(("\(owner).init", Syntax(node)))
            } else {
                uses.append(("\(owner).\(name)", Syntax(node)))
            }
        } else if let base = node.base?.as(DeclReferenceExprSyntax.self), !declarations.typeNames.contains(base.baseName.text), declarations.typeNames.contains(name),
                  let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id, declarations.unitsByKey["\(base.baseName.text).\(name)"] == nil {
            // `AppCore.Persistence()`: a project type named through its module.
            uses.append(("\(name).init", Syntax(node)))
        } else if let base = node.base?.as(DeclReferenceExprSyntax.self), declarations.unitsByKey["\(base.baseName.text).\(name)"] != nil {
            // A member the project adds to a framework's type (`extension ModelContainer { static func shared() }`).
            uses.append(("\(base.baseName.text).\(name)", Syntax(node)))
        } else if let base = node.base, !Self.namesAnotherType(base), !holdsAnotherTypesValue(base), let types = declarations.typesByMember[name], types.count == 1,
                  let only = types.first, takesTheArguments(of: node, in: "\(only).\(name)") {
            uses.append(("\(only).\(name)", Syntax(node)))
        }
        return .visitChildren
    }

    /// The argument labels of a call, `_` for an unlabeled argument or a trailing closure.
    static func labels(of call: FunctionCallExprSyntax) -> [String] {
        call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure == nil ? [] : ["_"])
    }

    /// Whether `base` is a property of this type declared with a type no file read declares
    /// (`let database: CoreDataDatabase`, a package's): its members are that type's, not the
    /// project's members of the same name.
    private func holdsAnotherTypesValue(_ base: ExprSyntax) -> Bool {
        func isAnotherType(_ name: String) -> Bool { !declarations.typeNames.contains(name) && !declarations.protocolNames.contains(name) }
        if let member = base.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return declarations.projectType(of: "\(typeName).\(member.declName.baseName.text)", inFile: file).undeclared.map(isAnotherType) ?? false
        }
        guard let reference = base.as(DeclReferenceExprSyntax.self) else { return false }
        // A parameter: its declared type (`bookmarksDatabase: CoreDataStoring`).
        if let type = Self.parameterType(reference.baseName.text, around: reference) {
            let name = type.trimmedText.filter { $0 != "?" && $0 != "!" }.replacingOccurrences(of: "any ", with: "").replacingOccurrences(of: "some ", with: "")
            return name.first?.isUppercase ?? false && !name.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "_" }) && isAnotherType(name)
        }
        return declarations.projectType(of: "\(typeName).\(reference.baseName.text)", inFile: file).undeclared.map(isAnotherType) ?? false
    }

    /// The declared type of the parameter `name` of the function or initializer around `node`.
    private static func parameterType(_ name: String, around node: some SyntaxProtocol) -> TypeSyntax? {
        var current = node.parent
        while let syntax = current {
            let parameters = syntax.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters ?? syntax.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters { return parameters.first { ($0.secondName ?? $0.firstName).text == name }?.type }
            current = syntax.parent
        }
        return nil
    }

    /// Where a call is resolved by the member's name alone (the receiver's type unknown), whether
    /// a declaration of that name takes its argument labels: `database.fetch(withSubscriptionID:)`
    /// on a framework's object is not the project's `fetch(id:context:)`.
    private func takesTheArguments(of node: MemberAccessExprSyntax, in key: String) -> Bool {
        guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id else { return true }
        let labels = call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure == nil ? [] : ["*"]) + call.additionalTrailingClosures.map { $0.label.text }
        return (declarations.unitsByKey[key] ?? []).contains { index in
            let unit = declarations.units[index]
            return !(unit.isPropertyOfNoFunction && !labels.isEmpty) && unit.accepts(labels: labels)
        }
    }

    /// Whether `name` is a parameter of a function, initializer or closure around `node`: in
    /// `func application(_ application: UIApplication, ...)`, `application.registerForRemote...`
    /// uses the parameter, not the type's `application(...)` methods.
    static func isParameter(_ name: String, around node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            if let initializer = syntax.as(InitializerDeclSyntax.self) {
                return initializer.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            if let closure = syntax.as(ClosureExprSyntax.self), let clause = closure.signature?.parameterClause {
                switch clause {
                case .simpleInput(let list): if list.contains(where: { $0.name.text == name }) { return true }
                case .parameterClause(let list): if list.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
                }
            }
            current = syntax.parent
        }
        return false
    }

    /// `UIApplication` in `UIApplication.shared`: a type's name (capitalized, as Swift names types)
    /// that is no type of the project, whose members are a framework's, whatever the project's
    /// types declare.
    private static func namesAnotherType(_ base: ExprSyntax) -> Bool {
        guard let reference = base.as(DeclReferenceExprSyntax.self), let first = reference.baseName.text.first else { return false }
        return first.isUppercase
    }

    /// The type of the project's that `type`'s property `name` holds. Where another type's
    /// property is missing from the files read (`Store.shared.db`), that type is wanted too: a
    /// file not read may extend it, or declare a type of the same name for another platform.
    private func projectType(ofProperty name: String, in type: String) -> String? {
        let found = declarations.projectType(of: "\(type).\(name)", inFile: type == typeName ? file : nil)
        if let type = found.type { return type }
        if let undeclared = found.undeclared {
            undeclaredTypes.insert(undeclared)
        } else if type != typeName, declarations.propertyTypes["\(type).\(name)"] == nil, declarations.unitsByKey["\(type).\(name)"] == nil {
            undeclaredTypes.insert(type)
        }
        return nil
    }

    /// The type of an implicit member (`.shared`, `.init()`) given as a value whose type is
    /// written beside it: a parameter's default (`init(store: Store = .shared)`) or a property's
    /// initial value (`let store: Store = .shared`).
    private func implicitOwner(of node: MemberAccessExprSyntax) -> String? {
        guard node.base == nil else { return nil }
        var value = Syntax(node)
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { value = Syntax(call) }
        // Assigned to a property of this type (`container = .init(group:)`, `self.container = .init()`):
        // the property's declared type.
        if let sequence = value.parent?.as(ExprListSyntax.self) {
            let elements = Array(sequence)
            guard let here = elements.firstIndex(where: { $0.id == value.id }), here >= 2, elements[here - 1].is(AssignmentExprSyntax.self) else { return nil }
            let target = elements[here - 2]
            let member = target.as(MemberAccessExprSyntax.self).flatMap { $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" ? $0.declName.baseName.text : nil }
            guard let property = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? member,
                  let type = projectType(ofProperty: property, in: typeName), declarations.typeNames.contains(type) else { return nil }
            return type
        }
        // Returned from a function (`static func make() -> ViewModel { .init() }`, or with `return`):
        // the function's return type.
        if value.parent?.is(ReturnStmtSyntax.self) ?? false || value.parent?.parent?.parent?.parent?.is(FunctionDeclSyntax.self) ?? false {
            var function = value.parent
            while let syntax = function, !syntax.is(FunctionDeclSyntax.self) {
                if syntax.is(ClosureExprSyntax.self) { return nil }
                function = syntax.parent
            }
            guard let name = function?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.as(IdentifierTypeSyntax.self)?.name.text,
                  declarations.typeNames.contains(name) else { return nil }
            return name
        }
        // Given to SwiftUI's `.modelContainer(_:)` (`.modelContainer(.make(logger:))`): a member
        // the project adds to `ModelContainer`.
        if let argument = value.parent?.as(LabeledExprSyntax.self), argument.label == nil,
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "modelContainer",
           declarations.unitsByKey["ModelContainer.\(node.declName.baseName.text)"] != nil {
            return "ModelContainer"
        }
        guard let clause = value.parent?.as(InitializerClauseSyntax.self) else { return nil }
        var type = clause.parent?.as(FunctionParameterSyntax.self)?.type ?? clause.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
        if let wrapped = type?.as(OptionalTypeSyntax.self)?.wrappedType ?? type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType { type = wrapped }
        // A type of the project's, or a framework's type the project adds the member to
        // (`extension NSPersistentContainer { static var shared }`).
        guard let name = type?.as(IdentifierTypeSyntax.self)?.name.text,
              declarations.typeNames.contains(name) || declarations.unitsByKey["\(name).\(node.declName.baseName.text)"] != nil else { return nil }
        return name
    }

    /// The type whose member is used: `self`, `T`, `(e as! T)`, `(e as? T)?`, a property
    /// declared with or made as a type of the project.
    private func owner(of base: ExprSyntax?) -> String? {
        guard var expression = base else { return nil }
        while true {
            if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression; continue }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression; continue }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { expression = only.expression; continue }
            break
        }
        if ["self", "Self"].contains(expression.as(DeclReferenceExprSyntax.self)?.baseName.text) { return typeName }
        if let reference = expression.as(DeclReferenceExprSyntax.self), declarations.typeNames.contains(reference.baseName.text) { return reference.baseName.text }
        // A property of a known type: `stack`, `self.stack`, `Stack.shared`, `a.b.stack`.
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return projectType(ofProperty: reference.baseName.text, in: typeName) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = owner(of: member.base) {
            return projectType(ofProperty: member.declName.baseName.text, in: base)
        }
        if let cast = expression.as(AsExprSyntax.self) {
            let type = cast.type.trimmedText.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
            return declarations.typeNames.contains(type) ? type : nil
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let type = sequence.elements.last?.as(TypeExprSyntax.self) {
            let name = type.type.trimmedText
            return declarations.typeNames.contains(name) ? name : nil
        }
        return nil
    }
}

/// The Objective-C selector of a Swift member, as Swift exposes it: `@objc(name)` where written;
/// else the base name, the first argument label after `With` (`setupCoreDataWithMigrationResult:`,
/// `initWithURL:`), one `label:` part for each other argument, and `AndReturnError:` or `error:`
/// for a throwing one; a property's getter is its name.
enum ObjCSelector {
    static func of(_ unit: CodeUnit) -> String? {
        if let function = unit.body.parent?.as(FunctionDeclSyntax.self) {
            return written(in: function.attributes)
                ?? compose(function.name.text, function.signature.parameterClause.parameters, throwing: function.signature.effectSpecifiers?.throwsClause != nil)
        }
        if let initializer = unit.body.parent?.as(InitializerDeclSyntax.self) {
            return written(in: initializer.attributes)
                ?? compose("init", initializer.signature.parameterClause.parameters, throwing: initializer.signature.effectSpecifiers?.throwsClause != nil)
        }
        let member = unit.key.split(separator: ".").last.map(String.init) ?? ""
        return member.isEmpty || member == "init" ? nil : member
    }

    /// The name in `@objc(name)`.
    private static func written(in attributes: AttributeListSyntax) -> String? {
        for case .attribute(let attribute) in attributes where attribute.attributeName.trimmedDescription == "objc" {
            if let name = attribute.arguments?.trimmedDescription, !name.isEmpty { return name }
        }
        return nil
    }

    private static func compose(_ base: String, _ parameters: FunctionParameterListSyntax, throwing: Bool) -> String {
        compose(base, labels: parameters.map(\.firstName.text), throwing: throwing)
    }

    /// The selector of a call of `base` with arguments of these labels (`_` for none): what a
    /// Swift call of an Objective-C method (`Stack(modelName:)`, `Stack.shared()`) sends.
    static func compose(_ base: String, labels: [String], throwing: Bool = false) -> String {
        var parts: [String] = []
        for (index, label) in labels.enumerated() {
            if index == 0 {
                // Swift leaves out `With` where the label starts with a preposition, or the base
                // name ends with one (`open(at:)` is `openAt:`).
                let with = prepositions.contains(firstWord(of: label)) || prepositions.contains(lastWord(of: base)) ? "" : "With"
                parts.append(label == "_" ? base + ":" : base + with + label.prefix(1).uppercased() + label.dropFirst() + ":")
            } else {
                parts.append((label == "_" ? "" : label) + ":")
            }
        }
        if throwing { parts.append(parts.isEmpty ? base + "AndReturnError:" : "error:") }
        return parts.isEmpty ? base : parts.joined()
    }

    /// The words Swift counts as prepositions when it names a selector.
    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from", "given",
        "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to", "until",
        "using", "via", "when", "with", "within",
    ]

    private static func firstWord(of name: String) -> String {
        String(name.prefix { $0.isLowercase }).lowercased()
    }

    private static func lastWord(of name: String) -> String {
        guard let start = name.lastIndex(where: \.isUppercase) else { return name.lowercased() }
        return name[start...].lowercased()
    }
}

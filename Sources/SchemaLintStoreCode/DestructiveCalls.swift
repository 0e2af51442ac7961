import SwiftSyntax
import SchemaLintCore

/// Calls that stop the app or delete the store (also in the callers `ErrorPaths` finds).
final class DestructiveCallFinder: SyntaxVisitor {
    var found: [(Syntax, StoreFailureAction.Action, String)] = []
    /// The name of the function that opens the store (`loadStore`): called again, unqualified or
    /// on `self`, from the branch, it retries at once.
    var opener: String?
    /// The `lazy var` whose initializer opens the store (`persistentContainer`): a helper of the
    /// branch that reads it before it deletes anything runs the initializer again (Swift does not
    /// guard a lazy property read while it is being made), which fails again and calls the
    /// helper again, without end.
    var lazyProperty: String?
    /// The project's functions that delete a store's files, called from the branch.
    var helpers: StoreDeletingHelpers?
    /// The `ModelContainer` that failed has a place of its own (`url:`, `groupContainer:`): one
    /// of the default store made in the branch opens another store.
    var failedStoreHasItsOwnPlace = false
    /// The stores the `ModelContainer` that failed opens (`ModelContainerPlace`): a container of
    /// the branch that opens the default store on disk where they are all of their own names
    /// (`ModelConfiguration("Cloud", ...)`) opens another store.
    var failedStorePlaces: Set<String>?
    /// The code around the `ModelContainer` that failed, where the configurations a container
    /// of the branch is given are looked up, and where that container is.
    var openingUnit: (body: Syntax, failed: AbsolutePosition)?

    init(helpers: StoreDeletingHelpers?) {
        self.helpers = helpers
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether the retry passes a flag that its function tests to stop retrying
    /// (`load(retrying: false)` where the failure branch is `guard retrying else { fatalError() }`):
    /// a boolean literal given to a parameter whose name an `if` or `guard` of the function tests.
    /// It retries once, not without end.
    static func passesAStopFlag(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let syntax = current, !syntax.is(FunctionDeclSyntax.self) { current = syntax.parent }
        guard let function = current else { return false }
        // An unlabelled flag (`loadStore(false)` of `func loadStore(_ retry: Bool = true)`) is
        // named by the parameter at its place in the function that calls itself.
        let parameters = Array(function.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters ?? [])
        let flags = call.arguments.enumerated().compactMap { index, argument -> String? in
            guard argument.expression.is(BooleanLiteralExprSyntax.self) else { return nil }
            if let label = argument.label?.text { return label }
            return index < parameters.count ? (parameters[index].secondName ?? parameters[index].firstName).text : nil
        }
        guard !flags.isEmpty else { return false }
        let conditions = ConditionTexts(viewMode: .sourceAccurate)
        conditions.walk(function)
        return flags.contains { flag in conditions.texts.contains { ByteSearch.contains(flag, in: $0) } }
    }

    /// Whether `node` runs only where the lookup of a standard folder of the user's domain found
    /// none (the `else` of `if let url = FileManager.default.urls(for:
    /// .applicationSupportDirectory, in: .userDomainMask).first`, or of such a `guard let`): the
    /// system always has them, so that code never runs.
    /// `property` gives the text of a property of the type by its name, where the condition
    /// binds one (`guard let folder = Self.storeFolder`) whose value is such a lookup.
    static func runsOnlyWhereNoStandardFolderIs(_ node: some SyntaxProtocol, property: (String) -> String? = { _ in nil }) -> Bool {
        func isALookup(_ text: String) -> Bool {
            ByteSearch.contains("urls(for:", in: text) && ByteSearch.contains(".userDomainMask", in: text)
                && (ByteSearch.contains(").first", in: text) || ByteSearch.contains(").last", in: text))
        }
        func looksUpAFolder(_ conditions: ConditionElementListSyntax) -> Bool {
            conditions.count == 1 && conditions.first.map { condition in
                if isALookup(condition.trimmedText) { return true }
                // `let folder = Self.storeFolder`, `let folder = storeFolder`: the property's own text.
                guard let value = condition.condition.as(OptionalBindingConditionSyntax.self)?.initializer?.value else { return false }
                let name: String? = if let reference = value.as(DeclReferenceExprSyntax.self) {
                    reference.baseName.text
                } else if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedText, ["Self", "self"].contains(base) {
                    member.declName.baseName.text
                } else {
                    nil
                }
                return name.flatMap(property).map(isALookup) ?? false
            } ?? false
        }
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            if let ifExpression = parent.as(IfExprSyntax.self), let elseBody = ifExpression.elseBody, current.id == elseBody.id {
                return looksUpAFolder(ifExpression.conditions)
            }
            if let guardStatement = parent.as(GuardStmtSyntax.self), current.id == guardStatement.body.id {
                return looksUpAFolder(guardStatement.conditions)
            }
            current = parent
        }
        return false
    }

    /// Whether `removeItem` removes a temporary file or folder (an unzipped backup, a scratch
    /// copy): one written with `temporaryDirectory` or `NSTemporaryDirectory()`, or a name bound
    /// to one in the same function. Cleaning up after a failed restore deletes no store.
    /// Whether a `FileManager` path call (`removeItem(atPath:)`, `moveItem(atPath:toPath:)`) is
    /// given a URL's `absoluteString`: a `file:///...` string, which it takes as a relative path
    /// that names no file, so it does nothing to the store.
    static func namesNoFile(_ call: FunctionCallExprSyntax) -> Bool {
        guard let first = call.arguments.first, first.label?.text == "atPath" else { return false }
        return first.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "absoluteString"
    }

    /// Whether `removeItem(at: destination)` makes room for the move or copy right after it of a
    /// file to another folder under its own name (`let destination =
    /// recoveryFolder.appendingPathComponent(file.lastPathComponent)`, then `moveItem(at: file,
    /// to: destination)`): it deletes an older copy set aside there, not the store, which the move
    /// keeps.
    static func clearsTheWayForAMoveAside(_ call: FunctionCallExprSyntax) -> Bool {
        guard let removed = call.arguments.first?.expression, let name = removed.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var current = Syntax(call)
        while let parent = current.parent, !parent.is(CodeBlockItemSyntax.self) { current = parent }
        guard let item = current.parent?.as(CodeBlockItemSyntax.self), let statements = item.parent?.as(CodeBlockItemListSyntax.self),
              let body = statements.parent else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.skipsClosuresAndFunctions = true
        for statement in statements.drop(while: { $0.id != item.id }).dropFirst().prefix(2) { calls.walk(statement) }
        let origins = Self.origins(of: name, at: Syntax(call), in: body)
        return calls.found.contains { later in
            guard let called = SynchronousCode.calledName(later), ["moveItem", "copyItem"].contains(called),
                  later.arguments.first(where: { $0.label?.text == "to" })?.expression.trimmedText == name,
                  let source = later.arguments.first(where: { $0.label?.text == "at" })?.expression.trimmedText else { return false }
            return origins.contains { ByteSearch.contains(source + ".lastPathComponent", in: $0) }
        }
    }

    static func removesATemporaryItem(_ call: FunctionCallExprSyntax) -> Bool {
        guard let target = call.arguments.first?.expression else { return false }
        func isTemporary(_ text: String) -> Bool { ByteSearch.contains("emporary", in: text) }
        if isTemporary(target.trimmedText) { return true }
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var body = call.parent
        while let syntax = body, !(syntax.is(CodeBlockSyntax.self) && (syntax.parent?.is(FunctionDeclSyntax.self) ?? false || syntax.parent?.is(InitializerDeclSyntax.self) ?? false)), !syntax.is(ClosureExprSyntax.self) {
            body = syntax.parent
        }
        guard let body else { return false }
        return origins(of: name, at: Syntax(call), in: body).contains(where: isTemporary)
    }

    /// What a name stands for where `use` is, as written: the value bound to it (`let`, `if let`,
    /// `guard let`), or the sequence a `for` loop takes it from (`for file in tempFiles`), and
    /// what the names in that text stand for in turn, a few deep (`tempFiles` listed from
    /// `contentsOfDirectory(at: tempDir)`, `tempDir` the temporary folder).
    static func origins(of name: String, at use: Syntax, in body: Syntax, depth: Int = 0) -> [String] {
        guard depth < 4 else { return [] }
        var value: ExprSyntax?
        var current = use.parent
        while let syntax = current, value == nil {
            if let loop = syntax.as(ForStmtSyntax.self), loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, loop.body.range.contains(use.position) {
                value = loop.sequence
            }
            current = syntax.parent
        }
        if value == nil {
            let bindings = OptionalBindings(name: name, before: use.position)
            bindings.walk(body)
            value = bindings.value
        }
        if value == nil {
            let finder = BindingFinder(name: name, usedAt: use)
            finder.walk(body)
            value = finder.value
        }
        guard let value else { return [] }
        let names = NameReferences(viewMode: .sourceAccurate)
        names.walk(value)
        return [value.trimmedText] + Set(names.names).subtracting([name]).sorted().flatMap { origins(of: $0, at: Syntax(value), in: body, depth: depth + 1) }
    }

    /// A `do` inside the branch (a fallback: open a local store, then an in-memory one) runs its
    /// body when the opening failed; its own `catch` clauses run only when that body fails, which
    /// is the fallback's failure (scanned with the fallback's opening), not this one's.
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        walk(node.body)
        return .skipChildren
    }

    /// After a `do` whose body opens a store again and leaves (`do { return try ModelContainer(...) }
    /// catch { log(error) }`), the rest of the block runs only when that retry failed: it is the
    /// retry's failure (scanned with the retry's opening), not this one's.
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        for item in node {
            walk(item)
            if let retry = item.item.as(DoStmtSyntax.self), ThrowingCallFailure.exits(retry.body) {
                let calls = CalledNames(viewMode: .sourceAccurate)
                calls.walk(retry.body)
                if !calls.names.isDisjoint(with: ["ModelContainer", "loadPersistentStores", "addPersistentStore"]) { break }
            }
        }
        return .skipChildren
    }

    /// A failure branch's `#if DEBUG` part is not what people's builds do.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    /// `if requireCloudKit { fatalError() }` under `static let requireCloudKit = false`: the body
    /// never runs, only the `else`.
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard let declarations = helpers?.declarations, Self.isConstantlyFalse(node.conditions, in: declarations) else { return .visitChildren }
        if let elseBody = node.elseBody { walk(elseBody) }
        return .skipChildren
    }

    /// Whether the conditions are one name (`flag`, `Self.flag`, `Type.flag`) that the project's
    /// code declares, wherever it declares it, as a constant `false` (`let flag = false`).
    static func isConstantlyFalse(_ conditions: ConditionElementListSyntax, in declarations: CodeDeclarations) -> Bool {
        guard conditions.count == 1, let expression = conditions.first?.condition.as(ExprSyntax.self) else { return false }
        let name: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) ?? false {
            name = member.declName.baseName.text
        } else {
            return false
        }
        let keys = (declarations.typesByMember[name] ?? []).map { "\($0).\(name)" } + [".\(name)"]
        let units = keys.flatMap { declarations.unitsByKey[$0] ?? [] }
        return !units.isEmpty && units.allSatisfy { unit in
            let body = declarations.units[unit].body
            guard body.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false),
                  let variable = body.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
            return variable.bindingSpecifier.tokenKind == .keyword(.let)
        }
    }

    /// `description.type = NSInMemoryStoreType`, or `description.url = URL(fileURLWithPath:
    /// "/dev/null")`, before opening again: a store that keeps nothing in its place.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.makesTypeInMemory(node) {
            found.append((Syntax(node), .fallsBackToMemory, "type = NSInMemoryStoreType"))
        } else if Self.pointsAtDevNull(node) {
            found.append((Syntax(node), .fallsBackToMemory, "url = /dev/null"))
        }
        return .visitChildren
    }

    /// `ModelContainer(for: Item.self)`, `ModelContainer(for: schema)`: the default configuration,
    /// whose store lies at the default place.
    /// Whether every configuration `call` is given is bound to a name before the failed opening
    /// (one made in the branch is found there, as a `ModelConfiguration`) and kept in memory
    /// (`isStoredInMemoryOnly: true`).
    private func opensOnlyConfigurationsInMemory(_ call: FunctionCallExprSyntax) -> Bool {
        guard let (unit, failed) = openingUnit, let configurations = ModelContainerPlace.configurations(of: call, in: unit), !configurations.isEmpty else { return false }
        return configurations.allSatisfy { configuration in
            configuration.position < failed
                && configuration.arguments.contains { $0.label?.text == "isStoredInMemoryOnly" && $0.expression.trimmedText == "true" }
        }
    }

    /// Whether `call` opens the default store on disk, through a configuration of no name or
    /// URL, where the failed container opens only stores of their own names or files. (A recovery
    /// store of a name of its own, `ModelConfiguration("ReceiptsLocal", ...)`, is the app's choice,
    /// judged as an opening of its own.)
    private func opensTheDefaultStoreInstead(_ call: FunctionCallExprSyntax) -> Bool {
        guard let failed = failedStorePlaces, let unit = openingUnit?.body, !failed.contains("default"), ModelContainerPlace.places(of: call, in: unit) == ["default"],
              let configurations = ModelContainerPlace.configurations(of: call, in: unit) else { return false }
        // A store kept in memory is a fallback of its own (`fallsBackToMemory`).
        return !configurations.contains { configuration in
            configuration.arguments.contains { $0.label?.text == "isStoredInMemoryOnly" && $0.expression.trimmedText != "false" }
        }
    }

    static func opensTheDefaultStore(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.first?.label?.text == "for" && !call.arguments.contains { $0.label?.text == "configurations" }
    }

    /// Whether a `ModelContainer` call gives its store a place of its own: `url:` or
    /// `groupContainer:` in its configurations, written there or bound to a name before it.
    static func namesItsOwnPlace(_ call: FunctionCallExprSyntax, in unit: Syntax) -> Bool {
        // A configuration's name is its store's file (`ModelConfiguration("Cloud", ...)`,
        // `Cloud.store`), beside the default one.
        func names(_ text: String) -> Bool {
            ByteSearch.contains("url:", in: text) || ByteSearch.contains("groupContainer:", in: text)
                || ByteSearch.contains("ModelConfiguration(\"", in: text.filter { $0 != " " && $0 != "\n" })
        }
        guard let configurations = call.arguments.first(where: { $0.label?.text == "configurations" })?.expression else { return false }
        if names(configurations.trimmedText) { return true }
        let references = ReferencedNames(viewMode: .sourceAccurate)
        references.walk(configurations)
        return references.found.contains { name in
            let binding = BindingFinder(name: name, usedAt: Syntax(call))
            binding.walk(unit)
            return binding.value.map { names($0.trimmedText) } ?? false
        }
    }

    /// `description.url = URL(fileURLWithPath: "/dev/null")`.
    static func pointsAtDevNull(_ node: SequenceExprSyntax) -> Bool {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].trimmedText.hasSuffix(".url") else { return false }
        return ByteSearch.contains("\"/dev/null\"", in: elements[2].trimmedText)
    }

    /// `guard let description = container.persistentStoreDescriptions.first else { ... }`: a
    /// container has a description from the moment it is made, so what the `else` does (a last
    /// resort written for safety) does not run.
    /// The same for `guard let url = storeDescription.url else { ... }`: a store on disk has its URL
    /// (one in memory has nothing to lose).
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        let unwrapsTheDescription = node.conditions.contains { condition in
            guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self), let value = binding.initializer?.value.as(MemberAccessExprSyntax.self) else { return false }
            switch value.declName.baseName.text {
            case "first": return value.base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "persistentStoreDescriptions"
            case "url": return value.base.map { ByteSearch.contains("escription", in: $0.trimmedText) } ?? false
            default: return false
            }
        }
        return unwrapsTheDescription ? .skipChildren : .visitChildren
    }

    /// `description.type = NSInMemoryStoreType` (or `= .inMemory`).
    static func makesTypeInMemory(_ node: SequenceExprSyntax) -> Bool {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].trimmedText.hasSuffix(".type") else { return false }
        let value = elements[2].trimmedText
        return ByteSearch.contains("NSInMemoryStoreType", in: value) || value.hasSuffix(".inMemory")
    }

    /// The functions that stop the app.
    static let stoppingCalls: Set<String> = ["fatalError", "preconditionFailure", "abort", "exit"]

    /// Whether every `ModelContainer` the block around `node` makes is of an empty schema
    /// (`ModelContainer(for: Schema([]), ...)`, or a name the block binds to `Schema([])`): a
    /// placeholder that lets the app run with no models, into which nothing can be saved, and
    /// which leaves the store on disk as it is.
    static func makesOnlyContainersOfNoModels(around node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current, !syntax.is(CodeBlockItemListSyntax.self) { current = syntax.parent }
        guard let block = current else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(block)
        func isEmptySchema(_ text: String) -> Bool { text.filter { !$0.isWhitespace } == "Schema([])" }
        var emptySchemas: Set<String> = []
        for item in block.as(CodeBlockItemListSyntax.self) ?? [] {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value, isEmptySchema(value.trimmedText) {
                    emptySchemas.insert(name)
                }
            }
        }
        let containers = calls.found.filter { SynchronousCode.calledName($0) == "ModelContainer" }
        return !containers.isEmpty && containers.allSatisfy { call in
            guard let first = call.arguments.first?.expression.trimmedText else { return false }
            return isEmptySchema(first) || emptySchemas.contains(first)
        }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name = SynchronousCode.calledName(node) ?? ""
        let isMember = node.calledExpression.is(MemberAccessExprSyntax.self)
        switch name {
        case _ where Self.stoppingCalls.contains(name):
            if !isMember, !Self.runsOnlyWhereNoStandardFolderIs(node) { found.append((Syntax(node), .stopsTheApp, name + "()")) }
        case "removeItem" where isMember && !Self.removesATemporaryItem(node) && !Self.namesNoFile(node) && !Self.clearsTheWayForAMoveAside(node):
            found.append((Syntax(node), .deletesTheStore, "FileManager.removeItem"))
        case "destroyPersistentStore" where isMember:
            found.append((Syntax(node), .deletesTheStore, "destroyPersistentStore"))
        case "ModelContainer" where !isMember && failedStoreHasItsOwnPlace && Self.opensTheDefaultStore(node):
            found.append((Syntax(node), .opensAnotherStore, "ModelContainer(for:)"))
        case "ModelContainer" where !isMember && opensTheDefaultStoreInstead(node):
            found.append((Syntax(node), .opensAnotherStore, "ModelContainer(for:)"))
        // `ModelContainer(for: schema, configurations: [inMemoryConfig])` with the configuration
        // bound before the `do` (one written in the call is found as a `ModelConfiguration`).
        case "ModelContainer" where !isMember && opensOnlyConfigurationsInMemory(node) && !Self.makesOnlyContainersOfNoModels(around: node):
            found.append((Syntax(node), .fallsBackToMemory, "ModelContainer(...)"))
        case "ModelConfiguration" where !isMember:
            let arguments = String(node.arguments.trimmedText.filter { $0 != " " && $0 != "\n" })
            if ByteSearch.contains("isStoredInMemoryOnly:true", in: arguments), !Self.makesOnlyContainersOfNoModels(around: node) {
                found.append((Syntax(node), .fallsBackToMemory, "ModelConfiguration(isStoredInMemoryOnly: true)"))
            }
        case "addPersistentStore" where isMember:
            if ByteSearch.contains("NSInMemoryStoreType", in: node.arguments.trimmedText) || ByteSearch.contains(".inMemory", in: node.arguments.trimmedText) {
                found.append((Syntax(node), .fallsBackToMemory, "addPersistentStore(ofType: NSInMemoryStoreType)"))
            }
        // Opened again with a completion handler (`loadPersistentStores { _, error in fatalError() }`)
        // after the branch did something: the handler runs with the retry's result, and what it
        // does is the retry's failure, scanned with the retry's opening, not this one's.
        case "loadPersistentStores" where isMember && !found.isEmpty:
            walk(node.calledExpression)
            return .skipChildren
        default:
            if let opener, name == opener, node.calledExpression.as(MemberAccessExprSyntax.self).map({ ["self", "self?", "self!"].contains($0.base?.trimmedText ?? "") }) ?? true {
                // After the branch deleted the store, the retry opens a new, empty one: the deletion
                // is what is reported.
                if !Self.passesAStopFlag(node), !deletesTheStore(before: node) {
                    found.append((Syntax(node), .retriesAtOnce, name + "()"))
                }
            } else if let lazyProperty, helpers?.readsFirst(lazyProperty, calledBy: node) == true {
                found.append((Syntax(node), .retriesAtOnce, name + "()"))
            } else if helpers?.deletesStore(node) == true {
                found.append((Syntax(node), .deletesTheStore, name + "()"))
            } else if helpers?.makesAnInMemoryStore(node) == true {
                found.append((Syntax(node), .fallsBackToMemory, name + "()"))
            } else if helpers?.stopsTheApp(node) == true {
                found.append((Syntax(node), .stopsTheApp, name + "()"))
            }
        }
        return .visitChildren
    }
}

extension DestructiveCallFinder {
    /// `(try? NotesStore(inMemory: true)) ?? { fatalError() }()`: a stop on the right of `??`
    /// whose left holds a fallback to memory runs only when even the in-memory store fails.
    /// `also`: fallbacks to memory found otherwise (the caller's wrapper made again in memory).
    func isLastResort(_ stop: Syntax, also: [Syntax] = []) -> Bool {
        let fallbacks = found.filter { $0.1 == .fallsBackToMemory }.map(\.0) + also
        guard !fallbacks.isEmpty else { return false }
        var current = stop
        while let parent = current.parent {
            if let sequence = parent.as(ExprListSyntax.self) {
                let elements = Array(sequence)
                if let here = elements.firstIndex(where: { $0.id == current.id }),
                   let coalescing = elements[..<here].lastIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }),
                   elements[..<coalescing].contains(where: { element in fallbacks.contains { element.range.contains($0.position) } }) {
                    return true
                }
            }
            if parent.is(CatchClauseSyntax.self) || parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// Whether a statement before `node` in its closure or function (`guard error != nil else {
    /// return }` makes each statement after it a branch of its own), or in `boundary` where one
    /// is given (a `catch`), deletes the store.
    func deletesTheStore(before node: FunctionCallExprSyntax, within boundary: Syntax? = nil) -> Bool {
        let earlier = DestructiveCallFinder(helpers: helpers)
        for statement in Self.statements(before: node, within: boundary) { earlier.walk(statement) }
        return earlier.found.contains { $0.1 == .deletesTheStore }
    }

    /// The call of a statement before `node`, as `deletesTheStore(before:within:)` finds them,
    /// that copies the store's files elsewhere first (`copyItem(at:to:)`, `backupStore()`).
    func copyKept(before node: FunctionCallExprSyntax, within boundary: Syntax? = nil) -> String? {
        let calls = AllCalls(viewMode: .sourceAccurate)
        for statement in Self.statements(before: node, within: boundary) { calls.walk(statement) }
        return helpers?.copy(among: calls.found)
    }

    /// Whether a statement before `node`, as `deletesTheStore(before:within:)` finds them, moves
    /// the store's files aside: a call named for it (`moveStoreAside()`, `quarantine(url)`), or a
    /// helper of the project given arguments that moves files (`backupStore(at: url)` whose loop
    /// calls `moveItem(at:to:)` into a backup folder).
    func movesTheStoreAside(before node: FunctionCallExprSyntax, within boundary: Syntax? = nil) -> Bool {
        let calls = AllCalls(viewMode: .sourceAccurate)
        for statement in Self.statements(before: node, within: boundary) { calls.walk(statement) }
        return calls.found.contains { call in
            if StoreDeletingHelpers.isNamedForMovingAside(SynchronousCode.calledName(call) ?? "") { return true }
            guard !call.arguments.isEmpty, let helpers else { return false }
            return helpers.movesFiles(call)
        }
    }

    /// Whether `closure` is work handed to a queue or a task, run after the statements before the
    /// call that hands it over: `async`, `asyncAfter`, `sync`, `Task`, `perform`, `performAndWait`.
    private static func isScheduledWork(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = DeletionConditions.callTaking(closure), let name = SynchronousCode.calledName(call) else { return false }
        return ["async", "asyncAfter", "sync", "Task", "detached", "perform", "performAndWait"].contains(name)
    }

    /// The statements that run before `node` in its closure or function, or in `boundary`; where
    /// the closure is work handed to a queue (`DispatchQueue.global().async { ... }`, `Task { ... }`),
    /// those before the hand-off too, which have run when the closure runs.
    private static func statements(before node: FunctionCallExprSyntax, within boundary: Syntax?) -> [CodeBlockItemSyntax] {
        var statements: [CodeBlockItemSyntax] = []
        var current = Syntax(node)
        while let parent = current.parent, current.id != boundary?.id {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) { break }
            if let closure = parent.as(ClosureExprSyntax.self), !isScheduledWork(closure) { break }
            if let item = current.as(CodeBlockItemSyntax.self), let block = parent.as(CodeBlockItemListSyntax.self) {
                for statement in block {
                    if statement.id == item.id { break }
                    statements.append(statement)
                }
            }
            current = parent
        }
        return statements
    }
}

import SwiftSyntax
import SchemaLintCore

/// Functions of the project that delete a store's files, or make an empty in-memory store:
/// called from a failure branch (`removeDatabaseFiles()`, `Self.resetStore()`,
/// `Self.makeInMemoryContainer()`), such a helper does what a `removeItem` or an in-memory
/// configuration written there does. A deleting helper is one whose body removes files
/// (`removeItem`, through `FileManager` or a client of the project's) and names a store file
/// (`"Notes.sqlite"`), or destroys a persistent store.
struct StoreDeletingHelpers {
    let declarations: CodeDeclarations

    /// How many helpers deep a deletion is followed: the helper called, and those it calls
    /// (`resetStore()` calling `container.destroyStores()`).
    static let maximumDepth = 3

    /// What the helpers a helper calls must be named for to be followed: a migrator or a repair
    /// calls helpers that clear a destination or a scratch copy (`backupExistingStore`,
    /// `makeReferenceStore`), and leaves the store in place.
    static let deletingWords = ["delete", "remove", "destroy", "reset", "wipe", "erase", "clear", "drop"]

    /// What a migrator's name says.
    static let migratingWords = ["migrat", "upgrade"]

    /// The framework calls that delete a store's files themselves.
    static let deletingCalls: Set<String> = ["removeItem", "destroyPersistentStore"]

    /// The calls that open a store (again, after a deletion).
    static let openingCalls: Set<String> = ["loadPersistentStores", "addPersistentStore", "ModelContainer"]

    /// Whether a call's name says it deletes: a framework deletion, or a name with a deleting word.
    static func isNamedForDeleting(_ name: String) -> Bool {
        deletingCalls.contains(name) || deletingWords.contains(where: name.lowercased().contains)
    }

    /// Whether `call` (unqualified, on `self`, `Self` or a type of the project, or on a value
    /// whose member only the project's types declare) calls such a helper, itself or through the
    /// helpers it calls.
    func deletesStore(_ call: FunctionCallExprSyntax) -> Bool {
        // A migrator (`migrateStore(from:to:)`, a progressive migration's steps) removes the
        // scratch copies of its steps and, where it moved the store, the source it copied: what
        // the person made is in the result.
        let name = SynchronousCode.calledName(call)?.lowercased() ?? ""
        if Self.migratingWords.contains(where: name.contains), !Self.deletingWords.contains(where: name.contains) { return false }
        var visited: Set<SyntaxIdentifier> = []
        return bodies(calledBy: call).contains { deletesStore($0, depth: 1, visited: &visited) || removesWhatItIsHanded($0, by: call) }
    }

    private func deletesStore(_ body: Syntax, depth: Int, visited: inout Set<SyntaxIdentifier>) -> Bool {
        guard visited.insert(body.id).inserted else { return false }
        if deletesStore(body) { return true }
        guard depth < Self.maximumDepth else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(body)
        for call in calls.found {
            let name = SynchronousCode.calledName(call)?.lowercased() ?? ""
            guard Self.deletingWords.contains(where: name.contains), !isFallbackOfAHelper(call) else { continue }
            for callee in bodies(calledBy: call) where deletesStore(callee, depth: depth + 1, visited: &visited) || removesWhatItIsHanded(callee, by: call) { return true }
        }
        return false
    }

    /// Whether a deleting helper's call inside another helper runs only where that helper's own
    /// work could not be done: in the `catch` of a `do` that moves the store's files aside (a
    /// quarantine that deletes only what it could not move), or where the lookup of the folder
    /// it moves them from found none, which the system always finds (`guard let folder =
    /// Self.storeFolder else { resetAll() }`, `storeFolder` being Application Support's).
    private func isFallbackOfAHelper(_ call: FunctionCallExprSyntax) -> Bool {
        if RemovalCalls.isLastResortOfAMove(call) { return true }
        let type = declarations.unit(around: call).map { declarations.units[$0].typeName } ?? ""
        return DestructiveCallFinder.runsOnlyWhereNoStandardFolderIs(call) { name in
            (declarations.unitsByKey["\(type).\(name)"] ?? []).first.map { declarations.units[$0].body.trimmedText }
        }
    }

    /// Whether the helper `body` removes files and `call` hands it a store file's name: written
    /// there (`deleteDatabase("Notes.sqlite")`), or a constant of the caller's type or a global
    /// one holding it (`deleteDatabase(kLocalStoreFilename)`).
    private func removesWhatItIsHanded(_ body: Syntax, by call: FunctionCallExprSyntax) -> Bool {
        guard !call.arguments.isEmpty, !(CodeDeclarations.parameters(ofBody: body)?.isEmpty ?? true) else { return false }
        let removals = RemovalCalls(viewMode: .sourceAccurate)
        removals.walk(body)
        guard removals.removesFiles else { return false }
        let type = declarations.unit(around: call).map { declarations.units[$0].typeName } ?? ""
        func namesAStore(_ expression: some SyntaxProtocol) -> Bool {
            let literals = StringLiterals(viewMode: .sourceAccurate)
            literals.walk(expression)
            return literals.found.contains { StoreFileName.isStoreFile(StoreCodeVisitor.lastComponent($0.text)) }
        }
        return call.arguments.contains { argument in
            if namesAStore(argument.expression) { return true }
            let names = NameReferences(viewMode: .sourceAccurate)
            names.walk(argument.expression)
            return names.names.contains { name in
                Set([type, ""]).flatMap { declarations.unitsByKey["\($0).\(name)"] ?? [] }.contains { namesAStore(declarations.units[$0].body) }
            }
        }
    }

    /// A name that says it moves the store out of its place (`moveStoreAside`, `quarantineStore`).
    static func isNamedForMovingAside(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased.contains("aside") || lowercased.contains("quarantine")
    }

    /// Whether `call` calls a helper of the project that moves files somewhere other than a
    /// parameter it is given (`moveItem(at: file, to: backupFolder.appending(...))`): out of the
    /// place of the URL it is handed, not into it.
    func movesFiles(_ call: FunctionCallExprSyntax) -> Bool {
        bodies(calledBy: call).contains { body in
            let parameters = Set((CodeDeclarations.parameters(ofBody: body) ?? []).map { ($0.secondName ?? $0.firstName).text })
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(body)
            return calls.found.contains { moved in
                guard SynchronousCode.calledName(moved) == "moveItem", let destination = moved.arguments.first(where: { $0.label?.text == "to" }) else { return false }
                return !parameters.contains(destination.expression.trimmedText)
            }
        }
    }

    /// The calls that write a copy of a file or a store elsewhere, and keep the original.
    static let copyingCalls: Set<String> = ["copyItem", "migratePersistentStore", "replacePersistentStore"]

    /// The call before the deletion `call` leads to that keeps a copy of the store's files: in the
    /// helper it calls, a copy (`copyItem`, `migratePersistentStore`) or a helper of the project
    /// that makes one (`copyStoreFilesAside()`, whose loop copies each file into a backup
    /// folder) before the call that deletes. As written, nil where none is.
    func copyKept(beforeDeletingIn call: FunctionCallExprSyntax) -> String? {
        callsBeforeDeleting(in: call).lazy.compactMap(copy(among:)).first
    }

    /// The calls that list the files of a folder on the device.
    static let fileListingCalls: Set<String> = ["enumerator", "contentsOfDirectory", "subpathsOfDirectory", "subpaths"]

    /// The call, after the deletion `call` leads to, that fills the new store again from files
    /// on the device: in the helper it calls, the store opened again and then a helper of the
    /// project that lists a folder's files (`FileManager`'s `enumerator(at:)`), itself or one
    /// level down, as an index of those files is built (`rebuild() { destroyIndex();
    /// loadPersistentStores {...}; Entry.index(checkout:into:) }`). As written, nil where none is.
    func refillFromFiles(afterDeletingIn call: FunctionCallExprSyntax) -> String? {
        for (calls, deletion) in deletions(calledBy: call) {
            let after = calls.found.filter { $0.position >= deletion.endPosition && Self.runsBefore(Syntax(deletion), Syntax($0)) }
            guard after.contains(where: { Self.openingCalls.contains(SynchronousCode.calledName($0) ?? "") }) else { continue }
            for refill in after {
                guard let name = SynchronousCode.calledName(refill), !Self.deletingWords.contains(where: name.lowercased().contains) else { continue }
                if listsFiles(calledBy: refill, depth: 2) { return "\(refill.calledExpression.trimmedText)(\(refill.arguments.compactMap { $0.label?.text }.map { $0 + ":" }.joined()))" }
            }
        }
        return nil
    }

    /// Whether a helper of the project `call` reaches, within `depth` calls, lists a folder's files.
    private func listsFiles(calledBy call: FunctionCallExprSyntax, depth: Int) -> Bool {
        bodies(calledBy: call).contains { body in
            let inner = AllCalls(viewMode: .sourceAccurate)
            inner.walk(body)
            return inner.found.contains { Self.fileListingCalls.contains(SynchronousCode.calledName($0) ?? "") }
                || depth > 1 && inner.found.contains { listsFiles(calledBy: $0, depth: depth - 1) }
        }
    }

    /// The call before the deletion `call` leads to that reads what the store holds into memory,
    /// to write it into a new store after (`exportFromStore(at:)`, a helper that opens the file
    /// with `sqlite3_open`). As written, nil where none is.
    func readOut(beforeDeletingIn call: FunctionCallExprSyntax) -> String? {
        callsBeforeDeleting(in: call).lazy.compactMap(readOut(among:)).first
    }

    /// For each body `call` may run that deletes the store, its calls and the first of them that
    /// deletes it (`removeItem`, `destroyPersistentStore`, or a helper named for deleting that does).
    private func deletions(calledBy call: FunctionCallExprSyntax) -> [(calls: AllCalls, deletion: FunctionCallExprSyntax)] {
        bodies(calledBy: call).compactMap { body in
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(body)
            var visited: Set<SyntaxIdentifier> = [body.id]
            return calls.found.first(where: { found in
                let name = SynchronousCode.calledName(found) ?? ""
                if Self.deletingCalls.contains(name) { return true }
                return Self.deletingWords.contains(where: name.lowercased().contains) && bodies(calledBy: found).contains { deletesStore($0, depth: 2, visited: &visited) }
            }).map { (calls, $0) }
        }
    }

    /// For each body `call` may run, the calls it makes before its first that deletes the store.
    private func callsBeforeDeleting(in call: FunctionCallExprSyntax) -> [[FunctionCallExprSyntax]] {
        deletions(calledBy: call).map { calls, deletion in
            calls.found.filter { $0.position < deletion.position && Self.runsBefore(Syntax($0), Syntax(deletion)) }
        }
    }

    /// Whether `earlier` runs whenever `later` does: it lies in no branch's body (an `if`'s or a
    /// `guard`'s block, a `case`, a `catch`, a closure) that does not hold `later` too. A call in
    /// a condition (`guard backUp() else { return }`) runs.
    private static func runsBefore(_ earlier: Syntax, _ later: Syntax) -> Bool {
        var node = earlier.parent
        while let current = node, !(current.position <= later.position && later.endPosition <= current.endPosition) {
            if let block = current.as(CodeBlockSyntax.self), block.parent?.is(IfExprSyntax.self) == true || block.parent?.is(GuardStmtSyntax.self) == true { return false }
            if current.is(SwitchCaseSyntax.self) || current.is(CatchClauseSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
            node = current.parent
        }
        return true
    }

    /// The first of `calls` that reads a store's content out (named for an export, or opening a
    /// file with SQLite), or calls a helper of the project that does, as written.
    private func readOut(among calls: [FunctionCallExprSyntax]) -> String? {
        func reads(_ name: String) -> Bool { name.lowercased().contains("export") || name.hasPrefix("sqlite3_open") }
        for call in calls {
            guard let name = SynchronousCode.calledName(call) else { continue }
            if reads(name) { return name + "()" }
            let opens = bodies(calledBy: call).contains { body in
                let inner = AllCalls(viewMode: .sourceAccurate)
                inner.walk(body)
                return inner.found.contains { (SynchronousCode.calledName($0) ?? "").hasPrefix("sqlite3_open") }
            }
            if opens { return name + "()" }
        }
        return nil
    }

    /// The first of `calls` that copies a file or a store, or calls a helper of the project whose
    /// body does, as written (`copyItem(at:to:)`, `backupStore()`).
    func copy(among calls: [FunctionCallExprSyntax]) -> String? {
        for call in calls {
            guard let name = SynchronousCode.calledName(call) else { continue }
            if Self.copyingCalls.contains(name) { return "\(name)(\(call.arguments.compactMap { $0.label?.text }.map { $0 + ":" }.joined()))" }
            let copies = bodies(calledBy: call).contains { body in
                let inner = AllCalls(viewMode: .sourceAccurate)
                inner.walk(body)
                return inner.found.contains { Self.copyingCalls.contains(SynchronousCode.calledName($0) ?? "") }
            }
            if copies { return name + "()" }
        }
        return nil
    }

    /// The framework's types that make or describe a store, which projects extend.
    static let storeTypes: Set<String> = [
        "ModelConfiguration", "ModelContainer", "NSPersistentContainer", "NSPersistentCloudKitContainer", "NSPersistentStoreDescription", "NSPersistentStoreCoordinator",
    ]

    /// Whether `call` calls a helper whose body makes an in-memory store or configuration
    /// (`ModelConfiguration(isStoredInMemoryOnly: true)`, `.init(schema: s, isStoredInMemoryOnly:
    /// true)` in an extension of `ModelConfiguration`, `NSInMemoryStoreType`).
    /// One that makes an in-memory store only in its own `catch` (a recovery store on disk first)
    /// is judged where it is: its fallback is its own opening's.
    /// So does a helper that opens a `ModelContainer` with a configuration the call hands it in
    /// memory (`makeEmergencyContainer(configuration: emergency)`, `emergency` bound to
    /// `ModelConfiguration(isStoredInMemoryOnly: true)`).
    func makesAnInMemoryStore(_ call: FunctionCallExprSyntax) -> Bool {
        if handsAnInMemoryConfiguration(call), bodies(calledBy: call).contains(where: { ByteSearch.contains("ModelContainer(", in: $0.trimmedText) }) { return true }
        return bodies(calledBy: call).contains { body in
            let configurations = InMemoryConfigurations(viewMode: .sourceAccurate)
            configurations.walk(body)
            let finder = DestructiveCallFinder(helpers: nil)
            finder.walk(body)
            let made = configurations.found + finder.found.filter { $0.1 == .fallsBackToMemory }.map(\.0)
            return made.contains { !Self.isInACatch($0, of: body) }
        }
    }

    /// Whether an argument of `call` is a configuration in memory: written there, or a name the
    /// enclosing function binds to one.
    private func handsAnInMemoryConfiguration(_ call: FunctionCallExprSyntax) -> Bool {
        func saysInMemory(_ text: String) -> Bool { ByteSearch.contains("isStoredInMemoryOnly:true", in: String(text.filter { $0 != " " && $0 != "\n" })) }
        var enclosing = call.parent
        while let syntax = enclosing, !syntax.is(CodeBlockSyntax.self) || !(syntax.parent?.is(FunctionDeclSyntax.self) ?? false || syntax.parent?.is(InitializerDeclSyntax.self) ?? false) {
            enclosing = syntax.parent
        }
        return call.arguments.contains { argument in
            if saysInMemory(argument.expression.trimmedText) { return true }
            guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let body = enclosing else { return false }
            let binding = BindingFinder(name: name, usedAt: Syntax(call))
            binding.walk(body)
            return binding.value.map { saysInMemory($0.trimmedText) } ?? false
        }
    }

    /// Whether `call` calls a helper that always stops the app: declared to return `Never`, or
    /// whose body ends with `fatalError`, `abort()` or `exit` (`func logCrash(_ error: Error) {
    /// log(error); fatalError() }`, not declared `-> Never`).
    /// A member whose whole body stops the app with a message that says subclasses replace it
    /// (`fatalError("Must be overridden by subclass")`, `"abstract"`, `"not implemented"`) is a
    /// placeholder: the subclasses' overrides, often in files that name no store, are what runs.
    func stopsTheApp(_ call: FunctionCallExprSyntax) -> Bool {
        bodies(calledBy: call).contains { body in
            // Of the members of the name (a logger's `error(_:_:)` beside the app's own
            // `error(_:description:) -> Never`), only one whose labels the call's fit is called.
            guard let function = body.parent?.as(FunctionDeclSyntax.self), Self.accepts(call, function.signature.parameterClause.parameters) else { return false }
            if function.signature.returnClause?.type.trimmedText == "Never" { return true }
            let last = function.body?.statements.last?.item
            let ending = last?.as(FunctionCallExprSyntax.self) ?? last?.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            guard let ending, Self.stops(ending) else { return false }
            return !(function.body?.statements.count == 1 && Self.saysSubclassesReplaceIt(ending))
        }
    }

    /// Whether the helper `call` calls, where it stops the app (`stopsTheApp`), first shows the
    /// person a modal alert (`ModalAlert`): the app quits once they have read why.
    func tellsThePersonBeforeStopping(_ call: FunctionCallExprSyntax) -> Bool {
        bodies(calledBy: call).contains { body in
            guard let function = body.parent?.as(FunctionDeclSyntax.self), Self.accepts(call, function.signature.parameterClause.parameters),
                  let statements = function.body?.statements else { return false }
            // (`stopsTheApp` found the helper's stop as its last statement, or as its `-> Never`:
            // the alert is shown in what runs before.)
            return ModalAlert.isShown(in: statements.dropLast().map(\.trimmedDescription))
        }
    }

    /// Whether `call`'s argument labels fit `parameters` in order: each argument takes the next
    /// parameter of its label (`_` for none), a parameter passed over has a default, a variadic
    /// one takes the unlabeled arguments after it, and trailing closures take what is left.
    static func accepts(_ call: FunctionCallExprSyntax, _ parameters: FunctionParameterListSyntax) -> Bool {
        let parameters = Array(parameters)
        var next = 0
        var variadic: Int?
        for argument in call.arguments {
            let label = argument.label?.text ?? "_"
            if label == "_", let open = variadic, open == next - 1 { continue }
            while next < parameters.count, parameters[next].firstName.text != label {
                guard parameters[next].defaultValue != nil || parameters[next].ellipsis != nil else { return false }
                next += 1
            }
            guard next < parameters.count else { return false }
            variadic = parameters[next].ellipsis != nil ? next : nil
            next += 1
        }
        if call.trailingClosure != nil { return true }
        return parameters[next...].allSatisfy { $0.defaultValue != nil || $0.ellipsis != nil }
    }

    /// Whether a stop's message says the member is for subclasses to replace.
    static func saysSubclassesReplaceIt(_ stop: FunctionCallExprSyntax) -> Bool {
        let message = stop.arguments.trimmedText.lowercased()
        return ["overrid", "subclass", "abstract", "not implemented", "unimplemented"].contains { ByteSearch.contains($0, in: message) }
    }

    /// Whether `call` is `fatalError`, `abort()`, `preconditionFailure` or `exit` itself.
    static func stops(_ call: FunctionCallExprSyntax) -> Bool {
        SynchronousCode.calledName(call).map(DestructiveCallFinder.stoppingCalls.contains) ?? false
    }

    private static func isInACatch(_ node: Syntax, of body: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if syntax.is(CatchClauseSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }

    /// The bodies of the functions of the project `call` may call, resolved by name.
    /// Whether a body `call` runs reads the property `name` (unqualified or on `self`) before it
    /// deletes or destroys anything.
    func readsFirst(_ name: String, calledBy call: FunctionCallExprSyntax) -> Bool {
        bodies(calledBy: call).contains { body in
            let read = body.tokens(viewMode: .sourceAccurate).first { token in
                guard token.tokenKind == .identifier(name), let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
                guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id else { return true }
                return ["self", "self?", "self!"].contains(member.base?.trimmedText ?? "")
            }
            guard let read else { return false }
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(body)
            return !calls.found.contains { call in
                call.position < read.position && (deletesStore(Syntax(call)) || Self.deletingCalls.contains(SynchronousCode.calledName(call) ?? ""))
            }
        }
    }

    private func bodies(calledBy call: FunctionCallExprSyntax) -> [Syntax] {
        guard let name = SynchronousCode.calledName(call) else { return [] }
        var types: Set<String>
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            // `.memoryOnly(schema:)`: a static member of the type the context expects. `.init(...)`
            // makes a value of that type, which only the compiler knows (a widget's entry in a
            // `return .init(...)`): only the project's initializers of the store's own types
            // (an extension of `ModelConfiguration`) may be meant.
            guard let base = member.base?.trimmedText else {
                let types = (declarations.typesByMember[name] ?? []).filter { name != "init" || Self.storeTypes.contains($0) }
                return types.sorted().flatMap { bodies(of: $0, name) }
            }
            if ["self", "self?", "self!", "Self"].contains(base) {
                types = declarations.typesByMember[name] ?? []
            } else if declarations.typeNames.contains(base) || declarations.unitsByKey["\(base).\(name)"] != nil {
                // A type of the project, or a framework's type the project extends.
                types = [base]
            } else if CodeDeclarations.isAValue(member.base) {
                // `container.destroyStores()`: a value's member, declared by the project's types
                // (an extension of `NSPersistentContainer`) or by none of them. A value declared
                // of a framework's type (`coordinator: NSPersistentStoreCoordinator`) calls the
                // framework's method, unless the project extends that type with one of the name.
                types = declarations.callsAFrameworkMethod(call, named: name) ? [] : declarations.typesByMember[name] ?? []
            } else {
                return []
            }
        } else {
            types = (declarations.typesByMember[name] ?? []).union([""])
        }
        return types.sorted().flatMap { bodies(of: $0, name) }
    }

    private func bodies(of type: String, _ name: String) -> [Syntax] {
        (declarations.unitsByKey["\(type).\(name)"] ?? []).map { declarations.units[$0].body }
    }

    private func deletesStore(_ body: Syntax) -> Bool {
        let removals = RemovalCalls(viewMode: .sourceAccurate)
        removals.walk(body)
        if removals.destroysStore { return true }
        guard removals.removesFiles else { return false }
        if Self.removesAnOpenedStoresFile(body) { return true }
        let literals = StringLiterals(viewMode: .sourceAccurate)
        literals.walk(body)
        // The names it removes may come from a function of the project whose result it goes
        // through (`for file in files(for: url) { removeItem(at: file) }`, where `files(for:)`
        // adds "-wal" and "-shm"); not those of files it only copies or backs up.
        let names = ReferencedNames(viewMode: .sourceAccurate)
        names.walk(body)
        let removed = Set(names.removed.map(\.trimmedText))
        for loop in names.loops where removed.contains(loop.name) {
            guard let call = loop.value.as(FunctionCallExprSyntax.self) else { continue }
            for callee in bodies(calledBy: call) where callee.id != body.id { literals.walk(callee) }
        }
        // SwiftData's `default.store` in Documents, where no configuration is given a `url:`, is
        // no store: SwiftData keeps it in Application Support.
        let storeNames = Set(literals.found.map { StoreCodeVisitor.lastComponent($0.text) }.filter { StoreFileName.isStoreFile($0) || ["sqlite", "sqlite3", "store"].contains($0) })
        if storeNames == ["default.store"], !declarations.mayPlaceAStoreByURL {
            let text = body.trimmedDescription
            if PathWords.documentsFolder.words.contains(where: { ByteSearch.contains($0, in: text) }),
               !PathWords.applicationSupportFolder.words.contains(where: { ByteSearch.contains($0, in: text) }) { return false }
        }
        // A store file's name, or its extension given on its own (`appendingPathExtension("sqlite")`).
        if !storeNames.isEmpty { return true }
        // A companion's name (`"-wal"`, `appendingPathExtension("store-wal")`) names the store too
        // where the helper removes the store beside it: the empty suffix of `["", "-wal", "-shm"]`,
        // or the store's URL it is handed (`removeStoreFiles(at: storeURL)`). One that takes no
        // store and lists only the companions (`deleteSidecarsOnly()`) leaves the store in place.
        guard literals.found.contains(where: { $0.text.hasSuffix("-wal") || $0.text.hasSuffix("-shm") }) else { return false }
        let takesAStore = body.parent?.as(FunctionDeclSyntax.self).map { !$0.signature.parameterClause.parameters.isEmpty } ?? false
        return takesAStore || literals.found.contains { $0.text.isEmpty } || removesAStoreProperty(body)
    }

    /// Whether `body` removes the file at a store description's or an added store's URL
    /// (`container.persistentStoreDescriptions.first?.url`, `coordinator.persistentStores.first?.url`,
    /// `coordinator.url(for: store)`), or at a name bound to one.
    private static func removesAnOpenedStoresFile(_ body: Syntax) -> Bool {
        let names = ReferencedNames(viewMode: .sourceAccurate)
        names.walk(body)
        func isStoreURL(_ text: String) -> Bool {
            ["persistentStoreDescriptions", "persistentStores", ".url(for:"].contains { ByteSearch.contains($0, in: text) }
        }
        // Names bound to such a URL, to a name bound to one, or to a list holding one; loop
        // variables going through such a list.
        var bound: Set<String> = []
        func holdsAStore(_ value: ExprSyntax) -> Bool {
            if isStoreURL(value.trimmedText) || bound.contains(value.trimmedText) { return true }
            return value.as(ArrayExprSyntax.self)?.elements.contains { holdsAStore($0.expression) } ?? false
        }
        let sources = names.bindings + names.loops
        while true {
            let more = Set(sources.filter { !bound.contains($0.name) && holdsAStore($0.value) }.map(\.name))
            guard !more.isEmpty else { break }
            bound.formUnion(more)
        }
        return names.removed.contains { isStoreURL($0.trimmedText) || bound.contains($0.trimmedText) }
    }

    /// Whether `body` removes, itself, a property of the project whose value names a store file
    /// (`Self.storeURL`, declared `static var storeURL: URL { ... "default.store" }`), or a
    /// constant bound to one: handed to `removeItem(at:)` or listed beside its companions
    /// (`for url in [base, wal, shm]`). One that only builds the companions' names from it
    /// leaves the store in place.
    private func removesAStoreProperty(_ body: Syntax) -> Bool {
        let names = ReferencedNames(viewMode: .sourceAccurate)
        names.walk(body)
        var stores = names.found.filter { name in
            (declarations.typesByMember[name] ?? []).union([""]).contains { type in
                (declarations.unitsByKey["\(type).\(name)"] ?? []).contains { unit in
                    guard declarations.units[unit].body.parent?.is(FunctionDeclSyntax.self) != true else { return false }
                    let literals = StringLiterals(viewMode: .sourceAccurate)
                    literals.walk(declarations.units[unit].body)
                    return literals.found.contains { StoreFileName.isStoreFile(StoreCodeVisitor.lastComponent($0.text)) }
                }
            }
        }
        guard !stores.isEmpty else { return false }
        func lastName(_ expression: ExprSyntax) -> String { String(expression.trimmedText.split(separator: ".").last ?? "") }
        stores.formUnion(names.bindings.filter { stores.contains(lastName($0.value)) }.map(\.name))
        return names.removed.contains { stores.contains(lastName($0)) } || names.listed.contains { stores.contains(lastName($0)) }
    }
}

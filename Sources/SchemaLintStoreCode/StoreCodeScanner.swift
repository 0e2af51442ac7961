import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// The store-handling facts of one Swift file. Openings come back with the unit they are in, for
/// `LaunchPaths`; everything else is complete per file. Values are followed only through names
/// bound in the same unit or properties of the same type; a URL computed anywhere else is not a
/// store to this scanner (docs/store-code.md says where it is blind).
struct StoreCodeScanner {
    let file: StoreCodeSourceFile
    let declarations: CodeDeclarations

    struct Scanned {
        var facts = StoreCodeFacts()
        var openings: [LocatedOpening] = []
        /// Openings whose error leaves a throwing function, for `ErrorPaths`.
        var escapes: [EscapingFailure] = []
        /// Where stores that keep nothing (in memory, at `/dev/null`) are loaded outside previews.
        var inMemoryLoads: [SchemaLintCore.SourceLocation] = []
    }

    func scan() -> Scanned {
        let visitor = StoreCodeVisitor(file: file, declarations: declarations)
        visitor.walk(file.tree)
        var scanned = visitor.scanned
        if !scanned.openings.isEmpty || !scanned.inMemoryLoads.isEmpty, let model = CompiledModelNames.single(in: file.tree) {
            for index in scanned.openings.indices where scanned.openings[index].opening.call != .modelContainer { scanned.openings[index].opening.modelName = model }
            if let first = scanned.inMemoryLoads.min() { scanned.facts.modelsOpenedInMemory[model] = first }
        } else if let first = scanned.inMemoryLoads.min() {
            scanned.facts.unnamedModelOpenedInMemory = first
        }
        return scanned
    }
}

final class StoreCodeVisitor: SyntaxVisitor {
    let file: StoreCodeSourceFile
    let declarations: CodeDeclarations
    var scanned = StoreCodeScanner.Scanned()
    /// Types (by name; "" for top-level code) that set `shouldMigrateStoreAutomatically = false`
    /// or `shouldAddStoreAsynchronously = true` on a store description.
    private var migrationOff: Set<String> = []
    /// Types that set `shouldInferMappingModelAutomatically = false` on a store description.
    private var inferenceOff: Set<String> = []
    private var addsAsynchronously: Set<String> = []
    /// Types whose stores are kept in memory only (`NSInMemoryStoreType`, never `NSSQLiteStoreType`):
    /// test and preview stacks, with nothing to migrate or lose.
    private var inMemoryOnly: Set<String> = []
    /// Units that open a store and set it in memory only, beside a type's other openings.
    private var inMemoryOnlyUnits: Set<Int> = []
    /// Whether a name bound in a unit holds a store URL, once worked out (`isStore`): each name is
    /// followed once, so the work stays linear in the names however they refer to each other.
    /// By unit, then name: keys of types the process already hashes, since the first dictionary
    /// with a key type of its own costs a search of every conformance of the binary at run time
    /// (docs/performance.md).
    private var storeBindings: [Int: [String: Bool]] = [:]
    /// `storeArguments(in:)` of each unit asked.
    private var storeArgumentNames: [Int: Set<String>] = [:]
    private var storePropertiesByType: [String: Set<String>] = [:]
    /// `binding(of:in:)` of each name asked, by unit, where no place of use narrows it: each is a
    /// walk of the unit, and the same names are asked again as bindings are followed.
    private var plainBindings: [Int: [String: ExprSyntax?]] = [:]
    /// `isMade(of:_:depth:)` of each expression asked, by what is looked for, the expression's
    /// start and end in the file and the depth asked at: followed names lead to the same values
    /// again, and without this a file of long expressions made of many names costs a walk per name
    /// per step.
    private var valuesMadeOf: [MadeOfKey: Bool] = [:]

    private struct MadeOfKey: Hashable {
        let sought: PathWords
        let start: Int
        let end: Int
        let depth: Int
    }

    /// The file reads a store's metadata (`isConfiguration(withName:compatibleWithStoreMetadata:)`,
    /// `mergedModel(from:forStoreMetadata:)`, `metadataForPersistentStore`): it decides itself what happens
    /// to a store of an earlier version before adding it (migrates it, or deletes it, which is
    /// judged on its own), so options that ask for no migration are its choice.
    /// The file's text, made once for the searches of the whole file below.
    private lazy var sourceBytes = Array(file.tree.description.utf8)
    private lazy var checksStoreCompatibility = ByteSearch.containsAny(Self.storeMetadataWords, in: sourceBytes)
    private static let storeMetadataWords = ByteSearch.Words(["compatibleWithStoreMetadata", "forStoreMetadata", "metadataForPersistentStore"].map { Array($0.utf8) })
    /// Whether the file gives MagicalRecord a way of its own to handle a store that fails to open:
    /// an error handler, or the deletion of a mismatched store (a finding of its own).
    private lazy var handlesMagicalRecordErrors = ByteSearch.containsAny(MagicalRecordFailure.handlingWords, in: sourceBytes)

    init(file: StoreCodeSourceFile, declarations: CodeDeclarations) {
        self.file = file
        self.declarations = declarations
        super.init(viewMode: .sourceAccurate)
        let settings = DescriptionSettings(viewMode: .sourceAccurate)
        if file.mayChooseStoreSettings { settings.walk(file.tree) }
        for (node, property, value) in settings.found {
            let type = declarations.unit(around: node).map { declarations.units[$0].typeName } ?? ""
            if property == "shouldMigrateStoreAutomatically", value == false { migrationOff.insert(type) }
            if property == "shouldInferMappingModelAutomatically", value == false { inferenceOff.insert(type) }
            // (`shouldAddStoresAsynchronously`: a container class of a library that adds each of its stores so.)
            if property == "shouldAddStoreAsynchronously" || property == "shouldAddStoresAsynchronously", value == true { addsAsynchronously.insert(type) }
        }
        var inMemory: Set<String> = [], onDisk: Set<String> = []
        var inMemoryHere: Set<Int> = [], onDiskHere: Set<Int> = []
        // Each unit's callers are looked for once, however many settings it makes.
        var keptInMemory: [Int: Bool] = [:]
        func everyCallKeepsInMemory(_ unit: Int) -> Bool {
            if let known = keptInMemory[unit] { return known }
            let answer = everyCallKeepsItInMemory(unit)
            keptInMemory[unit] = answer
            return answer
        }
        for (node, isInMemory) in settings.storeTypes {
            let unit = declarations.unit(around: node)
            let type = unit.map { declarations.units[$0].typeName } ?? ""
            // An in-memory store made only sometimes (`if inMemory`, under a test launch
            // argument) or for previews, or a test of the type (`if description.type ==
            // NSInMemoryStoreType`), says nothing of the store the type opens otherwise.
            // A branch on the unit's in-memory parameter runs every time where every call of the
            // unit passes `true` for it (a stack's `configure(inMemory:)` that only previews call).
            if isInMemory, isInPreview(node) || (Self.runsOnlySometimes(node) || isInAMethodCalledOnlySometimes(node)) && !(unit.map(everyCallKeepsInMemory) ?? false) { continue }
            // Memory set beside an opening (a scratch container's `lazy var`) is that opening's
            // store; set elsewhere (a description made by a method), the type's. A store on disk
            // named anywhere in the type says it keeps one.
            if !isInMemory {
                onDisk.insert(type)
                if let unit { onDiskHere.insert(unit) }
            } else if let unit, Self.opensAStore(declarations.units[unit].body) {
                inMemoryHere.insert(unit)
            } else {
                inMemory.insert(type)
            }
        }
        inMemoryOnly = inMemory.subtracting(onDisk)
        inMemoryOnlyUnits = inMemoryHere.subtracting(onDiskHere)
    }

    /// Whether the unit has an in-memory parameter and the files read call it, each time with
    /// `true` for that parameter: written, or left out where its default is `true`
    /// (`init(inMemory: Bool = true)` made as `Stack()`).
    private func everyCallKeepsItInMemory(_ unit: Int) -> Bool {
        guard let parameter = inMemoryParameter(of: unit) else { return false }
        let defaultsToTrue = inMemoryParameterDefaultsToTrue(unit)
        let made = calls(of: unit)
        // Made only in files that name no store API (SwiftUI previews, which are not read) or
        // by tests (a target the run does not read), a type or function named for previews or
        // tests whose parameter defaults to `true` keeps its store in memory: only a call that
        // passes `false` would give it a file, and what is named so is not the store people run.
        if made.isEmpty, defaultsToTrue {
            let names = [declarations.units[unit].typeName, declarations.units[unit].key.split(separator: ".").last.map(String.init) ?? ""]
            return names.contains(where: Self.isNamedForPreviewsOrTests)
        }
        return !made.isEmpty && made.allSatisfy { call in
            ErrorPaths.passesTrue(call, to: parameter) || defaultsToTrue && !ErrorPaths.passesArgument(call, to: parameter)
        }
    }

    /// The calls of the unit in the other units of the files read, by its name (its type's for an
    /// initializer) and argument labels: `fileManager.copyItem(at:to:)` is Foundation's, not a
    /// project's `copyItem(at:to:shouldReplace:)`.
    private func calls(of unit: Int) -> [FunctionCallExprSyntax] {
        let member = declarations.units[unit].key.split(separator: ".").last.map(String.init) ?? ""
        let name = member == "init" ? declarations.units[unit].typeName : member
        return declarations.calls.calls(named: name, in: declarations).filter {
            let labels = CodeDeclarations.argumentLabels(of: $0.call)
            return $0.unit != unit && !declarations.callsAFrameworkMethod($0.call, named: name) && declarations.units[unit].accepts(labels: labels)
                && !declarations.callsAnotherInitializer(with: labels, than: unit)
        }.map(\.call)
    }

    /// Whether the unit's in-memory parameter defaults to `true` (`init(inMemory: Bool = true)`).
    private func inMemoryParameterDefaultsToTrue(_ unit: Int) -> Bool {
        guard let parameter = inMemoryParameter(of: unit), let declared = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init),
              parameter.index < declared.count else { return false }
        return declared[parameter.index].defaultValue?.value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    }

    private static func opensAStore(_ body: Syntax) -> Bool {
        let text = body.trimmedText
        return ByteSearch.contains("loadPersistentStores", in: text) || ByteSearch.contains("addPersistentStore", in: text)
    }

    /// Whether the store opened at `node` is kept in memory only, by what its unit or its type sets.
    private func opensOnlyInMemory(_ node: some SyntaxProtocol) -> Bool {
        if inMemoryOnly.contains(typeName(around: node)) { return true }
        return declarations.unit(around: node).map { inMemoryOnlyUnits.contains($0) } ?? false
    }

    /// Whether `node` lies in a method of its type (`useMemoryStore()`) that the type's code calls
    /// only in a branch (`if inMemory { useMemoryStore() }`), or never: what such a method sets is
    /// not the store the type opens otherwise.
    private func isInAMethodCalledOnlySometimes(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current, !syntax.is(FunctionDeclSyntax.self) {
            if syntax.is(InitializerDeclSyntax.self) || syntax.is(AccessorDeclSyntax.self) || syntax.is(PatternBindingSyntax.self) { return false }
            current = syntax.parent
        }
        guard let function = current?.as(FunctionDeclSyntax.self), let unit = declarations.unit(around: node) else { return false }
        let name = function.name.text
        let type = declarations.units[unit].typeName
        let calls = AllCalls(viewMode: .sourceAccurate)
        for other in declarations.units.indices where other != unit && declarations.units[other].typeName == type {
            calls.walk(declarations.units[other].body)
        }
        return calls.found.filter { SynchronousCode.calledName($0) == name }.allSatisfy(Self.runsOnlySometimes)
    }

    /// Whether `node` lies in a branch of its unit's code (an `if`'s or `guard`'s body, a `switch`
    /// case, one side of `?:`, what follows a `guard` whose `else` returns something else made
    /// there) or in a condition.
    private static func runsOnlySometimes(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self) || syntax.is(AccessorDeclSyntax.self) || syntax.is(PatternBindingSyntax.self) { return false }
            if syntax.is(SwitchCaseSyntax.self) || syntax.is(TernaryExprSyntax.self) || syntax.is(GuardStmtSyntax.self) || syntax.is(ConditionElementSyntax.self) { return true }
            if syntax.is(CodeBlockSyntax.self), syntax.parent?.is(IfExprSyntax.self) ?? false { return true }
            if let item = syntax.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
               list.prefix(while: { $0.id != item.id }).contains(where: { $0.item.as(GuardStmtSyntax.self).map(returnsAnAlternative) ?? false }) {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// `guard isTesting else { return NSPersistentCloudKitContainer(name: "Links") }`: a choice
    /// between two things the function returns, as an `if`/`else` is, not a precondition that
    /// gives up (`else { return nil }`, `else { fatalError() }`).
    private static func returnsAnAlternative(_ guardStatement: GuardStmtSyntax) -> Bool {
        guard var returned = guardStatement.body.statements.last?.item.as(ReturnStmtSyntax.self)?.expression else { return false }
        if let tried = returned.as(TryExprSyntax.self) { returned = tried.expression }
        return returned.is(FunctionCallExprSyntax.self)
    }

    private func place(_ node: some SyntaxProtocol) -> CodePlace {
        CodePlace(file.location(of: node), in: declarations.declaration(around: node))
    }

    static let containerTypes: Set<String> = ["NSPersistentContainer", "NSPersistentCloudKitContainer"]

    /// Whether `node` lies in an extension of one of `containers` (Core Data's classes) or of a
    /// class of the project that inherits from one, or in such a class, where
    /// `loadPersistentStores { ... }` (a container's) or `addPersistentStore(ofType:...)` (a
    /// coordinator's) with no receiver is the class's own.
    private func isInside(_ containers: Set<String>, _ node: some SyntaxProtocol) -> Bool {
        func unqualified(_ type: TypeSyntax?) -> String? {
            type.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" }
        }
        // `class EventsContainer: AppContainer`, `class AppContainer: NSPersistentContainer`.
        func isContainer(_ type: String?) -> Bool {
            var name = type
            for _ in 0..<4 {
                guard let current = name else { return false }
                if containers.contains(current) { return true }
                name = declarations.superclasses[current]
            }
            return false
        }
        var current = node.parent
        while let syntax = current {
            if let extended = syntax.as(ExtensionDeclSyntax.self) { return isContainer(unqualified(extended.extendedType)) }
            if let type = syntax.as(ClassDeclSyntax.self) {
                return isContainer(unqualified(type.inheritanceClause?.inheritedTypes.first?.type))
            }
            if syntax.is(StructDeclSyntax.self) || syntax.is(EnumDeclSyntax.self) || syntax.is(ActorDeclSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    private func typeName(around node: some SyntaxProtocol) -> String {
        declarations.unit(around: node).map { declarations.units[$0].typeName } ?? ""
    }

    // MARK: - Calls

    /// Nothing in `#if DEBUG` code opens, moves or loses the stores people have.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    /// Nor does the `else` of `if #available(iOS 10, *)` on systems no app built today runs on.
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.elseBody != nil, OldestSystems.alwaysAvailable(node.conditions) else { return .visitChildren }
        walk(node.conditions)
        walk(node.body)
        return .skipChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        OldestSystems.alwaysAvailable(node.conditions) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let member = node.calledExpression.as(MemberAccessExprSyntax.self)
        guard let name = SynchronousCode.calledName(node) else { return .visitChildren }
        let labels = node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        switch name {
        case "ModelContainer" where member == nil, "init" where Self.makesAModelContainer(node):
            // A container of a scratch file (a new name in the temporary folder, for screenshots
            // or a check) holds nothing of the person's.
            if !isInMemoryOrPreview(node), !isLoadedWithoutAFile(node), !opensAShippedReadOnlyStore(node) {
                addOpening(.modelContainer, node, migrates: true, asynchronously: SynchronousCode.runsOnABackgroundQueue(node))
                scanned.openings[scanned.openings.count - 1].opening.modelTypes = Self.modelTypes(of: node, in: declarations.unit(around: node).map { declarations.units[$0].body })
                scanned.openings[scanned.openings.count - 1].opening.opensTheDefaultStore = !node.arguments.contains { $0.label?.text == "configurations" }
                addFailureActions(ofThrowing: node, opening: .modelContainer)
            }
        // Core Data's call takes a completion handler: `self.loadPersistentStores()` is a method of the project's.
        case "loadPersistentStores" where (member != nil && (!node.arguments.isEmpty || node.trailingClosure != nil) || isInside(Self.containerTypes, node) && completionHandler(of: node) != nil)
            && !isInPreview(node) && (opensOnlyInMemory(node) || isLoadedWithoutAFile(node)):
            scanned.inMemoryLoads.append(file.location(of: node))
        case "loadPersistentStores" where (member != nil && (!node.arguments.isEmpty || node.trailingClosure != nil) || isInside(Self.containerTypes, node) && completionHandler(of: node) != nil)
            && !opensOnlyInMemory(node) && !isInPreview(node) && !isLoadedWithoutAFile(node):
            let type = typeName(around: node)
            // A container's override that hands the call on to `super` is the opening its callers
            // make, found where they call it: its own call is no second opening.
            if !isHandedOnBySuper(node) {
                // A description told not to migrate asks for no migration, as `addPersistentStore`'s
                // options without NSMigratePersistentStoresAutomaticallyOption do.
                addOpening(.loadPersistentStores, node, migrates: !migrationOff.contains(type), asynchronously: addsAsynchronously.contains(type) || SynchronousCode.runsOnABackgroundQueue(node),
                           declinesMigration: migrationOff.contains(type), unreadContainerClass: unreadSuperclass(ofContainerCalling: node))
            }
            if let closure = completionHandler(of: node) {
                addFailureActions(inCompletion: closure, opening: .loadPersistentStores, call: node)
                addEscape(ofCompletion: closure, opening: .loadPersistentStores, call: node)
            }
        // A store at `/dev/null`, or of the in-memory type, keeps nothing (previews and tests
        // write it so): nothing to migrate or lose.
        case "addPersistentStore" where (member != nil || isInside(["NSPersistentStoreCoordinator"], node) && labels.hasPrefix("ofType:"))
            && !opensOnlyInMemory(node) && !isInPreview(node) && !isLoadedWithoutAFile(node)
            && !ByteSearch.contains("\"/dev/null\"", in: node.arguments.first { $0.label?.text == "at" }?.expression.trimmedText ?? "")
            && !Self.namesTheInMemoryType(node.arguments.first { $0.label?.text == "ofType" }?.expression):
            let type = typeName(around: node)
            if labels.hasPrefix("with:") {
                addOpening(.addPersistentStore, node, migrates: !migrationOff.contains(type), asynchronously: addsAsynchronously.contains(type) || SynchronousCode.runsOnABackgroundQueue(node))
                if let closure = completionHandler(of: node) { addFailureActions(inCompletion: closure, opening: .addPersistentStore, call: node) }
            } else {
                let options = node.arguments.first { $0.label?.text == "options" }?.expression
                let migrates = options.map { migratesAutomatically($0) } ?? false
                addOpening(
                    .addPersistentStore, node, migrates: migrates, asynchronously: SynchronousCode.runsOnABackgroundQueue(node),
                    declinesMigration: (labels.hasPrefix("ofType:") || labels.hasPrefix("type:") || labels.hasPrefix("_:configuration:")) && declinesMigration(options)
                        && !opensABundledStore(node) && !checksStoreCompatibility && !copiesTheStoreAfter(node),
                    infers: !migrates || options.map { !leavesInferenceOff($0) } ?? true
                )
                if !copiesOutAReadOnlyStore(node) { addFailureActions(ofThrowing: node, opening: .addPersistentStore) }
            }
        // (A `where` binds only the last pattern of a case: each pattern gets its own.)
        case "setupCoreDataStack" where member?.base?.trimmedText == "MagicalRecord", "setupCoreDataStackWithStoreNamed" where member?.base?.trimmedText == "MagicalRecord":
            addOpening(.magicalRecordSetup, node, migrates: false, asynchronously: false, declinesMigration: !checksStoreCompatibility)
            addMagicalRecordFailure(node, opening: .magicalRecordSetup)
        case "setupAutoMigratingCoreDataStack" where member?.base?.trimmedText == "MagicalRecord", "setupCoreDataStackWithAutoMigratingSqliteStore" where member?.base?.trimmedText == "MagicalRecord",
             "setupCoreDataStackWithAutoMigratingSqliteStoreNamed" where member?.base?.trimmedText == "MagicalRecord":
            addOpening(.magicalRecordAutoMigratingSetup, node, migrates: true, asynchronously: false)
            addMagicalRecordFailure(node, opening: .magicalRecordAutoMigratingSetup)
        case "setShouldDeleteStoreOnModelMismatch" where member?.base?.trimmedText == "MagicalRecord" && node.arguments.first?.expression.trimmedText == "true":
            addDeletionOnModelMismatch(node, written: "MagicalRecord.setShouldDeleteStoreOnModelMismatch(true)")
        // CoreStore adds the store, and migrates it, before `addStorageAndWait` returns.
        case "addStorageAndWait" where member != nil:
            addFailureActions(ofThrowing: node, opening: .libraryStack)
        case "moveItem", "copyItem", "removeItem":
            guard !DestructiveCallFinder.namesNoFile(node) else { break }
            if member != nil { addFileOperation(node, name: name, labels: labels) }
            if name == "removeItem", member != nil, let target = node.arguments.first?.expression, isStore(target, depth: 0) {
                addDeletionWhenIncompatible(node, written: "FileManager.removeItem")
            }
        // The protection given to the store's file itself (`FileManager.setAttributes([.protectionKey:
        // .complete], ofItemAtPath: storeURL.path)`), also in a helper the store's URL is handed to.
        case "setAttributes" where member != nil && labels.hasPrefix("_:ofItemAtPath:"):
            guard let attributes = node.arguments.first?.expression, ByteSearch.contains("protectionKey", in: attributes.trimmedText),
                  let path = node.arguments.dropFirst().first?.expression, isStore(path, depth: 0) else { break }
            let finder = CompleteProtection(viewMode: .sourceAccurate)
            finder.walk(attributes)
            if let value = finder.found {
                scanned.facts.protections.append(StoreFileProtection(place: place(value), written: value.quotedText()))
            }
        case "destroyPersistentStore" where member != nil:
            addDeletionWhenIncompatible(node, written: "destroyPersistentStore")
        case "migratePersistentStore", "replacePersistentStore":
            scanned.facts.relocations.append(StoreRelocation(written: "\(name)(\(labels))", place: place(node.calledExpression)))
            // A copy into memory (`withType: NSInMemoryStoreType`) leaves the store as it was: its
            // failure loses nothing, and no launch depends on it.
            let intoMemory = node.arguments.contains { $0.label?.text == "withType" && ByteSearch.contains("InMemory", in: $0.expression.trimmedText) || $0.expression.trimmedText == ".inMemory" }
            if !isInPreview(node), !intoMemory, !copiesOutAReadOnlyStore(node) {
                addFailureActions(ofThrowing: node, opening: name == "migratePersistentStore" ? .migratePersistentStore : .replacePersistentStore)
            }
        // All objects of a model class deleted where the code's name says cache.
        case "delete" where member != nil && labels == "model:":
            addCacheClearing(node)
        // The model a store was made with, looked up to open the old store before it migrates.
        case "mergedModel" where labels.contains("forStoreMetadata:") && !isInPreview(node):
            scanned.facts.sourceModelPasses.append(file.location(of: node))
        // A migration with a mapping model the app runs itself (`NSMigrationManager`).
        case "migrateStore" where member != nil && labels.hasPrefix("from:") && !isInPreview(node):
            scanned.facts.handRunMigrations.append(file.location(of: node))
            addFailureActions(ofThrowing: node, opening: .migrateStore)
        case "register" where labels.hasPrefix("forTaskWithIdentifier:") && (member?.base.map { ByteSearch.contains("BGTaskScheduler", in: $0.trimmedText) } ?? false):
            scanned.facts.backgroundEvidence.append(BackgroundEvidence("BGTaskScheduler.register(forTaskWithIdentifier:)", at: file.location(of: node)))
        case "setMinimumBackgroundFetchInterval" where !ByteSearch.contains("never", in: node.arguments.trimmedText.lowercased()):
            scanned.facts.backgroundEvidence.append(BackgroundEvidence("setMinimumBackgroundFetchInterval", at: file.location(of: node)))
        case "backgroundTask" where member != nil:
            scanned.facts.backgroundEvidence.append(BackgroundEvidence("the SwiftUI .backgroundTask modifier", at: file.location(of: node)))
        default:
            break
        }
        return .visitChildren
    }

    /// CoreStore's `.recreateStoreOnModelMismatch`, among a store's `localStorageOptions`, where
    /// it is given, not asked about or taken out (`options.contains(...)`, `options.remove(...)`,
    /// `== .recreateStoreOnModelMismatch`: the library's own code and its debug descriptions).
    /// And an attribute description given its value transformer by code
    /// (`property.valueTransformerName = name`).
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "recreateStoreOnModelMismatch", !Self.isAskedAboutOrTakenOut(node) {
            addDeletionOnModelMismatch(node, written: ".recreateStoreOnModelMismatch")
        }
        if node.declName.baseName.text == "valueTransformerName", let elements = node.parent?.as(ExprListSyntax.self).map(Array.init),
           let index = elements.firstIndex(where: { $0.id == node.id }), index + 1 < elements.count, elements[index + 1].is(AssignmentExprSyntax.self) {
            scanned.facts.transformerNamesSetInCode.append(file.location(of: node))
        }
        return .visitChildren
    }

    /// Set algebra that asks about an option or takes it out, rather than giving it.
    private static let queryingOrRemoving: Set<String> = [
        "contains", "remove", "subtract", "subtracting", "symmetricDifference", "formSymmetricDifference", "intersection", "formIntersection",
        "isSuperset", "isSubset", "isStrictSuperset", "isStrictSubset", "isDisjoint",
    ]

    private static func isAskedAboutOrTakenOut(_ node: MemberAccessExprSyntax) -> Bool {
        var current = node.parent
        while let syntax = current, !syntax.is(CodeBlockItemSyntax.self), !syntax.is(ArrayExprSyntax.self) {
            if let call = syntax.as(FunctionCallExprSyntax.self) {
                return SynchronousCode.calledName(call).map(queryingOrRemoving.contains) ?? false
            }
            if let sequence = syntax.as(SequenceExprSyntax.self),
               sequence.elements.contains(where: { ["==", "!=", "~="].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") }) {
                return true
            }
            if syntax.is(SwitchCaseLabelSyntax.self) || syntax.is(ExpressionPatternSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }

    /// A library told to delete the store and make a new one when the store does not match the
    /// model; the opening is the call that hands the store to the library's stack
    /// (`addStorageAndWait(SQLiteStore(...))`) where the setting is written inside one.
    /// What MagicalRecord does when its setup cannot add the store, where the app gave it no way of
    /// its own (`MagicalRecordFailure`).
    private func addMagicalRecordFailure(_ node: FunctionCallExprSyntax, opening: StoreOpening.Call) {
        guard !isInPreview(node), !handlesMagicalRecordErrors else { return }
        scanned.facts.failureActions.append(StoreFailureAction(
            action: .onlyLogs, written: MagicalRecordFailure.written, place: place(node), opening: opening, openingLocation: file.location(of: node)
        ))
    }

    private func addDeletionOnModelMismatch(_ node: some SyntaxProtocol, written: String) {
        guard !isInPreview(node) else { return }
        var opening = Syntax(node)
        var current = node.parent
        while let syntax = current, !syntax.is(CodeBlockItemSyntax.self) {
            if let call = syntax.as(FunctionCallExprSyntax.self), SynchronousCode.calledName(call)?.hasPrefix("addStorage") ?? false {
                opening = Syntax(call.calledExpression)
                break
            }
            current = syntax.parent
        }
        var action = StoreFailureAction(action: .deletesOnModelMismatch, written: written, place: place(node), opening: .libraryStack, openingLocation: file.location(of: opening))
        action.cache = cache(around: node)
        scanned.facts.failureActions.append(action)
    }

    /// `NSInMemoryStoreType`, `.inMemory`.
    private static func namesTheInMemoryType(_ expression: ExprSyntax?) -> Bool {
        guard let text = expression?.trimmedText else { return false }
        return text == "NSInMemoryStoreType" || text.hasSuffix(".inMemory")
    }

    /// `ModelContainer.init(...)`, or `.init(...)` returned from a function or property declared
    /// to give a `ModelContainer` (`static func shared() throws -> ModelContainer { try .init(for:
    /// Entry.self, configurations: ...) }`).
    private static func makesAModelContainer(_ node: FunctionCallExprSyntax) -> Bool {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        if let base = member.base { return base.trimmedText == "ModelContainer" }
        // What the function gives: the call itself, not an argument of another (`configurations: .init(url:)`).
        var current = node.parent
        while let syntax = current, !syntax.is(ClosureExprSyntax.self), !syntax.is(LabeledExprSyntax.self) {
            if let function = syntax.as(FunctionDeclSyntax.self) { return Self.namesModelContainer(function.signature.returnClause?.type) }
            if let binding = syntax.as(PatternBindingSyntax.self) { return Self.namesModelContainer(binding.typeAnnotation?.type) }
            current = syntax.parent
        }
        return false
    }

    /// A deletion in the branch that runs when the store does not match the model: `if
    /// !isCompatible(store) { destroy }`, `guard isCompatible(store) else { destroy }`, where the
    /// check calls `isConfiguration(withName:compatibleWithStoreMetadata:)` itself or in a function
    /// of the project's it calls.
    private func addDeletionWhenIncompatible(_ node: FunctionCallExprSyntax, written: String) {
        guard !isInPreview(node), let check = incompatibilityBranchCheck(around: node) else { return }
        var action = StoreFailureAction(action: .deletesTheStore, written: written, place: place(node), opening: .addPersistentStore, openingLocation: file.location(of: check))
        action.whenIncompatible = true
        action.cache = cache(around: node)
        scanned.facts.failureActions.append(action)
    }

    /// The condition that sends `node` into its branch when the store does not match the model.
    private func incompatibilityBranchCheck(around node: some SyntaxProtocol) -> Syntax? {
        func checksCompatibility(_ condition: some SyntaxProtocol) -> Bool {
            if ByteSearch.contains("compatibleWithStoreMetadata", in: condition.trimmedDescription) { return true }
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(condition)
            return calls.found.contains { call in
                guard let name = SynchronousCode.calledName(call) else { return false }
                let type = typeName(around: call)
                return ([type, ""] + (declarations.typesByMember[name].map(Array.init) ?? [])).contains { owner in
                    (declarations.unitsByKey["\(owner).\(name)"] ?? []).contains { ByteSearch.contains("compatibleWithStoreMetadata", in: declarations.units[$0].body.trimmedText) }
                }
            }
        }
        func negated(_ conditions: ConditionElementListSyntax) -> Bool {
            let text = String(conditions.trimmedDescription.filter { $0 != " " })
            return text.hasPrefix("!") || text.hasSuffix("==false")
        }
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return nil }
            if let branch = parent.as(IfExprSyntax.self), checksCompatibility(branch.conditions) {
                let inBody = branch.body.id == current.id
                if inBody == negated(branch.conditions) { return Syntax(branch.conditions) }
            }
            if let guardStatement = parent.as(GuardStmtSyntax.self), guardStatement.body.id == current.id,
               checksCompatibility(guardStatement.conditions), !negated(guardStatement.conditions) {
                return Syntax(guardStatement.conditions)
            }
            current = parent
        }
        return nil
    }

    /// `ModelContainer`, `ModelContainer?`, `SwiftData.ModelContainer`.
    private static func namesModelContainer(_ type: TypeSyntax?) -> Bool {
        guard let text = type?.trimmedText else { return false }
        return ["ModelContainer", "ModelContainer?", "ModelContainer!", "SwiftData.ModelContainer"].contains(text)
    }

    /// Whether `node` lies in a `catch` clause of its function or closure: any `catch`, whatever
    /// its `do` tried, since an opening there runs only where something before it failed.
    private static func isInACatch(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(CatchClauseSyntax.self) { return true }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }

    /// `super.loadPersistentStores(...)` in an override of `loadPersistentStores`.
    private func isHandedOnBySuper(_ node: FunctionCallExprSyntax) -> Bool {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base?.is(SuperExprSyntax.self) ?? false,
              let unit = declarations.unit(around: node)
        else { return false }
        return declarations.units[unit].key.hasSuffix(".loadPersistentStores")
    }

    private func addOpening(
        _ call: StoreOpening.Call, _ node: FunctionCallExprSyntax, migrates: Bool, asynchronously: Bool, declinesMigration: Bool = false, unreadContainerClass: String? = nil,
        infers: Bool = true
    ) {
        let unit = declarations.unit(around: node)
        let runs = unit.map { SynchronousCode.runsWithUnit(node, unitBody: declarations.units[$0].body) } ?? false
        // A store whose files the code just deleted opens empty: there is nothing to migrate.
        let new = opensAfterDeletingTheStore(node)
        var opening = StoreOpening(
            call: call, place: place(node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node.calledExpression)),
            migratesAutomatically: migrates && !new, addsAsynchronously: asynchronously, declinesMigration: declinesMigration && !new
        )
        opening.unreadContainerClass = unreadContainerClass
        opening.opensANewStore = new
        // The calls of the function that opens the store, asked once for the two questions below.
        let callers = unit.map(calls(of:)) ?? []
        opening.deletedBeforeItsOpenerIsCalled = new ? nil : storeDeletedBefore(callers, in: node.root)
        opening.inACatch = Self.isInACatch(node)
        opening.cache = cache(around: node)
        opening.infersMappingModels = infers && !inferenceOff.contains(unit.map { declarations.units[$0].typeName } ?? "")
        opening.madeAtEachViewUpdateIn = unit.flatMap { viewUpdate(making: node, in: $0, calledAt: callers) }
        scanned.openings.append(LocatedOpening(opening: opening, unit: unit, runsWithUnit: runs))
    }

    /// A computed property of a container or context type (`var sharedModelContainer:
    /// ModelContainer { ... }`, not `= { ... }()` or `lazy`) whose getter assigns to nothing it does
    /// not declare itself: it keeps no container it made (`Self.cached = container` would), so each
    /// read makes another. A property named for previews or tests makes no person's store.
    static func isAGetterThatKeepsNothing(_ body: Syntax) -> Bool {
        guard let accessors = body.as(AccessorBlockSyntax.self), let binding = accessors.parent?.as(PatternBindingSyntax.self), binding.initializer == nil,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, !isNamedForPreviewsOrTests(name),
              let type = binding.typeAnnotation?.type.trimmedDescription, type.hasSuffix("Container") || type.hasSuffix("Context")
        else { return false }
        let getter: Syntax
        switch accessors.accessors {
        case .getter(let items): getter = Syntax(items)
        case .accessors(let list):
            guard list.count == 1, let only = list.first, only.accessorSpecifier.text == "get", let body = only.body else { return false }
            getter = Syntax(body)
        }
        return keepsNothing(getter)
    }

    /// The initializer or `body` of a SwiftUI view (a type that conforms to `View`) in which the
    /// container `node` of `unit` is made each time SwiftUI makes the view: written there, or in a
    /// function that keeps nothing it made and that the view's initializer or body calls (one of
    /// `callers`, the function's calls), neither in a closure that runs later (an action, `.task`).
    private func viewUpdate(making node: FunctionCallExprSyntax, in unit: Int, calledAt callers: [FunctionCallExprSyntax]) -> CodePlace? {
        func isAViewsUpdate(_ unit: Int) -> Bool {
            let view = declarations.units[unit]
            guard declarations.inherited[view.typeName]?.contains("View") ?? false, !Self.isNamedForPreviewsOrTests(view.typeName) else { return false }
            let member = view.key.split(separator: ".").last
            return member == "init" || member == "body"
        }
        if isAViewsUpdate(unit) { return SynchronousCode.runsWithUnit(node, unitBody: declarations.units[unit].body) ? CodePlace(file.location(of: node), in: declarations.units[unit].place.declaration) : nil }
        let function = declarations.units[unit]
        guard function.isFunction, SynchronousCode.runsWithUnit(node, unitBody: function.body), Self.keepsNothing(function.body),
              let name = function.key.split(separator: ".").last, !Self.isNamedForPreviewsOrTests(String(name)) else { return nil }
        return callers.lazy.compactMap { site -> CodePlace? in
            guard let caller = self.declarations.unit(around: site), isAViewsUpdate(caller),
                  SynchronousCode.runsWithUnit(site, unitBody: self.declarations.units[caller].body) else { return nil }
            let view = self.declarations.units[caller]
            return CodePlace(self.declarations.files[view.file].location(of: site), in: view.place.declaration)
        }.first
    }

    /// Whether `code` assigns to nothing it does not declare itself (`Self.cached = container`,
    /// `self.container = container` would keep what it made).
    static func keepsNothing(_ code: Syntax) -> Bool {
        let assignments = Assignments(viewMode: .sourceAccurate)
        assignments.walk(code)
        return !assignments.targets.contains { target in
            var root = target
            while let member = root.as(MemberAccessExprSyntax.self), let base = member.base, !["self", "Self"].contains(base.trimmedDescription) { root = base }
            guard let reference = root.as(DeclReferenceExprSyntax.self) else { return true }
            return !assignments.declared.contains(reference.baseName.text)
        }
    }

    /// Where an initializer calls the function that opens the store (`callers`, its calls) in the
    /// same file after code that deletes a store's files (inline, or in a helper named for it), and
    /// puts no other file in their place (a backup restored, an import): the stack deletes the
    /// store as it is made, before it opens it. A method that deletes and opens again (a reset the
    /// person asks for, a retry after a failure) is no such gate.
    private func storeDeletedBefore(_ callers: [FunctionCallExprSyntax], in root: Syntax) -> SchemaLintCore.SourceLocation? {
        for site in callers where site.root.id == root.id {
            guard let caller = declarations.unit(around: site), declarations.units[caller].key.split(separator: ".").last == "init" else { continue }
            let before = Self.statementsRunBefore(site, innermostBlockOnly: false, withBranches: true).filter { !Self.declaresClosures($0) }
            let finder = DestructiveCallFinder(helpers: StoreDeletingHelpers(declarations: declarations))
            let calls = AllCalls(viewMode: .sourceAccurate)
            for statement in before {
                finder.walk(statement)
                calls.walk(statement)
            }
            guard let deletion = finder.found.first(where: { $0.1 == .deletesTheStore }) else { continue }
            let refilled = calls.found.contains { call in
                call.position > deletion.0.position && ["copyItem", "moveItem", "replacePersistentStore", "migratePersistentStore"].contains(SynchronousCode.calledName(call) ?? "")
            }
            if !refilled { return file.location(of: deletion.0) }
        }
        return nil
    }

    /// For `loadPersistentStores` called on the container itself (`self.`, or no receiver) in a
    /// class whose superclass (the first type it inherits) is neither Core Data's container nor a
    /// class of a file read: that superclass.
    /// A container held in a property (`self.persistentContainer.loadPersistentStores`) is of the
    /// class the property's declaration or value gives: a library's, or the project's subclass of
    /// one.
    private func unreadSuperclass(ofContainerCalling node: FunctionCallExprSyntax) -> String? {
        func unread(_ type: String) -> String? {
            Self.containerTypes.contains(type) || declarations.typeNames.contains(type) ? nil : type
        }
        if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base, !["self", "self?", "self!"].contains(base.trimmedText) {
            let property = base.as(MemberAccessExprSyntax.self).flatMap { ["self", "self?", "self!"].contains($0.base?.trimmedText ?? "") ? $0.declName.baseName.text : nil }
                ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard let property else { return nil }
            let held = declarations.projectType(of: "\(typeName(around: node)).\(property)")
            if let library = held.undeclared { return unread(library) }
            return held.type.flatMap { declarations.superclasses[$0] }.flatMap(unread)
        }
        // The class or its extension the call is in.
        return declarations.superclasses[typeName(around: node)].flatMap(unread)
    }

    /// The types a `ModelContainer(for: ...)` names with `.self` in its `for:` argument and the
    /// unlabeled ones after it (the variadic form), inside a `Schema([...])` or an array too; nil
    /// where they are named otherwise.
    /// A name there (`for: schema`) stands for the value `unit` binds it to before the call
    /// (`let schema = Schema([Drink.self])`).
    private static func modelTypes(of node: FunctionCallExprSyntax, in unit: Syntax?) -> Set<String>? {
        guard let first = node.arguments.firstIndex(where: { $0.label?.text == "for" }) else { return nil }
        var types: Set<String> = []
        for argument in node.arguments[first...] {
            if argument.label != nil, argument.label?.text != "for" { break }
            var expression = argument.expression
            if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let unit {
                let binding = BindingFinder(name: name, usedAt: Syntax(node))
                binding.walk(unit)
                // A schema made from a versioned schema (`Schema(versionedSchema: Current.self)`)
                // opens the whole model, whatever name it goes by.
                guard let value = binding.value, binding.assignedInEffect.isEmpty,
                      !(value.as(FunctionCallExprSyntax.self)?.arguments.contains { $0.label?.text == "versionedSchema" } ?? false) else { return nil }
                expression = value
            }
            let references = TypeSelfReferences(viewMode: .sourceAccurate)
            references.walk(expression)
            guard !references.types.isEmpty else { return nil }
            types.formUnion(references.types)
        }
        return types.isEmpty ? nil : types
    }

    /// `ModelContainer(...)` for previews and tests: in memory (said in its arguments, or in a
    /// configuration bound to a name they use, as a last-resort fallback writes it), so nothing to
    /// migrate or lose.
    private func isInMemoryOrPreview(_ node: FunctionCallExprSyntax) -> Bool {
        let unit = declarations.unit(around: node)
        // The function's own in-memory parameter, where every call of it keeps the store in memory
        // (`ModelConfiguration(isStoredInMemoryOnly: isStoredInMemoryOnly)` in a preview container's
        // `init(_:isStoredInMemoryOnly: Bool = true)`, made only with `true` or the default).
        lazy var keptInMemoryByCallers = unit.flatMap { unit -> String? in
            guard let parameter = inMemoryParameter(of: unit), everyCallKeepsItInMemory(unit),
                  let declared = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init), parameter.index < declared.count else { return nil }
            return (declared[parameter.index].secondName ?? declared[parameter.index].firstName).text
        }
        func saysInMemory(_ text: String) -> Bool {
            let compact = String(text.filter { $0 != " " && $0 != "\n" })
            if ByteSearch.contains("isStoredInMemoryOnly:true", in: compact) || ByteSearch.contains("inMemory:true", in: compact) { return true }
            guard let name = keptInMemoryByCallers else { return false }
            return [",", ")"].contains { ByteSearch.contains("isStoredInMemoryOnly:\(name)\($0)", in: compact) }
        }
        if saysInMemory(node.arguments.trimmedText) || givesAConstantTrueInMemory(node.arguments) { return true }
        // Configurations made by the project's own code (`configurations: [.memoryOnly(schema: s)]`,
        // `Self.testConfiguration`), whose every declaration says it is in memory.
        let given = node.arguments.filter { $0.label?.text == "configurations" }
        if !given.isEmpty, given.allSatisfy({ projectCodeMakesInMemory($0.expression, saysInMemory) }) { return true }
        if let unit {
            let references = NameReferences(viewMode: .sourceAccurate)
            // The configurations: every argument but the schema and the migration plan.
            for argument in node.arguments where !["for", "migrationPlan"].contains(argument.label?.text ?? "") {
                references.walk(argument.expression)
            }
            // Each value a configuration may hold: a name declared bare and given a value in each
            // branch (an in-memory one for tests, one on disk for people) may be either.
            let configurations = references.names.flatMap { name -> [ExprSyntax] in
                guard let value = binding(of: name, in: unit, usedAt: Syntax(node)) else { return [] }
                return ([value] + assignedValues(of: name, in: unit, usedAt: Syntax(node))).flatMap(Self.branchValues)
            }
            // Every configuration named is in memory (one on disk among them still opens a file),
            // said in its value or made by the project's code (`ModelConfiguration.inMemoryOnly(schema: s)`).
            if !configurations.isEmpty,
               configurations.allSatisfy({ saysInMemory($0.trimmedText) || projectCodeMakesInMemory($0, saysInMemory) }) {
                return true
            }
            // Configurations the function is handed (`configurations: [configuration]` in a
            // last resort's `makeEmergencyContainer(configuration:)`), each of which every call
            // of the function passes in memory.
            let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init) ?? []
            let handed = references.names.map { name in parameters.firstIndex { ($0.secondName ?? $0.firstName).text == name } }
            if !handed.isEmpty, handed.allSatisfy({ $0 != nil }) {
                return handed.compactMap { $0 }.allSatisfy { index in
                    let label = parameters[index].firstName.tokenKind == .wildcard ? nil : parameters[index].firstName.text
                    return everyCallPassesInMemory(unit, parameter: (label, index), saysInMemory)
                }
            }
        }
        return isInPreview(node)
    }

    /// Whether `arguments` (or a configuration made in them) give `isStoredInMemoryOnly:` a
    /// constant the project declares `true` (`static let inMemory = true`, used as
    /// `Settings.inMemory`, or a global `let`): a sample's or a test target's switch, set to keep
    /// every store in memory.
    private func givesAConstantTrueInMemory(_ arguments: LabeledExprListSyntax) -> Bool {
        let labeled = LabeledArguments(label: "isStoredInMemoryOnly")
        labeled.walk(arguments)
        return !labeled.found.isEmpty && labeled.found.allSatisfy(namesAConstantTrue)
    }

    /// Whether `expression` is the literal `true`, names (`Type.name`, or `name` in its own type
    /// or at the top) only `let` declarations whose value is, or is a parameter of its function
    /// to which every call gives such a value or leaves a default that is one
    /// (`func stack(memoryOnly: Bool = Settings.memoryOnly)` called as `stack()`), a few calls up.
    private func namesAConstantTrue(_ expression: ExprSyntax) -> Bool { namesAConstantTrue(expression, callsUp: 0) }

    private func namesAConstantTrue(_ expression: ExprSyntax, callsUp: Int) -> Bool {
        if expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) { return true }
        if callsUp < 3, let reference = expression.as(DeclReferenceExprSyntax.self), let unit = declarations.unit(around: expression),
           let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init),
           let index = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == reference.baseName.text }) {
            let parameter = parameters[index]
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let made = calls(of: unit)
            return !made.isEmpty && made.allSatisfy { call in
                if let argument = ErrorPaths.argument(of: call, for: (label, index))?.expression { return namesAConstantTrue(argument, callsUp: callsUp + 1) }
                return parameter.defaultValue.map { namesAConstantTrue($0.value, callsUp: callsUp + 1) } ?? false
            }
        }
        var keys: [String] = []
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            keys = [base.baseName.text + "." + member.declName.baseName.text]
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let own = declarations.unit(around: expression).map { declarations.units[$0].typeName } ?? ""
            keys = Array(Set([own + "." + reference.baseName.text, "." + reference.baseName.text]))
        }
        let units = keys.flatMap { declarations.unitsByKey[$0] ?? [] }
        return !units.isEmpty && units.allSatisfy { unit in
            let body = declarations.units[unit].body
            let declaration = body.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self)
            return body.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) && declaration?.bindingSpecifier.tokenKind == .keyword(.let)
        }
    }

    /// Whether the files read call the unit, each time giving `parameter` a configuration in
    /// memory: written in the call, or bound to the name the call passes.
    private func everyCallPassesInMemory(_ unit: Int, parameter: (label: String?, index: Int), _ saysInMemory: (String) -> Bool) -> Bool {
        let made = calls(of: unit)
        return !made.isEmpty && made.allSatisfy { call in
            guard let argument = ErrorPaths.argument(of: call, for: parameter)?.expression else { return false }
            if saysInMemory(argument.trimmedText) { return true }
            guard let passed = argument.as(DeclReferenceExprSyntax.self)?.baseName.text, let caller = declarations.unit(around: call),
                  let value = binding(of: passed, in: caller, usedAt: Syntax(call)) else { return false }
            return saysInMemory(value.trimmedText)
        }
    }

    /// The values an expression may take: each branch's of an `if` or `switch` expression or of
    /// `?:` (`let config = if screenshots { inMemory } else { onDisk }`), else the expression.
    static func branchValues(_ expression: ExprSyntax) -> [ExprSyntax] {
        func last(_ items: CodeBlockItemListSyntax) -> [ExprSyntax] {
            guard let item = items.last?.item else { return [] }
            if let value = item.as(ExprSyntax.self) { return branchValues(value) }
            return item.as(ExpressionStmtSyntax.self).map { branchValues($0.expression) } ?? []
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return branchValues(ternary.thenExpression) + branchValues(ternary.elseExpression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // `c ? a : b` before folding, as three elements; a longer sequence (`c ? a : b ?? d`)
            // is left whole.
            let elements = Array(sequence.elements)
            if elements.count == 3, let middle = elements[1].as(UnresolvedTernaryExprSyntax.self) {
                return branchValues(middle.thenExpression) + branchValues(elements[2])
            }
            return [expression]
        }
        if let choice = expression.as(IfExprSyntax.self) {
            var values = last(choice.body.statements)
            switch choice.elseBody {
            case .ifExpr(let next)?: values += branchValues(ExprSyntax(next))
            case .codeBlock(let block)?: values += last(block.statements)
            case nil: break
            }
            return values
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            return choice.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.flatMap { last($0.statements) }
        }
        // A closure called at once (`let configuration: ModelConfiguration = { if testing { return
        // ... } else { return ... } }()`): what each of its `return`s gives, or its one expression.
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            let returns = Returns(viewMode: .sourceAccurate)
            returns.walk(closure.statements)
            return returns.values.isEmpty ? last(closure.statements) : returns.values.flatMap(branchValues)
        }
        return [expression]
    }

    /// Whether `expression` (each element of an array) is a call or property of the project whose
    /// every declaration of that name holds an in-memory configuration.
    private func projectCodeMakesInMemory(_ expression: ExprSyntax, _ saysInMemory: (String) -> Bool) -> Bool {
        if let array = expression.as(ArrayExprSyntax.self) {
            return !array.elements.isEmpty && array.elements.allSatisfy { projectCodeMakesInMemory($0.expression, saysInMemory) }
        }
        let named = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        guard let name = named.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? named.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        let units = (declarations.typesByMember[name] ?? []).union([""]).sorted().flatMap { declarations.unitsByKey["\($0).\(name)"] ?? [] }
        return !units.isEmpty && units.allSatisfy { Self.makesOnlyInMemoryConfigurations(declarations.units[$0].body, saysInMemory) }
    }

    /// Whether a function or property body makes in-memory configurations and nothing else: each
    /// configuration it makes says so, and no branch gives one another function makes
    /// (`case .app: return try appConfiguration()` beside `case .preview: ModelConfiguration(isStoredInMemoryOnly: true)`).
    private static func makesOnlyInMemoryConfigurations(_ body: Syntax, _ saysInMemory: (String) -> Bool) -> Bool {
        guard saysInMemory(body.trimmedDescription) else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(body)
        return calls.found.allSatisfy { call in
            let callee = call.calledExpression.trimmedText
            let makesAConfiguration = callee.hasSuffix("ModelConfiguration") || callee.hasSuffix("ModelConfiguration.init") || callee == ".init"
            // A configuration made here says where it keeps the store; any other call is an
            // argument's value (a URL, a schema) unless it is what a branch gives.
            if makesAConfiguration { return saysInMemory(call.arguments.trimmedText) }
            return !Self.isGiven(call)
        }
    }

    /// Whether `call` is what its function or branch gives: the expression of a `return`, or a
    /// statement of its own (what a `switch` case or a one-expression body gives; a call made for
    /// its effect, such as a log line, counts too, which keeps the reading on the side of a store
    /// on disk).
    private static func isGiven(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent {
            if parent.is(ReturnStmtSyntax.self) { return true }
            if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { current = parent; continue }
            if parent.is(CodeBlockItemSyntax.self) { return true }
            return false
        }
        return false
    }

    /// Whether a statement before the call in its own block points a store description at
    /// `/dev/null` (`description.url = URL(fileURLWithPath: "/dev/null")`, as Xcode's template does
    /// for previews), or one before it in its function makes it an in-memory store
    /// (`description.type = NSInMemoryStoreType`, as test containers and last-resort fallbacks
    /// do): such a store keeps nothing, so nothing is migrated or lost.
    /// A value chosen by a condition (`let url = if inMemory { /dev/null } else { storeURL }`) is
    /// `/dev/null` only sometimes.
    private func isLoadedWithoutAFile(_ node: FunctionCallExprSyntax) -> Bool {
        // `if inMemory { url = /dev/null }` in `init(inMemory: Bool = true)`, which every call found
        // keeps in memory. (Where the default is `false`, a call this reader misses, `.init()`,
        // opens the store on disk, unless the type has an `init()` of its own, which such a
        // call runs instead.)
        if let unit = declarations.unit(around: node), inMemoryParameterDefaultsToTrue(unit) || declarations.callsAnotherInitializer(with: [], than: unit),
           everyCallKeepsItInMemory(unit) { return true }
        return Self.statementsRunBefore(node, innermostBlockOnly: true).contains { statement in
            let text = statement.trimmedDescription
            return ByteSearch.contains("\"/dev/null\"", in: text) && (text.contains("url") || text.contains("URL")) && !ConditionalValues.contains(statement)
        } || Self.statementsRunBefore(node, innermostBlockOnly: false).contains { statement in
            statement.item.as(SequenceExprSyntax.self).map(DestructiveCallFinder.makesTypeInMemory) ?? false
                || Self.makesAScratchFile(statement, openedBy: node)
        }
    }

    /// A file of a new name in the temporary folder
    /// (`FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).sqlite")`),
    /// or a name bound to a file there that the opening itself is given
    /// (`let storeURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(name)`,
    /// then `addPersistentStore(..., at: storeURL, ...)`): a scratch store (a schema check, an
    /// export, a test's), holding nothing of the person's, in a folder the system empties.
    private static func makesAScratchFile(_ statement: CodeBlockItemSyntax, openedBy opening: FunctionCallExprSyntax) -> Bool {
        let text = statement.trimmedDescription
        guard ByteSearch.contains("temporaryDirectory", in: text) || ByteSearch.contains("NSTemporaryDirectory()", in: text) else { return false }
        if ByteSearch.contains("UUID()", in: text) { return true }
        guard let declaration = statement.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
              let name = declaration.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
        return ByteSearch.wholeWordCount(of: name, in: Array(opening.arguments.trimmedDescription.utf8)) > 0
    }

    /// The statements that run every time before `node` in its function: those before it in its
    /// block and, unless `innermostBlockOnly`, in each enclosing block up to the function or
    /// closure. A branch before it (`if inMemory { ... }`, `if resetRequested { deleteStore() }`)
    /// runs only sometimes and is left out; a loop (over a store's files) runs.
    /// `withUnwrapping`: also an `if let` that only unwraps (`if let folder = FileManager.default
    /// .urls(...).first { ... }`, which always finds the folder) and a `do` block.
    /// `withBranches`: every statement before it, the branches that run only sometimes too.
    private static func statementsRunBefore(_ node: some SyntaxProtocol, innermostBlockOnly: Bool, withUnwrapping: Bool = false, withBranches: Bool = false) -> [CodeBlockItemSyntax] {
        var found: [CodeBlockItemSyntax] = []
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { break }
            if let item = current.as(CodeBlockItemSyntax.self), let block = parent.as(CodeBlockItemListSyntax.self) {
                for statement in block {
                    if statement.id == item.id { break }
                    if withBranches {
                        found.append(statement)
                        continue
                    }
                    if withUnwrapping, statement.item.is(DoStmtSyntax.self)
                        || statement.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self).map(Self.onlyUnwrapsOrFindsTheFile) ?? false
                        || statement.item.as(IfExprSyntax.self).map(Self.onlyUnwrapsOrFindsTheFile) ?? false {
                        found.append(statement)
                        continue
                    }
                    if let expression = statement.item.as(ExprSyntax.self), expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) { continue }
                    if statement.item.is(ExprSyntax.self) || statement.item.is(VariableDeclSyntax.self) || statement.item.is(ForStmtSyntax.self) { found.append(statement) }
                }
                if innermostBlockOnly { break }
            }
            current = parent
        }
        return found
    }

    /// An `if` with no `else` whose conditions all bind optionals (`if let x = y`), ask whether a
    /// file is there (`if FileManager.default.fileExists(atPath: store.path)`), or whether the
    /// store is on disk (`description.type == NSSQLiteStoreType`, `!url.path.hasSuffix("/dev/null")`):
    /// what it does to the file is done whenever there is a file to do it to.
    private static func onlyUnwrapsOrFindsTheFile(_ statement: IfExprSyntax) -> Bool {
        statement.elseBody == nil && statement.conditions.allSatisfy { element in
            if element.condition.is(OptionalBindingConditionSyntax.self) { return true }
            if let call = element.condition.as(FunctionCallExprSyntax.self), SynchronousCode.calledName(call) == "fileExists" { return true }
            return element.condition.as(ExprSyntax.self).map { asksWhetherTheStoreIsOnDisk($0.trimmedText) } ?? false
        }
    }

    /// `type == NSSQLiteStoreType` (`.sqlite`), or that the store is not in memory (`url.path !=
    /// "/dev/null"`, `hasSuffix("/dev/null") == false`, `type != NSInMemoryStoreType`).
    private static func asksWhetherTheStoreIsOnDisk(_ text: String) -> Bool {
        let negated = text.hasPrefix("!") || text.contains("!=") || text.contains("== false")
        if !negated, text.contains("=="), text.contains("NSSQLiteStoreType") || text.hasSuffix(".sqlite") { return true }
        return negated && ["/dev/null", "NSInMemoryStoreType", ".inMemory"].contains { text.contains($0) }
    }

    /// Code of an Xcode preview, a demo or a test (`CodeDeclarations.isPreviewCode`).
    private func isInPreview(_ node: some SyntaxProtocol) -> Bool {
        declarations.isPreviewCode(node) || isInABranchNoCallTakes(node)
    }

    /// Whether `node` lies in a branch of `if flag` (its `else`, or the body of `if !flag`) that
    /// a Boolean parameter of its function rules out for every call the files make
    /// (`init(inMemory: Bool)` that opens a store on disk only when `inMemory` is false, made only
    /// as `PersistenceController(inMemory: true)` for previews): that opening never runs.
    private func isInABranchNoCallTakes(_ node: some SyntaxProtocol) -> Bool {
        guard let unit = declarations.unit(around: node), let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init) else { return false }
        var current = Syntax(node)
        while let parent = current.parent, parent.id != declarations.units[unit].body.id {
            if parent.is(ClosureExprSyntax.self) { return false }
            if let branch = parent.as(IfExprSyntax.self), branch.conditions.count == 1, let condition = branch.conditions.first?.condition.as(ExprSyntax.self) {
                // The branch `node` is in runs when the flag is `runsWhen`.
                let negated = condition.as(PrefixOperatorExprSyntax.self).flatMap { $0.operator.text == "!" ? $0.expression : nil }
                let flag = (negated ?? condition).as(DeclReferenceExprSyntax.self)?.baseName.text
                var runsWhen: Bool?
                if branch.body.id == current.id { runsWhen = negated == nil }
                if branch.elseBody?.id == current.id { runsWhen = negated != nil }
                if let flag, let runsWhen, let index = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == flag }) {
                    let label = parameters[index].firstName.tokenKind == .wildcard ? nil : parameters[index].firstName.text
                    // The calls of this function, not of an overload of its name (`init()` beside
                    // `init(inMemory:)`).
                    let made = calls(of: unit).filter { call in
                        declarations.units[unit].accepts(labels: call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure == nil ? [] : ["*"]))
                    }
                    let ruledOut = runsWhen ? "false" : "true"
                    let defaultValue = parameters[index].defaultValue?.value.trimmedText
                    if !made.isEmpty, made.allSatisfy({ ErrorPaths.passes(ruledOut, to: (label, index), defaultingTo: defaultValue, in: $0) }) { return true }
                }
            }
            current = parent
        }
        return false
    }

    /// The lowercased words of a camel-cased name: `makeDevContainer` is make, dev, container.
    static func words(of name: String) -> Set<String> {
        var words: Set<String> = [], word = ""
        for character in name {
            if character.isUppercase || !character.isLetter, !word.isEmpty {
                words.insert(word.lowercased())
                word = ""
            }
            if character.isLetter { word.append(character) }
        }
        if !word.isEmpty { words.insert(word.lowercased()) }
        return words
    }

    /// `[NSMigratePersistentStoresAutomaticallyOption: true, ...]`, written in the call or bound to
    /// a name in the same unit. Anything else (nil, a value from elsewhere): no automatic migration
    /// that this reader can see.
    private func migratesAutomatically(_ options: ExprSyntax) -> Bool {
        if let dictionary = options.as(DictionaryExprSyntax.self) { return Self.asksForMigration(dictionary) }
        guard let name = options.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let unit = declarations.unit(around: options), let value = binding(of: name, in: unit, usedAt: Syntax(options))
        else { return false }
        return value.as(DictionaryExprSyntax.self).map(Self.asksForMigration) ?? false
    }

    /// Whether options that ask for automatic migration (`migratesAutomatically`) leave Core
    /// Data's inference off: `NSInferMappingModelAutomaticallyOption` left out of the dictionary
    /// (the coordinator's options default it to false), or given `false`, and named nowhere else in
    /// the unit with another value (`options[NSInferMappingModelAutomaticallyOption] = true`).
    private func leavesInferenceOff(_ options: ExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: options) else { return false }
        // The dictionary the options are (written in the call, or the value of the name passed,
        // a property's included), and the unit's code, where a key may be set after it is made.
        let dictionary = boundValue(of: options, in: unit, usedAt: Syntax(options))
        return Self.leavesInferenceOff(Array(dictionary.trimmedText.utf8)) && Self.leavesInferenceOff(Array(declarations.units[unit].body.trimmedText.utf8))
    }

    /// Whether every `NSInferMappingModelAutomaticallyOption` in `code` is a dictionary key given
    /// `false` (`key: false`, `key: NSNumber(value: false)`); true where none is named.
    private static func leavesInferenceOff(_ code: [UInt8]) -> Bool {
        let key = Array("NSInferMappingModelAutomaticallyOption".utf8)
        var start = 0
        while let found = ByteSearch.firstIndex(of: key, in: code, from: start) {
            start = found + key.count
            let value = code[start...].prefix(48).filter { $0 != UInt8(ascii: " ") }.prefix { ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "\n")].contains($0) }
            guard value.first == UInt8(ascii: ":"), ByteSearch.firstIndex(of: Array("false".utf8), in: Array(value)) != nil else { return false }
        }
        return true
    }

    /// Options written where this reader sees them that ask for no migration: left out, `nil`, or
    /// a dictionary (in the call or bound to a name in the same unit, or each a condition may
    /// choose) without
    /// `NSMigratePersistentStoresAutomaticallyOption: true` and not read-only (a read-only store
    /// cannot be migrated, and the app ships it matching its model). Options from elsewhere (a
    /// parameter, a property made in another file) may ask for it: not declined.
    private func declinesMigration(_ options: ExprSyntax?) -> Bool {
        guard var options else { return true }
        if let name = options.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // A dictionary filled in after it is made (`options[NSMigratePersistentStoresAutomaticallyOption] = true`):
            // the option named in the unit outside the dictionary bound (`[...Option: false]`).
            func mentions(_ text: String) -> Int { text.components(separatedBy: "NSMigratePersistentStoresAutomaticallyOption").count - 1 }
            guard let unit = declarations.unit(around: options), let value = binding(of: name, in: unit, usedAt: Syntax(options)),
                  mentions(declarations.units[unit].body.trimmedText) == mentions(value.trimmedText)
            else { return false }
            options = value
        }
        // Chosen by a condition (`journaling ? nil : [NSSQLitePragmasOption: …]`): declined where
        // every branch declines.
        return Self.branchValues(options).allSatisfy { options in
            if options.is(NilLiteralExprSyntax.self) { return true }
            guard let dictionary = options.as(DictionaryExprSyntax.self) else { return false }
            return !Self.asksForMigration(dictionary) && !ByteSearch.contains("ReadOnly", in: dictionary.trimmedText)
        }
    }

    /// A `ModelContainer` whose every configuration is a store the app ships, read-only
    /// (`ModelConfiguration(url: Bundle.main.url(forResource: "quotes", withExtension: "store")!,
    /// allowsSave: false)`, written in the call or bound to a name, the URL too): made with the
    /// app's own schema, it never migrates, and holds nothing of the person's.
    private func opensAShippedReadOnlyStore(_ node: FunctionCallExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: node) else { return false }
        func value(_ expression: ExprSyntax) -> ExprSyntax { boundValue(of: expression, in: unit, usedAt: Syntax(node)) }
        let given = node.arguments.filter { !["for", "migrationPlan"].contains($0.label?.text ?? "") }.flatMap { argument -> [ExprSyntax] in
            let expression = value(argument.expression)
            return expression.as(ArrayExprSyntax.self).map { $0.elements.map { value($0.expression) } } ?? [expression]
        }
        return !given.isEmpty && given.allSatisfy { configuration in
            guard let call = configuration.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "ModelConfiguration",
                  call.arguments.contains(where: { $0.label?.text == "allowsSave" && $0.expression.trimmedText == "false" }),
                  let url = call.arguments.first(where: { $0.label?.text == "url" })?.expression else { return false }
            let text = value(url).trimmedText
            return Self.isInTheAppBundle(text)
        }
    }

    /// A store at a URL of the app's bundle (`Bundle.main.url(forResource:...)`, written in the call
    /// or bound to the name it passes): a read-only store the app ships, made with its model.
    private func opensABundledStore(_ node: FunctionCallExprSyntax) -> Bool {
        guard let at = node.arguments.first(where: { $0.label?.text == "at" || $0.label?.text == "URL" })?.expression else { return false }
        let url = declarations.unit(around: at).map { boundValue(of: at, in: $0, usedAt: Syntax(at)) } ?? at
        return Self.isInTheAppBundle(url.trimmedText)
    }

    /// The value `expression` stands for: what the name it is was last given before `use` (in the
    /// unit, or a property of its type), or the expression itself.
    private func boundValue(of expression: ExprSyntax, in unit: Int, usedAt use: Syntax) -> ExprSyntax {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return expression }
        return binding(of: name, in: unit, usedAt: use) ?? expression
    }

    /// Whether a URL's code names a file of the app's bundle (or a package's resources):
    /// `Bundle.main.url(forResource:...)`, its `path(...)`, `resourceURL`, `bundleURL`. The
    /// bundle's identifier in another place's name (`"group." + Bundle.main.bundleIdentifier!`) is none.
    private static func isInTheAppBundle(_ text: String) -> Bool {
        ["Bundle.main.url(", "Bundle.main.path(", "Bundle.main.resourceURL", "Bundle.module.url(", "Bundle.module.path(", "Bundle.module.resourceURL", "bundleURL"].contains { ByteSearch.contains($0, in: text) }
    }

    private static func asksForMigration(_ dictionary: DictionaryExprSyntax) -> Bool {
        guard case .elements(let elements) = dictionary.content else { return false }
        return elements.contains { element in
            element.key.trimmedText.hasSuffix("NSMigratePersistentStoresAutomaticallyOption") && ByteSearch.contains("true", in: element.value.trimmedText)
        }
    }

    /// Whether `call` (`container.loadPersistentStores { ... }`) loads a container that is a local
    /// of its function and that nothing keeps: declared there, and named elsewhere in the function
    /// only to set a member of it (`container.persistentStoreDescriptions = [...]`) or in `handler`,
    /// which neither returns it nor assigns it or what it gives anywhere, nor passes it on.
    private func loadsALocalContainer(_ call: FunctionCallExprSyntax, handler: ClosureExprSyntax) -> Bool {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self),
              let unit = declarations.unit(around: call) else { return false }
        let name = base.baseName.text
        let body = declarations.units[unit].body
        // A declaration in the function, not an assignment (`self.container = ...` sets a
        // stored property, which the type keeps).
        let local = BindingFinder(name: name, usedAt: Syntax(call))
        local.walk(body)
        guard local.declaration != nil else { return false }
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(body)
        for reference in references.found where reference.baseName.text == name && reference.id != base.id {
            let inHandler = handler.range.contains(reference.position)
            var node = Syntax(reference)
            // Up to the expression the name is part of: through member accesses and calls on it.
            while let parent = node.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) && parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id {
                node = parent
            }
            if let parent = node.parent, parent.is(ReturnStmtSyntax.self) || parent.is(LabeledExprSyntax.self) { return false }
            // `x = container…`, or, outside the handler, anything but `container.member = …`.
            if let sequence = node.parent?.as(ExprListSyntax.self), sequence.contains(where: { $0.is(AssignmentExprSyntax.self) }) {
                let setsAMember = sequence.first?.id == node.id && Syntax(reference).parent?.is(MemberAccessExprSyntax.self) == true
                if !setsAMember { return false }
                continue
            }
            if let infix = node.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
                if infix.rightOperand.id == node.id || Syntax(reference).parent?.is(MemberAccessExprSyntax.self) != true { return false }
                continue
            }
            if !inHandler { return false }
        }
        return true
    }

    private func completionHandler(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        call.trailingClosure ?? call.arguments.first { $0.label?.text == "completionHandler" }?.expression.as(ClosureExprSyntax.self)
    }

    // MARK: - Failure paths

    /// The error branches of a completion handler: what runs when its error parameter is set.
    private func addFailureActions(inCompletion closure: ClosureExprSyntax, opening: StoreOpening.Call, call: FunctionCallExprSyntax) {
        let names = CompletionHandOff.writtenNames(of: closure)
        // A handler without parameter names refers to the error as `$1`.
        let errorName = closure.signature == nil ? "$1" : names.count >= 2 ? names[names.count - 1] : "_"
        // A handler of Core Data's two parameters that never reads its error (`{ _, _ in }`,
        // `{ description, error in completion() }`) drops the failure: the app goes on with a
        // container that has no store. (One parameter is the app's own overload's: a `Result`.)
        if closure.signature != nil, names.count >= 2, errorName == "_" || !Self.reads(errorName, in: closure) {
            addIgnoredError(in: closure, opening: opening, call: call)
            return
        }
        let finder = ErrorBranchFinder(errorName: errorName)
        finder.walk(closure.statements)
        // A handler that keeps its error, resumes with it, or calls its function's completion
        // closure with it (`completion?(error)` after the branch that logs) hands the failure on.
        let handOver = ErrorHandOver(errorName: errorName)
        handOver.walk(closure.statements)
        let callsCompletion = declarations.unit(around: call).map {
            CompletionHandOff.find(in: closure.statements, errorNames: [errorName], functionBody: declarations.units[$0].body) != nil
        } ?? false
        let handsOn = !handOver.keptIn.isEmpty || handOver.resumesThrowing || callsCompletion
        for branch in finder.branches {
            let before = scanned.facts.failureActions.count
            addActions(in: branch, opening: opening, openingNode: call)
            // A store deleted only when its file is damaged, and every other error only logged:
            // a failed migration leaves the app with no store.
            let added = scanned.facts.failureActions[before...]
            if !added.isEmpty, added.allSatisfy({ $0.action == .deletesTheStore && $0.onlyForACorruptFile }), !handsOn,
               let statements = LoggingOnlyCode.statements(of: branch).map(Array.init) ?? branch.as(CodeBlockItemSyntax.self).map({ [$0] }), let deletion = added.first,
               let logged = LoggingOnlyCode.onlyLogs(statements, besides: { file.location(of: $0) == deletion.place.location }) {
                var action = StoreFailureAction(action: .onlyLogs, written: LoggingOnlyCode.loggingCallDisplay(logged) + ", for every error but the damaged file it deletes,", place: place(logged), opening: opening, openingLocation: file.location(of: call))
                action.cache = deletion.cache
                scanned.facts.failureActions.append(action)
            }
            guard scanned.facts.failureActions.count == before, let statements = LoggingOnlyCode.statements(of: branch) else { continue }
            // A branch that only keeps the error (`Stack.loadError = error`) and logs hands it to
            // whatever reads where it is kept; where nothing does, it only logs.
            if !handOver.resumesThrowing, !callsCompletion, let kept = Self.onlyKeeps(statements), !kept.names.isEmpty {
                addKeptOnly(kept, opening: opening, call: call)
                continue
            }
            // A branch that does nothing but log leaves the container without its store.
            guard !handsOn else { continue }
            guard !isOpenedOnlyToBeDeleted(call) else { continue }
            // A retry after the code deleted the store opens a new, empty one: the deletion is the loss.
            if let logged = LoggingOnlyCode.onlyLogs(statements) {
                var action = StoreFailureAction(action: .onlyLogs, written: LoggingOnlyCode.loggingCallDisplay(logged), place: place(logged), opening: opening, openingLocation: file.location(of: call))
                action.opensAfterDeletingTheStore = opensAfterDeletingTheStore(call)
                scanned.facts.failureActions.append(action)
            } else if let debugOnly = Self.holdsDebugOnlyCodeAlone(statements) {
                // A branch that is empty in the builds people run drops the error as a log does.
                let written = debugOnly ? "ignoring the error (the branch's code is only in `#if DEBUG`, which release builds leave out)" : "ignoring the error"
                var action = StoreFailureAction(action: .onlyLogs, written: written, place: place(branch), opening: opening, openingLocation: file.location(of: call))
                action.opensAfterDeletingTheStore = opensAfterDeletingTheStore(call)
                scanned.facts.failureActions.append(action)
            }
        }
        // A handler that logs whatever it is given (`print(error.debugDescription)`, no test of
        // the error) only logs a failure too.
        if finder.branches.isEmpty, !handsOn, let logged = LoggingOnlyCode.onlyLogs(closure.statements), Self.mentions(errorName, in: logged), !isOpenedOnlyToBeDeleted(call) {
            var action = StoreFailureAction(action: .onlyLogs, written: LoggingOnlyCode.loggingCallDisplay(logged), place: place(logged), opening: opening, openingLocation: file.location(of: call))
            action.opensAfterDeletingTheStore = opensAfterDeletingTheStore(call)
            scanned.facts.failureActions.append(action)
        }
        markFailuresOfALocalContainer(loadedBy: call, handler: closure)
        addFailureActions(ofErrorKeptBy: closure, errorName: errorName, opening: opening, call: call)
    }

    /// A handler that never reads its error leaves the app with no store and no word of it, as
    /// `error:nil` does in Objective-C, unless the code looks at the stores added, in the handler
    /// or after the call, and learns of the failure its own way.
    private func addIgnoredError(in closure: ClosureExprSyntax, opening: StoreOpening.Call, call: FunctionCallExprSyntax) {
        guard let unit = declarations.unit(around: call), !isOpenedOnlyToBeDeleted(call), !opensAfterDeletingTheStore(call), !isMadeOnlyForPreviewsOrTests(unit),
              !closure.statements.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier("persistentStores") }),
              !Self.readsTheStoresAdded(after: call, within: declarations.units[unit].body) else { return }
        scanned.facts.failureActions.append(StoreFailureAction(action: .onlyLogs, written: "ignoring the error", place: place(closure), opening: opening, openingLocation: file.location(of: call)))
        markFailuresOfALocalContainer(loadedBy: call, handler: closure)
    }

    /// Whether the function or initializer `unit` is called only by previews and tests, or, where
    /// no file read calls it (a `#Preview` that names no store API is not read), its parameters are
    /// named for them (`init(testPath:)`).
    private func isMadeOnlyForPreviewsOrTests(_ unit: Int) -> Bool {
        let made = calls(of: unit)
        if !made.isEmpty { return made.allSatisfy { declarations.isPreviewCode($0) } }
        let labels = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map { $0.map(\.firstName.text) } ?? []
        return labels.contains(where: Self.isNamedForPreviewsOrTests)
    }

    /// `previewContainer`, `testPath`, `MockStack`: a name of code made for previews and tests.
    private static func isNamedForPreviewsOrTests(_ name: String) -> Bool {
        !words(of: name).isDisjoint(with: ["preview", "test", "tests", "testing", "mock"])
    }

    /// A failure only logged on a container no code keeps leaves no stack without its store.
    private func markFailuresOfALocalContainer(loadedBy call: FunctionCallExprSyntax, handler closure: ClosureExprSyntax) {
        let here = file.location(of: call)
        guard scanned.facts.failureActions.contains(where: { $0.action == .onlyLogs && $0.openingLocation == here }),
              loadsALocalContainer(call, handler: closure), let unit = declarations.unit(around: call) else { return }
        for index in scanned.facts.failureActions.indices where scanned.facts.failureActions[index].action == .onlyLogs && scanned.facts.failureActions[index].openingLocation == here {
            scanned.facts.failureActions[index].inLocalContainerOf = declarations.units[unit].place.declaration
        }
    }

    /// Whether `closure`'s statements name `name`, bindings included (`if let error`).
    private static func reads(_ name: String, in closure: ClosureExprSyntax) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }

    /// Whether the store opened at `call` is opened only for its callers to delete: each call of
    /// the function around it in the files read is in a function named for deleting, and followed
    /// there by a framework deletion (`deleteDatabase()` loads the store to learn its URL, then
    /// `destroyPersistentStore`s it). A failure only logged there loses nothing: the store was to
    /// go.
    private func isOpenedOnlyToBeDeleted(_ call: FunctionCallExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: call) else { return false }
        let callers = calls(of: unit)
        return !callers.isEmpty && callers.allSatisfy { caller in
            guard let callerUnit = declarations.unit(around: caller),
                  StoreDeletingHelpers.isNamedForDeleting(String(declarations.units[callerUnit].key.split(separator: ".").last ?? "")) else { return false }
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(declarations.units[callerUnit].body)
            return calls.found.contains { later in
                later.position > caller.position && SynchronousCode.calledName(later).map(StoreDeletingHelpers.deletingCalls.contains) ?? false
            }
        }
    }

    /// Whether `call` names `name` among its arguments (`print(error.debugDescription)`).
    private static func mentions(_ name: String, in call: FunctionCallExprSyntax) -> Bool {
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(call.arguments)
        return references.names.contains(name)
    }

    /// Nil where `statements` do anything in a release build; where they do nothing there (none, a
    /// bare `return` or `break`, `#if` blocks of the same), whether they hold debug-only code
    /// (`#if DEBUG`).
    static func holdsDebugOnlyCodeAlone(_ statements: CodeBlockItemListSyntax) -> Bool? {
        var debugOnly = false
        for item in statements {
            if let returned = item.item.as(ReturnStmtSyntax.self), returned.expression == nil { continue }
            if item.item.is(BreakStmtSyntax.self) { continue }
            guard let configuration = item.item.as(IfConfigDeclSyntax.self) else { return nil }
            for clause in configuration.clauses {
                guard let elements = clause.elements else { continue }
                guard case .statements(let inner) = elements else { return nil }
                if clause.isDebugOnly {
                    debugOnly = debugOnly || !inner.isEmpty
                } else {
                    guard let nested = holdsDebugOnlyCodeAlone(inner) else { return nil }
                    debugOnly = debugOnly || nested
                }
            }
        }
        return debugOnly
    }

    /// A handler that keeps its error in a variable (`loadError = error`) leaves the failure to the
    /// code after the call: `if let loadError { fatalError(...) }` there is the failure branch.
    private func addFailureActions(ofErrorKeptBy closure: ClosureExprSyntax, errorName: String, opening: StoreOpening.Call, call: FunctionCallExprSyntax) {
        guard let unit = declarations.unit(around: call) else { return }
        let handOver = ErrorHandOver(errorName: errorName)
        handOver.walk(closure.statements)
        let after = call.endPosition
        for name in handOver.keptIn.sorted() {
            let finder = ErrorBranchFinder(errorName: name)
            finder.walk(declarations.units[unit].body)
            for branch in finder.branches where branch.position >= after {
                let before = scanned.facts.failureActions.count
                addActions(in: branch, opening: opening, openingNode: call)
                guard scanned.facts.failureActions.count == before, let statements = LoggingOnlyCode.statements(of: branch) else { continue }
                // A branch that only keeps the error again (`initializationError = error`) and
                // logs: nothing handles the failure where nothing reads what it was kept in.
                if let kept = Self.onlyKeeps(statements), !kept.names.isEmpty {
                    addKeptOnly(kept, opening: opening, call: call)
                } else if let logged = LoggingOnlyCode.onlyLogs(statements) {
                    // One that only logs (and returns nothing): the app goes on with no store.
                    scanned.facts.failureActions.append(StoreFailureAction(action: .onlyLogs, written: LoggingOnlyCode.loggingCallDisplay(logged), place: place(logged), opening: opening, openingLocation: file.location(of: call)))
                }
            }
        }
    }

    /// The failure of an error branch that only keeps the error (`names`) and logs: it only logs
    /// unless some file reads what it was kept in, which the reader asks of every file.
    private func addKeptOnly(_ kept: (names: [String], first: Syntax), opening: StoreOpening.Call, call: FunctionCallExprSyntax) {
        var action = StoreFailureAction(
            action: .onlyLogs, written: "keeping the error in \(kept.names.joined(separator: " and ")), which no code reads,",
            place: place(kept.first), opening: opening, openingLocation: file.location(of: call)
        )
        action.keptOnlyIn = kept.names
        scanned.facts.failureActions.append(action)
    }

    /// The names `statements` keep a value in (`initializationError = error`, `self.lastError =
    /// error`), and where the first of them is kept (the first statement where none is), where they
    /// do nothing else but that and log; nil where they do anything else.
    static func onlyKeeps(_ statements: CodeBlockItemListSyntax) -> (names: [String], first: Syntax)? {
        var names: [String] = []
        var first: Syntax?
        for item in statements {
            if let sequence = item.item.as(SequenceExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
                let target = elements[0]
                let member = target.as(MemberAccessExprSyntax.self).flatMap { Self.isSelfOrType($0.base) ? $0.declName.baseName.text : nil }
                guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? member else { return nil }
                // The finding lands where the error is kept, not at a log line before it.
                if names.isEmpty { first = Syntax(item) }
                names.append(name)
                continue
            }
            guard let call = item.item.as(FunctionCallExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                  LoggingOnlyCode.isLogging(call) else { return nil }
            first = first ?? Syntax(item)
        }
        return first.map { (names, $0) }
    }

    /// Whether `base` is `self` or a type's name (`Stack` of `Stack.loadError`, a static property).
    static func isSelfOrType(_ base: ExprSyntax?) -> Bool {
        guard let reference = base?.as(DeclReferenceExprSyntax.self) else { return false }
        return reference.baseName.tokenKind == .keyword(.self) || reference.baseName.text.first?.isUppercase == true
    }

    /// What runs when a throwing opening fails: its `catch` clauses, `try!`, or (through
    /// `ErrorPaths`) the callers of the throwing function it is in.
    private func addFailureActions(ofThrowing call: FunctionCallExprSyntax, opening: StoreOpening.Call) {
        switch ThrowingCallFailure.of(call) {
        case .forced(let tryExpression):
            var stop = StoreFailureAction(action: .stopsTheApp, written: "try!", place: place(tryExpression), opening: opening, openingLocation: file.location(of: call))
            // `try!` on the retry after the store's files were deleted stops the app only when a
            // new, empty store cannot be made.
            stop.opensAfterDeletingTheStore = opensAfterDeletingTheStore(call)
            stop.afterFallbackToMemory = runsWhenTheFallbackToMemoryFailed(call)
            stop.afterFallbackToAnotherStore = opensARecoveryStore(call)
            scanned.facts.failureActions.append(stop)
        case .handled(let branches, let throwsOn):
            let before = scanned.facts.failureActions.count
            for branch in branches { addActions(in: branch, opening: opening, openingNode: call) }
            let fallsBackToMemory = scanned.facts.failureActions[before...].contains { $0.action == .fallsBackToMemory }
            guard let unit = declarations.unit(around: call) else { break }
            let body = declarations.units[unit].body
            // `catch { completion(.failure(error)) }`
            if let handOff = branches.lazy.compactMap({ CompletionHandOff.find(in: $0, errorNames: ["error"], functionBody: body) }).first {
                scanned.escapes.append(EscapingFailure(unit: unit, opening: opening, openingLocation: file.location(of: call), handOff: handOff, opensAfterDeletingTheStore: opensAfterDeletingTheStore(call), cache: cache(around: call)))
            } else if let returned = branches.lazy.compactMap({ ReturnedFailure.of($0, errorNames: ["error"], functionBody: body) }).first {
                // `catch { return nil }` in `func open() -> ModelContainer?`
                var escape = EscapingFailure(unit: unit, opening: opening, openingLocation: file.location(of: call), opensAfterDeletingTheStore: opensAfterDeletingTheStore(call), cache: cache(around: call))
                escape.returned = returned
                scanned.escapes.append(escape)
            } else if throwsOn, !branches.allSatisfy({ Self.throwsOnlyWhenARetryFails($0, retrying: call) }) {
                let deletedFirst = scanned.facts.failureActions[before...].contains { $0.action == .deletesTheStore && !$0.confirmedByThePerson && !$0.onlyForACorruptFile }
                addEscape(from: unit, opening: opening, call: call, afterFallbackToMemory: fallsBackToMemory, deletedTheStoreFirst: deletedFirst)
            } else if opening == .addPersistentStore, ["ofType", "type"].contains(call.arguments.first?.label?.text), scanned.facts.failureActions.count == before,
                      !isOpenedOnlyToBeDeleted(call), !opensAfterDeletingTheStore(call), !Self.liesInACatch(call, within: body) {
                // `catch { print(error) }` after `try coordinator.addPersistentStore(ofType:...)`:
                // the coordinator goes on without its store, as after a handler that only logs. (An
                // opening in another failure's `catch` is a recovery, whose function goes on to
                // say it failed; one right after the store was deleted on purpose makes a new,
                // empty store.)
                for branch in branches {
                    // (A branch that keeps the error where something reads it hands it on.)
                    // (An assertion drops the error in release builds whatever it says.)
                    guard let statements = LoggingOnlyCode.statements(of: branch), Self.onlyKeeps(statements)?.names.isEmpty ?? true,
                          let logged = LoggingOnlyCode.onlyLogs(statements),
                          Self.mentions("error", in: logged) || ["assert", "assertionFailure"].contains(SynchronousCode.calledName(logged) ?? "") else { continue }
                    scanned.facts.failureActions.append(StoreFailureAction(action: .onlyLogs, written: LoggingOnlyCode.loggingCallDisplay(logged), place: place(logged), opening: opening, openingLocation: file.location(of: call)))
                }
            }
        case .escapes(let declaration):
            if let unit = declarations.unit(declaredBy: declaration) {
                addEscape(from: unit, opening: opening, call: call)
            } else {
                // A local function (`func makeContainer() throws` in a property's closure): what
                // its callers beside it do when it throws is what the app does.
                for site in Self.calls(ofLocalFunction: declaration) { addFailureActions(ofThrowing: site, opening: opening) }
            }
        case .discarded(let tryExpression):
            // `_ = try? coordinator.addPersistentStore(...)`: the coordinator goes on without its
            // store, and nothing tells anyone (as `error:nil` in Objective-C). Code that looks at
            // the coordinator's stores afterwards learns of the failure its own way. So with
            // CoreStore's `_ = try? stack.addStorageAndWait(SQLiteStore(...))`.
            let addsAStoreOnDisk = opening == .addPersistentStore && ["ofType", "type"].contains(call.arguments.first?.label?.text)
                || opening == .libraryStack && !ByteSearch.contains("InMemoryStore", in: call.arguments.trimmedText)
            guard addsAStoreOnDisk,
                  let unit = declarations.unit(around: call), !isOpenedOnlyToBeDeleted(call), !opensAfterDeletingTheStore(call),
                  !Self.liesInACatch(call, within: declarations.units[unit].body),
                  !Self.readsTheStoresAdded(after: tryExpression, within: declarations.units[unit].body) else { break }
            var action = StoreFailureAction(action: .onlyLogs, written: "ignoring the error", place: place(tryExpression), opening: opening, openingLocation: file.location(of: call))
            action.afterFallbackToMemory = runsWhenTheFallbackToMemoryFailed(call)
            scanned.facts.failureActions.append(action)
        case .ignored:
            break
        }
    }

    /// Whether the code after `node` in `body` reads `persistentStores` (`if
    /// coordinator.persistentStores.isEmpty`): it tests whether the store was added.
    private static func readsTheStoresAdded(after node: some SyntaxProtocol, within body: Syntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { $0.position >= node.endPosition && $0.tokenKind == .identifier("persistentStores") }
    }

    /// The calls of a local function (declared among a body's statements) in the statements after
    /// it: `makeContainer()` and `try makeContainer()`, by its name, outside closures.
    static func calls(ofLocalFunction declaration: Syntax) -> [FunctionCallExprSyntax] {
        guard let function = declaration.as(FunctionDeclSyntax.self), let item = function.parent?.as(CodeBlockItemSyntax.self),
              let statements = item.parent?.as(CodeBlockItemListSyntax.self) else { return [] }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.skipsClosuresAndFunctions = true
        for statement in statements.drop(while: { $0.id != item.id }).dropFirst() { calls.walk(statement) }
        return calls.found.filter { $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == function.name.text }
    }

    /// The bodies of the `if`s after `branch` in `body` whose condition is a flag that `branch` sets
    /// to `true` (`needsReset = true`), and only that flag.
    static func branchesOfFlags(setIn branch: Syntax, in body: Syntax) -> [Syntax] {
        final class Flags: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text,
                   elements[2].as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) {
                    names.insert(name)
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        final class Branches: SyntaxVisitor {
            let names: Set<String>
            let after: AbsolutePosition
            var found: [Syntax] = []
            init(names: Set<String>, after: AbsolutePosition) {
                self.names = names
                self.after = after
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
                if node.position >= after, names.contains(node.conditions.trimmedText) { found.append(Syntax(node.body)) }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let flags = Flags(viewMode: .sourceAccurate)
        flags.walk(branch)
        guard !flags.names.isEmpty else { return [] }
        let branches = Branches(names: flags.names, after: branch.endPosition)
        branches.walk(body)
        return branches.found
    }

    /// Whether `node` lies in a `catch` clause inside `body`.
    private static func liesInACatch(_ node: some SyntaxProtocol, within body: Syntax) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current, syntax.id != body.id {
            if syntax.is(CatchClauseSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }

    /// Whether every `throw` of `branch` (the failure branch of `opening`) lies in the `catch` of
    /// a `do` that opens the store again the same way (`catch { removeStoreFiles(); do { return
    /// try ModelContainer(...) } catch { throw error } }`): the error that leaves the function is
    /// the retry's, whose own escape says so, not the first opening's.
    private static func throwsOnlyWhenARetryFails(_ branch: Syntax, retrying opening: FunctionCallExprSyntax) -> Bool {
        let throwsFound = ThrowFinder(viewMode: .sourceAccurate)
        throwsFound.walk(branch)
        let name = SynchronousCode.calledName(opening)
        return !throwsFound.found.isEmpty && throwsFound.found.allSatisfy { statement in
            var current = Syntax(statement)
            while let parent = current.parent, parent.id != branch.id {
                if let clause = parent.as(CatchClauseSyntax.self), let attempt = clause.parent?.parent?.as(DoStmtSyntax.self) {
                    let calls = AllCalls(viewMode: .sourceAccurate)
                    calls.walk(attempt.body)
                    if calls.found.contains(where: { SynchronousCode.calledName($0) == name }) { return true }
                }
                current = parent
            }
            return false
        }
    }

    /// Whether `node` runs in the `catch` of a `do` whose body falls back to an in-memory store
    /// (`catch { do { try ModelContainer(..., configurations: inMemory) } catch { try! ModelContainer(for: Item.self) } }`,
    /// the configuration written there or bound to a name before the `do`): the last resort when
    /// even the store that keeps nothing could not be made.
    private func runsWhenTheFallbackToMemoryFailed(_ node: some SyntaxProtocol) -> Bool {
        func triesMemory(_ attempt: some SyntaxProtocol) -> Bool {
            let finder = DestructiveCallFinder(helpers: nil)
            finder.walk(attempt)
            if finder.found.contains(where: { $0.1 == .fallsBackToMemory }) { return true }
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(attempt)
            return calls.found.contains { SynchronousCode.calledName($0) == "ModelContainer" && isInMemoryOrPreview($0) }
        }
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            if let clause = parent.as(CatchClauseSyntax.self), let attempt = clause.parent?.parent?.as(DoStmtSyntax.self), triesMemory(attempt.body) { return true }
            // The `else` of `if let container = try? ModelContainer(...)` (or of such a `guard`)
            // with an in-memory configuration runs only where that container failed.
            if let branch = parent.as(IfExprSyntax.self), branch.elseBody?.id == current.id, triesMemory(branch.conditions) { return true }
            if let guardStatement = parent.as(GuardStmtSyntax.self), guardStatement.body.id == current.id, triesMemory(guardStatement.conditions) { return true }
            current = parent
        }
        return false
    }

    /// Whether `call` opens a recovery store of its own in the `catch` of the store that failed.
    private func opensARecoveryStore(_ call: FunctionCallExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: call) else { return false }
        return ModelContainerPlace.opensARecoveryStore(call, in: declarations.units[unit].body)
    }

    private func addEscape(from unit: Int, opening: StoreOpening.Call, call: FunctionCallExprSyntax, afterFallbackToMemory: Bool = false, deletedTheStoreFirst: Bool = false) {
        guard declarations.units[unit].isThrowing else { return }
        var escape = EscapingFailure(unit: unit, opening: opening, openingLocation: file.location(of: call), opensAfterDeletingTheStore: opensAfterDeletingTheStore(call), cache: cache(around: call))
        escape.afterFallbackToMemory = afterFallbackToMemory
        escape.deletedTheStoreFirst = deletedTheStoreFirst
        escape.inMemoryParameter = inMemoryParameter(of: unit)
        escape.storeHasItsOwnPlace = opening == .modelContainer && DestructiveCallFinder.namesItsOwnPlace(call, in: declarations.units[unit].body)
        scanned.escapes.append(escape)
    }

    /// The parameter of a function whose value its `ModelConfiguration` takes as
    /// `isStoredInMemoryOnly:` (`make(inMemory: Bool)` with `isStoredInMemoryOnly: inMemory`).
    private func inMemoryParameter(of unit: Int) -> (label: String?, index: Int)? {
        let body = declarations.units[unit].body
        guard let parameters = CodeDeclarations.parameters(ofBody: body) else { return nil }
        let settings = InMemorySettings(viewMode: .sourceAccurate)
        settings.walk(body)
        for (index, parameter) in parameters.enumerated() where settings.names.contains((parameter.secondName ?? parameter.firstName).text) {
            return (parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text, index)
        }
        return nil
    }

    /// A `loadPersistentStores` handler inside a throwing function that hands its error out: to
    /// a continuation (`resume(throwing:)`), or to a variable that the function throws after the call
    /// (`var loadError: Error?` ... `if let loadError { throw loadError }`).
    private func addEscape(ofCompletion closure: ClosureExprSyntax, opening: StoreOpening.Call, call: FunctionCallExprSyntax) {
        guard let unit = declarations.unit(around: call) else { return }
        let errorName = CompletionHandOff.writtenNames(of: closure).last ?? "$1"
        if let handOff = CompletionHandOff.find(in: closure.statements, errorNames: [errorName], functionBody: declarations.units[unit].body) {
            scanned.escapes.append(EscapingFailure(unit: unit, opening: opening, openingLocation: file.location(of: call), handOff: handOff, opensAfterDeletingTheStore: opensAfterDeletingTheStore(call), cache: cache(around: call)))
            return
        }
        // `loadError = error` in the handler, `return loadError` after it, in `func load() -> Error?`.
        let keeping = ErrorHandOver(errorName: errorName)
        keeping.walk(closure.statements)
        if !keeping.keptIn.isEmpty, let returned = ReturnedFailure.of(declarations.units[unit].body, errorNames: keeping.keptIn, functionBody: declarations.units[unit].body), returned == .error {
            var escape = EscapingFailure(unit: unit, opening: opening, openingLocation: file.location(of: call), opensAfterDeletingTheStore: opensAfterDeletingTheStore(call), cache: cache(around: call))
            escape.returned = .error
            scanned.escapes.append(escape)
            return
        }
        guard declarations.units[unit].isThrowing else { return }
        let handOver = ErrorHandOver(errorName: errorName)
        handOver.walk(closure.statements)
        if handOver.resumesThrowing {
            addEscape(from: unit, opening: opening, call: call)
        } else if !handOver.keptIn.isEmpty {
            let throwing = ThrowsOfNames(names: handOver.keptIn, unitBody: declarations.units[unit].body)
            throwing.walk(declarations.units[unit].body)
            if throwing.found { addEscape(from: unit, opening: opening, call: call) }
        }
    }

    private func addActions(in branch: Syntax, opening: StoreOpening.Call, openingNode: FunctionCallExprSyntax) {
        let finder = DestructiveCallFinder(helpers: StoreDeletingHelpers(declarations: declarations))
        // The function that opens the store, called again from its own failure branch.
        if let unit = declarations.unit(around: openingNode), declarations.units[unit].body.is(CodeBlockSyntax.self) {
            finder.opener = (declarations.units[unit].key.split(separator: ".").last).map(String.init)
        }
        // A `lazy var` whose initializer opens the store: read again while it runs, it runs again.
        if let unit = declarations.unit(around: openingNode) {
            finder.lazyProperty = Self.lazyPropertyName(of: declarations.units[unit].body)
        }
        if opening == .modelContainer, let unit = declarations.unit(around: openingNode) {
            let body = declarations.units[unit].body
            finder.failedStoreHasItsOwnPlace = DestructiveCallFinder.namesItsOwnPlace(openingNode, in: body)
            finder.failedStorePlaces = ModelContainerPlace.places(of: openingNode, in: body)
            finder.openingUnit = (body, openingNode.position)
        }
        finder.walk(branch)
        // `catch { needsReset = true }` and, after it, `if needsReset { removeItem(at: storeURL) }`:
        // what the flag's branch does runs because the opening failed.
        if let unit = declarations.unit(around: openingNode) {
            for flagged in Self.branchesOfFlags(setIn: branch, in: declarations.units[unit].body) { finder.walk(flagged) }
        }
        let afterDeletion = opensAfterDeletingTheStore(openingNode)
        // The files one branch removes (the store, its -wal, its -shm, a folder) are one deletion;
        // the descriptions it points at /dev/null (each store's) one fallback.
        let found = finder.found.filter { node, action, _ in
            guard action == .deletesTheStore, let call = node.as(FunctionCallExprSyntax.self), SynchronousCode.calledName(call) == "removeItem",
                  let target = call.arguments.first?.expression else { return true }
            return !isSwiftDataDefaultStoreElsewhere(target) && !namesOnlyACompanion(target)
        }
        // Where the app's own migration failed, removing what it wrote is cleaning up; removing
        // what it reads from is the loss, so that deletion is the one reported.
        // A replacement's source that a migration before it in the function wrote
        // (`migrateStore(from: store, ..., toDestinationURL: temp)`, then
        // `replacePersistentStore(at: store, withPersistentStoreFrom: temp)`) is that migration's
        // scratch copy: the person's store is the one replaced.
        let replacesFromAScratchCopy = opening == .replacePersistentStore && Self.sourceWasWrittenBefore(openingNode)
        func removesTheSource(_ node: Syntax) -> Bool {
            opening == .migrateStore && Self.removes(node, theArgument: "from", of: openingNode)
                || opening == .replacePersistentStore && !replacesFromAScratchCopy && Self.removes(node, theArgument: "withPersistentStoreFrom", of: openingNode)
        }
        // A deletion that runs whatever the person answers is reported before one they choose in
        // an alert, or one only for a damaged file.
        func isNarrower(_ node: Syntax) -> Bool { DeletionConditions.isConfirmedByThePerson(node) || DeletionConditions.isOnlyForACorruptFile(node) }
        let firstDeletion = found.firstIndex { $0.1 == .deletesTheStore && removesTheSource($0.0) }
            ?? found.firstIndex { $0.1 == .deletesTheStore && !isNarrower($0.0) } ?? found.firstIndex { $0.1 == .deletesTheStore }
        let firstFallback = found.firstIndex { $0.1 == .fallsBackToMemory }
        // Where a copy the app makes itself fails, removing what it wrote (`migratePersistentStore`'s
        // `to:`, `replacePersistentStore`'s `at:`, `migrateStore`'s destination) leaves the store it
        // copies from in place: the next launch copies again, and the stop comes again.
        let deletion = firstDeletion.map { found[$0].0 }.flatMap { node in
            !opening.isMigration || removesTheSource(node) || opening == .migratePersistentStore && !Self.removes(node, theArgument: "to", of: openingNode)
                || opening == .replacePersistentStore && !Self.removes(node, theArgument: "at", of: openingNode) ? node : nil
        }
        for (index, (node, action, written)) in found.enumerated()
        where (action != .deletesTheStore || index == firstDeletion) && (action != .fallsBackToMemory || index == firstFallback) {
            var found = StoreFailureAction(action: action, written: written, place: place(node), opening: opening, openingLocation: file.location(of: openingNode))
            found.removesTheMigrationSource = action == .deletesTheStore && removesTheSource(node)
            found.opensAfterDeletingTheStore = afterDeletion
            found.stopsAfterDeletingTheStore = action == .stopsTheApp && deletion.map { $0.position < node.position && Self.isSequential($0, node) } ?? false
            found.stopsAfterDeletingTheStoreForSomeErrors = action == .stopsTheApp && !found.stopsAfterDeletingTheStore
                && deletion.map { $0.position < node.position && Self.isSequential($0, node, butForErrorTests: true) } ?? false
            found.afterFallbackToMemory = action == .stopsTheApp && (finder.isLastResort(node) || runsWhenTheFallbackToMemoryFailed(openingNode))
            found.afterFallbackToAnotherStore = action == .stopsTheApp && opensARecoveryStore(openingNode)
            if action == .deletesTheStore {
                found.cache = cache(around: openingNode)
                found.confirmedByThePerson = DeletionConditions.isConfirmedByThePerson(node)
                found.onlyForACorruptFile = DeletionConditions.isOnlyForACorruptFile(node)
                if let call = node.as(FunctionCallExprSyntax.self), let helpers = finder.helpers {
                    found.copyKeptFirst = helpers.copyKept(beforeDeletingIn: call) ?? finder.copyKept(before: call, within: branch)
                    found.readOutFirst = helpers.readOut(beforeDeletingIn: call)
                    if found.cache == nil, let refill = helpers.refillFromFiles(afterDeletingIn: call) { found.cache = CacheEvidence(refill, from: .rebuiltFromFiles) }
                }
            }
            if action == .fallsBackToMemory { found.untilTheDeviceUnlocks = DeletionConditions.isUntilTheDeviceUnlocks(node) }
            if action == .stopsTheApp {
                found.afterTellingThePerson = ModalAlert.isChosenInAnAlert(node) || ModalAlert.isShown(before: node, within: branch)
                    || node.as(FunctionCallExprSyntax.self).map { finder.helpers?.tellsThePersonBeforeStopping($0) ?? false } ?? false
            }
            AlertMentions.mark(&found, toldIn: branch)
            scanned.facts.failureActions.append(found)
        }
    }

    /// Whether `earlier` has run whenever `later` runs: the first statement (or branch) holding
    /// both is a list of statements that run one after another, and `earlier` sits in no closure
    /// and no branch that tests the error inside it (`if reason == ... { destroy }` before
    /// `fatalError` deletes for that reason only; the stop comes for every other). A branch that
    /// only unwraps (`if let url = description.url`) is taken.
    static func isSequential(_ earlier: Syntax, _ later: Syntax, butForErrorTests: Bool = false) -> Bool {
        var ancestor = earlier.parent
        var conditional = false
        while let node = ancestor, !(node.position <= later.position && later.endPosition <= node.endPosition) {
            if let branch = node.as(IfExprSyntax.self), testsTheError(branch.conditions), !butForErrorTests { conditional = true }
            if let switchCase = node.as(SwitchCaseSyntax.self), let choice = switchCase.parent?.parent?.as(SwitchExprSyntax.self), testsTheError(choice.subject) || testsTheError(switchCase.label), !butForErrorTests {
                conditional = true
            }
            if let clause = node.as(CatchClauseSyntax.self), !clause.catchItems.isEmpty { conditional = true }
            if node.is(ClosureExprSyntax.self) || node.is(GuardStmtSyntax.self) { conditional = true }
            ancestor = node.parent
        }
        guard let common = ancestor, !conditional else { return false }
        return common.is(CodeBlockItemListSyntax.self) || common.is(CodeBlockItemSyntax.self) || common.is(CodeBlockSyntax.self)
    }

    /// Whether a condition reads the error (its code, domain, reason or user info).
    private static func testsTheError(_ condition: some SyntaxProtocol) -> Bool {
        condition.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            return ErrorTestNames.readsTheError(name)
        }
    }

    /// Whether the `withPersistentStoreFrom:` of `replacement` is where a migration earlier in its
    /// function wrote (`migrateStore`'s `toDestinationURL:`, `migratePersistentStore`'s `to:`).
    private static func sourceWasWrittenBefore(_ replacement: FunctionCallExprSyntax) -> Bool {
        guard let source = replacement.arguments.first(where: { $0.label?.text == "withPersistentStoreFrom" })?.expression.trimmedText else { return false }
        var current = Syntax(replacement)
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self), !parent.is(ClosureExprSyntax.self) { current = parent }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(current)
        return calls.found.contains { call in
            guard call.position < replacement.position, let name = SynchronousCode.calledName(call), ["migrateStore", "migratePersistentStore"].contains(name) else { return false }
            let label = name == "migrateStore" ? "toDestinationURL" : "to"
            return call.arguments.first { $0.label?.text == label }?.expression.trimmedText == source
        }
    }

    /// Whether `deletion` (`removeItem(at: sourceURL)`, a helper's `destroyStore(at: sourceURL)`)
    /// is handed the very location `migration` gives under `label`: the store it reads
    /// (`migrateStore(from: sourceURL, ...)`), or the copy it writes (`migratePersistentStore(store,
    /// to: groupURL, ...)`).
    private static func removes(_ deletion: Syntax, theArgument label: String, of migration: FunctionCallExprSyntax) -> Bool {
        func location(_ expression: ExprSyntax) -> String {
            let text = expression.trimmedText
            return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        }
        guard let call = deletion.as(FunctionCallExprSyntax.self), let target = call.arguments.first?.expression,
              let given = migration.arguments.first(where: { $0.label?.text == label })?.expression else { return false }
        return location(target) == location(given)
    }

    /// The name of the `lazy var` whose initial value `body` is, if it is one.
    static func lazyPropertyName(of body: Syntax) -> String? {
        guard let binding = body.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
              variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) })
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `context.delete(model: X.self)` in a function or property whose name, or whose type's,
    /// says cache (`deleteAllCachedData()`, `ImageCache.clear()`).
    private func addCacheClearing(_ node: FunctionCallExprSyntax) {
        guard let unit = declarations.unit(around: node), let argument = node.arguments.first?.expression.as(MemberAccessExprSyntax.self),
              argument.declName.baseName.text == "self", let type = argument.base?.trimmedText, !isInPreview(node) else { return }
        let key = declarations.units[unit].key
        let member = String(key.split(separator: ".").last ?? "")
        guard member.lowercased().contains("cache") || declarations.units[unit].typeName.lowercased().contains("cache") else { return }
        scanned.facts.cacheClearings.append(CacheClearing(function: key, modelType: String(type.split(separator: ".").last ?? ""), location: file.location(of: node)))
    }

    /// What says the store opened at `node` is a cache: the store files named in the function or
    /// property that opens it, when each holds the word (`"imageCache.sqlite"`), or that
    /// function's or property's own name (`localCacheContainer`), or its type's
    /// (`ImageCacheManager`), or its type's documentation (`/// A cache for link previews`), or
    /// the Caches folder it places the store in (`.cachesDirectory`), where it names one store
    /// file at most. Code that names the main store's file beside a cache's is no cache's.
    private func cache(around node: some SyntaxProtocol) -> CacheEvidence? {
        guard let unit = declarations.unit(around: node) else { return nil }
        func isCache(_ name: String) -> Bool { name.lowercased().contains("cache") }
        let literals = StringLiterals(viewMode: .sourceAccurate)
        literals.walk(declarations.units[unit].body)
        let files = literals.found.map { Self.lastComponent($0.text) }.filter(StoreFileName.isStoreFile)
        if let first = files.first, files.allSatisfy(isCache) { return CacheEvidence("\"\(first)\"") }
        guard Set(files).count <= 1 else { return nil }
        let member = String(declarations.units[unit].key.split(separator: ".").last ?? "")
        let type = declarations.units[unit].typeName
        if isCache(member) { return CacheEvidence(member) }
        if isCache(type) { return CacheEvidence(type) }
        if let call = Syntax(node).as(FunctionCallExprSyntax.self), let models = Self.cacheModels(openedBy: call) { return CacheEvidence(models, from: .models) }
        if let sentence = TypeDocumentation.sentenceCallingItDisposable(around: node) { return CacheEvidence(sentence, from: .openingDocumentation) }
        if let documented = TypeDocumentation.firstSentenceCallingItACache(around: declarations.units[unit].body) { return CacheEvidence(documented, from: .documentation) }
        return CacheEvidence.cachesFolder(namedIn: declarations.units[unit].body.trimmedDescription)
    }

    /// The schema or model classes a SwiftData container opens the store with, where each one's
    /// name says cache (`ModelContainer(for: FeedCacheSchema.schema, configurations: ...)`,
    /// `ModelContainer(for: CachedImage.self, CachedThumbnail.self)`), as written; nil where one
    /// does not (`ModelContainer(for: Note.self, CachedImage.self)` is the person's notes too).
    static func cacheModels(openedBy call: FunctionCallExprSyntax) -> String? {
        var models: [String] = []
        var listing = false
        for argument in call.arguments {
            // `for:` lists model types one after another, unlabelled after the first.
            if let label = argument.label?.text { listing = label == "for" || label == "schema" }
            guard listing else { continue }
            let text = argument.expression.trimmedDescription
            models.append(String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        guard !models.isEmpty, models.allSatisfy({ $0.lowercased().contains("cache") }) else { return nil }
        return models.joined(separator: ", ")
    }

    /// Whether a statement that runs before the opening in its function deletes the store's files:
    /// the opening is then the retry on a new, empty store
    /// (`catch { deleteStoreFiles(); do { try ModelContainer(...) } catch { fatalError() } }`).
    /// Before the function's first opening, only the store's own files count: a helper called at
    /// start-up that is not named for deleting (`DataMigration.migrateIfNeeded()`, a repair of an
    /// earlier build's files) or the removal of a store of another name (`"OldCache.store"`, named
    /// nowhere else in the function) leaves this store as it was; `deletePersistentStore()` does not.
    private func opensAfterDeletingTheStore(_ node: FunctionCallExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: node) else { return false }
        let body = declarations.units[unit].body
        let earlier = EarlierOpenings(before: node.positionAfterSkippingLeadingTrivia)
        earlier.walk(body)
        // A closure bound to a name (`let destroy: (URL) -> Void = { ... }`) runs where it is
        // called, not where it is declared.
        let before = Self.statementsRunBefore(node, innermostBlockOnly: false, withUnwrapping: true).filter { !Self.declaresClosures($0) }
        // After a `do` whose body leaves once it opened the store (`do { return try
        // ModelContainer(...) } catch { deleteStore() }`), what follows runs only where its
        // `catch` ran: that code runs before, too.
        let caught = before.compactMap { $0.item.as(DoStmtSyntax.self) }.filter { ThrowingCallFailure.exits($0.body) }.flatMap { $0.catchClauses.map { Syntax($0.body) } }
        let calls = AllCalls(viewMode: .sourceAccurate)
        for statement in before { calls.walk(statement) }
        for clause in caught { calls.walk(clause) }
        let opened = Self.urlsGiven(to: node)
        if let aside = calls.found.last(where: { movesAside($0, from: opened) }), !refills(opened, after: aside, among: calls.found) { return true }
        let finder = DestructiveCallFinder(helpers: StoreDeletingHelpers(declarations: declarations))
        for statement in before { finder.walk(statement) }
        for clause in caught { finder.walk(clause) }
        if earlier.found { return finder.found.contains { $0.1 == .deletesTheStore } }
        let literals = StringLiterals(viewMode: .sourceAccurate)
        literals.walk(body)
        return finder.found.contains { deletion, action, written in
            // A file moved or copied into the place after the deletion (an import) is what opens.
            guard action == .deletesTheStore, !refills(opened, after: deletion, among: calls.found) else { return false }
            if written.hasSuffix("()") {
                let name = written.lowercased()
                return StoreDeletingHelpers.deletingWords.contains { name.contains($0) }
            }
            let named = literals.found.filter { deletion.range.contains($0.node.position) && StoreFileName.isStoreFile(Self.lastComponent($0.text)) }
            guard !named.isEmpty else { return true }
            return named.contains { store in
                let name = Self.lastComponent(store.text)
                let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
                return literals.found.contains { !deletion.range.contains($0.node.position) && ByteSearch.contains(stem, in: $0.text) }
            }
        }
    }

    /// Whether `statement` declares names for closures only (`let destroy: (URL) -> Void = { ... }`).
    private static func declaresClosures(_ statement: CodeBlockItemSyntax) -> Bool {
        guard let variable = statement.item.as(VariableDeclSyntax.self) else { return false }
        return variable.bindings.allSatisfy { $0.initializer?.value.is(ClosureExprSyntax.self) ?? false }
    }

    /// Whether `call` moves the store an opening given `opened` opens out of its place:
    /// `moveItem(at: storeURL, to: recoveryURL)` from that URL or a path made of it (where it is
    /// given none, a store's URL), or a helper named for it (`moveStoreAside(at:)`, `quarantineStore()`).
    /// What opens there next is a new, empty store, as after a deletion; the old one is kept.
    private func movesAside(_ call: FunctionCallExprSyntax, from opened: [String]) -> Bool {
        guard let name = SynchronousCode.calledName(call) else { return false }
        if StoreDeletingHelpers.isNamedForMovingAside(name) { return true }
        guard name == "moveItem", let source = call.arguments.first?.expression else { return false }
        let moved = source.trimmedText
        guard opened.isEmpty else { return opened.contains { ByteSearch.contains($0, in: moved) } }
        if isStore(source, depth: 0) { return true }
        // `for file in [store, store.appendingPathExtension("wal"), ...] { moveItem(at: file, ...) }`:
        // a name the loop takes from a list that holds the store.
        guard let name = source.as(DeclReferenceExprSyntax.self)?.baseName.text, let unit = declarations.unit(around: call) else { return false }
        return DestructiveCallFinder.origins(of: name, at: Syntax(call), in: declarations.units[unit].body).contains { origin in
            origin.split(separator: "\"", omittingEmptySubsequences: false).enumerated().contains { $0.offset % 2 == 1 && StoreFileName.isStoreFile(Self.lastComponent(String($0.element))) }
        }
    }

    /// The URLs an opening is given as written (`at: storeURL`), but names of two letters or
    /// fewer, which any path's text may hold.
    private static func urlsGiven(to opening: FunctionCallExprSyntax) -> [String] {
        opening.arguments.filter { ["at", "url", "to", "URL", "toURL"].contains($0.label?.text ?? "") }.map(\.expression.trimmedText).filter { $0.count > 2 }
    }

    /// Whether one of `calls` after `aside` moves or copies a file into the place the opening
    /// given `opened` opens (`moveItem(at: importURL, to: storeURL)`): what opens there is that
    /// file, not a new store.
    private func refills(_ opened: [String], after aside: some SyntaxProtocol, among calls: [FunctionCallExprSyntax]) -> Bool {
        calls.contains { call in
            // (A helper of the project's named for moving or copying, `move(from:to:)`, fills `to:` too.)
            guard call.position > aside.position, let name = SynchronousCode.calledName(call),
                  ["moveItem", "copyItem", "replaceItemAt", "replaceItem"].contains(name) || name.hasPrefix("move") || name.hasPrefix("copy") else { return false }
            // `moveItem(at:to:)` and `copyItem(at:to:)` fill `to:`; `replaceItemAt(_:withItemAt:)` its first argument.
            let destination = name.hasPrefix("replace") ? call.arguments.first : call.arguments.first { $0.label?.text == "to" || $0.label?.text == "toURL" }
            guard let text = destination?.expression.trimmedText else { return false }
            return opened.isEmpty || opened.contains { ByteSearch.contains($0, in: text) }
        }
    }

    // MARK: - Store files

    private func addFileOperation(_ node: FunctionCallExprSyntax, name: String, labels: String) {
        guard !file.usesAnotherSQLiteLibrary, let given = node.arguments.first?.expression else { return }
        if let names = loopedFileNames(given, around: node), let store = names.first(where: StoreFileName.isStoreFile) {
            // `for name in ["default.store", "default.sqlite-wal"] { removeItem(at: folder.appendingPathComponent(name)) }`:
            // each store file of the list with its own companions, the first that lacks one reported.
            let stores = names.filter(StoreFileName.isStoreFile)
            let lacking = stores.first { !names.contains($0 + "-wal") || !names.contains($0 + "-shm") } ?? store
            let operation: StoreFileOperation.Operation = name == "moveItem" ? .move : name == "copyItem" ? .copy : .remove
            var fileOperation = StoreFileOperation(
                operation: operation, written: "\(name)(\(labels))", place: place(node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node)),
                store: "\"\(lacking)\"", handlesWAL: names.contains(lacking + "-wal"), handlesSHM: names.contains(lacking + "-shm")
            )
            fileOperation.cache = cache(around: node)
            scanned.facts.fileOperations.append(fileOperation)
            return
        }
        // `for file in [url, url.appendingPathExtension("wal")] { removeItem(at: file) }`: the
        // store among the files the loop goes through is what it removes.
        let target = Self.loopedElements(given, around: node)?.first { isStore($0, depth: 0) } ?? given
        // A URL the function is handed, removed after `migratePersistentStore` copied a store and
        // other than where it copied it to, is the store it copied from (`removeItem(at: atURL)`
        // in a helper handed the store and its URL). A file the function names itself (an archive,
        // a temporary copy) is what its name says.
        let handed = target.as(DeclReferenceExprSyntax.self).flatMap { reference in
            declarations.unit(around: node).flatMap { CodeDeclarations.parameters(ofBody: declarations.units[$0].body) }?
                .contains { ($0.secondName ?? $0.firstName).text == reference.baseName.text }
        } ?? false
        let copiedFrom = name == "removeItem" && handed && !Self.namesACompanion(target.trimmedText)
            && migrationsBefore(node).map { !$0.destinations.contains(target.trimmedText) } == true
        guard isStore(target, depth: 0) || isGivenCompanions(target) || copiedFrom else { return }
        // A file in a temporary folder or in iCloud Drive (an archive unzipped, a copy on its way,
        // a document uploaded or downloaded) is no store the app keeps, unless this code opens it.
        if liesWhereNoStoreIs(target, depth: 0), !isOpenedHere(target) { return }
        // A store removed from a path made for one run (a migration's copy in a folder named
        // by a new UUID): no store is made at that path again, and nothing left there is read.
        if name == "removeItem", isMadeForOneRun(target) { return }
        if isSwiftDataDefaultStoreElsewhere(target) { return }
        if isUsedAsAFolder(target, around: node) { return }
        // A file that imports Core Data beside another SQLite library and hands this file to that
        // library (`Connection(url.path)`) moves or deletes that library's database.
        if file.importsAnotherSQLiteLibrary, isOpenedByAnotherSQLiteLibrary(target) { return }
        let operation: StoreFileOperation.Operation = name == "moveItem" ? .move : name == "copyItem" ? .copy : .remove
        var companions = companionNames(around: node, of: target, operation: name)
        if !companions.wal || !companions.shm, operation != .copy, addFileOperationsOfCallers(handing: target, to: node, name: name, labels: labels, companions: (companions.wal, companions.shm)) { return }
        if opensWithoutWAL(target.trimmedText, around: node)
            || operation == .remove && Self.destroysTheStoreBefore(node, at: target)
            || operation != .copy && handlesTheFolderListing(around: node, with: name) {
            (companions.wal, companions.shm) = (true, true)
        }
        var fileOperation = StoreFileOperation(
            operation: operation, written: "\(name)(\(labels))", place: place(node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node)),
            store: target.quotedText(), handlesWAL: companions.wal, handlesSHM: companions.shm, childPathMistake: companions.mistake?.location,
            extensionMistake: companions.extensionMistake?.location
        )
        if operation != .copy { fileOperation.refilled = refillsAfterLeaving(node, target) }
        if operation == .remove, let migration = migrationBefore(node) {
            fileOperation.afterMigration = true
            fileOperation.evenWhenTheMigrationFails = migration == .evenWhenItFails
        }
        if let suffix = companions.mistake?.suffix { fileOperation.childPathMistakeSuffix = suffix }
        if let added = companions.extensionMistake?.added { fileOperation.extensionMistakeText = added }
        fileOperation.cache = cache(around: node)
        if !file.importsCoreDataOrSwiftData { fileOperation.urlMadeBy = membersMaking(target) }
        scanned.facts.fileOperations.append(fileOperation)
    }

    /// A helper of the project that removes or moves the file it is handed (`FileUtility.delete(at:
    /// sourceURL)`) works on the store where its callers hand it one: each such call is where
    /// the store is removed or moved, and what that caller does next (moving a repaired copy into
    /// the store's place) decides what the `-wal` left behind does. The operations are placed at
    /// those calls; false where `target` is no parameter that callers hand a store.
    private func addFileOperationsOfCallers(
        handing target: ExprSyntax, to node: FunctionCallExprSyntax, name: String, labels: String, companions: (wal: Bool, shm: Bool)
    ) -> Bool {
        func parameterIndex(_ expression: ExprSyntax, of unit: Int) -> Int? {
            var base = expression
            if let member = expression.as(MemberAccessExprSyntax.self), ["path", "absoluteURL", "standardizedFileURL"].contains(member.declName.baseName.text), let inner = member.base {
                base = inner
            }
            guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body) else { return nil }
            return parameters.firstIndex { ($0.secondName ?? $0.firstName).text == name }.map { parameters.distance(from: parameters.startIndex, to: $0) }
        }
        guard let unit = declarations.unit(around: node), let index = parameterIndex(target, of: unit),
              let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init) else { return false }
        // Only a thin helper, whose one file operation this is: a migrator handed the store's URL
        // removes it and moves its copy in itself, which is where the finding belongs.
        let helperCalls = AllCalls(viewMode: .sourceAccurate)
        helperCalls.walk(declarations.units[unit].body)
        let storeWork: Set<String> = ["moveItem", "copyItem", "removeItem", "replaceItemAt", "replaceItem", "migrateStore", "migratePersistentStore", "replacePersistentStore", "destroyPersistentStore"]
        guard !helperCalls.found.contains(where: { $0.id != node.id && SynchronousCode.calledName($0).map(storeWork.contains) == true }) else { return false }
        let label = parameters[index].firstName.tokenKind == .wildcard ? nil : parameters[index].firstName.text
        let helper = declarations.units[unit].place.declaration
        var added = false
        // The calls that reach this helper (`calls(of:)`, asked once), each with the unit it is in.
        let callers = Set(calls(of: unit).map(\.id))
        for found in declarations.calls.calls(named: String(declarations.units[unit].key.split(separator: ".").last ?? ""), in: declarations) where callers.contains(found.call.id) {
            guard let argument = ErrorPaths.argument(of: found.call, for: (label, index))?.expression, isStore(argument, depth: 1) else { continue }
            // A wrapper that hands on what it is handed (`func delete(at url: URL) { wrapped.delete(at: url) }`)
            // is another helper: its own callers are the places.
            if parameterIndex(argument, of: found.unit) != nil { continue }
            let calledName = SynchronousCode.calledName(found.call) ?? helper
            var fileOperation = StoreFileOperation(
                operation: name == "moveItem" ? .move : .remove, written: "\(calledName)(\(CodeDeclarations.argumentLabels(of: found.call).map { $0 + ":" }.joined()))",
                place: declarations.place(of: found.call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(found.call), inUnit: found.unit),
                store: argument.quotedText(), handlesWAL: companions.wal, handlesSHM: companions.shm
            )
            fileOperation.refilled = refillsAfterLeaving(found.call, argument)
            fileOperation.cache = cache(around: found.call)
            scanned.facts.fileOperations.append(fileOperation)
            added = true
        }
        return added
    }

    /// Whether the function around `node` makes `target` a folder (`createDirectory(at: target)`)
    /// or names a file inside it (`target.appendingPathComponent(name)`): removing it removes the
    /// store inside with its companions, whatever a caller's argument names it
    /// (`copyStores(into: folder.appendingPathComponent("books.sqlite"))`).
    private func isUsedAsAFolder(_ target: ExprSyntax, around node: FunctionCallExprSyntax) -> Bool {
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let unit = declarations.unit(around: node) else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(declarations.units[unit].body)
        return calls.found.contains { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
            let called = member.declName.baseName.text
            // (`String.appending(_:)` joins text: `path.appending("-wal")` names a companion, and so,
            // by mistake, does `storeURL.appendingPathComponent("-wal")`.)
            let child = called == "appendingPathComponent" || called == "appending" && ["path", "component"].contains(call.arguments.first?.label?.text ?? "")
            let argument = call.arguments.first?.expression.trimmedText.lowercased() ?? ""
            if child, member.base?.trimmedText == name, !["wal", "shm", "journal", "\"-"].contains(where: argument.contains), !Self.isAssigned(call, backTo: name) { return true }
            guard called == "createDirectory", let first = call.arguments.first?.expression.trimmedText else { return false }
            return first == name || first == name + ".path"
        }
    }

    /// Whether the value of `call` is given to `name` itself (`url = url.appendingPathComponent(file)`,
    /// `let url = url.appendingPathComponent(file)`): the name then holds the child.
    private static func isAssigned(_ call: FunctionCallExprSyntax, backTo name: String) -> Bool {
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.trimmedText == name
        }
        guard let list = call.parent?.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == call.id }), index >= list.index(list.startIndex, offsetBy: 2) else { return false }
        let assignment = list[list.index(index, offsetBy: -1)]
        let left = list[list.index(index, offsetBy: -2)]
        return assignment.is(AssignmentExprSyntax.self) && left.trimmedText == name
    }

    /// Whether the code around `node` (its function, initializer, accessor or closure) copies or
    /// moves a file into the place `target` names after removing it there (`removeItem(at:
    /// storeURL)`, then `copyItem(at: seedURL, to: storeURL)`).
    private func refillsAfterLeaving(_ node: FunctionCallExprSyntax, _ target: ExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self),
              !parent.is(AccessorDeclSyntax.self), !parent.is(ClosureExprSyntax.self) {
            current = parent
        }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(current)
        return refills([target.trimmedText], after: node, among: calls.found)
    }

    /// The names of the types' members (`packFileURL` of `PackStorageHelper.packFileURL(for:)`)
    /// `target` is made of, through the names it is bound to, a few deep.
    private func membersMaking(_ target: ExprSyntax) -> Set<String> {
        guard let unit = declarations.unit(around: target) else { return [] }
        var members: Set<String> = []
        var pending = [target]
        for _ in 0..<3 where !pending.isEmpty {
            var next: [ExprSyntax] = []
            for expression in pending {
                let references = TypeMemberReferences(viewMode: .sourceAccurate)
                references.walk(expression)
                members.formUnion(references.keys.compactMap { $0.split(separator: ".").last.map(String.init) })
                let names = NameReferences(viewMode: .sourceAccurate)
                names.walk(expression)
                next += Set(names.names).sorted().compactMap { binding(of: $0, in: unit) }
            }
            pending = next
        }
        return members
    }

    /// The file names a loop around `node` goes through where `given` is a folder's URL with the
    /// loop's name appended (`folder.appendingPathComponent(name)`, written there or bound to a
    /// name first), and the loop's list is string literals: the names of the files it handles.
    private func loopedFileNames(_ given: ExprSyntax, around node: FunctionCallExprSyntax) -> [String]? {
        var url = given
        if let name = given.as(DeclReferenceExprSyntax.self)?.baseName.text, let unit = declarations.unit(around: node),
           let value = binding(of: name, in: unit, usedAt: Syntax(given)) {
            url = value
        }
        guard let call = url.as(FunctionCallExprSyntax.self), let appended = SynchronousCode.calledName(call),
              ["appendingPathComponent", "appending"].contains(appended), let component = call.arguments.first?.expression,
              component.is(DeclReferenceExprSyntax.self), let elements = Self.loopedElements(component, around: node)
        else { return nil }
        let names = elements.compactMap { element -> String? in
            guard let literal = element.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                  let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text else { return nil }
            return text
        }
        return names.count == elements.count ? names : nil
    }

    /// The elements of the array literal a `for` loop around `node` goes through, where `name`
    /// is its loop variable: written in the loop, or bound to a name before it (`let files = [url,
    /// wal]`, `for file in files`).
    static func loopedElements(_ name: ExprSyntax, around node: some SyntaxProtocol) -> [ExprSyntax]? {
        guard let variable = name.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var current = Syntax(node).parent
        var loop: ForStmtSyntax?
        // The code the loop is in: a function's, an initializer's or an accessor's, or a closure.
        while let syntax = current, !syntax.is(FunctionDeclSyntax.self), !syntax.is(InitializerDeclSyntax.self), !syntax.is(AccessorDeclSyntax.self), !syntax.is(ClosureExprSyntax.self) {
            if loop == nil, let found = syntax.as(ForStmtSyntax.self), found.pattern.trimmedText == variable { loop = found }
            guard let parent = syntax.parent else { break }
            current = parent
        }
        guard let loop else { return nil }
        if let array = loop.sequence.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        guard let list = loop.sequence.as(DeclReferenceExprSyntax.self)?.baseName.text, let body = current else { return nil }
        let binding = BindingFinder(name: list, usedAt: Syntax(loop))
        binding.walk(body)
        return binding.value?.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) }
    }

    enum MigrationBefore {
        /// The removal runs only when `migratePersistentStore` returned.
        case afterItSucceeded
        /// The removal runs when it failed too: `try?`, or a `catch` that goes on.
        case evenWhenItFails
    }

    /// Whether the function that adds a store at `node` then hands it to `migratePersistentStore`:
    /// a second coordinator that copies the store out (a backup, an export) after the app's own
    /// opening migrated it, not the opening a new release's first launch goes through.
    private func copiesTheStoreAfter(_ node: FunctionCallExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: node) else { return false }
        let calls = MigrationCalls(viewMode: .sourceAccurate)
        calls.walk(declarations.units[unit].body)
        return calls.found.contains { $0.call.position > node.position }
    }

    /// Whether `node`'s function adds a store read-only (`NSReadOnlyPersistentStoreOption`) and
    /// then copies it out with `migratePersistentStore` (a backup, an export): the store the app
    /// writes is already open elsewhere, neither call migrates it, and a failure of either loses
    /// nothing and does not recur at launch.
    private func copiesOutAReadOnlyStore(_ node: FunctionCallExprSyntax) -> Bool {
        guard let unit = declarations.unit(around: node) else { return false }
        let body = declarations.units[unit].body
        let migrations = MigrationCalls(viewMode: .sourceAccurate)
        migrations.walk(body)
        guard let lastCopy = migrations.found.last?.call.position else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(body)
        return calls.found.contains { call in
            guard call.position < lastCopy, SynchronousCode.calledName(call) == "addPersistentStore",
                  let written = call.arguments.first(where: { $0.label?.text == "options" })?.expression else { return false }
            let options = boundValue(of: written, in: unit, usedAt: Syntax(written))
            return options.as(DictionaryExprSyntax.self)?.content.as(DictionaryElementListSyntax.self)?.contains { element in
                element.key.trimmedText.hasSuffix("NSReadOnlyPersistentStoreOption") && !element.value.trimmedText.hasPrefix("false")
            } ?? false
        }
    }

    /// Whether `migratePersistentStore` is called before `node` in its function (in a statement
    /// written before it in a block around it, a `do` block's included): the old store's data was
    /// copied to the new place (the old files stay, to be removed), unless the migration's failure
    /// is let through to the removal.
    private func migrationBefore(_ node: FunctionCallExprSyntax) -> MigrationBefore? {
        migrationsBefore(node)?.when
    }

    /// `migrationBefore`, with where those migrations copied the store to (their `to:`, as written).
    private func migrationsBefore(_ node: FunctionCallExprSyntax) -> (when: MigrationBefore, destinations: [String])? {
        var found: MigrationBefore?
        var destinations: [String] = []
        var current = Syntax(node)
        // Through closures that run at once (a file coordinator's accessor that removes the old store).
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self),
              parent.as(ClosureExprSyntax.self).map(SynchronousCode.runsAtOnce) ?? true {
            if let item = current.as(CodeBlockItemSyntax.self), let block = parent.as(CodeBlockItemListSyntax.self) {
                for statement in block.prefix(while: { $0.id != item.id }) {
                    let calls = MigrationCalls(viewMode: .sourceAccurate)
                    calls.walk(statement)
                    guard !calls.found.isEmpty else { continue }
                    let ignored = calls.found.contains { $0.ignoresFailure }
                        || statement.item.as(DoStmtSyntax.self).map { !$0.catchClauses.isEmpty && !$0.catchClauses.allSatisfy { leaves($0.body) } } ?? false
                    found = ignored ? .evenWhenItFails : found ?? .afterItSucceeded
                    destinations += calls.found.compactMap { $0.call.arguments.first(where: { $0.label?.text == "to" })?.expression.trimmedText }
                }
            }
            current = parent
        }
        return found.map { ($0, destinations) }
    }

    /// Whether a block ends by leaving the code around it: `return`, `throw`, or stopping the app,
    /// itself or through a helper of the project that always does (`logCrashAndTerminate(error)`).
    private func leaves(_ block: CodeBlockSyntax) -> Bool {
        if ThrowingCallFailure.exits(block) { return true }
        let last = block.statements.last?.item
        guard let call = last?.as(FunctionCallExprSyntax.self) ?? last?.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self) else { return false }
        return StoreDeletingHelpers.stops(call) || StoreDeletingHelpers(declarations: declarations).stopsTheApp(call)
    }

    /// Whether the function around `node` also lists a folder and removes (or moves, as `call`
    /// does) what it lists (`for file in try FileManager.default.contentsOfDirectory(at: folder,
    /// ...) where file.lastPathComponent.hasPrefix(storeName) { try removeItem(at: file) }`): the
    /// store's `-wal` and `-shm` lie beside it and go with that loop, and a move of the store alone
    /// beside it is a fallback of that loop or a retry after it. A loop that picks files by their
    /// extension (`hasSuffix`, `pathExtension`) handles other files, not the companions.
    private func handlesTheFolderListing(around node: some SyntaxProtocol, with call: String) -> Bool {
        guard let unit = declarations.unit(around: node) else { return false }
        let loops = ForLoops(viewMode: .sourceAccurate)
        loops.walk(declarations.units[unit].body)
        return loops.found.contains { loop in
            var listed = loop.sequence.trimmedText
            if let name = loop.sequence.as(DeclReferenceExprSyntax.self)?.baseName.text, let value = binding(of: name, in: unit, usedAt: Syntax(loop)) {
                listed = value.trimmedText
            }
            let text = loop.trimmedText
            return ByteSearch.contains("contentsOfDirectory", in: listed) && ByteSearch.contains(call, in: text)
                && !ByteSearch.contains("hasSuffix", in: text) && !ByteSearch.contains("pathExtension", in: text)
        }
    }

    /// Whether `destroyPersistentStore(at:)` of the same URL runs before `node` in its function:
    /// Core Data then removed the store with its `-wal` and `-shm`, and removing the file after
    /// it leaves no companion behind.
    private static func destroysTheStoreBefore(_ node: FunctionCallExprSyntax, at target: ExprSyntax) -> Bool {
        let removals = RemovalCalls(viewMode: .sourceAccurate)
        // Also in a `do` of its own before it (`do { try destroyPersistentStore(at:) } catch { log }`).
        for statement in statementsRunBefore(node, innermostBlockOnly: false, withUnwrapping: true) { removals.walk(statement) }
        return removals.destroyedStores.contains(target.trimmedText)
    }

    /// `storeURL.appendingPathExtension("wal")`: meant as a companion (it names `Notes.store.wal`,
    /// not `Notes.store-wal`), never the store itself.
    private static func namesACompanionByExtension(_ text: String) -> Bool {
        let compact = String(text.filter { $0 != " " })
        if ["wal", "shm", "journal", "-wal", "-shm", "-journal"].contains(where: { ByteSearch.contains("appendingPathExtension(\"\($0)\")", in: compact) }) { return true }
        // `storeURL.appendingPathExtension(suffix)`, a name in a loop over the companions' suffixes:
        // a file beside the store (`Notes.sqlite.wal`), not the store.
        guard let call = compact.range(of: ".appendingPathExtension(", options: .backwards) else { return false }
        return compact[call.upperBound...].first != "\""
    }

    /// Whether the text names a store's companion file (`-wal`, `-shm`, `-journal`, by suffix or
    /// extension), not the store.
    private static func namesACompanion(_ text: String) -> Bool {
        ByteSearch.contains("-wal", in: text) || ByteSearch.contains("-shm", in: text) || ByteSearch.contains("-journal", in: text) || namesACompanionByExtension(text)
    }

    /// A literal store file name, a store description's or store's `url`, or a name bound to one
    /// (in the same unit, or a property of the same type); never the store's folder or a `-wal`
    /// name, nor the `-journal` of the rollback journal an app deletes with them.
    private func isStore(_ expression: ExprSyntax, depth: Int) -> Bool {
        let text = expression.trimmedText
        if Self.namesACompanion(text) || ByteSearch.contains("deletingLastPathComponent", in: text) { return false }
        let literals = StringLiterals(viewMode: .sourceAccurate)
        literals.walk(expression)
        if literals.found.contains(where: { StoreFileName.isStoreFile(Self.lastComponent($0.text)) }) { return true }
        let urls = DescriptionURLs(viewMode: .sourceAccurate)
        urls.walk(expression)
        if urls.found { return true }
        guard depth < 3, let unit = declarations.unit(around: expression) else { return false }
        if namesStoreThroughMembers(expression, depth: depth) { return true }
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(expression)
        let opened = storeArguments(in: unit)
        if references.names.contains(where: opened.contains) { return true }
        if isStoreProperty(in: expression, names: references.names, unit: unit) { return true }
        return references.names.contains { name in
            if let known = storeBindings[unit]?[name] { return known }
            storeBindings[unit, default: [:]][name] = false  // a name bound (through others) to itself is no store
            // A variable made a store's URL later (`var url = documents`, then `url =
            // url.appendingPathComponent(name)`) is one from there on.
            let bound = binding(of: name, in: unit)
            let found = bound.map { isStore($0, depth: depth + 1) || reassignments(of: name, in: unit).contains { isStore($0, depth: depth + 1) } }
                ?? handedAStore(parameter: name, of: unit, depth: depth)
            storeBindings[unit, default: [:]][name] = found
            return found
        }
    }

    /// The values assignments give `name` in `unit` after it is declared (`url = url.appendingPathComponent(name)`).
    private func reassignments(of name: String, in unit: Int) -> [ExprSyntax] {
        let finder = BindingFinder(name: name)
        finder.walk(declarations.units[unit].body)
        return finder.assigned
    }

    /// Whether `name` is a parameter of the function `unit` that its callers hand a store's file
    /// or name (`deleteDatabase(kLocalStoreFilename)`, `let kLocalStoreFilename =
    /// "Notes.sqlite"`): a helper that removes or moves the file it is given works on the store.
    private func handedAStore(parameter name: String, of unit: Int, depth: Int) -> Bool {
        guard let parameters = CodeDeclarations.parameters(ofBody: declarations.units[unit].body).map(Array.init),
              let index = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name }) else { return false }
        let label = parameters[index].firstName.tokenKind == .wildcard ? nil : parameters[index].firstName.text
        return calls(of: unit).contains { call in
            ErrorPaths.argument(of: call, for: (label, index)).map { isStore($0.expression, depth: depth + 1) } ?? false
        }
    }

    /// Whether the file at `expression` lies in the temporary folder or in an iCloud Drive
    /// container: its text says so, or the value of a name or a type's member it is made of does
    /// (three steps deep).
    private func liesWhereNoStoreIs(_ expression: ExprSyntax, depth: Int) -> Bool {
        isMade(of: .placeWithNoStore, expression, depth: depth)
    }

    /// Whether the file at `expression` is in Documents, and is a `default.store` where no
    /// configuration of the run is given a `url:`, or any file where the run opens SwiftData
    /// stores only, none given a `url:`: SwiftData keeps its stores in Application Support, so
    /// nothing there is the app's store (code that copies or deletes it works on a file no
    /// container opens).
    private func isSwiftDataDefaultStoreElsewhere(_ expression: ExprSyntax) -> Bool {
        guard !declarations.mayPlaceAStoreByURL, declarations.opensOnlySwiftDataStoresInApplicationSupport || isMade(of: .swiftDataDefaultName, expression, depth: 0) else { return false }
        return isMade(of: .documentsFolder, expression, depth: 0) && !isMade(of: .applicationSupportFolder, expression, depth: 0)
    }

    /// Whether the file at `target` is a store's `-wal` or `-shm` alone, by its text or the value
    /// of the name it is (`let shmURL = folder.appendingPathComponent("default.store-shm")`):
    /// removing it deletes no store (the store's own file is moved aside or kept).
    private func namesOnlyACompanion(_ target: ExprSyntax) -> Bool {
        func isCompanion(_ text: String) -> Bool { (text.contains("-wal\"") || text.contains("-shm\"")) && !text.contains("[") }
        if isCompanion(target.trimmedText) { return true }
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let unit = declarations.unit(around: target),
              let value = binding(of: name, in: unit, usedAt: Syntax(target)) else { return false }
        return isCompanion(value.trimmedText)
    }

    /// Whether the file at `expression` has a path made for one run (a folder or a name from a
    /// new UUID): its text says so, or the value of a name it is made of does (three steps deep).
    private func isMadeForOneRun(_ expression: ExprSyntax) -> Bool {
        isMade(of: .madeForOneRun, expression, depth: 0)
    }

    /// Whether the text of `expression`, or the value of a name or a type's member it is made of
    /// (three steps deep), holds one of `words`.
    private func isMade(of sought: PathWords, _ expression: ExprSyntax, depth: Int) -> Bool {
        let key = MadeOfKey(sought: sought, start: expression.positionAfterSkippingLeadingTrivia.utf8Offset, end: expression.endPositionBeforeTrailingTrivia.utf8Offset, depth: depth)
        if let known = valuesMadeOf[key] { return known }
        valuesMadeOf[key] = false  // a name bound (through others) to itself is made of nothing
        let found = isMadeWorkedOut(of: sought, expression, depth: depth)
        valuesMadeOf[key] = found
        return found
    }

    private func isMadeWorkedOut(of sought: PathWords, _ expression: ExprSyntax, depth: Int) -> Bool {
        let text = expression.trimmedText
        if sought.words.contains(where: { ByteSearch.contains($0, in: text) }) { return true }
        guard depth < 3, let unit = declarations.unit(around: expression) else { return false }
        let members = TypeMemberReferences(viewMode: .sourceAccurate)
        members.walk(expression)
        for key in members.keys {
            for index in declarations.unitsByKey[key] ?? [] {
                let body = declarations.units[index].body
                if let value = body.as(ExprSyntax.self) ?? body.as(AccessorBlockSyntax.self).flatMap(Self.returnedValue), isMade(of: sought, value, depth: depth + 1) { return true }
            }
        }
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(expression)
        return Set(references.names).contains { name in binding(of: name, in: unit).map { isMade(of: sought, $0, depth: depth + 1) } ?? false }
    }

    /// The initializers and functions of other SQLite libraries that open a database at a path:
    /// SQLite.swift's `Connection`, GRDB's `DatabaseQueue` and `DatabasePool`, FMDB's, the C API's.
    private static let otherSQLiteOpeners: Set<String> = ["Connection", "DatabaseQueue", "DatabasePool", "FMDatabase", "FMDatabaseQueue", "sqlite3_open", "sqlite3_open_v2"]

    /// Whether the file hands a name `expression` is made of to another SQLite library's opener
    /// (`Connection(url.path)`, `DatabaseQueue(path: url.path)`).
    private func isOpenedByAnotherSQLiteLibrary(_ expression: ExprSyntax) -> Bool {
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(expression)
        let names = Set(references.names)
        guard !names.isEmpty else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(file.tree)
        return calls.found.contains { (call: FunctionCallExprSyntax) -> Bool in
            guard Self.otherSQLiteOpeners.contains(SynchronousCode.calledName(call) ?? ""), let argument = call.arguments.first?.expression else { return false }
            let given = NameReferences(viewMode: .sourceAccurate)
            given.walk(argument)
            return !names.isDisjoint(with: given.names)
        }
    }

    /// Whether the unit around `expression` hands a name it is made of to Core Data as a store's
    /// location (`migrateStore(...toDestinationURL: temporaryURL)`), or it is a description's URL.
    private func isOpenedHere(_ expression: ExprSyntax) -> Bool {
        let urls = DescriptionURLs(viewMode: .sourceAccurate)
        urls.walk(expression)
        guard !urls.found else { return true }
        guard let unit = declarations.unit(around: expression) else { return false }
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(expression)
        return !storeArguments(in: unit).isDisjoint(with: references.names)
    }

    /// The names a unit hands to Core Data as a store's location: `migrateStore(from:...toDestinationURL:)`
    /// of a migration manager, `addPersistentStore(...at:)`, `NSPersistentStoreDescription(url:)`,
    /// `metadataForPersistentStore(...at:)`, `destroyPersistentStore(at:)`: whatever they are called, they name stores.
    private func storeArguments(in unit: Int) -> Set<String> {
        if let known = storeArgumentNames[unit] { return known }
        let finder = StoreLocationArguments(viewMode: .sourceAccurate)
        finder.walk(declarations.units[unit].body)
        storeArgumentNames[unit] = finder.names
        return finder.names
    }

    /// Whether `expression` names a stored property of the type `unit` belongs to (`self.storeURL`,
    /// or `storeURL` where no local name or parameter shadows it) that a member of the same type
    /// opens a store at (`NSPersistentStoreDescription(url: self.storeURL)` in a lazy container):
    /// the property is given once, by the initializer, so every member names the same file.
    private func isStoreProperty(in expression: ExprSyntax, names: [String], unit: Int) -> Bool {
        let type = declarations.units[unit].typeName
        guard !type.isEmpty else { return false }
        let properties = storeProperties(of: type)
        guard !properties.isEmpty else { return false }
        let members = SelfMemberReferences(viewMode: .sourceAccurate)
        members.walk(expression)
        return members.names.contains(where: properties.contains)
            || names.contains { properties.contains($0) && !isLocal($0, in: unit) }
    }

    /// The properties of `type` its members open a store at: `self.name` arguments, and plain
    /// names no local binding or parameter of that member declares.
    private func storeProperties(of type: String) -> Set<String> {
        if let known = storePropertiesByType[type] { return known }
        var found: Set<String> = []
        for (index, unit) in declarations.units.enumerated() where unit.typeName == type {
            let finder = StoreLocationArguments(viewMode: .sourceAccurate)
            finder.walk(unit.body)
            found.formUnion(finder.selfMembers)
            found.formUnion(finder.names.filter { !isLocal($0, in: index) })
        }
        storePropertiesByType[type] = found
        return found
    }

    /// Whether `name` is declared in `unit`: a parameter, or a `let`/`var` of its body.
    private func isLocal(_ name: String, in unit: Int) -> Bool {
        let body = declarations.units[unit].body
        if CodeDeclarations.parameters(ofBody: body)?.contains(where: { ($0.secondName ?? $0.firstName).text == name }) ?? false { return true }
        let finder = LocalDeclarations(name: name)
        finder.walk(body)
        return finder.found
    }

    /// `Persistence.storeURL`, `URL.storeFile(in:named:)`: a static property of a project type
    /// whose value is a store, or a function of one whose body builds a store file name (a helper
    /// that makes the store's URL), from any type.
    private func namesStoreThroughMembers(_ expression: ExprSyntax, depth: Int) -> Bool {
        let members = TypeMemberReferences(viewMode: .sourceAccurate)
        members.walk(expression)
        for key in members.keys {
            for index in declarations.unitsByKey[key] ?? [] {
                let body = declarations.units[index].body
                if let value = body.as(ExprSyntax.self) {
                    if isStore(value, depth: depth + 1) { return true }
                } else {
                    let literals = StringLiterals(viewMode: .sourceAccurate)
                    literals.walk(body)
                    if literals.found.contains(where: { StoreFileName.isStoreFile(Self.lastComponent($0.text)) }) { return true }
                }
            }
        }
        return false
    }

    /// The value bound to `name` in a unit: a `let`/`var` or assignment in it, else a property of
    /// the same type with an initial value or a getter (what it returns).
    private func binding(of name: String, in unit: Int, usedAt use: Syntax? = nil) -> ExprSyntax? {
        guard use == nil else { return bindingWorkedOut(of: name, in: unit, usedAt: use) }
        if let known = plainBindings[unit]?[name] { return known }
        let found = bindingWorkedOut(of: name, in: unit, usedAt: nil)
        plainBindings[unit, default: [:]][name] = .some(found)
        return found
    }

    private func bindingWorkedOut(of name: String, in unit: Int, usedAt use: Syntax?) -> ExprSyntax? {
        let finder = BindingFinder(name: name, usedAt: use)
        finder.walk(declarations.units[unit].body)
        if let value = finder.value { return value }
        let type = declarations.units[unit].typeName
        for index in declarations.unitsByKey["\(type).\(name)"] ?? [] {
            let body = declarations.units[index].body
            if let value = body.as(ExprSyntax.self) ?? body.as(AccessorBlockSyntax.self).flatMap(Self.returnedValue) { return value }
        }
        return nil
    }

    /// What a computed property's getter returns: its one expression, or its last top-level
    /// `return` (`var storeURL: URL { let folder = ...; return folder.appendingPathComponent("Notes.sqlite") }`).
    /// Names bound in the getter are read in the getter's unit.
    private static func returnedValue(_ accessors: AccessorBlockSyntax) -> ExprSyntax? {
        let statements: CodeBlockItemListSyntax?
        switch accessors.accessors {
        case .getter(let items): statements = items
        case .accessors(let list): statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        guard let statements else { return nil }
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { return only }
        return statements.reversed().lazy.compactMap { $0.item.as(ReturnStmtSyntax.self)?.expression }.first
    }

    /// Every value `name = value` gives `name` in the unit, beside the one `binding(of:)` finds:
    /// those of the declaration in effect at `use`.
    private func assignedValues(of name: String, in unit: Int, usedAt use: Syntax) -> [ExprSyntax] {
        let finder = BindingFinder(name: name, usedAt: use)
        finder.walk(declarations.units[unit].body)
        return finder.assignedInEffect
    }

    /// Whether the unit around `target` builds a `-wal` or `-shm` name from the very name it
    /// moves, copies or deletes (`storeURL.path + "-wal"`, `storeURL.appendingPathComponent("-wal")`):
    /// then that name is a store, whatever it is called, as a parameter with no file name in sight.
    private func isGivenCompanions(_ target: ExprSyntax) -> Bool {
        guard !ByteSearch.contains("-wal", in: target.trimmedText), !ByteSearch.contains("-shm", in: target.trimmedText),
              !Self.namesACompanionByExtension(target.trimmedText), let unit = declarations.unit(around: target) else { return false }
        let targetNames = Self.names(in: Syntax(target))
        guard !targetNames.isEmpty else { return false }
        let literals = StringLiterals(viewMode: .sourceAccurate)
        literals.walk(declarations.units[unit].body)
        return literals.found.contains { literal in
            // The suffix alone (after what is interpolated): "-wal", not a name like "part-wal";
            // or the extension a companion's name is given (`appendingPathExtension("wal")`,
            // `("sqlite-wal")`), mistaken or not.
            let suffix = literal.text.filter { $0 != "\u{FFFC}" }
            let companion = suffix == "-wal" || suffix == "-shm"
                || (["wal", "shm"].contains(suffix) || suffix.hasSuffix("-wal") || suffix.hasSuffix("-shm")) && !suffix.contains(".") && Self.isPathExtensionArgument(literal.node)
            return companion && !Self.companionBaseNames(of: literal.node).isDisjoint(with: targetNames)
        }
    }

    /// Whether `base` is a name without its extension: `url.deletingPathExtension()`, or a name
    /// bound to that in the unit (`let base = url.deletingPathExtension()`), to which
    /// `appendingPathExtension("sqlite-wal")` adds the store's -wal name whole.
    private func removesTheExtension(_ base: ExprSyntax, in unit: Int) -> Bool {
        if ByteSearch.contains("deletingPathExtension", in: base.trimmedText) { return true }
        return Self.names(in: Syntax(base)).contains { name in
            binding(of: name, in: unit).map { ByteSearch.contains("deletingPathExtension", in: $0.trimmedText) } ?? false
        }
    }

    /// The names a `-wal`/`-shm` literal is appended to: the base of the call it is an argument
    /// of (`storeURL.appendingPathComponent("-wal")`), the other operands of the `+` it is one of
    /// (`storeURL.path + "-wal"`), or what it interpolates (`"\(storeURL.path)-wal"`).
    private static func companionBaseNames(of literal: StringLiteralExprSyntax) -> Set<String> {
        var names = names(in: Syntax(literal))
        var node = Syntax(literal).parent
        while let current = node, names.isEmpty {
            if let sequence = current.as(SequenceExprSyntax.self) {
                names = Self.names(in: Syntax(sequence))
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base { names = Self.names(in: Syntax(base)) }
                break
            } else if current.is(CodeBlockItemSyntax.self) || current.is(PatternBindingSyntax.self) {
                break
            }
            node = current.parent
        }
        return names
    }

    /// The values' names an expression refers to (`storeURL` in `storeURL.path`), not types'.
    private static func names(in node: Syntax) -> Set<String> {
        let references = NameReferences(viewMode: .sourceAccurate)
        references.walk(node)
        return Set(references.names.filter { $0.first?.isLowercase ?? false })
    }

    /// Whether the code that goes with the operation (`companionScope`) builds `-wal` and `-shm`
    /// names, and where it appends one as a path component to the name `target` uses instead.
    private func companionNames(around node: some SyntaxProtocol, of target: ExprSyntax, operation: String)
        -> (wal: Bool, shm: Bool, mistake: (location: SchemaLintCore.SourceLocation, suffix: String)?, extensionMistake: (location: SchemaLintCore.SourceLocation, added: String)?) {
        guard let unit = declarations.unit(around: node) else { return (false, false, nil, nil) }
        let scope = companionScope(of: unit, operation: operation)
        var wal = false, shm = false
        var mistake: (location: SchemaLintCore.SourceLocation, suffix: String)?
        var extensionMistake: (location: SchemaLintCore.SourceLocation, added: String)?
        // The names the target is made of, and those it is bound to (`let store = storeURL`).
        var targetNames = Self.names(in: Syntax(target))
        for name in targetNames {
            if let value = binding(of: name, in: unit) { targetNames.formUnion(Self.names(in: Syntax(value))) }
        }
        for index in scope {
            let literals = StringLiterals(viewMode: .sourceAccurate)
            literals.walk(declarations.units[index].body)
            for literal in literals.found {
                if ["wal", "shm", "-wal", "-shm"].contains(literal.text), Self.isPathExtensionArgument(literal.node) {
                    // The -wal's mistake is the one named where both are made.
                    if extensionMistake == nil || literal.text.hasSuffix("wal") && extensionMistake?.added.hasSuffix("shm") == true,
                       !Self.companionBaseNames(of: literal.node).isDisjoint(with: targetNames) {
                        extensionMistake = (declarations.files[declarations.units[index].file].location(of: literal.node), literal.text)
                    }
                    continue
                }
                // `storeURL.appendingPathExtension("sqlite-wal")` beside `removeItem(at: storeURL)`:
                // an extension added to the store's own name (not to the name without its
                // extension) never names its companion, whatever it says.
                if literal.text.hasSuffix("-wal") || literal.text.hasSuffix("-shm"), Self.isPathExtensionArgument(literal.node),
                   let base = Self.pathExtensionBase(of: literal.node), !removesTheExtension(base, in: index),
                   !Self.names(in: Syntax(base)).isDisjoint(with: Self.names(in: Syntax(target))) {
                    if extensionMistake == nil || literal.text.hasSuffix("wal") && extensionMistake?.added.hasSuffix("shm") == true {
                        extensionMistake = (declarations.files[declarations.units[index].file].location(of: literal.node), literal.text)
                    }
                    continue
                }
                let mentionsWAL = ByteSearch.contains("-wal", in: literal.text), mentionsSHM = ByteSearch.contains("-shm", in: literal.text)
                guard mentionsWAL || mentionsSHM else { continue }
                if literal.text == "-wal" || literal.text == "-shm", Self.isPathComponentArgument(literal.node) {
                    // The -wal's mistake is the one named where both are made.
                    if mistake == nil || literal.text == "-wal" && mistake?.suffix == "-shm", !Self.companionBaseNames(of: literal.node).isDisjoint(with: targetNames) {
                        mistake = (declarations.files[declarations.units[index].file].location(of: literal.node), literal.text)
                    }
                    continue
                }
                // A store moved or copied while its companion is deleted (moved into a backup,
                // its -wal removed) leaves the copy without what the -wal held.
                if operation != "removeItem", Self.isOnlyRemoved(literal.node, in: declarations.units[index].body) { continue }
                if mentionsWAL { wal = true }
                if mentionsSHM { shm = true }
            }
        }
        return (wal, shm, mistake, extensionMistake)
    }

    /// Whether the name `literal` is bound to (`let walURL = folder.appendingPathComponent("x-wal")`)
    /// is removed in `body` and never moved, copied or put in place of another file.
    private static func isOnlyRemoved(_ literal: StringLiteralExprSyntax, in body: Syntax) -> Bool {
        var node = Syntax(literal).parent
        while let current = node, !current.is(PatternBindingSyntax.self), !current.is(CodeBlockItemSyntax.self) { node = current.parent }
        guard let name = node?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
        let calls = AllCalls(viewMode: .sourceAccurate)
        calls.walk(body)
        var removed = false
        for call in calls.found {
            guard let called = SynchronousCode.calledName(call) else { continue }
            let uses = call.arguments.contains { ByteSearch.wholeWordCount(of: name, in: Array($0.expression.trimmedText.utf8)) > 0 }
            if ["moveItem", "copyItem", "replaceItemAt", "replaceItem"].contains(called), uses { return false }
            if called == "removeItem", call.arguments.first?.expression.trimmedText == name { removed = true }
        }
        return removed
    }

    /// The code a file operation's companions are looked for in: its own function, what that uses
    /// of its type (a helper, a constant of suffixes, and what they use), and the functions of
    /// the type that call it, with what they use where that does the same operation (a `reset()`
    /// that calls `removeStore()` and `removeCompanions()`). Another method that builds `-wal`
    /// names for an operation of another kind (a reset after a backup that copies the store
    /// alone) is not this operation's.
    private func companionScope(of unit: Int, operation: String) -> [Int] {
        let type = declarations.units[unit].typeName
        guard !type.isEmpty else { return [unit] }
        var used: [Int: Set<Int>] = [:]
        func uses(_ index: Int) -> Set<Int> {
            if let known = used[index] { return known }
            let collector = UseCollector(typeName: type, file: declarations.units[index].file, declarations: declarations, entersEveryClosure: true)
            collector.walk(declarations.units[index].body)
            let found = Set(collector.uses.flatMap { declarations.unitsByKey[$0.key] ?? [] }.filter { declarations.units[$0].typeName == type })
            used[index] = found
            return found
        }
        func closure(from start: Int) -> Set<Int> {
            var reached: Set<Int> = [start]
            var pending = [start]
            while let next = pending.popLast() {
                for index in uses(next) where reached.insert(index).inserted { pending.append(index) }
            }
            return reached
        }
        var scope = closure(from: unit)
        let doesTheSame = ByteSearch.Words([Array("\(operation)(".utf8)])
        for member in declarations.units.indices where member != unit && declarations.units[member].typeName == type && uses(member).contains(unit) {
            // The caller does the operation through this helper (`removeFile(at: walURL)`).
            scope.formUnion(closure(from: member).filter { other in
                other == member || scope.contains(other) || ByteSearch.containsAny(doesTheSame, in: Array(declarations.units[other].body.trimmedText.utf8))
            })
        }
        return scope.sorted()
    }

    /// `url` in `url.appendingPathExtension("sqlite-wal")`.
    private static func pathExtensionBase(of literal: StringLiteralExprSyntax) -> ExprSyntax? {
        literal.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// `url.appendingPathExtension("wal")`: `Notes.store.wal`.
    private static func isPathExtensionArgument(_ literal: StringLiteralExprSyntax) -> Bool {
        guard let argument = literal.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return SynchronousCode.calledName(call) == "appendingPathExtension"
    }

    /// Whether the code around `node` opens the store at `url` in rollback-journal mode
    /// (`NSSQLitePragmasOption` with `"journal_mode": "DELETE"` on a description made with
    /// `url:` that very expression, or given with it to `addPersistentStore(ofType:
    /// configurationName:at:options:)`): SQLite then keeps no `-wal` or `-shm` file to carry along.
    private func opensWithoutWAL(_ url: String, around node: some SyntaxProtocol) -> Bool {
        guard let unit = declarations.unit(around: node) else { return false }
        let body = declarations.units[unit].body
        let literals = StringLiterals(viewMode: .sourceAccurate)
        literals.walk(body)
        guard literals.found.contains(where: { $0.text == "journal_mode" }),
              literals.found.contains(where: { $0.text.uppercased() == "DELETE" || $0.text.uppercased() == "TRUNCATE" })
        else { return false }
        let text = String(body.trimmedText.filter { $0 != " " })
        return ByteSearch.contains("(url:\(url))", in: text) || ByteSearch.contains("url=\(url)", in: text)
            || ByteSearch.contains("at:\(url),options:", in: text)
    }

    /// `url.appendingPathComponent("-wal")`, `url.appending(path: "-wal")`: a child path.
    private static func isPathComponentArgument(_ literal: StringLiteralExprSyntax) -> Bool {
        guard let argument = literal.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        switch SynchronousCode.calledName(call) ?? "" {
        case "appendingPathComponent": return true
        // URL's `appending(path:)` and `appending(component:)`; String's unlabelled `appending(_:)`
        // (`store.path.appending("-wal")`) joins the text, which names the companion right.
        case "appending": return ["path", "component"].contains(argument.label?.text ?? "")
        default: return false
        }
    }

    static func lastComponent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    // MARK: - Protection, background, names

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == "NSPersistentStoreFileProtectionKey" else { return .visitChildren }
        var current = node.parent
        while let syntax = current, !syntax.is(FunctionCallExprSyntax.self), !syntax.is(DictionaryExprSyntax.self), !syntax.is(CodeBlockItemSyntax.self) {
            current = syntax.parent
        }
        guard let group = current, !group.is(CodeBlockItemSyntax.self) else { return .visitChildren }
        let finder = CompleteProtection(viewMode: .sourceAccurate)
        finder.walk(group)
        if let value = finder.found {
            scanned.facts.protections.append(StoreFileProtection(place: place(value), written: value.quotedText()))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        if node.name.text == "application", ByteSearch.contains("performFetchWithCompletionHandler:", in: labels) || ByteSearch.contains("fetchCompletionHandler:", in: labels) {
            scanned.facts.backgroundEvidence.append(BackgroundEvidence("the app delegate implements application(\(labels))", at: file.location(of: node.name)))
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let text = StringLiterals.text(of: node)
        if StoreFileName.isStoreFile(Self.lastComponent(text)) {
            scanned.facts.storeFileNames.append(StoreFileName(text, at: place(node)))
        }
        return .visitChildren
    }
}

// MARK: - Small finders

/// `x.shouldMigrateStoreAutomatically = false`, `x.shouldAddStoreAsynchronously = true`, and the
/// store types named (`NSInMemoryStoreType`, `.inMemory`: true; `NSSQLiteStoreType`, `.sqlite`: false).
private final class DescriptionSettings: SyntaxVisitor {
    var found: [(Syntax, String, Bool)] = []
    var storeTypes: [(Syntax, Bool)] = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.baseName.text {
        case "NSInMemoryStoreType" where !Self.isInLoadCompletion(node) && !Self.isCompared(node): storeTypes.append((Syntax(node), true))
        case "NSSQLiteStoreType" where !Self.isCompared(node): storeTypes.append((Syntax(node), false))
        default: break
        }
        return .visitChildren
    }

    /// Whether `node` is an operand of `==` or `!=` (`$0.type == NSInMemoryStoreType`): a test of
    /// which store is open, which sets none.
    private static func isCompared(_ node: some SyntaxProtocol) -> Bool {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == node.id }) else { return false }
        return [index - 1, index + 1].contains { neighbour in
            elements.indices.contains(neighbour) && ["==", "!="].contains(elements[neighbour].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        }
    }

    /// Inside the completion handler of `loadPersistentStores`: an in-memory store there is a
    /// fallback for a store that failed to open, not what the type opens.
    private static func isInLoadCompletion(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current {
            if let call = syntax.as(FunctionCallExprSyntax.self), SynchronousCode.calledName(call) == "loadPersistentStores",
               node.position >= call.calledExpression.endPosition {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.declName.baseName.text {
        // `.inMemory`, `NSPersistentStore.StoreType.inMemory`; not a flag of the type's own (`self.inMemory`).
        case "inMemory" where !Self.isInLoadCompletion(node) && !Self.isCompared(node) && (node.base == nil || node.base?.trimmedText.hasSuffix("StoreType") == true):
            storeTypes.append((Syntax(node), true))
        case "sqlite" where !Self.isCompared(node): storeTypes.append((Syntax(node), false))
        default: break
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = node.elements.elementArray
        for (index, element) in elements.enumerated() where element.is(AssignmentExprSyntax.self) && index > 0 && index + 1 < elements.count {
            guard let property = elements[index - 1].as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                  let value = elements[index + 1].as(BooleanLiteralExprSyntax.self)
            else { continue }
            found.append((Syntax(node), property, value.literal.text == "true"))
        }
        return .visitChildren
    }
}

/// `FileProtectionType.complete`, `.complete`, `NSFileProtectionComplete` (not the other classes).
private final class CompleteProtection: SyntaxVisitor {
    var found: Syntax?

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.declName.baseName.text == "complete" { found = Syntax(node) }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.baseName.text == "NSFileProtectionComplete" { found = Syntax(node) }
        return .visitChildren
    }
}

extension IfConfigClauseSyntax {
    /// `#if DEBUG` (or a flag of the project's named for it, `#if __DEBUG__`, or a conjunction with
    /// one, `#if DEBUG && targetEnvironment(simulator)`): code not in the builds people run (its
    /// `#else` is).
    var isDebugOnly: Bool {
        guard let condition else { return false }
        return DebugBuildCondition.isDebugOnly(condition: condition.trimmedDescription)
    }
}

extension CodeDeclarations {
    /// Whether `call` is a framework type's method on a value declared of that type
    /// (`coordinator.remove(store)`, `coordinator: NSPersistentStoreCoordinator`) that the project
    /// does not extend with one of the name: it runs none of the project's functions, whatever
    /// project type declares a `remove(_:)`.
    func callsAFrameworkMethod(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        let type: String
        if let shared = member.base.flatMap(Self.sharedInstanceType) {
            // `FileManager.default.moveItem(at:to:)`
            type = shared
        } else {
            guard Self.isAValue(member.base), let value = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  let declared = Self.declaredType(of: value, around: Syntax(call)) else { return false }
            type = declared
        }
        return !typeNames.contains(type) && unitsByKey["\(type).\(name)"] == nil
    }

    /// `T` of a type's shared instance as Swift spells one (`FileManager.default`,
    /// `URLSession.shared`, `UserDefaults.standard`): a value of that type.
    static func sharedInstanceType(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), ["default", "shared", "standard"].contains(member.declName.baseName.text),
              let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true else { return nil }
        return type
    }

    /// The type `name` is declared of in the function around `node`: a parameter's annotation
    /// (`coordinator: NSPersistentStoreCoordinator`), or a local binding's annotation or
    /// initializer (`let coordinator = NSPersistentStoreCoordinator(...)`, `let fileManager =
    /// FileManager.default`). Nil where neither says (a property, an inferred value).
    static func declaredType(of name: String, around node: Syntax) -> String? {
        var current = node.parent
        while let syntax = current, !syntax.is(FunctionDeclSyntax.self), !syntax.is(InitializerDeclSyntax.self) { current = syntax.parent }
        guard let function = current else { return nil }
        let parameters = function.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters ?? function.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
        if let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) { return typeName(parameter.type) }
        let body = function.as(FunctionDeclSyntax.self)?.body.map(Syntax.init) ?? function.as(InitializerDeclSyntax.self)?.body.map(Syntax.init)
        guard let body else { return nil }
        let bindings = BindingFinder(name: name, usedAt: node)
        bindings.walk(body)
        guard let binding = bindings.declaration else { return nil }
        if let annotation = binding.typeAnnotation { return typeName(annotation.type) }
        if let value = binding.initializer?.value, let shared = sharedInstanceType(value) { return shared }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
              let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true else { return nil }
        return type
    }

    /// `T` of `T`, `T?`, `T!`; nil for any other type (a tuple, a generic, a protocol composition).
    private static func typeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(unwrapped.wrappedType) }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return nil }
        return identifier.name.text
    }

    /// `container`, `self.logger`: a value's name (lowercased), not a type's.
    static func isAValue(_ base: ExprSyntax?) -> Bool {
        if let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text { return name.first?.isLowercase == true }
        guard let member = base?.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return false }
        return member.declName.baseName.text.first?.isLowercase == true
    }

    /// Code of an Xcode preview (`#Preview`, a `PreviewProvider` type, a property or function
    /// named for previews such as `static var previewContainer`): it runs in Xcode's canvas, never
    /// on a person's device; so does a demo's or a developer sandbox's, whose store holds seeded
    /// data made to be thrown away, and code only tests run.
    func isPreviewCode(_ node: some SyntaxProtocol) -> Bool {
        if TestOnlyCode.contains(node) { return true }
        var current = node.parent
        while let syntax = current {
            if let macro = syntax.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = syntax.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            current = syntax.parent
        }
        let unit = unit(around: node)
        let member = unit.flatMap { units[$0].key.split(separator: ".").last.map(String.init) } ?? ""
        if member.lowercased().contains("preview") { return true }
        let type = unit.map { units[$0].typeName } ?? ""
        if type.hasSuffix("_Previews") || type.hasSuffix("Preview") || type.hasSuffix("Previews") { return true }
        // "Dev" names a sandbox only on the member itself (`devContainer`): a type named for a
        // developer mode (`DevModeController`) also makes the store people run.
        return !StoreCodeVisitor.words(of: member).isDisjoint(with: ["demo", "dev", "sandbox"])
            || !StoreCodeVisitor.words(of: type).isDisjoint(with: ["demo", "sandbox"])
    }
}

/// The oldest systems an app built with a current Xcode can run on: Xcode 15 builds for iOS and
/// tvOS 12, macOS 10.13 and watchOS 4 at the least, so the branch an app keeps for older systems
/// (`if #available(iOS 10.0, *) { ... } else { ... }`) runs on no device a release reaches.
enum OldestSystems {
    static let versions: [String: [Int]] = [
        "iOS": [12], "iOSApplicationExtension": [12], "tvOS": [12], "tvOSApplicationExtension": [12],
        "macOS": [10, 13], "OSX": [10, 13], "macOSApplicationExtension": [10, 13], "OSXApplicationExtension": [10, 13],
        "watchOS": [4], "watchOSApplicationExtension": [4], "macCatalyst": [13, 1], "visionOS": [1],
    ]

    /// Whether `conditions` are one `#available` whose every platform is one of these, at a
    /// version no newer than its oldest.
    static func alwaysAvailable(_ conditions: ConditionElementListSyntax) -> Bool {
        guard conditions.count == 1, let availability = conditions.first?.condition.as(AvailabilityConditionSyntax.self),
              availability.availabilityKeyword.tokenKind == .poundAvailable else { return false }
        var platforms = 0
        for argument in availability.availabilityArguments {
            let words = argument.argument.trimmedDescription.split(separator: " ")
            if words == ["*"] { continue }
            guard words.count == 2, let oldest = versions[String(words[0])] else { return false }
            let version = words[1].split(separator: ".").map { Int($0) ?? Int.max }
            guard version.lexicographicallyPrecedes(oldest) || version.starts(with: oldest) && version.dropFirst(oldest.count).allSatisfy({ $0 == 0 }) else { return false }
            platforms += 1
        }
        return platforms > 0
    }
}

/// What a path may be made of that says what it is for.
enum PathWords: Hashable {
    /// The temporary folder, and iCloud Drive's containers: no store is kept there.
    case placeWithNoStore
    /// A new UUID: a path made for one run only, at which no later store is made.
    case madeForOneRun
    /// SwiftData's default store name, and the folders it is not kept in unless a
    /// configuration's `url:` puts it there.
    case swiftDataDefaultName, documentsFolder, applicationSupportFolder

    var words: [String] {
        switch self {
        case .placeWithNoStore: ["temporaryDirectory", "NSTemporaryDirectory", "TemporaryURL", "temporaryURL", "itemReplacementDirectory", "forUbiquityContainerIdentifier"]
        case .madeForOneRun: ["UUID()", "uuidString", "globallyUniqueString"]
        case .swiftDataDefaultName: ["\"default.store\""]
        case .documentsFolder: ["documentDirectory", "documentsDirectory", "DocumentDirectory"]
        case .applicationSupportFolder: ["applicationSupportDirectory", "Application Support", "ApplicationSupportDirectory"]
        }
    }
}

/// The value the last `if let name = value` or `guard let name = value` before a place binds.
final class OptionalBindings: SyntaxVisitor {
    let name: String
    let before: AbsolutePosition
    var value: ExprSyntax?

    init(name: String, before: AbsolutePosition) {
        self.name = name
        self.before = before
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if node.position < before, node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let initial = node.initializer?.value {
            value = initial
        }
        return .visitChildren
    }
}

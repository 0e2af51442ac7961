import SchemaLintCore

/// Reads the store-handling code of Objective-C files (`.m`): file protection, what the error
/// branch of opening a store does, `NSFileManager` moves of store files, background work, and the
/// openings a launch entry point reaches (docs/store-code.md). Built into the core: it needs no dependency, only a tokenizer. Files that
/// mention none of its words are not read further; the reader never refuses a file for its syntax.
package struct ObjCStoreCodeReader: ModelSourceReader {
    package init() {}

    package var name: String { "Objective-C store code" }

    /// What it reads matters to the store-handling rules only.
    package var feedsOnly: RuleCategory? { .storeHandling }

    /// What a file must mention to be read (a byte search, before any tokenizing).
    static let words = ByteSearch.Words([
        "loadPersistentStores", "addPersistentStore", "NSFileProtectionComplete", "moveItemAt", "copyItemAt", "removeItemAt",
        "BGTaskScheduler", "setMinimumBackgroundFetchInterval", "performFetchWithCompletionHandler", "fetchCompletionHandler",
        "migratePersistentStore", "replacePersistentStore", "migrateStoreFromURL", "FinishLaunchingWithOptions", "willConnectToSession",
        // The template's container, used from other classes (`delegate.persistentContainer`):
        // a launch path goes through them.
        "persistentContainer",
        // MagicalRecord's stack, with or without automatic migration.
        "setupCoreDataStack", "setupAutoMigratingCoreDataStack", "AutoMigratingSqliteStore",
        // MagicalRecord told to delete a store that does not match the model.
        "DeleteStoreOnModelMismatch", "DeletePersistentStoreOnModelMismatch",
        // A value transformer that reads keyed archives, declared (often in a header) or registered.
        KeyedArchiveClasses.foundationBase, "setValueTransformer",
        // Attribute descriptions given their transformers in code; a store opened with the model
        // it was made with, before it migrates.
        "valueTransformerName", "forStoreMetadata",
    ].map { Array($0.utf8) })

    /// What only a test's file imports: test targets do not ship.
    static let testImports = ByteSearch.Words(["<XCTest/XCTest.h>", "@import XCTest;"].map { Array($0.utf8) })

    /// What a file on SQLite's C API or FMDB mentions, and what one that uses Core Data does.
    static let otherSQLiteWords = ByteSearch.Words(["sqlite3.h", "sqlite3_open", "FMDatabase", "<FMDB/"].map { Array($0.utf8) })
    static let coreDataWords = ByteSearch.Words(["CoreData", "NSManagedObject", "NSPersistent", "persistentContainer"].map { Array($0.utf8) })

    /// Whether the file works with SQLite through its C API or FMDB and names no Core Data type.
    static func usesAnotherSQLiteLibrary(_ bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(otherSQLiteWords, in: bytes) && !ByteSearch.containsAny(coreDataWords, in: bytes)
    }

    /// Objective-C and Objective-C++ (`.mm`), whose store code is written the same way, and headers,
    /// where a class declares what it inherits from.
    package var fileNameSuffixes: [String] { [".m", ".mm", ".h"] }

    /// Swift may send the methods of its Objective-C.
    /// Swift and interface files: what sends a method of the files read (`ObjCUncalledMethods`).
    package var consultedFileNameSuffixes: [String] { [".swift", ".xib", ".storyboard"] }

    package func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.words, in: bytes)
    }

    /// Files read together: launch paths cross files.
    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        var reading = ModelSourceReading()
        let found = Self.read(sources.sorted { $0.name < $1.name })
        reading.storeCode = found.facts
        // A method no code sends never runs: what it does to a store is a reminder.
        var uncalled = ObjCUncalledMethods(files: sources, others: options.unclaimedFiles, tree: options.tree)
        for index in reading.storeCode.fileOperations.indices {
            let place = reading.storeCode.fileOperations[index].place
            if uncalled.isUncalled(place.declaration, in: place.location.file) { reading.storeCode.fileOperations[index].inUnusedCode = true }
        }
        // A method run only as the app terminates (the template's stack, read first by
        // `saveContext` in `applicationWillTerminate:`) opens its store only then.
        for index in reading.storeCode.failureActions.indices {
            let place = reading.storeCode.failureActions[index].place
            if uncalled.isUncalled(place.declaration, in: place.location.file) || uncalled.isUnusedClass(place.declaration, in: place.location.file) {
                reading.storeCode.failureActions[index].inUnusedCode = true
            } else if uncalled.runsOnlyAtTermination(place.declaration, in: place.location.file) {
                reading.storeCode.failureActions[index].onlyAtTermination = "applicationWillTerminate"
            }
        }
        reading.suppressions = found.suppressions
        reading.errors = found.errors
        return reading
    }

    /// One file's facts and suppression comments, without the search across files.
    package static func read(bytes: [UInt8], file: String) throws(InputError) -> (facts: StoreCodeFacts, suppressions: [Suppression]) {
        let found = read([(file, bytes)])
        if let error = found.errors.first { throw error }
        return (found.facts, found.suppressions)
    }

    /// The facts and suppression comments of files read together (launch paths cross files). Only a
    /// malformed `// schemalint:ignore` comment is an error (its file's other comments are left out).
    static func read(_ sources: [ModelSourceFile]) -> (facts: StoreCodeFacts, suppressions: [Suppression], errors: [InputError]) {
        // A test's `abort()` around opening a store never reaches a person's device.
        let read = sources.filter { !ByteSearch.containsAny(Self.testImports, in: $0.bytes) }
        // Each file is tokenized and scanned on its own (most of the time an app of thousands of
        // files costs), on every core; what crosses files is worked out after, in the files' order.
        let scanned = OrderedConcurrentMap.map(count: read.count, concurrently: OrderedConcurrentMap.isWorthSharingOut(read)) { index in
            Self.scan(read[index])
        }
        var parts: [StoreCodeFacts] = []
        var suppressions: [Suppression] = []
        var errors: [InputError] = []
        var files: [ObjCLaunchPaths.File] = []
        var transformers = ObjCKeyedArchiveTransformers()
        for file in scanned {
            transformers.add(file.tokens)
            switch file.suppressions {
            case .success(let found): suppressions += found
            case .failure(let error): errors.append(error)
            }
            parts.append(file.facts)
            files.append(file.launchPaths)
        }
        // Methods of any file that migrate the store or decide whether it needs it: a method of
        // another class that sends one before opening the store has it migrated.
        let migrating = files.reduce(into: Set<String>()) { $0.formUnion($1.scanner.migratingSelectors(of: $1.bodies)) }
        let openings = files.map { $0.scanner.openings(of: $0.bodies, migratingSelectors: migrating) }
        let paths = ObjCLaunchPaths(files)
        let parents = paths.reachable()
        var located = StoreCodeFacts()
        var callers: [Int: [Int]]?
        for (index, list) in openings.enumerated() {
            located.openings += paths.foreignEntries(of: paths.attach(to: list, inFile: index, parents: parents), located: list, inFile: index, callers: &callers)
        }
        located.foreignLaunchCalls = paths.foreignCalls(parents: parents)
        located.keyedArchiveTransformers = transformers.names()
        parts.append(located)
        return (StoreCodeFacts(merging: parts), suppressions, errors)
    }

    /// What one file says on its own: its tokens, suppression comments (or the error of a malformed
    /// one, the file's other comments left out), store facts, and what launch paths need of it.
    private static func scan(_ source: ModelSourceFile) -> (tokens: [ObjCToken], suppressions: Result<[Suppression], InputError>, facts: StoreCodeFacts, launchPaths: ObjCLaunchPaths.File) {
        let (file, bytes) = source
        let (tokens, comments) = ObjCTokenizer.tokenize(bytes)
        let suppressions = Result { () throws(InputError) -> [Suppression] in
            var found: [Suppression] = []
            for comment in comments where CodeCommentSuppression.mentionsMarker(comment.text) {
                let location = SourceLocation(file: file, line: comment.line, column: comment.column)
                if let suppression = try CodeCommentSuppression.parse(comment.text, at: location) { found.append(suppression) }
            }
            return found
        }
        let plain = ObjCStoreCodeScanner(file: file, tokens: tokens)
        let bodies = plain.bodies()
        let scanner = plain.knowing(bodies)
        var facts = scanner.facts(of: bodies)
        // A `.sqlite` file that code on SQLite's own API moves or deletes is that database, in
        // its own journal mode, not a Core Data store.
        if usesAnotherSQLiteLibrary(bytes) { facts.fileOperations = [] }
        return (tokens, suppressions, facts, ObjCLaunchPaths.File(scanner: scanner, bodies: bodies))
    }
}

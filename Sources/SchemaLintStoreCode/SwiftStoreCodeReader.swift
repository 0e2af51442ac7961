import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// Reads the store-handling code of Swift files (docs/store-code.md): which calls open stores and
/// whether a launch entry point reaches them synchronously, file protection, what the error path of
/// opening a store does, `FileManager` moves of store files, background work, and
/// `// schemalint:ignore` comments. A `ModelSourceReader` that reads no models: registered by the
/// executable beside the SwiftData reader, it owns its use of swift-syntax.
package struct SwiftStoreCodeReader: ModelSourceReader {
    package init() {}

    package var name: String { "Swift store code" }

    /// What it reads matters to the store-handling rules only.
    package var feedsOnly: RuleCategory? { .storeHandling }

    /// What a Swift file must mention to be parsed at once: a store call, a container class (a
    /// subclass, whose extensions load its stores in other files), a file operation,
    /// background work, a launch entry point (which may reach a store opened in another file), a
    /// store's configuration (an extension that makes an in-memory one, read where a fallback uses
    /// it), or a value transformer that reads keyed archives (`KeyedArchiveTransformers`).
    static let words = ByteSearch.Words((openingNames + [
        "NSPersistentStoreFileProtectionKey", "protectionKey",
        "moveItem", "copyItem", "removeItem", "BGTaskScheduler", "setMinimumBackgroundFetchInterval", "backgroundTask",
        "FinishLaunchingWithOptions", "applicationDidFinishLaunching", "applicationWillFinishLaunching", "willConnectTo", "@main", "UIApplicationMain", "fetchCompletionHandler",
        KeyedArchiveClasses.foundationBase,
        // Attribute descriptions given their transformers in code; a store opened with the model
        // it was made with, before it migrates.
        "valueTransformerName", "forStoreMetadata",
        // All objects of a model class deleted, where the code's name may say cache.
        "delete(model:",
    ]).map { Array($0.utf8) })

    /// What opens a store, or describes one opened (libraries told to delete a store that does not
    /// match the model among them): a run whose files name none of these opens no store, so no
    /// launch path reaches one, and the types launch paths use are not looked for (in a large app
    /// with no Core Data, parsing them was most of a run).
    static let openingNames = [
        "loadPersistentStores", "addPersistentStore", "ModelContainer", "ModelConfiguration", "NSPersistentStoreDescription",
        "NSPersistentContainer", "NSPersistentCloudKitContainer", "NSInMemoryStoreType",
        "persistentContainer", "PersistenceController", "migratePersistentStore", "replacePersistentStore", "setupCoreDataStack", "setupAutoMigratingCoreDataStack", "AutoMigratingSqliteStore", "NSMigrationManager", "addStorageAndWait",
        "setShouldDeleteStoreOnModelMismatch", "recreateStoreOnModelMismatch",
    ]
    static let openingWords = ByteSearch.Words(openingNames.map { Array($0.utf8) })

    /// What stops the app: the caller of a throwing store wrapper (`do { try setUpStorage() }
    /// catch { fatalError() }`, `let state = try! AppState()`) often mentions none of `words`.
    static let stopWords = ByteSearch.Words(["fatalError", "abort()", "preconditionFailure", "try!"].map { Array($0.utf8) })

    /// What logs: a caller whose closure only logs the error a wrapper hands it leaves the app
    /// without its store.
    static let loggingWords = ByteSearch.Words(["print(", "NSLog(", "os_log(", "Logger", "logger."].map { Array($0.utf8) })

    /// What names an error: where a caller only logs it, the other callers of the same wrapper,
    /// which may tell the person (an alert, a first screen with a retry), are read too.
    static let errorWords = ByteSearch.Words(["error", "Error"].map { Array($0.utf8) })

    /// What declares a function that never returns.
    static let neverReturning = ByteSearch.Words([Array("-> Never".utf8)])

    /// How many rounds of files a launch path is followed into files that mention none of `words`.
    static let bridgeRounds = 3

    package var fileNameSuffixes: [String] { [".swift"] }

    /// Whether a file mentions one of `words`: it is parsed whatever the launch paths need.
    package static func mentionsAStore(_ bytes: [UInt8]) -> Bool { ByteSearch.containsAny(words, in: bytes) }

    /// What declares a type: a file that mentions no store may still lie on the way from a launch
    /// entry to the store (a service locator whose initializer makes the store's owner).
    static let typeWords = ByteSearch.Words(["class ", "struct ", "enum ", "actor ", "extension "].map { Array($0.utf8) })

    /// A file that mentions a store, stops the app, or declares a type: `read` parses only those
    /// that can matter.
    package func claims(name: String, bytes: [UInt8]) -> Bool {
        Self.mentionsAStore(bytes) || ByteSearch.containsAny(Self.stopWords, in: bytes) || ByteSearch.containsAny(Self.typeWords, in: bytes)
    }

    /// Sources as bytes with the names messages show. Swift that does not parse is read as far as
    /// swift-syntax recovers it: this is app code, and the compiler says more about its syntax
    /// than a linter could.
    ///
    /// Parsed are the files that mention one of `words`, and the files that declare a type the
    /// launch paths found so far use but no file read declares (`AppManager.shared` in the app
    /// delegate, declared in a file that names no store API), a few rounds deep. A file that stops
    /// the app (`fatalError`, `try!`) or logs matters only as the caller of a function that opens
    /// a store and hands its error out: it is parsed only when it names such a function (most
    /// `fatalError`s, `try!`s and logs have nothing to do with a store, and parsing is what the
    /// store-code reader costs); where one only logs, so are the other files that name the function
    /// and an error, since another caller may tell the person. Files of neither kind are not this
    /// reader's input: what keeps them from the parser is not reported.
    /// The functions that open a store after a call that deletes one (`rebuild() { destroyIndex();
    /// loadPersistentStores {...}; Entry.index(checkout:into:) }`): what they call next may fill
    /// the new store again from files on the device, in a file that names no store API, so the
    /// types they use are read too.
    static func rebuildingUnits(_ declarations: CodeDeclarations) -> [Int] {
        declarations.units.indices.filter { unit in
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(declarations.units[unit].body)
            let names = calls.found.compactMap { SynchronousCode.calledName($0) }
            guard let opening = names.lastIndex(where: StoreDeletingHelpers.openingCalls.contains) else { return false }
            return names[..<opening].contains(where: StoreDeletingHelpers.isNamedForDeleting)
        }
    }

    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        let mentioningStores = sources.indices.filter { Self.mentionsAStore(sources[$0].bytes) }
        let inputs = Set(mentioningStores.map { sources[$0].name })
        // A function that never returns (`func logFatal(_ message: String) -> Never`) stops the app
        // wherever a store's error branch calls it; the few files that declare one are read too.
        let mentioned = Set(mentioningStores)
        var selected = sources.indices.filter { mentioned.contains($0) || ByteSearch.containsAny(Self.neverReturning, in: sources[$0].bytes) }
        var done = Set(selected)
        var index: TypeDeclarationIndex?
        let opensAStore = mentioningStores.contains { ByteSearch.containsAny(Self.openingWords, in: sources[$0].bytes) }
        for _ in 0..<(opensAStore ? Self.bridgeRounds : 0) {
            let declarations = CodeDeclarations(parsed(selected.map { sources[$0] }, options: options), concurrently: false)
            let paths = LaunchPaths(declarations)
            let wanted = paths.undeclaredTypes().union(paths.undeclaredTypes(usedBy: Self.rebuildingUnits(declarations)))
            guard !wanted.isEmpty else { break }
            if index == nil { index = TypeDeclarationIndex(sources.indices.filter { !done.contains($0) }.map { ($0, sources[$0].bytes) }) }
            // The files that declare them, then the files that extend those of them the project
            // declares (a framework's types, `Date`, `URL`, are extended all over an app).
            let declaring = Set(wanted.flatMap { index?.declaring[$0] ?? [] }).subtracting(done).sorted()
            guard !declaring.isEmpty else { break }
            done.formUnion(declaring)
            let declared = wanted.filter { !(index?.declaring[$0] ?? []).isEmpty }
            let extending = Set(declared.flatMap { index?.extending[$0] ?? [] }).subtracting(done).sorted()
            done.formUnion(extending)
            selected += declaring + extending
        }
        var (reading, escaping) = read(selected.sorted().map { sources[$0] }, inputs: inputs, options: options)
        let callers = ByteSearch.Words(escaping.sorted().map { Array($0.utf8) })
        var handling = escaping.isEmpty ? [] : sources.indices.filter {
            !done.contains($0) && (ByteSearch.containsAny(Self.stopWords, in: sources[$0].bytes) || ByteSearch.containsAny(Self.loggingWords, in: sources[$0].bytes))
                && ByteSearch.containsAny(callers, in: sources[$0].bytes)
        }
        if !handling.isEmpty {
            let callerInputs = handling.map { sources[$0].name }
            // The types the callers use that no file read declares (`let database = Database.shared`,
            // in a file that names no store API): their files say which wrapper a call reaches.
            let callerDeclarations = CodeDeclarations(parsed(handling.map { sources[$0] }, options: options), concurrently: false)
            let wanted = LaunchPaths(callerDeclarations).undeclaredTypes(usedBy: callerDeclarations.units.indices, inEveryClosure: true)
            if !wanted.isEmpty {
                done.formUnion(handling)
                if index == nil { index = TypeDeclarationIndex(sources.indices.filter { !done.contains($0) }.map { ($0, sources[$0].bytes) }) }
                handling += Set(wanted.flatMap { (index?.declaring[$0] ?? []) + (index?.extending[$0] ?? []) }).subtracting(done).sorted()
            }
            reading = read((selected + handling).sorted().map { sources[$0] }, inputs: inputs.union(callerInputs), options: options).reading
        }
        if reading.storeCode.failureActions.contains(where: { $0.action == .onlyLogs && !$0.errorPath.isEmpty }) {
            let alreadyRead = Set(selected + handling)
            let otherCallers = sources.indices.filter {
                !alreadyRead.contains($0) && ByteSearch.containsAny(Self.errorWords, in: sources[$0].bytes) && ByteSearch.containsAny(callers, in: sources[$0].bytes)
            }
            if !otherCallers.isEmpty {
                let callerInputs = (handling + otherCallers).map { sources[$0].name }
                reading = read((selected + handling + otherCallers).sorted().map { sources[$0] }, inputs: inputs.union(callerInputs), options: options).reading
            }
        }
        // The Swift files not claimed (no store word in them) may name a type all the same.
        var unclaimed: [ModelSourceFile]?
        func everyFile() -> [ModelSourceFile] {
            if let unclaimed { return sources + unclaimed }
            let read = options.unclaimedFiles.filter { $0.hasSuffix(".swift") }.compactMap { path -> ModelSourceFile? in
                guard case .success(let data) = options.tree.contents(of: path) else { return nil }
                return (path, [UInt8](data))
            }
            unclaimed = read
            return sources + read
        }
        // Whether a declaration is unused depends on it alone, and the actions of one unit share it:
        // the files are searched once for each.
        var unusedDeclarations: [String: Bool] = [:]
        var neverMadeDeclarations: [String: Bool] = [:]
        func neverMade(_ place: CodePlace) -> Bool {
            let declaration = place.location.file + "\u{0}" + place.declaration
            if let known = neverMadeDeclarations[declaration] { return known }
            let found = Self.isNeverMade(place, everyFile: everyFile)
            neverMadeDeclarations[declaration] = found
            return found
        }
        // The files that hold each name as a word, by name: the stores of many types share one
        // (`persistentContainer`), and each question would search every file again.
        var filesByWord: [String: [ModelSourceFile]] = [:]
        func files(holding word: String) -> [ModelSourceFile] {
            if let known = filesByWord[word] { return known }
            let found = sources.filter { ByteSearch.wholeWordCount(of: word, in: $0.bytes) > 0 }
            filesByWord[word] = found
            return found
        }
        for index in reading.storeCode.failureActions.indices {
            let place = reading.storeCode.failureActions[index].place
            let opensHere = reading.storeCode.failureActions[index].openingLocation.file == place.location.file
            let declaration = place.location.file + "\u{0}" + place.declaration
            let unused = unusedDeclarations[declaration]
                ?? (Self.isUnusedStaticProperty(place, in: sources) || Self.isUnreadLazyProperty(place, in: sources, holding: files(holding:)) || Self.isUncalledFunction(place, in: sources)
                    || Self.isUncalledStaticFunction(place, in: sources, everyFile: everyFile))
            unusedDeclarations[declaration] = unused
            reading.storeCode.failureActions[index].inUnusedCode = unused
                // A type that opens its store and handles the failure itself, and that no other
                // file names: the stack left beside the one the app uses (another file opens a
                // store), or by the code that used it (the app's entry point is read, and names
                // it nowhere).
                || opensHere && Self.isUnusedType(place, in: sources, everyFile: everyFile)
                    && (reading.storeCode.openings.contains { $0.place.location.file != place.location.file } || Self.declaresTheEntryPoint(everyFile(), besides: place.location.file))
                || opensHere && neverMade(place) && Self.declaresTheEntryPoint(everyFile(), besides: place.location.file)
            if !reading.storeCode.failureActions[index].inUnusedCode {
                reading.storeCode.failureActions[index].onlyAtTermination = Self.terminationOnlyReader(of: place, in: sources, holding: files(holding:))
                reading.storeCode.failureActions[index].offByConstant = Self.falseConstant(guarding: place, in: sources)
                if reading.storeCode.failureActions[index].opening == .loadPersistentStores, reading.storeCode.failureActions[index].action == .onlyLogs {
                    reading.storeCode.failureActions[index].reloadsTheStoresOf = Self.otherTypesLoad(
                        reloadedAt: reading.storeCode.failureActions[index].openingLocation, by: place,
                        in: sources, openings: reading.storeCode.openings, failureActions: reading.storeCode.failureActions
                    )
                }
            }
        }
        // A method that moves or removes store files runs when something asks for it (a restore,
        // a reset), never by itself: where no file of the run names it but its declaration, it
        // is dead code, whatever file may hold the call. So it is in a type no other file names,
        // where the app's entry point is read: nothing makes one.
        for index in reading.storeCode.fileOperations.indices {
            let place = reading.storeCode.fileOperations[index].place
            reading.storeCode.fileOperations[index].inUnusedCode = Self.isUncalledFunction(place, in: sources, everyFile: everyFile)
            guard !reading.storeCode.fileOperations[index].inUnusedCode else { continue }
            if Self.isUnusedType(place, in: sources, everyFile: everyFile), Self.declaresTheEntryPoint(everyFile(), besides: place.location.file) {
                reading.storeCode.fileOperations[index].inUnusedType = place.declaration.split(separator: ".").first.map(String.init)
            } else {
                reading.storeCode.fileOperations[index].offByConstant = Self.falseConstant(guarding: place, in: sources)
            }
        }
        reading.storeCode.fileOperations.removeAll { Self.isAnotherSQLiteLibrarysDatabase(madeBy: $0.urlMadeBy, movedIn: $0.place.location.file, sources: sources) }
        // A failure kept in a name that some file reads is handled there.
        reading.storeCode.failureActions.removeAll { action in
            action.keptOnlyIn.contains { name in Self.isRead(name, in: sources) }
        }
        // An error kept for the interface tells the person nothing where no file reads it.
        for index in reading.storeCode.failureActions.indices where !reading.storeCode.failureActions[index].toldOnlyThrough.isEmpty {
            if !reading.storeCode.failureActions[index].toldOnlyThrough.contains(where: { Self.isRead($0, in: sources) }) {
                reading.storeCode.failureActions[index].withAnAlert = false
            }
        }
        return reading
    }

    /// Whether a file whose URL the project's members `members` make (`packFileURL`), moved in
    /// `file`, is another SQLite library's database: besides `file`, only files that import such
    /// a library (GRDB, SQLite.swift, FMDB) use those members, and none that imports Core Data or
    /// SwiftData does (a downloaded pack GRDB opens read-only, not a store).
    static func isAnotherSQLiteLibrarysDatabase(madeBy members: Set<String>, movedIn file: String, sources: [ModelSourceFile]) -> Bool {
        guard !members.isEmpty else { return false }
        var usedByAnotherLibrary = false
        for source in sources where source.name != file && members.contains(where: { ByteSearch.wholeWordCount(of: $0, in: source.bytes) > 0 }) {
            if ["CoreData", "SwiftData"].contains(where: { imports($0, source.bytes) }) { return false }
            if StoreCodeSourceFile.otherSQLiteLibraries.contains(where: { imports($0, source.bytes) }) { usedByAnotherLibrary = true }
        }
        return usedByAnotherLibrary
    }

    /// Whether `bytes` hold `import module` (not `import moduleKit`).
    private static func imports(_ module: String, _ bytes: [UInt8]) -> Bool {
        let word = Array("import \(module)".utf8)
        var start = 0
        while start < bytes.count, let found = bytes[start...].firstRange(of: word) {
            if found.upperBound == bytes.count || !ByteSearch.isIdentifierByte(bytes[found.upperBound]) { return true }
            start = found.upperBound
        }
        return false
    }

    /// Whether any file reads `name` (`if let error = initializationError`, `store.lastError`,
    /// `$loadError`): it is written there other than where it is declared (`var name`, `let name`)
    /// or given a value (`name = `, not `name ==`).
    static func isRead(_ name: String, in sources: [ModelSourceFile]) -> Bool {
        let word = Array(name.utf8)
        for source in sources where ByteSearch.wholeWordCount(of: name, in: source.bytes) > 0 {
            let bytes = source.bytes
            var start = 0
            while let range = bytes[start...].firstRange(of: word) {
                start = range.upperBound
                let before = range.lowerBound > 0 ? bytes[range.lowerBound - 1] : UInt8(ascii: " ")
                let after = range.upperBound < bytes.count ? bytes[range.upperBound] : UInt8(ascii: " ")
                func isWordByte(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122) }
                guard !isWordByte(before), !isWordByte(after) else { continue }
                var next = range.upperBound
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
                let following = next < bytes.count ? bytes[next] : UInt8(ascii: "\n")
                // Declared: `var name`, `let name` (but `if let name {`, `guard let name,`
                // unwrap it: a read).
                let preceding = String(decoding: bytes[max(0, range.lowerBound - 5)..<range.lowerBound], as: UTF8.self)
                if preceding.hasSuffix("var ") || preceding.hasSuffix("let ") && following != UInt8(ascii: "{") && following != UInt8(ascii: ",") && following != UInt8(ascii: "e") { continue }
                // Given a value: `name = ...` (not `name == ...`).
                if following == UInt8(ascii: "="), next + 1 >= bytes.count || bytes[next + 1] != UInt8(ascii: "=") { continue }
                return true
            }
        }
        return false
    }

    /// The framework types apps extend with store factories.
    private static let frameworkTypes: Set<String> = [
        "ModelContainer", "ModelConfiguration", "NSPersistentContainer", "NSPersistentCloudKitContainer",
        "NSPersistentStoreCoordinator", "NSManagedObjectContext", "FileManager", "URL",
    ]

    /// Whether `place` lies in a function that no file calls: its name is written once in all the
    /// Swift files (where it is declared; a line comment is no call), and nothing but a call
    /// written out can run it. The system calls what overrides, `@objc` names and protocol
    /// requirements declare by no name written (a widget's timeline, a delegate's callbacks), so
    /// only a `private` function, a free function, or one an extension of a framework's type adds
    /// with no conformance (`extension ModelContainer { func makeContainer() }`), counts: a type of
    /// the project's may be used by code this run does not read (another target, a package).
    /// Nothing `public` or `open` does (code outside the module may call it). A method of a type
    /// of the project's that inherits and conforms to nothing counts too where no Swift file of
    /// the run (`everyFile`, the files read and the others) writes its name again: only code of
    /// its own module can call it.
    static func isUncalledFunction(_ place: CodePlace, in sources: [ModelSourceFile], everyFile: (() -> [ModelSourceFile])? = nil) -> Bool {
        guard let open = place.declaration.firstIndex(of: "("), !place.declaration.hasSuffix("(default argument)"),
              let name = place.declaration[..<open].split(separator: ".").last.map(String.init), name != "init",
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let declaring = sources.first(where: { $0.name == place.location.file }) else { return false }
        let type = place.declaration[..<open].split(separator: ".").dropLast().last.map(String.init)
        if let calls = callsOfPrivateFunction(name, of: type, in: declaring) { return calls == 0 }
        // Xcode's template `saveContext()`, which no protocol of Apple's requires, runs only where
        // the project calls it; each app delegate of the repository may declare its own.
        // Where another type declares one too (a `CoreDataStack`'s), a send counts only where it
        // may reach the declaring type (`coreDataStack.saveContext()` does not).
        if name == "saveContext" {
            let files = everyFile?() ?? sources
            func declares(_ source: ModelSourceFile) -> Bool { Self.declares(name, as: ["func"], in: source) }
            let declaredElsewhere = files.contains { $0.name != declaring.name && declares($0) }
            return !files.contains { source in
                guard ByteSearch.wholeWordCount(of: name, in: source.bytes) > 0 else { return false }
                var bound: Set<Substring>?
                return Self.lines(of: source).contains { line in
                    let code = code(of: line)
                    let text = Array(code.utf8)
                    guard ByteSearch.wholeWordCount(of: name, in: text) > ByteSearch.wholeWordCount(of: "func \(name)", in: text) else { return false }
                    guard declaredElsewhere, let typeName = type else { return true }
                    let names = bound ?? namesBound(to: typeName, in: source)
                    bound = names
                    // (In the declaring file, a bare send is the type's own.)
                    return Self.mayBeSent(name, toTheType: typeName, in: code, boundNames: names, bareIsTheType: source.name == declaring.name || !declares(source))
                }
            }
        }
        // Written in a line comment (`// completeStoreReset()`, a call switched off) is no call.
        guard writtenOnce(name, in: sources) else { return false }
        let lines = Self.lines(of: declaring)
        guard let line = lines.firstIndex(where: { $0.contains("func \(name)(") || $0.contains("func \(name)<") }) else { return false }
        let declaration = lines[max(0, line - 2)...line].joined(separator: " ")
        if ["override", "@objc", "@IBAction", "dynamic", "@_cdecl", "@_silgen_name"].contains(where: declaration.contains) { return false }
        if lines[line].contains("private ") { return true }
        // Code outside the module may call what is public.
        if lines[line].contains("public ") || lines[line].contains("open ") { return false }
        guard let (kind, header) = enclosingType(of: line, in: lines) else {
            // A free function: the system calls none by its name.
            return !lines[line].hasPrefix(" ") && !lines[line].hasPrefix("\t")
        }
        let typeName = header.trimmingCharacters(in: .whitespaces)
        // A type that inherits or conforms (an app delegate): the system calls its requirements
        // by names no file writes, but not a method whose one call the team switched off in a
        // line comment (`// self.mergeRecords()`), written nowhere else.
        if header.contains(":"), kind != "protocol " {
            let files = everyFile?() ?? sources
            if everyFile != nil, !Self.writtenOnce(name, in: files) { return false }
            return files.contains { Self.callsInLineComments(of: name, in: $0) }
        }
        // An extension of a framework's type adds what only the project calls; one of the
        // project's own type is read as the type is, where a file read declares it.
        if kind == "extension " {
            guard !header.contains(":") else { return false }
            if frameworkTypes.contains(typeName) { return true }
            guard let plain = Self.declaresWithoutConformances(typeName, in: sources), plain else { return false }
        }
        // A type of the project's that inherits and conforms to nothing, here or in an
        // extension (`final class CoreDataManager { func makeNewStore() }`): nothing outside
        // the code calls its methods by a name it does not write. Where the one call there
        // was is switched off (`// store.makeNewStore()`), the method runs nowhere.
        guard kind != "protocol ", !header.contains(":"), name != "callAsFunction", typeName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              sources.contains(where: { Self.callsInLineComments(of: name, in: $0) }) || everyFile.map({ Self.writtenOnce(name, in: $0()) }) == true else { return false }
        return !sources.contains { ByteSearch.wholeWordCount(of: "extension \(typeName):", in: $0.bytes) + ByteSearch.wholeWordCount(of: "extension \(typeName) :", in: $0.bytes) > 0 }
    }

    /// Whether a file of `sources` declares the type `name` (`class LocalStore {`) with no
    /// superclass or conformance; nil where none declares it.
    private static func declaresWithoutConformances(_ name: String, in sources: [ModelSourceFile]) -> Bool? {
        for source in sources where ByteSearch.wholeWordCount(of: name, in: source.bytes) > 0 {
            for line in lines(of: source) {
                let text = code(of: line)
                guard let kind = ["class ", "struct ", "enum ", "actor "].first(where: { text.hasPrefix($0) || text.contains(" " + $0) }) else { continue }
                let header = text[text.range(of: kind)!.upperBound...].prefix { $0 != "{" }
                guard header.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }) == name else { continue }
                return !header.contains(":") && !header.contains("<")
            }
        }
        return nil
    }

    /// The constant that keeps `place` from running: a `Bool` declared with `let` as `false` in
    /// the place's file (`private static let enableCloudKit = false`), which a `guard` before the
    /// place in its function requires (`guard Self.enableCloudKit else { return nil }`, as the
    /// first condition), or an `if` around the place tests (`if enableCloudKit {`). A `var` may
    /// change, and a constant of another file may be set per target: neither counts.
    static func falseConstant(guarding place: CodePlace, in sources: [ModelSourceFile]) -> String? {
        guard let declaring = sources.first(where: { $0.name == place.location.file }),
              ByteSearch.wholeWordCount(of: "false", in: declaring.bytes) > 0 else { return nil }
        let lines = Self.lines(of: declaring)
        var constants: Set<String> = []
        for line in lines {
            let text = code(of: line).trimmingCharacters(in: .whitespaces)
            guard text.hasSuffix("= false"), let keyword = text.range(of: "let ") else { continue }
            let modifiers = text[..<keyword.lowerBound].split(separator: " ")
            guard modifiers.allSatisfy({ ["private", "fileprivate", "internal", "static"].contains($0) }) else { continue }
            let declared = text[keyword.upperBound...].dropLast("= false".count).split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = declared.first, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                  declared.count == 1 || declared.count == 2 && declared[1] == "Bool" else { continue }
            constants.insert(name)
        }
        guard !constants.isEmpty else { return nil }
        func constant(_ condition: Substring) -> String? {
            var name = condition.trimmingCharacters(in: .whitespaces)
            for prefix in ["Self.", "self."] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            return constants.contains(name) ? name : nil
        }
        let placeLine = place.location.line - 1
        guard lines.indices.contains(placeLine) else { return nil }
        var indent = lines[placeLine].prefix { $0 == " " || $0 == "\t" }.count
        for index in stride(from: placeLine - 1, through: 0, by: -1) {
            let line = lines[index]
            let lineIndent = line.prefix { $0 == " " || $0 == "\t" }.count
            let text = code(of: line).trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("guard "), lineIndent <= indent, let end = text.range(of: " else") {
                let first = text[text.index(text.startIndex, offsetBy: 6)..<end.lowerBound].split(separator: ",").first ?? ""
                if let name = constant(first) { return name }
            }
            guard lineIndent < indent, !text.isEmpty else { continue }
            // A line less indented opens the block the place is in: an `if` on the constant, or
            // the function, where the search ends.
            if text.hasPrefix("if "), text.hasSuffix("{"), let name = constant(text.dropFirst(3).dropLast()) { return name }
            if text.contains("func ") || text.contains("init(") || text.contains(" var ") || text.hasPrefix("var ") { return nil }
            indent = lineIndent
        }
        return nil
    }

    /// The type or extension around `line` of `lines`: the nearest line before it that declares
    /// one, less indented; its keyword (`"class "`) and what follows it up to its `{`
    /// (`CoreDataManager: ObservableObject`). Nil at the top level.
    private static func enclosingType(of line: Int, in lines: [Substring]) -> (kind: String, header: Substring)? {
        let indent = lines[line].prefix { $0 == " " || $0 == "\t" }.count
        let kinds = ["extension ", "class ", "struct ", "enum ", "actor ", "protocol "]
        for index in stride(from: line - 1, through: 0, by: -1) {
            let text = lines[index]
            guard text.prefix(while: { $0 == " " || $0 == "\t" }).count < indent, let kind = kinds.first(where: { text.contains($0) }) else { continue }
            return (kind, text[text.range(of: kind)!.upperBound...].prefix { $0 != "{" })
        }
        return nil
    }

    /// Whether `place` lies in a `static func` no file calls: the system calls no static
    /// function by a name the project does not write, but for a protocol's requirement
    /// (`UIViewRepresentable.dismantleUIView`, `App.main`), so the type or extension around it
    /// conforms to nothing (or to `ObservableObject`, which requires none), and no file of the run
    /// (`everyFile`) writes the name again, where another declares the app's entry point: the app
    /// is read. Public too: a framework target of the app's repository
    /// (`Database.PersistentContainer.loadDefaultStore()`) serves the apps the run reads.
    static func isUncalledStaticFunction(_ place: CodePlace, in sources: [ModelSourceFile], everyFile: () -> [ModelSourceFile]) -> Bool {
        guard let open = place.declaration.firstIndex(of: "("),
              let name = place.declaration[..<open].split(separator: ".").last.map(String.init), name != "main", !name.hasPrefix("build"),
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let declaring = sources.first(where: { $0.name == place.location.file }),
              // Most places are in no static function: one search of the file's bytes says so.
              ByteSearch.wholeWordCount(of: "static func \(name)", in: declaring.bytes) > 0 else { return false }
        let lines = Self.lines(of: declaring)
        guard let line = lines.firstIndex(where: { $0.contains("static func \(name)(") || $0.contains("static func \(name)<") }),
              !["override", "@objc", "dynamic", "@_cdecl"].contains(where: lines[max(0, line - 2)...line].joined(separator: " ").contains) else { return false }
        guard let (kind, header) = enclosingType(of: line, in: lines), kind != "protocol " else { return false }
        let conformances = header.drop { $0 != ":" }.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard kind == "extension " || !header.contains("<"), conformances.allSatisfy({ $0 == "ObservableObject" }) else { return false }
        let files = everyFile()
        return writtenOnce(name, in: files) && declaresTheEntryPoint(files, besides: declaring.name)
    }

    /// Whether `name` is written once in the code of `files` (a line comment is no use of it):
    /// where it is declared.
    private static func writtenOnce(_ name: String, in files: [ModelSourceFile]) -> Bool {
        var written = 0
        for file in files where ByteSearch.wholeWordCount(of: name, in: file.bytes) > 0 {
            for line in lines(of: file) where line.contains(name) {
                written += ByteSearch.wholeWordCount(of: name, in: Array(code(of: line).utf8))
            }
            if written > 1 { return false }
        }
        return written == 1
    }

    /// Whether a line comment of the file holds a call of `name` (`// store.makeNewStore()`).
    private static func callsInLineComments(of name: String, in source: ModelSourceFile) -> Bool {
        guard ByteSearch.wholeWordCount(of: name, in: source.bytes) > 0 else { return false }
        return lines(of: source).contains { line in
            guard let comment = line.range(of: "//") else { return false }
            return ByteSearch.wholeWordCount(of: name + "(", in: Array(line[comment.upperBound...].utf8)) > 0
        }
    }

    /// A line without its line comment: a name written in one (`// completeStoreReset()`, a call
    /// switched off) is no use of it.
    private static func code(of line: Substring) -> Substring {
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }

    /// How often the file calls its `private` or `fileprivate` function `name` of `type` (nil
    /// where the file declares no such function): only its own file can, by the name alone or on
    /// `self` (`loadPersistentStores(in: container)`, `self.reset()`, `self?.reset()`), and a
    /// static one on its type (`Self.prepare()`, `Stack.prepare()`); a member of another value of
    /// that name (`container.loadPersistentStores { ... }`, `container.initializeCloudKitSchema()`,
    /// Core Data's) is not it.
    static func callsOfPrivateFunction(_ name: String, of type: String? = nil, in file: ModelSourceFile) -> Int? {
        let lines = Self.lines(of: file)
        let declarations = lines.filter { line in
            ["private func ", "private static func ", "private class func "].contains { line.contains($0 + name + "(") || line.contains($0 + name + "<") }
        }
        guard declarations.count == 1, !declarations[0].contains("override"), !declarations[0].contains("@objc") else { return nil }
        let receivers = ["self", "self?", "Self"] + (type.map { [$0] } ?? [])
        var calls = 0
        for line in lines {
            let code = Array(Self.code(of: line).utf8)
            calls += ByteSearch.wholeWordCount(of: name, in: code) { before in before != UInt8(ascii: ".") }
            // On `self` unwrapped in a closure too (`[weak self] ... self?.reset()`).
            for receiver in receivers { calls += ByteSearch.wholeWordCount(of: "\(receiver).\(name)", in: code) }
        }
        return calls - 1
    }

    /// The attributes that mark the app's entry point.
    private static let entryPointAttributes = ["@main", "@UIApplicationMain", "@NSApplicationMain"]

    /// Whether a file of `files` but `file` declares the app's entry point: the app is read.
    static func declaresTheEntryPoint(_ files: [ModelSourceFile], besides file: String) -> Bool {
        files.contains { source in
            source.name != file && entryPointAttributes.contains { ByteSearch.wholeWordCount(of: $0, in: source.bytes) > 0 }
        }
    }

    /// Whether `place` lies in a type of its own file that no other Swift file names (Xcode's
    /// template `PersistenceController` left beside the stack the app uses, a store whose last
    /// user was deleted): a plain type (it
    /// inherits from and conforms to nothing but `ObservableObject`), not `public` or `open`, in
    /// a file that declares no other type and no entry point (`@main`). `everyFile` gives the
    /// run's Swift files, read only where such a type is found.
    static func isUnusedType(_ place: CodePlace, in sources: [ModelSourceFile], everyFile: () -> [ModelSourceFile]) -> Bool {
        guard let type = place.declaration.split(separator: ".").first.map(String.init), place.declaration.contains("."),
              type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let declaring = sources.first(where: { $0.name == place.location.file }),
              !entryPointAttributes.contains(where: { ByteSearch.wholeWordCount(of: $0, in: declaring.bytes) > 0 }) else { return false }
        // The file's declarations at the top level: `struct PersistenceController {` and its
        // extensions, and others (`extension NSManagedObjectModel`) that never name it: the
        // file's own code makes none either.
        let kinds = ["struct ", "class ", "enum ", "actor ", "extension ", "protocol "]
        var declaresIt = false
        var inItsBlock = false
        for line in lines(of: declaring) {
            let text = code(of: line)
            if line.hasPrefix(" ") || line.hasPrefix("\t") || line.hasPrefix("}") {
                if line.hasPrefix("}") { inItsBlock = false }
                if !inItsBlock, ByteSearch.wholeWordCount(of: type, in: Array(text.utf8)) > 0 { return false }
                continue
            }
            guard let header = declarationHeader(text, kinds: kinds) else {
                if ByteSearch.wholeWordCount(of: type, in: Array(text.utf8)) > 0 { return false }
                continue
            }
            inItsBlock = header.name == type && !text.contains("}")
            guard header.name == type else {
                if ByteSearch.wholeWordCount(of: type, in: Array(text.utf8)) > 0 { return false }
                continue
            }
            if text.contains("public ") || text.contains("open ") { return false }
            if header.kind != "extension " {
                guard header.conformances.allSatisfy({ $0 == "ObservableObject" }) else { return false }
                declaresIt = true
            }
        }
        guard declaresIt else { return false }
        return !everyFile().contains { $0.name != declaring.name && ByteSearch.wholeWordCount(of: type, in: $0.bytes) > 0 }
    }

    /// Whether `place` is the initializer of a type that no file makes, though views still name
    /// it as the type of what they are handed (the service of a feature whose last `Service()`
    /// was taken out): no file writes `Type(`, `Type.init`, `Type.member` (a static factory or
    /// instance), `Type {` (a trailing closure, a subclass), its own file `Self(` or `self.init`,
    /// nor a file that names it `.init(` as an argument or a returned value, which may make one.
    /// Only a type of the app's own, neither `public` nor `open`, that inherits from nothing the
    /// Objective-C runtime or a storyboard could make.
    static func isNeverMade(_ place: CodePlace, everyFile: () -> [ModelSourceFile]) -> Bool {
        let parts = place.declaration.split(separator: ".")
        guard parts.count == 2, parts[1].hasPrefix("init"), let type = parts.first.map(String.init),
              type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        let files = everyFile().filter { ByteSearch.wholeWordCount(of: type, in: $0.bytes) > 0 }
        guard let declaring = files.first(where: { $0.name == place.location.file }) else { return false }
        let plainConformances: Set<String> = ["ObservableObject", "Observable", "Sendable", "Identifiable", "Equatable", "Hashable"]
        var declared = false
        for line in lines(of: declaring) {
            let text = code(of: line)
            guard let header = declarationHeader(text, kinds: ["class ", "struct ", "actor "]), header.name == type else { continue }
            guard !text.contains("public "), !text.contains("open "), !text.contains("@objc"), header.conformances.allSatisfy(plainConformances.contains) else { return false }
            declared = true
        }
        guard declared else { return false }
        let codes = files.map { (name: $0.name, code: CodeOutsideComments.code(of: $0.bytes, nested: true)) }
        let typedNames = codes.reduce(into: Set<String>()) { $0.formUnion(Self.names(typed: type, in: $1.code)) }
        for file in codes {
            if file.name == declaring.name, ["Self(", "Self.init(", "self.init("].contains(where: { ByteSearch.containsAny([Array($0.utf8)], in: file.code) }) { return false }
            if Self.mayMake(type, in: file.code, typedNames: typedNames) { return false }
        }
        return true
    }

    /// The declaration a line of code begins at the top of a file, of one of `kinds` (`"class "`,
    /// `"extension "`): the kind, the type's name, and what follows its `:` before the `{`.
    private static func declarationHeader(_ text: Substring, kinds: [String]) -> (kind: String, name: Substring, conformances: [String])? {
        guard let kind = kinds.first(where: { text.hasPrefix($0) || text.contains(" " + $0) }), let start = text.range(of: kind) else { return nil }
        let header = text[start.upperBound...].prefix { $0 != "{" }
        let conformances = header.drop { $0 != ":" }.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return (kind, header.prefix { $0.isLetter || $0.isNumber || $0 == "_" }, conformances)
    }

    /// The names `code` declares of `type` (`service` of `service: Service`, `let service:
    /// Service?`), `_` for a parameter without a label, and `->` where a function returns one.
    private static func names(typed type: String, in code: [UInt8]) -> Set<String> {
        let text = String(decoding: code, as: UTF8.self)
        var names: Set<String> = []
        var searched = text.startIndex
        while let found = text.range(of: type, range: searched..<text.endIndex) {
            searched = found.upperBound
            let after = text[found.upperBound...].first
            guard !(after.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false),
                  !(text[..<found.lowerBound].last.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) else { continue }
            let before = text[..<found.lowerBound].reversed().drop { $0 == " " }
            if before.starts(with: ">-") { names.insert("->"); continue }
            guard before.first == ":" else { continue }
            let words = String(before.dropFirst().reversed()).split { !($0.isLetter || $0.isNumber || $0 == "_") }
            guard let name = words.last.map(String.init) else { continue }
            names.insert(name)
            if words.count >= 2, words[words.count - 2] == "_" { names.insert("_") }
        }
        return names
    }

    /// Whether `code` may make a `type`: as `isNeverMade` reads it. `typedNames`: the names
    /// declared of the type, from `names(typed:in:)`.
    private static func mayMake(_ type: String, in code: [UInt8], typedNames: Set<String>) -> Bool {
        let name = Array(type.utf8), initializer = Array(".init(".utf8)
        func next(after index: Int) -> Int {
            var index = index
            while index < code.count, code[index] == UInt8(ascii: " ") || code[index] == UInt8(ascii: "\t") { index += 1 }
            return index
        }
        func previous(before index: Int) -> Int {
            var index = index - 1
            while index >= 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(code[index]) { index -= 1 }
            return index
        }
        var index = 0
        while index < code.count {
            if code[index...].starts(with: name), index == 0 || !ByteSearch.isIdentifierByte(code[index - 1]),
               index + name.count == code.count || !ByteSearch.isIdentifierByte(code[index + name.count]) {
                // `class Type {`, `extension Type {`: its declaration.
                let before = previous(before: index)
                let declares = ["class", "struct", "actor", "extension"].contains { keyword in
                    before >= keyword.count - 1 && code[(before - keyword.count + 1)...before].elementsEqual(keyword.utf8)
                }
                let following = next(after: index + name.count)
                if !declares, following < code.count {
                    switch code[following] {
                    case UInt8(ascii: "("), UInt8(ascii: "{"): return true
                    // `Type.shared`, `Type.init`, `Type.self`; not `Type.Draft`, a nested type.
                    case UInt8(ascii: "."): if following + 1 < code.count, !(code[following + 1] >= UInt8(ascii: "A") && code[following + 1] <= UInt8(ascii: "Z")) { return true }
                    // `let service: Type = .init()`
                    case UInt8(ascii: "="): if code[next(after: following + 1)...].starts(with: initializer) { return true }
                    default: break
                    }
                }
                index += name.count
                continue
            }
            // `AnkiView(service: .init())` where a `service: Type` is declared, `.init()` as the
            // argument without a label of a parameter `_ x: Type`, `return .init()` where a
            // function returns one: it may make one.
            if code[index...].starts(with: initializer), index == 0 || !ByteSearch.isIdentifierByte(code[index - 1]) {
                let before = previous(before: index)
                if before >= 0, code[before] == UInt8(ascii: ":") {
                    var start = previous(before: before)
                    let end = start
                    while start >= 0, ByteSearch.isIdentifierByte(code[start]) { start -= 1 }
                    if end > start, typedNames.contains(String(decoding: code[(start + 1)...end], as: UTF8.self)) { return true }
                } else if before >= 0, [UInt8(ascii: "("), UInt8(ascii: ",")].contains(code[before]) {
                    if typedNames.contains("_") { return true }
                } else if before >= 5, code[(before - 5)...before].elementsEqual("return".utf8), typedNames.contains("->") {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// Whether `place` lies in a static stored property (`PersistenceController.shared`) that no
    /// file uses in the builds people run (a use under `#if DEBUG` is none): its own file names it
    /// only where it declares it (or as another type's member:
    /// `databaseScope: .shared`), and no other file that names its type reads it
    /// (`PersistenceController.shared`, or `.shared` standing alone where the type is known).
    static func isUnusedStaticProperty(_ place: CodePlace, in sources: [ModelSourceFile]) -> Bool {
        let parts = place.declaration.split(separator: ".")
        guard parts.count >= 2, let member = parts.last.map(String.init), let type = parts.dropLast().last.map(String.init),
              member.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let declaring = sources.first(where: { $0.name == place.location.file }),
              ByteSearch.wholeWordCount(of: "static let \(member)", in: declaring.bytes) + ByteSearch.wholeWordCount(of: "static var \(member)", in: declaring.bytes) == 1 else { return false }
        // A name in a comment (`// use container.mainContext`) is no use of it.
        let declaringCode = CodeOutsideComments.releaseCode(of: CodeOutsideComments.code(of: declaring.bytes, nested: true))
        let qualified = ByteSearch.wholeWordCount(of: "\(type).\(member)", in: declaringCode) + ByteSearch.wholeWordCount(of: "Self.\(member)", in: declaringCode)
        let bare = ByteSearch.wholeWordCount(of: member, in: declaringCode) { $0 != UInt8(ascii: ".") }
        guard qualified == 0, bare == 1 else { return false }
        // `.shared` after a name or a call is some other value's member (`Service.shared`).
        func standsAlone(_ byte: UInt8) -> Bool { !ByteSearch.isIdentifierByte(byte) && ![UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(byte) }
        return !sources.contains { source in
            guard source.name != declaring.name, ByteSearch.wholeWordCount(of: type, in: source.bytes) > 0 else { return false }
            let code = CodeOutsideComments.releaseCode(of: CodeOutsideComments.code(of: source.bytes, nested: true))
            return ByteSearch.wholeWordCount(of: "\(type).\(member)", in: code) > 0 || ByteSearch.wholeWordCount(of: ".\(member)", in: code, after: standsAlone) > 0
        }
    }

    /// Whether `place` lies in a `lazy var` of a type (Xcode's template `persistentContainer`,
    /// left in the app delegate beside the stack the app uses) that no file reads: its value is
    /// made on the first read only. A read is the name written outside a line comment and its
    /// declaration, bare or on `self` in a file that declares no property of that name, or as a
    /// member of anything (`appDelegate.persistentContainer`, `(delegate as! AppDelegate).x`,
    /// `NotificationService.stack.persistentContainer`) but a chain from another type that has a
    /// property of that name (`CoreDataService.shared.persistentContainer`). `@objc`, `dynamic`,
    /// `public` and `open` ones may be read by code the run does not see. `holding`: the files of
    /// `sources` that hold a word.
    static func isUnreadLazyProperty(_ place: CodePlace, in sources: [ModelSourceFile], holding: (String) -> [ModelSourceFile], reading: Set<String> = []) -> Bool {
        let parts = place.declaration.split(separator: ".")
        guard parts.count == 2, let type = parts.first.map(String.init), let member = parts.last.map(String.init),
              member.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let declaring = sources.first(where: { $0.name == place.location.file }),
              // Most units are no lazy property: one search of the file's bytes says so.
              ByteSearch.wholeWordCount(of: "lazy var \(member)", in: declaring.bytes) > 0 else { return false }
        let declarationLines = lines(of: declaring).filter { ByteSearch.wholeWordCount(of: "lazy var \(member)", in: Array(code(of: $0).utf8)) > 0 }
        guard declarationLines.count == 1,
              !["@objc", "dynamic", "public ", "open ", "override "].contains(where: declarationLines[0].contains) else { return false }
        // Whether a file declares a property of that name of its own: not a protocol's
        // requirement (`var persistentContainer: NSPersistentContainer { get }`), which a
        // protocol extension reads from whatever type conforms, this one maybe.
        func declaresItsOwn(_ source: ModelSourceFile) -> Bool {
            // Most files that use the name declare none: one search of the bytes says so.
            guard ["var", "let"].contains(where: { ByteSearch.wholeWordCount(of: "\($0) \(member)", in: source.bytes) > 0 }) else { return false }
            return lines(of: source).contains { line in
                let text = Array(code(of: line).utf8)
                return ["var", "let"].contains { ByteSearch.wholeWordCount(of: "\($0) \(member)", in: text) > 0 } && !line.contains("{ get")
            }
        }
        // A `private` or `fileprivate` property is read in its own file or nowhere (`private(set)`
        // makes only the setter so): the files of other stores, that name theirs alike, are not searched.
        let modifiers = declarationLines[0].split(whereSeparator: \.isWhitespace)
        let using = modifiers.contains("private") || modifiers.contains("fileprivate") ? [declaring] : holding(member)
        // The files that declare their own property of that name, and the types they declare: a chain
        // from one of them (`CouponStore.shared.persistentContainer`) reads theirs.
        let declaringTheirOwn = Set(using.filter { $0.name != declaring.name && declaresItsOwn($0) }.map(\.name))
        let owners = Set(using.filter { declaringTheirOwn.contains($0.name) }.flatMap { declaredTypeNames(in: $0) })
        // A read of the property in its own file, in another `lazy var` of the type that nothing
        // reads, or in a function nothing calls (the template's `managedObjectContext`, read only
        // by its `saveContext()`), reads it only where that one runs.
        let declaringLines = lines(of: declaring)
        func inCodeThatNeverRuns(_ start: Int) -> Bool {
            guard reading.count < 4, let (name, isLazyVar) = enclosingMember(ofLine: declaring.bytes[..<start].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }, in: declaringLines) else { return false }
            // The property's own initializer names it only as a local of that name.
            if name == member, isLazyVar { return true }
            guard !reading.contains(name) else { return false }
            let enclosing = CodePlace(place.location, in: "\(type).\(name)\(isLazyVar ? "" : "()")")
            return isLazyVar
                ? isUnreadLazyProperty(enclosing, in: sources, holding: holding, reading: reading.union([member]))
                : isUncalledFunction(enclosing, in: sources)
        }
        for source in using {
            let isDeclaring = source.name == declaring.name
            // Another file that declares a property of that name reads its own by the bare name.
            let declaresItsOwn = declaringTheirOwn.contains(source.name)
            let bytes = source.bytes
            for start in wholeWordStarts(of: member, in: bytes) {
                // The line up to the name; a name in a `//` comment is no use.
                var lineStart = start
                while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                let before = String(decoding: bytes[lineStart..<start], as: UTF8.self)
                if before.contains("//") { continue }
                if isDeclaring, before.hasSuffix("lazy var ") { continue }
                if isDeclaring, before.hasSuffix("self.") || !before.hasSuffix("."), inCodeThatNeverRuns(start) { continue }
                // An assignment (`context.persistentStoreCoordinator = coordinator`) never runs a
                // lazy property's initializer, whatever object it names.
                var after = start + member.utf8.count
                while after < bytes.count, bytes[after] == 0x20 { after += 1 }
                if after + 1 < bytes.count, bytes[after] == UInt8(ascii: "="), bytes[after + 1] != UInt8(ascii: "=") { continue }
                guard before.hasSuffix(".") else {
                    if !declaresItsOwn { return false }
                    continue
                }
                // The chain of names before the dot: `CoreDataService.shared`, `self`, `ad`.
                let base = before.dropLast()
                let chain = base.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || ".?!".contains($0) }.reversed()
                let root = String(chain.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                // After a call or a cast (`(delegate as! AppDelegate).x`), the value may be of the type.
                if root.isEmpty || base.dropLast(chain.count).last.map({ ")]".contains($0) }) ?? false { return false }
                if root == "self" {
                    if declaresItsOwn { continue }
                    return false
                }
                // A chain from another type that has a property of that name reads that type's.
                guard root != type, owners.contains(root) else { return false }
            }
        }
        return true
    }

    /// The `lazy var` or function whose body holds line `line` of `lines`, and whether it is a
    /// `lazy var`: the nearest line above it, less indented, that declares one, through the
    /// blocks of statements between. Nil where another declaration comes first (a closure's
    /// `let`, a type).
    private static func enclosingMember(ofLine line: Int, in lines: [Substring]) -> (name: String, isLazyVar: Bool)? {
        guard line < lines.count else { return nil }
        var indent = lines[line].prefix { $0 == " " || $0 == "\t" }.count
        for index in stride(from: line - 1, through: 0, by: -1) {
            let text = code(of: lines[index])
            let own = text.prefix(while: { $0 == " " || $0 == "\t" }).count
            guard own < indent, !text.allSatisfy(\.isWhitespace) else { continue }
            for (keyword, isLazyVar) in [("lazy var ", true), ("func ", false)] {
                if let range = text.range(of: keyword) {
                    let name = String(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    return name.isEmpty ? nil : (name, isLazyVar)
                }
            }
            guard Self.opensAStatementBlock(text) else { return nil }
            indent = own
        }
        return nil
    }

    /// Where `place` lies in a `lazy var` of a type that is read only while the app terminates:
    /// in `applicationWillTerminate(_:)`, or in a function of its file that only
    /// `applicationWillTerminate(_:)` calls (Xcode's template `persistentContainer`, read by the
    /// template's `saveContext()`, left beside the stack the app uses). The function on the way
    /// (`saveContext`), or `applicationWillTerminate` itself; nil where anything else reads it.
    static func terminationOnlyReader(of place: CodePlace, in sources: [ModelSourceFile], holding: (String) -> [ModelSourceFile]) -> String? {
        let entry = "applicationWillTerminate"
        let parts = place.declaration.split(separator: ".")
        guard parts.count == 2, let member = parts.last.map(String.init), member.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let declaring = sources.first(where: { $0.name == place.location.file }),
              ByteSearch.wholeWordCount(of: "lazy var \(member)", in: declaring.bytes) == 1,
              ByteSearch.wholeWordCount(of: entry, in: declaring.bytes) > 0 else { return nil }
        let declaringLines = lines(of: declaring)
        // The name of the function a line lies in: the nearest line above it, less indented, that
        // declares one, through the blocks of its statements (`if #available(iOS 10.0, *) {`).
        func enclosingFunction(ofLine line: Int) -> String? {
            var indent = declaringLines[line].prefix { $0 == " " || $0 == "\t" }.count
            for index in stride(from: line - 1, through: 0, by: -1) {
                let text = code(of: declaringLines[index])
                let own = text.prefix(while: { $0 == " " || $0 == "\t" }).count
                guard own < indent, !text.allSatisfy(\.isWhitespace) else { continue }
                if let range = text.range(of: "func ") {
                    return String(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                }
                guard Self.opensAStatementBlock(text) else { return nil }
                indent = own
            }
            return nil
        }
        // The lines of the declaring file where `word` is used, not declared, outside comments;
        // nil where another file uses it. A file that declares its own of that name (a stack's
        // own `private lazy var persistentContainer`) uses its own, but for a send to the
        // declaring type (`let persistentContainer = appDelegate?.persistentContainer`). Where
        // another file declares one, a third file's `stack.saveContext()` may be that one's: it
        // counts as a use of the declaring type's only where its receiver may be that type
        // (`appDelegate.`, a name the file binds to it, `delegate`, the type named on the line),
        // not a call's result or another name (`getCoreDataStack().saveContext()`,
        // `CoreDataStack.shared.saveContext()`).
        let typeName = String(parts[0])
        func declares(_ word: String, _ source: ModelSourceFile) -> Bool { Self.declares(word, in: source) }
        func uses(of word: String, declaredBy declaration: String) -> [Int]? {
            var found: [Int] = []
            let holders = holding(word)
            let declaredElsewhere = holders.contains { $0.name != declaring.name && declares(word, $0) }
            for source in holders {
                let ownDeclaration = source.name != declaring.name && declares(word, source)
                var boundToTheType: Set<Substring>?
                for (number, line) in lines(of: source).enumerated() {
                    let text = code(of: line)
                    let count = ByteSearch.wholeWordCount(of: word, in: Array(text.utf8))
                    guard count > 0, !text.contains(declaration) else { continue }
                    guard source.name == declaring.name else {
                        if ownDeclaration || declaredElsewhere {
                            let bound = boundToTheType ?? namesBound(to: typeName, in: source)
                            boundToTheType = bound
                            if !Self.mayBeSent(word, toTheType: typeName, in: text, boundNames: bound, bareIsTheType: !ownDeclaration) { continue }
                        }
                        return nil
                    }
                    found.append(number)
                }
            }
            return found
        }
        guard let reads = uses(of: member, declaredBy: "lazy var \(member)"), !reads.isEmpty else { return nil }
        let readers = Set(reads.map(enclosingFunction(ofLine:)))
        guard readers.count == 1, let reader = readers.first ?? nil else { return nil }
        if reader == entry { return entry }
        guard let calls = uses(of: reader, declaredBy: "func \(reader)"), !calls.isEmpty,
              calls.allSatisfy({ enclosingFunction(ofLine: $0) == entry }) else { return nil }
        return reader
    }

    /// Whether a file declares a member `word` (`var word`, `let word`, `func word`, as asked),
    /// found in its bytes: its own of the name, where a send without a receiver goes.
    static func declares(_ word: String, as introducers: [String] = ["var", "let", "func"], in source: ModelSourceFile) -> Bool {
        introducers.contains { ByteSearch.wholeWordCount(of: "\($0) \(word)", in: source.bytes) > 0 }
    }

    /// Whether a line's sends of `word` may reach `typeName`'s member of that name: one sent to a
    /// name bound to the type, to a name with `delegate` in it, on a line that names the type, or,
    /// where `bareIsTheType`, to no receiver.
    static func mayBeSent(_ word: String, toTheType typeName: String, in text: Substring, boundNames: Set<Substring>, bareIsTheType: Bool) -> Bool {
        var searched = text[...]
        while let found = searched.range(of: word) {
            defer { searched = searched[found.upperBound...] }
            let before = text[..<found.lowerBound]
            guard before.last == "." else {
                // Not a member of another value: the type's own, or a bare call.
                if bareIsTheType, !(before.last.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
                continue
            }
            if ByteSearch.wholeWordCount(of: typeName, in: Array(text.utf8)) > 0 { return true }
            // A call's or a subscript's result (`getCoreDataStack().`): another value, unless the
            // function is named for the delegate (`appDelegate().`).
            guard let name = Self.receiver(ofMemberBefore: found.lowerBound, in: text) else {
                let call = before.dropLast()
                if call.hasSuffix("()") {
                    let function = String(call.dropLast(2).reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                    if function.lowercased().contains("delegate") { return true }
                }
                continue
            }
            // (`self.` in a file with its own of the name is its own.)
            if name.isEmpty || name == "self" { if bareIsTheType { return true } else { continue } }
            // (`appDelegate`, `delegate`: named for it, wherever another file binds it.)
            if name.lowercased().contains("delegate") || boundNames.contains(name) { return true }
        }
        return false
    }

    /// The name a member that starts at `start` of `line` is sent to, past optional chaining:
    /// `appDelegate` in `appDelegate?.saveContext()`, "" where none is written (`.member`); nil
    /// where the member follows no `.`, or follows a call's or a subscript's result
    /// (`getCoreDataStack().saveContext()`), another value.
    static func receiver(ofMemberBefore start: Substring.Index, in line: Substring) -> Substring? {
        var before = line[..<start]
        guard before.last == "." else { return nil }
        before = before.dropLast()
        if before.last == "?" || before.last == "!" { before = before.dropLast() }
        if before.last == ")" || before.last == "]" { return nil }
        return Substring(String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed()))
    }

    /// The names a file binds to values of `type`: `let app = UIApplication.shared.delegate as!
    /// AppDelegate`, `var stack: AppDelegate`, `guard let delegate = ... as? AppDelegate`.
    private static func namesBound(to type: String, in source: ModelSourceFile) -> Set<Substring> {
        var names: Set<Substring> = []
        for line in lines(of: source) {
            let text = code(of: line)
            guard text.contains(type) else { continue }
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            for (index, word) in words.enumerated() where (word == "let" || word == "var") && index + 1 < words.count {
                names.insert(words[index + 1])
            }
        }
        return names
    }

    /// Where `container.loadPersistentStores` at `location`, in `place`, loads a container that
    /// its type holds as another type's (`let container = CoreDataManager.shared.persistentContainer`)
    /// and that other type loads its stores itself (`persistentContainer.loadPersistentStores` in
    /// a member of `CoreDataManager`), stopping the app where that load fails: this second load
    /// runs only after the first opened the store. That container, as `CoreDataManager.persistentContainer`.
    static func otherTypesLoad(
        reloadedAt location: SchemaLintCore.SourceLocation, by place: CodePlace, in sources: [ModelSourceFile],
        openings: [StoreOpening], failureActions: [StoreFailureAction]
    ) -> String? {
        func receiver(ofLoadOn line: Substring) -> Substring? {
            guard let call = line.range(of: "loadPersistentStores"), let name = Self.receiver(ofMemberBefore: call.lowerBound, in: line) else { return nil }
            return name.isEmpty ? nil : name
        }
        guard let source = sources.first(where: { $0.name == location.file }) else { return nil }
        let fileLines = lines(of: source)
        guard location.line >= 1, location.line <= fileLines.count, let name = receiver(ofLoadOn: code(of: fileLines[location.line - 1])), name != "self" else { return nil }
        // The binding of the name nearest above the load (a local shadows the property), else the
        // first below it: `let name = Type.shared.property` (or `Type.property`), with modifiers
        // before and a type after the name.
        func binding(on line: Substring) -> (value: Substring?, found: Bool) {
            let words = code(of: line).split(whereSeparator: \.isWhitespace)
            guard let keyword = words.firstIndex(where: { $0 == "let" || $0 == "var" }), keyword + 1 < words.count,
                  words[keyword + 1] == name || words[keyword + 1] == name + ":" else { return (nil, false) }
            guard let equals = words[(keyword + 1)...].firstIndex(of: "="), equals + 1 == words.count - 1 else { return (nil, true) }
            return (words[equals + 1], true)
        }
        let above = (0..<(location.line - 1)).reversed().lazy.map { binding(on: fileLines[$0]) }.first(where: \.found)
        let below = ((location.line - 1)..<fileLines.count).lazy.map { binding(on: fileLines[$0]) }.first(where: \.found)
        guard let value = (above ?? below)?.value else { return nil }
        let parts = value.split(separator: ".")
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }),
              parts[0].first?.isUppercase == true, let property = parts.last,
              // Another type's container, not the reloading type's own.
              let reloading = place.declaration.split(separator: ".").first, parts[0] != reloading else { return nil }
        // The other type's own load of that property, which stops the app where it fails.
        // (A failure's opening is where the call's expression starts; the opening's, its name: the
        // same line.)
        func sameLine(_ one: SchemaLintCore.SourceLocation, _ other: SchemaLintCore.SourceLocation) -> Bool { one.file == other.file && one.line == other.line }
        let loads = openings.contains { opening in
            guard opening.call == .loadPersistentStores, !sameLine(opening.place.location, location),
                  opening.place.declaration.split(separator: ".").first == parts[0],
                  failureActions.contains(where: { sameLine($0.openingLocation, opening.place.location) && $0.action == .stopsTheApp }),
                  let file = sources.first(where: { $0.name == opening.place.location.file }) else { return false }
            let lines = lines(of: file)
            let line = opening.place.location.line
            guard line >= 1, line <= lines.count else { return false }
            return receiver(ofLoadOn: code(of: lines[line - 1])) == property
        }
        return loads ? "\(parts[0]).\(property)" : nil
    }

    /// Whether a line opens a block of statements inside a function (`if #available(iOS 10.0, *) {`,
    /// `} else {`, `do {`, `DispatchQueue.main.async {`), not a declaration's body.
    private static func opensAStatementBlock(_ line: Substring) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "#") }
        let statements: Set<Substring> = ["if", "guard", "else", "for", "while", "repeat", "do", "switch", "case", "default", "catch", "defer", "#if", "#else", "#elseif"]
        // `if let context {` binds in a statement; `lazy var stack = {` declares.
        if let first = words.first, statements.contains(first) { return true }
        let declarations: Set<Substring> = ["class", "struct", "enum", "extension", "protocol", "actor", "var", "let", "init", "deinit", "subscript", "get", "set", "willSet", "didSet"]
        return !words.contains(where: declarations.contains) && text.hasSuffix("{")
    }

    /// The types a file declares (`class CouponStore`, `struct Stack`, `enum Store`, `actor Database`).
    private static func declaredTypeNames(in source: ModelSourceFile) -> [String] {
        lines(of: source).compactMap { line in
            let words = code(of: line).split { !($0.isLetter || $0.isNumber || $0 == "_") }
            guard let index = words.firstIndex(where: { ["class", "struct", "enum", "actor"].contains($0) }), index + 1 < words.count else { return nil }
            return String(words[index + 1])
        }
    }

    /// The lines of a file (empty ones kept, so that an index is a line number less one).
    private static func lines(of source: ModelSourceFile) -> [Substring] {
        String(decoding: source.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Where `word` starts in `text` as a whole word.
    private static func wholeWordStarts(of word: String, in text: [UInt8]) -> [Int] {
        let needle = Array(word.utf8)
        var starts: [Int] = []
        var from = 0
        while from < text.count, let found = text[from...].firstRange(of: needle) {
            from = found.lowerBound + 1
            let before = found.lowerBound > 0 ? text[found.lowerBound - 1] : 0x20
            let after = found.upperBound < text.count ? text[found.upperBound] : 0x20
            if !ByteSearch.isIdentifierByte(before) && !ByteSearch.isIdentifierByte(after) { starts.append(found.lowerBound) }
        }
        return starts
    }

    /// The files among `sources` that parse, and are no test's.
    private func parsed(_ sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> [StoreCodeSourceFile] {
        let results = OrderedConcurrentMap.map(count: sources.count, concurrently: OrderedConcurrentMap.isWorthSharingOut(sources)) { index in
            Self.prepared(sources[index], options: options)
        }
        return results.compactMap { result in
            guard case .success(let file) = result, !file.isTestCode else { return nil }
            return file
        }
    }

    /// A file parsed, with what it declares: both made once in a run for each file, since the
    /// launch paths are followed over growing sets of files and each set's declarations are
    /// gathered anew (a large app's files were walked five times).
    private static func prepared(_ source: ModelSourceFile, options: ModelSourceReadingOptions) -> Result<StoreCodeSourceFile, InputError> {
        ParsedSwiftFile.parse(source, options: options).map { parsed in
            var file = StoreCodeSourceFile(parsed, bytes: source.bytes)
            if !file.isTestCode {
                let walked = file
                file.declared = options.sharedWork.value(of: source) { _ in FileDeclarations(walked) }
            }
            return file
        }
    }

    /// What `sources` hold, and the names by which the throwing functions an opening's error
    /// leaves are called (a function's name, an initializer's type). Only the files named in
    /// `inputs` are the reader's input, whose problems are reported.
    private func read(_ sources: [ModelSourceFile], inputs: Set<String>, options: ModelSourceReadingOptions) -> (reading: ModelSourceReading, escaping: Set<String>) {
        var reading = ModelSourceReading()
        var files: [StoreCodeSourceFile] = []
        // Files are parsed, walked and scanned on all cores when there is enough of them; everything
        // is gathered in file order.
        let concurrently = OrderedConcurrentMap.isWorthSharingOut(sources)
        let parsed = OrderedConcurrentMap.map(count: sources.count, concurrently: concurrently) { index in Self.prepared(sources[index], options: options) }
        for (source, parse) in zip(sources, parsed) {
            let file: StoreCodeSourceFile
            switch parse {
            case .success(let prepared): file = prepared
            case .failure(let error):
                if inputs.contains(source.name) { reading.errors.append(error) }
                continue
            }
            // A test's `try!` or `fatalError` around opening a store never reaches a person's device.
            guard !file.isTestCode else { continue }
            do throws(InputError) {
                reading.suppressions += try file.suppressions()
            } catch {
                reading.errors.append(error)
            }
            files.append(file)
        }
        let declarations = CodeDeclarations(files, concurrently: concurrently)
        var openings: [LocatedOpening] = []
        var escapes: [EscapingFailure] = []
        let scans = OrderedConcurrentMap.map(count: files.count, concurrently: concurrently) { [files] index in StoreCodeScanner(file: files[index], declarations: declarations).scan() }
        for scanned in scans {
            openings += scanned.openings
            escapes += scanned.escapes
        }
        var followed = StoreCodeFacts()
        (followed.openings, followed.foreignLaunchCalls) = LaunchPaths(declarations).attach(to: openings)
        let errors = ErrorPaths(declarations).follow(escapes)
        followed.failureActions = errors.actions
        followed.keyedArchiveTransformers = KeyedArchiveTransformers.names(in: files)
        followed.openedConfigurations = OpenedConfigurations.names(in: files)
        reading.storeCode = StoreCodeFacts(merging: scans.map(\.facts) + [followed])
        // Every function the error passes through, not only the first: `Stack.init` that calls the
        // private `makeCoordinator` that opens the store is what a caller elsewhere names.
        let escaping = errors.passedThrough.union(escapes.map(\.unit)).map { index -> String in
            let unit = declarations.units[index]
            let member = String(unit.key.split(separator: ".").last ?? "")
            return member == "init" ? unit.typeName : member
        }
        return (reading, Set(escaping.filter { !$0.isEmpty }))
    }
}

/// One parsed Swift file, and whether it mentions `schemalint:ignore` at all.
struct StoreCodeSourceFile {
    var parsed: ParsedSwiftFile
    private var mentionsSuppressions: Bool
    /// The file may give a SwiftData configuration a place of its own (`ModelConfiguration(...,
    /// url: ...)`): the words are there. Where no file does, SwiftData keeps its `default.store` in
    /// Application Support, whatever other folder a path names.
    let mayPlaceAStoreByURL: Bool
    /// The file may open a SwiftData store (`ModelContainer`), or a Core Data one (a persistent
    /// container, coordinator or store description): in a run of SwiftData stores only, none
    /// placed by `url:`, every store lives in Application Support.
    let mayOpenASwiftDataStore: Bool
    let mayOpenACoreDataStore: Bool
    /// The file may register a value transformer under a name (`NSValueTransformerName("...")`):
    /// only then are its function bodies read for one.
    let mayNameATransformer: Bool
    /// The file may choose how a store is kept or opened (`NSInMemoryStoreType`, `.sqlite`,
    /// `shouldMigrateStoreAutomatically = false`): only then is it walked for such settings, a walk
    /// of every file the launch paths lead through otherwise.
    let mayChooseStoreSettings: Bool
    /// What the file declares, where the reader walked it already in this run.
    var declared: FileDeclarations?

    init(_ parsed: ParsedSwiftFile, bytes: [UInt8]) {
        self.parsed = parsed
        self.mayNameATransformer = ByteSearch.containsAny([Array("NSValueTransformerName".utf8)], in: bytes)
        self.mentionsSuppressions = ByteSearch.containsAny([Array("schemalint:ignore".utf8)], in: bytes)
        self.mayPlaceAStoreByURL = ByteSearch.containsAny([Array("ModelConfiguration".utf8)], in: bytes) && ByteSearch.containsAny([Array("url:".utf8)], in: bytes)
        self.mayOpenASwiftDataStore = ByteSearch.containsAny([Array("ModelContainer".utf8)], in: bytes)
        self.mayOpenACoreDataStore = ByteSearch.containsAny(Self.coreDataStoreWords, in: bytes)
        self.mayChooseStoreSettings = ByteSearch.containsAny(Self.storeSettingWords, in: bytes)
    }

    private static let storeSettingWords = ByteSearch.Words(
        ["InMemoryStoreType", "SQLiteStoreType", "inMemory", "sqlite", "shouldMigrateStoreAutomatically", "shouldInferMappingModelAutomatically", "shouldAddStore"].map { Array($0.utf8) }
    )

    private static let coreDataStoreWords = ByteSearch.Words(["NSPersistentContainer", "NSPersistentCloudKitContainer", "NSPersistentStoreCoordinator", "NSPersistentStoreDescription", "addPersistentStore"].map { Array($0.utf8) })

    var name: String { parsed.name }

    var isTestCode: Bool { parsed.isTestCode }

    /// Whether the file works with SQLite through another library (GRDB, SQLite.swift, FMDB, the
    /// C API) and imports neither Core Data nor SwiftData: a `.sqlite` file it moves or deletes is
    /// that library's database or an export (`VACUUM INTO`), no Core Data store.
    var usesAnotherSQLiteLibrary: Bool {
        let modules = importedModules
        return !modules.isDisjoint(with: Self.otherSQLiteLibraries) && modules.isDisjoint(with: ["CoreData", "SwiftData"])
    }

    /// Whether the file imports Core Data or SwiftData.
    var importsCoreDataOrSwiftData: Bool { !importedModules.isDisjoint(with: ["CoreData", "SwiftData"]) }

    /// Whether the file imports a library that opens SQLite databases itself, beside Core Data or not.
    var importsAnotherSQLiteLibrary: Bool { !importedModules.isDisjoint(with: Self.otherSQLiteLibraries) }

    /// Whether the file imports AppKit, Cocoa or Sparkle (the Mac's updater) outside any `#if`,
    /// or uses there what exists on macOS alone (AppKit's application, windows, workspace, colors
    /// and panels, which SwiftUI brings in on macOS; `@NSApplicationDelegateAdaptor`; SwiftUI's
    /// AppKit bridges; the `MenuBarExtra` scene, and the `Settings { ... }` scene): it compiles
    /// for macOS only (Mac
    /// Catalyst and iOS have UIKit, not AppKit). So does a file in a folder named for macOS
    /// (`App_macOS/`, `macOS/`, `MyApp-OSX/`), where a multiplatform app keeps its Mac target's
    /// entry.
    var buildsForMacOSOnly: Bool {
        if !importedModules.isDisjoint(with: ["AppKit", "Cocoa", "Sparkle"]) { return true }
        let folders = parsed.name.split(separator: "/").dropLast()
        if folders.contains(where: { $0.split { !$0.isLetter }.contains { ["macos", "osx"].contains($0.lowercased()) } }) { return true }
        return tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind, Self.macOSOnlyNames.contains(name) || name == "Settings" && Self.isSettingsScene(token) else { return false }
            var current = token.parent
            while let syntax = current {
                if syntax.is(IfConfigClauseSyntax.self) { return false }
                current = syntax.parent
            }
            return true
        }
    }

    /// `Settings { SettingsView() }`: SwiftUI's scene, made with a trailing closure alone (an
    /// app's own `Settings` type is declared, or read as `Settings.shared`, or made with `()`).
    private static func isSettingsScene(_ token: TokenSyntax) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), let call = reference.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.id == reference.id && call.leftParen == nil && call.arguments.isEmpty && call.trailingClosure != nil
    }

    private static let macOSOnlyNames: Set<String> = [
        "NSApplicationDelegateAdaptor", "NSApplication", "NSApp", "NSWindow", "NSWorkspace", "NSStatusBar",
        "NSViewRepresentable", "NSViewControllerRepresentable", "NSHostingView", "NSHostingController",
        "MenuBarExtra", "NSColor", "NSImage", "NSPasteboard", "NSOpenPanel", "NSSavePanel", "NSMenu", "NSEvent",
    ]

    static let otherSQLiteLibraries: Set<String> = ["GRDB", "GRDBQuery", "SQLiteData", "SharingGRDB", "SQLite", "SQLite3", "SQLCipher", "FMDB", "CSQLite"]

    private var importedModules: Set<String> { parsed.importedModules }
    var tree: SourceFileSyntax { parsed.tree }

    func location(of node: some SyntaxProtocol) -> SchemaLintCore.SourceLocation {
        parsed.location(of: node)
    }

    func location(at position: AbsolutePosition) -> SchemaLintCore.SourceLocation {
        parsed.location(at: position)
    }

    /// The `// schemalint:ignore` comments, wherever they stand.
    func suppressions() throws(InputError) -> [Suppression] {
        guard mentionsSuppressions else { return [] }
        var found: [Suppression] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var position = token.position
            for piece in token.leadingTrivia {
                try collect(piece, at: position, into: &found)
                position += piece.sourceLength
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                try collect(piece, at: position, into: &found)
                position += piece.sourceLength
            }
        }
        return found
    }

    private func collect(_ piece: TriviaPiece, at position: AbsolutePosition, into found: inout [Suppression]) throws(InputError) {
        guard case .lineComment(let text) = piece, CodeCommentSuppression.mentionsMarker(text) else { return }
        if let suppression = try CodeCommentSuppression.parse(text, at: location(at: position)) { found.append(suppression) }
    }
}

/// Which files declare and which extend a type of each name, read from the bytes without parsing
/// (`class Name`, `struct Name`, `enum Name`, `actor Name`, `extension Name`, and `func Name` for a
/// function named like a type, which a call reads as one): one pass over the files, after which
/// each round of `SwiftStoreCodeReader.read` looks names up.
struct TypeDeclarationIndex {
    private(set) var declaring: [String: [Int]] = [:]
    private(set) var extending: [String: [Int]] = [:]

    private static let kinds: [(word: [UInt8], isExtension: Bool, onlyUpperCaseNames: Bool)] = [
        (Array("class".utf8), false, false), (Array("struct".utf8), false, false), (Array("enum".utf8), false, false),
        (Array("actor".utf8), false, false), (Array("extension".utf8), true, false),
        // A function named like a type (`func NewGardenController(of:)`): called, it reads as one.
        (Array("func".utf8), false, true),
    ]

    init(_ files: [(index: Int, bytes: [UInt8])]) {
        for (file, bytes) in files {
            for (name, isExtension) in Self.declaredNames(in: bytes) {
                if isExtension { extending[name, default: []].append(file) } else { declaring[name, default: []].append(file) }
            }
        }
    }

    /// A keyword at the start of a word, then spaces, then a name.
    private static func declaredNames(in bytes: [UInt8]) -> [(String, Bool)] {
        var found: [(String, Bool)] = []
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "c") || byte == UInt8(ascii: "s") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "a") || byte == UInt8(ascii: "f"),
                  position == 0 || !ByteSearch.isIdentifierByte(bytes[position - 1]),
                  let kind = kinds.first(where: { startsWith($0.word, in: bytes, at: position) })
            else {
                position += 1
                continue
            }
            var cursor = position + kind.word.count
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") else {
                position = cursor
                continue
            }
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            let start = cursor
            while cursor < bytes.count, ByteSearch.isIdentifierByte(bytes[cursor]) { cursor += 1 }
            if cursor > start, !kind.onlyUpperCaseNames || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[start]) {
                found.append((String(decoding: bytes[start..<cursor], as: UTF8.self), kind.isExtension))
            }
            position = max(cursor, position + 1)
        }
        return found
    }

    private static func startsWith(_ word: [UInt8], in bytes: [UInt8], at position: Int) -> Bool {
        guard position + word.count <= bytes.count else { return false }
        for offset in word.indices where bytes[position + offset] != word[offset] { return false }
        return true
    }

}

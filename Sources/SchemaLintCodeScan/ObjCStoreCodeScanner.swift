import SchemaLintCore

/// The store-handling facts of one Objective-C file, read from its tokens (no parser): file
/// protection given to a store, what the error branch of `loadPersistentStoresWithCompletionHandler:`
/// and `addPersistentStoreWithType:...` does, `NSFileManager` moves, copies and removals of store
/// files, and background work. Each method or function body is looked at on its own; what crosses
/// bodies (a URL made in another method, an ivar set elsewhere) is not seen. See docs/store-code.md.
struct ObjCStoreCodeScanner {
    let file: String
    let tokens: [ObjCToken]
    /// For each bracket token, the index of the bracket that closes or opens it.
    let partner: [Int?]
    /// For each token, the opening bracket of the innermost closed pair around it (-1: none).
    private let enclosingOpener: [Int]
    /// For each token, where the statement it is in ends: the next `;` outside bracket pairs that
    /// open at or after the token (`tokens.count`: none).
    private let statementEnd: [Int]
    /// The file opens its stores in rollback-journal mode (`NSSQLitePragmasOption` with
    /// `@"journal_mode": @"DELETE"` or `TRUNCATE`, and no `WAL`), or adds only stores that are no
    /// SQLite database (`NSBinaryStoreType`, `NSXMLStoreType`): no `-wal` or `-shm` file is beside
    /// them to carry along.
    private let keepsNoWAL: Bool
    /// The selectors of the file's methods that take no argument and delete a store's files
    /// (`dropDatabase`): sent to `self` where opening failed, they delete the store as a
    /// `removeItemAtURL:` written there does.
    private var deletingMethods: Set<String> = []
    /// The same of the file's methods that take arguments, by the first part of their selector
    /// (`removeStore:withTransLog:` as `removeStore`): `[self removeStore:storeURL withTransLog:log]`
    /// (set by `knowing(_:)`).
    private var deletingMessages: Set<String> = []
    /// The file's constants outside any body (`static NSString *DBName = @"Notes.sqlite";`), the
    /// value's tokens by name: a store URL is often built from one.
    private var fileConstants: [String: Range<Int>] = [:]
    /// The selectors of the file's methods that take no argument and return a store file's URL or
    /// path (`- (NSURL *)storeURL { return [dir URLByAppendingPathComponent:@"Notes.sqlite"]; }`):
    /// `[self storeURL]` names the store as the URL written out does.
    private var storeURLMethods: Set<String> = []
    /// The classes that declare them: `[Stack storeURL]` calls the class method of its own file.
    private var storeURLOwners: Set<String> = []
    /// The selectors of the file's methods that take no argument and open a store, themselves or
    /// through another such method of the file (`[self cacheManagedObjectContext]`, whose getter
    /// adds the store): sent to `self` after the store's files were deleted, they open a new one.
    private var openingMethods: Set<String> = []
    /// The file's methods that call `migratePersistentStore:`, by the first part of their selector
    /// (`migrateStoreToDocuments` of `migrateStoreToDocuments:andStore:`): whether each tests the
    /// call's result. A store removed after sending one to `self` was copied first.
    private var migratingMethods: [String: Bool] = [:]
    /// The file's methods whose body only logs (`+ (void)logCoreDataError:(NSError *)error {
    /// MyLog(...); }`), by the first part of their selector: a message to one logs, as the call in
    /// it does.
    private var loggingMethods: Set<String> = []
    /// The text of the file's methods that take no argument and name a folder of the device
    /// (`applicationCachesDirectory`, whose body asks for `NSCachesDirectory`), by selector: a
    /// store placed in `[self applicationCachesDirectory]` is in the folder that method names.
    private var folderMethods: [String: String] = [:]
    /// Where the file opens a store: `openingSelectors`, and `openingMethods` sent to `self`.
    private var openingPositions: TokenPositions
    /// Where it removes files (`removals`), copies a store out (`migratePersistentStore:`), moves
    /// a file (`moveItemAtURL:`, `moveItemAtPath:`), asserts (`StoreFailureAction.assertions`),
    /// begins a `@try`, and names `NSReadOnlyPersistentStoreOption`.
    private let removalPositions, copyOutPositions, movePositions, assertionPositions, tryPositions, readOnlyOptionPositions: TokenPositions

    init(file: String, tokens: [ObjCToken]) {
        self.file = file
        self.tokens = tokens
        self.partner = Self.partners(of: tokens)
        self.enclosingOpener = Self.enclosingOpeners(of: tokens, partner: partner)
        self.statementEnd = Self.statementEnds(of: tokens, partner: partner)
        let strings = Set(tokens.lazy.filter { $0.kind == .string }.map { $0.text.uppercased() })
        let addedTypes = tokens.indices.compactMap { index in
            tokens[index].isIdentifier("addPersistentStoreWithType") && index + 2 < tokens.count && tokens[index + 1].is(":") ? tokens[index + 2].text : nil
        }
        let noSQLite = !addedTypes.isEmpty && addedTypes.allSatisfy { ["NSBinaryStoreType", "NSXMLStoreType", "NSInMemoryStoreType"].contains($0) }
        self.keepsNoWAL = noSQLite || strings.contains("JOURNAL_MODE") && !strings.isDisjoint(with: ["DELETE", "TRUNCATE"]) && !strings.contains("WAL")
        func positions(_ matches: (Int) -> Bool) -> TokenPositions {
            TokenPositions(tokens.indices.filter { tokens[$0].kind == .identifier && matches($0) })
        }
        func named(_ names: Set<String>) -> TokenPositions { positions { names.contains(tokens[$0].text) } }
        self.openingPositions = named(Self.openingSelectors)
        self.removalPositions = named(Self.removals)
        self.copyOutPositions = named(["migratePersistentStore"])
        self.movePositions = positions { ["moveItemAtURL", "moveItemAtPath"].contains(tokens[$0].text) && $0 + 1 < tokens.count && tokens[$0 + 1].is(":") }
        self.assertionPositions = positions { StoreFailureAction.assertions.contains(tokens[$0].text) && $0 + 1 < tokens.count && tokens[$0 + 1].is("(") }
        self.tryPositions = named(["@try"])
        self.readOnlyOptionPositions = named(["NSReadOnlyPersistentStoreOption"])
    }

    static let removals: Set<String> = ["removeItemAtURL", "removeItemAtPath", "destroyPersistentStoreAtURL"]

    /// Whether a body removes files and names a store (`storeURL`, `@"Notes.sqlite"`, a database).
    private func deletesAStore(_ range: Range<Int>) -> Bool {
        range.contains { Self.removals.contains(tokens[$0].text) } && range.contains { position in
            let text = tokens[position].text.lowercased()
            return tokens[position].kind != .number && (text.contains("store") || text.contains("sqlite") || text.contains("database"))
        }
    }

    /// Matches brackets. A stray closer is left alone; one that closes an outer bracket closes the
    /// inner ones too (they stay unmatched). Linear: a closer with no opener of its kind open does
    /// not search the stack.
    private static func partners(of tokens: [ObjCToken]) -> [Int?] {
        var partner = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        var openCount: [Character: Int] = ["(": 0, "[": 0, "{": 0]
        let opener: [String: Character] = [")": "(", "]": "[", "}": "{"]
        for (index, token) in tokens.enumerated() where token.kind == .symbol {
            switch token.text {
            case "(", "[", "{":
                open.append(index)
                openCount[Character(token.text), default: 0] += 1
            case ")", "]", "}":
                let kind = opener[token.text]!
                guard openCount[kind, default: 0] > 0, let position = open.lastIndex(where: { tokens[$0].text.first == kind }) else { continue }
                partner[open[position]] = index
                partner[index] = open[position]
                for removed in open[position...] { openCount[tokens[removed].text.first!, default: 0] -= 1 }
                open.removeSubrange(position...)
            default: break
            }
        }
        return partner
    }

    /// The innermost matched opener around each token (matched pairs nest, so a stack finds them).
    private static func enclosingOpeners(of tokens: [ObjCToken], partner: [Int?]) -> [Int] {
        var result = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for index in tokens.indices {
            if let other = partner[index], other < index, stack.last == other { stack.removeLast() }
            result[index] = stack.last ?? -1
            if let other = partner[index], other > index { stack.append(index) }
        }
        return result
    }

    /// Each token's statement end, from the last token back: a `;` ends its own statement; an opener
    /// of a matched pair jumps to the end after its closer.
    private static func statementEnds(of tokens: [ObjCToken], partner: [Int?]) -> [Int] {
        var result = [Int](repeating: tokens.count, count: tokens.count + 1)
        for index in tokens.indices.reversed() {
            if tokens[index].is(";") {
                result[index] = index
            } else if let close = partner[index], close > index {
                result[index] = result[close + 1]
            } else {
                result[index] = result[index + 1]
            }
        }
        return result
    }

    /// A method or function body: the tokens between its braces, and its name.
    struct Body {
        var range: Range<Int>
        var declaration: String
        var location: SourceLocation
        /// The class of a method (`AppDelegate`), its selector (`application:didFinishLaunchingWithOptions:`)
        /// and whether it is a class method; a function has only a selector: its name.
        var owner: String?
        var selector: String
        var isClassMethod = false
    }

    func facts() -> StoreCodeFacts {
        let bodies = bodies()
        return knowing(bodies).facts(of: bodies)
    }

    /// The scanner knowing what the file's methods do that their callers' facts depend on, from
    /// its bodies (`bodies()`): which methods taking arguments delete the store they are given.
    /// Made once, before `facts(of:)` and `openings(of:)`.
    func knowing(_ bodies: [Body]) -> ObjCStoreCodeScanner {
        var scanner = self
        scanner.deletingMessages = deletingMessages(of: bodies)
        return scanner
    }

    /// The facts of the file's bodies (`bodies()`, made once by the reader for the launch paths too).
    func facts(of bodies: [Body]) -> StoreCodeFacts {
        var scanner = self
        scanner.deletingMethods = Set(bodies.filter { $0.owner != nil && !$0.selector.contains(":") && deletesAStore($0.range) }.map(\.selector))
        scanner.fileConstants = constants(outside: bodies)
        let storeURLBodies = bodies.filter { $0.owner != nil && !$0.selector.contains(":") && scanner.returnsAStore($0.range) }
        scanner.storeURLMethods = Set(storeURLBodies.map(\.selector))
        scanner.storeURLOwners = Set(storeURLBodies.compactMap(\.owner))
        let methods = bodies.filter { $0.owner != nil && !$0.selector.contains(":") }
        let opening = Set(methods.filter { body in body.range.contains { Self.openingSelectors.contains(tokens[$0].text) } }.map(\.selector))
        scanner.openingMethods = opening.union(methods.filter { body in body.range.contains { scanner.sendsToSelf($0, oneOf: opening) } }.map(\.selector))
        scanner.openingPositions = TokenPositions(tokens.indices.filter { scanner.opens($0) })
        scanner.folderMethods = Dictionary(methods.compactMap { body in
            let text = body.range.map { tokens[$0].text }.joined(separator: " ")
            return ["Directory", "directory", "SecurityApplicationGroupIdentifier"].contains(where: text.contains) ? (body.selector, text) : nil
        }, uniquingKeysWith: { first, _ in first })
        scanner.loggingMethods = Set(bodies.filter { $0.owner != nil && !$0.range.isEmpty && scanner.onlyLogs([$0.range]) != nil }.compactMap { $0.selector.split(separator: ":").first.map(String.init) })
        for body in bodies where body.owner != nil {
            let calls = body.range.filter { tokens[$0].isIdentifier("migratePersistentStore") }
            guard !calls.isEmpty, let first = body.selector.split(separator: ":").first else { continue }
            scanner.migratingMethods[String(first)] = calls.allSatisfy { scanner.testsTheResult(ofMessageAt: $0, in: body.range) }
        }
        return scanner.scanned(bodies)
    }

    /// `name = value;` between the bodies, at file level.
    private func constants(outside bodies: [Body]) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        var start = 0
        for end in bodies.map(\.range).sorted(by: { $0.lowerBound < $1.lowerBound }) + [tokens.count..<tokens.count] {
            if start < end.lowerBound { result.merge(assignments(in: start..<end.lowerBound)) { _, later in later } }
            start = max(start, end.upperBound)
        }
        return result
    }

    /// Whether a body's `return` gives a store file's URL or path.
    private func returnsAStore(_ range: Range<Int>) -> Bool {
        let assignments = self.assignments(in: range)
        var storeVariables: [String: Bool] = [:]
        return range.contains { position in
            guard tokens[position].isIdentifier("return"), position + 1 < range.upperBound else { return false }
            let value = (position + 1)..<min(statementEnd[position + 1], range.upperBound)
            return isStore(value, assignments: assignments, storeVariables: &storeVariables)
        }
    }

    private func scanned(_ bodies: [Body]) -> StoreCodeFacts {
        var facts = StoreCodeFacts()
        for body in bodies {
            if Self.backgroundEntryPoints.contains(where: { body.declaration.hasSuffix(" \($0)]") }) {
                facts.backgroundEvidence.append(BackgroundEvidence("the app delegate implements \(body.declaration)", at: body.location))
            }
            scan(body, into: &facts)
        }
        return facts
    }

    /// App delegate methods that only background launches call.
    static let backgroundEntryPoints = ["application:performFetchWithCompletionHandler:", "application:didReceiveRemoteNotification:fetchCompletionHandler:"]

    // MARK: - Bodies

    /// The top-level brace blocks that hold code (method and function bodies), named
    /// `-[Class selector:]` or by the function's name.
    func bodies() -> [Body] {
        var result: [Body] = []
        var className: String?
        var signatureStart = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isIdentifier("@implementation") || token.isIdentifier("@interface") || token.isIdentifier("@protocol") {
                className = index + 1 < tokens.count ? tokens[index + 1].text : nil
                index += 2
                // A category: `@implementation AppDelegate (CoreData)`.
                if index < tokens.count, tokens[index].is("("), let close = partner[index] { index = close + 1 }
                signatureStart = index
                continue
            }
            if token.isIdentifier("@end") {
                className = nil
                signatureStart = index + 1
            } else if token.is(";") {
                signatureStart = index + 1
            } else if token.is("(") || token.is("[") {
                index = (partner[index] ?? index) + 1
                continue
            } else if token.is("{") {
                let end = partner[index] ?? tokens.count
                let signature = tokens[min(signatureStart, index)..<index]
                // Right after `@implementation X` (or `@interface`) the braces hold instance variables.
                if !signature.isEmpty, let name = declarationName(signature, className: className) {
                    let isMethod = signature.first!.is("-") || signature.first!.is("+")
                    result.append(Body(
                        range: (index + 1)..<end, declaration: name.declaration, location: location(of: signature.first!),
                        owner: isMethod ? className : nil, selector: name.selector, isClassMethod: signature.first!.is("+")
                    ))
                }
                index = end + 1
                signatureStart = index
                continue
            }
            index += 1
        }
        return result
    }

    /// What may stand between a method parameter's type and its name: `__unused`,
    /// `__attribute__((unused))`, ownership and nullability qualifiers.
    static let parameterQualifiers: Set<String> = [
        "__unused", "__attribute__", "__strong", "__weak", "__autoreleasing", "__unsafe_unretained", "_Nonnull", "_Nullable", "__nonnull", "__nullable", "NS_NOESCAPE",
    ]

    /// `-[AppDelegate application:didFinishLaunchingWithOptions:]`, `+[Store shared]`, or a C function's name.
    private func declarationName(_ signature: ArraySlice<ObjCToken>, className: String?) -> (declaration: String, selector: String)? {
        guard let first = signature.first else { return nil }
        if first.is("-") || first.is("+") {
            var parts: [String] = []
            var index = signature.startIndex + 1
            func skipGroup() {
                if index < signature.endIndex, signature[index].is("("), let end = partner[index] { index = end + 1 }
            }
            skipGroup()
            while index < signature.endIndex, signature[index].kind == .identifier {
                let name = signature[index].text
                if index + 1 < signature.endIndex, signature[index + 1].is(":") {
                    parts.append(name + ":")
                    index += 2
                    skipGroup()
                    // Qualifiers between a parameter's type and its name (`(UIApplication *) __unused application`).
                    while index < signature.endIndex, Self.parameterQualifiers.contains(signature[index].text) {
                        index += 1
                        skipGroup()
                    }
                    if index < signature.endIndex, signature[index].kind == .identifier { index += 1 }
                } else {
                    if parts.isEmpty { parts.append(name) }
                    break
                }
            }
            return ("\(first.text)[\(className ?? "?") \(parts.joined())]", parts.joined())
        }
        // A function: the name before the parameter list.
        guard let open = signature.firstIndex(where: { $0.is("(") }), open > signature.startIndex,
              signature[open - 1].kind == .identifier
        else { return nil }
        return (signature[open - 1].text, signature[open - 1].text)
    }

    /// Whether the file gives MagicalRecord a way of its own to handle a store that fails to open
    /// (`MagicalRecordFailure`).
    private var handlesMagicalRecordErrors: Bool {
        tokens.contains { $0.kind == .identifier && MagicalRecordFailure.handlingNames.contains($0.text) }
    }

    // MARK: - One body

    private func scan(_ body: Body, into facts: inout StoreCodeFacts) {
        let assignments = self.assignments(in: body.range)
        let companions = companionNames(in: body.range)
        var storeVariables: [String: Bool] = [:]
        // Made on first use: most bodies open no store.
        var indexes = BodyIndexes(scanner: self, body: body.range)
        for index in body.range {
            let token = tokens[index]
            switch token.kind {
            case .string:
                if StoreFileName.isStoreFile(Self.lastComponent(token.text)) {
                    facts.storeFileNames.append(StoreFileName(token.text, at: place(index, body)))
                }
            case .identifier:
                // `configuration:@"Cloud"` (adding a store), `description.configuration = @"Cloud"`.
                if token.text == "configuration", index + 2 < body.range.upperBound, tokens[index + 2].kind == .string,
                   tokens[index + 1].text == ":" || tokens[index + 1].text == "=" {
                    facts.openedConfigurations.insert(tokens[index + 2].text)
                }
                switch token.text {
                case "migratePersistentStore", "replacePersistentStoreAtURL":
                    facts.relocations.append(StoreRelocation(written: token.text, place: place(index, body)))
                case "migrateStoreFromURL":
                    facts.handRunMigrations.append(location(of: token))
                // An attribute description given its value transformer by code.
                case "valueTransformerName" where index > body.range.lowerBound && tokens[index - 1].text == "." && index + 1 < body.range.upperBound && tokens[index + 1].text == "=",
                     "setValueTransformerName" where index + 1 < body.range.upperBound && tokens[index + 1].text == ":":
                    facts.transformerNamesSetInCode.append(location(of: token))
                case "mergedModelFromBundles" where index + 1 < body.range.upperBound && tokens[index + 1].text == ":"
                    && (enclosingGroup(of: index, in: body.range)?.contains { tokens[$0].isIdentifier("forStoreMetadata") } ?? false):
                    facts.sourceModelPasses.append(location(of: token))
                case "NSPersistentStoreFileProtectionKey":
                    if let group = enclosingGroup(of: index, in: body.range),
                       let value = group.first(where: { tokens[$0].isIdentifier("NSFileProtectionComplete") }) {
                        facts.protections.append(StoreFileProtection(place: place(value, body), written: "NSFileProtectionComplete"))
                    }
                // The protection given to the store's file itself
                // (`[fileManager setAttributes:@{NSFileProtectionKey: NSFileProtectionComplete} ofItemAtPath:storePath error:nil]`),
                // the attributes written there or in a variable of the body.
                case "setAttributes" where index + 1 < body.range.upperBound && tokens[index + 1].is(":"):
                    let attributes = self.argument(after: index + 1, in: body.range)
                    let written = attributes.count == 1 && tokens[attributes.lowerBound].kind == .identifier ? assignments[tokens[attributes.lowerBound].text] ?? attributes : attributes
                    guard written.contains(where: { tokens[$0].isIdentifier("NSFileProtectionKey") }),
                          let value = written.first(where: { tokens[$0].isIdentifier("NSFileProtectionComplete") }),
                          attributes.upperBound + 1 < body.range.upperBound, tokens[attributes.upperBound].isIdentifier("ofItemAtPath"), tokens[attributes.upperBound + 1].is(":")
                    else { break }
                    let path = self.argument(after: attributes.upperBound + 1, in: body.range)
                    if isStore(path, assignments: assignments, storeVariables: &storeVariables) || isOpened(path, in: body.range) {
                        facts.protections.append(StoreFileProtection(place: place(value, body), written: "NSFileProtectionComplete"))
                    }
                case "registerForTaskWithIdentifier":
                    if let group = enclosingGroup(of: index, in: body.range), group.contains(where: { tokens[$0].isIdentifier("BGTaskScheduler") }) {
                        facts.backgroundEvidence.append(BackgroundEvidence("BGTaskScheduler registerForTaskWithIdentifier:", at: location(of: token)))
                    }
                case "setMinimumBackgroundFetchInterval":
                    let never = enclosingGroup(of: index, in: body.range)?.contains { tokens[$0].isIdentifier("UIApplicationBackgroundFetchIntervalNever") } ?? false
                    if !never { facts.backgroundEvidence.append(BackgroundEvidence("setMinimumBackgroundFetchInterval:", at: location(of: token))) }
                case "loadPersistentStoresWithCompletionHandler":
                    let blocks = indexes.completionBlocks
                    let branches = completionErrorBranches(at: index, blocks: blocks, conditions: indexes.ifConditions)
                    // What a completion block nested in this one does on its own error is that block's.
                    let found = failureActions(in: branches, body: body, opening: .loadPersistentStores, at: index) { blocks.owner(of: $0) == index }
                    facts.failureActions += found
                    // Error branches that do nothing but log, in a block that keeps the error
                    // nowhere, leave the container without its store.
                    if found.isEmpty, let block = completionBlock(at: index, in: body.range), !keepsError(block, outside: branches), let logged = onlyLogs(branches) {
                        facts.failureActions.append(StoreFailureAction(
                            action: .onlyLogs, written: tokens[logged].text + "(...)", place: place(logged, body), opening: .loadPersistentStores, openingLocation: location(of: tokens[index])
                        ))
                    }
                // A store kept in memory has nothing to migrate or lose where it fails to open.
                case "addPersistentStoreWithType" where !(index + 2 < body.range.upperBound && tokens[index + 2].isIdentifier("NSInMemoryStoreType")):
                    let branches = addErrorBranches(at: index, in: body.range, conditions: indexes.ifConditions)
                    let found = failureActions(in: branches, body: body, opening: .addPersistentStore, at: index)
                    facts.failureActions += found
                    // Branches that do nothing but log leave the coordinator without its store;
                    // a read-only store (one shipped in the bundle) holds nothing the person
                    // entered, and a retry after the store was deleted is the deletion's finding.
                    let readOnly = body.range.lowerBound..<(enclosingGroup(of: index, in: body.range)?.upperBound ?? index)
                    let dropsTheFailure = found.isEmpty && readOnlyOptionPositions.first(in: readOnly) == nil
                        && !reopensAfterDeletingTheStore(in: body.range.lowerBound..<index + 1) && !addsAfterTakingItsStoreAway(at: index, in: body.range)
                        && !keepsTheCoordinatorOnlyWhenAdded(at: index, in: body.range) && !returnsTheStore(at: index, in: body.range)
                    if dropsTheFailure, let logged = onlyLogs(branches) ?? (branches.isEmpty ? assertion(testing: index, in: body.range) : nil) {
                        facts.failureActions.append(StoreFailureAction(
                            action: .onlyLogs, written: tokens[logged].text + "(...)", place: place(logged, body), opening: .addPersistentStore, openingLocation: location(of: tokens[index])
                        ))
                    } else if dropsTheFailure, branches.isEmpty, let message = dropsTheResultAndTheError(at: index, in: body.range) {
                        // `[coordinator addPersistentStoreWithType:... error:nil];`, a statement of its
                        // own: nothing is told of a failure, nor looks at what came of it.
                        facts.failureActions.append(StoreFailureAction(
                            action: .onlyLogs, written: "ignoring the error", place: place(message, body), opening: .addPersistentStore, openingLocation: location(of: tokens[index])
                        ))
                    } else if dropsTheFailure, let brace = ignoresTheError(branches) {
                        // `if (![coordinator addPersistentStoreWithType:...]) { // Handle error }`,
                        // the template's placeholder left as it was: the failure is dropped as a
                        // log drops it.
                        facts.failureActions.append(StoreFailureAction(
                            action: .onlyLogs, written: "ignoring the error", place: place(brace, body), opening: .addPersistentStore, openingLocation: location(of: tokens[index])
                        ))
                    }
                // MagicalRecord's own handling when its setup cannot add the store (`MagicalRecordFailure`).
                case "setupCoreDataStack", "setupCoreDataStackWithStoreNamed", "setupCoreDataStackWithStoreAtURL",
                     "setupAutoMigratingCoreDataStack", "setupCoreDataStackWithAutoMigratingSqliteStoreNamed", "setupCoreDataStackWithAutoMigratingSqliteStoreAtURL":
                    guard index > body.range.lowerBound, tokens[index - 1].isIdentifier("MagicalRecord"), !handlesMagicalRecordErrors else { break }
                    let call: StoreOpening.Call = token.text.contains("AutoMigrating") ? .magicalRecordAutoMigratingSetup : .magicalRecordSetup
                    facts.failureActions.append(StoreFailureAction(
                        action: .onlyLogs, written: MagicalRecordFailure.written, place: place(index, body), opening: call, openingLocation: location(of: token)
                    ))
                case "setShouldDeleteStoreOnModelMismatch", "setShouldDeletePersistentStoreOnModelMismatch", "shouldDeletePersistentStoreOnModelMismatch":
                    if let action = deletionOnModelMismatch(at: index, in: body) { facts.failureActions.append(action) }
                default:
                    if let operation = Self.fileOperations[token.text], index + 1 < body.range.upperBound, tokens[index + 1].is(":") {
                        let argument = self.argument(after: index + 1, in: body.range)
                        if isStore(argument, assignments: assignments, storeVariables: &storeVariables) || isOpened(argument, in: body.range) {
                            var found = StoreFileOperation(
                                operation: operation, written: token.text + ":", place: place(index, body),
                                store: display(argument), handlesWAL: companions.wal || keepsNoWAL, handlesSHM: companions.shm || keepsNoWAL,
                                childPathMistake: companions.mistake
                            )
                            if operation != .copy { found.refilled = refills(display(argument), after: index, in: body.range) }
                            if operation == .remove, let tested = migrationTested(before: index, in: body.range) {
                                found.afterMigration = true
                                found.evenWhenTheMigrationFails = !tested
                            }
                            found.cache = cache(of: body)
                            facts.fileOperations.append(found)
                        }
                    }
                }
            default:
                break
            }
        }
    }

    /// Whether the body copies or moves a file into `store` (as written) after `index`
    /// (`copyItemAtURL:seed toURL:store error:`): a database put where the removed one was.
    private func refills(_ store: String, after index: Int, in body: Range<Int>) -> Bool {
        for position in (index + 1)..<body.upperBound where tokens[position].kind == .identifier && ["toURL", "toPath"].contains(tokens[position].text) {
            guard position + 1 < body.upperBound, tokens[position + 1].is(":") else { continue }
            if display(argument(after: position + 1, in: body)) == store { return true }
        }
        return false
    }

    /// Whether the body copies a store with `migratePersistentStore:` before `index`, itself or by
    /// sending one of the file's migrating methods to `self`: whether the copy's failure is then
    /// tested (the result in a condition or kept), nil when nothing is copied.
    private func migrationTested(before index: Int, in body: Range<Int>) -> Bool? {
        var tested: Bool?
        for position in body.lowerBound..<index where tokens[position].kind == .identifier {
            if tokens[position].text == "migratePersistentStore" {
                tested = (tested ?? true) && testsTheResult(ofMessageAt: position, in: body)
            } else if let testsItself = migratingMethods[tokens[position].text], position >= 2, tokens[position - 1].isIdentifier("self"), tokens[position - 2].is("[") {
                // A method that returns nothing tells its caller nothing of the copy.
                tested = (tested ?? true) && testsItself && testsTheResult(ofMessageAt: position, in: body)
            }
        }
        return tested
    }

    /// Whether the result of the message whose selector starts at `position` is used: assigned,
    /// returned, or tested in a condition, rather than dropped as a statement of its own.
    fileprivate func testsTheResult(ofMessageAt position: Int, in body: Range<Int>) -> Bool {
        guard let message = enclosingGroup(of: position, in: body), message.lowerBound >= body.lowerBound + 2 else { return false }
        let before = tokens[message.lowerBound - 2]
        return !(before.is(";") || before.is("{") || before.is("}"))
    }

    // MARK: - Openings

    /// The first parts of the selectors of `bodies`' methods that read a store's metadata
    /// (`isConfiguration:compatibleWithStoreMetadata:`) or run a migration of their own
    /// (`NSMigrationManager`, `migrateStoreFromURL:`): methods that decide or do the migration.
    func migratingSelectors(of bodies: [Body]) -> Set<String> {
        let words: Set<String> = ["compatibleWithStoreMetadata", "forStoreMetadata", "metadataForPersistentStoreOfType", "NSMigrationManager", "migrateStoreFromURL"]
        return Set(bodies.compactMap { body in
            guard body.owner != nil, body.range.contains(where: { tokens[$0].kind == .identifier && words.contains(tokens[$0].text) }) else { return nil }
            return body.selector.split(separator: ":").first.map(String.init)
        })
    }

    /// The calls in `bodies` that open a store, each with its body (an index into `bodies`) and
    /// whether it runs when the body runs (not in a block that may run later): for launch paths.
    /// `migratingSelectors`: the first parts of the selectors of methods in the files read that
    /// migrate the store themselves or decide whether it needs it (`isMigrationNecessary`, whose
    /// body reads the store's metadata, `migrate`, whose body runs `NSMigrationManager`): a body
    /// that sends one before it opens the store has the store migrated, in another class.
    /// The first parts of the selectors of `bodies`' methods that take arguments and delete the
    /// store they are given (`deletingMessages`): a removal of one of their parameters, not of a
    /// file of their own (a migration's backup, removed once it succeeded).
    private func deletingMessages(of bodies: [Body]) -> Set<String> {
        Set(bodies.filter { $0.owner != nil && $0.selector.contains(":") && deletesAStore($0.range) && removesAParameter($0) }.compactMap { $0.selector.split(separator: ":").first.map(String.init) })
    }

    /// Whether the method removes a file one of its parameters names
    /// (`- (void)removeStore:(NSURL *)storeURL { [fileManager removeItemAtURL:storeURL error:nil]; }`).
    private func removesAParameter(_ body: Body) -> Bool {
        // The signature before the body's `{`: each parameter's name follows its `:(Type)`.
        var start = body.range.lowerBound - 1
        while start > 0, !(tokens[start].is("-") || tokens[start].is("+")) { start -= 1 }
        let parameters = Set((start..<max(start, body.range.lowerBound - 1)).compactMap { index -> String? in
            guard tokens[index].is(")"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                  let open = partner[index], open > 0, tokens[open - 1].is(":") else { return nil }
            return tokens[index + 1].text
        })
        guard !parameters.isEmpty else { return false }
        return body.range.contains { position in
            Self.removals.contains(tokens[position].text) && position + 1 < body.range.upperBound && tokens[position + 1].is(":")
                && argument(after: position + 1, in: body.range).contains { tokens[$0].kind == .identifier && parameters.contains(tokens[$0].text) }
        }
    }

    func openings(of bodies: [Body], migratingSelectors: Set<String> = []) -> [ObjCOpening] {
        // `shouldMigrateStoreAutomatically = NO`, `[d setShouldAddStoreAsynchronously:YES]` anywhere in the file.
        func setsAnywhere(_ property: String, _ setter: String, to value: String) -> Bool {
            tokens.indices.contains { index in
                index + 2 < tokens.count && (tokens[index].isIdentifier(property) && tokens[index + 1].is("=") || tokens[index].isIdentifier(setter) && tokens[index + 1].is(":"))
                    && tokens[index + 2].isIdentifier(value)
            }
        }
        let migrationOff = setsAnywhere("shouldMigrateStoreAutomatically", "setShouldMigrateStoreAutomatically", to: "NO")
        // The store's metadata read (`isConfiguration:compatibleWithStoreMetadata:`,
        // `mergedModelFromBundles:forStoreMetadata:`, `metadataForPersistentStoreOfType:`): the code decides
        // itself what happens to a store of an earlier version before adding it. It counts where it
        // is read in the method that adds the store, or in a method some method of the file calls
        // (`[self isRequiredMigration]`); a method nothing calls decides nothing.
        func readsMetadata(_ range: Range<Int>) -> Bool {
            range.contains { tokens[$0].kind == .identifier && ["compatibleWithStoreMetadata", "forStoreMetadata", "metadataForPersistentStoreOfType"].contains(tokens[$0].text) }
        }
        let checksInACalledMethod = bodies.contains { checking in
            guard readsMetadata(checking.range), let name = checking.selector.split(separator: ":").first.map(String.init) else { return false }
            return bodies.contains { other in other.range != checking.range && other.range.contains { tokens[$0].isIdentifier(name) } }
        }
        let asynchronous = setsAnywhere("shouldAddStoreAsynchronously", "setShouldAddStoreAsynchronously", to: "YES")
        var found: [ObjCOpening] = []
        // For each opening of `found`, the coordinator and URL an `addPersistentStoreWithType:` names.
        var addTargets: [String?] = []
        for (number, body) in bodies.enumerated() {
            let checksStoreCompatibility = checksInACalledMethod || readsMetadata(body.range)
                || !migratingSelectors.isEmpty && body.range.contains { tokens[$0].kind == .identifier && migratingSelectors.contains(tokens[$0].text) && $0 > body.range.lowerBound && !tokens[$0 - 1].is("@") }
            var deferred: DeferredCode?
            var assignments: [String: Range<Int>]?
            var asking: [String: Bool] = [:]
            for index in body.range where tokens[index].kind == .identifier && index + 1 < body.range.upperBound
                && (tokens[index + 1].is(":") || tokens[index + 1].is("]") && ["setupCoreDataStack", "setupAutoMigratingCoreDataStack"].contains(tokens[index].text)) {
                var opening: StoreOpening
                switch tokens[index].text {
                case "setupCoreDataStack", "setupCoreDataStackWithStoreNamed", "setupCoreDataStackWithStoreAtURL":
                    guard index > body.range.lowerBound, tokens[index - 1].isIdentifier("MagicalRecord") else { continue }
                    opening = StoreOpening(
                        call: .magicalRecordSetup, place: place(index, body), migratesAutomatically: false, addsAsynchronously: false,
                        declinesMigration: !checksStoreCompatibility && !setsUpAfterRemovingTheDefaultStore(at: index, in: body.range)
                    )
                case "setupAutoMigratingCoreDataStack", "setupCoreDataStackWithAutoMigratingSqliteStoreNamed", "setupCoreDataStackWithAutoMigratingSqliteStoreAtURL":
                    guard index > body.range.lowerBound, tokens[index - 1].isIdentifier("MagicalRecord") else { continue }
                    opening = StoreOpening(call: .magicalRecordAutoMigratingSetup, place: place(index, body), migratesAutomatically: true, addsAsynchronously: false)
                case "loadPersistentStoresWithCompletionHandler":
                    opening = StoreOpening(
                        call: .loadPersistentStores, place: place(index, body), migratesAutomatically: !migrationOff, addsAsynchronously: asynchronous,
                        declinesMigration: migrationOff && !checksStoreCompatibility
                    )
                // MagicalRecord's category on the coordinator adds a SQLite store with
                // `addPersistentStoreWithType:`: with the options given, or with automatic migration.
                case "MR_addSqliteStoreNamed", "MR_addSqliteStoreAtURL":
                    let migrates = tokens[body.range].contains { $0.kind == .identifier && ["NSMigratePersistentStoresAutomaticallyOption", "MR_autoMigrationOptions"].contains($0.text) }
                    opening = StoreOpening(call: .addPersistentStore, place: place(index, body), migratesAutomatically: migrates, addsAsynchronously: false)
                case "MR_addAutoMigratingSqliteStoreNamed", "MR_addAutoMigratingSqliteStoreAtURL":
                    opening = StoreOpening(call: .addPersistentStore, place: place(index, body), migratesAutomatically: true, addsAsynchronously: false)
                case "addPersistentStoreWithType":
                    // A store kept in memory has nothing to migrate; nor has a store of the app's
                    // own class (`[CBLIncrementalStore type]`, `NSStringFromClass([MyStore
                    // class])`: an NSIncrementalStore), which records no version hashes for Core
                    // Data to compare.
                    if index + 2 < body.range.upperBound, tokens[index + 2].isIdentifier("NSInMemoryStoreType") || namesAStoreClass(at: index + 2, in: body.range) { continue }
                    let bodyAssignments = assignments ?? self.assignments(in: body.range)
                    assignments = bodyAssignments
                    let migrates = addMigrates(at: index, in: body.range, assignments: bodyAssignments, asking: &asking)
                    // A second coordinator that adds the store to copy it out with
                    // `migratePersistentStore:` (a backup, an export) runs after the app's own
                    // opening migrated it: no launch of a new release goes through it.
                    let copiesOut = copyOutPositions.first(in: (index + 1)..<body.range.upperBound) != nil
                    opening = StoreOpening(
                        call: .addPersistentStore, place: place(index, body), migratesAutomatically: migrates, addsAsynchronously: false,
                        declinesMigration: !migrates && !checksStoreCompatibility && !copiesOut && addDeclinesMigration(at: index, in: body.range, assignments: bodyAssignments)
                            && !addsAfterTakingItsStoreAway(at: index, in: body.range)
                    )
                    opening.infersMappingModels = !migrates || !leavesInferenceOff(in: body.range)
                default:
                    continue
                }
                opening.cache = cache(of: body)
                let bodyDeferred = deferred ?? deferredCode(in: body.range)
                deferred = bodyDeferred
                found.append(ObjCOpening(opening: opening, body: number, runsWithBody: !bodyDeferred.contains(index)))
                addTargets.append(tokens[index].text == "addPersistentStoreWithType" ? addTarget(at: index, in: body.range) : nil)
            }
        }
        // A store added again, outside the initializer, to the coordinator and URL the class's
        // initializer adds it to (`[_coordinator addPersistentStoreWithType:... URL:[self storesURL]
        // ...]` in `init` and in `loadStore`): the initializer's add opened it, or the object was
        // never made; the second add fails at once (the store is there), migrates nothing and
        // opens nothing. It is no opening of the store.
        func isInitializer(_ body: Body) -> Bool { !body.isClassMethod && (body.selector == "init" || body.selector.hasPrefix("initWith")) }
        let initialized = Set(found.indices.compactMap { position -> String? in
            let body = bodies[found[position].body]
            guard isInitializer(body), let target = addTargets[position] else { return nil }
            return (body.owner ?? "") + "\u{0}" + target
        })
        if !initialized.isEmpty {
            found = found.indices.filter { position in
                let body = bodies[found[position].body]
                guard !isInitializer(body), let target = addTargets[position] else { return true }
                return !initialized.contains((body.owner ?? "") + "\u{0}" + target)
            }.map { found[$0] }
        }
        // (MagicalRecord's stack loads the app's merged models, or the one `setDefaultModelNamed:`
        // names, whatever model the file's other code loads by name: a template's getter beside it.)
        if !found.isEmpty, let model = compiledModelName() {
            for index in found.indices where ![.magicalRecordSetup, .magicalRecordAutoMigratingSetup].contains(found[index].opening.call) {
                found[index].opening.modelName = model
            }
        }
        return found
    }

    /// The one Core Data model the file loads by name, nil where it names none or several:
    /// `X.momd` in `[NSBundle.mainBundle URLForResource:@"X" withExtension:@"momd"]` (or
    /// `pathForResource:ofType:`), or the model a container finds by its name
    /// (`[[NSPersistentContainer alloc] initWithName:@"X"]`, `persistentContainerWithName:@"X"`, with
    /// no `managedObjectModel:`). Xcode builds `X.momd` from `X.xcdatamodeld`.
    private func compiledModelName() -> String? {
        var names: Set<String> = []
        func string(at position: Int) -> String? {
            position < tokens.count && tokens[position].kind == .string ? tokens[position].text : nil
        }
        for index in tokens.indices where tokens[index].kind == .identifier && index + 2 < tokens.count && tokens[index + 1].is(":") {
            switch tokens[index].text {
            case "URLForResource", "pathForResource":
                guard let name = string(at: index + 2), index + 5 < tokens.count, ["withExtension", "ofType"].contains(tokens[index + 3].text),
                      tokens[index + 4].is(":"), string(at: index + 5) == "momd" else { continue }
                names.insert(name)
            case "initWithName", "persistentContainerWithName":
                guard let name = string(at: index + 2), !(index + 3 < tokens.count && tokens[index + 3].isIdentifier("managedObjectModel")) else { continue }
                // `[[UISceneConfiguration alloc] initWithName:@"Default Configuration" ...]` names a
                // scene: only a container's class (its name ends so) names a model.
                if index >= 3, tokens[index - 2].isIdentifier("alloc"), tokens[index - 3].kind == .identifier, !tokens[index - 3].text.hasSuffix("Container") { continue }
                names.insert(name)
            default:
                continue
            }
        }
        return names.count == 1 ? names.first : nil
    }

    /// Whether the `options:` of `addPersistentStoreWithType:...` ask for automatic migration:
    /// `NSMigratePersistentStoresAutomaticallyOption` not set to `NO`, in the call or in the value
    /// assigned, in the same body, to the variable passed (`asking` remembers each variable's answer).
    private func addMigrates(at index: Int, in body: Range<Int>, assignments: [String: Range<Int>], asking: inout [String: Bool]) -> Bool {
        guard let message = enclosingGroup(of: index, in: body),
              let label = message.first(where: { tokens[$0].isIdentifier("options") && $0 + 1 < message.upperBound && tokens[$0 + 1].is(":") })
        else { return false }
        let argument = self.argument(after: label + 1, in: body)
        func asks(_ range: Range<Int>) -> Bool {
            range.contains { position in
                guard tokens[position].isIdentifier("NSMigratePersistentStoresAutomaticallyOption") else { return false }
                // Its value: after it in a literal (`key: @NO`, `key: @(NO)`), before it in
                // `dictionaryWithObjectsAndKeys:` (`@NO, key`).
                let value = position + 1 < range.upperBound && tokens[position + 1].is(":")
                    ? (position + 2)..<min(position + 5, range.upperBound)
                    : max(range.lowerBound, position - 4)..<position
                return !value.contains { tokens[$0].isIdentifier("NO") || tokens[$0].isIdentifier("@NO") || tokens[$0].isIdentifier("false") }
            }
        }
        if asks(argument) { return true }
        // A name asks for migration where any value it is given does, or a name that value is
        // made from (`options = newOptions` after `newOptions = [... dictionaryWithDictionary:options]`
        // in an `if` keeps the first dictionary's keys).
        var seen: Set<String> = []
        func nameAsks(_ name: String) -> Bool {
            guard seen.insert(name).inserted else { return false }
            let values = assignedValues(of: name, in: body)
            return values.contains(where: asks) || values.contains { value in
                value.contains { tokens[$0].kind == .identifier && assignments[tokens[$0].text] != nil && nameAsks(tokens[$0].text) }
            }
        }
        for position in argument where tokens[position].kind == .identifier {
            let name = tokens[position].text
            let answer = asking[name] ?? { seen = []; return nameAsks(name) }()
            asking[name] = answer
            if answer { return true }
        }
        return false
    }

    /// Whether options that ask for automatic migration leave Core Data's inference off:
    /// `NSInferMappingModelAutomaticallyOption`, which the coordinator's options default to `NO`,
    /// named nowhere in `body` or given `NO` wherever it is (`key: @NO`, or `@NO, key` in
    /// `dictionaryWithObjectsAndKeys:`).
    private func leavesInferenceOff(in body: Range<Int>) -> Bool {
        body.allSatisfy { position in
            guard tokens[position].isIdentifier("NSInferMappingModelAutomaticallyOption") else { return true }
            let value = position + 1 < body.upperBound && tokens[position + 1].is(":")
                ? (position + 2)..<min(position + 6, body.upperBound)
                : max(body.lowerBound, position - 5)..<position
            return value.contains { tokens[$0].isIdentifier("NO") || tokens[$0].isIdentifier("@NO") || tokens[$0].isIdentifier("false") }
        }
    }

    /// Every value `name` is given in `body` (`name = value;`, its declaration's too), in order. In
    /// a chain (`a = b = value;`) the later values lie within the first, which stands for them:
    /// each token is then looked at once, not once for each `=` before it.
    private func assignedValues(of name: String, in body: Range<Int>) -> [Range<Int>] {
        var values: [Range<Int>] = []
        for position in body {
            guard tokens[position].is("="), position > body.lowerBound, position + 1 < body.upperBound,
                  tokens[position - 1].isIdentifier(name), !tokens[position + 1].is("=") else { continue }
            let value = (position + 1)..<min(statementEnd[position + 1], body.upperBound)
            if let last = values.last, last.lowerBound <= value.lowerBound, value.upperBound <= last.upperBound { continue }
            values.append(value)
        }
        return values
    }

    /// Whether the `options:` of `addPersistentStoreWithType:...` are written here and ask for no
    /// migration: `nil`, or a dictionary literal (in the call, or assigned in the same body to the
    /// variable passed, with no key added later) without `NSMigratePersistentStoresAutomaticallyOption`
    /// and not read-only; the store not in the app's bundle (a read-only store it ships).
    private func addDeclinesMigration(at index: Int, in body: Range<Int>, assignments: [String: Range<Int>]) -> Bool {
        guard let message = enclosingGroup(of: index, in: body),
              let label = message.first(where: { tokens[$0].isIdentifier("options") && $0 + 1 < message.upperBound && tokens[$0 + 1].is(":") })
        else { return false }
        if let url = message.first(where: { tokens[$0].isIdentifier("URL") && $0 + 1 < message.upperBound && tokens[$0 + 1].is(":") }),
           argument(after: url + 1, in: body).contains(where: { tokens[$0].isIdentifier("mainBundle") }) {
            return false
        }
        func declines(_ range: Range<Int>) -> Bool {
            guard let first = range.first else { return false }
            if tokens[first].isIdentifier("nil") || tokens[first].isIdentifier("NULL") { return range.count == 1 }
            guard tokens[first].is("@"), first + 1 < range.upperBound, tokens[first + 1].is("{") else { return false }
            return !range.contains { tokens[$0].kind == .identifier && (tokens[$0].text == "NSMigratePersistentStoresAutomaticallyOption" || tokens[$0].text.contains("ReadOnly")) }
        }
        let passed = argument(after: label + 1, in: body)
        if passed.count == 1, tokens[passed.lowerBound].kind == .identifier, let assigned = assignments[tokens[passed.lowerBound].text] {
            return declines(assigned) && !body.contains { tokens[$0].isIdentifier("NSMigratePersistentStoresAutomaticallyOption") }
        }
        return declines(passed)
    }

    /// The tokens of `body` inside block literals that may run after the body returns: every
    /// block except those handed to `dispatch_sync`, `dispatch_once` or `performBlockAndWait:`.
    struct DeferredCode {
        let body: Range<Int>
        /// One flag per token of the body.
        let isDeferred: [Bool]

        func contains(_ index: Int) -> Bool { body.contains(index) && isDeferred[index - body.lowerBound] }
    }

    func deferredCode(in body: Range<Int>) -> DeferredCode {
        // +1 where a deferred block's inside starts, -1 where it ends; the running sum is how many
        // deferred blocks a token is in (blocks nest, so this stays linear).
        var depthChange = [Int](repeating: 0, count: body.count + 1)
        for caret in body where tokens[caret].is("^") {
            var open = caret + 1
            if open < body.upperBound, tokens[open].is("("), let close = partner[open] { open = close + 1 }
            guard open < body.upperBound, tokens[open].is("{"), let close = partner[open], close <= body.upperBound else { continue }
            if !runsAtOnce(blockAt: caret, in: body) {
                depthChange[open + 1 - body.lowerBound] += 1
                depthChange[close - body.lowerBound] -= 1
            }
        }
        var depth = 0
        var isDeferred = [Bool](repeating: false, count: body.count)
        for offset in isDeferred.indices {
            depth += depthChange[offset]
            isDeferred[offset] = depth > 0
        }
        return DeferredCode(body: body, isDeferred: isDeferred)
    }

    static let runningBlocksAtOnce: Set<String> = ["dispatch_sync", "dispatch_once", "dispatch_barrier_sync", "performBlockAndWait"]

    private func runsAtOnce(blockAt caret: Int, in body: Range<Int>) -> Bool {
        guard caret - 1 >= body.lowerBound else { return false }
        // `[context performBlockAndWait:^{ ... }]`
        if tokens[caret - 1].is(":"), caret - 2 >= body.lowerBound { return Self.runningBlocksAtOnce.contains(tokens[caret - 2].text) }
        // `dispatch_once(&once, ^{ ... })`
        guard let call = enclosingGroup(of: caret, in: body), call.lowerBound - 2 >= body.lowerBound, tokens[call.lowerBound - 1].is("(") else { return false }
        return Self.runningBlocksAtOnce.contains(tokens[call.lowerBound - 2].text)
    }

    static let fileOperations: [String: StoreFileOperation.Operation] = [
        "moveItemAtURL": .move, "moveItemAtPath": .move,
        "copyItemAtURL": .copy, "copyItemAtPath": .copy,
        "removeItemAtURL": .remove, "removeItemAtPath": .remove,
    ]

    // MARK: - Error branches

    /// The completion block of `loadPersistentStoresWithCompletionHandler:` at `index`: its inside
    /// and the name of its error parameter.
    fileprivate func completionBlock(at index: Int, in body: Range<Int>) -> (inside: Range<Int>, errorName: String)? {
        guard index + 2 < body.upperBound, tokens[index + 1].is(":"), tokens[index + 2].is("^") else { return nil }
        var cursor = index + 3
        var errorName = "error"
        if cursor < body.upperBound, tokens[cursor].is("("), let close = partner[cursor] {
            if let name = tokens[(cursor + 1)..<close].last(where: { $0.kind == .identifier }) { errorName = name.text }
            cursor = close + 1
        }
        guard cursor < body.upperBound, tokens[cursor].is("{"), let close = partner[cursor], close <= body.upperBound else { return nil }
        return ((cursor + 1)..<close, errorName)
    }

    /// The completion blocks of a body's `loadPersistentStoresWithCompletionHandler:` calls, and for
    /// each token the call whose block is the innermost around it: an `if (error)` belongs to that
    /// call only (a nested block's `error` is its own).
    struct CompletionBlocks {
        private(set) var blocks: [Int: (inside: Range<Int>, errorName: String)] = [:]
        private let body: Range<Int>
        private var owners: [Int]

        init(of scanner: ObjCStoreCodeScanner, in body: Range<Int>) {
            self.body = body
            owners = [Int](repeating: -1, count: body.count)
            var open: [(call: Int, end: Int)] = []
            for position in body {
                while let last = open.last, position >= last.end { open.removeLast() }
                if let last = open.last { owners[position - body.lowerBound] = last.call }
                if scanner.tokens[position].isIdentifier("loadPersistentStoresWithCompletionHandler"),
                   let block = scanner.completionBlock(at: position, in: body) {
                    blocks[position] = block
                    // Blocks nest: one that starts inside another ends inside it too.
                    open.append((position, block.inside.upperBound))
                }
            }
        }

        /// The call whose completion block is innermost around `position` (-1: none).
        func owner(of position: Int) -> Int { body.contains(position) ? owners[position - body.lowerBound] : -1 }
    }

    /// The branches of the completion block that run when its error is set.
    private func completionErrorBranches(at index: Int, blocks: CompletionBlocks, conditions: IfConditions) -> [Range<Int>] {
        guard let (inside, errorName) = blocks.blocks[index] else { return [] }
        var branches: [Range<Int>] = []
        for position in conditions.ifs(mentioning: errorName, in: inside) where blocks.owner(of: position) == index {
            guard let condition = condition(after: position) else { continue }
            // `if (error)`, `if (error != nil)`: the first branch; `if (!error)`, `if (error == nil)`: the else.
            if let branch = branch(of: position, errorWhenTrue: !isNegated(condition)) { branches.append(branch) }
        }
        return branches
    }

    /// The branch that runs when `addPersistentStoreWithType:...` failed: of the `if` whose
    /// condition is the call, or of the `if` on the variable the call's result went to.
    private func addErrorBranches(at index: Int, in body: Range<Int>, conditions: IfConditions) -> [Range<Int>] {
        guard let call = enclosingGroup(of: index, in: body), call.lowerBound > body.lowerBound else { return [] }
        let open = call.lowerBound - 1
        if let (ifIndex, negated) = ifTestingTheAdd(at: index, in: body) {
            return branch(of: ifIndex, errorWhenTrue: negated).map { [$0] } ?? []
        }
        // `[coordinator addPersistentStoreWithType:... error:&error]; if (error) ...`: the result
        // dropped, the error tested after it, until another call is given the same variable.
        if let close = partner[open], close + 1 < body.upperBound, tokens[close + 1].is(";"), let name = errorOutName(in: call) {
            let tested = (close + 2)..<errorReuse(of: name, after: close + 2, in: body)
            let branches = conditions.ifs(mentioning: name, in: tested).compactMap { ifIndex in
                condition(after: ifIndex).flatMap { branch(of: ifIndex, errorWhenTrue: !isNegated($0)) }
            }
            if !branches.isEmpty { return branches }
        }
        // `store = [coordinator addPersistentStoreWithType:...]; if (!store) ...`
        guard open >= body.lowerBound + 2, tokens[open - 1].is("="), tokens[open - 2].kind == .identifier else { return [] }
        let variable = tokens[open - 2].text
        let after = (partner[open] ?? open) + 1
        guard after < body.upperBound, let ifIndex = conditions.ifs(mentioning: variable, in: after..<body.upperBound).first,
              let condition = condition(after: ifIndex)
        else { return [] }
        return branch(of: ifIndex, errorWhenTrue: isNegated(condition)).map { [$0] } ?? []
    }

    /// `store = [coordinator addPersistentStoreWithType:... error:&error]; NSAssert(store != nil,
    /// ...)`: the position of an assertion on the add's result or error after it in `body`, for
    /// an add that no `if` tests; in the builds people run, nothing is done when it fails.
    private func assertion(testing index: Int, in body: Range<Int>) -> Int? {
        guard let call = enclosingGroup(of: index, in: body), call.lowerBound > body.lowerBound else { return nil }
        let open = call.lowerBound - 1
        guard let close = partner[open] else { return nil }
        var names: Set<String> = []
        if open >= body.lowerBound + 2, tokens[open - 1].is("="), tokens[open - 2].kind == .identifier { names.insert(tokens[open - 2].text) }
        if let error = errorOutName(in: call) { names.insert(error) }
        return assertionPositions.all(in: (close + 1)..<body.upperBound).first { position in
            guard position + 1 < body.upperBound, let end = partner[position + 1] else { return false }
            return ((position + 2)..<end).contains { tokens[$0].kind == .identifier && names.contains(tokens[$0].text) }
        }
    }

    /// `if (![coordinator addPersistentStoreWithType:...])`, or with the result kept on the way
    /// (`if (!(store = [coordinator addPersistentStoreWithType:...]))`): the `if` whose condition
    /// holds the add at `index` with nothing before it but `!`, parentheses and an assignment, and
    /// whether its condition is true when the add fails.
    private func ifTestingTheAdd(at index: Int, in body: Range<Int>) -> (ifIndex: Int, negated: Bool)? {
        guard let call = enclosingGroup(of: index, in: body), call.lowerBound > body.lowerBound else { return nil }
        let open = call.lowerBound - 1
        var outer = enclosingGroup(of: open, in: body)
        for _ in 0..<3 {
            guard let group = outer, group.lowerBound >= body.lowerBound + 2 else { return nil }
            if tokens[group.lowerBound - 1].is("("), tokens[group.lowerBound - 2].isIdentifier("if") {
                let before = tokens[group.lowerBound..<open]
                guard before.allSatisfy({ $0.is("!") || $0.is("(") || $0.is("=") || $0.kind == .identifier }) else { return nil }
                return (group.lowerBound - 2, before.contains { $0.is("!") } || isNegated(group))
            }
            outer = enclosingGroup(of: group.lowerBound - 1, in: body)
        }
        return nil
    }

    /// Whether the coordinator the add at `index` is sent to is kept (`_coordinator =
    /// coordinator;`, or returned) only in the branch where the add succeeded: where it fails, the
    /// property stays nil, and the code that asks for it sees that no store opened, rather than
    /// going on with a coordinator that has none.
    private func keepsTheCoordinatorOnlyWhenAdded(at index: Int, in body: Range<Int>) -> Bool {
        guard let call = enclosingGroup(of: index, in: body), call.lowerBound + 1 == index, tokens[call.lowerBound].kind == .identifier,
              let (ifIndex, negated) = ifTestingTheAdd(at: index, in: body),
              let success = branch(of: ifIndex, errorWhenTrue: !negated) else { return false }
        let coordinator = tokens[call.lowerBound].text
        return success.contains { position in
            guard tokens[position].isIdentifier(coordinator), position + 1 < success.upperBound, tokens[position + 1].is(";"), position >= success.lowerBound + 2 else { return false }
            let before = tokens[position - 1]
            return before.isIdentifier("return") || before.is("=") && tokens[position - 2].kind == .identifier && tokens[position - 2].text != coordinator
        }
    }

    /// Whether the method hands the store the add returns to its callers (`return [coordinator
    /// addPersistentStoreWithType:...]`, or `NSPersistentStore *store = [...]; ... return store;`):
    /// a failure reaches them as `nil`, and what they do with it is theirs (a helper's assertion,
    /// left out of release builds, is not all the app does).
    private func returnsTheStore(at index: Int, in body: Range<Int>) -> Bool {
        guard let call = enclosingGroup(of: index, in: body), call.lowerBound + 1 == index || call.lowerBound + 2 == index else { return false }
        let bracket = call.lowerBound - 1
        guard bracket > body.lowerBound else { return false }
        if tokens[bracket - 1].isIdentifier("return") { return true }
        guard tokens[bracket - 1].is("="), bracket - 2 >= body.lowerBound, tokens[bracket - 2].kind == .identifier else { return false }
        let name = tokens[bracket - 2].text
        return (call.upperBound..<body.upperBound).contains { position in
            tokens[position].isIdentifier("return") && position + 2 < body.upperBound && tokens[position + 1].isIdentifier(name) && tokens[position + 2].is(";")
        }
    }

    /// Where `name` next stops holding the store's error: given to another call (`&name`) or
    /// assigned (`name = nil`); the body's end otherwise.
    private func errorReuse(of name: String, after start: Int, in body: Range<Int>) -> Int {
        for position in start..<body.upperBound where tokens[position].isIdentifier(name) && position + 1 < body.upperBound {
            if position > start, tokens[position - 1].is("&") { return position }
            if tokens[position + 1].is("="), position + 2 < body.upperBound, !tokens[position + 2].is("=") { return position }
        }
        return body.upperBound
    }

    /// The variable a message's `error:&name` argument sets.
    private func errorOutName(in call: Range<Int>) -> String? {
        for position in call where position + 3 < call.upperBound && tokens[position].isIdentifier("error") && tokens[position + 1].is(":") && tokens[position + 2].is("&") {
            if tokens[position + 3].kind == .identifier { return tokens[position + 3].text }
        }
        return nil
    }

    /// The tokens inside the parentheses after `if`.
    fileprivate func condition(after ifIndex: Int) -> Range<Int>? {
        guard ifIndex + 1 < tokens.count, tokens[ifIndex + 1].is("("), let close = partner[ifIndex + 1] else { return nil }
        return (ifIndex + 2)..<close
    }

    /// `!x` or `x == nil`: true when the thing tested is missing.
    private func isNegated(_ condition: Range<Int>) -> Bool {
        guard let first = condition.first else { return false }
        if tokens[first].is("!") { return true }
        return condition.contains { position in
            position + 2 < condition.upperBound && tokens[position].is("=") && tokens[position + 1].is("=")
                && (tokens[position + 2].isIdentifier("nil") || tokens[position + 2].isIdentifier("NULL") || tokens[position + 2].text == "0")
        }
    }

    /// The tokens of the `if`'s first branch (`errorWhenTrue`) or of its `else`.
    private func branch(of ifIndex: Int, errorWhenTrue: Bool) -> Range<Int>? {
        guard let condition = condition(after: ifIndex) else { return nil }
        let first = statement(at: condition.upperBound + 1)
        if errorWhenTrue { return first }
        guard let first, first.upperBound < tokens.count else { return nil }
        // The else follows the first branch's closing brace or its semicolon.
        let afterFirst = tokens[first.upperBound].is("}") || tokens[first.upperBound].is(";") ? first.upperBound + 1 : first.upperBound
        guard afterFirst < tokens.count, tokens[afterFirst].isIdentifier("else") else { return nil }
        return statement(at: afterFirst + 1)
    }

    /// A braced block's inside, or a single statement up to its `;`.
    private func statement(at start: Int) -> Range<Int>? {
        guard start < tokens.count else { return nil }
        if tokens[start].is("{") { return partner[start].map { (start + 1)..<$0 } }
        return start..<statementEnd[start]
    }

    /// MagicalRecord told to delete the store and make a new one when the store does not match the
    /// model: `[MagicalRecord setShouldDeleteStoreOnModelMismatch:YES]`, or a stack's
    /// `shouldDeletePersistentStoreOnModelMismatch` set to `YES`. The opening is the stack's
    /// setup in the same body, where there is one.
    private func deletionOnModelMismatch(at index: Int, in body: Body) -> StoreFailureAction? {
        let name = tokens[index].text
        let setter = name.hasPrefix("set")
        guard index + 2 < body.range.upperBound, tokens[index + 1].is(setter ? ":" : "="),
              tokens[index + 2].isIdentifier("YES") || tokens[index + 2].isIdentifier("true"),
              name != "setShouldDeleteStoreOnModelMismatch" || index > body.range.lowerBound && tokens[index - 1].isIdentifier("MagicalRecord")
        else { return nil }
        let setup = body.range.first { tokens[$0].kind == .identifier && tokens[$0].text.hasPrefix("setup") && tokens[$0].text.contains("CoreDataStack") }
        let written = name == "setShouldDeleteStoreOnModelMismatch" ? "[MagicalRecord setShouldDeleteStoreOnModelMismatch:YES]" : setter ? "\(name):YES" : "\(name) = YES"
        var action = StoreFailureAction(
            action: .deletesOnModelMismatch, written: written, place: place(index, body), opening: .libraryStack, openingLocation: location(of: tokens[setup ?? index])
        )
        action.cache = cache(of: body)
        return action
    }

    /// What the error branches do; a branch inside another is read once, as part of the outer one.
    /// What the error branches do, at the positions `counts` accepts; a branch inside another is read
    /// once, as part of the outer one.
    private func failureActions(
        in branches: [Range<Int>], body: Body, opening: StoreOpening.Call, at openingIndex: Int, counts: (Int) -> Bool = { _ in true }
    ) -> [StoreFailureAction] {
        var actions: [StoreFailureAction] = []
        var readUpTo = 0
        for branch in branches.sorted(by: { $0.lowerBound < $1.lowerBound }) where branch.upperBound > readUpTo {
            let unread = max(branch.lowerBound, readUpTo)..<branch.upperBound
            readUpTo = branch.upperBound
            actions += failureActions(in: unread, body: body, opening: opening, at: openingIndex, counts: counts)
        }
        return actions
    }

    private func failureActions(in branch: Range<Int>, body: Body, opening: StoreOpening.Call, at openingIndex: Int, counts: (Int) -> Bool) -> [StoreFailureAction] {
        var actions: [StoreFailureAction] = []
        var deletion: Int?
        for position in branch.lowerBound..<reachableEnd(of: branch) where tokens[position].kind == .identifier && counts(position) {
            let text = tokens[position].text
            let calls = position + 1 < branch.upperBound && tokens[position + 1].is("(")
            let action: (StoreFailureAction.Action, String)?
            switch text {
            case "abort" where calls, "exit" where calls: action = (.stopsTheApp, text + "()")
            // An exception nobody catches stops the app as abort() does; one the method's own
            // `@try` catches goes to its `@catch`.
            case "raise" where position > branch.lowerBound && (tokens[position - 1].text == "NSException" || tokens[position - 1].is("]")) && !isCaught(position, in: body):
                action = (.stopsTheApp, "[NSException raise]")
            case "@throw" where !isCaught(position, in: body): action = (.stopsTheApp, "@throw")
            // A deletion a library runs only when told to (`if ([MagicalRecord
            // shouldDeleteStoreOnModelMismatch])`, in its sources copied into the app) is the
            // telling's finding, where the app sets it (`deletionOnModelMismatch`).
            case _ where Self.removals.contains(text) && !isOptedInto(position) && !namesNoFile(removalAt: position, in: body.range): action = (.deletesTheStore, text + ":")
            // `[self dropDatabase]`: a method of the file that deletes the store (not the one the
            // branch is in, called again to retry).
            case _ where deletingMethods.contains(text) && text != body.selector && position >= 2 && tokens[position - 1].isIdentifier("self") && tokens[position - 2].is("[")
                && position + 1 < branch.upperBound && tokens[position + 1].is("]"):
                action = (.deletesTheStore, "[self \(text)]")
            case _ where sendsADeletingMessage(at: position, in: branch) && !body.selector.hasPrefix(text + ":"):
                action = (.deletesTheStore, "[self \(text):]")
            default: action = nil
            }
            guard let (kind, written) = action else { continue }
            // (The branch may be the block of the `if` that tests the error: its condition counts.)
            let conditions = kind == .deletesTheStore ? enclosingIfConditions(of: position, in: body.range) : []
            let confirmed = conditions.contains(where: asksThePerson), onlyForACorruptFile = conditions.contains(where: testsForACorruptFile)
            // The store's files removed one after another (the store, then its `-wal` and
            // `-shm`) are one deletion: the first is the finding, unless it runs only when the
            // person chose it, or only for a damaged file, and a later one runs without that.
            if kind == .deletesTheStore, let earlier = actions.firstIndex(where: { $0.action == .deletesTheStore }) {
                let narrower = { (action: StoreFailureAction) in action.confirmedByThePerson || action.onlyForACorruptFile }
                guard narrower(actions[earlier]), !confirmed, !onlyForACorruptFile else { continue }
                actions.remove(at: earlier)
            }
            var found = StoreFailureAction(action: kind, written: written, place: place(position, body), opening: opening, openingLocation: location(of: tokens[openingIndex]))
            found.opensAfterDeletingTheStore = reopensAfterDeletingTheStore(in: body.range.lowerBound..<position)
            found.stopsAfterDeletingTheStore = kind == .stopsTheApp && deletion.map { isSequential($0, position) } ?? false
            if kind == .deletesTheStore {
                found.cache = cache(of: body)
                found.confirmedByThePerson = confirmed
                found.onlyForACorruptFile = onlyForACorruptFile
                deletion = position
            }
            actions.append(found)
        }
        return actions
    }

    /// The conditions of the `if`s in `range` whose blocks hold the token at `position`,
    /// innermost first (an `else` block's condition is not its own, and is left out).
    private func enclosingIfConditions(of position: Int, in range: Range<Int>) -> [Range<Int>] {
        var conditions: [Range<Int>] = []
        var opener = enclosingOpener[position]
        while opener >= range.lowerBound {
            if tokens[opener].is("{"), opener >= 1, tokens[opener - 1].is(")"), let open = partner[opener - 1], open >= 1, tokens[open - 1].isIdentifier("if") {
                conditions.append((open + 1)..<(opener - 1))
            }
            opener = enclosingOpener[opener]
        }
        return conditions
    }

    /// Whether the condition tests the person's answer to an alert: AppKit's answers
    /// (`NSAlertAlternateReturn`, `NSAlertFirstButtonReturn`), `runModal`, `NSRunAlertPanel(…)`.
    private func asksThePerson(_ condition: Range<Int>) -> Bool {
        condition.contains { index in
            let text = tokens[index].text
            return tokens[index].kind == .identifier
                && (text.hasPrefix("NSAlert") && text.hasSuffix("Return") || text == "runModal" || text.hasPrefix("NSRun") && text.hasSuffix("AlertPanel"))
        }
    }

    /// Whether the condition tests for the error that says the file is no store Core Data can
    /// read (`error.code == 259`, `NSFileReadCorruptFileError`), not for a failed migration.
    private func testsForACorruptFile(_ condition: Range<Int>) -> Bool {
        condition.contains { tokens[$0].text == "259" || tokens[$0].isIdentifier("NSFileReadCorruptFileError") }
    }

    /// The getters of the settings that tell a library to delete a store that does not match
    /// its model (off unless set; MagicalRecord's is on in its own debug builds only).
    static let deletionOptIns: Set<String> = ["shouldDeleteStoreOnModelMismatch", "shouldDeletePersistentStoreOnModelMismatch"]

    /// Whether the token at `position` lies in a block of an `if` whose condition reads one of
    /// `deletionOptIns`.
    private func isOptedInto(_ position: Int) -> Bool {
        enclosingIfConditions(of: position, in: 0..<tokens.count).contains { condition in
            condition.contains { tokens[$0].kind == .identifier && Self.deletionOptIns.contains(tokens[$0].text) }
        }
    }

    /// The functions that only log or report: Foundation's, `os_log`'s, CocoaLumberjack's, C's, and
    /// assertions, which release builds leave out.
    static let loggingFunctions: Set<String> = [
        "NSLog", "NSLogv", "os_log", "os_log_error", "os_log_fault", "os_log_info", "os_log_debug", "printf", "fprintf",
        "DDLogError", "DDLogWarn", "DDLogInfo", "DDLogDebug", "DDLogVerbose", "NSAssert", "NSCAssert", "assert",
    ]

    /// Whether a function of this name logs: one of `loggingFunctions`, or a project's own macro
    /// with the word `Log` in its name (`AppLogError`, `MyLog`; not `Catalog` or `LogoutUser`).
    static func isLogging(_ name: String) -> Bool {
        if loggingFunctions.contains(name) { return true }
        var rest = Substring(name)
        while let range = rest.range(of: "Log") {
            guard let after = rest[range.upperBound...].first, !after.isUppercase else { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The first logging call of `branches` where they hold nothing but logging calls (and bare
    /// `return;`s), at least one; nil where they do anything else.
    private func onlyLogs(_ branches: [Range<Int>]) -> Int? {
        var first: Int?
        for branch in branches {
            var position = branch.lowerBound
            while position < branch.upperBound {
                let end = min(statementEnd[position], branch.upperBound)
                if tokens[position].isIdentifier("return") && end == position + 1 || isNilAssignment(position..<end) {
                    position = end + 1
                    continue
                }
                // `[Owner logError:error]`, a method of the file that only logs.
                if tokens[position].is("["), partner[position] == end - 1, position + 2 < end, tokens[position + 2].kind == .identifier,
                   loggingMethods.contains(tokens[position + 2].text) {
                    first = first ?? position + 2
                    position = end + 1
                    continue
                }
                guard tokens[position].kind == .identifier, Self.isLogging(tokens[position].text),
                      position + 1 < end, tokens[position + 1].is("("), partner[position + 1] == end - 1 else { return nil }
                first = first ?? position
                position = end + 1
            }
        }
        return first
    }

    /// The `{` of the first of `branches` where there are some and none does anything (no
    /// statement, or a bare `return;`); nil otherwise.
    /// The `[` of the message at `index` where it is a statement of its own (its result kept
    /// nowhere) and its error is `nil` or `NULL`: nil otherwise.
    private func dropsTheResultAndTheError(at index: Int, in body: Range<Int>) -> Int? {
        guard let group = enclosingGroup(of: index, in: body), group.lowerBound > body.lowerBound, let close = partner[group.lowerBound - 1],
              tokens[group.lowerBound - 1].is("["), close + 1 < body.upperBound, tokens[close + 1].is(";") else { return nil }
        let open = group.lowerBound - 1
        guard open == body.lowerBound || tokens[open - 1].is(";") || tokens[open - 1].is("{") || tokens[open - 1].is("}"),
              let label = group.last(where: { tokens[$0].isIdentifier("error") && $0 + 2 < group.upperBound && tokens[$0 + 1].is(":") }),
              tokens[label + 2].isIdentifier("nil") || tokens[label + 2].isIdentifier("NULL") else { return nil }
        return open
    }

    /// Whether the store type at `position` is one a class of the app's gives:
    /// `[CBLIncrementalStore type]` or `NSStringFromClass([MyIncrementalStore class])`.
    private func namesAStoreClass(at position: Int, in range: Range<Int>) -> Bool {
        func isSend(at start: Int, selector: String) -> Bool {
            start + 3 < range.upperBound && tokens[start].is("[") && tokens[start + 1].kind == .identifier && tokens[start + 2].isIdentifier(selector) && tokens[start + 3].is("]")
        }
        if isSend(at: position, selector: "type") { return true }
        return position + 1 < range.upperBound && tokens[position].isIdentifier("NSStringFromClass") && tokens[position + 1].is("(") && isSend(at: position + 2, selector: "class")
    }

    private func ignoresTheError(_ branches: [Range<Int>]) -> Int? {
        guard let first = branches.first, first.lowerBound > 0, tokens[first.lowerBound - 1].is("{") else { return nil }
        let empty = branches.allSatisfy { branch in
            branch.isEmpty || branch.count == 2 && tokens[branch.lowerBound].isIdentifier("return") && tokens[branch.lowerBound + 1].is(";")
        }
        return empty ? first.lowerBound - 1 : nil
    }

    /// Whether the statement `range` (its `;` excluded) sets a name to nil (`coordinator = nil`,
    /// `self.coordinator = nil`): the app goes on without the store all the same, and the first
    /// fetch or insert through the coordinator it dropped fails.
    private func isNilAssignment(_ range: Range<Int>) -> Bool {
        guard range.count >= 3, tokens[range.upperBound - 1].isIdentifier("nil"), tokens[range.upperBound - 2].is("=") else { return false }
        return tokens[range.lowerBound..<(range.upperBound - 2)].allSatisfy { $0.kind == .identifier || $0.is(".") }
    }

    /// Whether a completion block uses its error outside `branches` and the `if` conditions that
    /// test it (`self.loadError = error;`, `completion(error);`): the failure is handed on.
    private func keepsError(_ block: (inside: Range<Int>, errorName: String), outside branches: [Range<Int>]) -> Bool {
        var conditions: [Range<Int>] = []
        for position in block.inside where tokens[position].isIdentifier("if") && position + 1 < block.inside.upperBound && tokens[position + 1].is("(") {
            if let close = partner[position + 1] { conditions.append((position + 1)..<close) }
        }
        return block.inside.contains { position in
            tokens[position].isIdentifier(block.errorName) && !branches.contains { $0.contains(position) } && !conditions.contains { $0.contains(position) }
        }
    }

    /// Whether the token at `position` lies in the block of an `@try` of `body` that has a `@catch`.
    private func isCaught(_ position: Int, in body: Body) -> Bool {
        tryPositions.all(in: body.range.lowerBound..<min(position, body.range.upperBound)).contains { start in
            guard start + 1 < tokens.count, tokens[start + 1].is("{"),
                  let close = partner[start + 1], position < close, close + 1 < tokens.count else { return false }
            return tokens[close + 1].isIdentifier("@catch")
        }
    }

    /// Where the code of `branch` that can run ends: after a `return` or `@throw` of the branch
    /// itself (not of a block or a nested branch inside it), nothing runs. Xcode's old template
    /// kept `abort()` below the `return` a project added before it.
    private func reachableEnd(of branch: Range<Int>) -> Int {
        var position = branch.lowerBound
        while position < branch.upperBound {
            if tokens[position].isIdentifier("return") || tokens[position].isIdentifier("@throw") {
                return min(statementEnd[position] + 1, branch.upperBound)
            }
            if tokens[position].is("{"), let close = partner[position], close > position {
                position = close + 1
            } else {
                position += 1
            }
        }
        return branch.upperBound
    }

    /// Whether the token at `earlier` has run whenever the one at `later` runs: no block that
    /// holds `earlier` but not `later` is a block literal, a `case`, an `else`, or an `if` or
    /// `switch` whose condition reads the error (`if (error.code == ...) { remove }` deletes for
    /// that error only; an `if (storeURL)` that only checks a value is taken).
    private func isSequential(_ earlier: Int, _ later: Int) -> Bool {
        var brace = enclosingOpener[earlier]
        while brace >= 0 {
            if tokens[brace].is("{"), let close = partner[brace] {
                if close > later { return true }
                if brace > 0, tokens[brace - 1].is("^") || tokens[brace - 1].is(":") || tokens[brace - 1].isIdentifier("else") { return false }
                if brace > 1, tokens[brace - 1].is(")"), let open = partner[brace - 1] {
                    if open > 0, tokens[open - 1].is("^") { return false }
                    if open > 0, tokens[open - 1].isIdentifier("if") || tokens[open - 1].isIdentifier("switch"),
                       tokens[open..<(brace - 1)].contains(where: { $0.kind == .identifier && ErrorTestNames.readsTheError($0.text) }) {
                        return false
                    }
                }
                if close + 1 < tokens.count, tokens[close + 1].isIdentifier("else") { return false }
            }
            brace = enclosingOpener[brace]
        }
        return true
    }

    /// Whether the tokens delete files or destroy a store and then open a store: what fails
    /// after that is the retry on a new, empty store (an action in the first opening's error
    /// branch may come after such a retry in the same branch).
    /// A deletion in a block of its own before the method's first opening (`if (!folder) {
    /// [fileManager removeItemAtURL:folder ...]; }`, a repair of what is in the store's way) runs
    /// only sometimes: where it did not, the opening is the person's store.
    private func reopensAfterDeletingTheStore(in range: Range<Int>) -> Bool {
        guard let deletion = removalPositions.last(in: range), let reopening = openingPositions.first(in: deletion..<range.upperBound) else { return false }
        if openingPositions.first(in: range.lowerBound..<deletion) != nil { return true }
        guard let close = endOfBlock(around: deletion, in: range) else { return true }
        return close > reopening
    }

    /// Whether the `addPersistentStoreWithType:` at `index` adds the file that a move or a removal
    /// before it in `range` took away (`moveItemAtURL:storeURL toURL:asideURL`, or
    /// `removeItemAtURL:storeURL` where the first add failed, of the name its `URL:` gives): the
    /// place is empty, so the add makes a new store and opens no old one, and what it does when
    /// that fails is the move's matter. A removal counts where the add runs after it in its
    /// block; one in a branch of its own (`if (reset) { remove }`) leaves the file in place when
    /// the branch does not run. The file may be named by the path the URL was made from
    /// (`storeURL = [NSURL fileURLWithPath:storePath]`, then `removeItemAtPath:storePath`).
    private func addsAfterTakingItsStoreAway(at index: Int, in range: Range<Int>) -> Bool {
        guard let message = enclosingGroup(of: index, in: range),
              let label = message.first(where: { tokens[$0].isIdentifier("URL") && $0 + 1 < message.upperBound && tokens[$0 + 1].is(":") }) else { return false }
        let url = argument(after: label + 1, in: range)
        guard url.count == 1, let only = url.first, tokens[only].kind == .identifier else { return false }
        let assigned = assignments(in: range.lowerBound..<index)
        let names = Set([tokens[only].text] + (assigned[tokens[only].text].map { value in
            tokens[value].filter { $0.kind == .identifier && assigned[$0.text] != nil }.map(\.text)
        } ?? []))
        func takesIt(_ position: Int) -> Bool { argument(after: position + 1, in: range).contains { tokens[$0].kind == .identifier && names.contains(tokens[$0].text) } }
        return movePositions.all(in: range.lowerBound..<index).contains(where: takesIt)
            || removalPositions.all(in: range.lowerBound..<index).contains { takesIt($0) && endOfBlock(around: $0, in: range).map { index < $0 } ?? true }
            || (range.lowerBound..<index).contains { sendsADeletingMessage(at: $0, in: range) && takesIt($0) && endOfBlock(around: $0, in: range).map { index < $0 } ?? true }
    }

    /// The coordinator and the URL of the `addPersistentStoreWithType:` at `index`, as their tokens'
    /// text (`_coordinator`, `[ self storesURL ]`); nil where the add names no URL.
    private func addTarget(at index: Int, in range: Range<Int>) -> String? {
        guard let message = enclosingGroup(of: index, in: range), message.lowerBound < index,
              let label = message.first(where: { tokens[$0].isIdentifier("URL") && $0 + 1 < message.upperBound && tokens[$0 + 1].is(":") }) else { return nil }
        let url = argument(after: label + 1, in: range)
        guard !url.isEmpty else { return nil }
        return tokens[message.lowerBound..<index].map(\.text).joined(separator: " ") + "\u{0}" + tokens[url].map(\.text).joined(separator: " ")
    }

    /// Whether MagicalRecord's stack is set up, at `index`, after the code removed its default
    /// store in the same block (`removeItemAtURL:` of `[NSPersistentStore MR_urlForStoreName:
    /// [MagicalRecord defaultStoreName]]`, a reset): the stack then makes a new, empty store, and
    /// no store of an earlier version meets the options it adds it with.
    private func setsUpAfterRemovingTheDefaultStore(at index: Int, in range: Range<Int>) -> Bool {
        // The default store by name (`[MagicalRecord defaultStoreName]`): a store of another name
        // removed (`MR_urlForStoreName:@"Legacy.sqlite"`) leaves the default one in place.
        guard tokens[index].text == "setupCoreDataStack" else { return false }
        let defaultStoreWords: Set<String> = ["defaultStoreName", "MR_defaultStoreName"]
        func namesTheDefaultStore(_ tokenRange: Range<Int>) -> Bool { tokens[tokenRange].contains { $0.kind == .identifier && defaultStoreWords.contains($0.text) } }
        let assigned = assignments(in: range.lowerBound..<index)
        return removalPositions.all(in: range.lowerBound..<index).contains { removal in
            guard endOfBlock(around: removal, in: range).map({ index < $0 }) ?? true else { return false }
            let argument = argument(after: removal + 1, in: range)
            return namesTheDefaultStore(argument)
                || argument.contains { tokens[$0].kind == .identifier && assigned[tokens[$0].text].map(namesTheDefaultStore) ?? false }
        }
    }

    /// Whether `position` is the first part of a message to `self` that one of the file's methods
    /// taking arguments answers by deleting a store (`[self removeStore:storeURL ...]`).
    private func sendsADeletingMessage(at position: Int, in range: Range<Int>) -> Bool {
        tokens[position].kind == .identifier && deletingMessages.contains(tokens[position].text) && position >= range.lowerBound + 2 && position + 1 < range.upperBound
            && tokens[position + 1].is(":") && tokens[position - 1].isIdentifier("self") && tokens[position - 2].is("[")
    }

    /// The `}` of the innermost `{ }` block around `position` inside `range`; nil where none is.
    private func endOfBlock(around position: Int, in range: Range<Int>) -> Int? {
        var opener = enclosingOpener[position]
        while opener >= range.lowerBound, !tokens[opener].is("{") { opener = enclosingOpener[opener] }
        guard opener >= range.lowerBound else { return nil }
        return partner[opener]
    }

    /// What says the store `body` opens is a cache, as the Swift reader says it: the store
    /// files the body names (written out, or through the file's constants), when each holds the
    /// word (`@".AppCache.sqlite"`), or the method's own name (`cachePersistentStoreCoordinator`)
    /// or its class's (`SBBCacheManager`), or the Caches folder it places the store in
    /// (`NSCachesDirectory`, or through a method of the file that names it), where the body
    /// names one store file at most. Code that names the main store's file beside
    /// a cache's is no cache's.
    private func cache(of body: Body) -> CacheEvidence? {
        func isCache(_ name: String) -> Bool { name.lowercased().contains("cache") }
        var files: [String] = []
        for position in body.range {
            let named = tokens[position].kind == .string ? position..<(position + 1)
                : tokens[position].kind == .identifier ? fileConstants[tokens[position].text] : nil
            for index in named ?? 0..<0 where tokens[index].kind == .string {
                let name = Self.lastComponent(tokens[index].text)
                if StoreFileName.isStoreFile(name) { files.append(name) }
            }
        }
        if let first = files.first, files.allSatisfy(isCache) { return CacheEvidence("\"\(first)\"") }
        guard Set(files).count <= 1 else { return nil }
        if let named = (isCache(body.selector) ? body.selector : body.owner.flatMap { isCache($0) ? $0 : nil }) { return CacheEvidence(named) }
        // The folder a method of the file names (`[self applicationCachesDirectory]`) is named here.
        let folders = Set(folderMethods.keys)
        let text = body.range.map { position in
            sendsToSelf(position, oneOf: folders) ? folderMethods[tokens[position].text] ?? "" : tokens[position].text
        }
        return CacheEvidence.cachesFolder(namedIn: text.joined(separator: " "))
    }

    /// The selectors that open a store.
    private static let openingSelectors: Set<String> = ["addPersistentStoreWithType", "loadPersistentStoresWithCompletionHandler"]

    /// Whether the token at `position` opens a store: one of `openingSelectors`, or one of
    /// `openingMethods` sent to `self`.
    private func opens(_ position: Int) -> Bool {
        tokens[position].kind == .identifier && Self.openingSelectors.contains(tokens[position].text) || sendsToSelf(position, oneOf: openingMethods)
    }

    /// Whether the token at `position` sends one of `selectors` to `self`: `[self name]`, `self.name`.
    private func sendsToSelf(_ position: Int, oneOf selectors: Set<String>) -> Bool {
        guard position >= 2, tokens[position].kind == .identifier, selectors.contains(tokens[position].text) else { return false }
        if tokens[position - 1].isIdentifier("self") {
            return tokens[position - 2].is("[") && position + 1 < tokens.count && tokens[position + 1].is("]")
        }
        return tokens[position - 1].is(".") && tokens[position - 2].isIdentifier("self")
    }

    // MARK: - Store files

    /// `name = value;` in the body (declarations included), the value's tokens by name.
    func assignments(in body: Range<Int>) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        for position in body where tokens[position].is("=") && position > body.lowerBound && position + 1 < body.upperBound {
            // `a = b`, not `a == b` (its second `=` follows a symbol) nor `a != b`, `a <= b`.
            let before = tokens[position - 1], after = tokens[position + 1]
            guard before.kind == .identifier, !after.is("=") else { continue }
            result[before.text] = (position + 1)..<min(statementEnd[position + 1], body.upperBound)
        }
        return result
    }

    /// The tokens of a message argument: up to the next `name:` part or the closing `]`.
    /// Whether the removal at `position` is given what names no file (`storeURL.absoluteString`
    /// to `removeItemAtPath:`, see `leavesTheFile`): it removes nothing.
    private func namesNoFile(removalAt position: Int, in body: Range<Int>) -> Bool {
        guard position + 1 < body.upperBound, tokens[position + 1].is(":") else { return false }
        return argument(after: position + 1, in: body).contains { tokens[$0].kind == .identifier && Self.leavesTheFile.contains(tokens[$0].text) }
    }

    func argument(after colon: Int, in body: Range<Int>) -> Range<Int> {
        var end = colon + 1
        while end < body.upperBound {
            let token = tokens[end]
            if token.is("]") || token.is(";") || token.is(")") { break }
            if token.kind == .identifier, end + 1 < body.upperBound, tokens[end + 1].is(":"), end > colon + 1 { break }
            if let close = partner[end], close > end { end = close }
            end += 1
        }
        return (colon + 1)..<min(end, body.upperBound)
    }

    /// Whether an argument names a store file: a literal ending in `.sqlite`/`.store`, or a
    /// variable of the same body assigned such a URL; not its folder, not a `-wal` name.
    private func isStore(_ argument: Range<Int>, assignments: [String: Range<Int>], storeVariables: inout [String: Bool]) -> Bool {
        let names = argument.map { tokens[$0] }
        if names.contains(where: { $0.kind == .string && ($0.text.contains("-wal") || $0.text.contains("-shm")) }) { return false }
        if names.contains(where: { $0.kind == .identifier && Self.leavesTheFile.contains($0.text) }) { return false }
        if namesAStoreFile(argument) || argument.contains(where: callsAStoreURLMethod) { return true }
        for token in names where token.kind == .identifier {
            if let known = storeVariables[token.text] {
                if known { return true }
                continue
            }
            guard let value = assignments[token.text] ?? fileConstants[token.text] else { continue }
            let valueTokens = value.map { tokens[$0] }
            // The value names a store file itself, through one of the file's constants or a name
            // bound in the body (`fileName = @"Notes.sqlite"; url = [dir URLByAppendingPathComponent:fileName]`),
            // or is the store's URL a method returns.
            let isStore = !valueTokens.contains { $0.kind == .identifier && Self.leavesTheFile.contains($0.text) }
                && (namesAStoreFile(value) || value.contains(where: callsAStoreURLMethod)
                    || valueTokens.contains { $0.kind == .identifier && $0.text != token.text && (fileConstants[$0.text] ?? assignments[$0.text]).map(namesAStoreFile) == true })
            storeVariables[token.text] = isStore
            if isStore { return true }
        }
        return false
    }

    /// Whether the argument is one variable (or its `path`) that the body also hands to
    /// `addPersistentStoreWithType:...URL:` as the store's place, or to a migration it runs itself
    /// as its source or destination: a store whatever its file is named (`@"Comics.sql"`,
    /// `Library.storedata`).
    private func isOpened(_ argument: Range<Int>, in body: Range<Int>) -> Bool {
        // `url`, `[url path]`, `url.path`: the variable the location is read from.
        let name: String
        if argument.count == 1, let only = argument.first, tokens[only].kind == .identifier {
            name = tokens[only].text
        } else if argument.count == 4, tokens[argument.lowerBound].is("["), tokens[argument.lowerBound + 1].kind == .identifier,
                  tokens[argument.lowerBound + 2].isIdentifier("path"), tokens[argument.lowerBound + 3].is("]") {
            name = tokens[argument.lowerBound + 1].text
        } else if argument.count == 3, tokens[argument.lowerBound].kind == .identifier, tokens[argument.lowerBound + 1].is("."),
                  tokens[argument.lowerBound + 2].isIdentifier("path") {
            name = tokens[argument.lowerBound].text
        } else {
            return false
        }
        return body.contains { position in
            guard position + 2 < body.upperBound, tokens[position + 1].is(":"), tokens[position + 2].isIdentifier(name),
                  position + 3 < body.upperBound, !tokens[position + 3].is(".") else { return false }
            // The store a coordinator adds, and both stores of a migration the app runs itself
            // (`migrateStoreFromURL:source ... toDestinationURL:target`).
            if tokens[position].isIdentifier("migrateStoreFromURL") || tokens[position].isIdentifier("toDestinationURL") { return true }
            guard tokens[position].isIdentifier("URL"), let message = enclosingGroup(of: position, in: body) else { return false }
            return message.contains { tokens[$0].isIdentifier("addPersistentStoreWithType") }
        }
    }

    /// Whether a constant's value is a store file's name (`@"Notes.sqlite"`), or gives a name a
    /// store's extension (`[base URLByAppendingPathExtension:@"sqlite"]`).
    private func namesAStoreFile(_ value: Range<Int>) -> Bool {
        value.contains { position in
            guard tokens[position].kind == .string else { return false }
            if StoreFileName.isStoreFile(Self.lastComponent(tokens[position].text)) { return true }
            return position >= 2 && tokens[position - 1].is(":") && Self.extensionAppenders.contains(tokens[position - 2].text)
                && StoreFileName.storeExtensions.contains("." + tokens[position].text.lowercased())
        }
    }

    static let extensionAppenders: Set<String> = ["URLByAppendingPathExtension", "stringByAppendingPathExtension"]

    /// Whether the token at `position` calls one of the file's methods that return the store's URL
    /// on `self` (`[self storeURL]`, `self.storeURL`), on its class (`[self.class storeURL]`,
    /// `[[self class] storeURL]`), or on the class that declares it (`[Stack storeURL]`).
    private func callsAStoreURLMethod(_ position: Int) -> Bool {
        guard position >= 2, tokens[position].kind == .identifier, storeURLMethods.contains(tokens[position].text) else { return false }
        let onSelf = tokens[position - 1].isIdentifier("self") && tokens[position - 2].is("[")
            || tokens[position - 1].is(".") && tokens[position - 2].isIdentifier("self")
        let onClass = position >= 4 && tokens[position - 1].isIdentifier("class")
            && (tokens[position - 2].is(".") && tokens[position - 3].isIdentifier("self")
                || tokens[position - 2].isIdentifier("self") && tokens[position - 3].is("[") && tokens[position - 4].is("["))
            || position >= 4 && tokens[position - 1].is("]") && tokens[position - 2].isIdentifier("class") && tokens[position - 3].isIdentifier("self")
        let onOwner = tokens[position - 1].kind == .identifier && storeURLOwners.contains(tokens[position - 1].text) && tokens[position - 2].is("[")
        return onSelf || onClass || onOwner
    }

    /// Calls that turn a store's URL into something else: its folder, or `absoluteString`, a
    /// `file:///...` string, which a path call (`removeItemAtPath:`) takes as a relative path that
    /// names no file, so it does nothing to the store.
    static let leavesTheFile: Set<String> = ["URLByDeletingLastPathComponent", "stringByDeletingLastPathComponent", "absoluteString"]

    /// Whether the body builds `-wal` and `-shm` names, and where it appends one as a path component.
    private func companionNames(in body: Range<Int>) -> (wal: Bool, shm: Bool, mistake: SourceLocation?) {
        var wal = false, shm = false
        var mistake: SourceLocation?
        for position in body where tokens[position].kind == .string {
            let text = tokens[position].text
            let isWAL = text.contains("-wal"), isSHM = text.contains("-shm")
            guard isWAL || isSHM else { continue }
            // `[url URLByAppendingPathComponent:@"-wal"]` names `X.sqlite/-wal`.
            if text == "-wal" || text == "-shm", position >= 2, tokens[position - 1].is(":"),
               ["URLByAppendingPathComponent", "stringByAppendingPathComponent"].contains(tokens[position - 2].text) {
                if mistake == nil { mistake = location(of: tokens[position]) }
                continue
            }
            if isWAL { wal = true }
            if isSHM { shm = true }
        }
        return (wal, shm, mistake)
    }

    // MARK: - Helpers

    /// The indexes of one body that the error-branch searches use, each made when first asked for.
    private struct BodyIndexes {
        let scanner: ObjCStoreCodeScanner
        let body: Range<Int>
        lazy var ifConditions = IfConditions(of: scanner, in: body)
        lazy var completionBlocks = CompletionBlocks(of: scanner, in: body)
    }

    /// The `if`s of a body by the names their conditions mention, to find the `if` that tests an
    /// error or a result without reading every condition again for each call. A name counts for the
    /// innermost `if` whose condition holds it.
    struct IfConditions {
        private let ifsByName: [String: TokenPositions]

        init(of scanner: ObjCStoreCodeScanner, in body: Range<Int>) {
            let tokens = scanner.tokens
            var ifsByName: [String: [Int]] = [:]
            var open: [(ifIndex: Int, end: Int)] = []
            for position in body {
                while let last = open.last, position >= last.end { open.removeLast() }
                guard tokens[position].kind == .identifier else { continue }
                if tokens[position].text == "if", let condition = scanner.condition(after: position), condition.upperBound <= body.upperBound {
                    open.append((position, condition.upperBound))
                } else if let last = open.last {
                    ifsByName[tokens[position].text, default: []].append(last.ifIndex)
                }
            }
            // An outer `if`'s name after an inner `if`'s condition comes out of order.
            self.ifsByName = ifsByName.mapValues { TokenPositions(Set($0).sorted()) }
        }

        /// The `if`s in `range` whose condition mentions `name`, in order.
        func ifs(mentioning name: String, in range: Range<Int>) -> ArraySlice<Int> {
            ifsByName[name]?.all(in: range) ?? []
        }
    }

    /// The innermost bracket pair around `index` inside `body`, as the range of its inside.
    func enclosingGroup(of index: Int, in body: Range<Int>) -> Range<Int>? {
        let opener = enclosingOpener[index]
        guard opener >= body.lowerBound, let close = partner[opener] else { return nil }
        return (opener + 1)..<close
    }

    /// The tokens as written, roughly: spaces between words, and between a call or a message
    /// and the selector sent to it (`[NSHomeDirectory() stringByAppendingString:...]`), quoted as
    /// the Swift reader quotes code.
    private func display(_ range: Range<Int>) -> String {
        var text = ""
        var previous: ObjCToken?
        for token in range.map({ tokens[$0] }) {
            let word = token.kind != .symbol
            if word, let previous, previous.kind != .symbol || previous.is(")") || previous.is("]") { text += " " }
            text += token.kind == .string ? "@\"\(token.text)\"" : token.text
            previous = token
        }
        return QuotedCode.oneLine(text)
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    func location(of token: ObjCToken) -> SourceLocation {
        SourceLocation(file: file, line: token.line, column: token.column)
    }

    func place(_ index: Int, _ body: Body) -> CodePlace {
        CodePlace(location(of: tokens[index]), in: body.declaration)
    }
}

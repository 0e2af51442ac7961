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

    /// What a Swift file must mention to be parsed: a store call, a file operation, background
    /// work, a launch entry point (which may reach a store opened in another file), or a value
    /// transformer that reads keyed archives (`KeyedArchiveTransformers`).
    static let words = ByteSearch.Words([
        "loadPersistentStores", "addPersistentStore", "ModelContainer", "NSPersistentStoreFileProtectionKey",
        "moveItem", "copyItem", "removeItem", "BGTaskScheduler", "setMinimumBackgroundFetchInterval", "backgroundTask",
        "FinishLaunchingWithOptions", "willConnectTo", "@main", "UIApplicationMain", "fetchCompletionHandler",
        "persistentContainer", "PersistenceController", "migratePersistentStore", "replacePersistentStore",
        KeyedArchiveTransformers.foundationBase,
    ].map { Array($0.utf8) })

    /// A `catch` with a call that stops the app: the caller of a throwing store wrapper
    /// (`do { try setUpStorage() } catch { fatalError() }`) often mentions none of `words`.
    static let catchWord = ByteSearch.Words([Array("catch".utf8)])
    static let stopWords = ByteSearch.Words(["fatalError", "abort()", "preconditionFailure"].map { Array($0.utf8) })

    package var fileNameSuffixes: [String] { [".swift"] }

    package func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.words, in: bytes) || ByteSearch.containsAny(Self.catchWord, in: bytes) && ByteSearch.containsAny(Self.stopWords, in: bytes)
    }

    /// Sources as bytes with the names messages show. Swift that does not parse is read as far as
    /// swift-syntax recovers it: this is app code, and the compiler says more about its syntax
    /// than a linter could.
    ///
    /// A file claimed only for a `catch` with a call that stops the app matters only as the caller
    /// of a throwing function that opens a store: it is parsed only when the other files have an
    /// opening whose error leaves such a function (most apps' `do`/`catch` with `fatalError` has
    /// nothing to do with a store, and parsing is what the store-code reader costs).
    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        let mentioningStores = sources.filter { ByteSearch.containsAny(Self.words, in: $0.bytes) }
        if mentioningStores.count < sources.count {
            let (reading, escapesAFunction) = read(mentioningStores, options: options)
            if !escapesAFunction { return reading }
        }
        return read(sources, options: options).reading
    }

    /// What `sources` hold, and whether an opening's error leaves a throwing function in them.
    private func read(_ sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> (reading: ModelSourceReading, escapesAFunction: Bool) {
        var reading = ModelSourceReading()
        var files: [StoreCodeSourceFile] = []
        // Files are parsed, walked and scanned on all cores when there is enough of them; everything
        // is gathered in file order.
        let concurrently = ParsedSwiftFile.isWorthSharingOut(sources)
        let parsed = OrderedConcurrentMap.map(count: sources.count, concurrently: concurrently) { index in ParsedSwiftFile.parse(sources[index], options: options) }
        for (source, parse) in zip(sources, parsed) {
            let file: StoreCodeSourceFile
            switch parse {
            case .success(let parsed): file = StoreCodeSourceFile(parsed, bytes: source.bytes)
            case .failure(let error):
                reading.errors.append(error)
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
        followed.openings = LaunchPaths(declarations).attach(to: openings)
        followed.failureActions = ErrorPaths(declarations).follow(escapes)
        followed.keyedArchiveTransformers = KeyedArchiveTransformers.names(in: files)
        reading.storeCode = StoreCodeFacts(merging: scans.map(\.facts) + [followed])
        return (reading, !escapes.isEmpty)
    }
}

/// One parsed Swift file, and whether it mentions `schemalint:ignore` at all.
struct StoreCodeSourceFile {
    var parsed: ParsedSwiftFile
    private var mentionsSuppressions: Bool

    init(_ parsed: ParsedSwiftFile, bytes: [UInt8]) {
        self.parsed = parsed
        self.mentionsSuppressions = ByteSearch.containsAny([Array("schemalint:ignore".utf8)], in: bytes)
    }

    var name: String { parsed.name }

    var isTestCode: Bool { parsed.isTestCode }

    /// Whether the file works with SQLite through another library (GRDB, SQLite.swift, FMDB, the
    /// C API) and imports neither Core Data nor SwiftData: a `.sqlite` file it moves or deletes is
    /// that library's database or an export (`VACUUM INTO`), no Core Data store.
    var usesAnotherSQLiteLibrary: Bool {
        let modules = importedModules
        return !modules.isDisjoint(with: Self.otherSQLiteLibraries) && modules.isDisjoint(with: ["CoreData", "SwiftData"])
    }

    /// Whether the file imports AppKit or Cocoa outside any `#if`: it compiles for macOS only
    /// (Mac Catalyst and iOS have UIKit, not AppKit).
    var buildsForMacOSOnly: Bool {
        !importedModules.isDisjoint(with: ["AppKit", "Cocoa"])
    }

    private static let otherSQLiteLibraries: Set<String> = ["GRDB", "GRDBQuery", "SQLiteData", "SharingGRDB", "SQLite", "SQLite3", "SQLCipher", "FMDB", "CSQLite"]

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

import SchemaLint
import SwiftParser
import SwiftSyntax

/// Reads the store-handling code of Swift files (docs/store-code.md): which calls open stores and
/// whether a launch entry point reaches them synchronously, file protection, what the error path of
/// opening a store does, `FileManager` moves of store files, background work, and
/// `// schemalint:ignore` comments. A `ModelSourceReader` that reads no models: registered by the
/// executable beside the SwiftData reader, it owns its use of swift-syntax.
public struct SwiftStoreCodeReader: ModelSourceReader {
    public init() {}

    public var name: String { "Swift store code" }

    /// What a Swift file must mention to be parsed: a store call, a file operation, background
    /// work, or a launch entry point (which may reach a store opened in another file).
    static let words = ByteSearch.Words([
        "loadPersistentStores", "addPersistentStore", "ModelContainer", "NSPersistentStoreFileProtectionKey",
        "moveItem", "copyItem", "removeItem", "BGTaskScheduler", "setMinimumBackgroundFetchInterval", "backgroundTask",
        "FinishLaunchingWithOptions", "willConnectTo", "@main", "UIApplicationMain", "fetchCompletionHandler",
        "persistentContainer", "PersistenceController", "migratePersistentStore", "replacePersistentStore",
    ].map { Array($0.utf8) })

    /// A `catch` with a call that stops the app: the caller of a throwing store wrapper
    /// (`do { try setUpStorage() } catch { fatalError() }`) often mentions none of `words`.
    static let catchWord = ByteSearch.Words([Array("catch".utf8)])
    static let stopWords = ByteSearch.Words(["fatalError", "abort()", "preconditionFailure"].map { Array($0.utf8) })

    public var fileNameSuffixes: [String] { [".swift"] }

    public func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.words, in: bytes) || ByteSearch.containsAny(Self.catchWord, in: bytes) && ByteSearch.containsAny(Self.stopWords, in: bytes)
    }

    /// Sources as bytes with the names messages show. Swift that does not parse is read as far as
    /// swift-syntax recovers it: this is app code, and the compiler says more about its syntax
    /// than a linter could.
    public func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        var reading = ModelSourceReading()
        var files: [StoreCodeSourceFile] = []
        for source in sources {
            if let error = SwiftBracketNesting.check(source.bytes, file: source.name) {
                reading.errors.append(error)
                continue
            }
            let file = StoreCodeSourceFile(name: source.name, bytes: source.bytes)
            do throws(InputError) {
                reading.suppressions += try file.suppressions()
            } catch {
                reading.errors.append(error)
            }
            files.append(file)
        }
        let declarations = CodeDeclarations(files)
        var facts = StoreCodeFacts()
        var openings: [LocatedOpening] = []
        var escapes: [EscapingFailure] = []
        for file in files {
            let scanned = StoreCodeScanner(file: file, declarations: declarations).scan()
            facts.append(scanned.facts)
            openings += scanned.openings
            escapes += scanned.escapes
        }
        var followed = StoreCodeFacts()
        followed.openings = LaunchPaths(declarations).attach(to: openings)
        followed.failureActions = ErrorPaths(declarations).follow(escapes)
        facts.append(followed)
        reading.storeCode = facts
        return reading
    }
}

/// One parsed Swift file with the converter from syntax positions to `file:line:column`.
struct StoreCodeSourceFile {
    var name: String
    var tree: SourceFileSyntax
    var converter: SourceLocationConverter
    private var mentionsSuppressions: Bool

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        self.converter = SourceLocationConverter(fileName: name, tree: tree)
        self.mentionsSuppressions = ByteSearch.containsAny([Array("schemalint:ignore".utf8)], in: bytes)
    }

    func location(of node: some SyntaxProtocol) -> SchemaLint.SourceLocation {
        location(at: node.positionAfterSkippingLeadingTrivia)
    }

    func location(at position: AbsolutePosition) -> SchemaLint.SourceLocation {
        let place = converter.location(for: position)
        return SchemaLint.SourceLocation(file: name, line: place.line, column: place.column)
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

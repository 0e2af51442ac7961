/// Reads the store-handling code of Objective-C files (`.m`): file protection, what the error
/// branch of opening a store does, `NSFileManager` moves of store files, background work
/// (docs/store-code.md). Built into the core: it needs no dependency, only a tokenizer. Files that
/// mention none of its words are not read further; the reader never refuses a file for its syntax.
public struct ObjCStoreCodeReader: ModelSourceReader {
    public init() {}

    public var name: String { "Objective-C store code" }

    /// What a file must mention to be read (a byte search, before any tokenizing).
    static let words: [[UInt8]] = [
        "loadPersistentStores", "addPersistentStore", "NSFileProtectionComplete", "moveItemAt", "copyItemAt", "removeItemAt",
        "BGTaskScheduler", "setMinimumBackgroundFetchInterval", "performFetchWithCompletionHandler", "fetchCompletionHandler",
        "migratePersistentStore", "replacePersistentStore",
    ].map { Array($0.utf8) }

    public var fileNameSuffixes: [String] { [".m"] }

    public func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.words, in: bytes)
    }

    public func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        var reading = ModelSourceReading()
        for source in sources {
            do throws(InputError) {
                let found = try Self.read(bytes: source.bytes, file: source.name)
                reading.storeCode.append(found.facts)
                reading.suppressions += found.suppressions
            } catch {
                reading.errors.append(error)
            }
        }
        return reading
    }

    /// One file's facts and suppression comments (also the fuzzer's entry point). Only a malformed
    /// `// schemalint:ignore` comment is an error.
    public static func read(bytes: [UInt8], file: String) throws(InputError) -> (facts: StoreCodeFacts, suppressions: [Suppression]) {
        let (tokens, comments) = ObjCTokenizer.tokenize(bytes)
        var suppressions: [Suppression] = []
        for comment in comments where CodeCommentSuppression.mentionsMarker(comment.text) {
            let location = SourceLocation(file: file, line: comment.line, column: comment.column)
            if let suppression = try CodeCommentSuppression.parse(comment.text, at: location) { suppressions.append(suppression) }
        }
        return (ObjCStoreCodeScanner(file: file, tokens: tokens).facts(), suppressions)
    }
}

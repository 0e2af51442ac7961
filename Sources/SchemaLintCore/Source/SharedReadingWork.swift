import Foundation

/// What one reader makes of a file that another reader of the same run would make again: both
/// Swift readers (SwiftData's and the store-handling code's) parse each Swift file both claim,
/// and share the one parse through this. A run (a lint, or the release tags of one history) makes
/// one with its `ModelSourceReadingOptions` and hands the same to every reader, so what is kept
/// lives as long as the run. The core stores values it does not know, by their type and the file.
package final class SharedReadingWork: @unchecked Sendable {
    private struct Key: Hashable {
        var type: ObjectIdentifier
        var file: String
    }

    private struct TextKey: Hashable {
        var type: ObjectIdentifier
        var bytes: [UInt8]
        var place: String

        // The text hashed as one buffer: hashing an array of bytes element by element cost a
        // twentieth of a run that reads 1,800 Swift files.
        func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(place)
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private let lock = NSLock()
    /// The value made for each file and type, with the bytes it was made from.
    private var made: [Key: (bytes: [UInt8], value: any Sendable)] = [:]
    /// The value made of each text, by type and the file's place in the working tree.
    private var madeOfText: [TextKey: any Sendable] = [:]

    package init() {}

    /// The `Value` made of `file` earlier in the run, or made now by `make` and kept. A file is
    /// known by its name and bytes (a name read again with other bytes is made again). `make`
    /// runs outside the lock: readers of different files (the tags of a history) run in parallel.
    package func value<Value: Sendable>(of file: ModelSourceFile, make: (ModelSourceFile) -> Value) -> Value {
        let key = Key(type: ObjectIdentifier(Value.self), file: file.name)
        let kept = lock.withLock { made[key] }
        if let kept, kept.bytes == file.bytes, let value = kept.value as? Value { return value }
        let value = make(file)
        lock.withLock { made[key] = (file.bytes, value) }
        return value
    }

    /// The `Value` made of `bytes` earlier in the run for a file at the same `place` in the
    /// working tree (`SourceTree.workingTreePath(of:)`) under any name, or made now by `make` and
    /// kept: for what depends on a file's text alone (a syntax tree), which the same file read at
    /// several revisions (copied out under other names) shares. Two files of one revision with
    /// the same text (the same sample in two folders) get values of their own: a syntax tree
    /// shared by both would give the code of both the same node identities, and which file a
    /// node was found in could not be told.
    package func value<Value: Sendable>(ofText bytes: [UInt8], at place: String, make: ([UInt8]) -> Value) -> Value {
        let key = TextKey(type: ObjectIdentifier(Value.self), bytes: bytes, place: place)
        if let kept = lock.withLock({ madeOfText[key] }) as? Value { return kept }
        let value = make(bytes)
        lock.withLock { madeOfText[key] = value }
        return value
    }
}

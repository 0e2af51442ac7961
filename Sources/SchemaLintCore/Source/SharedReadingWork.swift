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

    private let lock = NSLock()
    /// The value made for each file and type, with the bytes it was made from.
    private var made: [Key: (bytes: [UInt8], value: any Sendable)] = [:]

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
}

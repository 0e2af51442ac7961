#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each line of a Swift file starts, read from its bytes as the compiler counts lines: a line
/// ends at `\n`, at `\r\n`, and at a `\r` alone. What swift-syntax's `SourceLocationConverter`
/// gives for line and column (the column counts UTF-8 bytes from 1), made without visiting every
/// token of the tree: the converter's walk was a fifth of parsing a claimed file
/// (docs/performance.md). `#sourceLocation` directives are left aside, as in messages: they
/// name the file a position came from, not where it stands.
struct SwiftLineTable: Sendable {
    /// The byte offset where each line starts; the first is 0.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            if memchr(base, Int32(UInt8(ascii: "\r")), count) == nil {
                var position = 0
                while position < count, let found = memchr(base + position, Int32(UInt8(ascii: "\n")), count - position) {
                    position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(position)
                }
                return
            }
            var position = 0
            while position < count {
                let byte = base[position]
                position += 1
                if byte == UInt8(ascii: "\r"), position < count, base[position] == UInt8(ascii: "\n") { position += 1 }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(position) }
            }
        }
        self.starts = starts
    }

    /// The 1-based line and column (in UTF-8 bytes) of a byte offset.
    func location(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
        // The last line that starts at or before `offset`.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let line = max(low, 1)
        return (line, offset - starts[line - 1] + 1)
    }
}

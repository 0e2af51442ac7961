#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte offsets of a UTF-8 text into lines and character columns (1-based), for offsets asked in
/// increasing order, as a parser's positions come: each step only counts the bytes since the previous
/// one, so a whole document costs one pass. Lines end at `\n`; a column counts Unicode scalars.
package struct XMLLineCounter {
    private let text: UnsafeRawBufferPointer
    private var offset = 0
    private var line = 1
    /// The column of `offset`.
    private var column = 1

    package init(_ text: UnsafeRawBufferPointer) {
        self.text = text
    }

    /// The line and column of the byte at `target` (clamped to the text).
    package mutating func position(of target: Int) -> (line: Int, column: Int) {
        let target = min(max(target, 0), text.count)
        if target < offset { self = XMLLineCounter(text) }
        guard let base = text.baseAddress else { return (1, 1) }
        while offset < target, let newline = memchr(base + offset, 0x0A, target - offset) {
            offset = base.distance(to: UnsafeRawPointer(newline)) + 1
            line += 1
            column = 1
        }
        column += Self.scalars(in: UnsafeRawBufferPointer(start: base + offset, count: target - offset))
        offset = target
        return (line, column)
    }

    /// How many Unicode scalars start in `bytes` (every byte that is not a UTF-8 continuation byte,
    /// `10xxxxxx`), eight bytes at a time.
    private static func scalars(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = bytes.count
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // The top bit of each byte whose top bits are 1 and 0.
            count -= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            offset += 8
        }
        while offset < bytes.count {
            if base.load(fromByteOffset: offset, as: UInt8.self) & 0xC0 == 0x80 { count -= 1 }
            offset += 1
        }
        return count
    }
}

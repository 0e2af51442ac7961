import Foundation

/// Where lines of a text start: the byte offsets of the lines a scan noted (every line, or only the
/// few `YAMLEntitySpans` stopped at), and the others found on demand by counting line feeds from
/// the nearest noted line before them.
package struct YAMLLineStarts: Equatable {
    /// The 0-based lines noted, ascending, and the byte offset where each starts.
    private var lines: [Int] = []
    private var offsets: [Int] = []
    /// The lines the scan went through: a line from here on is not known.
    package private(set) var lineCount = 0

    package init() {}

    /// Every line of `bytes`: line 0 at 0 and one after each line feed (the end of a text that ends
    /// with one included).
    package init(everyLineOf bytes: UnsafeBufferPointer<UInt8>) {
        var feeds = LineFeedScanner(bytes)
        note(line: 0, offset: 0)
        while let feed = feeds.next() { note(line: lines.count, offset: feed + 1) }
        lineCount = lines.count
    }

    /// Notes where a line starts; lines are noted in ascending order.
    package mutating func note(line: Int, offset: Int) {
        lines.append(line)
        offsets.append(offset)
    }

    /// Marks the lines before `count` as scanned.
    package mutating func scanned(lines count: Int) {
        lineCount = count
    }

    /// The same starts in a text that has `shift` bytes in front (a byte-order mark).
    package func shifted(by shift: Int) -> YAMLLineStarts {
        var result = self
        if shift != 0 { result.offsets = offsets.map { $0 + shift } }
        return result
    }

    /// The byte offset in `text` where 0-based `line` starts, or nil beyond the scanned lines.
    package func start(ofLine line: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard line >= 0, line < lineCount else { return nil }
        // The last noted line at or before `line`.
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] <= line { low = middle + 1 } else { high = middle }
        }
        var (current, offset) = low > 0 ? (lines[low - 1], offsets[low - 1]) : (0, 0)
        guard let base = text.baseAddress else { return current == line ? offset : nil }
        while current < line {
            guard offset < text.count, let feed = memchr(base + offset, 0x0A, text.count - offset) else { return nil }
            offset = UnsafeRawPointer(feed) - UnsafeRawPointer(base) + 1
            current += 1
        }
        return offset
    }
}

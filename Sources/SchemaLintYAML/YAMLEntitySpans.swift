import Foundation
import SchemaLintCore

/// Where the entities of a model file's block-style `entities:` mapping are probably written, found
/// from the bytes alone (one pass over the lines, no YAML parse): each candidate is an entity's
/// whole lines, from its key's line to the next line at the entities' indentation or less (or the
/// end of the file), comments and blank lines included, as `YAMLEntityTexts` cuts an entity's text.
///
/// A candidate is only a guess: the same bytes may mean something else in YAML (a line inside a
/// multi-line quoted scalar or flow collection opened earlier). `CompactedYAMLText` replaces a
/// candidate only when its bytes are an entity text read before, and the parser then checks that
/// each replacement was read as an entity of the `entities` mapping, or parses the original bytes.
package struct YAMLEntitySpans {
    package struct Span: Equatable {
        /// The 0-based lines of the span (its key's line first).
        package var lines: Range<Int>
        /// The byte range of those lines, line breaks included.
        package var bytes: Range<Int>
        /// The offset of the `:` that ends the entity's key on its first line.
        package var colon: Int
        /// The entity read before from the same bytes, when `known` gave it during the scan (one
        /// reference to copy: `Entity` keeps its properties out of line).
        package var known: Entity? = nil
    }

    /// What the scan asks at each entity's key line: an entity read before whose text the bytes
    /// from the line's start begin with (the key line is their first `keyLineLength` bytes) and for
    /// which `ends` holds at the text's length (a span would end there), with the text's length and
    /// line count (`EntityTextCache.entity(startOf:keyLineLength:where:)`).
    package typealias KnownText = (_ bytes: UnsafeRawBufferPointer, _ keyLineLength: Int, _ ends: (Int) -> Bool)
        -> (entity: Entity, length: Int, lineCount: Int)?

    /// The candidates, in order.
    package private(set) var spans: [Span] = []
    /// The 0-based column of the entity keys.
    package private(set) var column = 0
    /// Where the lines the scan stopped at start (the lines before the entities, and each line at
    /// the entities' indentation or less), through the line that ends the entities, or all of them.
    package private(set) var lineStarts = YAMLLineStarts()

    /// Finds no candidate when the text has line breaks other than `\n` and `\r\n` (libyaml counts
    /// a lone `\r`, NEL, LS and PS as line breaks too), a tab in an entity's indentation, or no line
    /// `entities:` at column 0.
    ///
    /// With `known`, an entity whose text was read before is jumped over after one comparison of
    /// its bytes, instead of walking its lines: the spans are the same as without it.
    package init(_ text: UnsafeBufferPointer<UInt8>, known: KnownText? = nil) {
        guard let base = text.baseAddress, !text.isEmpty, Self.breaksAreLineFeeds(text) else { return }
        let count = text.count
        // Without a tab in the text, a line whose first `column + 1` bytes are spaces is inside an
        // entity (or blank) and needs no look: only its line feed is counted.
        let hasTabs = memchr(base, 0x09, count) != nil
        var deepPrefix: (mask: UInt64, spaces: UInt64)?
        var feeds = LineFeedScanner(text)
        var lineStart = 0
        var line = 0
        var inEntities = false
        var column: Int?
        var open: (line: Int, start: Int, colon: Int)?
        var found: [Span] = []
        var starts = YAMLLineStarts()
        func close(at end: Int, line: Int) {
            if let span = open { found.append(Span(lines: span.line..<line, bytes: span.start..<end, colon: span.colon)) }
            open = nil
        }
        /// Whether a span that started at a key line would end at `end`, as the scan below would
        /// end it: at the end of the text, or after a line break and before a line at the entities'
        /// column or less (not a blank or comment line, which the span takes in, nor a tabbed one,
        /// at which the scan gives up).
        func endsSpan(at end: Int) -> Bool {
            if end == count { return true }
            guard end > 0, end < count, text[end - 1] == 0x0A, let column else { return false }
            let lineEnd = memchr(base + end, 0x0A, count - end).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
            guard case .content(let first) = Self.kind(ofLineFrom: end, to: lineEnd, in: text) else { return false }
            return first - end <= column
        }
        while lineStart < count {
            let lineEnd = feeds.next() ?? count
            var next = (start: lineEnd + 1, line: line + 1)
            defer {
                lineStart = next.start
                line = next.line
            }
            if let deep = deepPrefix, lineStart + 8 <= count,
               UInt64(littleEndian: UnsafeRawPointer(base + lineStart).loadUnaligned(as: UInt64.self)) & deep.mask == deep.spaces {
                continue
            }
            starts.note(line: line, offset: lineStart)
            if !inEntities {
                inEntities = Self.isEntitiesKey(text, from: lineStart, to: lineEnd)
                continue
            }
            let first: Int
            switch Self.kind(ofLineFrom: lineStart, to: lineEnd, in: text) {
            case .blankOrComment: continue
            case .tabbed: return
            case .content(let offset): first = offset
            }
            let indent = first - lineStart
            if column == nil {
                guard indent > 0 else { return }
                column = indent
                if !hasTabs, indent < 8 {
                    let mask: UInt64 = (1 << (8 * UInt64(indent + 1))) &- 1
                    deepPrefix = (mask, 0x2020_2020_2020_2020 & mask)
                }
            }
            guard let entityColumn = column, indent <= entityColumn else { continue }
            close(at: lineStart, line: line)
            guard indent == entityColumn else { break }
            guard let colon = Self.keyColon(text, from: first, to: lineEnd) else { continue }
            if let known, let reused = known(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text)[lineStart...]), colon + 1 - lineStart, { endsSpan(at: lineStart + $0) }) {
                found.append(Span(lines: line..<line + reused.lineCount, bytes: lineStart..<lineStart + reused.length, colon: colon, known: reused.entity))
                next = (lineStart + reused.length, line + reused.lineCount)
                feeds.skip(to: next.start)
            } else {
                open = (line, lineStart, colon)
            }
        }
        close(at: min(lineStart, count), line: line)
        guard let column else { return }
        starts.scanned(lines: line)
        self.column = column
        spans = found
        lineStarts = starts
    }

    /// What a line inside the entities is to the scan.
    private enum LineKind {
        /// Blank, or a comment: part of the span open before it.
        case blankOrComment
        /// A tab before its first character: the scan finds no candidate in the text.
        case tabbed
        /// Anything else, starting at this offset (after its indentation).
        case content(first: Int)
    }

    /// What the line from `start` to `end` (its line feed, or the end of the text) is.
    private static func kind(ofLineFrom start: Int, to end: Int, in text: UnsafeBufferPointer<UInt8>) -> LineKind {
        var first = start
        while first < end, text[first] == 0x20 { first += 1 }
        if first == end || (text[first] == 0x0D && first + 1 == end) || text[first] == UInt8(ascii: "#") { return .blankOrComment }
        return text[first] == 0x09 ? .tabbed : .content(first: first)
    }

    /// The length of an entity text's key line through its key's `:` (indentation, a name of
    /// letters, digits and `_`, then `:` before a space or the line's end), if it starts that way.
    package static func keyLineLength(_ text: UnsafeRawBufferPointer) -> Int? {
        let bytes = UnsafeBufferPointer(start: text.baseAddress?.assumingMemoryBound(to: UInt8.self), count: text.count)
        var first = 0
        while first < bytes.count, bytes[first] == 0x20 { first += 1 }
        let lineEnd = bytes[first...].firstIndex(of: 0x0A) ?? bytes.count
        return keyColon(bytes, from: first, to: lineEnd).map { $0 + 1 }
    }

    /// Whether the line is `entities:` at column 0, with nothing after it but spaces.
    private static func isEntitiesKey(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let key = "entities:".utf8
        guard end - start >= key.count else { return false }
        for (offset, byte) in key.enumerated() where text[start + offset] != byte { return false }
        var index = start + key.count
        while index < end, text[index] == 0x20 { index += 1 }
        return index == end || (text[index] == 0x0D && index + 1 == end)
    }

    /// The offset of the `:` after a key of letters, digits and `_` that starts at `start`, if a
    /// space or the line's end follows it.
    private static func keyColon(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            let byte = text[index]
            let isNameByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            guard isNameByte else { break }
            index += 1
        }
        guard index > start, index < end, text[index] == UInt8(ascii: ":") else { return nil }
        let next = index + 1
        guard next == end || text[next] == 0x20 || (text[next] == 0x0D && next + 1 == end) else { return nil }
        return index
    }

    /// Whether every `\r` is followed by `\n` and the text has no NEL, LS or PS.
    static func breaksAreLineFeeds(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let count = text.count
        func each(_ byte: UInt8, _ allowed: (Int) -> Bool) -> Bool {
            var offset = 0
            while offset < count, let found = memchr(base + offset, Int32(byte), count - offset) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if !allowed(index) { return false }
                offset = index + 1
            }
            return true
        }
        return each(0x0D) { $0 + 1 < count && text[$0 + 1] == 0x0A }
            && each(0xC2) { !($0 + 1 < count && text[$0 + 1] == 0x85) }
            && each(0xE2) { !($0 + 2 < count && text[$0 + 1] == 0x80 && (text[$0 + 2] == 0xA8 || text[$0 + 2] == 0xA9)) }
    }
}

import Foundation

/// Finds where a start tag and its attributes are written, from the position `XMLParser` reports.
///
/// On Linux (swift-corelibs-foundation over libxml2) `XMLParser.lineNumber`/`columnNumber`, read in
/// `didStartElement`, give the line of the *end* of the start tag and the 1-based column, in characters,
/// of its closing `>` (or of the `/` of `/>`): for `    <entity name="A">` that is line 1, column 21, not
/// column 5. This type walks back from that point to the tag's `<` (the only `<` between them, since XML
/// forbids `<` in attribute values) and forward over the tag to the attribute names, so locations point
/// at `<entity` and at `optional="YES"` themselves. It never reads values: those come from `XMLParser`.
/// When the text does not match what was reported, it answers nil and callers keep the reported position.
///
/// Columns count Unicode scalars. Lines holding only ASCII (nearly all of them) take a fast path where
/// a column is a byte distance.
struct XMLTagLocator {
    /// Where a start tag was found: its `<`, and where the properties it writes are written.
    struct Tag {
        var location: SourceLocation
        /// Keyed by property name (see `XcodeTag.PropertyKey`).
        var propertyLocations: [String: SourceLocation]
    }

    private let file: String
    private let bytes: [UInt8]
    /// Byte offset of the first character of each line (index 0 is line 1).
    private let lineStarts: [Int]
    /// Whether each line holds a byte outside ASCII (index 0 is line 1).
    private let lineHasNonASCII: [Bool]

    /// - Parameters:
    ///   - data: the text the parser reads.
    ///   - file: the file named in the locations.
    init(_ data: Data, file: String) {
        self.file = file
        let bytes = [UInt8](data)
        let starts = Self.lineStarts(of: bytes)
        self.bytes = bytes
        self.lineStarts = starts
        self.lineHasNonASCII = Self.nonASCIILines(of: bytes, lineStarts: starts)
    }

    /// The start tag of element `name` whose end the parser reported at `line`:`column`, with the
    /// locations of the XML attributes that `keys` names.
    func startTag(named name: String, reportedLine line: Int, column: Int, keys: [String: XcodeTag.PropertyKey]) -> Tag? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let nameBytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { text -> Tag? in
            guard let end = offset(in: text, line: line, column: column),
                  let open = tagOpening(in: text, before: end, name: nameBytes)
            else { return nil }
            let properties = keys.isEmpty ? [:] : propertyLocations(in: text, tagAt: open, nameLength: nameBytes.count, keys: keys)
            return Tag(location: location(in: text, of: open), propertyLocations: properties)
        }
    }

    // MARK: - Lines

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 40)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        return starts
    }

    /// Marks the lines holding a byte >= 0x80, testing eight bytes at a time.
    private static func nonASCIILines(of bytes: [UInt8], lineStarts: [Int]) -> [Bool] {
        var marks = [Bool](repeating: false, count: lineStarts.count)
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            var word = 0
            while word < words {
                if raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    for offset in word * 8 ..< word * 8 + 8 where raw[offset] >= 0x80 {
                        marks[line(containing: offset, lineStarts: lineStarts) - 1] = true
                    }
                }
                word += 1
            }
            for offset in words * 8 ..< raw.count where raw[offset] >= 0x80 {
                marks[line(containing: offset, lineStarts: lineStarts) - 1] = true
            }
        }
        return marks
    }

    /// The 1-based line holding a byte offset.
    private static func line(containing offset: Int, lineStarts: [Int]) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private func lineEnd(_ line: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        line < lineStarts.count ? lineStarts[line] - 1 : text.count
    }

    /// The byte offset of the `column`-th character of `line` (clamped to the end of the line).
    private func offset(in text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) -> Int? {
        guard !text.isEmpty else { return nil }
        let start = lineStarts[line - 1], end = lineEnd(line, in: text)
        if !lineHasNonASCII[line - 1] { return min(start + column - 1, end, text.count - 1) }
        var offset = start, characters = 1
        while offset < end, characters < column {
            offset += 1
            if offset < end, !Self.isContinuation(text[offset]) { characters += 1 }
        }
        return min(offset, text.count - 1)
    }

    /// The location (line and character column) of a byte offset.
    private func location(in text: UnsafeBufferPointer<UInt8>, of offset: Int) -> SourceLocation {
        let line = Self.line(containing: offset, lineStarts: lineStarts)
        let start = lineStarts[line - 1]
        var column = offset - start + 1
        if lineHasNonASCII[line - 1] {
            column = 1
            for index in start..<offset where !Self.isContinuation(text[index]) { column += 1 }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    // MARK: - Tags

    /// The offset of the `<name` that opens the tag reported at `end`, searching backwards.
    private func tagOpening(in text: UnsafeBufferPointer<UInt8>, before end: Int, name: [UInt8]) -> Int? {
        var index = end
        let limit = max(0, end - 262_144)
        while index >= limit {
            if text[index] == UInt8(ascii: "<"), matches(text, at: index + 1, name) { return index }
            index -= 1
        }
        return nil
    }

    /// Whether `name` is written at `offset`, followed by the end of a tag name.
    private func matches(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, _ name: [UInt8]) -> Bool {
        guard offset + name.count < text.count else { return false }
        var index = 0
        while index < name.count {
            if text[offset + index] != name[index] { return false }
            index += 1
        }
        let next = text[offset + name.count]
        return Self.isSpace(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ">")
    }

    /// The locations of the attribute names `keys` knows in the tag opening at `open`, keyed by property.
    /// The parser has accepted the tag, so it is well formed: `name = "value"` pairs separated by spaces.
    /// Walks pair by pair, finding each `=` and closing quote with `memchr`.
    private func propertyLocations(
        in text: UnsafeBufferPointer<UInt8>, tagAt open: Int, nameLength: Int, keys: [String: XcodeTag.PropertyKey]
    ) -> [String: SourceLocation] {
        guard let base = text.baseAddress else { return [:] }
        let count = text.count
        var result: [String: SourceLocation] = [:]
        var index = open + 1 + nameLength
        while true {
            while index < count, base[index] <= 0x20 { index += 1 }
            guard index < count, base[index] != UInt8(ascii: ">"), base[index] != UInt8(ascii: "/"),
                  let equals = memchr(base + index, Int32(UInt8(ascii: "=")), count - index)
            else { break }
            var nameEnd = base.distance(to: equals.assumingMemoryBound(to: UInt8.self))
            var valueStart = nameEnd + 1
            while nameEnd > index, base[nameEnd - 1] <= 0x20 { nameEnd -= 1 }
            let name = String(decoding: UnsafeBufferPointer(start: base + index, count: nameEnd - index), as: UTF8.self)
            if let key = keys[name], key.isPreferred || result[key.property] == nil {
                result[key.property] = location(in: text, of: index)
            }
            while valueStart < count, base[valueStart] <= 0x20 { valueStart += 1 }
            guard valueStart + 1 < count,
                  let close = memchr(base + valueStart + 1, Int32(base[valueStart]), count - valueStart - 1)
            else { break }
            index = base.distance(to: close.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return result
    }
}

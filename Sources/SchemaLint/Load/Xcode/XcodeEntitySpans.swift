#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `<entity>` elements are written in a `contents` file's bytes, found without parsing: the
/// texts `EntityTextCache` knows entities by. A span is given only when nothing in it can hide where
/// the element ends or change what it holds (no other `<entity`, no comment, no CDATA section, no
/// processing instruction); whether its `<entity` is a tag at all is for the parser to tell.
enum XcodeEntitySpans {
    /// The bytes of the `<entity>` element whose `<` is at `start`, through its `</entity>`, or nil.
    /// One pass: `memchr` to each `<`, then a comparison with each pattern.
    static func span(in text: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        guard let base = text.baseAddress, start >= 0 else { return nil }
        let count = text.count
        func matches(_ pattern: StaticString, at offset: Int) -> Bool {
            offset + pattern.utf8CodeUnitCount <= count && memcmp(base + offset, pattern.utf8Start, pattern.utf8CodeUnitCount) == 0
        }
        var offset = start + 1
        while offset < count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), count - offset) {
            offset = base.distance(to: UnsafeRawPointer(found))
            if matches("</entity>", at: offset) { return start..<(offset + endTag.count) }
            if matches("<entity", at: offset) || matches("<!--", at: offset) || matches("<![CDATA[", at: offset) || matches("<?", at: offset) {
                return nil
            }
            offset += 1
        }
        return nil
    }

    /// The spans of every `<entity` tag of `text` (`<entity` then a space or `>`) that has one, in
    /// order; after a span the search goes on at its end.
    static func all(in text: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard let base = text.baseAddress else { return [] }
        let count = text.count
        var spans: [Range<Int>] = []
        var offset = 0
        while offset < count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), count - offset) {
            offset = base.distance(to: UnsafeRawPointer(found))
            let afterName = offset + startTag.count
            if afterName < count, memcmp(base + offset, startTag, startTag.count) == 0, isTagNameEnd(text[afterName]),
               let span = span(in: text, from: offset) {
                spans.append(span)
                offset = span.upperBound
            } else {
                offset += 1
            }
        }
        return spans
    }

    /// `</entity>`, the end of every span.
    static let endTag = Array("</entity>".utf8)
    private static let startTag = Array("<entity".utf8)

    private static func isTagNameEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: ">")
    }
}

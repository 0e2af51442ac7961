#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `<entity>` elements are written in a `contents` file's bytes, found without parsing: the
/// texts `EntityTextCache` knows entities by. A span is given only when nothing in it can hide where
/// the element ends or change what it holds (no other `<entity`, no comment, no CDATA section, no
/// processing instruction); whether its `<entity` is a tag at all is for the parser to tell.
package enum XcodeEntitySpans {
    /// The bytes of the `<entity>` element whose `<` is at `start`, through its `</entity>`, or nil.
    /// One pass: `memchr` to each `<`, then a comparison with each pattern.
    static func span(in text: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        guard let base = text.baseAddress, start >= 0 else { return nil }
        let count = text.count
        func matches(_ pattern: StaticString, at offset: Int) -> Bool { Self.matches(pattern, in: text, at: offset) }
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
    package static func all(in text: UnsafeRawBufferPointer) -> [Range<Int>] {
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

    /// The places of empty tags named `names` (an entity's `<attribute` and `<relationship`,
    /// `memberTags`, or the layout section's `<element`, `layoutTags`) inside `span` (one `span` or
    /// `layoutSections` gives), each from its `<` through the first `/>` after its name, in order.
    /// The span holds no comment, CDATA section or processing instruction, so every `<` in it
    /// starts a tag. A `/>` inside a quoted value, or one after a tag that is not empty, gives a
    /// range that is no tag: its bytes up to the `/` have a quote left open or a `>` outside quotes,
    /// so they are not the bytes libxml2 reports any tag with, which is what the caller looks them up by.
    static func emptyTags(_ names: [[UInt8]], in text: UnsafeRawBufferPointer, within span: Range<Int>) -> [Range<Int>] {
        guard let base = text.baseAddress else { return [] }
        var tags: [Range<Int>] = []
        var offset = span.lowerBound + 1
        while offset < span.upperBound, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), span.upperBound - offset) {
            offset = base.distance(to: UnsafeRawPointer(found))
            guard let nameEnd = nameEnd(of: names, in: text, at: offset, before: span.upperBound) else {
                offset += 1
                continue
            }
            var slash = nameEnd
            while slash + 1 < span.upperBound, let found = memchr(base + slash, Int32(UInt8(ascii: "/")), span.upperBound - 1 - slash) {
                slash = base.distance(to: UnsafeRawPointer(found))
                if text[slash + 1] == UInt8(ascii: ">") { break }
                slash += 1
            }
            guard slash + 1 < span.upperBound, text[slash] == UInt8(ascii: "/"), text[slash + 1] == UInt8(ascii: ">") else { break }
            tags.append(offset..<(slash + 2))
            offset = slash + 2
        }
        return tags
    }

    /// The offset just past one of `names` at `offset`, when a space or `/` follows.
    private static func nameEnd(of names: [[UInt8]], in text: UnsafeRawBufferPointer, at offset: Int, before limit: Int) -> Int? {
        for name in names {
            let afterName = offset + name.count
            if afterName < limit, memcmp(text.baseAddress! + offset, name, name.count) == 0,
               isTagNameEnd(text[afterName]) || text[afterName] == UInt8(ascii: "/") {
                return afterName
            }
        }
        return nil
    }

    static let memberTags = [Array("<attribute".utf8), Array("<relationship".utf8)]
    static let layoutTags = [Array("<element".utf8)]

    /// The spans of Xcode's layout sections from `start` on (Xcode writes the section after the
    /// entities), each `<elements>` through its first `</elements>`, in order: only those in which
    /// nothing can hide where the section ends or what it holds (no other `<elements`, no comment,
    /// CDATA section or processing instruction).
    static func layoutSections(in text: UnsafeRawBufferPointer, from start: Int) -> [Range<Int>] {
        guard let base = text.baseAddress else { return [] }
        let count = text.count
        func matches(_ pattern: StaticString, at offset: Int) -> Bool { Self.matches(pattern, in: text, at: offset) }
        let (opening, closing): (StaticString, StaticString) = ("<elements", "</elements>")
        var sections: [Range<Int>] = []
        var open: Int?
        var offset = start
        while offset < count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), count - offset) {
            offset = base.distance(to: UnsafeRawPointer(found))
            let afterName = offset + opening.utf8CodeUnitCount
            if matches(opening, at: offset), afterName < count, isTagNameEnd(text[afterName]) {
                open = offset
            } else if let opened = open, matches(closing, at: offset) {
                sections.append(opened..<(offset + closing.utf8CodeUnitCount))
                open = nil
            } else if matches("<!--", at: offset) || matches("<![CDATA[", at: offset) || matches("<?", at: offset) {
                open = nil
            }
            offset += 1
        }
        return sections
    }

    /// `</entity>`, the end of every span.
    static let endTag = Array("</entity>".utf8)
    private static let startTag = Array("<entity".utf8)

    /// Whether `text` holds `pattern`'s bytes at `offset`.
    private static func matches(_ pattern: StaticString, in text: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        offset + pattern.utf8CodeUnitCount <= text.count && memcmp(text.baseAddress! + offset, pattern.utf8Start, pattern.utf8CodeUnitCount) == 0
    }

    /// Whether `bytes` hold no `:`, so no namespace prefix, whose meaning an enclosing element (the
    /// root, in another file) would give: only such bytes mean the same in every file, and so are
    /// what the cache may know an element or a tag by.
    static func holdsNoPrefix(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.isEmpty || memchr(bytes.baseAddress!, Int32(UInt8(ascii: ":")), bytes.count) == nil
    }

    private static func isTagNameEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: ">")
    }
}

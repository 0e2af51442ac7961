import SchemaLintCore

/// A `contents` file's bytes with what was read before replaced by empty placeholder elements, so
/// that libxml2 parses only what is new: each `<entity>` element whose text the cache knows becomes
/// `<schemalintReusedEntity/>`, and in the entities it does not know, each empty `<attribute .../>`
/// or `<relationship .../>` tag it knows becomes `<schemalintReusedMember/>`. In Xcode's layout
/// section (`<elements>`), which the reader does not read, each empty `<element .../>` tag libxml2
/// accepted before is left out.
///
/// Every byte outside the replaced elements keeps its line and column: the placeholder is followed
/// by as many line breaks as the element held and by spaces up to the column where it ended (none
/// when a line break follows it), so the placeholder stands at the element's line and column, and
/// what follows it on its line stays at its column. Positions in the compacted bytes are the file's
/// positions, with no mapping; byte offsets are not, so `changedEntities` gives where the entities
/// left in place are in the file's bytes.
///
/// The replaced bytes mean the same in any `contents` file that the reader parses with the cache: the
/// document is UTF-8 (`XMLEncodingCheck`), has no document type (no default attributes, no entity
/// declarations: `XcodeContentsParser` uses no cache then), and the element holds no `:`, so no
/// prefixed name whose namespace the root (or an ancestor) would declare. Whether each placeholder is
/// read where it was put (an entity's as a child of `<model>`, a member's as a child of its entity)
/// is for the parse to check (a comment, a CDATA section or a tag left open before it would swallow
/// it); if not, the file's own bytes are parsed.
package struct CompactedXcodeContents {
    /// The placeholder elements' names: no element of Xcode's files, and ones the reader recognises
    /// by libxml2's interned pointer. A user may write them; then they are not where a replacement put one.
    package static let placeholderName = "schemalintReusedEntity"
    static let memberPlaceholderName = "schemalintReusedMember"
    private static let placeholder = Array("<\(placeholderName)/>".utf8)
    private static let memberPlaceholder = Array("<\(memberPlaceholderName)/>".utf8)

    /// libxml2 refuses to look further than 10,000,000 bytes ahead without `XML_PARSE_HUGE`
    /// (`XML_MAX_LOOKUP_LIMIT`): a file that large is parsed as it is, so that the limit applies to it.
    private static let largestCompactedFile = 10_000_000

    /// One replaced element.
    package struct Replacement {
        /// The offset of the placeholder's `<` in the compacted bytes.
        var offset: Int
        package var value: Value
    }

    /// What a placeholder stands for, read before from the same text at the element's place.
    package enum Value {
        case entity(Entity)
        /// An attribute or relationship, its locations relative to its entity's place in this file;
        /// with the offset of that entity's `<` in the compacted bytes: the placeholder stands for
        /// the member only as a child of the element that starts there.
        case member(EntityTextCache.Member, entityAt: Int)
    }

    /// An `<entity>` element left in place (the cache does not know it), by the offset of its `<` in
    /// the compacted bytes.
    struct ChangedEntity {
        /// Its bytes in the file: what the cache is to know it by once read.
        var original: Range<Int>
        /// The offset just past its `</entity>` in the compacted bytes.
        var compactedEnd: Int
    }

    package private(set) var bytes: [UInt8] = []
    /// In order of their offsets.
    package private(set) var replacements: [Replacement] = []
    private(set) var changedEntities: [Int: ChangedEntity] = [:]

    /// Replaces each entity span of `text` (the file `file`) whose entity `cache` knows, and each
    /// empty member tag it knows in the other spans; leaves out each layout `<element .../>` tag it
    /// knows libxml2 accepted; nil when it knows none of them.
    package init?(_ text: UnsafeRawBufferPointer, file: String, cache: EntityTextCache) {
        guard text.count < Self.largestCompactedFile else { return nil }
        var lines = XMLLineCounter(text)
        var copied = 0

        /// Copies the text up to `range` and puts `placeholder` in its place (none for a tag left
        /// out), with the line breaks and spaces that keep what follows at its line and column;
        /// false (nothing done) when the placeholder is longer than the range's text on its line.
        func replace(_ range: Range<Int>, start: (line: Int, column: Int), with placeholder: [UInt8], _ value: Value?) -> Bool {
            let end = lines.position(of: range.upperBound)
            let lineBreaks = end.line - start.line
            var spaces = lineBreaks > 0 ? end.column - 1 : end.column - start.column - placeholder.count
            guard spaces >= 0 else { return false }
            // Nothing follows on the line: no column to keep (and no spaces for libxml2 to read).
            if range.upperBound < text.count, text[range.upperBound] == 0x0A || text[range.upperBound] == 0x0D { spaces = 0 }
            if bytes.isEmpty { bytes.reserveCapacity(text.count / 2) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied..<range.lowerBound]))
            if let value { replacements.append(Replacement(offset: bytes.count, value: value)) }
            bytes.append(contentsOf: placeholder)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: lineBreaks))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
            copied = range.upperBound
            return true
        }

        /// An entity span: its placeholder when the cache knows the entity, else the placeholders
        /// of the members it knows.
        func compact(entity span: Range<Int>) {
            let spanText = UnsafeRawBufferPointer(rebasing: text[span])
            guard XcodeEntitySpans.holdsNoPrefix(spanText) else { return }
            let start = lines.position(of: span.lowerBound)
            if let entity = cache.entity(text: spanText, at: SourceLocation(file: file, line: start.line, column: start.column)),
               replace(span, start: start, with: Self.placeholder, .entity(entity)) {
                return
            }
            // Left in place: where it starts and ends in the compacted bytes, the text before it and
            // between its replaced members copied as it is.
            let compactedStart = bytes.count + (span.lowerBound - copied)
            for tag in XcodeEntitySpans.emptyTags(XcodeEntitySpans.memberTags, in: text, within: span) {
                let tagStart = lines.position(of: tag.lowerBound)
                // The tag up to its `/>`: the bytes libxml2 reports it with, which the cache knows it by.
                let key = UnsafeRawBufferPointer(rebasing: text[tag.lowerBound..<(tag.upperBound - 2)])
                guard let member = cache.member(tag: key, column: tagStart.column) else { continue }
                _ = replace(tag, start: tagStart, with: Self.memberPlaceholder,
                            .member(member.placed(atLineOffset: tagStart.line - start.line), entityAt: compactedStart))
            }
            changedEntities[compactedStart] = ChangedEntity(original: span, compactedEnd: bytes.count + (span.upperBound - copied))
        }

        /// A layout section: the `<element .../>` tags libxml2 accepted before are left out. The
        /// reader reads nothing of them, and the section keeps its own tags, so the text stays
        /// well formed exactly when the file is.
        func compact(layout span: Range<Int>) {
            guard XcodeEntitySpans.holdsNoPrefix(UnsafeRawBufferPointer(rebasing: text[span])) else { return }
            for tag in XcodeEntitySpans.emptyTags(XcodeEntitySpans.layoutTags, in: text, within: span)
            where cache.knowsLayoutTag(UnsafeRawBufferPointer(rebasing: text[tag.lowerBound..<(tag.upperBound - 2)])) {
                _ = replace(tag, start: lines.position(of: tag.lowerBound), with: [], nil)
            }
        }

        // Both kinds of span in the order of the text (a layout section is looked for after the
        // entities only, where Xcode writes it); one that starts inside another is left alone.
        let entities = XcodeEntitySpans.all(in: text)
        let layouts = XcodeEntitySpans.layoutSections(in: text, from: entities.last?.upperBound ?? 0)
        var (nextEntity, nextLayout, done) = (0, 0, 0)
        while nextEntity < entities.count || nextLayout < layouts.count {
            let isLayout = nextLayout < layouts.count && (nextEntity == entities.count || layouts[nextLayout].lowerBound < entities[nextEntity].lowerBound)
            let span = isLayout ? layouts[nextLayout] : entities[nextEntity]
            if isLayout { nextLayout += 1 } else { nextEntity += 1 }
            guard span.lowerBound >= done else { continue }
            if isLayout { compact(layout: span) } else { compact(entity: span) }
            done = span.upperBound
        }
        guard copied > 0 else { return nil }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied...]))
    }
}

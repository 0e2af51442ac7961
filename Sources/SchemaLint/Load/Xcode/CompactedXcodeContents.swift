#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `contents` file's bytes with the `<entity>` elements whose text was read before replaced by an
/// empty placeholder element, `<schemalintReusedEntity/>`, so that libxml2 parses only what is new.
///
/// Every byte outside the replaced elements keeps its line and column: the placeholder is followed
/// by as many line breaks as the element held and by spaces up to the column where it ended, so the
/// placeholder stands at the element's line and column, and what follows `</entity>` on its line
/// stays at its column. Positions in the compacted bytes are the file's positions, with no mapping.
///
/// The replaced bytes mean the same in any `contents` file that the reader parses with the cache: the
/// document is UTF-8 (`XMLEncodingCheck`), has no document type (no default attributes, no entity
/// declarations: `XcodeContentsParser` uses no cache then), and the element holds no `:`, so no
/// prefixed name whose namespace the root (or an ancestor) would declare. Whether each placeholder is
/// read as a child of `<model>` at its place is for the parse to check (a comment, a CDATA section or
/// a tag left open before it would swallow it); if not, the file's own bytes are parsed.
struct CompactedXcodeContents {
    /// The placeholder element's name: no element of Xcode's files, and one the reader recognises by
    /// libxml2's interned pointer. A user may write it; then it is not where a replacement put one.
    static let placeholderName = "schemalintReusedEntity"
    private static let placeholder = Array("<\(placeholderName)/>".utf8)

    /// libxml2 refuses to look further than 10,000,000 bytes ahead without `XML_PARSE_HUGE`
    /// (`XML_MAX_LOOKUP_LIMIT`): a file that large is parsed as it is, so that the limit applies to it.
    private static let largestCompactedFile = 10_000_000

    /// One replaced element.
    struct Replacement {
        /// The offset of the placeholder's `<` in the compacted bytes.
        var offset: Int
        /// The entity read before from the same text, at the element's place.
        var entity: Entity
    }

    private(set) var bytes: [UInt8] = []
    /// In order of their offsets.
    private(set) var replacements: [Replacement] = []

    /// Replaces each entity span of `text` (the file `file`) for which `known` gives an entity,
    /// given the span's bytes and the place of its `<`; nil when it gives none.
    init?(_ text: UnsafeRawBufferPointer, file: String, known: (UnsafeRawBufferPointer, SourceLocation) -> Entity?) {
        guard text.count < Self.largestCompactedFile else { return nil }
        var lines = XMLLineCounter(text)
        var copied = 0
        for span in XcodeEntitySpans.all(in: text) {
            let spanText = UnsafeRawBufferPointer(rebasing: text[span])
            guard memchr(spanText.baseAddress!, Int32(UInt8(ascii: ":")), spanText.count) == nil else { continue }
            let start = lines.position(of: span.lowerBound)
            guard let entity = known(spanText, SourceLocation(file: file, line: start.line, column: start.column)) else { continue }
            let end = lines.position(of: span.upperBound)
            let lineBreaks = end.line - start.line
            let spaces = lineBreaks > 0 ? end.column - 1 : end.column - start.column - Self.placeholder.count
            guard spaces >= 0 else { continue }
            if bytes.isEmpty { bytes.reserveCapacity(text.count / 2) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied..<span.lowerBound]))
            replacements.append(Replacement(offset: bytes.count, entity: entity))
            bytes.append(contentsOf: Self.placeholder)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: lineBreaks))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
            copied = span.upperBound
        }
        guard !replacements.isEmpty else { return nil }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied...]))
    }
}

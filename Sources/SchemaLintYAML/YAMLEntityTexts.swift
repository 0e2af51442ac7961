import Foundation

/// Where each entity of a model file's `entities` mapping is written, as whole lines of the file:
/// from the start of its key's line to the start of the next entity's key line (or the next
/// top-level key's, or the end of the file), indentation included, so that equal texts decode to
/// equal entities at any line (`EntityTextCache`).
///
/// A text is given only where it is all that the entity's value depends on: the mapping is in block
/// style (a flow mapping's entry ends with a `,` that would mean something else in a block mapping,
/// where `YAMLParser` may take the text as a known entity without parsing it) and the keys that
/// bound the text stand first on their lines, the document has no aliases or tags (whose meaning is
/// written elsewhere in the file), and its only line breaks are `\n` and `\r\n` (so lines are
/// counted as libyaml counts them).
struct YAMLEntityTexts {
    /// The byte range of each entry of the mapping, in order; nil where no text is given.
    private(set) var ranges: [Range<Int>?] = []

    init(document: YAMLDocument, bytes: UnsafeBufferPointer<UInt8>, entities: Int) {
        // The parse that skipped known entities read the first lines already (up to the line that
        // ends the entities, which is all an entity's text needs; a line beyond gives no text).
        guard !document.hasAliases, document.tags.isEmpty, document.kind(entities) == .mapping, !document.nodes[entities].isFlow,
              let lineStarts = document.lineStarts ?? Self.lineStarts(of: bytes)
        else { return }
        /// The offset where the node's line starts, if the node stands first on it.
        func lineStart(ifFirstOnItsLine node: Int) -> Int? {
            let (line, column) = (Int(document.nodes[node].line), Int(document.nodes[node].column))
            guard line >= 1, let start = lineStarts.start(ofLine: line - 1, in: bytes) else { return nil }
            let end = start + column - 1
            guard end < bytes.count else { return nil }
            for offset in start..<end where bytes[offset] != UInt8(ascii: " ") { return nil }
            return bytes[end] != UInt8(ascii: " ") ? start : nil
        }
        let count = document.entryCount(entities)
        let root = document.root
        // The first top-level key after the entities, which ends the last entity's text.
        let lastLine = count > 0 ? document.nodes[document.key(entities, count - 1)].line : 0
        var following: Int?
        for index in 0..<document.entryCount(root) {
            let key = document.key(root, index)
            if document.nodes[key].line > lastLine, following.map({ document.nodes[key].line < document.nodes[$0].line }) ?? true {
                following = key
            }
        }
        ranges.reserveCapacity(count)
        for index in 0..<count {
            let key = document.key(entities, index)
            let boundary = index + 1 < count ? document.key(entities, index + 1) : following
            let end: Int? = if let boundary { lineStart(ifFirstOnItsLine: boundary) } else { bytes.count }
            guard let start = lineStart(ifFirstOnItsLine: key), let end else {
                ranges.append(nil)
                continue
            }
            ranges.append(start < end ? start..<end : nil)
        }
    }

    /// Where every line starts, or nil if the text has line breaks other than `\n` and `\r\n` (a
    /// lone `\r`, NEL, LS or PS), which libyaml counts as lines too.
    private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> YAMLLineStarts? {
        guard bytes.isEmpty || YAMLEntitySpans.breaksAreLineFeeds(bytes) else { return nil }
        return YAMLLineStarts(everyLineOf: bytes)
    }
}

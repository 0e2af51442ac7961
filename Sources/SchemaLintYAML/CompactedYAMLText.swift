import SchemaLintCore

/// A model file's text with the entities whose text was read before replaced by one line each:
/// the entity's key followed by a placeholder scalar (`Name: !<!schemalint-reused> _`), so that
/// libyaml parses only what is new. Whole lines are replaced, so columns stay those of the file,
/// and lines map back through `originalLine(_:)`.
package struct CompactedYAMLText {
    /// The tag of a placeholder scalar, as libyaml reports it (a verbatim tag, which `%TAG`
    /// directives cannot change).
    static let placeholderTag = "!schemalint-reused"
    private static let placeholderSuffix = Array(": !<\(placeholderTag)> _\n".utf8)

    /// One replaced entity.
    package struct Replacement {
        /// The 0-based line of the placeholder in the compacted text.
        package var compactedLine: Int
        /// The 0-based lines of the entity in the file (its key's line first).
        package var originalLines: Range<Int>
        /// The entity read before from the same text.
        var entity: Entity
    }

    package private(set) var bytes: [UInt8] = []
    /// In order of their lines.
    package private(set) var replacements: [Replacement] = []

    /// Replaces each span for which `known` gives an entity; nil when it gives none.
    package init?(_ text: UnsafeBufferPointer<UInt8>, spans: [YAMLEntitySpans.Span], known: (YAMLEntitySpans.Span) -> Entity?) {
        var copied = 0
        var removedLines = 0
        for span in spans {
            guard let entity = known(span) else { continue }
            if bytes.isEmpty { bytes.reserveCapacity(text.count / 2) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<span.colon]))
            bytes.append(contentsOf: Self.placeholderSuffix)
            copied = span.bytes.upperBound
            replacements.append(Replacement(compactedLine: span.lines.lowerBound - removedLines, originalLines: span.lines, entity: entity))
            removedLines += span.lines.count - 1
        }
        guard !replacements.isEmpty else { return nil }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
    }

    /// The file's 0-based line for a 0-based line of the compacted text.
    package func originalLine(_ compactedLine: Int) -> Int {
        // The last replacement at or before the line.
        var low = 0
        var high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle].compactedLine <= compactedLine { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return compactedLine }
        let replacement = replacements[low - 1]
        if compactedLine == replacement.compactedLine { return replacement.originalLines.lowerBound }
        // Lines after a placeholder follow the entity's last line.
        return replacement.originalLines.upperBound + (compactedLine - replacement.compactedLine - 1)
    }
}

import SchemaLintCore

/// Where the placeholders of a `CompactedYAMLText` were read, collected from libyaml's events, and
/// the check that each stands where its entity stood: as the value of an entry of the root's
/// block-style `entities` mapping, with its key at the entity's line and column. Anything else (a
/// placeholder read as part of a quoted scalar or flow collection, at another place, a tag other
/// than the placeholders', an alias) means the replacement may have changed the document's meaning,
/// and the file is parsed again from its own bytes.
struct ReusedEntityPlaceholders {
    let compacted: CompactedYAMLText
    /// The 0-based column of the entities' keys.
    let column: Int
    /// Each placeholder scalar read, with its 0-based line in the compacted text, in order.
    private var read: [(node: Int, compactedLine: Int)] = []
    /// Whether each open collection is in flow style.
    private var openCollections: [Bool] = []
    private var flowDepth = 0
    /// Whether a tag other than a placeholder's was read, or a placeholder inside a flow collection.
    private var sawOtherTag = false

    init(compacted: CompactedYAMLText, column: Int) {
        self.compacted = compacted
        self.column = column
        read.reserveCapacity(compacted.replacements.count)
    }

    mutating func scalar(node: Int, tag: String?, compactedLine: Int) {
        guard let tag else { return }
        if tag == CompactedYAMLText.placeholderTag, flowDepth == 0 {
            read.append((node, compactedLine))
        } else {
            sawOtherTag = true
        }
    }

    mutating func startCollection(flow: Bool, tag: String?) {
        if tag != nil { sawOtherTag = true }
        openCollections.append(flow)
        if flow { flowDepth += 1 }
    }

    mutating func endCollection() {
        if openCollections.popLast() == true { flowDepth -= 1 }
    }

    /// The entity of each placeholder's value node, with the placeholders' tags removed from the
    /// document; nil (the document unchanged) unless every placeholder stands where its entity stood.
    func resolve(in document: inout YAMLDocument) -> [Int: Entity]? {
        let replacements = compacted.replacements
        guard !sawOtherTag, !document.hasAliases, read.count == replacements.count,
              document.kind(document.root) == .mapping,
              let entities = document.value(in: document.root, "entities"), document.kind(entities) == .mapping
        else { return nil }
        var keys: [Int: Int] = [:]
        keys.reserveCapacity(read.count)
        for index in 0..<document.entryCount(entities) where document.nodes[document.value(entities, index)].tag >= 0 {
            keys[document.value(entities, index)] = document.key(entities, index)
        }
        var reused: [Int: Entity] = [:]
        reused.reserveCapacity(read.count)
        for (placeholder, replacement) in zip(read, replacements) {
            guard placeholder.compactedLine == replacement.compactedLine, let key = keys[placeholder.node],
                  document.nodes[key].line == replacement.originalLines.lowerBound + 1, document.nodes[key].column == column + 1
            else { return nil }
            reused[placeholder.node] = replacement.entity
        }
        for node in reused.keys { document.nodes[node].tag = -1 }
        document.tags.removeAll()
        return reused
    }
}

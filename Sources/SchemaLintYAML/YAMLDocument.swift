import SchemaLintCore

/// One parsed YAML document in flat arrays: every node a small record without references (kind,
/// style, tag number, line, column, and either a range of the shared text or a range of child
/// numbers), so building, reading and dropping a document costs no reference counting per node.
///
/// Nodes are numbered in the order they complete; a collection's children are consecutive entries
/// of `children` (a mapping's as key, value, key, value ...). An alias is a node of its own that
/// shares the anchored node's text or children, at the alias's position.
package struct YAMLDocument: Sendable {
    enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    struct Node: Sendable {
        /// A scalar's first byte in `text`, or a collection's first entry in `children`.
        var start: UInt32
        /// A scalar's length in bytes, or a collection's number of children.
        var count: UInt32
        /// 1-based.
        var line: UInt32
        /// 1-based, in characters.
        var column: UInt32
        /// An index in `tags`, or -1 without an explicit tag.
        var tag: Int32
        var kind: Kind
        var style: YAMLNode.ScalarStyle
        /// A collection written in flow style (`{...}`, `[...]`).
        var isFlow = false
    }

    /// The name used in locations and errors.
    let file: String
    var nodes: [Node] = []
    var children: [UInt32] = []
    /// Every scalar's text, one after the other (UTF-8).
    var text: [UInt8] = []
    /// Explicit tags in their short form (`!!str`), one entry per tagged node (tags are rare).
    var tags: [String] = []
    /// The root node; set when the document is complete.
    var root = 0
    /// Whether any node is an alias (its value is written elsewhere in the file).
    var hasAliases = false
    /// By the value node of its entry in `entities`: the entities whose text was read before and not
    /// parsed again (`CompactedYAMLText`); the node is a placeholder scalar.
    package var reusedEntities: [Int: Entity] = [:]
    /// Where the file's lines start, as far as the parse that skipped known entities found them
    /// already (`YAMLEntitySpans`); nil otherwise.
    var lineStarts: YAMLLineStarts?

    init(file: String) {
        self.file = file
    }

    // MARK: - Reading a node

    func kind(_ node: Int) -> Kind { nodes[node].kind }

    func location(_ node: Int) -> SourceLocation {
        SourceLocation(file: file, line: Int(nodes[node].line), column: Int(nodes[node].column))
    }

    /// The node's place relative to line `anchorLine` (an entity's key): no file name to keep.
    func location(_ node: Int, relativeToLine anchorLine: Int) -> RelativeLocation {
        RelativeLocation(lineOffset: Int(nodes[node].line) - anchorLine, column: Int(nodes[node].column))
    }

    /// `line:column`, as notes write a position in the same file.
    func position(_ node: Int) -> String { "\(nodes[node].line):\(nodes[node].column)" }

    func tag(_ node: Int) -> String? { nodes[node].tag < 0 ? nil : tags[Int(nodes[node].tag)] }

    /// The scalar's text, or nil for a collection.
    func scalar(_ node: Int) -> String? {
        let record = nodes[node]
        guard record.kind == .scalar else { return nil }
        return text.withUnsafeBufferPointer { all in
            String(decoding: UnsafeBufferPointer(rebasing: all[Int(record.start)..<Int(record.start + record.count)]), as: UTF8.self)
        }
    }

    /// The text of a plain scalar, or nil.
    func plainScalar(_ node: Int) -> String? {
        nodes[node].kind == .scalar && nodes[node].style == .plain ? scalar(node) : nil
    }

    /// Whether the node is a scalar whose text is `expected`.
    func scalar(_ node: Int, is expected: StaticString) -> Bool {
        let record = nodes[node]
        guard record.kind == .scalar, Int(record.count) == expected.utf8CodeUnitCount else { return false }
        return text.withUnsafeBufferPointer { all in
            let start = Int(record.start)
            for offset in 0..<Int(record.count) where all[start + offset] != expected.utf8Start[offset] { return false }
            return true
        }
    }

    /// True for a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    func isNull(_ node: Int) -> Bool {
        let record = nodes[node]
        guard record.kind == .scalar, record.style == .plain, record.tag < 0 else { return false }
        return record.count == 0 || YAMLNode.nullSpellings.contains { scalar(node, is: $0) }
    }

    /// What kind of node this is, for messages: "a mapping", "a list", "a string".
    func kindDescription(_ node: Int) -> String {
        switch nodes[node].kind {
        case .scalar: isNull(node) ? "null" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// A collection's number of entries: items of a sequence, pairs of a mapping (0 for a scalar).
    func entryCount(_ node: Int) -> Int {
        switch nodes[node].kind {
        case .scalar: 0
        case .sequence: Int(nodes[node].count)
        case .mapping: Int(nodes[node].count) / 2
        }
    }

    /// The `index`th item of a sequence.
    func item(_ node: Int, _ index: Int) -> Int { Int(children[Int(nodes[node].start) + index]) }

    /// The key of a mapping's `index`th pair.
    func key(_ node: Int, _ index: Int) -> Int { Int(children[Int(nodes[node].start) + 2 * index]) }

    /// The value of a mapping's `index`th pair.
    func value(_ node: Int, _ index: Int) -> Int { Int(children[Int(nodes[node].start) + 2 * index + 1]) }

    // MARK: - As a tree

    /// The subtree at `node` as `YAMLNode`s (aliases copied, as they read).
    func tree(_ node: Int) -> YAMLNode {
        let content: YAMLNode.Content
        switch nodes[node].kind {
        case .scalar:
            content = .scalar(scalar(node)!, nodes[node].style)
        case .sequence:
            var items: [YAMLNode] = []
            items.reserveCapacity(entryCount(node))
            for index in 0..<entryCount(node) { items.append(tree(item(node, index))) }
            content = .sequence(items)
        case .mapping:
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            pairs.reserveCapacity(entryCount(node))
            for index in 0..<entryCount(node) { pairs.append((tree(key(node, index)), tree(value(node, index)))) }
            content = .mapping(pairs)
        }
        return YAMLNode(content: content, tag: tag(node), location: location(node))
    }
}

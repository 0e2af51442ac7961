/// Assembles `YAMLNode`s from a document's events in one pass, with an explicit stack instead of
/// recursion, and enforces what the tree must satisfy: unique mapping keys, known aliases, bounded
/// alias expansion and bounded depth.
///
/// Children of every open collection wait in one shared buffer; a collection moves its own
/// children out, into an array of exactly the right size, when it ends.
struct YAMLTreeBuilder: ~Copyable {
    /// An open collection.
    private struct Frame {
        var isMapping: Bool
        var tag: String?
        var anchor: String?
        var location: SourceLocation
        /// Index in `children` of the collection's first child.
        var firstChild: Int
        /// Nodes in the subtree so far, counting the collection itself and expanded aliases.
        var size = 1
        /// The greatest height of a child so far (a scalar has height 0, a collection 1 + its children's).
        var childHeight = 0
        /// For a mapping with many keys: the buffer index of each scalar key, by text.
        var keyIndex: [String: Int]?
    }

    /// An anchored node with the measures an alias to it adds.
    private struct Anchored {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    /// Mappings with fewer keys than this check duplicates by linear search, without a dictionary.
    private static let keyIndexThreshold = 12

    private let limits: YAMLParser.Limits
    /// `limits.maxAliasExpansion`, capped so that subtree sizes cannot overflow `Int`.
    private let maxAliasExpansion: Int
    private var stack: [Frame] = []
    private var children = YAMLPendingNodes()
    private var anchors: [String: Anchored] = [:]
    /// Nodes added by aliases so far.
    private var aliasExpansion = 0
    /// The document's root, once it is complete.
    private(set) var root: YAMLNode?

    init(limits: YAMLParser.Limits) {
        self.limits = limits
        maxAliasExpansion = min(limits.maxAliasExpansion, Int.max / 4)
        stack.reserveCapacity(32)
    }

    mutating func addScalar(
        _ text: consuming String, style: YAMLNode.ScalarStyle, tag: consuming String?, anchor: String?,
        at location: consuming SourceLocation
    ) throws(InputError) {
        let node = YAMLNode(content: .scalar(text, style), tag: tag, location: location)
        guard let anchor else { return try add(node, size: 1, height: 0) }
        anchors[anchor] = Anchored(node: node, size: 1, height: 0)
        try add(node, size: 1, height: 0)
    }

    mutating func addAlias(_ name: String, at location: SourceLocation) throws(InputError) {
        guard let target = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                throw InputError(at: location, "alias '*\(name)' refers to a node that contains it; recursive aliases are not supported")
            }
            throw InputError(at: location, "unknown alias '*\(name)'; no anchor '&\(name)' is defined before it")
        }
        guard target.size <= maxAliasExpansion - aliasExpansion else {
            throw InputError(at: location, "aliases expand to more than \(limits.maxAliasExpansion) nodes (a 'billion laughs' document?)")
        }
        aliasExpansion += target.size
        guard target.height <= limits.maxDepth - stack.count else {
            throw InputError(at: location, Self.depthMessage(limits.maxDepth))
        }
        var node = target.node
        node.location = location
        try add(node, size: target.size, height: target.height)
    }

    mutating func startCollection(
        mapping: Bool, tag: consuming String?, anchor: consuming String?, at location: consuming SourceLocation
    ) throws(InputError) {
        guard stack.count < limits.maxDepth else {
            throw InputError(at: location, Self.depthMessage(limits.maxDepth))
        }
        stack.append(Frame(isMapping: mapping, tag: tag, anchor: anchor, location: location, firstChild: children.count))
    }

    mutating func endCollection() throws(InputError) {
        guard let frame = stack.popLast() else { return }
        let content: YAMLNode.Content = frame.isMapping
            ? .mapping(children.removePairs(from: frame.firstChild))
            : .sequence(children.removeSequence(from: frame.firstChild))
        let node = YAMLNode(content: content, tag: frame.tag, location: frame.location)
        let height = frame.childHeight + 1
        if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size, height: height) }
        try add(node, size: frame.size, height: height)
    }

    /// Adds a complete node to the innermost open collection, or makes it the root.
    private mutating func add(_ node: consuming YAMLNode, size: Int, height: Int) throws(InputError) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        if stack[top].isMapping && (children.count - stack[top].firstChild) % 2 == 0 {
            try checkUnique(key: node, in: top)
        }
        children.append(consume node)
        stack[top].size += size
        stack[top].childHeight = max(stack[top].childHeight, height)
    }

    /// Throws at `key` if the mapping at `stack[top]` already has a key with the same text
    /// (scalars) or the same structure (collections).
    private mutating func checkUnique(key: YAMLNode, in top: Int) throws(InputError) {
        let first = stack[top].firstChild
        guard case .scalar(let text, _) = key.content else {
            for i in stride(from: first, to: children.count, by: 2) where Self.sameValue(children[i], key) {
                throw Self.duplicate(key, first: children[i])
            }
            return
        }
        if stack[top].keyIndex != nil {
            if let i = stack[top].keyIndex![text] { throw Self.duplicate(key, first: children[i]) }
            stack[top].keyIndex![text] = children.count
            return
        }
        for i in stride(from: first, to: children.count, by: 2) {
            if case .scalar(let other, _) = children[i].content, other == text {
                throw Self.duplicate(key, first: children[i])
            }
        }
        let keyCount = (children.count - first) / 2 + 1
        if keyCount >= Self.keyIndexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(keyCount * 2)
            for i in stride(from: first, to: children.count, by: 2) {
                if case .scalar(let other, _) = children[i].content { index[other] = i }
            }
            index[text] = children.count
            stack[top].keyIndex = index
        }
    }

    private static func duplicate(_ key: YAMLNode, first: YAMLNode) -> InputError {
        InputError(
            at: key.location, "duplicate key \(describe(key))",
            notes: ["first declared at \(first.location.line):\(first.location.column)"])
    }

    private static func depthMessage(_ maxDepth: Int) -> String {
        "the document nests deeper than \(maxDepth) levels"
    }

    /// Whether two nodes have the same content: scalars by text, collections element by element.
    /// Recursion is bounded by the depth limit.
    static func sameValue(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        switch (a.content, b.content) {
        case (.scalar(let x, _), .scalar(let y, _)):
            return x == y
        case (.sequence(let x), .sequence(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case (.mapping(let x), .mapping(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameValue($0.key, $1.key) && sameValue($0.value, $1.value) }
        default:
            return false
        }
    }

    /// A key as messages show it: `'name'` for a scalar, a short flow form for a collection.
    static func describe(_ key: YAMLNode) -> String {
        if case .scalar(let text, _) = key.content { return "'\(text)'" }
        var text = ""
        appendFlow(key, to: &text, limit: 60)
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    private static func appendFlow(_ node: YAMLNode, to text: inout String, limit: Int) {
        guard text.utf8.count <= limit else { return }
        switch node.content {
        case .scalar(let value, _):
            text += value
        case .sequence(let items):
            text += "["
            for (i, item) in items.enumerated() {
                if i > 0 { text += ", " }
                appendFlow(item, to: &text, limit: limit)
            }
            text += "]"
        case .mapping(let pairs):
            text += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { text += ", " }
                appendFlow(pair.key, to: &text, limit: limit)
                text += ": "
                appendFlow(pair.value, to: &text, limit: limit)
            }
            text += "}"
        }
    }
}

/// The children of every open collection, innermost last, in one contiguous buffer.
///
/// Nodes are moved in as they complete and moved out, into an array of exactly the right size,
/// when their collection ends: no node is copied, so building a tree costs no reference counting
/// beyond creating its nodes. Noncopyable, so the buffer has exactly one owner.
private struct YAMLPendingNodes: ~Copyable {
    private var base: UnsafeMutablePointer<YAMLNode>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The node at `index` (< `count`), read in place.
    subscript(index: Int) -> YAMLNode {
        unsafeAddress {
            precondition(index >= 0 && index < count)
            return UnsafePointer(base + index)
        }
    }

    mutating func append(_ node: consuming YAMLNode) {
        if count == capacity {
            let grown = UnsafeMutablePointer<YAMLNode>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: consume node)
        count += 1
    }

    /// Removes the nodes from `first` on and returns them in order.
    mutating func removeSequence(from first: Int) -> [YAMLNode] {
        precondition(first >= 0 && first <= count)
        let length = count - first
        guard length > 0 else { return [] }
        let source = base + first
        count = first
        // reserveCapacity + append rather than Array(unsafeUninitializedCapacity:), which looks up
        // the array's type metadata at run time on every call.
        var nodes: [YAMLNode] = []
        nodes.reserveCapacity(length)
        for i in 0..<length { nodes.append((source + i).move()) }
        return nodes
    }

    /// Removes the nodes from `first` on, an even number of them, and returns them as key/value pairs.
    mutating func removePairs(from first: Int) -> [(key: YAMLNode, value: YAMLNode)] {
        precondition(first >= 0 && first <= count && (count - first) % 2 == 0)
        let length = (count - first) / 2
        guard length > 0 else { return [] }
        let source = base + first
        count = first
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        pairs.reserveCapacity(length)
        for pair in 0..<length { pairs.append(((source + 2 * pair).move(), (source + 2 * pair + 1).move())) }
        return pairs
    }
}

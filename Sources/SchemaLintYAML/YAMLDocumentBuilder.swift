import SchemaLintCore

/// Assembles a `YAMLDocument` from a document's events in one pass, with an explicit stack instead
/// of recursion, and enforces what the document must satisfy: unique mapping keys, known aliases,
/// bounded alias expansion and bounded depth.
///
/// Children of every open collection wait in one shared list of node numbers; a collection moves
/// its own children to the document's `children` when it ends.
struct YAMLDocumentBuilder: ~Copyable {
    /// An open collection.
    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var tag: Int32
        var anchor: String?
        var line: UInt32
        var column: UInt32
        /// Index in `pending` of the collection's first child.
        var firstChild: Int
        /// Nodes in the subtree so far, counting the collection itself and expanded aliases.
        var size = 1
        /// The greatest height of a child so far (a scalar has height 0, a collection 1 + its children's).
        var childHeight = 0
        /// For a mapping with many keys: the `pending` index of a scalar key, by a hash of its text.
        var keyIndex: [Int: Int]?
    }

    /// An anchored node with the measures an alias to it adds.
    private struct Anchored {
        var node: Int
        var size: Int
        var height: Int
    }

    /// Mappings with fewer keys than this check duplicates by linear search, without a dictionary.
    private static let keyIndexThreshold = 32

    private let limits: YAMLParser.Limits
    /// `limits.maxAliasExpansion`, capped so that subtree sizes cannot overflow `Int`.
    private let maxAliasExpansion: Int
    private var stack: [Frame] = []
    private var pending: [UInt32] = []
    private var anchors: [String: Anchored] = [:]
    /// Nodes added by aliases so far.
    private var aliasExpansion = 0
    private(set) var document: YAMLDocument
    /// The document's root, once it is complete.
    private(set) var root: Int?

    init(limits: YAMLParser.Limits, file: String, textCapacity: Int) {
        self.limits = limits
        maxAliasExpansion = min(limits.maxAliasExpansion, Int.max / 4)
        document = YAMLDocument(file: file)
        document.text.reserveCapacity(textCapacity)
        stack.reserveCapacity(32)
        pending.reserveCapacity(256)
    }

    /// The finished document; call once `root` is set.
    consuming func finish() -> YAMLDocument {
        var document = self.document
        document.root = root ?? 0
        return document
    }

    mutating func addScalar(
        _ bytes: UnsafeBufferPointer<UInt8>, style: YAMLNode.ScalarStyle, tag: String?, anchor: String?,
        line: UInt32, column: UInt32
    ) throws(InputError) {
        let start = UInt32(truncatingIfNeeded: document.text.count)
        document.text.append(contentsOf: bytes)
        let node = append(YAMLDocument.Node(
            start: start, count: UInt32(truncatingIfNeeded: bytes.count), line: line, column: column,
            tag: intern(tag), kind: .scalar, style: style))
        if let anchor { anchors[anchor] = Anchored(node: node, size: 1, height: 0) }
        try add(node, size: 1, height: 0)
    }

    mutating func addAlias(_ name: String, line: UInt32, column: UInt32) throws(InputError) {
        guard let target = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                throw error(line, column, "alias '*\(name)' refers to a node that contains it; recursive aliases are not supported")
            }
            throw error(line, column, "unknown alias '*\(name)'; no anchor '&\(name)' is defined before it")
        }
        guard target.size <= maxAliasExpansion - aliasExpansion else {
            throw error(line, column, "aliases expand to more than \(limits.maxAliasExpansion) nodes (a 'billion laughs' document?)")
        }
        aliasExpansion += target.size
        document.hasAliases = true
        guard target.height <= limits.maxDepth - stack.count else {
            throw error(line, column, Self.depthMessage(limits.maxDepth))
        }
        var copy = document.nodes[target.node]
        copy.line = line
        copy.column = column
        try add(append(copy), size: target.size, height: target.height)
    }

    mutating func startCollection(mapping: Bool, flow: Bool, tag: String?, anchor: String?, line: UInt32, column: UInt32) throws(InputError) {
        guard stack.count < limits.maxDepth else {
            throw error(line, column, Self.depthMessage(limits.maxDepth))
        }
        stack.append(Frame(isMapping: mapping, isFlow: flow, tag: intern(tag), anchor: anchor, line: line, column: column, firstChild: pending.count))
    }

    mutating func endCollection() throws(InputError) {
        guard let frame = stack.popLast() else { return }
        let start = UInt32(truncatingIfNeeded: document.children.count)
        let count = pending.count - frame.firstChild
        document.children.append(contentsOf: pending[frame.firstChild...])
        pending.removeLast(count)
        let node = append(YAMLDocument.Node(
            start: start, count: UInt32(truncatingIfNeeded: count), line: frame.line, column: frame.column,
            tag: frame.tag, kind: frame.isMapping ? .mapping : .sequence, style: .plain, isFlow: frame.isFlow))
        let height = frame.childHeight + 1
        if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size, height: height) }
        try add(node, size: frame.size, height: height)
    }

    private mutating func append(_ node: YAMLDocument.Node) -> Int {
        document.nodes.append(node)
        return document.nodes.count - 1
    }

    private mutating func intern(_ tag: String?) -> Int32 {
        guard let tag else { return -1 }
        document.tags.append(tag)
        return Int32(document.tags.count - 1)
    }

    /// Adds a complete node to the innermost open collection, or makes it the root.
    private mutating func add(_ node: Int, size: Int, height: Int) throws(InputError) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        if stack[top].isMapping && (pending.count - stack[top].firstChild) % 2 == 0 {
            try checkUnique(key: node, in: top)
        }
        pending.append(UInt32(truncatingIfNeeded: node))
        stack[top].size += size
        stack[top].childHeight = max(stack[top].childHeight, height)
    }

    /// Throws at `key` if the mapping at `stack[top]` already has a key with the same text
    /// (scalars) or the same structure (collections).
    private mutating func checkUnique(key: Int, in top: Int) throws(InputError) {
        let first = stack[top].firstChild
        guard document.kind(key) == .scalar else {
            for i in stride(from: first, to: pending.count, by: 2) where sameValue(Int(pending[i]), key) {
                throw duplicate(key, first: Int(pending[i]))
            }
            return
        }
        if stack[top].keyIndex != nil {
            let hash = textHash(key)
            if let i = stack[top].keyIndex![hash] {
                if sameText(Int(pending[i]), key) { throw duplicate(key, first: Int(pending[i])) }
                // Two texts with one hash: rare enough for a linear search.
                try checkUniqueScalar(key, from: first)
            } else {
                stack[top].keyIndex![hash] = pending.count
            }
            return
        }
        try checkUniqueScalar(key, from: first)
        let keyCount = (pending.count - first) / 2 + 1
        if keyCount >= Self.keyIndexThreshold {
            var index: [Int: Int] = [:]
            index.reserveCapacity(keyCount * 2)
            for i in stride(from: first, to: pending.count, by: 2) where document.kind(Int(pending[i])) == .scalar {
                index[textHash(Int(pending[i]))] = i
            }
            index[textHash(key)] = pending.count
            stack[top].keyIndex = index
        }
    }

    /// Throws if a scalar key of the open mapping from `first` on has the text of `key`.
    private func checkUniqueScalar(_ key: Int, from first: Int) throws(InputError) {
        for i in stride(from: first, to: pending.count, by: 2) where sameText(Int(pending[i]), key) {
            throw duplicate(key, first: Int(pending[i]))
        }
    }

    /// Whether two nodes are scalars with the same text.
    private func sameText(_ a: Int, _ b: Int) -> Bool {
        let x = document.nodes[a], y = document.nodes[b]
        guard x.kind == .scalar, y.kind == .scalar, x.count == y.count else { return false }
        if x.start == y.start { return true }
        return document.text.withUnsafeBufferPointer { text in
            let p = text.baseAddress! + Int(x.start), q = text.baseAddress! + Int(y.start)
            for offset in 0..<Int(x.count) where p[offset] != q[offset] { return false }
            return true
        }
    }

    /// FNV-1a of the scalar's text: cheap for short keys, and only used to find candidates
    /// (equal texts are still compared byte by byte).
    private func textHash(_ node: Int) -> Int {
        let record = document.nodes[node]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        document.text.withUnsafeBufferPointer { text in
            for offset in Int(record.start)..<Int(record.start + record.count) {
                hash = (hash ^ UInt64(text[offset])) &* 0x100_0000_01b3
            }
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// Whether two nodes have the same content: scalars by text, collections element by element.
    /// Recursion is bounded by the depth limit.
    private func sameValue(_ a: Int, _ b: Int) -> Bool {
        let x = document.nodes[a], y = document.nodes[b]
        guard x.kind == y.kind else { return false }
        switch x.kind {
        case .scalar:
            return sameText(a, b)
        case .sequence, .mapping:
            guard x.count == y.count else { return false }
            for offset in 0..<Int(x.count)
            where !sameValue(Int(document.children[Int(x.start) + offset]), Int(document.children[Int(y.start) + offset])) {
                return false
            }
            return true
        }
    }

    private func duplicate(_ key: Int, first: Int) -> InputError {
        InputError(
            at: document.location(key), "duplicate key \(describe(key))",
            notes: ["first declared at \(document.position(first))"])
    }

    private func error(_ line: UInt32, _ column: UInt32, _ message: String) -> InputError {
        InputError(file: document.file, line: Int(line), column: Int(column), message: message)
    }

    private static func depthMessage(_ maxDepth: Int) -> String {
        "the document nests deeper than \(maxDepth) levels"
    }

    /// A key as messages show it: `'name'` for a scalar, a short flow form for a collection.
    private func describe(_ key: Int) -> String {
        if let text = document.scalar(key) { return "'\(text)'" }
        var text = ""
        appendFlow(key, to: &text, limit: 60)
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    private func appendFlow(_ node: Int, to text: inout String, limit: Int) {
        guard text.utf8.count <= limit else { return }
        switch document.kind(node) {
        case .scalar:
            text += document.scalar(node)!
        case .sequence:
            text += "["
            for index in 0..<document.entryCount(node) {
                if index > 0 { text += ", " }
                appendFlow(document.item(node, index), to: &text, limit: limit)
            }
            text += "]"
        case .mapping:
            text += "{"
            for index in 0..<document.entryCount(node) {
                if index > 0 { text += ", " }
                appendFlow(document.key(node, index), to: &text, limit: limit)
                text += ": "
                appendFlow(document.value(node, index), to: &text, limit: limit)
            }
            text += "}"
        }
    }
}

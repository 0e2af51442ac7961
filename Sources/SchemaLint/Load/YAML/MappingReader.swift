/// Typed, position-aware access to one YAML mapping, for decoding the model format.
/// Every mistake becomes an `InputError` at the offending node.
struct MappingReader {
    let node: YAMLNode
    let pairs: [(key: YAMLNode, value: YAMLNode)]
    /// What the mapping is, for messages: "attribute 'Note.title'".
    let subject: String

    init(_ node: YAMLNode, subject: String) throws(InputError) {
        guard case .mapping(let pairs) = node.content else {
            throw InputError(at: node.location, "\(subject) must be a mapping, found \(node.kindDescription)")
        }
        self.node = node
        self.pairs = pairs
        self.subject = subject
    }

    /// Rejects keys not in `allowed`, with a "did you mean" for near misses.
    func rejectUnknownKeys(allowed: [String]) throws(InputError) {
        for (key, _) in pairs {
            let name = key.scalar ?? ""
            if !allowed.contains(name) {
                throw InputError(
                    at: key.location,
                    "unknown key '\(name)' in \(subject)\(Spelling.didYouMean(name, among: allowed))"
                )
            }
        }
    }

    func value(_ key: String) -> YAMLNode? {
        for pair in pairs where pair.key.scalar == key { return pair.value }
        return nil
    }

    func keyLocation(_ key: String) -> SourceLocation? {
        for pair in pairs where pair.key.scalar == key { return pair.key.location }
        return nil
    }

    func required(_ key: String) throws(InputError) -> YAMLNode {
        guard let value = value(key) else {
            throw InputError(at: node.location, "\(subject) is missing the required key '\(key)'")
        }
        return value
    }

    func string(_ key: String) throws(InputError) -> String? {
        guard let value = value(key), !value.isNull else { return nil }
        return try ScalarReader.string(value, for: "'\(key)' of \(subject)")
    }

    func bool(_ key: String) throws(InputError) -> Bool? {
        guard let value = value(key) else { return nil }
        return try ScalarReader.bool(value, for: "'\(key)' of \(subject)")
    }

    func int(_ key: String) throws(InputError) -> Int? {
        guard let value = value(key) else { return nil }
        return try ScalarReader.int(value, for: "'\(key)' of \(subject)")
    }

    /// Calls `body` with each entry of the mapping (key text, key node, value) in document order,
    /// without copying them into a list; keys must be scalars, and all are checked before the first call.
    static func forEachEntry(
        of node: YAMLNode, subject: String, _ body: (_ name: String, _ key: YAMLNode, _ value: YAMLNode) throws(InputError) -> Void
    ) throws(InputError) {
        if node.isNull { return }
        let reader = try MappingReader(node, subject: subject)
        for index in reader.pairs.indices where reader.pairs[index].key.scalar == nil {
            let key = reader.pairs[index].key
            throw InputError(at: key.location, "keys of \(subject) must be names, found \(key.kindDescription)")
        }
        for index in reader.pairs.indices {
            guard case .scalar(let name, _) = reader.pairs[index].key.content else { continue }
            try body(name, reader.pairs[index].key, reader.pairs[index].value)
        }
    }

    /// The mapping's entries as (key text, key node, value) in document order; keys must be scalars.
    static func entries(of node: YAMLNode, subject: String) throws(InputError) -> [(name: String, key: YAMLNode, value: YAMLNode)] {
        if node.isNull { return [] }
        let reader = try MappingReader(node, subject: subject)
        var result: [(name: String, key: YAMLNode, value: YAMLNode)] = []
        result.reserveCapacity(reader.pairs.count)
        for (key, value) in reader.pairs {
            guard let name = key.scalar else {
                throw InputError(at: key.location, "keys of \(subject) must be names, found \(key.kindDescription)")
            }
            result.append((name, key, value))
        }
        return result
    }
}

/// Reads scalars as the type the format expects, rejecting anything else at its position.
enum ScalarReader {
    static func string(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> String {
        guard let text = node.scalar else {
            throw InputError(at: node.location, "\(what()) must be a string, found \(node.kindDescription)")
        }
        return text
    }

    static func bool(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> Bool {
        if case .scalar(let text, .plain) = node.content {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        let found = node.scalar.map { "'\($0)'" } ?? node.kindDescription
        throw InputError(at: node.location, "\(what()) must be true or false, found \(found)")
    }

    static func int(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> Int {
        if case .scalar(let text, .plain) = node.content, let value = Int(text), value >= 0 {
            return value
        }
        let found = node.scalar.map { "'\($0)'" } ?? node.kindDescription
        throw InputError(at: node.location, "\(what()) must be a whole number, found \(found)")
    }

    /// A name of an entity or property: letters, digits and underscores, not starting with a digit.
    static func name(_ node: YAMLNode, text: String, kind: String) throws(InputError) -> String {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { throw invalidName(node, text, kind) }
        while let byte = bytes.next() {
            guard isLetter(byte) || isDigit(byte) else { throw invalidName(node, text, kind) }
        }
        return text
    }

    private static func invalidName(_ node: YAMLNode, _ text: String, _ kind: String) -> InputError {
        InputError(at: node.location, "'\(text)' is not a valid \(kind) name (use letters, digits and '_', not starting with a digit)")
    }

    /// A list of scalars (`[a, b]`).
    static func stringList(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> [(String, SourceLocation)] {
        guard case .sequence(let items) = node.content else {
            throw InputError(at: node.location, "\(what()) must be a list, found \(node.kindDescription)")
        }
        var result: [(String, SourceLocation)] = []
        for item in items { result.append((try string(item, for: "each item of \(what())"), item.location)) }
        return result
    }
}

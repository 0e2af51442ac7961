import SchemaLintCore

/// Typed, position-aware access to one YAML mapping, for decoding the model format.
/// Every mistake becomes an `InputError` at the offending node.
package struct MappingReader {
    let node: YAMLNode
    let pairs: [(key: YAMLNode, value: YAMLNode)]
    /// What the mapping is, for messages: "attribute 'Note.title'".
    let subject: String

    package init(_ node: YAMLNode, subject: String) throws(InputError) {
        guard case .mapping(let pairs) = node.content else {
            throw InputError(at: node.location, "\(subject) must be a mapping, found \(node.kindDescription)")
        }
        self.node = node
        self.pairs = pairs
        self.subject = subject
    }

    /// Rejects keys not in `allowed`, with a "did you mean" for near misses.
    package func rejectUnknownKeys(allowed: [String]) throws(InputError) {
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

    package func value(_ key: String) -> YAMLNode? {
        for pair in pairs where pair.key.scalar == key { return pair.value }
        return nil
    }

    package func keyLocation(_ key: String) -> SourceLocation? {
        for pair in pairs where pair.key.scalar == key { return pair.key.location }
        return nil
    }

    package func required(_ key: String) throws(InputError) -> YAMLNode {
        guard let value = value(key) else {
            throw InputError(at: node.location, "\(subject) is missing the required key '\(key)'")
        }
        return value
    }

    package func string(_ key: String) throws(InputError) -> String? {
        guard let value = value(key), !value.isNull else { return nil }
        return try ScalarReader.string(value, for: "'\(key)' of \(subject)")
    }

    func bool(_ key: String) throws(InputError) -> Bool? {
        guard let value = value(key) else { return nil }
        return try ScalarReader.bool(value, for: "'\(key)' of \(subject)")
    }

    package func int(_ key: String) throws(InputError) -> Int? {
        guard let value = value(key) else { return nil }
        return try ScalarReader.int(value, for: "'\(key)' of \(subject)")
    }

    /// The mapping's entries as (key text, key node, value) in document order; keys must be scalars.
    package static func entries(of node: YAMLNode, subject: String) throws(InputError) -> [(name: String, key: YAMLNode, value: YAMLNode)] {
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
package enum ScalarReader {
    package static func string(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> String {
        guard let text = node.scalar else {
            throw InputError(at: node.location, "\(what()) must be a string, found \(node.kindDescription)")
        }
        return text
    }

    package static func bool(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> Bool {
        if case .scalar(let text, .plain) = node.content, let value = boolValue(text) { return value }
        throw InputError(at: node.location, "\(what()) must be true or false, found \(found(node.scalar, node.kindDescription))")
    }

    package static func int(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> Int {
        if case .scalar(let text, .plain) = node.content, let value = wholeNumber(text) { return value }
        throw InputError(at: node.location, "\(what()) must be a whole number, found \(found(node.scalar, node.kindDescription))")
    }

    // MARK: - Shared with the model decoder, which reads a `YAMLDocument`

    /// The value of a plain scalar read as a Boolean, or nil.
    static func boolValue(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// The value of a plain scalar read as a whole number (0 or more), or nil.
    static func wholeNumber(_ text: String) -> Int? {
        guard let value = Int(text), value >= 0 else { return nil }
        return value
    }

    /// What a message says was found instead: the scalar in quotes, or the kind of node.
    static func found(_ scalar: String?, _ kind: @autoclosure () -> String) -> String {
        scalar.map { "'\($0)'" } ?? kind()
    }

    /// Letters, digits and underscores, not starting with a digit.
    static func isName(_ text: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            guard isLetter(byte) || isDigit(byte) else { return false }
        }
        return true
    }

    static func invalidName(at location: SourceLocation, _ text: String, _ kind: String) -> InputError {
        InputError(at: location, "'\(text)' is not a valid \(kind) name (use letters, digits and '_', not starting with a digit)")
    }

    /// A list of scalars (`[a, b]`).
    package static func stringList(_ node: YAMLNode, for what: @autoclosure () -> String) throws(InputError) -> [(String, SourceLocation)] {
        guard case .sequence(let items) = node.content else {
            throw InputError(at: node.location, "\(what()) must be a list, found \(node.kindDescription)")
        }
        var result: [(String, SourceLocation)] = []
        for item in items { result.append((try string(item, for: "each item of \(what())"), item.location)) }
        return result
    }
}

import SchemaLintCore

/// Typed, position-aware reading of a `YAMLDocument`'s nodes, for decoding the model format: the
/// same checks and messages as `MappingReader` and `ScalarReader` give for `YAMLNode`s.
extension YAMLDocument {
    /// Throws unless `node` is a mapping.
    func requireMapping(_ node: Int, subject: @autoclosure () -> String) throws(InputError) {
        guard kind(node) == .mapping else {
            throw InputError(at: location(node), "\(subject()) must be a mapping, found \(kindDescription(node))")
        }
    }

    /// The value of the mapping's first pair whose key is the scalar `key`.
    func value(in mapping: Int, _ key: StaticString) -> Int? {
        for index in 0..<entryCount(mapping) where scalar(self.key(mapping, index), is: key) { return value(mapping, index) }
        return nil
    }

    /// The key node of the mapping's first pair whose key is the scalar `key`.
    func keyNode(in mapping: Int, _ key: StaticString) -> Int? {
        for index in 0..<entryCount(mapping) where scalar(self.key(mapping, index), is: key) { return self.key(mapping, index) }
        return nil
    }

    /// Calls `body` with each entry of the mapping (key text, key node, value) in document order;
    /// keys must be scalars, and all are checked before the first call. A null is an empty mapping.
    func forEachEntry(
        of node: Int, subject: @autoclosure () -> String,
        _ body: (_ name: String, _ key: Int, _ value: Int) throws(InputError) -> Void
    ) throws(InputError) {
        if isNull(node) { return }
        try requireMapping(node, subject: subject())
        for index in 0..<entryCount(node) where kind(self.key(node, index)) != .scalar {
            let key = self.key(node, index)
            throw InputError(at: location(key), "keys of \(subject()) must be names, found \(kindDescription(key))")
        }
        for index in 0..<entryCount(node) {
            let key = self.key(node, index)
            try body(scalar(key)!, key, value(node, index))
        }
    }

    func string(_ node: Int, for what: @autoclosure () -> String) throws(InputError) -> String {
        guard let text = scalar(node) else {
            throw InputError(at: location(node), "\(what()) must be a string, found \(kindDescription(node))")
        }
        return text
    }

    func bool(_ node: Int, for what: @autoclosure () -> String) throws(InputError) -> Bool {
        if let text = plainScalar(node), let value = ScalarReader.boolValue(text) { return value }
        throw InputError(at: location(node), "\(what()) must be true or false, found \(ScalarReader.found(scalar(node), kindDescription(node)))")
    }

    func int(_ node: Int, for what: @autoclosure () -> String) throws(InputError) -> Int {
        if let text = plainScalar(node), let value = ScalarReader.wholeNumber(text) { return value }
        throw InputError(at: location(node), "\(what()) must be a whole number, found \(ScalarReader.found(scalar(node), kindDescription(node)))")
    }

    /// Throws unless `text`, the scalar `node`, is a valid name of a `kind` (entity, attribute ...).
    func checkName(_ node: Int, text: String, kind: String) throws(InputError) {
        guard ScalarReader.isName(text) else { throw ScalarReader.invalidName(at: location(node), text, kind) }
    }

    /// A list of scalars (`[a, b]`).
    func stringList(_ node: Int, for what: @autoclosure () -> String) throws(InputError) -> [String] {
        guard kind(node) == .sequence else {
            throw InputError(at: location(node), "\(what()) must be a list, found \(kindDescription(node))")
        }
        var result: [String] = []
        result.reserveCapacity(entryCount(node))
        for index in 0..<entryCount(node) { result.append(try string(item(node, index), for: "each item of \(what())")) }
        return result
    }
}

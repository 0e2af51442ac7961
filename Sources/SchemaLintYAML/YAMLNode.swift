import SchemaLintCore

/// A YAML node with the position of its first character, built from libyaml's events.
/// Aliases are resolved to the anchored node (bounded: see `YAMLParser.Limits`).
package struct YAMLNode: Sendable {
    package enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    package enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        /// Key/value pairs in document order; keys are unique (duplicates are a parse error).
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    package var content: Content
    /// An explicit tag (`!!str`, `!custom`), if written.
    package var tag: String?
    package var location: SourceLocation

    package init(content: Content, tag: String? = nil, location: SourceLocation) {
        self.content = content
        self.tag = tag
        self.location = location
    }

    /// The scalar's text, or nil for a collection.
    package var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    package var isNull: Bool {
        if case .scalar(let text, .plain) = content, tag == nil {
            return text.isEmpty || Self.nullSpellings.contains { text == $0.description }
        }
        return false
    }

    /// The texts of a plain, untagged scalar that YAML reads as null, besides nothing.
    static let nullSpellings: [StaticString] = ["~", "null", "Null", "NULL"]

    /// What kind of node this is, for messages: "a mapping", "a list", "a string".
    package var kindDescription: String {
        switch content {
        case .scalar: isNull ? "null" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

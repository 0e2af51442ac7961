import SchemaLintCore

/// A YAML node with the position of its first character, built from libyaml's events.
/// Aliases are resolved to the anchored node (bounded: see `YAMLParser.Limits`).
public struct YAMLNode: Sendable {
    public enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        /// Key/value pairs in document order; keys are unique (duplicates are a parse error).
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public var content: Content
    /// An explicit tag (`!!str`, `!custom`), if written.
    public var tag: String?
    public var location: SourceLocation

    public init(content: Content, tag: String? = nil, location: SourceLocation) {
        self.content = content
        self.tag = tag
        self.location = location
    }

    /// The scalar's text, or nil for a collection.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    public var isNull: Bool {
        if case .scalar(let text, .plain) = content, tag == nil {
            return text.isEmpty || Self.nullSpellings.contains { text == $0.description }
        }
        return false
    }

    /// The texts of a plain, untagged scalar that YAML reads as null, besides nothing.
    static let nullSpellings: [StaticString] = ["~", "null", "Null", "NULL"]

    /// What kind of node this is, for messages: "a mapping", "a list", "a string".
    public var kindDescription: String {
        switch content {
        case .scalar: isNull ? "null" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

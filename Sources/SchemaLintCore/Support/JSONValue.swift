/// A JSON document built in code and printed deterministically: the same value always gives the same bytes.
///
/// Object members keep the order they were built in (reporters use a fixed, documented key order);
/// build from a Swift dictionary with ``init(sortingKeys:)`` to get keys sorted instead.
/// Keys within one object must be unique. Only integers are supported as numbers, which keeps the
/// printed form exact on every platform.
///
/// ```swift
/// let value: JSONValue = ["id": "attribute-removed", "line": 12, "tags": ["removal"]]
/// value.rendered()            // pretty, two-space indent
/// value.rendered(.compact)    // {"id":"attribute-removed","line":12,"tags":["removal"]}
/// ```
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    /// Members in output order.
    case object([Member])

    /// One `"key": value` pair of an object.
    package struct Member: Hashable, Sendable {
        var key: String
        var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// How ``rendered(_:)`` lays the document out.
    package enum Style: Sendable {
        /// One member or element per line, two-space indent, `"key": value`; empty containers as `[]` and `{}`.
        case pretty
        /// No whitespace at all.
        case compact
    }

    /// An object with the members of `dictionary`, keys sorted by their Unicode scalars.
    package init(sortingKeys dictionary: [String: JSONValue]) {
        self = .object(dictionary.sorted { $0.key < $1.key }.map { Member($0.key, $0.value) })
    }

    /// An object with the given members in the given order, leaving out those whose value is nil.
    package static func object(omittingNils members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(members.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// An array of strings.
    package static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// The document as text, without a trailing newline.
    package func rendered(_ style: Style = .pretty) -> String {
        var output = ""
        write(to: &output, style: style, depth: 0)
        return output
    }

    private func write(to output: inout String, style: Style, depth: Int) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .integer(let value):
            output += String(value)
        case .string(let value):
            JSONEscaping.appendQuoted(value, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, style: style, depth: depth) { element, output in
                element.write(to: &output, style: style, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, style: style, depth: depth) { member, output in
                JSONEscaping.appendQuoted(member.key, to: &output)
                output += style == .pretty ? ": " : ":"
                member.value.write(to: &output, style: style, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Item>(
        _ items: [Item], open: String, close: String, to output: inout String, style: Style, depth: Int,
        writeItem: (Item, inout String) -> Void
    ) {
        output += open
        guard !items.isEmpty else {
            output += close
            return
        }
        let pretty = style == .pretty
        for (index, item) in items.enumerated() {
            if index > 0 { output += "," }
            if pretty { output += "\n" + String(repeating: "  ", count: depth + 1) }
            writeItem(item, &output)
        }
        if pretty { output += "\n" + String(repeating: "  ", count: depth) }
        output += close
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Members in the order written.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}

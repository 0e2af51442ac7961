import SchemaLintCore

/// Items named in a sentence: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`, `'a', 'b', 'c' and 2 more`.
enum EnglishList {
    static func join(_ items: [String], limit: Int = .max) -> String {
        if items.count > limit { return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more" }
        guard items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}

/// Suppression comments in app code (Swift, Objective-C): `// schemalint:ignore <rule-id> -- <reason>`
/// on the finding's line or the line above, as `# schemalint:ignore` in YAML model files.
package enum CodeCommentSuppression {
    /// Whether a comment's text may be a suppression (a cheap test before `parse`).
    package static func mentionsMarker(_ comment: String) -> Bool { comment.contains("schemalint:ignore") }

    /// The suppression a line comment holds, nil for another comment. `comment` is the whole
    /// comment (`// schemalint:ignore ...`); a malformed suppression is an input error.
    package static func parse(_ comment: String, at location: SourceLocation) throws(InputError) -> Suppression? {
        guard comment.hasPrefix("//") else { return nil }
        var text = comment.dropFirst(2)
        if text.hasPrefix("/") { text = text.dropFirst() }
        return try SuppressionScanner.parse(String(text), at: location, marker: "//")
    }
}

import SchemaLintCore

/// A rule about an Xcode model bundle as a whole (its current version, its unreadable versions),
/// rather than about the model versions inside it.
package protocol BundleRule: Rule {
    func check(_ bundle: XcodeModelBundle) -> [Finding]
}

extension BundleRule {
    /// A finding of this rule about `bundle`, at the start of `file`.
    func finding(_ bundle: XcodeModelBundle, file: String, version: String, message: String, notes: [Finding.Note] = [], suggestions: [String] = []) -> Finding {
        let synced = bundle.versions.contains(where: \.hasSyncedEntities)
        return Finding(
            ruleID: descriptor.id, severity: descriptor.severity(synced: synced) ?? .note, message: message,
            location: SourceLocation(file: file, line: 1, column: 1), model: bundle.name,
            baseline: nil, version: version, path: nil, notes: notes, suggestions: suggestions
        )
    }
}

extension BundleRule {
    package func add(to kinds: inout RuleKinds) {
        kinds.bundle.append(self)
    }
}

import Foundation
@testable import SchemaLint

/// Hand-built findings with text that every format must escape: `% : ,` for workflow commands,
/// `| ` and line breaks for Markdown tables, `& < > " '` and control characters for XML, non-ASCII
/// text, a path that needs percent-encoding, two findings with the same identity, and a rule with no
/// descriptor.
enum ReporterFixtures {
    static let rules: [String: RuleDescriptor] = [
        "attribute-removed": RuleDescriptor(
            id: "attribute-removed", category: .removal, synced: .error, local: .warning,
            summary: "An attribute disappears while older app versions still read it"
        ),
        "entity-renamed": RuleDescriptor(
            id: "entity-renamed", category: .rename, synced: .warning, local: .warning,
            summary: "An entity is renamed without a renaming identifier."
        ),
        "attribute-added": RuleDescriptor(
            id: "attribute-added", category: .addition, synced: .note, local: nil,
            summary: "A new attribute is added"
        ),
        "relationship-removed": RuleDescriptor(
            id: "relationship-removed", category: .removal, synced: .error, local: .error,
            summary: "A relationship disappears"
        ),
    ]

    static let v3 = "models/notes/v3.yaml"
    static let v2 = "models/notes/v2.yaml"
    static let spaced = "models/notes dir/v3 ü,x:y.yaml"

    static let removed = Finding(
        ruleID: "attribute-removed", severity: .error,
        message: #"Attribute 'title' was removed: 100% of "Note" rows, <b>bold</b> & a|b, ok"#,
        location: SourceLocation(file: v3, line: 12, column: 5), model: "Notes",
        baseline: "2", version: "3", path: ElementPath(entity: "Note", member: "title"),
        notes: [.init("declared here, in v2: 'title'", at: SourceLocation(file: v2, line: 8, column: 7))],
        suggestions: ["restore 'title' | mark it transient", "add renamingIdentifier: \"title\""]
    )
    /// Same identity as ``removed`` (same rule, model and element), reported at another place.
    static let removedAgain = Finding(
        ruleID: "attribute-removed", severity: .error, message: "Attribute 'title' was removed again",
        location: SourceLocation(file: v3, line: 40, column: 3), model: "Notes",
        baseline: "2", version: "3", path: ElementPath(entity: "Note", member: "title")
    )
    static let renamed = Finding(
        ruleID: "entity-renamed", severity: .warning,
        message: "Entity renamed:\nline two, ünïcödé 🚀\r\nline three\twith tab",
        location: SourceLocation(file: v3, line: 3, column: 3), model: "Notes",
        baseline: "2", version: "3", path: ElementPath(entity: "Memo"),
        notes: [.init("older name was 'Note' (no location)")]
    )
    static let added = Finding(
        ruleID: "attribute-added", severity: .note,
        message: "New attribute with control \u{1}char and 'quotes' & <tags>",
        location: SourceLocation(file: spaced, line: 1, column: 1), model: "Notes",
        baseline: nil, version: "3", path: nil,
        suggestions: ["give it a default value"]
    )
    /// A rule the result has no descriptor for.
    static let mystery = Finding(
        ruleID: "mystery-rule", severity: .warning, message: "Something odd",
        location: SourceLocation(file: v2, line: 2, column: 1), model: "Notes",
        baseline: nil, version: "2", path: ElementPath(entity: "Note")
    )

    static let findings = [removed, removedAgain, renamed, added, mystery]

    static let result = LintResult(findings: findings, modelCount: 1, versionCount: 3, rules: rules)
    static let empty = LintResult(findings: [], modelCount: 2, versionCount: 5, rules: rules)

    /// Parses JSON text with Foundation, as a consumer would.
    static func parseJSON(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}

import SchemaLintCore

/// `entity-renamed`, `attribute-renamed`, `relationship-renamed`: a declared rename, which
/// lightweight migration handles locally but CloudKit sees as a new record type or field.
struct ElementRenamedRule: ChangeRule {
    let descriptor: RuleDescriptor
    let kinds: Set<Change.Kind>

    static let entity = ElementRenamedRule(
        id: "entity-renamed", kind: .entityRenamed,
        summary: "An entity was renamed: CloudKit sees a new record type that older apps never read or write."
    )
    package static let attribute = ElementRenamedRule(
        id: "attribute-renamed", kind: .attributeRenamed,
        summary: "An attribute was renamed: CloudKit sees a new field that older apps never write."
    )
    static let relationship = ElementRenamedRule(
        id: "relationship-renamed", kind: .relationshipRenamed,
        summary: "A relationship was renamed: CloudKit sees a new link that older apps never write."
    )

    private init(id: String, kind: Change.Kind, summary: String) {
        descriptor = RuleDescriptor(id: id, category: .rename, synced: .error, local: nil, summary: summary)
        kinds = [kind]
    }

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old, let new = change.new else { return [] }
        if let relationship = new.relationship, comparison.isStoredOnTheOtherSide(relationship) { return [] }
        var what = "\(old.kind) '\(change.oldPath ?? change.path)' was renamed to '\(new.name)'"
        var notes: [Finding.Note] = []
        // A link renamed at both ends is one rename: reported once (at the end CloudKit stores, or
        // the one whose path sorts first), naming both.
        if new.relationship != nil, let inverse = comparison.sameChange(atInverseOf: change), let renamed = inverse.new?.relationship {
            if inverse.path < change.path, !comparison.isStoredOnTheOtherSide(renamed) { return [] }
            what += ", and its inverse '\(inverse.oldPath ?? inverse.path)' to '\(renamed.name)'"
            notes.append(Finding.Note("'\(inverse.path)' as \(comparison.version.displayName) declares it", at: inverse.location))
        }
        let consequence: String
        switch new {
        case .entity:
            let root = comparison.version.rootEntity(of: new.name)
            consequence = root == new.name
                ? "CloudKit stores its records as a new record type CD_\(new.name) that \(comparison.olderApps) never read, while they keep writing CD_\(old.name)"
                : "its records are tagged CD_entityName '\(new.name)', which \(comparison.olderApps) do not know"
        case .attribute:
            consequence = "CloudKit stores it in a new field CD_\(new.name) that \(comparison.olderApps) never write, while they keep writing CD_\(old.name)"
        case .relationship:
            consequence = "CloudKit stores the link under the new name, which \(comparison.olderApps) never write, while they keep writing CD_\(old.name)"
        }
        let suggestions = Suggestions(comparison: comparison, change: change)
        return [finding(change, in: comparison, severity: severity, message: "\(what); \(consequence)", notes: notes,
                        suggestions: [suggestions.keepBoth, suggestions.versionAttribute])]
    }
}

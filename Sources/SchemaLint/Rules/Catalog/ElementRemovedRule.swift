/// `entity-removed`, `attribute-removed`, `relationship-removed`: a stored element disappears.
struct ElementRemovedRule: ChangeRule {
    let descriptor: RuleDescriptor
    let kinds: Set<Change.Kind>

    static let entity = ElementRemovedRule(
        id: "entity-removed", kind: .entityRemoved,
        summary: "An entity was removed: its record type stays in CloudKit and older apps keep syncing it."
    )
    static let attribute = ElementRemovedRule(
        id: "attribute-removed", kind: .attributeRemoved,
        summary: "An attribute was removed: its CloudKit field stays and older apps keep writing it."
    )
    static let relationship = ElementRemovedRule(
        id: "relationship-removed", kind: .relationshipRemoved,
        summary: "A relationship was removed: older apps keep writing the link."
    )

    private init(id: String, kind: Change.Kind, summary: String) {
        descriptor = RuleDescriptor(id: id, category: .removal, synced: .error, local: .note, summary: summary)
        kinds = [kind]
    }

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let removed = change.old else { return [] }
        let synced = comparison.isSynced(change)
        // A synced element that was deprecated is deprecated-element-removed's.
        if synced, removed.deprecation != nil { return [] }
        let what = "\(removed.kind) '\(change.oldPath ?? change.path)'"
        let consequence: String
        if synced {
            consequence = removed.entity != nil
                ? "\(comparison.olderApps) keep syncing its records"
                : "\(comparison.olderApps) keep writing it"
        } else {
            consequence = "its stored data is dropped when a store migrates to \(comparison.version.displayName)"
        }
        let suggestions = Suggestions(comparison: comparison, change: change)
        let candidates = comparison.renameCandidates(for: change)
        let notes = candidates.map { candidate in
            Finding.Note(
                "'\(candidate.path)' was added in \(comparison.version.displayName) and looks like '\(removed.name)' renamed; \(suggestions.undeclaredRename(as: candidate.path.member ?? candidate.path.entity))",
                at: candidate.location
            )
        }
        let advice = synced
            ? [suggestions.keepRemoved, suggestions.versionAttribute]
            : candidates.map { suggestions.declareRename(as: $0.path.member ?? $0.path.entity) }
        return [finding(change, in: comparison, severity: severity, message: "\(what) was removed; \(consequence)", notes: notes, suggestions: advice)]
    }
}

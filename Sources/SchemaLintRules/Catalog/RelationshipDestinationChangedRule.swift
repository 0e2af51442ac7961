import SchemaLintCore

/// `relationship-destination-changed`: the relationship now points at another entity.
struct RelationshipDestinationChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "relationship-destination-changed", category: .modification, synced: .error, local: .error,
        summary: "A relationship points to another entity: older apps link to the old one, and migration cannot infer it."
    )
    let kinds: Set<Change.Kind> = [.relationshipDestinationChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.relationship, let new = change.new?.relationship else { return [] }
        let synced = comparison.isSynced(change)
        // One change, one finding: in a synced store whose old destination was removed in this
        // step and the new one added (a class renamed without a renaming identifier), the
        // entity's removal says it. A local store's migration of the link is its own problem.
        if synced, ElementRemovedRule.replaced(old.destination, by: new.destination, in: comparison) { return [] }
        let consequence = synced
            ? "\(comparison.olderApps) keep linking it to '\(old.destination)' records, which this version cannot resolve"
            : "lightweight migration cannot infer a change of destination"
        let suggestions = Suggestions(comparison: comparison, change: change)
        let advice = synced
            ? [suggestions.addReplacement("destination '\(new.destination)'"), suggestions.versionAttribute]
            : [suggestions.stagedMigration]
        return [finding(
            change, in: comparison, severity: severity,
            message: "relationship '\(change.path)' now points to '\(new.destination)' instead of '\(old.destination)'; \(consequence)",
            suggestions: advice
        )]
    }
}

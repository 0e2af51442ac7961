/// `attribute-type-changed`: a deployed CloudKit field cannot change type, and lightweight
/// migration cannot infer a type change.
struct AttributeTypeChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "attribute-type-changed", category: .modification, synced: .error, local: .error,
        summary: "An attribute changed type: CloudKit cannot deploy it and lightweight migration cannot infer it."
    )
    let kinds: Set<Change.Kind> = [.attributeTypeChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.attribute, let new = change.new?.attribute else { return [] }
        let synced = comparison.isSynced(change)
        let consequence = synced
            ? "a field deployed to the CloudKit production schema cannot change type, so this schema cannot be deployed"
            : "lightweight migration cannot infer a type change, so opening a store of \(comparison.baseline.displayName) fails"
        let suggestions = Suggestions(comparison: comparison, change: change)
        let advice = synced
            ? [suggestions.addReplacement("type \(new.type)"), suggestions.versionAttribute]
            : [suggestions.stagedMigration]
        return [finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' changed type from \(old.type) to \(new.type); \(consequence)",
            suggestions: advice
        )]
    }
}

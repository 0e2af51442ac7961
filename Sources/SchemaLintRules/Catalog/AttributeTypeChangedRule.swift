import SchemaLintCore

/// `attribute-type-changed`: a deployed CloudKit field cannot change type, and lightweight
/// migration cannot infer a change that involves a type other than the numeric ones and Boolean.
/// Local changes it can infer are `attribute-type-widened` and `attribute-type-narrowed`.
struct AttributeTypeChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "attribute-type-changed", category: .modification, synced: .error, local: .error,
        summary: "An attribute changed type: CloudKit cannot deploy it, and lightweight migration cannot infer one that involves a type other than numbers and Boolean."
    )
    let kinds: Set<Change.Kind> = [.attributeTypeChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.attribute, let new = change.new?.attribute else { return [] }
        let synced = comparison.isSynced(change)
        // A local conversion lightweight migration infers is reported by the widened or narrowed rule.
        if !synced, TypeConversion.classify(from: old.type, to: new.type).isInferable { return [] }
        let consequence = synced
            ? "a field deployed to the CloudKit production schema cannot change type, so this schema cannot be deployed"
            : "lightweight migration converts only between numeric and Boolean types, so it cannot infer this change and opening a store of \(comparison.baseline.displayName) fails"
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

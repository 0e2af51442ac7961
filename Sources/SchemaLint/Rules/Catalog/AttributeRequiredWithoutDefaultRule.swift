/// `attribute-required-without-default`: an attribute added as, or made, required with no default:
/// existing records and objects have no value for it.
struct AttributeRequiredWithoutDefaultRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "attribute-required-without-default", category: .modification, synced: .error, local: .error,
        summary: "An attribute is added as, or made, required with no default: existing data has no value for it."
    )
    let kinds: Set<Change.Kind> = [.attributeAdded, .attributeOptionalityChanged, .attributeDefaultChanged, .attributeTransienceChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let new = change.new?.attribute, !new.isOptional, new.defaultValue == nil, !new.isTransient, !new.isDerived else { return [] }
        let how: String
        if let old = change.old?.attribute {
            // Reported once: when it became required, lost its default, or became stored.
            guard old.isOptional || old.defaultValue != nil || old.isTransient else { return [] }
            if change.kind == .attributeDefaultChanged && old.isOptional { return [] }
            if change.kind == .attributeOptionalityChanged && old.defaultValue != nil && old.isOptional == false { return [] }
            how = old.isTransient ? "became stored" : old.isOptional ? "became required" : "lost its default"
        } else {
            how = "was added"
        }
        let consequence = comparison.isSynced(change)
            ? "CloudKit requires every attribute to be optional or to have a default, and records from \(comparison.olderApps) have no value for it"
            : "existing objects have no value for it, so lightweight migration fails"
        let fix = "make '\(new.name)' optional, or give it a default value (`default:`)"
        return [finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' \(how) as required with no default; \(consequence)",
            suggestions: [fix]
        )]
    }
}

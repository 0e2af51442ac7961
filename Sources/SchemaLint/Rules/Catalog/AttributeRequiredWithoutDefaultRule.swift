import SchemaLintCore

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
        let synced = comparison.isSynced(change)
        let what: String
        if let old = change.old?.attribute {
            // One finding per attribute, from the most telling of its changes.
            switch change.kind {
            case .attributeTransienceChanged:
                what = "became stored as required with no default"
            case .attributeOptionalityChanged where old.isTransient == new.isTransient:
                what = "became required with no default"
            case .attributeDefaultChanged where old.isTransient == new.isTransient && old.isOptional == new.isOptional:
                // Defaults are not part of the version hash and existing rows keep their values:
                // only CloudKit, which needs a default for every required field, is affected.
                guard synced else { return [] }
                what = "is required and lost its default"
            default:
                return []
            }
        } else {
            what = "was added as required with no default"
        }
        let consequence = synced
            ? "CloudKit requires every attribute to be optional or to have a default, and records from \(comparison.olderApps) have no value for it"
            : "existing objects have no value for it, so lightweight migration fails"
        return [finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' \(what); \(consequence)",
            suggestions: [ModelVocabulary(comparison.version.format).optionalOrDefault(new.name, type: new.type)]
        )]
    }
}

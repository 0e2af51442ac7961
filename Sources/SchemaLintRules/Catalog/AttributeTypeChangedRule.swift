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
        let inferable = TypeConversion.classify(from: old.type, to: new.type).isInferable
        // A local conversion lightweight migration infers is reported by the widened or narrowed rule.
        if !synced, inferable { return [] }
        let local = "lightweight migration converts only between numeric and Boolean types, so it cannot infer this change and opening a store of \(comparison.baseline.displayName) fails"
        // Types that mirror to the same CloudKit field type (Transformable and Binary Data both to
        // BYTES, String and URI to STRING) leave the deployed field as it is: what fails is the
        // local store's migration.
        let keptField = synced && !inferable ? Self.sameField(old, new) : nil
        let consequence = keptField.map { "the CloudKit field CD_\(new.name) stays \($0), so the schema deploys, but \(local)" }
            ?? (synced ? "a field deployed to the CloudKit production schema cannot change type, so this schema cannot be deployed" : local)
        let suggestions = Suggestions(comparison: comparison, change: change)
        let advice = synced && keptField == nil
            ? [suggestions.addReplacement("type \(new.type)"), suggestions.versionAttribute]
            : [suggestions.stagedMigration]
        return [finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' changed type from \(old.type) to \(new.type); \(consequence)",
            suggestions: advice
        )]
    }

    /// The CloudKit field type both attributes mirror to, where it is one and public exports
    /// confirm it (`CloudKitMirror.fieldType(of:)`).
    private static func sameField(_ old: Attribute, _ new: Attribute) -> String? {
        guard let before = CloudKitMirror.fieldType(of: old), let after = CloudKitMirror.fieldType(of: new),
              before.verified, after.verified, before.0 == after.0 else { return nil }
        return "\(after.0)"
    }
}

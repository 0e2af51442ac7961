import SchemaLintCore

/// `attribute-type-widened`: in a local store, a type change that lightweight migration infers
/// and that keeps every value (Integer 16 to Integer 64, Float to Double, Boolean to a number).
/// A synced attribute's type change of any kind is `attribute-type-changed`'s.
struct AttributeTypeWidenedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "attribute-type-widened", category: .modification, synced: nil, local: .note,
        summary: "A local attribute's type widened (say int16 to int64): lightweight migration infers it and keeps every value."
    )
    let kinds: Set<Change.Kind> = [.attributeTypeChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.attribute, let new = change.new?.attribute,
              TypeConversion.classify(from: old.type, to: new.type).kind == .widening
        else { return [] }
        let values = old.type == .boolean ? "keeps every value (false and true become 0 and 1)" : "keeps every value"
        return [finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' widened from \(old.type) to \(new.type); lightweight migration infers the conversion and \(values), rewriting a store of \(comparison.baseline.displayName) when \(comparison.version.displayName) first opens it at launch"
        )]
    }
}

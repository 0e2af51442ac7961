import SchemaLintCore

/// `attribute-type-narrowed`: in a local store, a type change that lightweight migration infers
/// but that may change stored values (Integer 64 to Integer 16, Double to an integer, a number to
/// Boolean, Integer 64 to Double above 2^53). A synced attribute's type change of any kind is
/// `attribute-type-changed`'s.
struct AttributeTypeNarrowedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "attribute-type-narrowed", category: .modification, synced: nil, local: .warning,
        summary: "A local attribute's type narrowed (say int64 to int16): lightweight migration infers it, but some values may change."
    )
    let kinds: Set<Change.Kind> = [.attributeTypeChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.attribute, let new = change.new?.attribute else { return [] }
        let losses = TypeConversion.classify(from: old.type, to: new.type).losses
        guard !losses.isEmpty else { return [] }
        let suggestions = Suggestions(comparison: comparison, change: change)
        return [finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' narrowed from \(old.type) to \(new.type); lightweight migration infers the conversion, but not every stored value survives it: \(Self.clauses(losses))",
            suggestions: ["if stores of \(comparison.baseline.displayName) can hold such values, convert them yourself: \(suggestions.stagedMigration)"]
        )]
    }

    /// "fractional parts are lost, and values outside -32768...32767 do not fit"
    static func clauses(_ losses: [TypeConversion.Loss]) -> String {
        let parts = losses.map(\.description)
        guard parts.count > 1 else { return parts.joined() }
        return parts.dropLast().joined(separator: ", ") + ", and " + parts[parts.count - 1]
    }
}

import SchemaLintCore

/// `delete-rule-changed`: devices on different app versions delete with different rules.
struct DeleteRuleChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "delete-rule-changed", category: .modification, synced: .note, local: nil,
        summary: "A synced relationship's delete rule changed: older apps keep deleting the old way."
    )
    let kinds: Set<Change.Kind> = [.relationshipDeleteRuleChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.relationship, let new = change.new?.relationship else { return [] }
        // Becoming deny in a synced model is an error reported by cloudkit-deny-delete-rule.
        if new.deleteRule == .deny { return [] }
        return [finding(
            change, in: comparison, severity: severity,
            message: "relationship '\(change.path)' changed its delete rule from \(old.deleteRule) to \(new.deleteRule); \(comparison.olderApps) keep deleting with \(old.deleteRule), so deleting the same object has different effects depending on the device",
            suggestions: [new.deleteRule == .cascade || old.deleteRule == .cascade
                ? "make sure code copes with related '\(new.destination)' objects that \(old.deleteRule == .cascade ? "outlive" : "disappear with") the deleted object when the deletion comes from another device"
                : "make sure code copes with both behaviours until apps older than this version are gone"]
        )]
    }
}

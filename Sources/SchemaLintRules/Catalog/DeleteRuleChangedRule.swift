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
        // Both ends changed (a nullify pair become cascade): one change of the link, reported at
        // the end whose path sorts first, naming both.
        var what = "relationship '\(change.path)' changed its delete rule from \(old.deleteRule) to \(new.deleteRule)"
        var keptRules = "\(old.deleteRule)"
        var notes: [Finding.Note] = []
        if let inverse = comparison.sameChange(atInverseOf: change), let inverseOld = inverse.old?.relationship,
           let inverseNew = inverse.new?.relationship, inverseNew.deleteRule != .deny {
            if inverse.path < change.path { return [] }
            what += ", and its inverse '\(inverse.path)' from \(inverseOld.deleteRule) to \(inverseNew.deleteRule)"
            if inverseOld.deleteRule != old.deleteRule { keptRules += " and \(inverseOld.deleteRule)" }
            notes.append(Finding.Note("'\(inverse.path)' as \(comparison.version.displayName) declares it", at: inverse.location))
        }
        return [finding(
            change, in: comparison, severity: severity,
            message: "\(what); \(comparison.olderApps) keep deleting with \(keptRules), so deleting the same object has different effects depending on the device",
            notes: notes,
            suggestions: [new.deleteRule == .cascade || old.deleteRule == .cascade
                ? "make sure code copes with related '\(new.destination)' objects that \(old.deleteRule == .cascade ? "outlive" : "disappear with") the deleted object when the deletion comes from another device"
                : "make sure code copes with both behaviours until apps older than this version are gone"]
        )]
    }
}

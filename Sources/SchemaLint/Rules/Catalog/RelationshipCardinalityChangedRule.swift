import SchemaLintCore

/// `relationship-cardinality-changed`: to-one <-> to-many moves where CloudKit keeps the link.
struct RelationshipCardinalityChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "relationship-cardinality-changed", category: .modification, synced: .error, local: .note,
        summary: "A relationship changed between to-one and to-many: CloudKit keeps the link in another place."
    )
    let kinds: Set<Change.Kind> = [.relationshipCardinalityChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.relationship, let new = change.new?.relationship else { return [] }
        func word(_ relationship: Relationship) -> String { relationship.isToMany ? "to-many" : "to-one" }
        let what = "relationship '\(change.path)' changed from \(word(old)) to \(word(new))"
        let message: String
        var advice: [String] = []
        if comparison.isSynced(change) {
            let manyToMany = new.isToMany && comparison.inverse(of: new)?.isToMany == true
            let whereNow = manyToMany ? "as separate CDMR records (many-to-many)" : new.isToMany ? "on the other side" : "as a field CD_\(new.name) of this record"
            let whereBefore = old.isToMany ? "elsewhere" : "in the field CD_\(old.name) of this record"
            message = "\(what); CloudKit now keeps the link \(whereNow) instead of \(whereBefore), so \(comparison.olderApps) no longer see it"
            let suggestions = Suggestions(comparison: comparison, change: change)
            advice = [suggestions.addReplacement("the new cardinality"), suggestions.versionAttribute]
        } else {
            message = old.isToMany
                ? "\(what); lightweight migration keeps one of the related objects and drops the rest"
                : "\(what); lightweight migration infers it"
        }
        return [finding(change, in: comparison, severity: severity, message: message, suggestions: advice)]
    }
}

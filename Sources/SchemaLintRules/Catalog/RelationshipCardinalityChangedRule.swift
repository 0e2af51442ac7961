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
        // Both ends turned (a one-to-many link the other way round): one change of the link,
        // reported once, at the end whose path sorts first, naming both.
        let turned = comparison.sameChange(atInverseOf: change).flatMap { inverse -> (change: Change, old: Relationship, new: Relationship)? in
            guard let old = inverse.old?.relationship, let new = inverse.new?.relationship else { return nil }
            return (inverse, old, new)
        }
        if let turned, turned.change.path < change.path { return [] }
        var what = "relationship '\(change.path)' changed from \(word(old)) to \(word(new))"
        var notes: [Finding.Note] = []
        if let turned {
            what += ", and its inverse '\(turned.change.path)' from \(word(turned.old)) to \(word(turned.new))"
            notes.append(Finding.Note("'\(turned.change.path)' as \(comparison.version.displayName) declares it", at: turned.change.location))
        }
        let message: String
        var advice: [String] = []
        if comparison.isSynced(change) {
            let whereNow: String, whereBefore: String
            if let turned {
                whereNow = Self.place(of: new, in: change.path.entity, inverse: turned.new, in: turned.change.path.entity)
                whereBefore = Self.place(of: old, in: change.oldPath?.entity ?? change.path.entity, inverse: turned.old, in: turned.change.oldPath?.entity ?? turned.change.path.entity)
            } else {
                let manyToMany = new.isToMany && comparison.inverse(of: new)?.isToMany == true
                whereNow = manyToMany ? "as separate CDMR records (many-to-many)" : new.isToMany ? "on the other side" : "as a field CD_\(new.name) of this record"
                whereBefore = old.isToMany ? "elsewhere" : "in the field CD_\(old.name) of this record"
            }
            message = "\(what); CloudKit now keeps the link \(whereNow) instead of \(whereBefore), so \(comparison.olderApps) no longer see it"
            let suggestions = Suggestions(comparison: comparison, change: change)
            advice = [suggestions.addReplacement("the new cardinality"), suggestions.versionAttribute]
        } else {
            // Either end going from to-many to to-one keeps one related object of many.
            let narrowed = old.isToMany && !new.isToMany || turned.map { $0.old.isToMany && !$0.new.isToMany } == true
            message = narrowed
                ? "\(what); lightweight migration keeps one of the related objects and drops the rest"
                : "\(what); lightweight migration infers it"
        }
        return [finding(change, in: comparison, severity: severity, message: message, notes: notes, suggestions: advice)]
    }

    /// Where CloudKit keeps a link whose two ends are `relationship` (of `owner`) and `inverse`
    /// (of `inverseOwner`): a to-one end is a field of its record; two to-many ends, CDMR records.
    private static func place(of relationship: Relationship, in owner: String, inverse: Relationship, in inverseOwner: String) -> String {
        switch (relationship.isToMany, inverse.isToMany) {
        case (true, true): "as separate CDMR records (many-to-many)"
        case (false, false): "in the fields CD_\(relationship.name) of '\(owner)' and CD_\(inverse.name) of '\(inverseOwner)' records"
        case (false, true): "in the field CD_\(relationship.name) of '\(owner)' records"
        case (true, false): "in the field CD_\(inverse.name) of '\(inverseOwner)' records"
        }
    }
}

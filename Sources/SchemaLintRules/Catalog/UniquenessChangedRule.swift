import SchemaLintCore

/// `uniqueness-changed`: a uniqueness constraint is added or tightened; existing duplicates make
/// the migration fail.
struct UniquenessChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "uniqueness-changed", category: .modification, synced: .error, local: .warning,
        summary: "A uniqueness constraint was added or tightened: existing duplicates make the migration fail."
    )
    let kinds: Set<Change.Kind> = [.entityUniquenessChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.entity, let new = change.new?.entity else { return [] }
        // A synced entity that gets its first constraint is cloudkit-unique-constraint's.
        if comparison.isSynced(change), old.uniquenessConstraints.isEmpty { return [] }
        // Constraints that are removed or loosened cannot fail on existing data; a constraint whose
        // members were renamed (`originalName`, `renamingIdentifier`) is the constraint it was.
        var renamed: [String: String] = [:]
        for other in comparison.changes where [.attributeRenamed, .relationshipRenamed].contains(other.kind) && other.path.entity == change.path.entity {
            if let before = other.old?.name, let after = other.new?.name { renamed[before] = after }
        }
        // A constraint the entity inherited held already: its parent's (`code` on an abstract
        // `Region`) spans every sub-entity's objects at once, so the same one on the entity alone
        // is looser.
        var inherited: [[String]] = []
        var seen: Set<String> = [old.name]
        var parent = old.parent
        while let name = parent, seen.insert(name).inserted, let ancestor = comparison.baseline.entity(named: name) {
            inherited += ancestor.uniquenessConstraints
            parent = ancestor.parent
        }
        let before = (old.uniquenessConstraints + inherited).map { Set($0.map { renamed[$0] ?? $0 }) }
        // A constraint on an attribute the step adds, optional and with no default, holds nothing
        // in the stored objects (each gets no value, and SQLite's unique index takes any number of
        // them): no stored objects can violate it.
        let addedEmpty = Set(new.attributes.filter { attribute in
            attribute.isOptional && attribute.defaultValue == nil && old.attribute(named: attribute.name) == nil && !renamed.values.contains(attribute.name)
        }.map(\.name))
        let tightened = new.uniquenessConstraints.filter { constraint in
            !before.contains { $0.isSubset(of: Set(constraint)) } && addedEmpty.isDisjoint(with: constraint)
        }
        guard !tightened.isEmpty else { return [] }
        let list = tightened.map { "(\($0.joined(separator: ", ")))" }.joined(separator: ", ")
        return [finding(
            change, in: comparison, severity: severity,
            message: "entity '\(change.path)' has a new uniqueness constraint \(list); objects already stored with the same values violate it, and the migration fails",
            suggestions: ["remove the duplicates before the migration, in the previous app version or in \(ModelVocabulary(comparison.version.format).stagedMigration), then add the constraint"]
        )]
    }
}

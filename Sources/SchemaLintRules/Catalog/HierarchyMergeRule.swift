import SchemaLintCore

/// `hierarchy-merge`: two entities that had no common parent get one. Lightweight migration
/// cannot infer it, and with CloudKit both move into one record type.
struct HierarchyMergeRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "hierarchy-merge", category: .modification, synced: .error, local: .error,
        summary: "Two inheritance trees are merged under a common parent: not inferable, and a new record type for both."
    )
    let kinds: Set<Change.Kind> = [.entityParentChanged]

    /// An entity of both versions that had no common parent with the changed entity in the
    /// baseline and has one now (Apple's condition: "if two existing entities do not share a common
    /// parent in the source, they cannot share a common parent in the destination").
    /// Two entities of one tree stay in one tree when a new parent is added above its root
    /// (Apple: "add new parent or child entities"): only entities whose roots differed are merged.
    static func mergedWith(_ change: Change, in comparison: Comparison) -> String? {
        guard let old = change.old?.entity, let new = change.new?.entity, new.parent != nil else { return nil }
        let (baseline, version) = (comparison.baseline, comparison.version)
        let newRoot = version.rootEntity(of: new.name)
        let oldRoot = baseline.rootEntity(of: old.name)
        for entity in version.entities where entity.name != new.name && entity.name != newRoot {
            guard baseline.entity(named: entity.name) != nil, version.rootEntity(of: entity.name) == newRoot else { continue }
            let otherOldRoot = baseline.rootEntity(of: entity.name)
            if oldRoot != otherOldRoot { return entity.name }
        }
        return nil
    }

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let other = Self.mergedWith(change, in: comparison), let new = change.new?.entity else { return [] }
        let root = comparison.version.rootEntity(of: new.name)
        let oldRoot = comparison.baseline.rootEntity(of: (change.oldPath ?? change.path).entity)
        let otherRoot = comparison.baseline.rootEntity(of: other)
        let consequence = comparison.isSynced(change)
            ? "CloudKit now stores both in record type CD_\(root), while \(comparison.olderApps) keep writing CD_\(oldRoot) and CD_\(otherRoot)"
            : "lightweight migration cannot infer the merge of two hierarchies, so opening a store of \(comparison.baseline.displayName) fails"
        return [finding(
            change, in: comparison, severity: severity,
            message: "entity '\(change.path)' now shares the parent '\(root)' with '\(other)', but the two had no common parent in \(comparison.baseline.displayName); \(consequence)",
            suggestions: comparison.isSynced(change)
                ? ["keep the two trees apart and share code through a protocol instead of a common parent entity", Suggestions(comparison: comparison, change: change).versionAttribute]
                : ["keep the two trees apart, or migrate with \(ModelVocabulary(comparison.version.format).stagedMigration) that copies the objects into the new hierarchy"]
        )]
    }
}

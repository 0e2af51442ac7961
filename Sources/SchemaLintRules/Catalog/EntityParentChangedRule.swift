import SchemaLintCore

/// `entity-parent-changed`: an entity moves in the inheritance tree, and with it to another record type.
struct EntityParentChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "entity-parent-changed", category: .modification, synced: .error, local: .warning,
        summary: "An entity changed its parent: its records move to another CloudKit record type."
    )
    let kinds: Set<Change.Kind> = [.entityParentChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let old = change.old?.entity, let new = change.new?.entity else { return [] }
        // Merging two trees is hierarchy-merge's.
        if HierarchyMergeRule.mergedWith(change, in: comparison) != nil { return [] }
        let from = old.parent.map { "'\($0)'" } ?? "none"
        let to = new.parent.map { "'\($0)'" } ?? "none"
        let what = "entity '\(change.path)' changed its parent from \(from) to \(to)"
        let message: String
        var advice: [String] = []
        if comparison.isSynced(change) {
            let oldRoot = comparison.baseline.rootEntity(of: old.name)
            let newRoot = comparison.version.rootEntity(of: new.name)
            message = oldRoot != newRoot
                ? "\(what); its records move from record type CD_\(oldRoot) to CD_\(newRoot), which \(comparison.olderApps) do not read"
                : "\(what); the properties it inherits, and so the fields its records carry, change under \(comparison.olderApps)"
            let suggestions = Suggestions(comparison: comparison, change: change)
            advice = [suggestions.addReplacement("the new parent"), suggestions.versionAttribute]
            return [finding(change, in: comparison, severity: severity, message: message, suggestions: advice)]
        }
        // A local store: lightweight migration infers a move within one hierarchy (a note), not a
        // move into another one.
        let oldRoot = comparison.baseline.rootEntity(of: old.name), newRoot = comparison.version.rootEntity(of: new.name)
        if oldRoot == newRoot {
            message = "\(what) within the hierarchy of '\(newRoot)'; lightweight migration infers the move, and the properties it inherits change with it"
            return [finding(change, in: comparison, severity: .note, message: message, suggestions: advice)]
        }
        if Self.onlyGrewUpward(from: oldRoot, to: newRoot, in: comparison) {
            message = "\(what), a parent entity added in \(comparison.version.displayName) above the hierarchy of '\(oldRoot)' and no other; lightweight migration infers a new parent entity, and the properties it inherits change with it"
            return [finding(change, in: comparison, severity: .note, message: message, suggestions: advice)]
        }
        let move = new.parent == nil ? "leaving the hierarchy of '\(oldRoot)'"
            : old.parent == nil ? "joining the hierarchy of '\(newRoot)'"
            : "from the hierarchy of '\(oldRoot)' to that of '\(newRoot)'"
        message = "\(what), \(move); the properties it inherits change with it (lightweight migration infers moves within a hierarchy, not the merge of two hierarchies)"
        return [finding(change, in: comparison, severity: severity, message: message, suggestions: advice)]
    }

    /// Whether the hierarchy of `newRoot` is that of `oldRoot` under parents added in this step:
    /// `newRoot` is new, and every entity of its hierarchy that the baseline had was in the
    /// hierarchy of `oldRoot` there. Two old hierarchies under one new parent are a merge.
    static func onlyGrewUpward(from oldRoot: String, to newRoot: String, in comparison: Comparison) -> Bool {
        guard comparison.baseline.entity(named: newRoot) == nil else { return false }
        let members = comparison.version.entities.filter { comparison.version.rootEntity(of: $0.name) == newRoot }
        return members.allSatisfy { member in
            comparison.baseline.entity(named: member.name) == nil || comparison.baseline.rootEntity(of: member.name) == oldRoot
        }
    }
}

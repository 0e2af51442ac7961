import SchemaLintCore

/// `entity-moved-between-configurations`: an entity moves between a synced and a local
/// configuration, that is between two stores.
struct EntityMovedBetweenConfigurationsRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "entity-moved-between-configurations", category: .modification, synced: .error, local: nil,
        summary: "An entity moved between a synced and a local configuration: its data stays in the old store."
    )
    let kinds: Set<Change.Kind> = [.entitySyncChanged]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard change.new?.entity != nil, !Self.wasInNoStore(change, comparison), !Self.staysInTheStoresOpened(change, comparison) else { return [] }
        let nowSynced = comparison.version.isSynced(entity: change.path.entity)
        let message = nowSynced
            ? "entity '\(change.path)' moved from a local configuration to a synced one; its objects stay in the local store and are not uploaded, so they seem lost, and \(comparison.olderApps) do not sync it"
            : "entity '\(change.path)' moved from a synced configuration to a local one; its objects stay in the synced store, and \(comparison.olderApps) keep syncing records this version no longer reads"
        return [finding(
            change, in: comparison, severity: severity, message: message,
            suggestions: ["keep '\(change.path.entity)' where it is; to move the data, add a new entity in the other configuration and copy the objects over once in code"]
        )]
    }

    /// Whether the code opens its stores by configuration names none of which holds the entity,
    /// before or after (`description.configuration = "Default"`, and the entity joins a "Cloud"
    /// configuration no store is opened with): it stays in the store it was in, since the Default
    /// configuration holds every entity, and only the model's grouping changed.
    static func staysInTheStoresOpened(_ change: Change, _ comparison: Comparison) -> Bool {
        let opened = comparison.code.openedConfigurations
        guard !opened.isEmpty else { return false }
        let (old, new) = ((change.oldPath ?? change.path).entity, change.path.entity)
        let holding = comparison.baseline.configurations.filter { $0.entities.contains(old) }.map(\.name)
            + comparison.version.configurations.filter { $0.entities.contains(new) }.map(\.name)
        return opened.isDisjoint(with: holding)
    }

    /// Whether the baseline keeps the entity in none of its named configurations while the
    /// project's code opens its stores by those names: it was in no store (only in the Default
    /// configuration, which nothing opens), so it joins one now and nothing of it moves. So was a
    /// SwiftData class the baseline's code handed to no container.
    static func wasInNoStore(_ change: Change, _ comparison: Comparison) -> Bool {
        let entity = (change.oldPath ?? change.path).entity
        if let opened = comparison.baseline.openedEntities, !opened.contains(entity) { return true }
        let named = comparison.baseline.configurations
        return !named.isEmpty && !named.contains { $0.entities.contains(entity) }
            && !comparison.code.openedConfigurations.isDisjoint(with: named.map(\.name))
    }
}

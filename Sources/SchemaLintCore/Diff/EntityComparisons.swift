/// What comparing entities of older versions with one newer version found, kept to be reused when
/// another older version holds the same entity: a check that compares many releases with the newest
/// version (`migration-path-not-inferable`) then compares each definition of an entity once, not
/// once per release. Loaders share an entity's stored definition between the versions whose text of
/// it is the same, so "the same entity" is told by identity (`Entity.hasSameDefinition(as:)`).
///
/// A comparison is kept only when what it found follows from the two entities, whether the older
/// one is synced and the definitions of its ancestors (an added member may have moved down from
/// one): none is kept when the step renames entities or either version has two entities of one
/// name, nor one that looked into the older version's inverse relationships (an inverse renamed
/// along with its relationship) or its configurations (an entity moved into or out of sync).
package struct EntityComparisons {
    /// The newer version the kept comparisons are with.
    private var newer: (model: String, label: String)?
    private var byName: [String: Compared] = [:]
    /// How many comparisons were reused instead of made.
    package private(set) var reuses = 0

    private struct Compared {
        var old: Entity
        var wasSynced: Bool
        var ancestors: [Entity]
        var changes: [Change]
    }

    package init() {}

    /// Forgets what was kept when the next comparison is with another newer version.
    mutating func prepare(newer version: ModelVersion) {
        if let newer, newer == (version.model, version.label) { return }
        newer = (version.model, version.label)
        byName = [:]
    }

    /// The changes found for an entity of this definition, moved to where `old` stands in `version`;
    /// nil when none were kept for it, or its sync or ancestors differ.
    mutating func changes(of old: Entity, in version: ModelVersion) -> [Change]? {
        guard let compared = byName[old.name], compared.old.hasSameDefinition(as: old),
              compared.wasSynced == version.isSynced(entity: old.name)
        else { return nil }
        let ancestors = Self.ancestors(of: old, in: version)
        guard ancestors.count == compared.ancestors.count,
              zip(ancestors, compared.ancestors).allSatisfy({ $0.hasSameDefinition(as: $1) })
        else { return nil }
        reuses += 1
        return compared.changes.map { $0.withOlderEntity(old) }
    }

    mutating func remember(_ changes: ArraySlice<Change>, of old: Entity, in version: ModelVersion) {
        byName[old.name] = Compared(
            old: old, wasSynced: version.isSynced(entity: old.name), ancestors: Self.ancestors(of: old, in: version), changes: Array(changes)
        )
    }

    /// The entity's parent, its parent, and so on, as long as each is in the version (the chain
    /// `ModelValidator.ancestry` walks, whose members tell whether a member moved along it).
    private static func ancestors(of entity: Entity, in version: ModelVersion) -> [Entity] {
        var ancestors: [Entity] = []
        var names = [entity.name]
        var parent = entity.parent
        while let name = parent, !names.contains(name), let ancestor = version.entity(named: name) {
            ancestors.append(ancestor)
            names.append(name)
            parent = ancestor.parent
        }
        return ancestors
    }
}

/// Whether comparing an entity pair read the older version beyond the two entities: set by the
/// comparisons that do, so that what they found is not reused for another older version.
final class OlderVersionReads {
    var happened = false
}

extension Change {
    /// The change with its older element in `entity`, which has the same definition as the entity
    /// it was found in, at another place: the older element and its location follow the entity.
    func withOlderEntity(_ entity: Entity) -> Change {
        guard var element = old else { return self }
        if case .entity = element { element = .entity(entity) }
        var moved = self
        moved.old = element
        moved.oldLocation = element.location(in: entity)
        return moved
    }
}

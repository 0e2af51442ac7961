/// Computes the typed changes between two versions of a model.
/// Elements are matched by name, then by renaming identifier (`renamedFrom`), through hash maps:
/// linear in the size of the two versions. Elements of one name whose identifiers differ are not
/// paired, as Core Data's migration does not pair them (`NameMatcher`, `pairsByIdentifier`).
package struct ModelDiffer: Sendable {
    /// Whether elements of one name whose renaming identifiers differ are a removal and an
    /// addition, as a migration Core Data infers sees them (`NameMatcher`). Off, they are one
    /// element: what a store records (the version hash has no renaming identifier in it).
    package var pairsByIdentifier: Bool

    package init(pairsByIdentifier: Bool = true) {
        self.pairsByIdentifier = pairsByIdentifier
    }

    package func changes(from old: ModelVersion, to new: ModelVersion) -> [Change] {
        var none: EntityComparisons? = nil
        return changes(from: old, to: new, reusing: &none)
    }

    /// The changes, reusing what earlier comparisons with `new` found for the same entities and
    /// keeping what this one finds, when `comparisons` is given (see `EntityComparisons`).
    package func changes(from old: ModelVersion, to new: ModelVersion, reusing comparisons: inout EntityComparisons?) -> [Change] {
        comparisons?.prepare(newer: new)
        var changes: [Change] = []
        let entityMatch = NameMatcher.match(old: old.entities, new: new.entities, separatingReidentified: pairsByIdentifier)
        let entitiesLocation = new.location(of: "entities")

        let reidentified = (old: Set(entityMatch.reidentified.map(\.old)), new: Set(entityMatch.reidentified.map(\.new)))
        let keptAt = Dictionary(entityMatch.reidentified.map { ($0.old, new.entities[$0.new].location(of: "renamedFrom")) }, uniquingKeysWith: { first, _ in first })
        for offset in entityMatch.removed {
            let entity = old.entities[offset]
            var change = Change(
                kind: .entityRemoved, path: ElementPath(entity: entity.name), oldPath: ElementPath(entity: entity.name),
                old: .entity(entity), new: nil, location: keptAt[offset] ?? entitiesLocation, oldLocation: entity.location
            )
            change.isReidentified = reidentified.old.contains(offset)
            changes.append(change)
        }
        for offset in entityMatch.added {
            let entity = new.entities[offset]
            var change = Change(
                kind: .entityAdded, path: ElementPath(entity: entity.name), oldPath: nil,
                old: nil, new: .entity(entity), location: entity.location, oldLocation: nil
            )
            change.isReidentified = reidentified.new.contains(offset)
            changes.append(change)
        }
        // What a comparison of one entity pair found is kept or reused only where it can follow
        // from the pair alone (`EntityComparisons`).
        let reusable = comparisons != nil && entityMatch.renamedTo.isEmpty && !old.hasDuplicateEntityNames && !new.hasDuplicateEntityNames
        for (oldOffset, newOffset) in entityMatch.matched {
            // Most entities of a step are values a loader reused from the older version: nothing to
            // compare, and no pair (two copies of each version) to build for them.
            if entityMatch.renamedTo.isEmpty, Self.isUnchanged(old.entities[oldOffset], of: old, new.entities[newOffset], of: new) { continue }
            let (before, after) = (old.entities[oldOffset], new.entities[newOffset])
            if reusable, let known = comparisons?.changes(of: before, in: old) {
                changes += known
                continue
            }
            let start = changes.count
            let reads = reusable ? OlderVersionReads() : nil
            compare(EntityPair(old: before, new: after, oldVersion: old, newVersion: new, renamedEntities: entityMatch.renamedTo, reads: reads), renamed: !entityMatch.renamedTo.isEmpty, into: &changes)
            if let reads, !reads.happened { comparisons?.remember(changes[start...], of: before, in: old) }
        }
        return changes
    }

    private func compare(_ pair: EntityPair, renamed: Bool, into changes: inout [Change]) {
        let (before, after) = (pair.old, pair.new)
        if before.name != after.name {
            changes.append(pair.change(.entityRenamed, old: .entity(before), new: .entity(after), location: after.location(of: "renamedFrom")))
        }
        compareEntityProperties(pair, into: &changes)
        // An entity a loader reused from the older version (the same members' storage) has no
        // member changes, unless a renamed entity changes what its relationships point to.
        if before.hasSameMembers(as: after), !renamed { return }
        compareAttributes(pair, into: &changes)
        compareRelationships(pair, into: &changes)
    }

    /// Whether an entity, under the same name in both versions, has the same members (shared
    /// storage: `hasSameMembers(as:)`) and the same own properties, so that comparing it would
    /// find no change. False does not mean it changed.
    static func isUnchanged(_ before: Entity, of oldVersion: ModelVersion, _ after: Entity, of newVersion: ModelVersion) -> Bool {
        let sameDefinition = before.hasSameDefinition(as: after)
            || before.hasSameMembers(as: after) && before.name == after.name && before.parent == after.parent
            && before.isAbstract == after.isAbstract && before.versionHashModifier == after.versionHashModifier
            && before.uniquenessConstraints == after.uniquenessConstraints
        return sameDefinition && oldVersion.isSynced(entity: before.name) == newVersion.isSynced(entity: after.name)
    }

    /// The changes of one element between two versions that need not be consecutive (the
    /// compatibility window): an entity's own properties, or one attribute or relationship.
    /// `renamedEntities` maps entity names of the older version to the newer one's.
    package func changes(
        from old: Element, in oldEntity: Entity, of oldVersion: ModelVersion,
        to new: Element, in newEntity: Entity, of newVersion: ModelVersion,
        renamedEntities: [String: String]
    ) -> [Change] {
        let pair = EntityPair(old: oldEntity, new: newEntity, oldVersion: oldVersion, newVersion: newVersion, renamedEntities: renamedEntities, reads: nil)
        var changes: [Change] = []
        switch (old, new) {
        case (.entity(let before), .entity(let after)):
            if before.name != after.name {
                changes.append(pair.change(.entityRenamed, old: old, new: new, location: after.location(of: "renamedFrom")))
            }
            compareEntityProperties(pair, into: &changes)
        case (.attribute(let before), .attribute(let after)):
            compareAttribute(before, after, pair, into: &changes)
        case (.relationship(let before), .relationship(let after)):
            compareRelationship(before, after, pair, into: &changes)
        default:
            break
        }
        return changes
    }

    // MARK: Entities

    private func compareEntityProperties(_ pair: EntityPair, into changes: inout [Change]) {
        let (before, after) = (pair.old, pair.new)
        if before.parent.map(pair.newName(ofEntity:)) != after.parent {
            changes.append(pair.change(.entityParentChanged, old: .entity(before), new: .entity(after), location: after.location(of: "parent")))
        }
        if before.isAbstract != after.isAbstract {
            changes.append(pair.change(.entityAbstractChanged, old: .entity(before), new: .entity(after), location: after.location(of: "abstract")))
        }
        if before.versionHashModifier != after.versionHashModifier {
            changes.append(pair.change(.entityVersionHashModifierChanged, old: .entity(before), new: .entity(after), location: after.location(of: "versionHashModifier")))
        }
        if Set(before.uniquenessConstraints.map(Set.init)) != Set(after.uniquenessConstraints.map(Set.init)) {
            changes.append(pair.change(.entityUniquenessChanged, old: .entity(before), new: .entity(after), location: after.location(of: "uniqueness")))
        }
        let (wasSynced, isSynced) = (pair.oldVersion.isSynced(entity: before.name), pair.newVersion.isSynced(entity: after.name))
        if wasSynced != isSynced { pair.reads?.happened = true }
        if wasSynced != isSynced, !pair.oldVersion.configurations.isEmpty || !pair.newVersion.configurations.isEmpty {
            let configuration = pair.newVersion.configurations.first { $0.entities.contains(after.name) }
            changes.append(pair.change(.entitySyncChanged, old: .entity(before), new: .entity(after), location: configuration?.location ?? after.location))
        }
    }

    // MARK: Members

    /// Matches one kind of member of an entity pair, records removals and additions (members that
    /// moved along the hierarchy excepted), and hands each matched pair to `compare`.
    private func compareMembers<Member: RenamableElement>(
        _ old: [Member], _ new: [Member], in pair: EntityPair, container: String,
        removed: Change.Kind, added: Change.Kind, element: (Member) -> Element,
        compare: (Member, Member) -> Void, into changes: inout [Change]
    ) {
        let match = NameMatcher.match(old: old, new: new, separatingReidentified: pairsByIdentifier)
        let location = pair.new.location(of: container)
        let reidentified = (old: Set(match.reidentified.map(\.old)), new: Set(match.reidentified.map(\.new)))
        // An element kept under its name is reported where its renaming identifier is written.
        let keptAt = Dictionary(match.reidentified.map { ($0.old, element(new[$0.new]).location(of: "renamedFrom", in: pair.new)) }, uniquingKeysWith: { first, _ in first })
        for offset in match.removed where !pair.newVersionInherits(old[offset].name, into: pair.new.name) || reidentified.old.contains(offset) {
            var change = pair.removal(removed, element(old[offset]), location: keptAt[offset] ?? location)
            change.isReidentified = reidentified.old.contains(offset)
            changes.append(change)
        }
        for offset in match.added where !pair.oldVersionInherits(new[offset].name, into: pair.old.name) || reidentified.new.contains(offset) {
            var change = pair.addition(added, element(new[offset]), location: element(new[offset]).location(in: pair.new))
            change.isReidentified = reidentified.new.contains(offset)
            changes.append(change)
        }
        for (oldOffset, newOffset) in match.matched { compare(old[oldOffset], new[newOffset]) }
    }

    private func compareAttributes(_ pair: EntityPair, into changes: inout [Change]) {
        var found: [Change] = []
        compareMembers(
            pair.old.attributes, pair.new.attributes, in: pair, container: "attributes",
            removed: .attributeRemoved, added: .attributeAdded, element: Element.attribute,
            compare: { compareAttribute($0, $1, pair, into: &found) }, into: &changes
        )
        changes += found
    }

    private func compareRelationships(_ pair: EntityPair, into changes: inout [Change]) {
        var found: [Change] = []
        compareMembers(
            pair.old.relationships, pair.new.relationships, in: pair, container: "relationships",
            removed: .relationshipRemoved, added: .relationshipAdded, element: Element.relationship,
            compare: { compareRelationship($0, $1, pair, into: &found) }, into: &changes
        )
        changes += found
    }

    // MARK: Attributes

    private func compareAttribute(_ before: Attribute, _ after: Attribute, _ pair: EntityPair, into changes: inout [Change]) {
        // Most pairs are unchanged: their elements are made only for a change.
        func record(_ kind: Change.Kind, _ property: String) {
            changes.append(pair.change(kind, old: .attribute(before), new: .attribute(after), location: pair.new.location(of: property, of: after)))
        }
        if before.name != after.name { record(.attributeRenamed, "renamedFrom") }
        if before.type != after.type { record(.attributeTypeChanged, "type") }
        if before.isOptional != after.isOptional { record(.attributeOptionalityChanged, "optional") }
        if before.defaultValue != after.defaultValue { record(.attributeDefaultChanged, "default") }
        if before.isTransient != after.isTransient { record(.attributeTransienceChanged, "transient") }
        if before.type == after.type, before.transformer != after.transformer || before.className != after.className {
            record(.attributeTransformerChanged, before.transformer != after.transformer ? "transformer" : "className")
        }
        if before.allowsCloudEncryption != after.allowsCloudEncryption { record(.attributeCloudEncryptionChanged, "allowsCloudEncryption") }
        if before.versionHashModifier != after.versionHashModifier { record(.attributeVersionHashModifierChanged, "versionHashModifier") }
    }

    // MARK: Relationships

    private func compareRelationship(_ before: Relationship, _ after: Relationship, _ pair: EntityPair, into changes: inout [Change]) {
        // Most pairs are unchanged: their elements are made only for a change.
        func record(_ kind: Change.Kind, _ property: String) {
            changes.append(pair.change(kind, old: .relationship(before), new: .relationship(after), location: pair.new.location(of: property, of: after)))
        }
        if before.name != after.name { record(.relationshipRenamed, "renamedFrom") }
        if pair.newName(ofEntity: before.destination) != after.destination { record(.relationshipDestinationChanged, "destination") }
        if before.isToMany != after.isToMany { record(.relationshipCardinalityChanged, "toMany") }
        if before.isOrdered != after.isOrdered { record(.relationshipOrderedChanged, "ordered") }
        if before.inverse != after.inverse, !isRenamedInverse(before, after, pair) { record(.relationshipInverseChanged, "inverse") }
        if before.deleteRule != after.deleteRule { record(.relationshipDeleteRuleChanged, "deleteRule") }
        if before.isOptional != after.isOptional || (before.minCount ?? 0) != (after.minCount ?? 0) {
            record(.relationshipOptionalityChanged, before.isOptional != after.isOptional ? "optional" : "minCount")
        }
        if before.isTransient != after.isTransient { record(.relationshipTransienceChanged, "transient") }
    }

    /// An inverse whose name changed only because the inverse relationship itself was renamed.
    private func isRenamedInverse(_ before: Relationship, _ after: Relationship, _ pair: EntityPair) -> Bool {
        pair.reads?.happened = true
        guard let oldInverse = before.inverse, let newInverse = after.inverse,
              let destination = pair.newVersion.entity(named: after.destination),
              let inverse = destination.relationship(named: newInverse)
        else { return false }
        return inverse.renamedFrom == oldInverse && pair.oldVersion.entity(named: pair.oldName(ofEntity: after.destination))?.relationship(named: newInverse) == nil
    }
}

/// A matched pair of entities and what is needed to describe their changes.
struct EntityPair {
    let old: Entity
    let new: Entity
    let oldVersion: ModelVersion
    let newVersion: ModelVersion
    /// Old entity name -> new entity name, for entities renamed in this step.
    let renamedEntities: [String: String]
    /// Told when the comparison reads the older version beyond the two entities, when asked.
    let reads: OlderVersionReads?

    func newName(ofEntity name: String) -> String { renamedEntities[name] ?? name }

    func oldName(ofEntity name: String) -> String {
        renamedEntities.first { $0.value == name }?.key ?? name
    }

    func change(_ kind: Change.Kind, old: Element, new: Element, location: SourceLocation) -> Change {
        let isEntity = old.entity != nil
        return Change(
            kind: kind,
            path: ElementPath(entity: self.new.name, member: isEntity ? nil : new.name),
            oldPath: ElementPath(entity: self.old.name, member: isEntity ? nil : old.name),
            old: old, new: new, location: location, oldLocation: old.location(in: self.old)
        )
    }

    func removal(_ kind: Change.Kind, _ element: Element, location: SourceLocation) -> Change {
        Change(
            kind: kind, path: ElementPath(entity: new.name, member: element.name),
            oldPath: ElementPath(entity: old.name, member: element.name),
            old: element, new: nil, location: location, oldLocation: element.location(in: old)
        )
    }

    func addition(_ kind: Change.Kind, _ element: Element, location: SourceLocation) -> Change {
        Change(kind: kind, path: ElementPath(entity: new.name, member: element.name), oldPath: nil, old: nil, new: element, location: location, oldLocation: nil)
    }

    /// A member that left an entity but stands in one of its ancestors in the newer version moved up
    /// the hierarchy: the same field of the same record type, not a removal.
    func newVersionInherits(_ member: String, into entity: String) -> Bool {
        ancestorHasMember(member, of: entity, in: newVersion)
    }

    /// A member that appears in an entity but stood in one of its ancestors in the older version moved down.
    func oldVersionInherits(_ member: String, into entity: String) -> Bool {
        ancestorHasMember(member, of: entity, in: oldVersion)
    }

    private func ancestorHasMember(_ member: String, of entity: String, in version: ModelVersion) -> Bool {
        // Most entities have no parent: no ancestry to build.
        guard version.parent(ofEntity: entity) != nil else { return false }
        for ancestor in ModelValidator.ancestry(of: entity, in: version).dropFirst() {
            guard let candidate = version.entity(named: ancestor) else { continue }
            if candidate.attribute(named: member) != nil || candidate.relationship(named: member) != nil { return true }
        }
        return false
    }
}

/// What Core Data's entity version hash covers, as a value to compare: when it differs between
/// the store's model and the app's, opening the store migrates it (and rewrites all of it).
///
/// Apple documents the hash's inputs (`NSEntityDescription.versionHash` and the property
/// descriptions'): the entity's name, abstractness, parent and `versionHashModifier`, and each
/// property's name, optionality, transience and `versionHashModifier`; an attribute's type; a
/// relationship's destination, inverse, minimum and maximum counts and ordering. Default values,
/// class names, renaming identifiers, indexes and user info are not in it.
package struct EntityVersionHash: Hashable, Sendable {
    private let name: String
    private let parent: String
    private let isAbstract: Bool
    private let versionHashModifier: String
    /// By name: the hash does not depend on the order properties are declared in.
    private let attributes: [AttributeInputs]
    private let relationships: [RelationshipInputs]

    package init(_ entity: Entity) {
        name = entity.name
        parent = entity.parent ?? ""
        isAbstract = entity.isAbstract
        versionHashModifier = entity.versionHashModifier ?? ""
        attributes = entity.attributes.map(AttributeInputs.init).sorted { $0.name < $1.name }
        relationships = entity.relationships.map(RelationshipInputs.init).sorted { $0.name < $1.name }
    }

    /// Whether the two entities have the same version hash. Most entities of consecutive versions
    /// declare the same properties in the same order: those are compared in place, without sorting.
    package static func same(_ lhs: Entity, _ rhs: Entity) -> Bool {
        // An entity a loader reused from the other version's text: the same definition, or (when
        // only its own properties were written differently) the same members.
        if lhs.hasSameDefinition(as: rhs) { return true }
        if lhs.hasSameMembers(as: rhs) { return sameOwnInputs(lhs, rhs) }
        guard lhs.attributes.count == rhs.attributes.count, lhs.relationships.count == rhs.relationships.count,
              lhs.attributes.indices.allSatisfy({ lhs.attributes[$0].name == rhs.attributes[$0].name }),
              lhs.relationships.indices.allSatisfy({ lhs.relationships[$0].name == rhs.relationships[$0].name })
        else { return EntityVersionHash(lhs) == EntityVersionHash(rhs) }
        return sameOwnInputs(lhs, rhs)
            && lhs.attributes.indices.allSatisfy({ AttributeInputs.same(lhs.attributes[$0], rhs.attributes[$0]) })
            && lhs.relationships.indices.allSatisfy({ RelationshipInputs(lhs.relationships[$0]) == RelationshipInputs(rhs.relationships[$0]) })
    }

    /// The inputs of the entity itself: name, parent, abstractness and modifier.
    private static func sameOwnInputs(_ lhs: Entity, _ rhs: Entity) -> Bool {
        lhs.name == rhs.name && (lhs.parent ?? "") == (rhs.parent ?? "") && lhs.isAbstract == rhs.isAbstract
            && (lhs.versionHashModifier ?? "") == (rhs.versionHashModifier ?? "")
    }

    private struct AttributeInputs: Hashable, Sendable {
        var name: String
        var type: AttributeType
        var isOptional: Bool
        var isTransient: Bool
        var versionHashModifier: String

        init(_ attribute: Attribute) {
            name = attribute.name
            type = attribute.type
            isOptional = attribute.isOptional
            isTransient = attribute.isTransient
            versionHashModifier = attribute.versionHashModifier ?? ""
        }

        /// `AttributeInputs(lhs) == AttributeInputs(rhs)`, read in place (no copies of the strings).
        static func same(_ lhs: Attribute, _ rhs: Attribute) -> Bool {
            lhs.name == rhs.name && lhs.type == rhs.type && lhs.isOptional == rhs.isOptional
                && lhs.isTransient == rhs.isTransient && (lhs.versionHashModifier ?? "") == (rhs.versionHashModifier ?? "")
        }
    }

    private struct RelationshipInputs: Hashable, Sendable {
        var name: String
        var destination: String
        var inverse: String
        var isOptional: Bool
        var isTransient: Bool
        var isToMany: Bool
        var isOrdered: Bool
        var minCount: Int?
        var maxCount: Int?

        init(_ relationship: Relationship) {
            name = relationship.name
            destination = relationship.destination
            inverse = relationship.inverse ?? ""
            isOptional = relationship.isOptional
            isTransient = relationship.isTransient
            isToMany = relationship.isToMany
            isOrdered = relationship.isOrdered
            minCount = relationship.minCount
            maxCount = relationship.maxCount
        }
    }
}

extension ModelVersion {
    /// The entities whose version hashes differ from `older`'s, and those only one of the two has:
    /// empty when a store of `older` opens with this version without any migration.
    package func entitiesNeedingMigration(from older: ModelVersion) -> [String] {
        // By index, not by copies of the entities: this runs for every step of every local history.
        // Most steps keep every entity under the same name at the same place: no look-ups by name.
        if older.entities.count == entities.count, entities.indices.allSatisfy({ older.entities[$0].name == entities[$0].name }) {
            return entities.indices.filter { !EntityVersionHash.same(older.entities[$0], entities[$0]) }.map { entities[$0].name }.sorted()
        }
        var differing: Set<String> = []
        for index in older.entities.indices where !containsEntity(named: older.entities[index].name) {
            differing.insert(older.entities[index].name)
        }
        for index in entities.indices {
            let name = entities[index].name
            guard let oldIndex = older.index(ofEntity: name) else {
                differing.insert(name)
                continue
            }
            if !EntityVersionHash.same(older.entities[oldIndex], entities[index]) { differing.insert(name) }
        }
        return differing.sorted()
    }
}

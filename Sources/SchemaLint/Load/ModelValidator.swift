/// Checks the references inside one model version: parents, destinations, inverses, configuration
/// members and uniqueness constraints must name elements that exist, and inheritance must not loop.
/// Shared by every loader, so YAML files and Xcode bundles are held to the same rules.
public enum ModelValidator {
    public static func validate(_ version: ModelVersion) throws(InputError) {
        var seen: [String: SourceLocation] = [:]
        for entity in version.entities {
            if let first = seen[entity.name] {
                throw InputError(at: entity.location, "entity '\(entity.name)' is declared twice", notes: ["first declared at \(first)"])
            }
            seen[entity.name] = entity.location
        }
        for entity in version.entities {
            try checkParent(of: entity, in: version)
            try checkMembers(of: entity)
        }
        for entity in version.entities {
            for relationship in entity.relationships {
                try checkRelationship(relationship, of: entity, in: version)
            }
            try checkUniqueness(of: entity, in: version)
        }
        for configuration in version.configurations {
            for name in configuration.entities where version.entity(named: name) == nil {
                throw InputError(
                    at: configuration.location,
                    "configuration '\(configuration.name)' lists unknown entity '\(name)'" + didYouMean(name, in: version)
                )
            }
        }
    }

    private static func checkParent(of entity: Entity, in version: ModelVersion) throws(InputError) {
        guard let parent = entity.parent else { return }
        guard version.entity(named: parent) != nil else {
            throw InputError(at: entity.location(of: "parent"), "entity '\(entity.name)' has unknown parent '\(parent)'" + didYouMean(parent, in: version))
        }
        var chain = [entity.name]
        var current = parent
        while true {
            if current == entity.name {
                throw InputError(
                    at: entity.location(of: "parent"),
                    "inheritance cycle: \((chain + [current]).joined(separator: " -> "))"
                )
            }
            chain.append(current)
            guard let next = version.entity(named: current)?.parent, chain.count <= version.entities.count else { return }
            current = next
        }
    }

    private static func checkMembers(of entity: Entity) throws(InputError) {
        var names = Set<String>(minimumCapacity: entity.attributes.count + entity.relationships.count)
        func check(_ name: String, _ location: SourceLocation) throws(InputError) {
            guard !names.insert(name).inserted else { return }
            let first = entity.location(at: entity.attributes.first { $0.name == name }?.location ?? entity.relationships.first { $0.name == name }!.location)
            throw InputError(at: location, "'\(entity.name).\(name)' is declared twice", notes: ["first declared at \(first)"])
        }
        for attribute in entity.attributes { try check(attribute.name, entity.location(of: attribute)) }
        for relationship in entity.relationships { try check(relationship.name, entity.location(of: relationship)) }
    }

    private static func checkRelationship(_ relationship: Relationship, of entity: Entity, in version: ModelVersion) throws(InputError) {
        let path = "\(entity.name).\(relationship.name)"
        guard version.entity(named: relationship.destination) != nil else {
            throw InputError(
                at: entity.location(of: "destination", of: relationship),
                "relationship '\(path)' points to unknown entity '\(relationship.destination)'" + didYouMean(relationship.destination, in: version)
            )
        }
        guard let inverseName = relationship.inverse else { return }
        guard let (inverseEntity, inverse) = member(inverseName, of: relationship.destination, in: version) else {
            throw InputError(
                at: entity.location(of: "inverse", of: relationship),
                "the inverse '\(inverseName)' of relationship '\(path)' does not exist in entity '\(relationship.destination)'"
            )
        }
        let lineage = ancestry(of: entity.name, in: version)
        guard lineage.contains(inverse.destination) || ancestry(of: inverse.destination, in: version).contains(entity.name) else {
            throw InputError(
                at: entity.location(of: "inverse", of: relationship),
                "the inverse '\(relationship.destination).\(inverseName)' of relationship '\(path)' points to '\(inverse.destination)', not back to '\(entity.name)'",
                notes: ["'\(relationship.destination).\(inverseName)' is declared at \(inverseEntity.location(of: inverse))"]
            )
        }
        // Whether the inverse names this relationship in turn is not checked: Xcode builds such
        // models (with a warning), and real ones exist.
    }

    private static func checkUniqueness(of entity: Entity, in version: ModelVersion) throws(InputError) {
        for constraint in entity.uniquenessConstraints {
            for property in constraint where !hasProperty(property, entity: entity.name, in: version) {
                throw InputError(
                    at: entity.location(of: "uniqueness"),
                    "uniqueness constraint of entity '\(entity.name)' names unknown property '\(property)'"
                )
            }
        }
    }

    /// The entity and its ancestors, nearest first (bounded, so a cycle cannot loop).
    static func ancestry(of name: String, in version: ModelVersion) -> [String] {
        var result = [name]
        var current = name
        while let parent = version.entity(named: current)?.parent, !result.contains(parent) {
            result.append(parent)
            current = parent
        }
        return result
    }

    /// The relationship `name` of the entity or its nearest ancestor that has one, with that entity.
    private static func member(_ name: String, of entity: String, in version: ModelVersion) -> (Entity, Relationship)? {
        for ancestor in ancestry(of: entity, in: version) {
            if let holder = version.entity(named: ancestor), let found = holder.relationship(named: name) { return (holder, found) }
        }
        return nil
    }

    private static func hasProperty(_ name: String, entity: String, in version: ModelVersion) -> Bool {
        ancestry(of: entity, in: version).contains { ancestor in
            guard let entity = version.entity(named: ancestor) else { return false }
            return entity.attribute(named: name) != nil || entity.relationship(named: name) != nil
        }
    }

    private static func didYouMean(_ name: String, in version: ModelVersion) -> String {
        Spelling.didYouMean(name, among: version.entities.map(\.name))
    }
}

/// Checks the references inside one model version: parents, destinations, inverses, configuration
/// members and uniqueness constraints must name elements that exist, and inheritance must not loop.
/// Shared by every loader, so YAML files and Xcode bundles are held to the same rules.
package enum ModelValidator {
    /// - Parameter entities: the load's entities by their text: members it holds and already found
    ///   unique are not checked again, so an entity unchanged across versions is checked once.
    package static func validate(_ version: ModelVersion, entities: EntityTextCache? = nil) throws(InputError) {
        // Entities are read in place (`version.entities[index]`): a copy of each for every check of
        // every version retains all its strings and arrays.
        let indices = version.entities.indices
        if version.hasDuplicateEntityNames {
            var seen: [String: SourceLocation] = [:]
            for index in indices {
                if let first = seen[version.entities[index].name] {
                    throw InputError(at: version.entities[index].location, "entity '\(version.entities[index].name)' is declared twice", notes: ["first declared at \(first)"])
                }
                seen[version.entities[index].name] = version.entities[index].location
            }
        }
        for index in indices {
            try checkParent(of: version.entities[index], in: version)
            if entities?.membersWereChecked(version.entities[index]) != true {
                try checkMembers(of: version.entities[index])
                entities?.noteMembersChecked(version.entities[index])
            }
        }
        for index in indices {
            for member in version.entities[index].relationships.indices {
                try checkRelationship(version.entities[index].relationships[member], of: version.entities[index], in: version)
            }
            try checkUniqueness(of: version.entities[index], in: version)
        }
        for configuration in version.configurations {
            for name in configuration.entities where !version.containsEntity(named: name) {
                throw InputError(
                    at: configuration.location,
                    "configuration '\(configuration.name)' lists unknown entity '\(name)'" + didYouMean(name, in: version)
                )
            }
        }
    }

    private static func checkParent(of entity: Entity, in version: ModelVersion) throws(InputError) {
        guard let parent = entity.parent else { return }
        guard version.containsEntity(named: parent) else {
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
            guard let next = version.parent(ofEntity: current), chain.count <= version.entities.count else { return }
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
        // Only messages need the path: most relationships of most versions are fine.
        var path: String { "\(entity.name).\(relationship.name)" }
        guard version.containsEntity(named: relationship.destination) else {
            throw InputError(
                at: entity.location(of: "destination", of: relationship),
                "relationship '\(path)' points to unknown entity '\(relationship.destination)'" + didYouMean(relationship.destination, in: version)
            )
        }
        guard let inverseName = relationship.inverse else { return }
        guard let (holder, inverse) = member(inverseName, of: relationship.destination, in: version) else {
            throw InputError(
                at: entity.location(of: "inverse", of: relationship),
                "the inverse '\(inverseName)' of relationship '\(path)' does not exist in entity '\(relationship.destination)'"
            )
        }
        guard isSelfOrAncestor(inverse.destination, of: entity.name, in: version) || isSelfOrAncestor(entity.name, of: inverse.destination, in: version) else {
            throw InputError(
                at: entity.location(of: "inverse", of: relationship),
                "the inverse '\(relationship.destination).\(inverseName)' of relationship '\(path)' points to '\(inverse.destination)', not back to '\(entity.name)'",
                notes: ["'\(relationship.destination).\(inverseName)' is declared at \(version.entities[holder].location(of: inverse))"]
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
    package static func ancestry(of name: String, in version: ModelVersion) -> [String] {
        var result = [name]
        var current = name
        while let parent = version.parent(ofEntity: current), !result.contains(parent) {
            result.append(parent)
            current = parent
        }
        return result
    }

    /// Whether `candidate` is the entity `name` or one of its ancestors (`ancestry(of:in:)` holds it),
    /// without building the list.
    static func isSelfOrAncestor(_ candidate: String, of name: String, in version: ModelVersion) -> Bool {
        var current = name
        for _ in 0...version.entities.count {
            if current == candidate { return true }
            guard let parent = version.parent(ofEntity: current) else { return false }
            current = parent
        }
        return false
    }

    /// The relationship `name` of the entity or its nearest ancestor that has one, with the index
    /// of the entity that declares it.
    private static func member(_ name: String, of entity: String, in version: ModelVersion) -> (Int, Relationship)? {
        var current = entity
        for _ in 0...version.entities.count {
            guard let index = version.index(ofEntity: current) else { return nil }
            if let found = version.entities[index].relationship(named: name) { return (index, found) }
            guard let parent = version.entities[index].parent else { return nil }
            current = parent
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

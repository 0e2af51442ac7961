extension ModelVersion {
    /// The attributes an object of `entity` has: its own and those of its ancestors, nearest first
    /// (an attribute redeclared lower down hides the ancestor's).
    package func attributes(ofObjectsOf entity: String) -> [Attribute] {
        inherited(entity) { $0.attributes }.map(\.member)
    }

    /// The relationships an object of `entity` has, its own and inherited, nearest first.
    package func relationships(ofObjectsOf entity: String) -> [Relationship] {
        inherited(entity) { $0.relationships }.map(\.member)
    }

    /// As `attributes(ofObjectsOf:)`, each with where it is declared.
    package func locatedAttributes(ofObjectsOf entity: String) -> [(member: Attribute, location: SourceLocation)] {
        inherited(entity) { $0.attributes }.map { ($0.member, $0.declaredIn.location(of: $0.member)) }
    }

    /// As `relationships(ofObjectsOf:)`, each with where it is declared.
    package func locatedRelationships(ofObjectsOf entity: String) -> [(member: Relationship, location: SourceLocation)] {
        inherited(entity) { $0.relationships }.map { ($0.member, $0.declaredIn.location(of: $0.member)) }
    }

    /// Each member with the entity (the given one or an ancestor) that declares it.
    private func inherited<Member>(_ entity: String, _ members: (Entity) -> [Member]) -> [(member: Member, declaredIn: Entity)] where Member: NamedMember {
        var seen: Set<String> = []
        var result: [(member: Member, declaredIn: Entity)] = []
        for ancestor in ModelValidator.ancestry(of: entity, in: self) {
            guard let declared = self.entity(named: ancestor) else { continue }
            for member in members(declared) where seen.insert(member.name).inserted { result.append((member, declared)) }
        }
        return result
    }
}

/// A property with a name, as inheritance looks them up.
protocol NamedMember {
    var name: String { get }
}

extension Attribute: NamedMember {}
extension Relationship: NamedMember {}

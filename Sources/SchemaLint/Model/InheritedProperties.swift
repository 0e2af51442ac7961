extension ModelVersion {
    /// The attributes an object of `entity` has: its own and those of its ancestors, nearest first
    /// (an attribute redeclared lower down hides the ancestor's).
    public func attributes(ofObjectsOf entity: String) -> [Attribute] {
        inherited(entity) { $0.attributes }
    }

    /// The relationships an object of `entity` has, its own and inherited, nearest first.
    public func relationships(ofObjectsOf entity: String) -> [Relationship] {
        inherited(entity) { $0.relationships }
    }

    private func inherited<Member>(_ entity: String, _ members: (Entity) -> [Member]) -> [Member] where Member: NamedMember {
        var seen: Set<String> = []
        var result: [Member] = []
        for ancestor in ModelValidator.ancestry(of: entity, in: self) {
            guard let declared = self.entity(named: ancestor) else { continue }
            for member in members(declared) where seen.insert(member.name).inserted { result.append(member) }
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

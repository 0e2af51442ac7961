/// An entity: a CloudKit record type `CD_<root entity>` when synced.
public struct Entity: Hashable, Sendable {
    public var name: String
    public var parent: String?
    public var isAbstract: Bool
    public var renamedFrom: String?
    public var deprecation: String?
    public var versionHashModifier: String?
    /// In declaration order; names are unique within the entity.
    public var attributes: [Attribute]
    public var relationships: [Relationship]
    /// Uniqueness constraints: each a set of property names, in declaration order.
    public var uniquenessConstraints: [[String]]
    public var location: SourceLocation
    public var propertyLocations: PropertyLocations

    public init(
        name: String, parent: String? = nil, isAbstract: Bool = false, renamedFrom: String? = nil,
        deprecation: String? = nil, versionHashModifier: String? = nil,
        attributes: [Attribute] = [], relationships: [Relationship] = [],
        uniquenessConstraints: [[String]] = [],
        location: SourceLocation, propertyLocations: PropertyLocations = [:]
    ) {
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.renamedFrom = renamedFrom
        self.deprecation = deprecation
        self.versionHashModifier = versionHashModifier
        self.attributes = attributes
        self.relationships = relationships
        self.uniquenessConstraints = uniquenessConstraints
        self.location = location
        self.propertyLocations = propertyLocations
    }

    public func location(of property: String) -> SourceLocation { propertyLocations[property] ?? location }

    public func attribute(named name: String) -> Attribute? { attributes.first { $0.name == name } }
    public func relationship(named name: String) -> Relationship? { relationships.first { $0.name == name } }
}

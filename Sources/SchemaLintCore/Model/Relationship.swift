/// What happens to the destination objects when the source object is deleted.
public enum DeleteRule: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case nullify, cascade, deny, noAction
    public var description: String { rawValue }
    public var coreDataName: String {
        switch self {
        case .nullify: "Nullify"
        case .cascade: "Cascade"
        case .deny: "Deny"
        case .noAction: "No Action"
        }
    }
    public init?(spelling: String) {
        let key = AttributeType.normalize(spelling)
        guard let rule = DeleteRule.allCases.first(where: { AttributeType.normalize($0.rawValue) == key }) else { return nil }
        self = rule
    }
}

/// A relationship from one entity to another.
public struct Relationship: Hashable, Sendable {
    public var name: String
    public var destination: String
    public var inverse: String?
    public var isToMany: Bool
    public var isOrdered: Bool
    public var isOptional: Bool
    public var deleteRule: DeleteRule
    public var minCount: Int?
    public var maxCount: Int?
    public var isTransient: Bool
    public var renamedFrom: String?
    public var deprecation: String?
    /// Where the relationship is declared, and its written properties, relative to its entity:
    /// `Entity.location(of:)` gives the positions in the file.
    public var location: RelativeLocation
    public var propertyLocations: RelativePropertyLocations

    public init(
        name: String, destination: String, inverse: String? = nil, isToMany: Bool = false,
        isOrdered: Bool = false, isOptional: Bool = true, deleteRule: DeleteRule = .nullify,
        minCount: Int? = nil, maxCount: Int? = nil, isTransient: Bool = false,
        renamedFrom: String? = nil, deprecation: String? = nil,
        location: RelativeLocation, propertyLocations: RelativePropertyLocations = [:]
    ) {
        self.name = name
        self.destination = destination
        self.inverse = inverse
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.deleteRule = deleteRule
        self.minCount = minCount
        self.maxCount = maxCount
        self.isTransient = isTransient
        self.renamedFrom = renamedFrom
        self.deprecation = deprecation
        self.location = location
        self.propertyLocations = propertyLocations
    }

    public func location(of property: String) -> RelativeLocation { propertyLocations[property] ?? location }
}

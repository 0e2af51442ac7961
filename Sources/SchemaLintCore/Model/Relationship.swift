/// What happens to the destination objects when the source object is deleted.
package enum DeleteRule: String, CaseIterable, Hashable, Sendable, CustomStringConvertible, Codable {
    case nullify, cascade, deny, noAction
    package var description: String { rawValue }
    package var coreDataName: String {
        switch self {
        case .nullify: "Nullify"
        case .cascade: "Cascade"
        case .deny: "Deny"
        case .noAction: "No Action"
        }
    }
    package init?(spelling: String) {
        let key = AttributeType.normalize(spelling)
        guard let rule = DeleteRule.allCases.first(where: { AttributeType.normalize($0.rawValue) == key }) else { return nil }
        self = rule
    }
}

/// A relationship from one entity to another.
package struct Relationship: Hashable, Sendable, Codable {
    package var name: String
    package var destination: String
    package var inverse: String?
    package var isToMany: Bool
    package var isOrdered: Bool
    package var isOptional: Bool
    package var deleteRule: DeleteRule
    package var minCount: Int?
    package var maxCount: Int?
    package var isTransient: Bool
    package var renamedFrom: String?
    package var deprecation: String?
    /// Where the relationship is declared, and its written properties, relative to its entity:
    /// `Entity.location(of:)` gives the positions in the file.
    package var location: RelativeLocation
    package var propertyLocations: RelativePropertyLocations

    package init(
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

    package func location(of property: String) -> RelativeLocation { propertyLocations[property] ?? location }
}

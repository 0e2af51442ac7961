/// A model element as it stands in one version.
public enum Element: Sendable {
    case entity(Entity)
    case attribute(Attribute)
    case relationship(Relationship)

    public var name: String {
        switch self {
        case .entity(let entity): entity.name
        case .attribute(let attribute): attribute.name
        case .relationship(let relationship): relationship.name
        }
    }

    /// Where the element is declared, given the entity that holds it (the entity itself for an entity).
    public func location(in entity: Entity) -> SourceLocation {
        switch self {
        case .entity(let entity): entity.location
        case .attribute(let attribute): entity.location(of: attribute)
        case .relationship(let relationship): entity.location(of: relationship)
        }
    }

    /// Where one of the element's properties is written, else the element, given its entity.
    public func location(of property: String, in entity: Entity) -> SourceLocation {
        switch self {
        case .entity(let entity): entity.location(of: property)
        case .attribute(let attribute): entity.location(of: property, of: attribute)
        case .relationship(let relationship): entity.location(of: property, of: relationship)
        }
    }

    /// "entity", "attribute" or "relationship", for messages.
    public var kind: String {
        switch self {
        case .entity: "entity"
        case .attribute: "attribute"
        case .relationship: "relationship"
        }
    }

    public var entity: Entity? { if case .entity(let value) = self { value } else { nil } }
    public var attribute: Attribute? { if case .attribute(let value) = self { value } else { nil } }
    public var relationship: Relationship? { if case .relationship(let value) = self { value } else { nil } }

    /// Transient elements are not stored, so changing them affects neither stores nor CloudKit.
    public var isTransient: Bool { attribute?.isTransient ?? relationship?.isTransient ?? false }

    public var deprecation: String? {
        switch self {
        case .entity(let entity): entity.deprecation
        case .attribute(let attribute): attribute.deprecation
        case .relationship(let relationship): relationship.deprecation
        }
    }
}

/// One typed difference between an older and a newer version of a model.
public struct Change: Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case entityAdded, entityRemoved, entityRenamed
        case entityParentChanged, entityAbstractChanged, entityVersionHashModifierChanged, entityUniquenessChanged
        /// The entity moved between a synced and a local configuration (its store changed).
        case entitySyncChanged
        case attributeAdded, attributeRemoved, attributeRenamed
        case attributeTypeChanged, attributeOptionalityChanged, attributeDefaultChanged, attributeTransienceChanged
        case attributeTransformerChanged, attributeCloudEncryptionChanged, attributeVersionHashModifierChanged
        case relationshipAdded, relationshipRemoved, relationshipRenamed
        case relationshipDestinationChanged, relationshipCardinalityChanged, relationshipOrderedChanged
        case relationshipInverseChanged, relationshipDeleteRuleChanged, relationshipOptionalityChanged
        case relationshipTransienceChanged
    }

    public var kind: Kind
    /// The element in the newer version's names (the older names for a removal).
    public var path: ElementPath
    /// The element in the older version's names (differs from `path` when it or its entity was renamed).
    public var oldPath: ElementPath?
    /// The element in the older version (nil when added).
    public var old: Element?
    /// The element in the newer version (nil when removed).
    public var new: Element?
    /// Where to report it in the newer file: the changed property, the element, or for a removal the
    /// place that used to hold it.
    public var location: SourceLocation
    /// Where the element stood in the older version (nil when added).
    public var oldLocation: SourceLocation?

    public init(kind: Kind, path: ElementPath, oldPath: ElementPath?, old: Element?, new: Element?, location: SourceLocation, oldLocation: SourceLocation?) {
        self.kind = kind
        self.path = path
        self.oldPath = oldPath
        self.old = old
        self.new = new
        self.location = location
        self.oldLocation = oldLocation
    }
}

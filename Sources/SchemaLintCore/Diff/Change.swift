/// A model element as it stands in one version.
package enum Element: Sendable {
    case entity(Entity)
    case attribute(Attribute)
    case relationship(Relationship)

    package var name: String {
        switch self {
        case .entity(let entity): entity.name
        case .attribute(let attribute): attribute.name
        case .relationship(let relationship): relationship.name
        }
    }

    /// Where the element is declared, given the entity that holds it (the entity itself for an entity).
    package func location(in entity: Entity) -> SourceLocation {
        switch self {
        case .entity(let entity): entity.location
        case .attribute(let attribute): entity.location(of: attribute)
        case .relationship(let relationship): entity.location(of: relationship)
        }
    }

    /// Where one of the element's properties is written, else the element, given its entity.
    package func location(of property: String, in entity: Entity) -> SourceLocation {
        switch self {
        case .entity(let entity): entity.location(of: property)
        case .attribute(let attribute): entity.location(of: property, of: attribute)
        case .relationship(let relationship): entity.location(of: property, of: relationship)
        }
    }

    /// "entity", "attribute" or "relationship", for messages.
    package var kind: String {
        switch self {
        case .entity: "entity"
        case .attribute: "attribute"
        case .relationship: "relationship"
        }
    }

    package var entity: Entity? { if case .entity(let value) = self { value } else { nil } }
    package var attribute: Attribute? { if case .attribute(let value) = self { value } else { nil } }
    package var relationship: Relationship? { if case .relationship(let value) = self { value } else { nil } }

    /// Transient elements are not stored, so changing them affects neither stores nor CloudKit.
    package var isTransient: Bool { attribute?.isTransient ?? relationship?.isTransient ?? false }

    package var deprecation: String? {
        switch self {
        case .entity(let entity): entity.deprecation
        case .attribute(let attribute): attribute.deprecation
        case .relationship(let relationship): relationship.deprecation
        }
    }
}

/// One typed difference between an older and a newer version of a model.
package struct Change: Sendable {
    package enum Kind: String, CaseIterable, Hashable, Sendable {
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

    /// The change's properties, out of line: a change is copied into each comparison and rule that
    /// looks at it, and a copy then retains one reference instead of both elements' strings.
    private var stored: OutOfLine<Stored>

    private struct Stored: Sendable {
        var kind: Kind
        var path: ElementPath
        var oldPath: ElementPath?
        var old: Element?
        var new: Element?
        var location: SourceLocation
        var oldLocation: SourceLocation?
        var isReidentified = false
    }

    package var kind: Kind {
        get { stored.value.kind }
        _modify { yield &stored.value.kind }
    }
    /// The element in the newer version's names (the older names for a removal).
    package var path: ElementPath {
        get { stored.value.path }
        _modify { yield &stored.value.path }
    }
    /// The element in the older version's names (differs from `path` when it or its entity was renamed).
    package var oldPath: ElementPath? {
        get { stored.value.oldPath }
        _modify { yield &stored.value.oldPath }
    }
    /// The element in the older version (nil when added).
    package var old: Element? {
        get { stored.value.old }
        _modify { yield &stored.value.old }
    }
    /// The element in the newer version (nil when removed).
    package var new: Element? {
        get { stored.value.new }
        _modify { yield &stored.value.new }
    }
    /// Where to report it in the newer file: the changed property, the element, or for a removal the
    /// place that used to hold it.
    package var location: SourceLocation {
        get { stored.value.location }
        _modify { yield &stored.value.location }
    }
    /// Where the element stood in the older version (nil when added).
    package var oldLocation: SourceLocation? {
        get { stored.value.oldLocation }
        _modify { yield &stored.value.oldLocation }
    }

    /// A removal or an addition of an element that both versions have under one name, which Core
    /// Data does not pair because their renaming identifiers differ (`NameMatcher`).
    package var isReidentified: Bool {
        get { stored.value.isReidentified }
        _modify { yield &stored.value.isReidentified }
    }

    package init(kind: Kind, path: ElementPath, oldPath: ElementPath?, old: Element?, new: Element?, location: SourceLocation, oldLocation: SourceLocation?) {
        stored = OutOfLine(Stored(kind: kind, path: path, oldPath: oldPath, old: old, new: new, location: location, oldLocation: oldLocation))
    }
}

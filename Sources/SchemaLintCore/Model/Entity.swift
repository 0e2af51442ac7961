/// An entity: a CloudKit record type `CD_<root entity>` when synced.
///
/// Only `location` says where the entity stands in its version's file; its written properties and
/// its members' locations are relative to it. A loader that meets the same text of an entity again
/// in a later version reuses the earlier value with that version's `location`: the members are
/// decoded once and their arrays shared (`hasSameMembers(as:)` tells).
package struct Entity: Hashable, Sendable, Codable {
    /// Where the entity is declared (its key or element) in its version's file.
    package var location: SourceLocation

    /// Everything but `location`, out of line: what the versions of an entity reused unchanged
    /// share, so that a copy of an entity (every check of every version makes some) retains one
    /// reference instead of each of its strings and arrays.
    private var shared: OutOfLine<SharedProperties>

    private struct SharedProperties: Hashable, Sendable, Codable {
        var name: String
        var parent: String?
        var isAbstract: Bool
        var renamedFrom: String?
        var deprecation: String?
        var versionHashModifier: String?
        var attributes: [Attribute]
        var relationships: [Relationship]
        var uniquenessConstraints: [[String]]
        var fetchIndexes: [[String]]
        var propertyLocations: RelativePropertyLocations
    }

    package var name: String {
        get { shared.value.name }
        _modify { yield &shared.value.name }
    }
    package var parent: String? {
        get { shared.value.parent }
        _modify { yield &shared.value.parent }
    }
    package var isAbstract: Bool {
        get { shared.value.isAbstract }
        _modify { yield &shared.value.isAbstract }
    }
    package var renamedFrom: String? {
        get { shared.value.renamedFrom }
        _modify { yield &shared.value.renamedFrom }
    }
    package var deprecation: String? {
        get { shared.value.deprecation }
        _modify { yield &shared.value.deprecation }
    }
    package var versionHashModifier: String? {
        get { shared.value.versionHashModifier }
        _modify { yield &shared.value.versionHashModifier }
    }
    /// In declaration order; names are unique within the entity.
    package var attributes: [Attribute] {
        get { shared.value.attributes }
        _modify { yield &shared.value.attributes }
    }
    package var relationships: [Relationship] {
        get { shared.value.relationships }
        _modify { yield &shared.value.relationships }
    }
    /// Uniqueness constraints: each a set of property names, in declaration order.
    package var uniquenessConstraints: [[String]] {
        get { shared.value.uniquenessConstraints }
        _modify { yield &shared.value.uniquenessConstraints }
    }
    /// Fetch indexes (Xcode's `<fetchIndex>`): each the properties it orders by, in order. Outside
    /// the version hash: a store gets a new one only from a migration something else forces.
    package var fetchIndexes: [[String]] {
        get { shared.value.fetchIndexes }
        _modify { yield &shared.value.fetchIndexes }
    }
    /// Where the entity's own properties are written, relative to `location`.
    package var propertyLocations: RelativePropertyLocations {
        get { shared.value.propertyLocations }
        _modify { yield &shared.value.propertyLocations }
    }

    package init(
        name: String, parent: String? = nil, isAbstract: Bool = false, renamedFrom: String? = nil,
        deprecation: String? = nil, versionHashModifier: String? = nil,
        attributes: [Attribute] = [], relationships: [Relationship] = [],
        uniquenessConstraints: [[String]] = [], fetchIndexes: [[String]] = [],
        location: SourceLocation, propertyLocations: RelativePropertyLocations = [:]
    ) {
        self.location = location
        self.shared = OutOfLine(SharedProperties(
            name: name, parent: parent, isAbstract: isAbstract, renamedFrom: renamedFrom, deprecation: deprecation,
            versionHashModifier: versionHashModifier, attributes: attributes, relationships: relationships,
            uniquenessConstraints: uniquenessConstraints, fetchIndexes: fetchIndexes, propertyLocations: propertyLocations
        ))
    }

    /// Where one of the entity's own properties is written, else the entity.
    package func location(of property: String) -> SourceLocation { propertyLocations[property].map(location.resolving) ?? location }

    /// Where a member of this entity is declared.
    package func location(of attribute: Attribute) -> SourceLocation { location.resolving(attribute.location) }
    package func location(of relationship: Relationship) -> SourceLocation { location.resolving(relationship.location) }

    /// Where a property of a member of this entity is written, else the member.
    package func location(of property: String, of attribute: Attribute) -> SourceLocation { location.resolving(attribute.location(of: property)) }
    package func location(of property: String, of relationship: Relationship) -> SourceLocation { location.resolving(relationship.location(of: property)) }

    /// The position in this entity's file of a place relative to it.
    package func location(at relative: RelativeLocation) -> SourceLocation { location.resolving(relative) }

    // Members are compared by name in place: `first(where:)` copies each member it passes.
    package func attribute(named name: String) -> Attribute? {
        let attributes = shared.value.attributes
        for index in attributes.indices where attributes[index].name == name { return attributes[index] }
        return nil
    }
    package func relationship(named name: String) -> Relationship? {
        let relationships = shared.value.relationships
        for index in relationships.indices where relationships[index].name == name { return relationships[index] }
        return nil
    }

    /// The same members and definition as `other` by identity of their storage, which a loader's
    /// reuse of an earlier version's value gives: comparing them would find no difference. False
    /// does not mean they differ.
    package func hasSameMembers(as other: Entity) -> Bool { hasSameDefinition(as: other) || memberStorage == other.memberStorage }

    /// Whether the two entities share their whole stored definition (everything but `location`), as
    /// the versions of an entity a loader reused unchanged do. False does not mean they differ.
    func hasSameDefinition(as other: Entity) -> Bool { shared.isIdentical(to: other.shared) }

    /// Where the members' arrays are stored: equal for entities that share them.
    package var memberStorage: MemberStorage { MemberStorage(self) }

    /// The identity of an entity's member arrays (their buffers and counts). It names the same
    /// members only while an entity holding them is alive: a freed buffer's address is reused.
    package struct MemberStorage: Hashable {
        private let attributes: UnsafeRawPointer?
        private let attributeCount: Int
        private let relationships: UnsafeRawPointer?
        private let relationshipCount: Int

        init(_ entity: Entity) {
            attributes = entity.attributes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            attributeCount = entity.attributes.count
            relationships = entity.relationships.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            relationshipCount = entity.relationships.count
        }
    }
}

/// An entity a version lists whose declaration belongs elsewhere: a SwiftData `VersionedSchema`
/// whose `models` name the live `@Model` class (declared in no schema) or a class nested in
/// another schema. A shipped version must keep the shape it shipped with; one that borrows a
/// declaration changes whenever that declaration does.
package struct BorrowedEntity: Sendable, Hashable, Codable {
    /// The entity's name.
    package var entity: String
    /// The label of the version whose declaration it is; nil for a declaration in no version
    /// (the live type).
    package var owner: String?
    /// Where the version lists it.
    package var location: SourceLocation

    package init(entity: String, owner: String?, location: SourceLocation) {
        self.entity = entity
        self.owner = owner
        self.location = location
    }
}

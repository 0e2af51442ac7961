import Testing
@testable import SchemaLint

/// A renaming identifier is no part of what a store records (the entity version hash): a released
/// version edited in place only in its identifiers still matches the stores it made, while a
/// migration Core Data infers pairs elements by those identifiers.
@Suite struct RenamingIdentifierHashTests {
    static let shipped = """
      Playlist:
        attributes:
          title: {type: string, optional: true}
          order: {type: int16, optional: true}

    """

    @Test func identifiersAloneLeaveTheStoresMatchingButNotPaired() throws {
        let copy = try MigrationCauseTests.version(1, Self.shipped)
        let edited = try MigrationCauseTests.version(1, """
          Playlist:
            renamedFrom: PlaylistV3
            attributes:
              title: {type: string, optional: true, renamedFrom: name}
              order: {type: int16, optional: true}

        """)
        #expect(ReleasedVersionLockRule.changes(from: copy, to: edited, hashedOnly: true).isEmpty)
        #expect(edited.entitiesNeedingMigration(from: copy).isEmpty)
        let migrated = ModelDiffer().changes(from: copy, to: edited)
        #expect(Set(migrated.map(\.kind)) == [.entityRemoved, .entityAdded] && migrated.allSatisfy(\.isReidentified))
    }

    @Test func aShapeChangeBesideAnIdentifierIsStillAChange() throws {
        let copy = try MigrationCauseTests.version(1, Self.shipped)
        let edited = try MigrationCauseTests.version(1, """
          Playlist:
            attributes:
              title: {type: string, optional: true, renamedFrom: name}
              order: {type: int32, optional: true}

        """)
        #expect(ReleasedVersionLockRule.changes(from: copy, to: edited, hashedOnly: true) == ["Playlist: attribute `order`: type `int16` -> `int32`"])
        let migrated = ModelDiffer().changes(from: copy, to: edited)
        #expect(migrated.filter(\.isReidentified).map(\.path.description).sorted() == ["Playlist.title", "Playlist.title"])
    }
}

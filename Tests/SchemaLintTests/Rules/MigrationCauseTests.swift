import Testing
@testable import SchemaLint
@testable import SchemaLintRules

/// Why a store migrates, in the model's terms: what was added, removed, renamed or changed among
/// the inputs of the entity version hash, never "the version hash changed".
@Suite struct MigrationCauseTests {
    static func version(_ number: Int, _ entities: String) throws -> ModelVersion {
        try YAMLModelLoader().load(bytes: Array("model: M\nversion: \(number)\nentities:\n\(entities)".utf8), file: "v\(number).yaml")
    }

    static func describe(_ old: ModelVersion, _ new: ModelVersion) -> String {
        MigrationCause.describe(new.entitiesNeedingMigration(from: old), from: old, to: new)
    }

    @Test func addedRemovedRenamedAndChangedPropertiesAreNamed() throws {
        let old = try Self.version(1, """
          Note:
            attributes:
              title: {type: string, optional: true}
              body: {type: string, optional: true}
              rank: {type: int16, optional: true}
              legacy: {type: string, optional: true}
          Old:
            attributes: {a: {type: string, optional: true}}

        """)
        let new = try Self.version(2, """
          Note:
            attributes:
              heading: {type: string, optional: true, renamedFrom: title}
              body: {type: string, optional: false, default: ""}
              rank: {type: int64, optional: true}
              created: {type: date, optional: true}
          Tag:
            attributes: {name: {type: string, optional: true}}

        """)
        #expect(Self.describe(old, new) == "entity 'Note' (added 'created'; removed 'legacy'; 'title' renamed to 'heading'; 'body' became required; 'rank' changed from int16 to int64), entity 'Old' removed, entity 'Tag' added")
    }

    /// Xcode keeps a property's renaming identifier in every version: an older property that
    /// carries the newer one's identifier is the same property, renamed (Core Data pairs them).
    @Test func aPropertyWithTheSameRenamingIdentifierIsRenamed() throws {
        let old = try Self.version(1, "  Goal:\n    attributes: {lastModifiedLocal: {type: date, optional: true, renamedFrom: lastUpdatedLocal}}\n")
        let new = try Self.version(2, "  Goal:\n    attributes: {lastUpdatedLocal: {type: date, optional: true, renamedFrom: lastUpdatedLocal}, slug: {type: string, optional: true}}\n")
        #expect(Self.describe(old, new) == "entity 'Goal' (added 'slug'; 'lastModifiedLocal' renamed to 'lastUpdatedLocal')")
        // What else changed in the renamed property is said after the rename.
        let retyped = try Self.version(2, "  Goal:\n    attributes: {lastUpdatedLocal: {type: int64, optional: true, renamedFrom: lastUpdatedLocal}}\n")
        #expect(Self.describe(old, retyped) == "entity 'Goal' ('lastModifiedLocal' renamed to 'lastUpdatedLocal'; 'lastUpdatedLocal' changed from date to int64)")
    }

    /// Only inputs of the hash explain a migration: a changed default does not appear, and long
    /// lists are cut with a count.
    @Test func longListsAreCutAndDefaultsAreNotCauses() throws {
        let old = try Self.version(1, "  Note:\n    attributes: {a: {type: string, default: x}}\n")
        let new = try Self.version(2, "  Note:\n    attributes: {a: {type: string, default: y}, b: {type: string, optional: true}, c: {type: string, optional: true}, d: {type: string, optional: true}, e: {type: string, optional: true}}\n")
        #expect(Self.describe(old, new) == "entity 'Note' (added 'b', 'c', 'd' and 1 more)")
    }

    /// An entity renamed with a renaming identifier is one table carried over under a new name,
    /// not one removed and one added; it is counted once among the entities listed.
    @Test func aRenamedEntityIsListedOnceUnderItsNewName() throws {
        let old = try Self.version(1, """
          Stop:
            attributes: {name: {type: string, optional: true}}
          Route:
            attributes: {name: {type: string, optional: true}}

        """)
        let new = try Self.version(2, """
          STStop:
            renamedFrom: Stop
            attributes: {name: {type: string, optional: true}}
          STRoute:
            renamedFrom: Route
            attributes: {name: {type: string, optional: true}, color: {type: string, optional: true}}

        """)
        #expect(Self.describe(old, new) == "entity 'Route' renamed to 'STRoute' (added 'color'), entity 'Stop' renamed to 'STStop'")
    }
}

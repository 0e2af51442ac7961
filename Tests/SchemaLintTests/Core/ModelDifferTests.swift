import Testing
@testable import SchemaLint

@Suite struct ModelDifferTests {
    static func model(_ version: Int, _ entities: String) -> String {
        "model: M\nversion: \(version)\nentities:\n" + entities
    }

    func kinds(_ old: String, _ new: String) throws -> [String] {
        try Lint.changes(Self.model(1, old), Self.model(2, new)).map { "\($0.kind.rawValue) \($0.path)" }.sorted()
    }

    @Test func identicalVersionsHaveNoChanges() throws {
        let entities = "  Note:\n    attributes: {title: string}\n"
        #expect(try kinds(entities, entities) == [])
    }

    @Test func additionsAndRemovals() throws {
        let old = "  Note:\n    attributes: {title: string, body: string}\n  Tag: {}\n"
        let new = "  Note:\n    attributes: {title: string, color: int16}\n  Folder: {}\n"
        #expect(try kinds(old, new) == [
            "attributeAdded Note.color", "attributeRemoved Note.body", "entityAdded Folder", "entityRemoved Tag",
        ])
    }

    @Test func declaredRenamesAreRenames() throws {
        let old = "  Memo:\n    attributes: {title: string}\n    relationships: {folder: {destination: Memo}}\n"
        let new = "  Note:\n    renamedFrom: Memo\n    attributes: {headline: {type: string, renamedFrom: title}}\n    relationships: {group: {destination: Note, renamedFrom: folder}}\n"
        let changes = try Lint.changes(Self.model(1, old), Self.model(2, new))
        #expect(changes.map { "\($0.kind.rawValue) \($0.oldPath!) -> \($0.path)" }.sorted() == [
            "attributeRenamed Memo.title -> Note.headline",
            "entityRenamed Memo -> Note",
            "relationshipRenamed Memo.folder -> Note.group",
        ], "the destination Memo -> Note follows the entity's rename: no destination change")
    }

    /// Xcode keeps a renaming identifier in every later version, sometimes equal to the element's name.
    @Test func staleOrSelfRenamingIdentifiersAreNotRenames() throws {
        let old = "  Note:\n    attributes: {headline: {type: string, renamedFrom: title}, body: string}\n"
        let new = "  Note:\n    attributes: {headline: {type: string, renamedFrom: title}, body: {type: string, renamedFrom: body}}\n"
        #expect(try kinds(old, new) == [])
    }

    @Test func aRenamingIdentifierDoesNotStealAnElementKeptUnderItsName() throws {
        let old = "  Note:\n    attributes: {title: string}\n"
        let new = "  Note:\n    attributes: {title: string, headline: {type: string, renamedFrom: title}}\n"
        #expect(try kinds(old, new) == ["attributeAdded Note.headline"])
    }

    @Test func everyPropertyChangeIsTyped() throws {
        let old = """
          Note:
            attributes:
              a: {type: int16}
              b: {type: string}
              c: {type: string, default: x}
              d: {type: string}
              e: {type: transformable, transformer: T1}
              f: {type: string}
            relationships:
              r: {destination: Note}
              s: {destination: Note}
              t: {destination: Note, toMany: true}
              u: {destination: Note}
          Other: {}

        """
        let new = """
          Note:
            attributes:
              a: {type: int32}
              b: {type: string, optional: false, default: ""}
              c: {type: string, default: y}
              d: {type: string, transient: true}
              e: {type: transformable, transformer: T2}
              f: {type: string, allowsCloudEncryption: true}
            relationships:
              r: {destination: Other}
              s: {destination: Note, toMany: true}
              t: {destination: Note, toMany: true, ordered: true, deleteRule: cascade}
              u: {destination: Note, optional: false}
          Other: {}

        """
        #expect(try kinds(old, new) == [
            "attributeCloudEncryptionChanged Note.f",
            "attributeDefaultChanged Note.b",
            "attributeDefaultChanged Note.c",
            "attributeOptionalityChanged Note.b",
            "attributeTransformerChanged Note.e",
            "attributeTransienceChanged Note.d",
            "attributeTypeChanged Note.a",
            "relationshipCardinalityChanged Note.s",
            "relationshipDeleteRuleChanged Note.t",
            "relationshipDestinationChanged Note.r",
            "relationshipOptionalityChanged Note.u",
            "relationshipOrderedChanged Note.t",
        ])
    }

    @Test func entityPropertyChanges() throws {
        let old = "  Base: {}\n  Note:\n    attributes: {id: uuid}\n"
        let new = "  Base: {}\n  Note:\n    parent: Base\n    abstract: true\n    versionHashModifier: two\n    attributes: {id: uuid}\n    uniqueness: [[id]]\n"
        #expect(try kinds(old, new) == [
            "entityAbstractChanged Note", "entityParentChanged Note", "entityUniquenessChanged Note", "entityVersionHashModifierChanged Note",
        ])
    }

    /// Book keeps both fields (same record type, same fields); plain Items gain `title` and lose `created`.
    @Test func membersMovingAlongTheHierarchyStayWithTheEntitiesThatKeepThem() throws {
        let old = "  Item:\n    attributes: {created: date}\n  Book:\n    parent: Item\n    attributes: {title: string}\n"
        let new = "  Item:\n    attributes: {title: string}\n  Book:\n    parent: Item\n    attributes: {created: date}\n"
        #expect(try kinds(old, new) == ["attributeAdded Item.title", "attributeRemoved Item.created"])
    }

    @Test func changesPointAtTheNewerFile() throws {
        let old = "  Note:\n    attributes:\n      count: int16\n      gone: string\n"
        let new = "  Note:\n    attributes:\n      count: string\n"
        let changes = try Lint.changes(Self.model(1, old), Self.model(2, new))
        let typeChange = try #require(changes.first { $0.kind == .attributeTypeChanged })
        #expect(typeChange.location == SourceLocation(file: "models/v2.yaml", line: 6, column: 14))
        #expect(typeChange.oldLocation == SourceLocation(file: "models/v1.yaml", line: 6, column: 7))
        let removal = try #require(changes.first { $0.kind == .attributeRemoved })
        #expect(removal.location == SourceLocation(file: "models/v2.yaml", line: 5, column: 5), "a removal points at the entity's attributes")
    }
}

import Testing
@testable import SchemaLint

@Suite struct ModelDecoderTests {
    static let notes = """
    model: Notes
    version: 2.1
    label: Spring release
    cloudkit: true
    entities:
      Item:
        abstract: true
        attributes:
          createdAt: {type: date, optional: false, default: "2001-01-01T00:00:10Z"}
      Note:
        parent: Item
        renamedFrom: Memo
        attributes:
          title: string
          body: {type: String, optional: false, default: ""}
          pinned: {type: Boolean, optional: false, default: false}
          size: {type: Integer 16, default: 007}
          legacy: {type: string, deprecated: "replaced by title"}
          tags: {type: transformable, transformer: NSSecureUnarchiveFromData, className: "[String]"}
          height: {type: double, transient: true}
        relationships:
          folder: {destination: Folder, inverse: notes}
          attachments: {destination: Attachment, inverse: note, toMany: true, deleteRule: cascade}
        uniqueness: [[title]]
      Folder:
        relationships:
          notes: {destination: Note, inverse: folder, toMany: true, ordered: true, optional: false, minCount: 1}
      Attachment:
        relationships:
          note: {destination: Note, inverse: attachments}
    configurations:
      Cloud: {cloudkit: true, entities: [Note, Folder]}
      Local: {entities: [Attachment]}
    """

    @Test func decodesEveryPartOfTheFormat() throws {
        let version = try YAMLModelLoader().load(bytes: Array(Self.notes.utf8), file: "m/notes.yaml")
        #expect(version.model == "Notes")
        #expect(version.version == VersionNumber("2.1"))
        #expect(version.label == "Spring release")
        #expect(version.isReleased)
        #expect(version.usesCloudKit)
        #expect(version.entities.map(\.name) == ["Item", "Note", "Folder", "Attachment"])

        let item = try #require(version.entity(named: "Item"))
        #expect(item.isAbstract)
        #expect(item.attribute(named: "createdAt")?.defaultValue == "10")

        let note = try #require(version.entity(named: "Note"))
        #expect(note.parent == "Item")
        #expect(note.renamedFrom == "Memo")
        #expect(note.location == SourceLocation(file: "m/notes.yaml", line: 10, column: 3))
        let title = try #require(note.attribute(named: "title"))
        #expect(title.type == .string && title.isOptional && title.defaultValue == nil)
        #expect(note.location(of: "type", of: title) == SourceLocation(file: "m/notes.yaml", line: 14, column: 14))
        let body = try #require(note.attribute(named: "body"))
        #expect(body.type == .string && !body.isOptional && body.defaultValue == "")
        #expect(note.attribute(named: "pinned")?.defaultValue == "false")
        #expect(note.attribute(named: "size")?.type == .int16)
        #expect(note.attribute(named: "size")?.defaultValue == "7")
        #expect(note.attribute(named: "legacy")?.deprecation == "replaced by title")
        let tags = try #require(note.attribute(named: "tags"))
        #expect(tags.transformer == "NSSecureUnarchiveFromData" && tags.className == "[String]")
        #expect(note.attribute(named: "height")?.isTransient == true)
        #expect(note.uniquenessConstraints == [["title"]])

        let attachments = try #require(note.relationship(named: "attachments"))
        #expect(attachments.destination == "Attachment" && attachments.inverse == "note")
        #expect(attachments.isToMany && attachments.deleteRule == .cascade && attachments.isOptional)
        let folderNotes = try #require(version.entity(named: "Folder")?.relationship(named: "notes"))
        #expect(folderNotes.isOrdered && !folderNotes.isOptional && folderNotes.minCount == 1)

        #expect(version.configurations.map(\.name) == ["Cloud", "Local"])
        #expect(version.configurations[0].usesCloudKit && version.configurations[0].entities == ["Note", "Folder"])
        #expect(!version.configurations[1].usesCloudKit)
    }

    @Test func draftsAndLocalModels() throws {
        let version = try YAMLModelLoader().load(bytes: Array("model: M\nversion: 3\nreleased: false\nentities: {}\n".utf8), file: "d.yaml")
        #expect(!version.isReleased && !version.usesCloudKit && version.entities.isEmpty)
        #expect(version.displayName == "version 3")
    }

    @Test func aComputedDefaultIsADefaultKeptAsWritten() throws {
        let text = "model: M\nversion: 1\nentities:\n  Task:\n    attributes:\n      due: {type: date, optional: false, computedDefault: Date.now}\n      tags: {type: transformable, optional: false, computedDefault: \"[]\"}\n      uid: {type: string, optional: false, computedDefault: UUID().uuidString}\n      title: {type: string, default: Untitled}\n"
        let task = try #require(try YAMLModelLoader().load(bytes: Array(text.utf8), file: "m.yaml").entity(named: "Task"))
        #expect(task.attribute(named: "due")?.defaultValue == "Date.now")
        #expect(task.attribute(named: "uid")?.defaultIsComputed == true, "a string set by code is no string value")
        #expect(task.attribute(named: "title")?.defaultIsComputed == false)
        #expect(task.attribute(named: "tags")?.defaultValue == "[]", "any type, even one that takes no `default:`")
        let both = Lint.loadError("model: M\nversion: 1\nentities:\n  Task:\n    attributes:\n      due: {type: date, default: 0, computedDefault: Date.now}\n")
        #expect(both?.message == "attribute 'Task.due' has both 'default' and 'computedDefault'; give one")
        #expect(both?.line == 6)
    }

    /// Each bad input: the file, the position and the words a person needs.
    @Test(arguments: [
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: {type: string, optinal: true}\n",
         6, 29, "unknown key 'optinal' in attribute 'Note.title'; did you mean 'optional'?"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: {type: string, optional: maybe}\n",
         6, 39, "'optional' of attribute 'Note.title' must be true or false, found 'maybe'"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: strng\n",
         6, 14, "unknown attribute type 'strng' for attribute 'Note.title'; did you mean 'string'?"),
        ("version: 1\nentities: {}\n", 1, 1, "the model file is missing the required key 'model'"),
        ("model: M\nentities: {}\n", 1, 1, "the model file is missing the required key 'version'"),
        ("model: M\nversion: 1\n", 1, 1, "the model file is missing the required key 'entities'"),
        ("model: M\nversion: v2\nentities: {}\n", 2, 10, "'version' must be a whole number or dotted numbers such as 3 or 2.1, found 'v2'"),
        ("model: M\nversion: 1\nentitys: {}\n", 3, 1, "unknown key 'entitys' in the model file; did you mean 'entities'?"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    relationships:\n      folder: {destination: Foldr}\n",
         6, 29, "relationship 'Note.folder' points to unknown entity 'Foldr'"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    parent: Base\n", 5, 13, "entity 'Note' has unknown parent 'Base'"),
        ("model: M\nversion: 1\nentities:\n  A: {parent: B}\n  B: {parent: A}\n", 4, 15, "inheritance cycle: A -> B -> A"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      count: {type: int16, default: many}\n",
         6, 37, "the default of attribute 'Note.count' must be a whole number in the range of int16, found 'many'"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      count: {type: int16, default: 40000}\n",
         6, 37, "the default of attribute 'Note.count' must be a whole number in the range of int16, found '40000'"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      blob: {type: binary, default: x}\n",
         6, 37, "attribute 'Note.blob' of type binary cannot have a default value"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    relationships:\n      folder: {destination: Note, deleteRule: casade}\n",
         6, 47, "unknown delete rule 'casade' in relationship 'Note.folder'; use one of nullify, cascade, deny, noAction; did you mean 'cascade'?"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes: [title]\n", 5, 17, "the attributes of entity 'Note' must be a mapping, found a list"),
        ("model: M\nversion: 1\nentities:\n  my note: {}\n", 4, 3, "'my note' is not a valid entity name (use letters, digits and '_', not starting with a digit)"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes: {title: string}\n    relationships: {title: {destination: Note}}\n",
         6, 21, "entity 'Note' has both an attribute and a relationship named 'title'"),
        ("model: M\nversion: 1\nentities:\n  Note: {uniqueness: [[ident]]}\n", 4, 10, "uniqueness constraint of entity 'Note' names unknown property 'ident'"),
        ("model: M\nversion: 1\nentities:\n  Note: {}\nconfigurations:\n  Cloud: {cloudkit: true, entities: [Nte]}\n",
         6, 3, "configuration 'Cloud' lists unknown entity 'Nte'; did you mean 'Note'?"),
        ("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: {type: string, className: X}\n",
         6, 29, "'className' applies only to transformable attributes, and attribute 'Note.title' is string"),
    ] as [(String, Int, Int, String)])
    func badInputIsOneClearMessage(text: String, line: Int, column: Int, message: String) {
        let error = Lint.loadError(text)
        #expect(error?.file == "models/v1.yaml")
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func inverseMustPointBack() {
        let text = """
        model: M
        version: 1
        entities:
          Note:
            relationships:
              folder: {destination: Folder, inverse: notes}
          Folder:
            relationships:
              notes: {destination: Tag, toMany: true}
          Tag: {}
        """
        let error = Lint.loadError(text)
        #expect(error?.message == "the inverse 'Folder.notes' of relationship 'Note.folder' points to 'Tag', not back to 'Note'")
        #expect(error?.position == "models/v1.yaml:6:46")
        #expect(error?.notes == ["'Folder.notes' is declared at models/v1.yaml:9:7"])
    }

    /// Xcode builds a model whose inverse names another relationship as its own inverse (with a
    /// warning), and real models have it: only the destination must point back.
    @Test func anInverseNeedNotNameThisRelationshipInTurn() {
        let text = """
        model: M
        version: 1
        entities:
          Artist:
            relationships:
              thumbnail: {destination: Image, inverse: thumbnail}
          Image:
            relationships:
              thumbnail: {destination: Artist, inverse: thumbnail}
              artist: {destination: Artist, inverse: thumbnail}
        """
        #expect(Lint.loadError(text) == nil)
    }

    @Test func inverseMustExist() {
        let text = "model: M\nversion: 1\nentities:\n  Note:\n    relationships:\n      folder: {destination: Folder, inverse: notes}\n  Folder: {}\n"
        #expect(Lint.loadError(text)?.message == "the inverse 'notes' of relationship 'Note.folder' does not exist in entity 'Folder'")
    }

    @Test func duplicateVersionsOfAModelAreAnError() throws {
        let versions = try Lint.versions(["model: M\nversion: 2\nentities: {}\n", "model: M\nversion: 2.0\nentities: {}\n"])
        #expect(throws: InputError.self) { try ModelHistory.histories(of: versions) }
        do {
            _ = try ModelHistory.histories(of: versions)
        } catch {
            #expect(error.message == "model 'M' has two files for version 2.0")
            #expect(error.position == "models/v2.yaml:2:10")
            #expect(error.notes == ["the other is models/v1.yaml:2:10"])
        }
    }
}

import Testing
@testable import SchemaLint

/// One change is one finding: a relationship removed with its inverse, or with the entity it led
/// to, is reported once, naming what went with it.
@Suite struct OneChangeOneFindingTests {
    static let folderAndNotes = """
    model: Notes
    version: 1
    entities:
      Folder:
        attributes: {name: {type: string, optional: true}}
        relationships:
          notes: {destination: Note, inverse: folder, toMany: true}
      Note:
        attributes: {title: {type: string, optional: true}}
        relationships:
          folder: {destination: Folder, inverse: notes}
      Tag:
        attributes: {label: {type: string, optional: true}}
        relationships:
          note: {destination: Note}
    """

    /// Version 2 without the folder's link to its notes; with `keepingNote: false`, without
    /// `Note` (and so without every relationship to it) too.
    static func removals(keepingNote: Bool) throws -> [Finding] {
        let note = keepingNote ? "  Note:\n    attributes: {title: {type: string, optional: true}}\n" : ""
        let tag = keepingNote ? "  Tag:\n    attributes: {label: {type: string, optional: true}}\n    relationships:\n      note: {destination: Note}\n"
            : "  Tag:\n    attributes: {label: {type: string, optional: true}}\n"
        let next = "model: Notes\nversion: 2\nentities:\n  Folder:\n    attributes: {name: {type: string, optional: true}}\n" + note + tag
        return try Lint.findings([folderAndNotes, next]).filter { $0.ruleID.hasSuffix("-removed") }
    }

    @Test func aRelationshipRemovedWithItsInverseIsOneFinding() throws {
        let findings = try Self.removals(keepingNote: true)
        #expect(findings.map(\.message) == ["relationship 'Folder.notes' and its inverse 'Note.folder' were removed; their stored data is dropped when a store migrates to version 2"])
    }

    /// Version `version` of a synced model whose notes and tags are linked both ways: `tags` and
    /// `notes` with the delete rules, ordering and names given.
    static func linked(_ version: Int, cloudkit: Bool = true, rules: (String, String) = ("nullify", "nullify"), ordered: Bool = false, names: (String, String) = ("tags", "notes"), renamed: Bool = false) -> String {
        let from = renamed ? (", renamedFrom: tags", ", renamedFrom: notes") : ("", "")
        return """
        model: Notes
        version: \(version)
        cloudkit: \(cloudkit)
        entities:
          Note:
            attributes: {title: {type: string, optional: true}}
            relationships:
              \(names.0): {destination: Tag, inverse: \(names.1), toMany: true, ordered: \(ordered), deleteRule: \(rules.0)\(from.0)}
          Tag:
            attributes: {label: {type: string, optional: true}}
            relationships:
              \(names.1): {destination: Note, inverse: \(names.0), toMany: true, ordered: \(ordered), deleteRule: \(rules.1)\(from.1)}
        """
    }

    @Test func aDeleteRuleChangedAtBothEndsIsOneFinding() throws {
        let findings = try Lint.findings([Self.linked(1), Self.linked(2, rules: ("cascade", "cascade"))]).filter { $0.ruleID == "delete-rule-changed" }
        #expect(findings.map(\.message) == ["relationship 'Note.tags' changed its delete rule from nullify to cascade, and its inverse 'Tag.notes' from nullify to cascade; apps still on version 1 keep deleting with nullify, so deleting the same object has different effects depending on the device"])
        #expect(findings.first?.notes.map(\.message).contains("'Tag.notes' as version 2 declares it") == true)
        // One end alone is that end's finding.
        let one = try Lint.findings([Self.linked(1), Self.linked(2, rules: ("nullify", "cascade"))]).filter { $0.ruleID == "delete-rule-changed" }
        #expect(one.map(\.message) == ["relationship 'Tag.notes' changed its delete rule from nullify to cascade; apps still on version 1 keep deleting with nullify, so deleting the same object has different effects depending on the device"])
    }

    @Test func anOrderChangedAtBothEndsIsOneFinding() throws {
        let findings = try Lint.findings([Self.linked(1, cloudkit: false), Self.linked(2, cloudkit: false, ordered: true)]).filter { $0.ruleID == "relationship-ordered-changed" }
        #expect(findings.map(\.message) == ["relationship 'Note.tags' and its inverse 'Tag.notes' became ordered; lightweight migration infers it, with the existing objects in no particular order"])
        let synced = try Lint.findings([Self.linked(1, ordered: true), Self.linked(2)]).filter { $0.ruleID == "relationship-ordered-changed" }
        #expect(synced.map(\.message) == ["relationship 'Note.tags' and its inverse 'Tag.notes' are no longer ordered; apps still on version 1 were built for ordered relationships, which CloudKit never stored, so their model cannot sync"])
        #expect(synced.first?.suggestions == ["keep the order in an attribute of 'Tag' and 'Note' (say 'position', double, default 0)"])
    }

    @Test func aLinkRenamedAtBothEndsIsOneFinding() throws {
        let findings = try Lint.findings([Self.linked(1), Self.linked(2, names: ("labels", "items"), renamed: true)]).filter { $0.ruleID == "relationship-renamed" }
        #expect(findings.map(\.message) == ["relationship 'Note.tags' was renamed to 'labels', and its inverse 'Tag.notes' to 'items'; CloudKit stores the link under the new name, which apps still on version 1 never write, while they keep writing CD_tags"])
        // One-to-many: the to-one end is what CloudKit stores, and it names the to-many end too.
        let folders = try Lint.findings([
            "model: Notes\nversion: 1\ncloudkit: true\nentities:\n  Folder:\n    relationships:\n      notes: {destination: Note, inverse: folder, toMany: true}\n  Note:\n    relationships:\n      folder: {destination: Folder, inverse: notes}\n",
            "model: Notes\nversion: 2\ncloudkit: true\nentities:\n  Folder:\n    relationships:\n      items: {destination: Note, inverse: group, toMany: true, renamedFrom: notes}\n  Note:\n    relationships:\n      group: {destination: Folder, inverse: items, renamedFrom: folder}\n",
        ]).filter { $0.ruleID == "relationship-renamed" }
        #expect(folders.map(\.message) == ["relationship 'Note.folder' was renamed to 'group', and its inverse 'Folder.notes' to 'items'; CloudKit stores the link under the new name, which apps still on version 1 never write, while they keep writing CD_folder"])
    }

    /// The to-many side removed, its to-one inverse kept: the links are the inverse's column, and
    /// stay (its inverse then names nothing, which a change of its own reports).
    @Test func aToManySideRemovedKeepsTheLinksInItsInverse() throws {
        let next = """
        model: Notes
        version: 2
        entities:
          Folder:
            attributes: {name: {type: string, optional: true}}
          Note:
            attributes: {title: {type: string, optional: true}}
            relationships:
              folder: {destination: Folder}
          Tag:
            attributes: {label: {type: string, optional: true}}
            relationships:
              note: {destination: Note}
        """
        let removed = try Lint.findings([Self.folderAndNotes, next]).filter { $0.ruleID == "relationship-removed" }
        #expect(removed.map(\.message) == ["relationship 'Folder.notes' was removed; a to-many relationship keeps no column of its own, and the links stay in its inverse 'Note.folder', which version 2 keeps"])
    }

    @Test func relationshipsToARemovedEntityGoWithItsRemoval() throws {
        let findings = try Self.removals(keepingNote: false)
        #expect(findings.map(\.ruleID) == ["entity-removed"])
        #expect(findings.first?.notes.map(\.message).contains("the relationships to it went with it: 'Folder.notes', 'Tag.note'") == true)
    }

    /// Two relationships that became each other's inverse are one finding naming both ends.
    @Test func twoRelationshipsPairedAsInversesAreOneFinding() throws {
        func version(_ number: Int, paired: Bool) -> String {
            """
            model: Budgets
            version: \(number)
            entities:
              Budget:
                relationships: {category: {destination: Category, optional: true\(paired ? ", inverse: budget" : "")}}
              Category:
                relationships: {budget: {destination: Budget, optional: true\(paired ? ", inverse: category" : "")}}
            """
        }
        let findings = try Lint.findings([version(1, paired: false), version(2, paired: true)]).filter { $0.ruleID == "relationship-inverse-changed" }
        #expect(findings.map(\.message) == ["relationships 'Budget.category' and 'Category.budget' became each other's inverse (before: none and none); lightweight migration pairs the relationships anew, and existing links survive only where the old inverse matches the new one"])
    }

    /// In a synced store, relationships that follow a class renamed without a renaming identifier
    /// (the old entity removed, the new one added) are that removal's notes, not errors each, and
    /// the note says the step's migration on the device, which cannot follow them, fails.
    @Test func relationshipsFollowingAReplacedEntityAreItsRemovalsNotes() throws {
        func version(_ number: Int, profile: String) -> String {
            """
            model: Fitness
            version: \(number)
            cloudkit: true
            entities:
              \(profile):
                attributes: {name: {type: string, optional: true}}
              Meal:
                relationships: {profile: {destination: \(profile), optional: true}}
              Workout:
                relationships: {profile: {destination: \(profile), optional: true}}
            """
        }
        let findings = try Lint.findings([version(1, profile: "ProfileV1"), version(2, profile: "ProfileV2")]).filter { $0.severity == .error && $0.ruleID != "cloudkit-missing-inverse" }
        #expect(findings.map(\.ruleID) == ["entity-removed"])
        #expect(findings.first?.notes.map(\.message).contains("the relationships to it now point to 'ProfileV2', added in version 2: 'Meal.profile', 'Workout.profile'; lightweight migration cannot infer a change of destination, so it cannot migrate a store of version 1 to version 2 on its own") == true, "\(findings)")
    }

    /// A local store: lightweight migration infers a move within one hierarchy (a note), and
    /// leaving a hierarchy stays a warning.
    @Test func aMoveWithinAHierarchyIsANoteInALocalStore() throws {
        func version(_ number: Int, songParent: String, bookParent: String) -> String {
            """
            model: Library
            version: \(number)
            entities:
              Item: {abstract: true, attributes: {title: {type: string, optional: true}}}
              Playable: {parent: Item, abstract: true, attributes: {duration: {type: double, optional: true}}}
              Song: {\(songParent)attributes: {artist: {type: string, optional: true}}}
              Book: {\(bookParent)attributes: {author: {type: string, optional: true}}}
            """
        }
        let findings = try Lint.findings([
            version(1, songParent: "parent: Item, ", bookParent: "parent: Item, "),
            version(2, songParent: "parent: Playable, ", bookParent: ""),
        ]).filter { $0.ruleID == "entity-parent-changed" }
        #expect(findings.map(\.severity) == [.note, .warning])
        #expect(findings.map(\.path?.description) == ["Song", "Book"])
        #expect(findings.last?.message.contains("leaving the hierarchy of 'Item'") == true)
    }

    /// One commit that moves an entity's transformable attributes to other transformers is one
    /// finding for the entity, naming each; another entity's change is its own.
    @Test func transformerChangesOfOneEntityAreOneFinding() throws {
        func version(_ number: Int, _ transformers: [String?]) -> String {
            let attributes = transformers.enumerated().map { index, transformer in
                "a\(index): {type: transformable, optional: true\(transformer.map { ", transformer: \($0)" } ?? "")}"
            }
            return "model: Store\nversion: \(number)\nentities:\n  Download:\n    attributes: {\(attributes.prefix(3).joined(separator: ", "))}\n  Bookmark:\n    attributes: {\(attributes.dropFirst(3).joined(separator: ", "))}\n"
        }
        let findings = try Lint.findings([
            version(1, ["URLTransformer", "URLTransformer", "ErrorTransformer", "ImageTransformer"]),
            version(2, [nil, nil, nil, nil]),
        ]).filter { $0.ruleID == "attribute-transformer-changed" }
        #expect(findings.map(\.path?.description) == ["Download", "Bookmark.a3"])
        #expect(findings.first?.message == "3 attributes of 'Download' changed their value transformer or class: 'a0' (transformer 'URLTransformer' to none), 'a1' (transformer 'URLTransformer' to none), 'a2' (transformer 'ErrorTransformer' to none); the version hash does not cover it, so no migration runs and values stored the old way are decoded the new way")
        #expect(findings.first?.notes.count == 3)
    }

    /// The attributes one step adds to an entity as required with no default are one finding for
    /// the entity, naming each; one made required beside them says so; another entity's own.
    @Test func requiredAttributesWithoutDefaultOfOneEntityAreOneFinding() throws {
        let findings = try Lint.findings([
            "model: Outbox\nversion: 1\nentities:\n  Event:\n    attributes: {kind: string, note: {type: string, optional: true}}\n  Batch:\n    attributes: {name: string}\n",
            "model: Outbox\nversion: 2\nentities:\n  Event:\n    attributes: {kind: string, note: {type: string, optional: false}, entityID: {type: uuid, optional: false}, attempts: {type: int16, optional: false}}\n  Batch:\n    attributes: {name: string, size: {type: int32, optional: false}}\n",
        ]).filter { $0.ruleID == "attribute-required-without-default" }
        #expect(findings.compactMap(\.path?.description).sorted() == ["Batch.size", "Event"])
        let merged = try #require(findings.first { $0.path?.description == "Event" })
        #expect(merged.message == "3 attributes of 'Event' are required with no default, added or made so: 'note', 'entityID', 'attempts'; existing objects have no value for the added ones, so lightweight migration fails")
        #expect(merged.notes.map(\.message) == ["'Event.note' is declared here", "'Event.entityID' is declared here", "'Event.attempts' is declared here"])
        #expect(merged.suggestions == ["make each of 'note', 'entityID', 'attempts' optional, or give it a default value (`default:`)"])
    }

    /// The attributes one step removes from an entity, each a note that says the same, are one
    /// note for the entity naming each; one that looks renamed keeps its own note and advice; a
    /// synced entity's removals stay errors of their own.
    @Test func attributesRemovedFromOneEntityAreOneNote() throws {
        let findings = try Lint.findings([
            "model: Notes\nversion: 1\nentities:\n  Note:\n    attributes: {title: string, body: string, color: string, pinnedAt: date}\n  Tag:\n    attributes: {label: string, hue: string}\n",
            "model: Notes\nversion: 2\nentities:\n  Note:\n    attributes: {title: string, pinnedDate: date}\n  Tag:\n    attributes: {label: string}\n",
        ]).filter { $0.ruleID == "attribute-removed" }
        #expect(findings.compactMap(\.path?.description).sorted() == ["Note", "Note.pinnedAt", "Tag.hue"])
        let merged = try #require(findings.first { $0.path?.description == "Note" })
        #expect(merged.message == "2 attributes of 'Note' were removed: 'body', 'color'; their stored data is dropped when a store migrates to version 2")
        #expect(merged.notes.map(\.message) == ["'Note.body' as declared in version 1", "'Note.color' as declared in version 1"])
        let renamed = try #require(findings.first { $0.path?.description == "Note.pinnedAt" })
        #expect(renamed.suggestions.count == 1)
    }
}

import Foundation
import SyntheticHistory
import Testing
@testable import SchemaLint

/// `EntityComparisons`: what comparing an older version's entity with a newer version found is
/// reused for the next older version that holds the same entity, and gives what comparing it
/// again would: the same changes, positions included, and none reused where the older version
/// around the entity differs.
@Suite struct EntityComparisonsTests {
    static func model(_ version: Int, _ entities: String) -> String {
        "model: M\nversion: \(version)\nentities:\n" + entities
    }

    /// Every change's kind, paths, positions and elements, to compare two lists of changes.
    static func described(_ changes: [Change]) -> [String] {
        changes.map { change in
            func element(_ element: Element?) -> String {
                switch element {
                case .entity(let entity): "entity \(entity.hashValue) at \(entity.location)"
                case .attribute(let attribute): "attribute \(attribute.hashValue)"
                case .relationship(let relationship): "relationship \(relationship.hashValue)"
                case nil: "none"
                }
            }
            return "\(change.kind) \(change.path) from \(change.oldPath.map(String.init(describing:)) ?? "-") at \(change.location) was \(change.oldLocation.map(String.init(describing:)) ?? "-") \(element(change.old)) -> \(element(change.new))"
        }
    }

    /// Each older version compared with the newest in turn, oldest first, as
    /// `migration-path-not-inferable` does: with reuse and without, and how many reuses there were.
    static func jumps(_ versions: [ModelVersion]) -> (reused: [[String]], plain: [[String]], reuses: Int) {
        var comparisons: EntityComparisons? = EntityComparisons()
        var reused: [[String]] = [], plain: [[String]] = []
        let newest = versions[versions.count - 1]
        for old in versions.dropLast() {
            reused.append(described(ModelDiffer().changes(from: old, to: newest, reusing: &comparisons)))
            plain.append(described(ModelDiffer().changes(from: old, to: newest)))
        }
        return (reused, plain, comparisons?.reuses ?? 0)
    }

    /// The YAML files loaded as versions 1, 2, ... sharing the entities written the same way, as a
    /// folder's load does, and compared with the last as `jumps(_:)` does.
    static func jumps(ofFiles files: [String]) throws -> (reused: [[String]], plain: [[String]], reuses: Int) {
        jumps(try Lint.versions(files.enumerated().map { model($0.offset + 1, $0.element) }, entities: EntityTextCache()))
    }

    /// Note is written the same way in versions 1 and 2, two lines lower in 2; version 3 adds `body`.
    @Test func anEntityWrittenAgainIsComparedOnceAndItsPositionsFollowIt() throws {
        let note = "  Note:\n    attributes:\n      title: string\n      gone: int16\n"
        let jumps = try Self.jumps(ofFiles: [
            note,
            "  Folder:\n    attributes: {name: string}\n" + note,
            "  Folder:\n    attributes: {name: string}\n  Note:\n    attributes:\n      title: string\n      body: string\n",
        ])
        #expect(jumps.reuses == 1, "version 2's Note is version 1's")
        #expect(jumps.reused == jumps.plain)
        // Version 2's `gone` is on its line 9 (two lines lower than version 1's), at column 7.
        #expect(jumps.plain[0].contains { $0.hasPrefix("attributeRemoved Note.gone") && $0.contains("was models/v1.yaml:7:7") })
        #expect(jumps.reused[1].contains { $0.hasPrefix("attributeRemoved Note.gone") && $0.contains("was models/v2.yaml:9:7") })
    }

    /// Book is written the same way in versions 1 and 2; its parent Item has `created` in version 1
    /// only, and version 3 moves `created` down to Book: no addition from version 1, one from 2.
    @Test func anEntityWhoseAncestorsChangedIsComparedAgain() throws {
        let book = "  Book:\n    parent: Item\n    attributes: {title: string}\n"
        let jumps = try Self.jumps(ofFiles: [
            book + "  Item:\n    attributes: {created: date}\n",
            book + "  Item: {}\n",
            "  Book:\n    parent: Item\n    attributes: {title: string, created: date}\n  Item: {}\n",
        ])
        #expect(jumps.reuses == 0)
        #expect(jumps.reused == jumps.plain)
        #expect(!jumps.plain[0].contains { $0.hasPrefix("attributeAdded Book.created") }, "created moved down from Item")
        #expect(jumps.plain[1].contains { $0.hasPrefix("attributeAdded Book.created") })
    }

    /// The same Book under the same Item in versions 1 and 2: its ancestors are the same, so reused.
    @Test func anEntityWithTheSameAncestorsIsReused() throws {
        let item = "  Item:\n    attributes: {created: date}\n"
        let book = "  Book:\n    parent: Item\n    attributes: {title: string}\n"
        let jumps = try Self.jumps(ofFiles: [
            book + item,
            book + "  Extra: {}\n" + item,
            "  Book:\n    parent: Item\n    attributes: {title: string, pages: int16}\n" + item,
        ])
        #expect(jumps.reuses == 1)
        #expect(jumps.reused == jumps.plain)
    }

    /// Whether an inverse was renamed with its relationship depends on the older version's other
    /// entities (Folder already had `items` in version 2): such a comparison is not kept.
    @Test func aComparisonThatReadsOtherEntitiesIsNotKept() throws {
        let note = "  Note:\n    relationships: {folder: {destination: Folder, inverse: notes}}\n"
        let jumps = try Self.jumps(ofFiles: [
            note + "  Folder:\n    relationships: {notes: {destination: Note, inverse: folder, toMany: true}}\n",
            note + "  Folder:\n    relationships:\n      notes: {destination: Note, inverse: folder, toMany: true}\n      items: {destination: Note, toMany: true}\n",
            "  Note:\n    relationships: {folder: {destination: Folder, inverse: items}}\n  Folder:\n    relationships: {items: {destination: Note, inverse: folder, toMany: true, renamedFrom: notes}}\n",
        ])
        #expect(jumps.reuses == 0)
        #expect(jumps.reused == jumps.plain)
        #expect(!jumps.plain[0].contains { $0.hasPrefix("relationshipInverseChanged Note.folder") }, "in version 1 the inverse was renamed with its relationship")
        #expect(jumps.plain[1].contains { $0.hasPrefix("relationshipInverseChanged Note.folder") })
    }

    /// Note is written the same way in versions 1 and 2, but synced only in version 2: what
    /// comparing version 1's Note found does not hold for version 2's, which leaves sync.
    @Test func anEntityWhoseSyncDiffersIsComparedAgain() throws {
        let note = "  Note:\n    attributes: {title: string}\n"
        let jumps = try Self.jumps(ofFiles: [
            note + "configurations:\n  Local: {entities: [Note]}\n",
            note + "configurations:\n  Cloud: {cloudkit: true, entities: [Note]}\n",
            "  Note:\n    attributes: {title: string, body: string}\nconfigurations:\n  Local: {entities: [Note]}\n",
        ])
        #expect(jumps.reuses == 0)
        #expect(jumps.reused == jumps.plain)
        #expect(!jumps.plain[0].contains { $0.hasPrefix("entitySyncChanged") })
        #expect(jumps.plain[1].contains { $0.hasPrefix("entitySyncChanged Note") })
    }

    /// A step that renames an entity keeps nothing: its comparisons follow the rename.
    @Test func aStepThatRenamesEntitiesKeepsNothing() throws {
        let note = "  Note:\n    attributes: {title: string}\n"
        let jumps = try Self.jumps(ofFiles: [
            note + "  Tag: {}\n",
            note + "  Tag: {}\n  Other: {}\n",
            "  Note:\n    attributes: {title: string, body: string}\n  Label:\n    renamedFrom: Tag\n",
        ])
        #expect(jumps.reuses == 0)
        #expect(jumps.reused == jumps.plain)
    }

    /// The benchmark's generated history (an attribute added in every version, one renamed in every
    /// tenth, a default changed in every one), read as a folder is, entities shared.
    @Test func aGeneratedHistoryComparesTheSameWithReuse() throws {
        let history = SyntheticHistory(versions: 24, entities: 6, attributes: 5, churn: true)
        let files = (1...history.versions).map { history.file(version: $0) }
        let versions = try Lint.versions(files, entities: EntityTextCache())
        let jumps = Self.jumps(versions)
        #expect(jumps.reused == jumps.plain)
        #expect(jumps.reuses > 0, "the entities a version does not change are its predecessor's")
    }

    /// Every bundle of the corpus: each version compared with the newest, and each with the next,
    /// with reuse gives what it gives without.
    @Test(.enabled(if: XcodeCorpusTests.exists, "needs ../shared/corpus beside the project"))
    func theCorpusComparesTheSameWithReuse() throws {
        var reuses = 0
        for entry in XcodeCorpusTests.manifest {
            let versions = try XcodeBundleLoader.load(entry.path).versions
            guard versions.count > 1 else { continue }
            let jumps = Self.jumps(versions)
            for (index, (reused, plain)) in zip(jumps.reused, jumps.plain).enumerated() where reused != plain {
                let differing = reused.enumerated().first { $0.offset >= plain.count || plain[$0.offset] != $0.element }
                Issue.record("\(entry.path), \(versions[index].label): with reuse \(differing?.element ?? "nothing more"), without \(differing.map { $0.offset < plain.count ? plain[$0.offset] : "nothing more" } ?? plain[reused.count])")
                break
            }
            reuses += jumps.reuses
        }
        #expect(reuses > 0, "the corpus's histories keep entities unchanged across versions")
    }
}

import Foundation
import Testing
@testable import SchemaLintCore
@testable import SchemaLint
@testable import schemalint
import SchemaLintTestSupport

/// Without a lock, the newest release tag says what shipped: a version present there and edited
/// since is `released-version-modified`, naming the tag and each changed element.
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct ReleasedAtTagTests {
    static let bundle = "App/Notes.xcdatamodeld"

    static func write(_ folder: TemporaryFolder, _ name: String, _ attributes: [String], current: String? = nil) throws {
        // `name` is an optional String attribute, `name:Type` one of that type; a trailing `!`
        // makes it required, with no default.
        let body = attributes.map { spec in
            let required = spec.hasSuffix("!")
            let parts = spec.dropLast(required ? 1 : 0).split(separator: ":")
            return "<attribute name=\"\(parts[0])\" optional=\"\(required ? "NO" : "YES")\" attributeType=\"\(parts.count > 1 ? parts[1] : "String")\"/>"
        }.joined(separator: "\n")
        try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n\(body)\n</entity>"), to: "\(bundle)/\(name).xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, current ?? name), to: "\(bundle)/.xccurrentversion")
    }

    /// Version `name` of the bundle at `bundle` as Xcode 3 saved it (`elements`): one entity `Note`
    /// of string attributes, those in `dates` dates; `current` (else `name`) made the current version.
    static func writeXcode3(_ folder: TemporaryFolder, _ name: String, _ attributes: [String], dates: Set<String> = [], current: String? = nil, in bundle: String = bundle) throws {
        let entity = Xcode3Fixtures.Entity(name: "Note", attributes: attributes.map { .init(name: $0, type: dates.contains($0) ? 900 : 700) })
        try folder.write(Xcode3Fixtures.elements([entity]), to: "\(bundle)/\(name).xcdatamodel/elements")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, current ?? name), to: "\(bundle)/.xccurrentversion")
    }

    /// `VersionedSchema` `V<number>` of one `@Model` class `Note` with `properties`.
    static func noteSchema(_ number: Int, _ properties: String) -> String {
        """
        enum V\(number): VersionedSchema {
            static var versionIdentifier = Schema.Version(\(number), 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { \(properties) init() {} }
        }

        """
    }

    /// A `SchemaMigrationPlan` of `V1` to `V<count>`, with no stage.
    static func notePlan(_ count: Int) -> String {
        let schemas = (1...count).map { "V\($0).self" }.joined(separator: ", ")
        return "enum Plan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [\(schemas)] }\n    static var stages: [MigrationStage] { [] }\n}\n"
    }

    /// A release that changes no model file (a README): its tag holds what the one before shipped.
    static func releaseWithoutModelChange(_ folder: TemporaryFolder, _ repository: inout GitRepository, tag: String) throws {
        try folder.write("# Notes\n", to: "README.md")
        try repository.commit("readme")
        try repository.tag(tag)
    }

    /// A repository whose release v1.0 shipped Notes and Notes 2.
    static func released() throws -> (TemporaryFolder, GitRepository) {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try write(folder, "Notes", ["title"])
        try write(folder, "Notes 2", ["title", "body"])
        try repository.commit("two versions")
        try repository.tag("v1.0", annotated: true)
        return (folder, repository)
    }

    /// A repository whose release `first` shipped Notes (`title`) and whose release `second`
    /// holds it edited in place (`title`, `body`), Notes being the bundle's one version.
    static func editedInPlace(first: String = "v1.0", second: String = "v1.1") throws -> (TemporaryFolder, GitRepository) {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try write(folder, "Notes", ["title"])
        try repository.commit("one version")
        try repository.tag(first)
        try write(folder, "Notes", ["title", "body"])
        try repository.commit("body, in place")
        try repository.tag(second)
        return (folder, repository)
    }

    /// Releases v1.0 and v1.1 make stores with Notes; v1.1's bundle also holds a version, Notes 2,
    /// in which `created` is a String, never made current; the work tree makes Notes 3 (Notes
    /// with `pinned`) current. With `throughNotes2`, a commit after v1.1 made Notes 2 current for
    /// a while.
    static func versionNeverMadeCurrent(throughNotes2: Bool = false, movingTo moved: String? = nil, releasingTheMove: Bool = true, tagged: Bool = true) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try write(folder, "Notes", ["title", "created:Date"])
        try repository.commit("Notes")
        if tagged { try repository.tag("v1.0") }
        try write(folder, "Notes 2", ["title", "created"], current: "Notes")
        try repository.commit("a draft, Notes 2")
        if tagged { try repository.tag("v1.1") }
        if throughNotes2 {
            try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2"), to: "\(bundle)/.xccurrentversion")
            try repository.commit("Notes 2 current")
        }
        try write(folder, "Notes 3", ["title", "created:Date", "pinned"])
        try repository.commit("Notes 3")
        if let moved {
            if releasingTheMove { try repository.tag("v2.0") }
            try repository.git(["mv", "App", moved])
            try repository.commit("the models move to \(moved)")
            if releasingTheMove { try repository.tag("v2.1") }
        }
        return folder
    }

    /// A version no release made current is no step any store takes: Core Data migrates a store
    /// from the version whose hashes it records, so v1.1's stores go from Notes to Notes 3. The
    /// type changes into and out of Notes 2 are no finding, with every step listed too; a note
    /// says why Notes 2 is left out.
    @Test func aVersionNoReleaseMadeCurrentIsNoStep() throws {
        let folder = try Self.versionNeverMadeCurrent()
        for arguments in [["--no-color"], ["--no-color", "--all-steps"]] {
            let run = try Executable.run(arguments, in: folder.url)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("attribute-type-changed"), "\(run.stdout)")
            #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: note: 'Notes 2' was never the current version: the releases up to v1.1 made stores with 'Notes', the work tree makes 'Notes 3' current, and no commit between made 'Notes 2' current;"), "\(run.stdout)")
            #expect(run.stdout.contains("it is left out of the steps checked between 'Notes' and 'Notes 3' [version-order-from-git]"), "\(run.stdout)")
            #expect(!run.stdout.contains("released-version-removed"), "\(run.stdout)")
        }
    }

    /// Without release tags, a version no commit made current, between two that commits did,
    /// is no step either; one a commit made current stays a step, in a bundle that moved since
    /// too (its current versions before the move are read at its old path).
    @Test func withoutTagsAVersionNoCommitMadeCurrentIsNoStep() throws {
        let folder = try Self.versionNeverMadeCurrent(tagged: false)
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("attribute-type-changed"), "\(run.stdout)")
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: note: 'Notes 2' was never the current version: no commit made 'Notes 2' current, and the app made stores with 'Notes' until a commit made 'Notes 3' current; Core Data migrates a store from the version whose hashes it records, so no store migrates through 'Notes 2', and it is left out of the steps checked between 'Notes' and 'Notes 3' [version-order-from-git]"), "\(run.stdout)")

        let current = try Self.versionNeverMadeCurrent(throughNotes2: true, tagged: false)
        let stays = try Executable.run(["--no-color", "--all-steps"], in: current.url)
        #expect(stays.stdout.contains("error: attribute 'Note.created' changed type from string to date"), "\(stays.stdout)")
        #expect(!stays.stdout.contains("was never the current version"), "\(stays.stdout)")

        let moved = try Self.versionNeverMadeCurrent(movingTo: "Legacy", releasingTheMove: false, tagged: false)
        let afterTheMove = try Executable.run(["--no-color", "--all-steps"], in: moved.url)
        #expect(!afterTheMove.stdout.contains("attribute-type-changed"), "\(afterTheMove.stdout)")
        #expect(afterTheMove.stdout.contains("Legacy/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: note: 'Notes 2' was never the current version"), "\(afterTheMove.stdout)")

        let movedThroughNotes2 = try Self.versionNeverMadeCurrent(throughNotes2: true, movingTo: "Legacy", releasingTheMove: false, tagged: false)
        let stillAStep = try Executable.run(["--no-color", "--all-steps"], in: movedThroughNotes2.url)
        #expect(stillAStep.stdout.contains("error: attribute 'Note.created' changed type from string to date"), "\(stillAStep.stdout)")
        #expect(!stillAStep.stdout.contains("was never the current version"), "\(stillAStep.stdout)")
    }

    /// Several versions that the same release skipped (copies saved along the way, none made
    /// current) are one note that lists them, not one note each.
    @Test func versionsOneReleaseSkippedAreOneNote() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try repository.tag("v1.0")
        for (index, name) in ["Notes 2", "Notes 3", "Notes 4"].enumerated() {
            try Self.write(folder, name, ["title", "draft\(index):Date"], current: "Notes")
            try repository.commit("a copy, \(name)")
        }
        try repository.tag("v1.1")
        try Self.write(folder, "Notes 5", ["title", "body"])
        try repository.commit("Notes 5")
        try repository.tag("v2.0")

        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        let notes = run.stdout.components(separatedBy: "\n").filter { $0.contains("never the current version") }
        #expect(notes == ["App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: note: 3 versions, 'Notes 2' to 'Notes 4', were never the current version: the releases up to v1.1 made stores with 'Notes', the next release, v2.0, made 'Notes 5' current, and no commit between made any of them current; Core Data migrates a store from the version whose hashes it records, so no store migrates through them, and they are left out of the steps checked between 'Notes' and 'Notes 5' [version-order-from-git]"], "\(run.stdout)")
        #expect(run.stdout.contains("    note: never current: 'Notes 2', 'Notes 3', 'Notes 4'\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("attribute-type-changed") && !run.stdout.contains("attribute-removed"), "\(run.stdout)")
    }

    /// The bundle moved to another folder, in a release or in the coming one: git is asked about
    /// `.xccurrentversion` where it lay at each release too, and Notes 2, never current there
    /// either, is still no step.
    @Test(arguments: [true, false])
    func aVersionNoReleaseMadeCurrentIsNoStepAfterTheBundleMoved(releasingTheMove: Bool) throws {
        let folder = try Self.versionNeverMadeCurrent(movingTo: "Legacy", releasingTheMove: releasingTheMove)
        for arguments in [["--no-color"], ["--no-color", "--all-steps"]] {
            let run = try Executable.run(arguments, in: folder.url)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("attribute-type-changed"), "\(run.stdout)")
            #expect(run.stdout.contains("Legacy/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: note: 'Notes 2' was never the current version"), "\(run.stdout)")
        }
    }

    /// A commit that made Notes 2 current may have been an untagged release: Notes 2 stays a step,
    /// and the type change out of it into Notes 3 is still reported.
    @Test func aVersionACommitMadeCurrentStaysAStep() throws {
        let folder = try Self.versionNeverMadeCurrent(throughNotes2: true)
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("error: attribute 'Note.created' changed type from string to date"), "\(run.stdout)")
        #expect(!run.stdout.contains("was never the current version"), "\(run.stdout)")
    }

    /// An app that migrates its stores itself may walk every version of the bundle in turn, the
    /// one no release made current too: there it stays a step.
    @Test func aVersionNoReleaseMadeCurrentIsAStepOfTheAppsOwnMigration() throws {
        let folder = try Self.versionNeverMadeCurrent()
        try folder.write("""
            import CoreData

            func migrate(_ source: URL, to destination: URL, from old: NSManagedObjectModel, with new: NSManagedObjectModel, mapping: NSMappingModel) throws {
                let manager = NSMigrationManager(sourceModel: old, destinationModel: new)
                try manager.migrateStore(from: source, type: .sqlite, mapping: mapping, to: destination, type: .sqlite)
            }

            """, to: "App/Migrator.swift")
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.created' changed type from string to date"), "\(run.stdout)")
        #expect(!run.stdout.contains("was never the current version"), "\(run.stdout)")
    }

    /// A local store's stores made by the release match no version after the edit: Core Data
    /// opens them only by inferring a migration from the model each store keeps, so an edit that
    /// lightweight migration infers is a warning and one it cannot infer an error.
    @Test func aReleasedVersionEditedSinceTheTagIsReported() throws {
        let (folder, _) = try Self.released()
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"], current: "Notes 3")
        try Self.write(folder, "Notes 3", ["title", "body", "pinned", "color"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1: warning: released Notes 2 was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents: Note: added attribute `pinned` (string); the stores v1.0 made match no version in the bundle now; Core Data opens them only by inferring a migration to Notes 3 from the model each store keeps, which works while that change stays inferable, and later versions are checked against something those people never ran [released-version-modified]"), "\(run.stdout)")
        #expect(run.stdout.contains("note: as released (v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)"), "\(run.stdout)")
        #expect(!run.stdout.contains("released Notes was modified"), "\(run.stdout)")

        // `body` a date in place: no migration from a String is inferred.
        try Self.write(folder, "Notes 2", ["title", "body:Date"], current: "Notes 3")
        try Self.write(folder, "Notes 3", ["title", "body:Date", "color"])
        let retyped = try Executable.run(["--no-color"], in: folder.url)
        #expect(retyped.status == 1, "\(retyped.stdout)\(retyped.stderr)")
        #expect(retyped.stdout.contains("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1: error: released Notes 2 was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents: Note: attribute `body`: type `string` -> `date`; the stores v1.0 made"), "\(retyped.stdout)")
        #expect(retyped.stdout.contains("; the stores v1.0 made match no version in the bundle now, and Core Data cannot infer their migration to Notes 3 from the model each store keeps (attribute 'Note.body' changed type from string to date"), "\(retyped.stdout)")
        #expect(retyped.stdout.contains("note: blocks inferring the migration from what shipped: attribute 'Note.body' changed type from string to date"), "\(retyped.stdout)")
    }

    /// A CloudKit problem the release at a tag shipped and the working tree keeps is one finding,
    /// at the working tree's element with a note of the release that first had it: not that and
    /// the working tree's own finding beside it.
    @Test func aProblemTheReleaseShippedAndTheNewestKeptIsReportedOnce() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write(
            "import SwiftData\nimport SwiftUI\n\n@main\nstruct NotesApp: App {\n    let container = try? ModelContainer(for: Note.self, configurations: ModelConfiguration(cloudKitDatabase: .private(\"iCloud.example.notes\")))\n    var body: some Scene { WindowGroup { Text(\"Notes\") } }\n}\n",
            to: "App/NotesApp.swift")
        try folder.write("import SwiftData\n\n@Model final class Note {\n    var title: String\n    init() { title = \"\" }\n}\n", to: "App/Note.swift")
        try repository.commit("notes")
        try repository.tag("v1.0")
        try folder.write("import SwiftData\n\n@Model final class Note {\n    var title: String\n    var body: String? = nil\n    init() { title = \"\" }\n}\n", to: "App/Note.swift")
        try repository.commit("body")
        let run = try Executable.run(["--no-color", "--format", "json"], in: folder.url)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])["findings"] as? [[String: Any]] ?? []
        let required = findings.filter { $0["rule"] as? String == "cloudkit-required-attribute" }
        #expect(required.count == 1, "\(run.stdout)")
        #expect(required.first?["line"] as? Int == 4 && (required.first?["file"] as? String)?.hasSuffix("App/Note.swift") == true, "\(run.stdout)")
        let notes = (required.first?["notes"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(notes.contains { $0.hasPrefix("first in ") && $0.hasSuffix("; the versions since kept it") }, "\(run.stdout)")
    }

    /// Releases whose copies the version hash does not tell apart are one shape, but an entity
    /// moved to another configuration within them (which the hash does not cover) moved at the
    /// release that made it, not at the first release of the next shape: that release's step is
    /// compared with the release just before it.
    @Test func aChangeTheHashDoesNotSeeIsNotBlamedOnTheNextShape() throws {
        func contents(_ noteAttributes: String, tagIsLocal: Bool) -> String {
            let configurations = tagIsLocal
                ? "<configuration name=\"Cloud\" usedWithCloudKit=\"YES\">\n<memberEntity name=\"Note\"/>\n</configuration>\n<configuration name=\"Local\">\n<memberEntity name=\"Tag\"/>\n</configuration>"
                : "<configuration name=\"Cloud\" usedWithCloudKit=\"YES\">\n<memberEntity name=\"Note\"/>\n<memberEntity name=\"Tag\"/>\n</configuration>"
            return XcodeFixtures.contents("<entity name=\"Note\" syncable=\"YES\">\n\(noteAttributes)\n</entity>\n<entity name=\"Tag\" syncable=\"YES\">\n<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>\n</entity>\n\(configurations)")
        }
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        let file = "\(Self.bundle)/Notes.xcdatamodel/contents"
        let title = "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>"
        try folder.write(contents(title + "\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>", tagIsLocal: false), to: file)
        try repository.commit("notes and tags sync")
        try repository.tag("v1.0")
        try folder.write(contents(title + "\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>", tagIsLocal: true), to: file)
        try repository.commit("tags stay on the device")
        try repository.tag("v1.1")
        try folder.write(contents(title, tagIsLocal: true), to: file)
        try repository.commit("no body")
        try repository.tag("v1.2")
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.stdout.contains("note: at v1.2: attribute 'Note.body' was removed; apps still on v1.1 keep writing it [attribute-removed]"), "\(run.stdout)")
        #expect(!run.stdout.contains("at v1.2: entity 'Tag' moved"), "\(run.stdout)")
    }

    /// A version that syncs with CloudKit, edited in place between two releases and again since
    /// the newest: each rename is a field the release before never writes, as the same change in a
    /// version of its own is `attribute-renamed`'s error. What shipped is said in the note; what
    /// the working tree changes makes it an error.
    @Test func aSyncedVersionRenamedInPlaceSaysWhatCloudKitMakesOfIt() throws {
        func contents(_ attributes: String) -> String {
            XcodeFixtures.contents("<entity name=\"Note\" syncable=\"YES\">\n\(attributes)\n</entity>\n<configuration name=\"Default\" usedWithCloudKit=\"YES\">\n<memberEntity name=\"Note\"/>\n</configuration>")
        }
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        let file = "\(Self.bundle)/Notes.xcdatamodel/contents"
        try folder.write(contents("<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>"), to: file)
        try repository.commit("one version")
        try repository.tag("v1.0")
        try folder.write(contents("<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"text\" optional=\"YES\" attributeType=\"String\" renamingIdentifier=\"body\"/>"), to: file)
        try repository.commit("body renamed in place")
        try repository.tag("v1.1")
        let shipped = try Executable.run(["--no-color"], in: folder.url)
        #expect(shipped.status == 0, "\(shipped.stdout)\(shipped.stderr)")
        #expect(shipped.stdout.contains("\(file):2:1: note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: renamed attribute `body` to `text`"), "\(shipped.stdout)")
        #expect(shipped.stdout.contains("; v1.1 changed what syncs with CloudKit in ways devices still on the release before cannot follow (1 change, in the notes), as each change in a version of its own would have been reported [released-version-modified]"), "\(shipped.stdout)")
        #expect(shipped.stdout.contains("    note: at v1.1: attribute 'Note.body' was renamed to 'text'; CloudKit stores it in a new field CD_text that apps still on v1.0 never write, while they keep writing CD_body [attribute-renamed] (v1.1:\(file):"), "\(shipped.stdout)")

        try folder.write(contents("<attribute name=\"heading\" optional=\"YES\" attributeType=\"String\" renamingIdentifier=\"title\"/>\n<attribute name=\"text\" optional=\"YES\" attributeType=\"String\" renamingIdentifier=\"body\"/>"), to: file)
        let coming = try Executable.run(["--no-color"], in: folder.url)
        #expect(coming.status == 1, "\(coming.stdout)\(coming.stderr)")
        #expect(coming.stdout.contains("\(file):2:1: error: released Notes was modified after it shipped"), "\(coming.stdout)")
        #expect(coming.stdout.contains("; the working tree's edit changes what syncs with CloudKit in ways devices on v1.1 cannot follow (1 change, in the notes) [released-version-modified]"), "\(coming.stdout)")
        #expect(coming.stdout.contains("    note: in the working tree: attribute 'Note.title' was renamed to 'heading'; CloudKit stores it in a new field CD_heading that apps still on v1.1 never write, while they keep writing CD_title [attribute-renamed] (\(file):"), "\(coming.stdout)")

        // Code that opens the store without CloudKit makes the model the local one it is: no
        // release's file says otherwise.
        try folder.write("import CoreData\n\nlet container: NSPersistentContainer = {\n    let container = NSPersistentContainer(name: \"Notes\")\n    container.loadPersistentStores { _, _ in }\n    return container\n}()\n", to: "App/Store.swift")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(local.stdout.contains("released Notes was modified after it shipped"), "\(local.stdout)")
        #expect(!local.stdout.contains("syncs with CloudKit in ways") && !local.stdout.contains("[attribute-renamed]"), "\(local.stdout)")
    }

    /// Betas numbered ahead of the release they led to (`v1.1.0-beta`, then `v1.0.1` on a commit
    /// that descends from them) came before it: the release shipped the model as it is, and the
    /// betas' older shapes are no edit after it.
    @Test func preReleasesNumberedAheadOfTheReleaseTheyLedToComeBeforeIt() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("first beta")
        try repository.tag("v1.1.0-beta")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("second beta")
        try repository.tag("v1.1.1-beta")
        try Self.releaseWithoutModelChange(folder, &repository, tag: "v1.0.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("released-version-modified"), "\(run.stdout)")
        // Edited after the release, it is compared with what v1.0.1 shipped.
        try Self.write(folder, "Notes", ["title", "body", "pinned"])
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("v1.0.1"), "\(edited.stdout)")
        #expect(edited.stdout.contains("added attribute `pinned`") && !edited.stdout.contains("`body`"), "\(edited.stdout)")
    }

    /// A hotfix tagged `3.1.11` (for 3.1.1.1) before `3.1.2`: the release 3.1.2 descends from is
    /// not the newest for its number, and the model 3.1.2 shipped, unchanged since, is no edit.
    @Test func aReleaseThatLaterReleasesDescendFromIsNotTheNewestForItsNumber() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("3.1.1")
        try repository.tag("3.1.1")
        try Self.releaseWithoutModelChange(folder, &repository, tag: "3.1.11")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"])
        try repository.commit("3.1.2")
        try repository.tag("3.1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("released Notes 2 was modified after it shipped: 3.1.1 shipped it, 3.1.2 shipped it changed by: Note: added attribute `pinned`"), "\(run.stdout)")
        // 3.1.11 made stores of what 3.1.1 shipped, before 3.1.2 changed it.
        #expect(run.stdout.contains("the stores 3.1.1 to 3.1.11 made match no version"), "\(run.stdout)")
    }

    /// Two tags on one commit are one release: a number mistyped beside it (`0.1.0` on the commit
    /// of `1.1.0`) makes up no release before the first, with edits from it to the next, and a
    /// pre-release tagged there too does not stand for the release.
    @Test func tagsOnOneCommitAreOneRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("1.0.2")
        try repository.tag("1.0.2")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("1.1.0")
        try repository.tag("1.1.0")
        try repository.tag("0.1.0")
        // A pre-release's tag on the release's commit, numbered after it: the release is kept.
        try repository.tag("1.1.0.beta.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("released Notes was modified after it shipped: 1.0.2 shipped it, 1.1.0 shipped it changed by: Note: added attribute `body`"), "\(run.stdout)")
        #expect(!run.stdout.contains("0.1.0") && !run.stdout.contains("beta"), "\(run.stdout)")
    }

    /// Git-flow: releases are tagged on merges into `main`, and `develop`, checked out, has merged
    /// the release branch but not the merge. The version v2.0 shipped and develop edited since is
    /// compared with it; v2.0.1, a hotfix merged into `main` only, is no release develop builds on.
    @Test func aReleaseTaggedOnTheMergeIntoMainCountsOnDevelop() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("one version")
        try repository.git(["checkout", "--quiet", "-b", "develop"])
        try Self.write(folder, "Notes", ["title"], current: "Notes 2")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        try repository.git(["checkout", "--quiet", "-b", "release/2.0"])
        try repository.commit("version 2.0")
        try repository.git(["checkout", "--quiet", "main"])
        try repository.git(["merge", "--quiet", "--no-ff", "--no-gpg-sign", "-m", "Release 2.0", "release/2.0"])
        try repository.tag("v2.0", annotated: true)
        try repository.git(["checkout", "--quiet", "-b", "hotfix/2.0.1"])
        try Self.write(folder, "Notes 2", ["title", "body", "color"])
        try repository.commit("hotfix")
        try repository.git(["checkout", "--quiet", "main"])
        try repository.git(["merge", "--quiet", "--no-ff", "--no-gpg-sign", "-m", "Hotfix 2.0.1", "hotfix/2.0.1"])
        try repository.tag("v2.0.1")
        try repository.git(["checkout", "--quiet", "develop"])
        try repository.git(["merge", "--quiet", "--no-ff", "--no-gpg-sign", "-m", "Back from release 2.0", "release/2.0"])
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"])

        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("note: released Notes 2 was modified: it changed since the release at v2.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents: Note: added attribute `pinned` (string);"), "\(run.stdout)")
        #expect(!run.stdout.contains("v2.0.1"), "\(run.stdout)")
    }

    /// An edit in place since the tag that the version hash leaves out (an attribute's CloudKit
    /// encryption, in a local store): the released stores still match the version and no
    /// migration runs for them (a warning).
    @Test func anEditOutsideTheVersionHashSinceTheTagStrandsNoStore() throws {
        let (folder, _) = try Self.released()
        try folder.write(XcodeFixtures.contents("""
            <entity name="Note">
            <attribute name="title" optional="YES" attributeType="String" allowsCloudEncryption="YES"/>
            <attribute name="body" optional="YES" attributeType="String"/>
            </entity>
            """), to: "\(Self.bundle)/Notes 2.xcdatamodel/contents")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("note: released Notes 2 was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents: "), "\(run.stdout)")
        #expect(run.stdout.contains("; the stores v1.0 made still match it, since the version hash leaves this out, so no migration runs for them"), "\(run.stdout)")
    }

    /// A uniqueness constraint added in place since the tag is part of the entity's version hash
    /// (Apple's `NSEntityDescription.uniquenessConstraints`): the released stores match no
    /// version in the bundle, and open only by a migration Core Data infers.
    @Test func aUniquenessConstraintAddedSinceTheTagChangesTheVersionHash() throws {
        let (folder, _) = try Self.released()
        try folder.write(XcodeFixtures.contents("""
            <entity name="Note">
            <attribute name="title" optional="YES" attributeType="String"/>
            <attribute name="body" optional="YES" attributeType="String"/>
            <uniquenessConstraints><uniquenessConstraint><constraint value="title"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            """), to: "\(Self.bundle)/Notes 2.xcdatamodel/contents")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("note: released Notes 2 was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents: entity `Note`: uniqueness none -> `(title)`; the stores v1.0 made match no version in the bundle now; Core Data opens them only by inferring a migration to Notes 2"), "\(run.stdout)")
    }

    /// A bare tag of an older numbering (`6.0.1`, made before the `v` releases went on) names a
    /// higher version than the newest `v` tag, but is not the newest release: the versions the
    /// newest `v` tag shipped are checked against it.
    @Test func aBareTagOfAnOlderNumberingIsNotTheNewestRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("one version")
        try repository.tag("6.0.1")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("two versions")
        try repository.tag("v2.5.4", annotated: true)
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"], current: "Notes 3")
        try Self.write(folder, "Notes 3", ["title", "body", "pinned", "color"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("warning: released Notes 2 was modified: it changed since the release at v2.5.4:"), "\(run.stdout)")
    }

    /// Past three changes the message counts the rest as changes, not as more of the third's kind.
    @Test func manyEditsSinceTheTagAreCountedAsChanges() throws {
        let (folder, _) = try Self.released()
        try Self.write(folder, "Notes 2", ["a", "b", "c", "d", "e"], current: "Notes 3")
        try Self.write(folder, "Notes 3", ["a", "b", "c", "d", "e", "f"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("warning: released Notes 2 was modified") }, "\(run.stdout)")
        #expect(line.contains("; and 4 more changes; the stores v1.0 made"), "\(line)")
    }

    /// A repository whose "Notes" was released at tag v1.0 as `contents("Notes", true)`, then
    /// edited to `contents("Notes", false)`, with "Notes 2" (`contents("Notes 2", false)`) added
    /// and made current; and the lint's run at its root.
    private static func releaseNotesThenEdit(_ contents: (_ version: String, _ released: Bool) -> String) throws -> (folder: TemporaryFolder, run: Executable.Run) {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write(contents("Notes", true), to: "\(bundle)/Notes.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes"), to: "\(bundle)/.xccurrentversion")
        try repository.commit("one version")
        try repository.tag("v1.0", annotated: true)
        for name in ["Notes", "Notes 2"] { try folder.write(contents(name, false), to: "\(bundle)/\(name).xcdatamodel/contents") }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2"), to: "\(bundle)/.xccurrentversion")
        return (folder, try Executable.run(["--no-color"], in: folder.url))
    }

    /// A delete rule is no part of what a store holds (the version hash leaves it out): a
    /// released version whose only edit since the tag is one is what people run.
    @Test func aDeleteRuleEditedSinceTheTagIsNoModification() throws {
        func contents(deleteRule: String, extra: String = "") -> String {
            XcodeFixtures.contents("""
                <entity name="Folder">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="\(deleteRule)" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note">
                <attribute name="title" optional="YES" attributeType="String"/>\(extra)
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
                """)
        }
        let (folder, run) = try Self.releaseNotesThenEdit { version, released in
            released ? contents(deleteRule: "Nullify")
                : contents(deleteRule: "Cascade", extra: version == "Notes 2" ? "\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>" : "")
        }
        #expect(!run.stdout.contains("[released-version-modified]"), "\(run.stdout)")

        // Another edit beside it is reported, and says only what changes the stores.
        try folder.write(contents(deleteRule: "Cascade", extra: "\n<attribute name=\"pinned\" optional=\"YES\" attributeType=\"Boolean\"/>"),
                         to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents: Note: added attribute `pinned` (boolean); the stores v1.0 made"), "\(edited.stdout)")
    }

    /// A default value is not in the version hash either, and only a synced store's later
    /// versions compare it: edited since the tag in a local model, the release is what people run.
    @Test(arguments: [false, true])
    func aDefaultEditedSinceTheTagIsNoModificationOfALocalModel(cloudKit: Bool) throws {
        let (_, run) = try Self.releaseNotesThenEdit { version, released in
            XcodeFixtures.contents("""
                <entity name="Entry">
                <attribute name="state" optional="YES" attributeType="String" defaultValueString="\(released ? "active" : "open")"/>\(version == "Notes 2" ? "\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>" : "")
                </entity>
                """, cloudKit: cloudKit)
        }
        if cloudKit {
            #expect(run.stdout.contains("it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents: Entry: "), "\(run.stdout)")
        } else {
            #expect(!run.stdout.contains("[released-version-modified]"), "\(run.stdout)")
        }
    }

    /// Files unchanged since the tag are not read again there; what the tag holds is the same
    /// all the same: the steps it has shipped, a version added since (even untracked) is coming,
    /// and an edit since is caught.
    @Test func filesUnchangedSinceTheTagKeepWhatShipped() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title", "body"])
        try Self.write(folder, "Notes 2", ["title"])
        try repository.commit("a release that dropped body")
        try repository.tag("1.0")
        let unchanged = try Executable.run(["--no-color"], in: folder.url)
        #expect(unchanged.stdout.hasPrefix("no problems in 2 versions of 1 model; not listed: 2 notes in steps that shipped"), "\(unchanged.stdout)")

        try Self.write(folder, "Notes 2", ["title"], current: "Notes 3")
        try Self.write(folder, "Notes 3", [])
        let added = try Executable.run(["--no-color"], in: folder.url)
        #expect(added.stdout.contains("Notes 3.xcdatamodel/contents:") && added.stdout.contains("[attribute-removed]"), "\(added.stdout)")
        #expect(!added.stdout.contains("'Note.body'") && !added.stdout.contains("[released-version-modified]"), "\(added.stdout)")

        try Self.write(folder, "Notes 2", ["title", "pinned"], current: "Notes 3")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("released Notes 2 was modified"), "\(edited.stdout)")
    }

    /// Which SwiftData classes sync is the code's, not the schema's: a release whose schemas are
    /// unchanged, opened now with one class in a local store beside the synced ones, is no
    /// modified release.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aSwiftDataReleaseOpenedWithAnotherStoreSplitIsNotModified() throws {
        let schemas = """
        import SwiftData

        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self, Draft.self] }
            @Model final class Note { var title: String = ""; init() {} }
            @Model final class Draft { var text: String = ""; init() {} }
        }
        enum V2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self, Draft.self] }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
            static var stages: [MigrationStage] { [] }
        }
        @Model final class Note { var title: String = ""; var pinned: Bool = false; init() {} }
        @Model final class Draft { var text: String = ""; init() {} }

        """
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write(schemas + """
        func makeContainer() throws -> ModelContainer {
            try ModelContainer(for: Schema([Note.self, Draft.self]), migrationPlan: Plan.self, configurations: ModelConfiguration(cloudKitDatabase: .automatic))
        }
        """, to: "App/Schemas.swift")
        try repository.commit("release")
        try repository.tag("v1.0")
        try folder.write(schemas + """
        func makeContainer() throws -> ModelContainer {
            let synced = ModelConfiguration("Synced", schema: Schema([Note.self]), cloudKitDatabase: .automatic)
            let drafts = ModelConfiguration("Drafts", schema: Schema([Draft.self]), cloudKitDatabase: .none)
            return try ModelContainer(for: Schema([Note.self, Draft.self]), migrationPlan: Plan.self, configurations: [synced, drafts])
        }
        """, to: "App/Schemas.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("[released-version-modified]"), "\(run.stdout)")
        #expect(run.stdout.contains("in 2 versions of 1 model"), "\(run.stdout)")
    }

    /// A synced default edited since the tag changes nothing apps create where every initializer
    /// sets the property: the release is what people run. Where none does, the new default is
    /// what the new app creates, and the edit is reported.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"), arguments: [true, false])
    func aSyncedDefaultEditedSinceTheTagCountsWhereItChangesWhatAppsCreate(initializerSetsIt: Bool) throws {
        func schemas(_ state: String) -> String {
            let initializer = initializerSetsIt ? "init(state: String) { self.state = state }" : "init() {}"
            return """
            import SwiftData

            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Entry.self] }
                @Model final class Entry { var state: String = "\(state)"; \(initializer) }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [V1.self] }
                static var stages: [MigrationStage] { [] }
            }
            func makeContainer() throws -> ModelContainer {
                try ModelContainer(for: Schema(versionedSchema: V1.self), migrationPlan: Plan.self, configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.example.entries")))
            }

            """
        }
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write(schemas("active"), to: "App/Schemas.swift")
        try repository.commit("release")
        try repository.tag("v1.0")
        try folder.write(schemas("open"), to: "App/Schemas.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("[released-version-modified]") == !initializerSetsIt, "\(run.stdout)")
    }

    /// A model of one version, with no tag and no lock: the newest change of the app's version
    /// since the version came shows what the release before it shipped, and an edit since is the
    /// coming release's, checked as an edit since a release tag is. A relationship made to-many in
    /// place, in a model that syncs, is an error; with no edit since the change, nothing.
    @Test func aModelOfOneVersionEditedSinceTheAppsVersionChangedIsCheckedAgainstIt() throws {
        func contents(_ toMany: Bool) -> String {
            XcodeFixtures.contents("<entity name=\"Household\" syncable=\"YES\">\n<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>\n<relationship name=\"shows\" optional=\"YES\" \(toMany ? "toMany=\"YES\" " : "maxCount=\"1\" ")deletionRule=\"Nullify\" destinationEntity=\"Show\" inverseName=\"household\" inverseEntity=\"Show\"/>\n</entity>\n<entity name=\"Show\" syncable=\"YES\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<relationship name=\"household\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Household\" inverseName=\"shows\" inverseEntity=\"Household\"/>\n</entity>\n<configuration name=\"Default\" usedWithCloudKit=\"YES\">\n<memberEntity name=\"Household\"/>\n<memberEntity name=\"Show\"/>\n</configuration>")
        }
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write("MARKETING_VERSION = 1.0\n", to: "Config/Shared.xcconfig")
        let file = "App/Home.xcdatamodeld/Home.xcdatamodel/contents"
        try folder.write(contents(false), to: file)
        try repository.commit("first release")
        try folder.write("MARKETING_VERSION = 1.1\n", to: "Config/Shared.xcconfig")
        try repository.commit("1.1")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let unchanged = try Executable.run(["--no-color"], in: folder.url)
        #expect(unchanged.status == 0 && !unchanged.stdout.contains("[released-version-modified]"), "\(unchanged.stdout)")

        try folder.write(contents(true), to: file)
        try repository.commit("a household has many shows")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("\(file):2:1: error: released Home was modified: it changed since the release before \(changed) (MARKETING_VERSION 1.0 to 1.1, "), "\(run.stdout)")
        #expect(run.stdout.contains("), as \(changed):\(file) holds it: Household: relationship `shows` made to-many;"), "\(run.stdout)")
        #expect(!run.stdout.contains("was not checked for edits since a release"), "\(run.stdout)")
    }

    /// Two models of one app whose newest versions both came before the same change of the app's
    /// version: the summary says that change once, naming both versions.
    @Test func oneVersionChangeAfterTwoModelsNewestVersionsIsSaidOnce() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("MARKETING_VERSION = 1.0\n", to: "Config/Shared.xcconfig")
        try Self.write(folder, "Notes", ["title", "body"])
        func tags(_ name: String, _ attributes: [String]) throws {
            let body = attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n")
            try folder.write(XcodeFixtures.contents("<entity name=\"Tag\">\n\(body)\n</entity>"), to: "Model/Tags.xcdatamodeld/\(name).xcdatamodel/contents")
            try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "Model/Tags.xcdatamodeld/.xccurrentversion")
        }
        try tags("Tags", ["label", "color"])
        try repository.commit("first release")
        try Self.write(folder, "Notes 2", ["title"])
        try tags("Tags 2", ["label"])
        try repository.commit("Notes 2 and Tags 2 drop an attribute each")
        try folder.write("MARKETING_VERSION = 1.1\n", to: "Config/Shared.xcconfig")
        try repository.commit("1.1")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("in steps that shipped (MARKETING_VERSION went from 1.0 to 1.1 in \(changed) (2024-01-04), after Notes 2 and Tags 2 came; --all-steps lists them)"), "\(run.stdout)")

        // Tags 3 came after the change: Tags' newest step is the coming release's, Notes' shipped.
        try tags("Tags 3", [])
        try repository.commit("Tags 3 drops the last")
        let later = try Executable.run(["--no-color"], in: folder.url)
        #expect(later.stdout.contains("attribute 'Tag.label' was removed"), "\(later.stdout)")
        #expect(!later.stdout.contains("'Note.body'"), "\(later.stdout)")
    }

    /// With no release tag, the app's version (`MARKETING_VERSION`) changed after the newest
    /// version came shows that version went out in a release: its step is shipped history, said
    /// in the summary. A commit that only adds another target's setting of the same version
    /// changes no release, and the newest step stays the coming one.
    /// So it is where the tags are only of another spelling than releases' (a CI's build tags,
    /// `ShipCI-7`): they record no release, and the version's change still does.
    @Test(arguments: [(true, false), (false, false), (true, true)])
    func aVersionChangeAfterTheNewestVersionCameShowsItShipped(bumped: Bool, buildTags: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let project = "Config/Shared.xcconfig"
        func settings(_ versions: [String]) -> String {
            versions.map { "MARKETING_VERSION = \($0)\n" }.joined()
        }
        try folder.write(settings(["1.0"]), to: project)
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("first release")
        if buildTags { try repository.tag("ShipCI-7") }
        try Self.write(folder, "Notes 2", ["title"])
        try repository.commit("Notes 2 drops the body")
        try folder.write(settings(bumped ? ["1.1"] : ["1.0", "1.0"]), to: project)
        try repository.commit(bumped ? "1.1" : "a widget of the same version")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Executable.run(["--no-color"], in: folder.url)
        if bumped {
            #expect(run.stdout.contains("in steps that shipped (MARKETING_VERSION went from 1.0 to 1.1 in \(changed) (2024-01-04), after Notes 2 came; --all-steps lists them)"), "\(run.stdout)")
            #expect(!run.stdout.contains("'Note.body'"), "\(run.stdout)")
            let json = try Executable.run(["--format", "json"], in: folder.url)
            let summary = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any]
            let notListed = summary?["notListed"] as? [String: Any]
            #expect(notListed?["versionChanges"] as? [String] == ["MARKETING_VERSION went from 1.0 to 1.1 in \(changed) (2024-01-04), after Notes 2 came"], "\(json.stdout)")
            #expect(notListed?["takenAsShipped"] as? Bool == false, "\(json.stdout)")
        } else {
            #expect(run.stdout.contains("'Note.body'") && !run.stdout.contains("MARKETING_VERSION"), "\(run.stdout)")
        }
    }

    /// A project moved to another folder since the app's version changed (`git mv App app/App`):
    /// the version's change was made to the project at its old place, and still shows the newest
    /// version shipped; the move adds no version.
    /// So it is where one commit added both versions (the names order them, and the commit that
    /// added the newest is looked for under the bundle's name anywhere).
    @Test(arguments: [false, true])
    func aVersionChangeBeforeTheProjectMovedShowsItShipped(togetherAtFirst: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func project(_ version: String) -> String {
            "// !$*UTF8*$!\n{ objects = {\nA1 = {isa = XCVersionGroup; path = Notes.xcdatamodeld; };\nB1 = {isa = XCBuildConfiguration; buildSettings = {\nMARKETING_VERSION = \(version);\n}; };\n}; }\n"
        }
        func version(_ name: String, _ attributes: [String]) throws {
            let body = attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n")
            try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n\(body)\n</entity>"), to: "App/Model/Notes.xcdatamodeld/\(name).xcdatamodel/contents")
            try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "App/Model/Notes.xcdatamodeld/.xccurrentversion")
        }
        try folder.write(project("1.0"), to: "App/App.xcodeproj/project.pbxproj")
        try version("Notes", ["title", "body"])
        if !togetherAtFirst { try repository.commit("first release") }
        try version("Notes 2", ["title"])
        try repository.commit("Notes 2 drops the body")
        try folder.write(project("1.1"), to: "App/App.xcodeproj/project.pbxproj")
        try repository.commit("1.1")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try repository.git(["mv", "App", "app"])
        try repository.commit("the app's folder renamed")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("in steps that shipped (MARKETING_VERSION went from 1.0 to 1.1 in \(changed) "), "\(run.stdout)")
        #expect(!run.stdout.contains("'Note.body'"), "\(run.stdout)")
    }

    /// Projects made before Xcode 11 (and `agvtool`, fastlane's `increment_version_number`) keep
    /// the app's version in the `Info.plist`: a change of `CFBundleShortVersionString` shows a
    /// release as `MARKETING_VERSION`'s does; one of the build number (`CFBundleVersion`) alone,
    /// or to a value that refers to the build setting (a project moved to Xcode 11's), or back to
    /// a lower version (a new project's template value replaced), or to the same version spelled
    /// otherwise (`1.0` to `1.0.0`, or the template's `1.0` to `.9.3 (beta)`), does not; nor does a
    /// change of the version of a framework committed as it was built (its own `Info.plist`
    /// inside the `.framework`). A version with a leading dot and a suffix is its number
    /// (`.9.3 (beta)` to `.9.31 (beta)` is a release, and so is a beta's `2.0b7` to `2.0rc`).
    @Test(arguments: ["1.1", "build", "$(MARKETING_VERSION)", "0.0.2", "1.0.0", "framework", ".9.3 (beta)", ".9.3 (beta) to .9.31 (beta)", "2.0b7 to 2.0rc"])
    func anInfoPlistVersionChangeAfterTheNewestVersionCameShowsItShipped(change: String) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func plist(version: String, build: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleName</key>
            \t<string>Notes</string>
            \t<key>CFBundleShortVersionString</key>
            \t<string>\(version)</string>
            \t<key>CFBundleVersion</key>
            \t<string>\(build)</string>
            </dict>
            </plist>

            """
        }
        // `A to B`: the app's version was A before, B after (else 1.0, then `change`).
        let values = change.components(separatedBy: " to ")
        let (before, after) = values.count == 2 ? (values[0], values[1]) : ("1.0", change)
        try folder.write(plist(version: before, build: "12"), to: "Notes/Info.plist")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("first release")
        try Self.write(folder, "Notes 2", ["title"])
        try repository.commit("Notes 2 drops the body")
        if change == "framework" {
            try folder.write(plist(version: "2.0.8", build: "1"), to: "Crashlytics.framework/Versions/A/Resources/Info.plist")
            try repository.commit("Crashlytics 2.0.8")
            try folder.write(plist(version: "2.0.9", build: "2"), to: "Crashlytics.framework/Versions/A/Resources/Info.plist")
        } else {
            // (From A to B, the build number is kept: the version's own line must show the change.)
            try folder.write(plist(version: change == "build" ? "1.0" : after, build: values.count == 2 ? "12" : "13"), to: "Notes/Info.plist")
        }
        try repository.commit("Release #13")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Executable.run(["--no-color"], in: folder.url)
        if change == "1.1" || values.count == 2 {
            #expect(run.stdout.contains("in steps that shipped (CFBundleShortVersionString went from \(before) to \(after) in \(changed) (2024-01-04), after Notes 2 came; --all-steps lists them)"), "\(run.stdout)")
            #expect(!run.stdout.contains("'Note.body'"), "\(run.stdout)")
        } else {
            #expect(run.stdout.contains("'Note.body'") && !run.stdout.contains("CFBundleShortVersionString"), "\(run.stdout)")
        }
    }

    /// Versions Xcode 3 saved (`elements`, a binary archive) came in commits too: an app's
    /// version changed after the newest of them came shows that it shipped, as it does for
    /// versions saved as `contents`, in a bundle that moved since as well (the version came where
    /// the bundle lay first, not with the move).
    @Test func anAppVersionChangeAfterAnXcode3VersionCameShowsItShipped() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("MARKETING_VERSION = 1.0;\n", to: "Notes.xcodeproj/project.pbxproj")
        try Self.writeXcode3(folder, "Notes", ["title", "body"])
        try repository.commit("first release")
        try Self.writeXcode3(folder, "Notes 2", ["title"])
        try repository.commit("Notes 2 drops the body")
        try folder.write("MARKETING_VERSION = 1.1;\n", to: "Notes.xcodeproj/project.pbxproj")
        try repository.commit("1.1")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.git(["mv", "App", "Legacy"])
        try repository.commit("the models move to Legacy")
        let run = try Executable.run(["--no-color", "Legacy"], in: folder.url)
        #expect(run.stdout.contains("in steps that shipped (MARKETING_VERSION went from 1.0 to 1.1 in \(changed) (2024-01-04), after Notes 2 came; --all-steps lists them)"), "\(run.stdout)")
        #expect(!run.stdout.contains("'Note.body'"), "\(run.stdout)")
    }

    /// A bundle of versions Xcode 3 saved (`elements`) that moved after the newest release tag is
    /// found there by its name, as one of `contents` is: the tag holds its versions, and the step
    /// before the coming one shipped. Edited in place since, the version the tag holds is
    /// reported where the tag holds it, at its `elements`.
    @Test(arguments: [false, true])
    func aMovedBundleOfXcode3VersionsIsFoundAtTheNewestTag(editedSince: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.writeXcode3(folder, "Notes", ["title", "count"], in: "Notes.xcdatamodeld")
        try Self.writeXcode3(folder, "Notes 2", ["title", "count", "body"], in: "Notes.xcdatamodeld")
        try repository.commit("Notes 2")
        try repository.tag("v1.0")
        try folder.write("", to: "App/.keep")
        try repository.git(["mv", "Notes.xcdatamodeld", "App/Notes.xcdatamodeld"])
        try Self.writeXcode3(folder, "Notes 3", ["title", "count", "body", "pinned"], in: "App/Notes.xcdatamodeld")
        // The edit: `count` becomes a date.
        if editedSince { try Self.writeXcode3(folder, "Notes", ["title", "count"], dates: ["count"], current: "Notes 3", in: "App/Notes.xcdatamodeld") }
        try repository.commit("the models move to App, Notes 3")
        let run = try Executable.run(["--no-color", "App"], in: folder.url)
        #expect(!run.stdout.contains("holds no version"), "\(run.stdout)")
        if editedSince {
            #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/elements:1:1: warning: released Notes was modified"), "\(run.stdout)")
            #expect(run.stdout.contains("(v1.0:Notes.xcdatamodeld/Notes.xcdatamodel/elements:1:1)"), "\(run.stdout)")
        } else {
            #expect(run.stdout.contains("not listed: 1 note in steps that shipped (--all-steps lists them)"), "\(run.stdout)")
        }
    }

    /// A version Xcode 3 saved (`elements`) and a later Xcode converted to XML, writing each
    /// to-one's count of 1 as that Xcode did (`minCount="1" maxCount="1"`), is the model the
    /// release shipped, not one modified since.
    @Test func aVersionConvertedFromXcode3WithItsToOneCountsIsNotModified() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let note = Xcode3Fixtures.Entity(name: "Note", attributes: [.init(name: "title", type: 700)], relationships: [.init(name: "folder", destination: "Folder", inverse: "notes")])
        let notesFolder = Xcode3Fixtures.Entity(name: "Folder", attributes: [.init(name: "name", type: 700)], relationships: [.init(name: "notes", destination: "Note", inverse: "folder", isToMany: true, maxCount: 0)])
        try folder.write(Xcode3Fixtures.elements([notesFolder, note]), to: "\(Self.bundle)/Notes.xcdatamodel/elements")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes"), to: "\(Self.bundle)/.xccurrentversion")
        try repository.commit("Notes, saved by Xcode 3")
        try repository.tag("v1.0")
        try FileManager.default.removeItem(atPath: folder.path + "/\(Self.bundle)/Notes.xcdatamodel/elements")
        try folder.write(XcodeFixtures.contents("""
            <entity name="Folder">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
            </entity>
            <entity name="Note">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="folder" optional="YES" minCount="1" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
            </entity>
            """), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("converted by a later Xcode")
        let run = try Executable.run(["--no-color", "App"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("released-version-modified"), "\(run.stdout)")
    }

    /// A team that stopped tagging its releases still changes the app's version with each: a
    /// version edited since the newest tag, then shipped (the version changed after the edit), is
    /// one more shape that shipped, not the coming release's edit, and the versions added since
    /// went out too. Without the version's changes, the edit is the coming release's.
    /// A version named with a pathspec's wildcard (`Notes [v1]`) is
    /// asked of git as it is named.
    @Test(arguments: [(true, "Notes"), (false, "Notes"), (true, "Notes [v1]")])
    func aVersionChangeAfterTheNewestTagShowsWhatShippedSince(versionChanged: Bool, name: String) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func project(_ version: String) throws {
            try folder.write("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA0 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n\t\tA1 = {isa = XCBuildConfiguration; buildSettings = {\n\t\t\tMARKETING_VERSION = \(version);\n\t\t}; };\n\t};\n}\n", to: "Notes.xcodeproj/project.pbxproj")
        }
        try project("1.0")
        try Self.write(folder, name, ["title"])
        try repository.commit("first release")
        try repository.tag("v1.0")
        try Self.write(folder, name, ["title", "body"])
        try repository.commit("a body, in place")
        if versionChanged { try project("1.1") }
        try folder.write("# Notes\n", to: "README.md")
        try repository.commit("1.1")
        let bump = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.write(folder, name + " 2", ["title", "body", "pinned"])
        try repository.commit("Notes 2")
        if versionChanged { try project("1.2") }
        try folder.write("# Notes, 1.2\n", to: "README.md")
        try repository.commit("1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let finding = try #require(run.stdout.split(separator: "\n").first { $0.hasSuffix("[released-version-modified]") }, "\(run.stdout)")
        if versionChanged {
            #expect(finding.contains(": note: released \(name) was modified after it shipped: v1.0 shipped it, the release before \(bump) (MARKETING_VERSION 1.0 to 1.1, ") && finding.contains("shipped it changed by: Note: added attribute `body` (string); the stores v1.0 made"), "\(run.stdout)")
            #expect(!run.stdout.contains("restore the released file") && !run.stdout.contains("migration-at-launch]") && run.stdout.contains("after \(name) 2 came; --all-steps lists them)"), "\(run.stdout)")
        } else {
            #expect(finding.contains(": warning: released \(name) was modified: it changed since the release at v1.0"), "\(run.stdout)")
        }
    }

    /// Each version edited since the newest tag is judged by its own last edit: one edited before
    /// the app's version changed went out in that release; one edited again after it is the
    /// coming release's, though an earlier edit of it shipped.
    @Test func eachVersionEditedSinceTheNewestTagIsJudgedByItsOwnLastEdit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func project(_ version: String) throws {
            try folder.write("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA0 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n\t\tA1 = {isa = XCBuildConfiguration; buildSettings = {\n\t\t\tMARKETING_VERSION = \(version);\n\t\t}; };\n\t};\n}\n", to: "Notes.xcodeproj/project.pbxproj")
        }
        try project("1.0")
        try Self.write(folder, "Notes", ["title"])
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("first release")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "draft"], current: "Notes 2")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"])
        try repository.commit("both versions edited in place")
        try project("1.1")
        try repository.commit("1.1")
        let bump = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.write(folder, "Notes 2", ["title", "body", "pinned", "colour"])
        try repository.commit("Notes 2 edited again")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        let first = try #require(findings.first { $0.contains("/Notes.xcdatamodel/") }, "\(run.stdout)")
        let second = try #require(findings.first { $0.contains("/Notes 2.xcdatamodel/") }, "\(run.stdout)")
        #expect(first.contains(": note: released Notes was modified after it shipped: v1.0 shipped it, the release before \(bump) (MARKETING_VERSION 1.0 to 1.1, "), "\(run.stdout)")
        #expect(second.contains(": note: released Notes 2 was modified: it changed since the release at v1.0"), "\(run.stdout)")
    }

    /// A dependency checked in with its project files (Carthage's checkouts, `Pods`) has versions
    /// of its own: a change of them shows no release of the app.
    @Test(arguments: ["Carthage/Checkouts/Argo/Resources/Info.plist", "Pods/Target Support Files/Alamofire/Alamofire-Info.plist", "App/Vendor/SDK/Info.plist"])
    func aDependencysVersionChangeShowsNoRelease(plist: String) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func dependency(_ version: String) -> String {
            "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleShortVersionString</key>\n\t<string>\(version)</string>\n</dict>\n</plist>\n"
        }
        try folder.write(dependency("4.1.1"), to: plist)
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("first release")
        try Self.write(folder, "Notes 2", ["title"])
        try repository.commit("Notes 2 drops the body")
        try folder.write(dependency("4.1.2"), to: plist)
        try repository.commit("Update Argo")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("'Note.body'") && !run.stdout.contains("CFBundleShortVersionString"), "\(run.stdout)")
    }

    /// In a repository of two apps, each bumps its version in its own project: only the project
    /// above the bundle (the nearest folder that holds an `.xcodeproj`) says its model shipped.
    @Test func onlyTheProjectAboveTheBundleShowsItsModelShipped() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func project(_ version: String, listing bundle: Bool = false) -> String {
            let group = bundle ? "\t\tA1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n" : ""
            return "// !$*UTF8*$!\n{\n\tobjects = {\n" + group
                + "\t\tB1 = {isa = XCBuildConfiguration; buildSettings = {\n\t\t\tMARKETING_VERSION = \(version);\n\t\t}; name = Release; };\n\t};\n}\n"
        }
        try folder.write(project("1.0", listing: true), to: "App/App.xcodeproj/project.pbxproj")
        try folder.write(project("3.0"), to: "Other/Other.xcodeproj/project.pbxproj")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("first release")
        try Self.write(folder, "Notes 2", ["title"])
        try repository.commit("Notes 2 drops the body")
        try folder.write(project("3.1"), to: "Other/Other.xcodeproj/project.pbxproj")
        try repository.commit("the other app's 3.1")
        let other = try Executable.run(["--no-color"], in: folder.url)
        #expect(other.stdout.contains("'Note.body'") && !other.stdout.contains("MARKETING_VERSION"), "\(other.stdout)")
        try folder.write(project("1.1", listing: true), to: "App/App.xcodeproj/project.pbxproj")
        try repository.commit("1.1")
        let own = try Executable.run(["--no-color"], in: folder.url)
        #expect(own.stdout.contains("MARKETING_VERSION went from 1.0 to 1.1") && !own.stdout.contains("'Note.body'"), "\(own.stdout)")
    }

    /// The same for a SwiftData plan: its newest schema came with the first commit that wrote its
    /// name, and the app's version changed after it.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aVersionChangeAfterTheNewestSchemaCameShowsItShipped() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let (schema, plan) = (Self.noteSchema, Self.notePlan)
        try folder.write("MARKETING_VERSION = 2.4\n", to: "Config/Shared.xcconfig")
        try folder.write("import SwiftData\n\n" + schema(1, "var title: String = \"\"; var body: String = \"\";") + plan(1), to: "App/Schemas.swift")
        try repository.commit("2.4")
        try folder.write("import SwiftData\n\n" + schema(1, "var title: String = \"\"; var body: String = \"\";") + schema(2, "var title: String = \"\";") + plan(2), to: "App/Schemas.swift")
        try repository.commit("V2 drops the body")
        let before = try Executable.run(["--no-color"], in: folder.url)
        #expect(before.stdout.contains("'Note.body'") && !before.stdout.contains("MARKETING_VERSION"), "\(before.stdout)")
        try folder.write("MARKETING_VERSION = 2.5\n", to: "Config/Shared.xcconfig")
        try repository.commit("2.5")
        let changed = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let after = try Executable.run(["--no-color"], in: folder.url)
        #expect(after.stdout.contains("MARKETING_VERSION went from 2.4 to 2.5 in \(changed) (2024-01-04), after V2 came"), "\(after.stdout)")
        #expect(!after.stdout.contains("'Note.body'"), "\(after.stdout)")
    }

    /// With no tag and no lock, an older schema whose stored shape changed after the newest came is
    /// named with the commit that changed it, found among those since (here the fourth of five);
    /// an edit a store does not record (a default) is none.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aSwiftDataSchemaEditedAfterTheNewestCameNamesTheCommit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let (schema, plan) = (Self.noteSchema, Self.notePlan)
        try folder.write("import SwiftData\n\n" + schema(1, "var title: String = \"\";") + plan(1), to: "App/Schemas.swift")
        try repository.commit("V1")
        try folder.write("import SwiftData\n\n" + schema(1, "var title: String = \"\";") + schema(2, "var title: String = \"\"; var body: String = \"\";") + plan(2), to: "App/Schemas.swift")
        try repository.commit("V2 adds the body")
        let added = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try folder.write("# Notes\n", to: "README.md")
        try repository.commit("readme")
        try folder.write("import SwiftData\n\n" + schema(1, "var title: String = \"Untitled\";") + schema(2, "var title: String = \"\"; var body: String = \"\";") + plan(2), to: "App/Schemas.swift")
        try repository.commit("a default for V1's title")
        let quiet = try Executable.run(["--no-color"], in: folder.url)
        #expect(!quiet.stdout.contains("V1 changed in"), "\(quiet.stdout)")
        try folder.write("import SwiftData\n\n" + schema(1, "var title: String = \"Untitled\"; var pinned: Bool = false;") + schema(2, "var title: String = \"\"; var body: String = \"\";") + plan(2), to: "App/Schemas.swift")
        try repository.commit("V1 gains pinned")
        let edited = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try folder.write("# Notes, again\n", to: "README.md")
        try repository.commit("readme")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("warning: V1 changed in \(edited) (2024-01-06), after V2 was added in \(added) (2024-01-03): "), "\(run.stdout)")
        #expect(run.stdout.contains("'Note.pinned'") && run.stdout.contains("134504"), "\(run.stdout)")
        #expect(run.stdout.contains("note: as it was before V2 was added"), "\(run.stdout)")

        // The app's container is given no plan: SwiftData reads no checksum of V1, and migrates
        // each store from the model it records.
        try folder.write("import SwiftData\n\nfunc openNotes() throws -> ModelContainer {\n    try ModelContainer(for: Schema(versionedSchema: V2.self))\n}\n", to: "App/Store.swift")
        try repository.commit("a container without the plan")
        let unplanned = try Executable.run(["--no-color"], in: folder.url)
        #expect(!unplanned.stdout.contains("V1 changed in"), "\(unplanned.stdout)")
    }

    /// SwiftData given no migration plan (the plan declared, no container handed it) opens a
    /// store as Core Data does, inferring the migration from the model the store keeps: an older
    /// schema edited after it shipped strands no store, and later schemas are checked against
    /// what those people never ran. A warning that says so, not the plan's error.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func anOlderSchemaEditedWhereNoContainerIsGivenThePlanIsInferredFrom() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write("import SwiftData\n\nfunc openNotes() throws -> ModelContainer {\n    try ModelContainer(for: Schema(versionedSchema: V2.self))\n}\n", to: "App/Store.swift")
        try folder.write("import SwiftData\n\n" + Self.noteSchema(1, "var title: String = \"\";") + Self.noteSchema(2, "var title: String = \"\"; var body: String = \"\";") + Self.notePlan(2), to: "App/Schemas.swift")
        try repository.commit("V1 and V2")
        try repository.tag("v1.0")
        try folder.write("import SwiftData\n\n" + Self.noteSchema(1, "var title: String = \"\"; var pinned: Bool = false;") + Self.noteSchema(2, "var title: String = \"\"; var body: String = \"\";") + Self.notePlan(2), to: "App/Schemas.swift")
        try repository.commit("V1 gets pinned")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(findings.first?.contains(": warning: released V1 was modified") == true, "\(run.stdout)")
        #expect(findings.first?.contains("the stores v1.0 made match no schema in the code now; SwiftData, given no migration plan, opens them only by inferring a migration to V2 from the model each store keeps") == true, "\(run.stdout)")
    }

    /// An older schema that listed the live classes while a later one was the newest had their
    /// shape, never its release's: freezing it in copies of what it shipped, in the commit that
    /// adds the next schema, repairs it, and is no edit of what shipped. The newest schema of that
    /// time listed the live classes as a newest does: its copy must keep their shape.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func freezingASchemaThatFollowedTheLiveClassesIsNoEdit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func live(_ name: String) -> String {
            "enum \(name): VersionedSchema {\n    static var versionIdentifier = Schema.Version(\(name.dropFirst()), 0, 0)\n    static var models: [any PersistentModel.Type] { [Note.self] }\n}\n"
        }
        let plan = "enum Plan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self, V3.self] }\n    static var stages: [MigrationStage] { [] }\n}\n"
        try folder.write("import SwiftData\n\n@Model final class Note { var title: String = \"\"; var body: String = \"\"; init() {} }\n", to: "App/Note.swift")
        try folder.write("import SwiftData\n\n" + live("V1") + live("V2") + plan.replacingOccurrences(of: ", V3.self", with: ""), to: "App/Schemas.swift")
        try repository.commit("V1 and V2 list the live Note")
        try folder.write("import SwiftData\n\n@Model final class Note { var title: String = \"\"; var body: String = \"\"; var pinned: Bool = false; init() {} }\n", to: "App/Note.swift")
        try folder.write("import SwiftData\n\n" + Self.noteSchema(1, "var title: String = \"\";") + Self.noteSchema(2, "var title: String = \"\"; var body: String = \"\";") + live("V3") + plan, to: "App/Schemas.swift")
        try repository.commit("V3 adds pinned; V1 and V2 frozen as they shipped")
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(!run.stdout.contains("V1 changed in") && !run.stdout.contains("V2 changed in"), "\(run.stdout)")

        // V2, the newest before V3 came, frozen without the body it had: an edit of what shipped.
        try folder.write("import SwiftData\n\n" + Self.noteSchema(1, "var title: String = \"\";") + Self.noteSchema(2, "var title: String = \"\";") + live("V3") + plan, to: "App/Schemas.swift")
        try repository.commit("V2 loses the body")
        let edited = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(edited.stdout.contains("V2 changed in") && !edited.stdout.contains("V1 changed in"), "\(edited.stdout)")
    }

    /// An app that began with `@Model` classes and no schema later adds a plan: its first schema
    /// must be the classes as they were. One that renamed the class (`ExpenseV1`) leaves the
    /// stores of the releases before it at an unknown model version: an error where a release
    /// tag held the classes, a note where the repository tags no release, nothing where the
    /// first release came after the plan, or the first schema copies the classes as they were.
    /// The first schema, which came in with the second, is then no store's: no step from it,
    /// unless, with no release tagged, it only lacks what the classes had.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aPlanWhoseFirstSchemaIsNotTheClassesBeforeItStrandsTheirStores() throws {
        let app = """
        import SwiftUI
        import SwiftData
        @main struct ExpensesApp: App {
            var body: some Scene { WindowGroup { ContentView() }.modelContainer(for: Expense.self, migrationPlan: ExpensePlan.self) }
        }
        """
        func schemas(firstClass: String) -> String {
            """
            import SwiftData
            enum ExpenseSchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [\(firstClass).self] }
                @Model final class \(firstClass) {
                    var title: String = ""
                    var amount: Double = 0
                    var place: Place?
                    init() {}
                }
            }
            enum ExpenseSchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Expense.self] }
            }
            enum ExpensePlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ExpenseSchemaV1.self, ExpenseSchemaV2.self] }
                static var stages: [MigrationStage] { [] }
            }
            // A fallback that opens the store as the first schema: the same first schema, one finding.
            enum FirstOnlyPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ExpenseSchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            func openFirstOnly() throws -> ModelContainer { try ModelContainer(for: Schema(versionedSchema: ExpenseSchemaV1.self), migrationPlan: FirstOnlyPlan.self) }
            """
        }
        // `rebuilt`: the classes before the plan had one more property than the first schema,
        // which may be an older release's shape rebuilt where no tag says what shipped.
        for (tagged, firstClass, releasedAfter, rebuilt) in [
            (true, "ExpenseV1", false, false), (false, "ExpenseV1", false, false), (true, "Expense", false, false), (false, "ExpenseV1", true, false), (false, "Expense", false, true),
        ] {
            let folder = try TemporaryFolder()
            var repository = try GitRepository(at: folder.path)
            // A Codable type of its own file: at a revision read with the model files alone, it
            // reads as transformable, and is no difference from the composite it is now.
            try folder.write("struct Place: Codable { var latitude: Double; var longitude: Double }\n", to: "App/Place.swift")
            try folder.write("import SwiftData\n@Model final class Expense {\n    var title: String = \"\"\n    var amount: Double = 0\n    var place: Place?\n\(rebuilt ? "    var tag: String?\n" : "")    init() {}\n}\n", to: "App/Expense.swift")
            try folder.write(app.replacingOccurrences(of: ", migrationPlan: ExpensePlan.self", with: ""), to: "App/ExpensesApp.swift")
            try repository.commit("classes")
            if tagged { try repository.tag("v1.0") }
            try folder.write("import SwiftData\n@Model final class Expense {\n    var title: String = \"\"\n    var amount: Double = 0\n    var place: Place?\n    var note: String?\n    init() {}\n}\n", to: "App/Expense.swift")
            try folder.write(app, to: "App/ExpensesApp.swift")
            try folder.write(schemas(firstClass: firstClass), to: "App/Schemas.swift")
            try repository.commit("a plan")
            let added = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
            if releasedAfter { try repository.tag("v1.0") }
            let run = try Executable.run(["--no-color"], in: folder.url)
            let message = "no schema of 'ExpensePlan' is the @Model classes as \(tagged ? "the release at v1.0 shipped them" : "the app had them") before the plan came in \(added) (2024-01-03); ExpenseSchemaV1, its first, differs:"
            if rebuilt {
                #expect(run.stdout.contains("note: \(message) Expense: removed attribute `tag`"), "\(run.stdout)")
                #expect(run.stdout.contains("opening a store of ExpenseSchemaV1 with ExpenseSchemaV2 migrates it"), "\(run.stdout)")
                continue
            }
            if firstClass == "Expense" || releasedAfter {
                #expect(!run.stdout.contains("no schema of 'ExpensePlan'"), "\(run.stdout)")
                continue
            }
            #expect(run.stdout.contains("App/Schemas.swift:2:6: \(tagged ? "error" : "note"): \(message)"), "\(run.stdout)")
            #expect(run.stdout.components(separatedBy: "SwiftData refuses to open it").count == 2, "\(run.stdout)")
            #expect(run.stdout.contains(tagged ? "note: the classes as the release at v1.0 shipped them (v1.0:App/Expense.swift:1:1)" : "note: the classes as they were before \(added) (\(added)^:App/Expense.swift:1:1)"), "\(run.stdout)")
            #expect(run.status == (tagged ? 1 : 0), "\(run.stdout)")
            // ExpenseSchemaV1 came in with ExpenseSchemaV2, which the app opened: no store ever
            // had it, and no store takes the step from it.
            #expect(!run.stdout.contains("of ExpenseSchemaV1") && !run.stdout.contains("[entity-removed]"), "\(run.stdout)")
            #expect(!run.stdout.contains("the one version of model 'ExpensePlan'"), "\(run.stdout)")
            guard tagged else { continue }
            // Where the plan came and what the release held are kept with HEAD's commit: the next
            // run on it (a pre-commit hook's) finds the same and walks no history to do so.
            let real = try #require(GitRunner.find("git", in: ProcessInfo.processInfo.environment["PATH"] ?? ""))
            let tools = try TemporaryFolder()
            let log = tools.path + "/git-commands"
            try tools.writeProgram("#!/bin/sh\necho \"$*\" >> '\(log)'\nexec '\(real)' \"$@\"\n", to: "bin/git")
            let environment = ["XDG_CACHE_HOME": tools.path + "/cache", "PATH": tools.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
            func keptRun() throws -> (stdout: String, walks: [String]) {
                try? FileManager.default.removeItem(atPath: log)
                let run = try Executable.run(["--no-color"], in: folder.url, environment: environment)
                let commands = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
                return (run.stdout, commands.filter { $0.contains(" -S VersionedSchema") || $0.contains("--contains") }.map(String.init))
            }
            let first = try keptRun()
            #expect(first.stdout == run.stdout)
            #expect(!first.walks.isEmpty)
            let second = try keptRun()
            #expect(second.stdout == run.stdout)
            #expect(second.walks.isEmpty, "\(second.walks)")
        }
    }

    /// A plan whose first schema is the classes exactly as the release shipped them (the way to
    /// adopt a plan) strands no store: the release is that schema's, and is checked against it
    /// from then on. The classes are read as they were at the tag with the types their properties
    /// are written with, wherever those were declared (`Kind.RawValue`, an enum's raw type, in a
    /// file of its own that declares no model).
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aPlanWhoseFirstSchemaIsTheShippedClassesTakesTheirRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func schema(_ number: Int, _ properties: String) -> String {
            """
            enum PetSchemaV\(number): VersionedSchema {
                static var versionIdentifier = Schema.Version(\(number), 0, 0)
                static var models: [any PersistentModel.Type] { [Pet.self] }
                @Model final class Pet {
                    var name: String = ""
                    private var kindName: Kind.RawValue = Kind.dog.rawValue
            \(properties)        init() {}
                }
            }

            """
        }
        let plan = """
        typealias Pet = PetSchemaV2.Pet
        enum PetPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [PetSchemaV1.self, PetSchemaV2.self] }
            static var stages: [MigrationStage] { [] }
        }

        """
        try folder.write("import Foundation\n\npublic enum Kind: String, Codable { case cat, dog }\n", to: "App/Enums/Kind.swift")
        try folder.write("import SwiftData\n@Model final class Pet {\n    var name: String = \"\"\n    private var kindName: Kind.RawValue = Kind.dog.rawValue\n    init() {}\n}\n", to: "App/Models/Pet.swift")
        try folder.write("import SwiftUI\nimport SwiftData\n@main struct PetsApp: App {\n    var body: some Scene { WindowGroup { Text(\"Pets\") }.modelContainer(for: Pet.self) }\n}\n", to: "App/PetsApp.swift")
        try repository.commit("classes")
        try repository.tag("v1.0")
        try FileManager.default.removeItem(atPath: folder.path + "/App/Models/Pet.swift")
        try folder.write("import SwiftData\n\n" + schema(1, "") + schema(2, "        var birthday: Date?\n") + plan, to: "App/Models/Schemas.swift")
        try folder.write("import SwiftUI\nimport SwiftData\n@main struct PetsApp: App {\n    var body: some Scene { WindowGroup { Text(\"Pets\") }.modelContainer(for: Pet.self, migrationPlan: PetPlan.self) }\n}\n", to: "App/PetsApp.swift")
        try repository.commit("a plan")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("[released-version"), "\(run.stdout)")
        #expect(!run.stdout.contains("no schema of 'PetPlan'"), "\(run.stdout)")

        // The first schema edited since: the release is checked against it.
        try folder.write("import SwiftData\n\n" + schema(1, "        var nickname: String?\n") + schema(2, "        var birthday: Date?\n") + plan, to: "App/Models/Schemas.swift")
        try repository.commit("V1 gains a nickname")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.status == 1, "\(edited.stdout)")
        #expect(edited.stdout.contains("[released-version-modified]") && edited.stdout.contains("nickname"), "\(edited.stdout)")
        #expect(!edited.stdout.contains("[released-version-removed]") && !edited.stdout.contains("kindName"), "\(edited.stdout)")
    }

    /// The classes before the plan are the app's whole model at the release, wherever they lay:
    /// one moved since into the plan's first schema is read from its file there, so the first
    /// schema is compared with what shipped (an attribute made required), not reported as adding it.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func theClassesBeforeAPlanAreReadWhereTheyLayThen() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import SwiftData\n@Model final class Tag {\n    var name: String = \"\"\n    init() {}\n}\n", to: "App/Tags/Tag.swift")
        try folder.write("import SwiftData\n@Model final class Expense {\n    var title: String = \"\"\n    var amount: Double?\n    init() {}\n}\n", to: "App/Expenses/Expense.swift")
        try folder.write("import SwiftUI\nimport SwiftData\n@main struct ExpensesApp: App {\n    var body: some Scene { WindowGroup { Text(\"Expenses\") }.modelContainer(for: [Expense.self, Tag.self]) }\n}\n", to: "App/ExpensesApp.swift")
        try repository.commit("classes")
        try repository.tag("v1.0")
        try FileManager.default.removeItem(atPath: folder.path + "/App/Expenses/Expense.swift")
        try folder.write("""
        import SwiftData
        enum ExpenseSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Expense.self, Tag.self] }
            @Model final class Expense {
                var title: String = ""
                var amount: Double = 0
                init() {}
            }
        }
        enum ExpenseSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Expense.self, Tag.self] }
            @Model final class Expense {
                var title: String = ""
                var amount: Double = 0
                var note: String?
                init() {}
            }
        }
        typealias Expense = ExpenseSchemaV2.Expense
        enum ExpensePlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ExpenseSchemaV1.self, ExpenseSchemaV2.self] }
            static var stages: [MigrationStage] { [] }
        }

        """, to: "App/Schemas.swift")
        try folder.write("import SwiftUI\nimport SwiftData\n@main struct ExpensesApp: App {\n    var body: some Scene { WindowGroup { Text(\"Expenses\") }.modelContainer(for: [Expense.self, Tag.self], migrationPlan: ExpensePlan.self) }\n}\n", to: "App/ExpensesApp.swift")
        try repository.commit("a plan")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("no schema of 'ExpensePlan' is the @Model classes as the release at v1.0 shipped them"), "\(run.stdout)")
        #expect(run.stdout.contains("ExpenseSchemaV1, its first, differs: Expense: attribute `amount`"), "\(run.stdout)")
        #expect(!run.stdout.contains("added entity `Expense`"), "\(run.stdout)")
    }

    /// The files that declare the schemas and their classes now are not all of those that did at
    /// the release: the live class has moved to a file of its own since. The release is read with
    /// the Swift files that declared models there, so its schema edited since is found.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aSwiftDataReleaseWhoseClassLayInAnotherFileIsRead() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("""
        import SwiftData

        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { var title: String = ""; init() {} }
        }
        enum V2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
            static var stages: [MigrationStage] { [] }
        }

        """, to: "App/Schemas.swift")
        try folder.write("import SwiftData\n\n@Model final class Note { var title: String = \"\"; var body: String = \"\"; init() {} }\n", to: "App/Models.swift")
        try repository.commit("release")
        try repository.tag("v1.0")
        try FileManager.default.removeItem(atPath: folder.url.appendingPathComponent("App/Models.swift").path)
        try folder.write("import SwiftData\n\n@Model final class Note { var title: String = \"\"; var body: String = \"\"; var pinned: Bool = false; init() {} }\n", to: "App/Note.swift")
        try repository.commit("Note in a file of its own, pinned")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("[released-version-modified]") && run.stdout.contains("added attribute `pinned`"), "\(run.stdout)")
    }

    /// Every Swift file of the models moved to another folder since the release (and a schema was
    /// added there): the release is read from the files that declared models at its tag, so the
    /// step into the new schema is the coming one and the schemas the release had shipped.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aSwiftDataReleaseWhoseFilesAllMovedSinceIsRead() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let (schema, plan) = (Self.noteSchema, Self.notePlan)
        let title = "var title: String = \"\";"
        let body = title + " var body: String = \"\";"
        try folder.write("import SwiftData\n\n" + schema(1, title) + schema(2, body) + plan(2), to: "App/Models/Schemas.swift")
        try repository.commit("release")
        try repository.tag("v1.0")
        try FileManager.default.removeItem(atPath: folder.url.appendingPathComponent("App/Models").path)
        try folder.write("import SwiftData\n\n" + schema(1, title) + schema(2, body) + schema(3, body + " var pinned: Bool;") + plan(3), to: "App/Data/Models/Schemas.swift")
        try repository.commit("models in a folder of their own, and V3")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("attribute 'Note.pinned' was added as required with no default"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("'Note.body'"), "\(run.stdout)")
        #expect(run.stdout.contains("in steps that shipped (--all-steps lists them)") && !run.stdout.contains("taken as shipped"), "\(run.stdout)")
    }

    /// A lone schema of a migration plan edited in place at a release older than the newest: the
    /// stores the first release made match none of the plan's schemas, which the newest tag alone
    /// cannot show. The Swift files are read again at the tags where they changed, as far as it
    /// takes to find where a shape began; a release that changed nothing of them (`v1.9`), or
    /// nothing of the schema (a comment), ships no new shape.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"), arguments: [1, 5])
    func aSwiftDataSchemaEditedAtAnOlderReleaseIsComparedWithItsFirstRelease(editedAt: Int) throws {
        func schema(_ properties: String, identifier: String) -> String {
            """
            import SwiftData

            enum NotesSchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(\(identifier))
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { \(properties) init() {} }
            }

            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }

            """
        }
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        // Each release changes the file: the edit at `editedAt`, a comment added or taken out at
        // the others.
        for release in 0...8 {
            let text = release >= editedAt && release > 0
                ? schema("var title: String = \"\"; var pinned: Bool = false;", identifier: "1, 0, 1")
                : schema("var title: String = \"\";", identifier: "1, 0, 0")
            try folder.write((release % 2 == 1 ? "// The notes.\n" : "") + text, to: "App/Schema.swift")
            try repository.commit("release \(release)")
            try repository.tag("v1.\(release)")
        }
        try Self.releaseWithoutModelChange(folder, &repository, tag: "v1.9")

        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings == [
            "App/Schema.swift:3:6: warning: released NotesSchemaV1 was modified after it shipped: v1.0 shipped it, v1.\(editedAt) shipped it changed by: Note: added attribute `pinned` (boolean, required, default `false`); the stores v1.0 made record a version identifier (1.0.0) that no schema of the migration plan has now, so SwiftData refuses to open them (\"Cannot use staged migration with an unknown model version\"), and later versions are checked against something those people never ran [released-version-modified]",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("note: as v1.0 shipped it (v1.0:App/Schema.swift:1:1)"), "\(run.stdout)")
        #expect(run.stdout.contains("help: add NotesSchemaV1 as v1.0 shipped it (`git show v1.0:App/Schema.swift`) back as a VersionedSchema of its own (a new name, its models nested in it), listed in the migration plan before it, so the stores made with it can migrate; restoring it in place would strand the stores made since v1.\(editedAt)"), "\(run.stdout)")

        // The same edits keeping the identifier 1.0.0: the plan takes the stores of v1.0 as its
        // schema's, as apps that edit a lone schema's live models at each release find.
        let kept = try TemporaryFolder()
        var keptRepository = try GitRepository(at: kept.path)
        for release in 0...2 {
            try kept.write(schema(release >= 1 ? "var title: String = \"\"; var pinned: Bool = false;" : "var title: String = \"\";", identifier: "1, 0, 0") + (release == 2 ? "// The notes.\n" : ""), to: "App/Schema.swift")
            try keptRepository.commit("release \(release)")
            try keptRepository.tag("v1.\(release)")
        }
        let keptRun = try Executable.run(["--no-color"], in: kept.url)
        #expect(!keptRun.stdout.contains("[released-version-modified]"), "\(keptRun.stdout)")

        // Added back under a name of its own, listed in the plan: the stores of v1.0 match it.
        let fixed = schema("var title: String = \"\"; var pinned: Bool = false;", identifier: "1, 0, 1")
            .replacingOccurrences(of: "[NotesSchemaV1.self] }\n    static var stages", with: "[NotesSchemaV0.self, NotesSchemaV1.self] }\n    static var stages")
            + "\nenum NotesSchemaV0: VersionedSchema {\n    static var versionIdentifier = Schema.Version(1, 0, 0)\n    static var models: [any PersistentModel.Type] { [Note.self] }\n    @Model final class Note { var title: String = \"\"; init() {} }\n}\n"
        try folder.write(fixed, to: "App/Schema.swift")
        let after = try Executable.run(["--no-color"], in: folder.url)
        #expect(!after.stdout.contains("was modified after it shipped"), "\(after.stdout)")
    }

    /// What the SwiftData schemas were at each release tag is read from git once: a later run
    /// (the next pre-commit run) finds the same, with no file checked out at a tag; a kept
    /// reading that is damaged is read from git again.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func readingsAtReleaseTagsAreKeptBetweenRuns() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: try folder.folder("repository"))
        for release in 0...4 {
            // The edit at v1.2 changes the version identifier too, as SwiftData needs it to.
            let schema = release >= 2
                ? Self.noteSchema(1, "var title: String = \"\"; var pinned: Bool = false;").replacingOccurrences(of: "(1, 0, 0)", with: "(1, 0, 1)")
                : Self.noteSchema(1, "var title: String = \"\";")
            try folder.write((release % 2 == 1 ? "// The notes.\n" : "") + schema + Self.notePlan(1), to: "repository/App/Schema.swift")
            try repository.commit("release \(release)")
            try repository.tag("v1.\(release)")
        }
        // A `git` on the PATH that notes each command before running the real one.
        let real = try #require(GitRunner.find("git", in: ProcessInfo.processInfo.environment["PATH"] ?? ""))
        let log = folder.path + "/git-commands"
        try folder.writeProgram("#!/bin/sh\necho \"$*\" >> '\(log)'\nexec '\(real)' \"$@\"\n", to: "bin/git")
        let environment = ["XDG_CACHE_HOME": folder.path + "/cache", "PATH": folder.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
        // `archives`: files checked out at a tag; `lookups`: which tags changed the files.
        func run() throws -> (stdout: String, archives: Int, lookups: Int) {
            try? FileManager.default.removeItem(atPath: log)
            let run = try Executable.run(["--no-color"], in: URL(fileURLWithPath: repository.path), environment: environment)
            let commands = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            return (run.stdout, commands.filter { $0.contains(" archive ") }.count, commands.filter { $0.hasSuffix(" cat-file --batch-check") }.count)
        }

        let first = try run()
        #expect(first.stdout.contains("v1.0 shipped it, v1.2 shipped it changed by: Note: added attribute `pinned`"), "\(first.stdout)")
        #expect(first.archives > 0 && first.lookups > 0)
        let second = try run()
        #expect(second.stdout == first.stdout)
        #expect(second.archives == 0, "read at a tag again")
        #expect(second.lookups == 0, "asked again which tags changed the files")

        let kept = folder.path + "/cache/schemalint/git-readings"
        for file in try FileManager.default.contentsOfDirectory(atPath: kept) {
            try Data("schemalint-git-reading 1\n{".utf8).write(to: URL(fileURLWithPath: kept + "/" + file))
        }
        let damaged = try run()
        #expect(damaged.stdout == first.stdout)
        #expect(damaged.archives > 0)
    }

    /// One edit made to every released version (a commit that gave all of them the same new
    /// attribute) is one finding at the oldest, naming the others; a different edit is its own.
    /// A lone VersionedSchema in a migration plan is versioned: an edit after its release makes
    /// stores of the release match none of the plan's schemas. The same classes without a plan
    /// are not versioned, and SwiftData migrates them as they change.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func aLoneSchemaOfAMigrationPlanEditedSinceTheTagIsReported() throws {
        func schema(_ properties: String, planned: Bool) -> String {
            """
            import SwiftData

            enum NotesSchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { \(properties) init() {} }
            }
            \(planned ? """
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """ : "")
            """
        }
        for planned in [true, false] {
            let folder = try TemporaryFolder()
            var repository = try GitRepository(at: folder.path)
            try folder.write(schema("var title: String = \"\";", planned: planned), to: "App/Schema.swift")
            try repository.commit("release")
            try repository.tag("v1.0")
            try folder.write(schema("var title: String = \"\"; var pinned: Bool = false;", planned: planned), to: "App/Schema.swift")
            let run = try Executable.run(["--no-color"], in: folder.url)
            #expect(run.stdout.contains("[released-version-modified]") == planned, "planned: \(planned): \(run.stdout)")
            if planned {
                #expect(run.stdout.contains("released NotesSchemaV1 was modified"), "\(run.stdout)")
                #expect(run.stdout.contains("added attribute `pinned`"), "\(run.stdout)")
            }
        }
    }

    @Test func releasedVersionsEditedTheSameWayAreOneFinding() throws {
        let (folder, _) = try Self.released()
        try Self.write(folder, "Notes", ["title", "pinned"])
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"], current: "Notes 3")
        try Self.write(folder, "Notes 3", ["title", "body", "pinned", "color"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(findings.first?.hasPrefix("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: warning: released Notes was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents: Note: added attribute `pinned` (string);") == true, "\(run.stdout)")
        #expect(findings.first?.contains("; 1 more released version changed the same way: Notes 2 [") == true, "\(run.stdout)")
        #expect(run.stdout.contains("note: changed the same way: Notes 2 (App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1)"), "\(run.stdout)")

        try Self.write(folder, "Notes", ["title", "color"])
        let different = try Executable.run(["--no-color"], in: folder.url)
        #expect(different.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }.count == 2, "\(different.stdout)")
    }

    /// A release that gave the entity a renaming identifier no earlier shape had: Core Data pairs
    /// the older stores' `Note` with nothing, so the migration it infers for them drops their
    /// notes, and the finding says so (nextcloud/notes-ios, `Note` identified as `CDNote`). v1.1's
    /// stores match the version still (identifiers are no part of its hash): no migration runs.
    @Test func anInferredMigrationThatPairsAStoredEntityWithNothingSaysWhatItDrops() throws {
        let (folder, repository) = try Self.editedInPlace()
        var git = repository
        let identified = "<entity name=\"Note\" renamingIdentifier=\"CDNote\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"
        try folder.write(XcodeFixtures.contents(identified), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try git.commit("the entity identified as CDNote, in place")
        try git.tag("v1.2")
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(findings.first?.contains("; that migration drops what the stores v1.0 made hold of entity `Note`: Core Data pairs a stored element with the one of the same renaming identifier (its name where none is set), and Notes gives that identifier to none of its own") == true, "\(run.stdout)")

        // Without the identifier, the same edits drop nothing.
        try Self.write(folder, "Notes", ["title", "body"])
        try git.commit("identifier taken away")
        try git.tag("v1.3")
        let plain = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(!plain.stdout.contains("that migration drops"), "\(plain.stdout)")
    }

    /// Each shape a version shipped in is judged on its own: the stores of the oldest fail to open
    /// (a type changed since), the later ones' open by inference, and the finding says which.
    @Test func whatBlocksTheOldestShapeIsNotSaidOfTheNewer() throws {
        let (folder, repository) = try Self.editedInPlace()
        var git = repository
        try Self.write(folder, "Notes", ["title:Date", "body"])
        try git.commit("title as a date, in place")
        try git.tag("v1.2")
        try Self.write(folder, "Notes", ["title:Date", "body", "pinned"])
        try git.commit("pinned, in place")
        try git.tag("v1.3")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(findings.first?.contains("; the stores v1.0 and v1.1 made match no version in the bundle now, and Core Data cannot infer their migration to Notes from the model each store keeps (") == true, "\(run.stdout)")
        #expect(findings.first?.hasSuffix("so they fail to open; the stores v1.2 made open by inferring a migration to Notes from the model each store keeps, while that change stays inferable [released-version-modified]") == true, "\(run.stdout)")

        // Edited again since the newest release, inferably: the newest release's stores open too.
        try Self.write(folder, "Notes", ["title:Date", "body", "pinned", "color"])
        let edited = try Executable.run(["--no-color"], in: folder.url).stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(edited.count == 1, "\(edited)")
        #expect(edited.first?.contains("; the stores v1.0 and v1.1 made match no version in the bundle now, and Core Data cannot infer their migration to Notes from the model each store keeps (") == true, "\(edited)")
        #expect(edited.first?.hasSuffix("so they fail to open; the stores v1.2 and v1.3 made open by inferring a migration to Notes from the model each store keeps, while that change stays inferable [released-version-modified]") == true, "\(edited)")
    }

    /// A model the code opens only at `/dev/null` keeps no store: a release edited in place
    /// strands nobody, and the finding is a note that says why. The same model also opened on
    /// disk, or beside a store whose model the reader cannot name, is reported as before.
    @Test func aModelOpenedOnlyInMemoryStrandsNoStore() throws {
        let (folder, repository) = try Self.editedInPlace()
        var git = repository
        try Self.write(folder, "Notes", ["title:Date", "body"])
        try git.commit("title as a date, in place")
        try git.tag("v1.2")
        func released(_ code: String) throws -> [Substring] {
            try folder.write(code, to: "App/Events.swift")
            let run = try Executable.run(["--no-color"], in: folder.url)
            return run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        }
        let inMemory = """
            import CoreData

            final class Events {
                let container = NSPersistentContainer(name: "Notes")

                init() {
                    container.persistentStoreDescriptions[0].url = URL(fileURLWithPath: "/dev/null")
                    container.loadPersistentStores { _, error in
                        if let error { print(error) }
                    }
                }
            }

            """
        let note = try released(inMemory)
        #expect(note.count == 1 && note[0].contains(": note: released Notes was modified after it shipped"), "\(note)")
        #expect(note.first?.hasSuffix("; but the code opens 'Notes' only in memory, so no store keeps any of its versions [released-version-modified]") == true, "\(note)")

        let onDisk = try released(inMemory + """

            let archive: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Notes")
                container.loadPersistentStores { _, _ in }
                return container
            }()

            """)
        #expect(onDisk.count == 1 && onDisk[0].contains(": warning: released Notes was modified") && !onDisk[0].contains("only in memory"), "\(onDisk)")

        // The model handed in by URL, as a stack made for tests and for the app alike takes it:
        // the run's one Core Data model is what the code keeps in memory, unless code opens a
        // model it cannot name on disk too.
        let handedIn = """
            import CoreData

            final class InMemoryStack {
                let container: NSPersistentContainer

                init(modelURL: URL) {
                    let description = NSPersistentStoreDescription()
                    description.type = NSInMemoryStoreType
                    container = NSPersistentContainer(name: "Events", managedObjectModel: NSManagedObjectModel(contentsOf: modelURL)!)
                    container.persistentStoreDescriptions = [description]
                    container.loadPersistentStores { _, _ in }
                }
            }

            """
        let handedInNote = try released(handedIn)
        #expect(handedInNote.count == 1 && handedInNote[0].hasSuffix("; but the code opens 'Notes' only in memory, so no store keeps any of its versions [released-version-modified]"), "\(handedInNote)")
        let handedInOnDisk = try released(handedIn + """

            final class DiskStack {
                let container: NSPersistentContainer

                init(modelURL: URL) {
                    container = NSPersistentContainer(name: "Events", managedObjectModel: NSManagedObjectModel(contentsOf: modelURL)!)
                    container.loadPersistentStores { _, _ in }
                }
            }

            """)
        #expect(handedInOnDisk.count == 1 && handedInOnDisk[0].contains(": warning: released Notes was modified") && !handedInOnDisk[0].contains("only in memory"), "\(handedInOnDisk)")
    }

    /// An app that turns Core Data's own migration off and migrates with `NSMigrationManager`
    /// from the bundled version a store matches finds none for the stores an edited release made:
    /// they fail to open, whatever lightweight migration could infer. With Core Data's migration
    /// on, the same stores open by inference.
    @Test func storesMatchingNoVersionFailWhereTheAppMigratesOnlyItself() throws {
        let (folder, _) = try Self.editedInPlace()
        let migrator = """
        import CoreData

        enum StepMigrator {
            static func migrate(_ url: URL, from source: NSManagedObjectModel, to destination: NSManagedObjectModel, into scratch: URL) throws {
                let mapping = try NSMappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
                let manager = NSMigrationManager(sourceModel: source, destinationModel: destination)
                try manager.migrateStore(from: url, type: .sqlite, mapping: mapping, to: scratch, type: .sqlite)
            }
        }

        """
        func persistence(migrates: Bool) -> String {
            "import CoreData\n\nlet container: NSPersistentContainer = {\n    let container = NSPersistentContainer(name: \"Notes\")\n    container.persistentStoreDescriptions.first?.shouldMigrateStoreAutomatically = \(migrates)\n    container.persistentStoreDescriptions.first?.shouldInferMappingModelAutomatically = \(migrates)\n    container.loadPersistentStores { _, _ in }\n    return container\n}()\n"
        }
        try folder.write(migrator, to: "App/StepMigrator.swift")
        try folder.write(persistence(migrates: false), to: "App/Persistence.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1 && findings.first?.contains(": warning: released Notes was modified after it shipped") == true, "\(run.stdout)")
        #expect(findings.first?.hasSuffix("; the stores v1.0 made match no version in the bundle now, and the app migrates its stores itself (NSMigrationManager at App/StepMigrator.swift:7:13) with Core Data's own migration off: it finds no version in the bundle to migrate them from, and Core Data infers nothing, so they fail to open [released-version-modified]") == true, "\(run.stdout)")
        #expect(run.stdout.contains("note: the app's own migration, which starts from a version in the bundle, runs here (App/StepMigrator.swift:7:13)"), "\(run.stdout)")

        // Core Data's migration on and only its inference off: it migrates only from a mapping
        // model's source, and none starts from the edited release's shape.
        try folder.write(persistence(migrates: false).replacingOccurrences(of: "shouldMigrateStoreAutomatically = false", with: "shouldMigrateStoreAutomatically = true"), to: "App/Persistence.swift")
        let inferenceOff = try Executable.run(["--no-color"], in: folder.url)
        #expect(inferenceOff.stdout.contains("; the stores v1.0 made match no version in the bundle now, and the app migrates its stores itself (NSMigrationManager at App/StepMigrator.swift:7:13) with Core Data's inference off (`shouldInferMappingModelAutomatically = false`): it finds no version in the bundle to migrate them from, and Core Data, which then migrates only with a mapping model from the store's own version, finds none, so they fail to open [released-version-modified]"), "\(inferenceOff.stdout)")

        try folder.write(persistence(migrates: true), to: "App/Persistence.swift")
        let inferred = try Executable.run(["--no-color"], in: folder.url)
        #expect(inferred.stdout.contains("Core Data opens them only by inferring a migration"), "\(inferred.stdout)")
        #expect(!inferred.stdout.contains("the app migrates its stores itself"), "\(inferred.stdout)")
    }

    /// An attribute made required blocks the migration only of a store holding an object with no
    /// value for it (an app may always set it): the finding says which stores fail, not that all
    /// do. A type changed blocks every store, and is said so.
    @Test func anAttributeMadeRequiredFailsOnlyTheStoresMissingItsValue() throws {
        let (folder, repository) = try Self.editedInPlace()
        var git = repository
        try Self.write(folder, "Notes", ["title!", "body"])
        try git.commit("title made required, in place")
        try git.tag("v1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(findings.first?.contains("Core Data can infer their migration to Notes from the model each store keeps only where every stored object has a value for what became required (attribute 'Note.title' became required with no default; ") == true, "\(run.stdout)")
        #expect(findings.first?.hasSuffix("): a store with an object that has none fails to open [released-version-modified]") == true, "\(run.stdout)")
        #expect(findings.first?.contains("so they fail to open") == false, "\(run.stdout)")

        try Self.write(folder, "Notes", ["title:Date!", "body"])
        let typed = try Executable.run(["--no-color"], in: folder.url)
        #expect(typed.stdout.contains("so they fail to open"), "\(typed.stdout)")
        #expect(!typed.stdout.contains("a store with an object that has none fails to open"), "\(typed.stdout)")
    }

    /// A release whose newer Xcode saved the shipped version again (its `<model>` tag, the
    /// diagram, the indentation) changed no model: nothing was modified after it shipped. A
    /// change besides the saving is.
    @Test func aVersionSavedAgainByANewerXcodeIsNotModified() throws {
        let folder = try TemporaryFolder()
        var git = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title", "body"])
        try git.commit("one version")
        try git.tag("v1.0")
        let file = "\(Self.bundle)/Notes.xcdatamodel/contents"
        let shipped = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
        let resaved = shipped.replacingOccurrences(of: "lastSavedToolsVersion=\"22757\"", with: "lastSavedToolsVersion=\"23504\"")
            .replacingOccurrences(of: "</model>", with: "    <elements>\n        <element name=\"Note\" positionX=\"-63\" positionY=\"-18\" width=\"128\" height=\"59\"/>\n    </elements>\n</model>")
            .replacingOccurrences(of: "\n<attribute", with: "\n        <attribute")
        #expect(resaved != shipped && resaved.contains("23504") && resaved.contains("<elements>"))
        try folder.write(resaved, to: file)
        try git.commit("saved by a newer Xcode")
        try git.tag("v1.1")
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(!run.stdout.contains("[released-version-modified]"), "\(run.stdout)")

        try folder.write(resaved.replacingOccurrences(of: "name=\"body\" optional=\"YES\"", with: "name=\"body\" optional=\"NO\""), to: file)
        try git.commit("body made required, in place")
        try git.tag("v1.2")
        let changed = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(changed.stdout.contains("released Notes was modified after it shipped: v1.0 shipped it, v1.2 shipped it changed by: Note: "), "\(changed.stdout)")
    }

    /// Many changes that block inferring the migration: the first few are named, the rest counted.
    @Test func manyBlockersAreCountedPastTheFirstFew() throws {
        let folder = try TemporaryFolder()
        var git = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["a", "b", "c", "d", "e"])
        try git.commit("one version")
        try git.tag("v1.0")
        try Self.write(folder, "Notes", ["a:Date", "b:Date", "c:Date", "d:Date", "e:Date", "f"])
        try git.commit("dates, in place")
        try git.tag("v1.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let notes = run.stdout.split(separator: "\n").filter { $0.hasPrefix("    note: ") }.map { $0.dropFirst("    note: ".count) }
        #expect(notes.filter { $0.hasPrefix("blocks inferring the migration from what shipped: ") }.count == 3, "\(run.stdout)")
        #expect(notes.contains("and 2 more changes block inferring it"), "\(run.stdout)")
    }

    /// A version edited between two releases is compared with the release that first shipped it,
    /// not only with the newest: the stores the first release made keep its hashes. A version a
    /// release held but had not made current shipped nothing there.
    @Test func aVersionChangedBetweenOlderReleasesIsComparedWithItsFirstRelease() throws {
        let (folder, repository) = try Self.released()
        var git = repository
        try Self.write(folder, "Notes 3", ["title", "body"], current: "Notes 2")
        try git.commit("a draft of Notes 3")
        try git.tag("v1.1", annotated: true)
        try folder.write("// unrelated\n", to: "App/Other.swift")
        try git.commit("other work")
        try git.tag("v1.2")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"])
        try Self.write(folder, "Notes 3", ["title", "body", "pinned", "color"])
        try git.commit("pinned notes, in place")
        try git.tag("v1.3", annotated: true)
        try folder.write("// more\n", to: "App/Other.swift")
        try git.commit("more work")
        try git.tag("v1.4")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings == [
            "App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1: note: released Notes 2 was modified after it shipped: v1.0 shipped it, v1.3 shipped it changed by: Note: added attribute `pinned` (string); the stores v1.0 to v1.2 made match no version in the bundle now; Core Data opens them only by inferring a migration to Notes 3 from the model each store keeps, which works while that change stays inferable, and later versions are checked against something those people never ran [released-version-modified]",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("note: as v1.0 shipped it (v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)"), "\(run.stdout)")
        #expect(run.stdout.contains("git show v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents"), "\(run.stdout)")

        // The fix: Notes 2 as v1.0 shipped it, back under a name of its own.
        try Self.write(folder, "Notes 2 (v1.0)", ["title", "body"], current: "Notes 3")
        let fixed = try Executable.run(["--no-color"], in: folder.url)
        #expect(!fixed.stdout.contains("released-version-modified"), "\(fixed.stdout)")

        // Or kept in another bundle of the app (a legacy model to copy old stores from): Core Data
        // looks for a store's model among every model the app holds.
        try FileManager.default.removeItem(atPath: folder.path + "/\(Self.bundle)/Notes 2 (v1.0).xcdatamodel")
        let shipped = "<entity name=\"Note\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"
        try folder.write(XcodeFixtures.contents(shipped), to: "App/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Legacy"), to: "App/Legacy.xcdatamodeld/.xccurrentversion")
        let legacy = try Executable.run(["--no-color"], in: folder.url)
        #expect(!legacy.stdout.contains("released-version-modified"), "\(legacy.stdout)")
    }

    /// A version edited in place at two releases shipped three shapes: the stores of the first
    /// two match no version, and each release that changed it is named with what it changed (a
    /// release that changed only what the version hash leaves out, a default, shipped no new
    /// shape). An edit since the newest release is what the coming release adds: the same finding
    /// says it, an error where the stores of the newest release cannot migrate, and adding the
    /// stranded shapes back leaves it a finding of its own.
    @Test func eachShapeAVersionShippedInIsNamedWithTheEditSinceTheNewestRelease() throws {
        let (folder, repository) = try Self.released()
        var git = repository
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"])
        try git.commit("pinned, in place")
        try git.tag("v1.1")
        try folder.write(XcodeFixtures.contents("""
            <entity name="Note">
            <attribute name="title" optional="YES" attributeType="String"/>
            <attribute name="body" optional="YES" attributeType="String"/>
            <attribute name="pinned" optional="YES" attributeType="String" defaultValueString="no"/>
            </entity>
            """), to: "\(Self.bundle)/Notes 2.xcdatamodel/contents")
        try git.commit("a default, in place")
        try git.tag("v1.2")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned", "color"])
        try git.commit("color, in place")
        try git.tag("v1.3")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned", "color", "due:Date"])

        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings == [
            "App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1: note: released Notes 2 was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `pinned` (string); v1.3 changed it again by: Note: added attribute `color` (string); and since v1.3 the working tree changed it by: Note: added attribute `due` (date); the stores v1.0, v1.1 to v1.2 and v1.3 made match no version in the bundle now; Core Data opens them only by inferring a migration to Notes 2 from the model each store keeps, which works while that change stays inferable, and later versions are checked against something those people never ran [released-version-modified]",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("help: make what changed since v1.3 in a new version instead, so that the stores v1.3 made keep theirs"), "\(run.stdout)")
        #expect(run.stdout.contains("note: as v1.0 shipped it (v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)"), "\(run.stdout)")
        #expect(run.stdout.contains("note: as v1.1 shipped it (v1.1:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)"), "\(run.stdout)")
        #expect(run.stdout.contains("help: add Notes 2 as v1.0 shipped it (`git show v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents`) and as v1.1 shipped it (`git show v1.1:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents`) back to the bundle as versions of their own"), "\(run.stdout)")

        // `color` a date since v1.3: the stores v1.3 made cannot migrate, which the coming release does.
        try Self.write(folder, "Notes 2", ["title", "body", "pinned", "color:Date"])
        let retyped = try Executable.run(["--no-color"], in: folder.url)
        #expect(retyped.stdout.contains("error: released Notes 2 was modified after it shipped: v1.0 shipped it,"), "\(retyped.stdout)")
        #expect(retyped.stdout.contains("Core Data cannot infer their migration to Notes 2 from the model each store keeps (attribute 'Note.color' changed type from string to date"), "\(retyped.stdout)")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned", "color", "due:Date"])

        // Both stranded shapes back under names of their own: only the coming edit is left.
        try Self.write(folder, "Notes 2 (v1.0)", ["title", "body"])
        try Self.write(folder, "Notes 2 (v1.1)", ["title", "body", "pinned"])
        let fixed = try Executable.run(["--no-color"], in: folder.url)
        let left = fixed.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(left.count == 1 && left[0].contains("it changed since the release at v1.3:"), "\(fixed.stdout)")
    }

    /// A release that holds the version as an older one (a newer version is current) makes its
    /// stores with the current one: its shape of the edited version strands no store, though the
    /// finding still says what it changed.
    @Test func aShapeShippedWhileAnotherVersionWasCurrentStrandsNoStore() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("notes")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("a body, in place")
        try repository.tag("v1.1")
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"])
        try Self.write(folder, "Notes", ["title", "body", "color"], current: "Notes 2")
        try repository.commit("Notes 2, and Notes edited again")
        try repository.tag("v1.2")
        try Self.write(folder, "Notes", ["title", "body", "color", "due"], current: "Notes 2")
        try repository.commit("Notes edited once more")
        try repository.tag("v1.3")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1 && findings[0].contains("v1.2 changed it again by: Note: added attribute `color` (string); v1.3 changed it again by: Note: added attribute `due` (string); the stores v1.0 and v1.1 made match no version"), "\(run.stdout)")
        #expect(!run.stdout.contains("note: as v1.2 shipped it"), "\(run.stdout)")
    }

    /// A project that began as another app (its prototype built as `com.example.notes-beta`, with
    /// an app group of its own) before it took the identity it ships under: the stores the
    /// prototype's releases made lie in a container the app cannot open, and the shape they
    /// shipped is no one's to migrate. The same history under one identity strands them.
    ///
    /// `identityMovedToSettings` is the same app (with no app group) that moved its identifier
    /// into an xcconfig (`PRODUCT_BUNDLE_IDENTIFIER = $(MAIN_BUNDLE_IDENTIFIER)`) after v0.1 and
    /// added a helper tool under an identifier of its own: still one app.
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func releasesBuiltAsAnotherAppStrandNoStore(identityChanged: Bool, identityMovedToSettings: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func identity(_ bundleID: String, _ group: String?, setting: String? = nil) throws {
            let app = setting.map { "\"$(\($0))\";\n\t\t}; };\n\t\tA3 = {isa = XCBuildConfiguration; buildSettings = {\n\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \(bundleID)-sync-tool" } ?? bundleID
            let project = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA0 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n\t\tA1 = {isa = XCBuildConfiguration; buildSettings = {\n\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \(app);\n\t\t}; };\n\t\tA2 = {isa = XCBuildConfiguration; buildSettings = {\n\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \(bundleID)Tests;\n\t\t}; };\n\t};\n}\n"
            try folder.write(project, to: "Notes.xcodeproj/project.pbxproj")
            if let setting { try folder.write("\(setting) = \(bundleID)\n", to: "Configuration/App.xcconfig") }
            if let group { try folder.write("<plist version=\"1.0\"><dict><key>com.apple.security.application-groups</key><array><string>\(group)</string></array></dict></plist>\n", to: "App/App.entitlements") }
        }
        try identity(identityMovedToSettings ? "com.example.notes" : "com.example.notes-beta", identityMovedToSettings ? nil : "group.com.example.notes-beta")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("the prototype")
        try repository.tag("v0.1")
        if identityChanged { try identity("com.example.notes", "group.com.example.notes") }
        if identityMovedToSettings { try identity("com.example.notes", nil, setting: "MAIN_BUNDLE_IDENTIFIER") }
        try Self.write(folder, "Notes", ["title", "body!"])
        try repository.commit("a required body, in place, as the app")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "body!", "pinned"])
        try repository.commit("pinned, in place")
        try repository.tag("v1.1")
        try Self.write(folder, "Notes 2", ["title", "body!", "pinned", "color"])
        try repository.commit("Notes 2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let finding = try #require(run.stdout.split(separator: "\n").first { $0.contains("[released-version-modified]") }, "\(run.stdout)")
        if identityChanged {
            // v1.0's stores open by inference: a note, with no word of v0.1.
            #expect(finding.contains(": note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by") && !run.stdout.contains("v0.1"), "\(run.stdout)")
        } else {
            #expect(finding.contains(": warning: released Notes was modified after it shipped: v0.1 shipped it") && finding.contains("the stores v0.1 made match no version in the bundle now, and Core Data cannot infer"), "\(run.stdout)")
        }
    }

    /// A version edited in place by an inferable change (an optional attribute) at the release
    /// that also added a version making an attribute required: Core Data infers one jump from the
    /// shape that shipped, edited or not, so the requirement fails those stores as it would the
    /// unedited version's; a step's, which the change rules report (`sharedBlocker`; also where
    /// the edit added the attribute the later version makes required, `addedByTheEdit`), and the
    /// edit stays a note. Made required by the edit itself, the blocker is hidden from every step
    /// the bundle shows, and the edit is to blame: a warning.
    @Test(arguments: ["sharedBlocker", "addedByTheEdit", "requiredByTheEdit"])
    func aBlockerTheUneditedVersionSharesIsNotTheEdits(shape: String) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("notes")
        try repository.tag("v1.0")
        switch shape {
        case "addedByTheEdit":
            try Self.write(folder, "Notes", ["title", "body", "uniqueId"], current: "Notes 2")
            try Self.write(folder, "Notes 2", ["title", "body", "uniqueId!"])
        default:
            try Self.write(folder, "Notes", ["title", shape == "requiredByTheEdit" ? "body!" : "body", "pinned"], current: "Notes 2")
            try Self.write(folder, "Notes 2", ["title!", "body!", "pinned"])
        }
        try repository.commit("Notes edited in place, and Notes 2 with required attributes")
        try repository.tag("v1.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let finding = try #require(run.stdout.split(separator: "\n").first { $0.contains("[released-version-modified]") }, "\(run.stdout)")
        if shape == "requiredByTheEdit" {
            #expect(finding.contains(": warning: released Notes was modified after it shipped: v1.0 shipped it") && finding.contains("only where every stored object has a value for what became required (attribute 'Note.body' became required"), "\(run.stdout)")
            #expect(!run.stdout.contains("blocks inferring the migration from what shipped: attribute 'Note.title'"), "\(run.stdout)")
        } else {
            #expect(finding.contains(": note: released Notes was modified after it shipped: v1.0 shipped it"), "\(run.stdout)")
            #expect(!run.stdout.contains("blocks inferring"), "\(run.stdout)")
        }
    }

    /// A bundle shipped empty (Xcode's template model, before the app used it) and given its
    /// entities in place at a later release: the stores of the empty shape hold nothing, and
    /// nothing is stranded.
    @Test func aVersionShippedEmptyThenFilledInPlaceStrandsNothing() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write(XcodeFixtures.contents(""), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("the template's model")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("a note, in place")
        try repository.tag("v1.1")
        try Self.releaseWithoutModelChange(folder, &repository, tag: "v1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("[released-version-modified]"), "\(run.stdout)")
        // Filled at one release and edited at the next: that edit strands the stores of v1.1.
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("a body, in place")
        try repository.tag("v1.3")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("released Notes was modified after it shipped: v1.1 shipped it, v1.3 shipped it changed by: Note: added attribute `body` (string); the stores v1.1 to v1.2 made match no version"), "\(edited.stdout)")
    }

    /// A version edited in place and then edited back: the stores of the release between match no
    /// version, and the finding names the release that first shipped the version, not that one.
    @Test func aVersionEditedBackNamesTheReleaseThatFirstShippedIt() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("notes")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "body", "pinned"])
        try repository.commit("pinned notes, in place")
        try repository.tag("v1.1")
        // The shape v1.0 shipped, its attributes in another order.
        try Self.write(folder, "Notes", ["body", "title"])
        try repository.commit("no more pinned notes")
        try repository.tag("v1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1 && findings[0].contains("note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `pinned` (string); v1.2 changed it again by: Note: removed attribute `pinned`; the stores v1.1 made match no version"), "\(run.stdout)")
    }

    /// The first release holds the version byte for byte as the newest does (a tag set out of
    /// order, or an edit undone exactly): a release between them that held it otherwise still
    /// strands its stores.
    @Test func aReleaseBetweenTwoOfTheNewestShapeStrandsItsStores() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title", "currency"])
        try repository.commit("notes with a currency")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "order"])
        try repository.commit("an order instead, in place")
        try repository.tag("v1.1")
        try Self.write(folder, "Notes", ["title", "currency"])
        try repository.commit("the currency back, in place")
        try repository.tag("v1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1 && findings[0].contains("v1.0 shipped it, v1.1 shipped it changed by: ") && findings[0].contains("the stores v1.1 made match no version"), "\(run.stdout)")
    }

    /// A version edited in place at many releases: the finding names how many releases' stores
    /// match no version, from the first to the last, and the oldest and newest shapes, not each.
    @Test func aVersionEditedAtManyReleasesNamesTheFirstAndTheLast() throws {
        let (folder, repository) = try Self.released()
        var git = repository
        var attributes = ["title", "body"]
        for release in 1...6 {
            attributes.append("a\(release)")
            try Self.write(folder, "Notes 2", attributes)
            try git.commit("a\(release), in place")
            try git.tag("v1.\(release)")
        }
        let run = try Executable.run(["--no-color"], in: folder.url)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasSuffix("[released-version-modified]") }, "\(run.stdout)")
        #expect(lines[start].contains("; and 3 more releases changed it again; the stores the 6 releases from v1.0 to v1.5 made match no version in the bundle now;"), "\(run.stdout)")
        #expect(Array(lines[(start + 1)...].prefix(5)) == [
            "    note: as v1.0 shipped it (v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)",
            "    note: as v1.1 shipped it (v1.1:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)",
            "    note: and 2 more releases, between v1.1 and v1.4, shipped it in shapes of their own",
            "    note: as v1.4 shipped it (v1.4:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)",
            "    note: as v1.5 shipped it (v1.5:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("help: add Notes 2 back to the bundle as each of the 6 releases shipped it that people still run (`git show TAG:path`, from `git show v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents` to `git show v1.5:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents`)"), "\(run.stdout)")
        // Each edit added an optional attribute: every store opens by inference, so nothing
        // needs restoring now, and the next change is what to make in a version of its own.
        #expect(lines[start].hasSuffix("Core Data opens them only by inferring a migration to Notes 2 from the model each store keeps, which works while that change stays inferable, and later versions are checked against something those people never ran [released-version-modified]"), "\(run.stdout)")
        #expect(run.stdout.contains("help: the stores open while each change to Notes 2 is one lightweight migration infers, so nothing needs restoring now: make the next change in a new version"), "\(run.stdout)")
        #expect(!run.stdout.contains("restoring it in place would strand"), "\(run.stdout)")
    }

    /// A synced model edited in place at a release and again since the newest, by a new optional
    /// attribute each time: CloudKit takes a new field as it takes one of a new version, so the
    /// local stores decide, as for a local model: a note, since they open from the shipping model
    /// edited in place, as Apple allows.
    @Test func aSyncedEditCloudKitTakesSinceTheNewestReleaseIsANote() throws {
        let (folder, _) = try Self.syncedNotesEditedAtV11()
        try Self.syncedNotes(["title", "body", "pinned"], in: folder)
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `body` (string); and since v1.1 the working tree changed it by: Note: added attribute `pinned` (string)"), "\(run.stdout)")
        // The stores v1.0 made are local stores to open, synced or not: by inference.
        #expect(run.stdout.contains("Core Data opens them only by inferring a migration to Notes from the model each store keeps"), "\(run.stdout)")
    }

    /// The same model, whose edit since the newest release removes a field older apps go on
    /// writing: an error, as the same change in a new version is.
    @Test func aSyncedEditCloudKitCannotTakeSinceTheNewestReleaseIsAnError() throws {
        let (folder, _) = try Self.syncedNotesEditedAtV11()
        try Self.syncedNotes(["body"], in: folder)
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("error: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `body` (string); and since v1.1 the working tree changed it by: Note: removed attribute `title`"), "\(run.stdout)")
    }

    /// One synced version, `Notes`, tagged v1.0 with `title`, and v1.1 with `title` and `body`.
    private static func syncedNotesEditedAtV11() throws -> (TemporaryFolder, GitRepository) {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try syncedNotes(["title"], in: folder)
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes"), to: "\(Self.bundle)/.xccurrentversion")
        try repository.commit("one version")
        try repository.tag("v1.0")
        try syncedNotes(["title", "body"], in: folder)
        try repository.commit("body, in place")
        try repository.tag("v1.1")
        return (folder, repository)
    }

    private static func syncedNotes(_ attributes: [String], in folder: TemporaryFolder) throws {
        let body = attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n")
        try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n\(body)\n</entity>", cloudKit: true), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
    }

    /// A local store whose next version turns CloudKit on migrates as a local store: a rename
    /// with its Renaming ID, which CloudKit refuses, is no blocker for the stores the release made.
    @Test func theStoresOfALocalReleaseMigrateAsLocalStoresWhereSyncStartsLater() throws {
        let (folder, _) = try Self.editedInPlace()
        try folder.write(XcodeFixtures.contents("""
            <entity name="Note">
            <attribute name="heading" optional="YES" attributeType="String" elementID="title"/>
            <attribute name="body" optional="YES" attributeType="String"/>
            </entity>
            """, cloudKit: true), to: "\(Self.bundle)/Notes 2.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2"), to: "\(Self.bundle)/.xccurrentversion")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `body` (string); the stores v1.0 made match no version in the bundle now; Core Data opens them only by inferring a migration to Notes 2"), "\(run.stdout)")
        #expect(!run.stdout.contains("blocks inferring"), "\(run.stdout)")
    }

    /// A bundle that moved since its first release (a folder renamed, a module split out) is
    /// found there by its name: the version is still compared with what that release shipped.
    @Test func aVersionChangedAfterItsBundleMovedIsComparedWithItsFirstRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("two versions")
        try repository.tag("v1.0")
        try FileManager.default.createDirectory(atPath: folder.path + "/Kit/Sources", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.path + "/App", toPath: folder.path + "/Kit/Sources/App")
        try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"pinned\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"), to: "Kit/Sources/\(Self.bundle)/Notes 2.xcdatamodel/contents")
        try repository.commit("moved into the kit, pinned notes in place")
        try repository.tag("v1.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("Kit/Sources/App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1: note: released Notes 2 was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `pinned` (string);"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("note: as v1.0 shipped it (v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)"), "\(run.stdout)")
    }

    /// A pre-release ships to testers: the version is compared with the first release that
    /// shipped it to everyone. A transformer switched in place, outside the version hash, is no
    /// change a store notices.
    @Test func preReleasesAndTransformersDoNotCountAsShippedChanges() throws {
        var (folder, repository) = try Self.editedInPlace(first: "v1.0-beta1", second: "v1.0")
        let archived = XcodeFixtures.contents("<entity name=\"Note\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"tags\" optional=\"YES\" attributeType=\"Transformable\"/>\n</entity>")
        try folder.write(archived, to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("tags")
        try repository.tag("v1.1")
        try folder.write(archived.replacingOccurrences(of: "attributeType=\"Transformable\"", with: "attributeType=\"Transformable\" valueTransformerName=\"NSSecureUnarchiveFromDataTransformer\""), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("secure transformer")
        try repository.tag("v1.2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") }
        #expect(findings.count == 1 && findings[0].contains("note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `tags` (transformable);"), "\(run.stdout)")
        // Switched again since the newest release: still nothing a store notices.
        try folder.write(archived.replacingOccurrences(of: "attributeType=\"Transformable\"", with: "attributeType=\"Transformable\" valueTransformerName=\"TagsTransformer\""), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        let switched = try Executable.run(["--no-color"], in: folder.url)
        #expect(switched.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-modified]") } == findings, "\(switched.stdout)")
        #expect(GitReleaseTags.isPrerelease("v2.1.2-beta3") && GitReleaseTags.isPrerelease("1.0-rc.1") && GitReleaseTags.isPrerelease("5.19.0-1-staging") && GitReleaseTags.isPrerelease("6.6.0-prerelease"))
        #expect(!GitReleaseTags.isPrerelease("v2.1.2") && !GitReleaseTags.isPrerelease("v3.0-device") && !GitReleaseTags.isPrerelease("release-12"))
        // A milestone of the work is no release at all.
        let tags = GitReleaseTags(listing: ["a v0.1-setup 1", "b v0.3-WIP 2", "c v1.0-draft 3", "d v1.0 4", "e v1.1-settings 5"].joined(separator: "\n"), pattern: HistorySource.defaultTagPattern)
        #expect(tags.tags.map(\.name) == ["v1.0", "v1.1-settings"], "\(tags.tags.map(\.name))")
        // Marks written straight after the last number (`b` for beta), not a build's hash.
        #expect(GitReleaseTags.isPrerelease("v1.0.0b2") && GitReleaseTags.isPrerelease("2.0a1") && GitReleaseTags.isPrerelease("1.4rc2"))
        #expect(!GitReleaseTags.isPrerelease("v1.2.3-4abc") && !GitReleaseTags.isPrerelease("v1.0.0-5b2f9c1"))
    }

    /// Pre-releases after the newest release went to testers: the next release takes their
    /// steps to everyone, so those steps are reported as coming, not counted as shipped.
    @Test func stepsOnlyPreReleasesTookAreComing() throws {
        var (folder, repository) = try Self.released()
        try Self.write(folder, "Notes 3", ["title", "body:Date"])
        try repository.commit("version 3")
        try repository.tag("v1.1-beta1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.body' changed type from string to date"), "\(run.stdout)")
        // Released, the step is shipped history.
        try Self.releaseWithoutModelChange(folder, &repository, tag: "v1.1")
        let released = try Executable.run(["--no-color"], in: folder.url)
        #expect(!released.stdout.contains("error: attribute 'Note.body' changed type"), "\(released.stdout)")
        #expect(released.stdout.contains("not listed: 1 error"), "\(released.stdout)")
    }

    /// SwiftData classes edited in place are compared with the newest release, not with a
    /// pre-release tagged after it.
    @Test func anInPlaceModelIsComparedWithTheReleaseBeforeItsPreReleases() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import SwiftData\n@Model final class Note {\n    var title: String = \"\"\n    var body: String = \"\"\n    init() {}\n}\n", to: "Notes/Note.swift")
        try folder.write("import SwiftData\nlet container = try! ModelContainer(for: Note.self, configurations: ModelConfiguration(cloudKitDatabase: .none))\n", to: "Notes/Store.swift")
        try repository.commit("1.0")
        try repository.tag("v1.0")
        try folder.write("import SwiftData\n@Model final class Note {\n    var title: String = \"\"\n    init() {}\n}\n", to: "Notes/Note.swift")
        try repository.commit("no body")
        try repository.tag("v1.1-beta1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("attribute 'Note.body' was removed"), "\(run.stdout)")
        #expect(run.stdout.contains("v1.0:Notes/Note.swift"), "\(run.stdout)")
    }

    /// SwiftData classes without a `VersionedSchema` are edited in place: the copy read at the
    /// release tag is what the next release is checked against, not a version of their files
    /// that the working tree lost.
    @Test func anInPlaceSwiftDataModelLosesNoReleasedVersion() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import SwiftData\n@Model final class Item {\n    var date: Date = Date.now\n    init() {}\n}\n", to: "Diary/Item.swift")
        try folder.write("import SwiftData\n@Model final class DailyLog {\n    var note: String = \"\"\n    init() {}\n}\n", to: "Diary/Models/DailyLog.swift")
        try folder.write("import SwiftData\nimport SwiftUI\n@main struct DiaryApp: App {\n    var body: some Scene { WindowGroup { Text(\"Diary\") }.modelContainer(for: [Item.self, DailyLog.self]) }\n}\n", to: "Diary/DiaryApp.swift")
        try folder.write(CloudKitSyncFromCodeTests.entitlements("CloudKit"), to: "Diary/Diary.entitlements")
        try repository.commit("1.0")
        try repository.tag("v1.0")
        try FileManager.default.removeItem(atPath: folder.path + "/Diary/Item.swift")
        try folder.write("import SwiftData\n@Model final class DailyLog {\n    var note: String = \"\"\n    var mood: Int = 0\n    init() {}\n}\n", to: "Diary/Models/DailyLog.swift")
        try folder.write("import SwiftData\nimport SwiftUI\n@main struct DiaryApp: App {\n    var body: some Scene { WindowGroup { Text(\"Diary\") }.modelContainer(for: [DailyLog.self]) }\n}\n", to: "Diary/DiaryApp.swift")
        try repository.commit("no items, a mood")

        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("error: entity 'Item' was removed; apps still on v1.0 keep syncing its records [entity-removed]"), "\(run.stdout)")
        #expect(!run.stdout.contains("[released-version-removed]") && !run.stdout.contains("[released-version-modified]"), "\(run.stdout)")
    }

    /// A version an older release shipped as its current one, gone from the bundle since, leaves
    /// the stores that release made with no model: a warning at its place in that release, about
    /// the step that removed it. One renamed, its shape kept, is no loss.
    @Test(arguments: [false, true])
    func aVersionAnOlderReleaseShippedThatTheBundleLostIsAWarning(renamed: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("one version")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("version 2")
        try repository.tag("v1.1")
        if renamed {
            try FileManager.default.moveItem(atPath: folder.path + "/\(Self.bundle)/Notes.xcdatamodel", toPath: folder.path + "/\(Self.bundle)/Notes 1.xcdatamodel")
        } else {
            try FileManager.default.removeItem(atPath: folder.path + "/\(Self.bundle)/Notes.xcdatamodel")
        }
        try Self.write(folder, "Notes 3", ["title", "body", "due:Date"])
        try repository.commit("version 3, the first version \(renamed ? "renamed" : "removed")")
        try repository.tag("v1.2")

        // The removal shipped with v1.2: listed with every step, counted by default.
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        let coming = try Executable.run(["--no-color"], in: folder.url)
        #expect(!coming.stdout.contains("[released-version-removed]"), "\(coming.stdout)")
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-removed]") }
        #expect(findings == (renamed ? [] : ["v1.0:\(Self.bundle)/Notes.xcdatamodel/contents:1:1: warning: version Notes of model 'Notes' was the current version of release v1.0 and is no longer in the bundle, under any name: Core Data finds no model for the stores those releases made, so the people who update from them cannot open their store (NSMigrationMissingSourceModelError, 134130) unless the app migrates it by itself [released-version-removed]"]), "\(run.stdout)")
    }

    /// A version the newest release holds, renamed since with its shape kept, is no loss: the
    /// stores find their model by its hashes.
    @Test func aVersionTheNewestReleaseHoldsRenamedSinceIsNoRemoval() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("two versions")
        try repository.tag("v1.0")
        try FileManager.default.moveItem(atPath: folder.path + "/\(Self.bundle)/Notes.xcdatamodel", toPath: folder.path + "/\(Self.bundle)/Notes 1.xcdatamodel")
        try repository.commit("the first version renamed")
        let renamed = try Executable.run(["--no-color"], in: folder.url)
        #expect(!renamed.stdout.contains("[released-version-removed]"), "\(renamed.stdout)")
        try FileManager.default.removeItem(atPath: folder.path + "/\(Self.bundle)/Notes 1.xcdatamodel")
        try repository.commit("the first version removed")
        let removed = try Executable.run(["--no-color"], in: folder.url)
        #expect(removed.stdout.contains("v1.0:\(Self.bundle)/Notes.xcdatamodel/contents:1:1: error: released version Notes of model 'Notes' is in the release at v1.0"), "\(removed.stdout)")
    }

    /// In a shallow clone an Xcode model of one version, compared with its releases like any
    /// other, gets the note that they could not be read, so a passing run is not taken for a clean one.
    @Test func aShallowCloneSaysTheReleasesOfAOneVersionBundleWereNotRead() throws {
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        try Self.write(origin, "Notes", ["title"])
        try repository.commit("one version")
        try repository.tag("v1.0")
        try Self.write(origin, "Notes", ["title", "body"])
        try repository.commit("body, in place")
        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let run = try Executable.run(["--no-color"], in: URL(fileURLWithPath: clones.path + "/shallow"))
        #expect(run.stdout.contains("note: the released versions of model 'Notes' were not checked for edits since they shipped: the repository is a shallow clone"), "\(run.stdout)")

        // A clone of a tagged commit holds that release, which is read, and none before it.
        try repository.tag("v1.1")
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/tagged"])
        let tagged = try Executable.run(["--no-color"], in: URL(fileURLWithPath: clones.path + "/tagged"))
        #expect(tagged.stdout.contains("note: the versions of model 'Notes' that shipped before the newest release were not checked for edits since: the repository is a shallow clone, which holds the newest release tag (v1.1) but neither the older tags nor the history that show what shipped before it [released-version-modified]"), "\(tagged.stdout)")
    }

    /// A shallow clone cannot say whether the newest version shipped: the store opened at launch
    /// that migrates to it is a note that says so, and a warning in the whole history that shows
    /// the step is new.
    @Test func aShallowCloneCannotSayWhetherTheStepAtLaunchShipped() throws {
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        try Self.write(origin, "Notes", ["title"])
        try origin.write("""
        import CoreData
        import SwiftUI

        @main
        struct NotesApp: App {
            let container = NSPersistentContainer(name: "Notes")
            init() {
                container.loadPersistentStores { _, _ in }
            }
            var body: some Scene { WindowGroup { Text("Notes") } }
        }
        """, to: "App/NotesApp.swift")
        try repository.commit("notes")
        try repository.tag("v1.0")
        try Self.write(origin, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        let whole = try Executable.run(["--no-color"], in: origin.url)
        #expect(whole.stdout.contains("App/NotesApp.swift:8:19: warning: loadPersistentStores opens the store on the launch path (NotesApp.init), and Notes 2 of model 'Notes' migrates every store of Notes there"), "\(whole.stdout)")
        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let shallow = try Executable.run(["--no-color"], in: URL(fileURLWithPath: clones.path + "/shallow"))
        #expect(shallow.stdout.contains("App/NotesApp.swift:8:19: note: loadPersistentStores opens the store on the launch path (NotesApp.init), and Notes 2 of model 'Notes' migrates every store of Notes there: entity 'Note' (added 'body'); the repository is a shallow clone, which cannot say whether Notes 2 has shipped: if it has, that migration ran already, when people updated [store-opened-at-launch]"), "\(shallow.stdout)")
    }

    /// Where nothing records what shipped, the newest step is taken as the coming release's. With
    /// the history there, a change CloudKit cannot take is an error; in a one-commit clone, whose
    /// history would show the step shipped long ago, it is a warning that says why.
    @Test func aShallowCloneTakesTheNewestStepAsComingOnlyAsAWarning() throws {
        func contents(_ attributes: [String]) -> String {
            let body = attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n")
            return XcodeFixtures.contents("<entity name=\"Note\" syncable=\"YES\">\n\(body)\n</entity>\n<configuration name=\"Default\" usedWithCloudKit=\"YES\">\n<memberEntity name=\"Note\"/>\n</configuration>")
        }
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        try origin.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try origin.write(contents(["title", "body"]), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("notes")
        try origin.write(contents(["title"]), to: "\(Self.bundle)/Notes 2.xcdatamodel/contents")
        try origin.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2"), to: "\(Self.bundle)/.xccurrentversion")
        try repository.commit("Notes 2 drops the body")
        let removal = "App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:3:1: %@: attribute 'Note.body' was removed"
        let whole = try Executable.run(["--no-color"], in: origin.url)
        #expect(whole.status == 1 && whole.stdout.contains(String(format: removal, "error")) && !whole.stdout.contains("a warning, not an error"), "\(whole.stdout)")
        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let shallow = try Executable.run(["--no-color"], in: URL(fileURLWithPath: clones.path + "/shallow"))
        #expect(shallow.status == 0 && shallow.stdout.contains(String(format: removal, "warning")), "\(shallow.stdout)")
        #expect(shallow.stdout.contains("note: a warning, not an error: the repository is a shallow clone, whose one commit does not show whether Notes 2 shipped"), "\(shallow.stdout)")
    }

    /// SwiftData's @Model classes with no schema are compared with the newest release tag; in a
    /// history with none, a note says so, as the shallow clone's does.
    @Test func unversionedSwiftDataWithoutATagSaysItWasNotComparedWithARelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import SwiftData\n\n@Model final class Note {\n    var title: String = \"\"\n    init() {}\n}\n", to: "App/Note.swift")
        try repository.commit("notes")
        let untagged = try Executable.run(["--no-color"], in: folder.url)
        #expect(untagged.stdout.contains("App/Note.swift:3:20: note: the SwiftData model was not checked against a release, so what the next release changes for the people who run it is not reported: no tag in the history of HEAD and no lock record what shipped [released-version-modified]"), "\(untagged.stdout)")
        #expect(untagged.stdout.contains("help: tag each release where it was built"), "\(untagged.stdout)")
        // Tags on a branch HEAD has not merged record no release of what HEAD holds, but say
        // that the team tags its releases elsewhere.
        try repository.git(["checkout", "--quiet", "-b", "release"])
        try folder.write("import SwiftData\n\n@Model final class Note {\n    var title: String = \"\"\n    var body: String = \"\"\n    init() {}\n}\n", to: "App/Note.swift")
        try repository.commit("body, on the release branch")
        try repository.tag("v0.9")
        try repository.git(["checkout", "--quiet", "main"])
        let elsewhere = try Executable.run(["--no-color"], in: folder.url)
        #expect(elsewhere.stdout.contains("not reported: no tag in the history of HEAD and no lock record what shipped (the repository's tag, the newest `v0.9`, is on a commit HEAD does not descend from: another branch, or a history rewritten since) [released-version-modified]"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("help: if releases are built from another branch, lint that branch"), "\(elsewhere.stdout)")
        // A tag that is no release (a build's) records no release either, and the note says so.
        try repository.tag("adhoc-latest")
        let unmatched = try Executable.run(["--no-color"], in: folder.url)
        #expect(unmatched.stdout.contains("not reported: the tags in the history of HEAD (the newest: `adhoc-latest`) do not match the release-tag pattern `v* [0-9]*.*`, and no lock records what shipped [released-version-modified]"), "\(unmatched.stdout)")
        #expect(unmatched.stdout.contains("help: if releases are tagged another way, give the pattern"), "\(unmatched.stdout)")
        try repository.tag("v1.0")
        let tagged = try Executable.run(["--no-color"], in: folder.url)
        #expect(!tagged.stdout.contains("released-version-modified"), "\(tagged.stdout)")
    }

    /// In a shallow clone a model edited in place, which a run asked for no history source
    /// compares with its newest release, gets a note that it could not be; `--history files`
    /// asked for no comparison, and gets none.
    @Test func aShallowCloneSaysAModelEditedInPlaceWasNotComparedWithItsNewestRelease() throws {
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        try origin.write("model: Tasks\nversion: 1\nentities:\n  Task:\n    attributes:\n      title: {type: string, optional: true}\n", to: "models/Tasks.yml")
        try repository.commit("one version")
        try repository.tag("v1.0")
        try origin.write("model: Tasks\nversion: 1\nentities:\n  Task:\n    attributes:\n      heading: {type: string, optional: true}\n", to: "models/Tasks.yml")
        try repository.commit("heading, in place")
        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let run = try Executable.run(["--no-color"], in: URL(fileURLWithPath: clones.path + "/shallow"))
        #expect(run.stdout.contains("models/Tasks.yml:2:10: note: model 'Tasks' was not checked against its newest release, so what the next release changes for the people who run it is not reported: the repository is a shallow clone"), "\(run.stdout)")
        let files = try Executable.run(["--no-color", "--history", "files"], in: URL(fileURLWithPath: clones.path + "/shallow"))
        #expect(files.stdout == "no problems in 1 version of 1 model\n", "\(files.stdout)")

        // Cloned at a release tag, the model is compared with that release, as in the full
        // history: no note.
        try repository.tag("v1.1")
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/tagged"])
        let tagged = try Executable.run(["--no-color"], in: URL(fileURLWithPath: clones.path + "/tagged"))
        let full = try Executable.run(["--no-color"], in: origin.url)
        #expect(tagged.stdout == full.stdout && !full.stdout.contains("note:"), "\(tagged.stdout)")
    }

    /// A transformer switched since the newest release is no change a store notices.
    @Test func aTransformerSwitchedSinceTheTagIsNoModification() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let archived = XcodeFixtures.contents("<entity name=\"Note\">\n<attribute name=\"tags\" optional=\"YES\" attributeType=\"Transformable\"/>\n</entity>")
        try folder.write(archived, to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes"), to: "\(Self.bundle)/.xccurrentversion")
        try repository.commit("one version")
        try repository.tag("v1.0")
        try folder.write(archived.replacingOccurrences(of: "attributeType=\"Transformable\"", with: "attributeType=\"Transformable\" valueTransformerName=\"NSSecureUnarchiveFromDataTransformer\""), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("released-version-modified"), "\(run.stdout)")
    }

    /// A bundle that moved after the newest release is still followed to where the releases had it.
    @Test func aBundleMovedAfterTheNewestReleaseIsComparedWhereItWas() throws {
        var (folder, repository) = try Self.editedInPlace()
        try FileManager.default.createDirectory(atPath: folder.path + "/Models", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.path + "/\(Self.bundle)", toPath: folder.path + "/Models/Notes.xcdatamodeld")
        try repository.commit("models in a folder of their own")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("Models/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: note: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by: Note: added attribute `body` (string);"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("note: as v1.0 shipped it (v1.0:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:1:1)"), "\(run.stdout)")
    }

    /// A bundle moved since the newest release, its version edited since too: compared with the
    /// release where the release had it, as if it had stayed.
    @Test func anEditSinceTheNewestReleaseIsFoundAfterTheBundleMoved() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("one version")
        try repository.tag("v1.0")
        try FileManager.default.createDirectory(atPath: folder.path + "/Models", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.path + "/\(Self.bundle)", toPath: folder.path + "/Models/Notes.xcdatamodeld")
        try repository.commit("models in a folder of their own")
        let unchanged = try Executable.run(["--no-color"], in: folder.url)
        #expect(!unchanged.stdout.contains("released-version-modified"), "\(unchanged.stdout)")
        try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"),
                         to: "Models/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("Models/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: note: released Notes was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents: Note: added attribute `body` (string);"), "\(run.stdout)\(run.stderr)")
    }

    /// An older bundle of the same name that releases held beside the bundle (left in the tree,
    /// unbuilt, after the app began a new one elsewhere, then deleted) was not where the bundle
    /// was before: its shape is no release of this bundle's.
    @Test func anOldBundleOfTheSameNameHeldBesideItIsNotWhereItWas() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        let legacy = "Legacy/Notes.xcdatamodeld"
        try folder.write(XcodeFixtures.contents("<entity name=\"Entry\">\n<attribute name=\"text\" optional=\"YES\" attributeType=\"Date\"/>\n</entity>"), to: "\(legacy)/Notes.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes"), to: "\(legacy)/.xccurrentversion")
        try repository.commit("the first app's model")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("a new model for the rewrite; the old one stays in the tree")
        try repository.tag("v2.0")
        try FileManager.default.removeItem(atPath: folder.path + "/Legacy")
        try repository.commit("remove the old model")
        try repository.tag("v2.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("released-version-modified") && !run.stdout.contains("v1.0"), "\(run.stdout)\(run.stderr)")
    }

    /// A copy of the bundle added later beside it (a watch app's, edited apart) was not where
    /// the bundle was: its versions shipped first in the release that added the copy.
    @Test func aLaterCopyOfTheBundleIsNotComparedWithTheOriginalsReleases() throws {
        let (folder, repository) = try Self.released()
        var git = repository
        let body = ["title", "body", "pinned"].map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n")
        for version in ["Notes", "Notes 2"] {
            try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n\(body)\n</entity>"), to: "Watch/\(Self.bundle)/\(version).xcdatamodel/contents")
        }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2"), to: "Watch/\(Self.bundle)/.xccurrentversion")
        try git.commit("the watch app's copy")
        try git.tag("v1.1")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("released-version-modified"), "\(run.stdout)\(run.stderr)")
    }

    /// A version the release had and the files no longer have is reported at the tag's copy.
    @Test func aReleasedVersionDeletedSinceTheTagIsReported() throws {
        let (folder, _) = try Self.released()
        try FileManager.default.removeItem(atPath: folder.path + "/\(Self.bundle)/Notes 2.xcdatamodel")
        try Self.write(folder, "Notes 3", ["title", "body", "color"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: error: released version Notes 2 of model 'Notes' is in the release at v1.0:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents but no longer in the models"), "\(run.stdout)")
        #expect(!run.stdout.contains("schemalint lock --force"), "\(run.stdout)")
    }

    /// A release that shipped the new-project template's model untouched (one `Item` with a
    /// `timestamp`), edited since into the app's own entities, made stores of nothing the app
    /// keeps: no finding. Kept and changed, the template's `Item` is the app's.
    @Test(arguments: [false, true])
    func aReleasedProjectTemplateReplacedByTheAppsModelIsNoFinding(keepsItem: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let template = "<entity name=\"Item\">\n<attribute name=\"timestamp\" optional=\"YES\" attributeType=\"Date\"/>\n</entity>"
        try folder.write(XcodeFixtures.contents(template), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("the template")
        try repository.tag("v1.0")
        let item = keepsItem ? "<entity name=\"Item\">\n<attribute name=\"timestamp\" optional=\"YES\" attributeType=\"String\"/>\n</entity>\n" : ""
        try folder.write(XcodeFixtures.contents(item + "<entity name=\"Episode\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("the app's model, in place")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("[released-version-modified]") == keepsItem, "\(run.stdout)")
    }

    /// Versions of one release deleted together (every version but the first, the history
    /// squashed) are one finding that names them all, with a note at each other copy.
    @Test func releasedVersionsDeletedTogetherAreOneFinding() throws {
        let (folder, repository) = try Self.released()
        var git = repository
        try Self.write(folder, "Notes 3", ["title", "body", "color"])
        try git.commit("three versions")
        try git.tag("v1.1", annotated: true)
        for version in ["Notes 2", "Notes 3"] {
            try FileManager.default.removeItem(atPath: folder.path + "/\(Self.bundle)/\(version).xcdatamodel")
        }
        let run = try Executable.run(["--no-color"], in: folder.url)
        let removed = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[released-version-removed]") }
        #expect(removed == ["v1.1:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1: error: released versions Notes 2 and Notes 3 of model 'Notes' are in the release at v1.1 but no longer in the models; people still run them, and later versions are no longer checked against them [released-version-removed]"], "\(run.stdout)")
        #expect(run.stdout.contains("    note: also released: Notes 3 (v1.1:App/Notes.xcdatamodeld/Notes 3.xcdatamodel/contents:1:1)"), "\(run.stdout)")
    }

    @Test func versionsLeftAsReleasedStayQuietAndTheLockWins() throws {
        let (folder, _) = try Self.released()
        try Self.write(folder, "Notes 3", ["title", "body", "color"])
        let unchanged = try Executable.run(["--no-color"], in: folder.url)
        #expect(!unchanged.stdout.contains("released-version"), "\(unchanged.stdout)")

        // A lock written after the edit records the edited version: it wins over the tag.
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"], current: "Notes 3")
        #expect(try Executable.run(["lock", "."], in: folder.url).status == 0)
        let locked = try Executable.run(["--no-color"], in: folder.url)
        #expect(!locked.stdout.contains("released-version"), "\(locked.stdout)")
    }

    /// A model in a top folder of one letter (`Y/`): swift-corelibs-foundation traps when
    /// `deletingLastPathComponent` is asked for the folder above `Y`, so every path is taken apart
    /// by `PathResolution.parent(of:)`. Released, left alone and then edited, the run reports.
    @Test func aModelInAOneLetterTopFolderIsComparedWithTheTag() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("model: Y\nversion: 1\nentities:\n  E:\n    attributes:\n      a1: string\n", to: "Y/Y-1.yml")
        try folder.write("model: Y\nversion: 2\nentities:\n  E:\n    attributes:\n      a1: string\n      a2: string\n", to: "Y/Y-2.yml")
        try repository.commit("Y")
        try repository.tag("v1.0")
        let quiet = try Executable.run(["--no-color"], in: folder.url)
        #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
        try folder.write("model: Y\nversion: 1\nentities:\n  E:\n    attributes:\n      a1: string\n      a3: string\n", to: "Y/Y-1.yml")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("Y/Y-1.yml:"), "\(edited.stdout)\(edited.stderr)")
        #expect(edited.stdout.contains("released version 1 was modified: it changed since the release at v1.0"), "\(edited.stdout)\(edited.stderr)")
    }

    /// An Xcode model of one version edited since its release leaves the released stores with no
    /// model to migrate from: it is compared with the tag like any released version. A YAML model
    /// of one file is not versioned there: editing it is how it changes, and the newest release is
    /// the version the next one is checked against (a step, not a release modified).
    /// The version a release shipped as current, edited in place while a draft came after it (the
    /// classic edit of the wrong version): no longer the model the app ships, so the edit stays a
    /// warning, however inferable.
    @Test func anEditOfTheReleasedVersionBesideADraftStaysAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes 2", ["title", "body"], current: "Notes")
        try Self.write(folder, "Notes", ["title", "pinned"], current: "Notes")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: warning: released Notes was modified: it changed since the release at v1.0"), "\(run.stdout)")
    }

    /// The current version edited in place where Core Data's inference is off: only a mapping model
    /// from a store's own version would migrate it, so the stores do not open from the model they
    /// keep, and the edit is not the one Apple allows.
    @Test func anInferableEditWithInferenceOffStaysAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import CoreData\n\nlet container: NSPersistentContainer = {\n    let container = NSPersistentContainer(name: \"Notes\")\n    container.persistentStoreDescriptions.first?.shouldInferMappingModelAutomatically = false\n    container.loadPersistentStores { _, _ in }\n    return container\n}()\n", to: "App/Stack.swift")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "pinned"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: warning: released Notes was modified: it changed since the release at v1.0"), "\(run.stdout)")
    }

    /// A release shipped the current version changed so that the stores of the release before
    /// cannot migrate (a String become a Date); the working tree's inferable edit since does not
    /// make the finding a note: those older stores still fail to open.
    @Test func anInferableEditSinceTheTagBesideOlderStoresThatFailStaysAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title", "created"])
        try repository.commit("Notes")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "created:Date"])
        try repository.commit("created a date, in place")
        try repository.tag("v1.1")
        try Self.write(folder, "Notes", ["title", "created:Date", "pinned"])
        let run = try Executable.run(["--no-color"], in: folder.url)
        let finding = try #require(run.stdout.split(separator: "\n").first { $0.hasSuffix("[released-version-modified]") }, "\(run.stdout)")
        #expect(finding.contains(": warning: released Notes was modified after it shipped: v1.0 shipped it, v1.1 shipped it changed by"), "\(run.stdout)")
    }

    @Test func aModelWithOneVersionIsComparedWithTheTagOnlyInABundle() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.write(folder, "Notes", ["title"])
        try folder.write("model: Tasks\nversion: 1\nentities:\n  Task:\n    attributes:\n      title: {type: string, optional: true}\n", to: "models/Tasks.yml")
        try repository.commit("one version each")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes", ["title", "body"])
        try folder.write("model: Tasks\nversion: 1\nentities:\n  Task:\n    attributes:\n      title: {type: string, optional: true}\n      done: {type: boolean, optional: true}\n", to: "models/Tasks.yml")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: note: released Notes was modified: it changed since the release at v1.0:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents: Note: added attribute `body` (string)"), "\(run.stdout)")
        #expect(!run.stdout.contains("released Tasks"), "\(run.stdout)")
        #expect(run.stdout.contains("models/Tasks.yml:2:10: note: opening a store of v1.0 with the next release migrates it at launch by lightweight migration"), "\(run.stdout)")
    }

    /// The same edit of a version that syncs with CloudKit, whose change the CloudKit rules report
    /// (an attribute required with no default): the stores keep their model all the same, and
    /// open by a migration Core Data infers from it.
    @Test func withoutTagsASyncedNewestVersionEditedAfterTheAppsVersionChangedSaysWhatItKnows() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write("MARKETING_VERSION = 1.0\n", to: "Config/Shared.xcconfig")
        func write(_ name: String, _ attributes: String) throws {
            try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n\(attributes)\n</entity>", cloudKit: true), to: "\(Self.bundle)/\(name).xcdatamodel/contents")
            try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "\(Self.bundle)/.xccurrentversion")
        }
        let title = "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>"
        try write("Notes", title)
        try repository.commit("Notes")
        try write("Notes 2", title + "\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>")
        try repository.commit("Notes 2")
        try folder.write("MARKETING_VERSION = 1.1\n", to: "Config/Shared.xcconfig")
        try repository.commit("1.1")
        try write("Notes 2", title + "\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"pinned\" optional=\"NO\" attributeType=\"Boolean\"/>")
        try repository.commit("Notes 2 gains pinned")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let finding = run.stdout.split(separator: "\n").first { $0.hasSuffix("[released-version-modified]") }
        #expect(finding?.contains("so the app's release 1.0 shipped Notes 2 as it was, and the stores it made match no version in the bundle now; Core Data opens them only by inferring a migration from the model each store keeps, and later versions are checked against something those people never ran") == true, "\(run.stdout)")
        #expect(!run.stdout.contains("finds no model"), "\(run.stdout)")
    }

    /// With no tag and no lock, the newest version edited after the app's version changed since it
    /// came (or in the commit that changed it): the release before shipped it as it was. Edits
    /// before the change are how the version was made.
    @Test(arguments: [false, true])
    func withoutTagsTheNewestVersionEditedAfterTheAppsVersionChangedIsANote(inTheSameCommit: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write("MARKETING_VERSION = 1.0\n", to: "Config/Shared.xcconfig")
        try Self.write(folder, "Notes", ["title", "summary"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        try Self.write(folder, "Notes 2", ["title", "body", "color"])
        try repository.commit("Notes 2, still in the making")
        let before = try Executable.run(["--no-color"], in: folder.url)
        #expect(!before.stdout.contains("released-version"), "\(before.stdout)")

        try folder.write("MARKETING_VERSION = 1.1\n", to: "Config/Shared.xcconfig")
        if !inTheSameCommit {
            try repository.commit("1.1")
            let released = try Executable.run(["--no-color"], in: folder.url)
            #expect(!released.stdout.contains("released-version"), "nothing edited since: \(released.stdout)")
        }
        try Self.write(folder, "Notes 2", ["title", "body", "color", "pinned"])
        try repository.commit("Notes 2 gains pinned")
        func commit(_ revision: String) throws -> (id: String, date: String) {
            let words = try repository.git(["log", "-1", "--format=%h %cs", revision]).split(separator: " ")
            return (String(words[0]), words[1].trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let edit = try commit("HEAD")
        let bump = try commit(inTheSameCommit ? "HEAD" : "HEAD~1")
        let when = inTheSameCommit ? "the commit that changed MARKETING_VERSION from 1.0 to 1.1" : "after MARKETING_VERSION went from 1.0 to 1.1 in \(bump.id) (\(bump.date))"
        let after = try Executable.run(["--no-color"], in: folder.url)
        #expect(after.status == 0, "a note: \(after.stdout)")
        #expect(after.stdout.contains("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:2:1: note: Notes 2 was edited in \(edit.id) (\(edit.date)), \(when): Note: added attribute `pinned` (string); a team changes the app's version once the release before went out, so the app's release 1.0 shipped Notes 2 as it was, and the stores it made match no version in the bundle now; Core Data opens them only by inferring a migration to Notes 2 from the model each store keeps, which works while that change stays inferable"), "\(after.stdout)")
        // The stores open from the shipping model edited in place, as Apple allows: nothing to restore.
        #expect(after.stdout.contains("help: the stores open while each change to Notes 2 is one lightweight migration infers, so nothing needs restoring: make the next change in a new version (Editor > Add Model Version)"), "\(after.stdout)")
        #expect(!after.stdout.contains("restore Notes 2 as it was"), "\(after.stdout)")
        #expect(after.stdout.contains("note: as it was before \(edit.id) (\(edit.id)^:App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:1)"), "\(after.stdout)")
        #expect(after.stdout.contains("help: if the app's release 1.0 did not ship Notes 2, or to record what did, tag your releases"), "\(after.stdout)")
        // The edit records no release: the change of the app's version still shows that the step
        // to Notes 2, which drops `summary`, shipped.
        #expect(after.stdout.contains("in steps that shipped (MARKETING_VERSION went from 1.0 to 1.1 in \(bump.id) (\(bump.date)), after Notes 2 came"), "\(after.stdout)")
        #expect(!after.stdout.contains("'Note.summary'"), "\(after.stdout)")

        // Edited again: what both edits changed is reported, named from the first to the last.
        try Self.write(folder, "Notes 2", ["title", "body", "color", "pinned", "archived"])
        try repository.commit("Notes 2 gains archived")
        let again = try commit("HEAD")
        let twice = try Executable.run(["--no-color"], in: folder.url)
        // What is said of the first commit stays by it.
        let edits = inTheSameCommit
            ? "\(edit.id) (\(edit.date)), \(when), and in later commits up to \(again.id) (\(again.date)): "
            : "\(edit.id) (\(edit.date)) and in later commits up to \(again.id) (\(again.date)), \(when): "
        #expect(twice.stdout.contains("note: Notes 2 was edited in \(edits)"), "\(twice.stdout)")
        #expect(twice.stdout.contains("`pinned`") && twice.stdout.contains("`archived`"), "\(twice.stdout)")
    }

    /// A number the next change of the app's version takes back ("2.0rc1", then "1.2rc2") was
    /// given by mistake: the release that followed under the older number shipped the edit made
    /// with it, and the next change that stays says when the version shipped.
    @Test func anAppVersionTakenBackNamesNoRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write("MARKETING_VERSION = 1.2\n", to: "Config/Shared.xcconfig")
        try Self.write(folder, "Notes", ["title", "summary"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        try Self.write(folder, "Notes 2", ["title", "body", "color"])
        try folder.write("MARKETING_VERSION = 2.0\n", to: "Config/Shared.xcconfig")
        try repository.commit("2.0rc1")
        try folder.write("MARKETING_VERSION = 1.2\n", to: "Config/Shared.xcconfig")
        try repository.commit("1.2rc2")
        let withdrawn = try Executable.run(["--no-color"], in: folder.url)
        #expect(!withdrawn.stdout.contains("released-version-modified"), "\(withdrawn.stdout)")
        #expect(!withdrawn.stdout.contains("2.0"), "\(withdrawn.stdout)")

        try folder.write("MARKETING_VERSION = 1.3\n", to: "Config/Shared.xcconfig")
        try repository.commit("1.3")
        try Self.write(folder, "Notes 2", ["title", "body", "color", "pinned"])
        try repository.commit("Notes 2 gains pinned")
        let words = try repository.git(["log", "-1", "--format=%h %cs", "HEAD~1"]).split(separator: " ")
        let bump = (id: String(words[0]), date: words[1].trimmingCharacters(in: .whitespacesAndNewlines))
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("after MARKETING_VERSION went from 1.2 to 1.3 in \(bump.id) (\(bump.date)): Note: added attribute `pinned` (string); a team changes the app's version once the release before went out, so the app's release 1.2 shipped Notes 2 as it was"), "\(edited.stdout)")
        #expect(!edited.stdout.contains("`color`"), "\(edited.stdout)")
    }

    /// A version edited as the newest came, where it was still a draft (after the version
    /// `.xccurrentversion` named), made no store in that shape: the edit is how it was made. The
    /// same edit of a version that was current then is reported.
    @Test(arguments: [true, false])
    func anEditOfAVersionThatWasADraftThenIsNoModification(draftThen: Bool) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes 2", ["title", "body"], current: draftThen ? "Notes" : "Notes 2")
        try repository.commit("Notes 2")
        try Self.write(folder, "Notes 2", ["title", "body", "count"], current: "Notes 3")
        try Self.write(folder, "Notes 3", ["title", "body", "count", "color"])
        try repository.commit("Notes 3, Notes 2 edited")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("warning: Notes 2 was edited in") == !draftThen, "\(run.stdout)")
    }

    /// A version that had no entity when its successor came (the template's empty model, committed
    /// with the project) held nothing in any store it made: filling it in afterwards strands
    /// nothing, and git's edit is no finding.
    @Test func withoutTagsAnEmptyVersionFilledInAfterTheSuccessorCameIsNoFinding() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write(XcodeFixtures.contents(""), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes"), to: "\(Self.bundle)/.xccurrentversion")
        try repository.commit("the project, its model empty")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        try Self.write(folder, "Notes", ["title"], current: "Notes 2")
        try repository.commit("Notes filled in after Notes 2 came")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("Notes was edited in"), "\(run.stdout)")
    }

    /// `--against main` on a branch: where release tags say what shipped, a version main made
    /// current after the newest release is no release of main's, and editing it on the branch is
    /// quiet; a version the release shipped, edited on the branch, is reported.
    @Test func againstARevisionAVersionAfterTheNewestReleaseIsNoRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try Self.write(folder, "Notes 2", ["title", "body"], current: "Notes 2")
        try repository.commit("Notes 2")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes 3", ["title", "body", "color"], current: "Notes 3")
        try repository.commit("Notes 3, after the release")
        try repository.git(["checkout", "-q", "-b", "feature"])
        try Self.write(folder, "Notes 3", ["title", "body", "color", "pinned"], current: "Notes 3")
        try repository.commit("Notes 3 again, on the branch")
        let draft = try Executable.run(["--no-color", "--against", "main"], in: folder.url)
        #expect(!draft.stdout.contains("released-version-modified"), "\(draft.stdout)")

        try Self.write(folder, "Notes 2", ["title", "body", "pinned"], current: "Notes 3")
        let shipped = try Executable.run(["--no-color", "--against", "main"], in: folder.url)
        #expect(shipped.stdout.contains("warning: released Notes 2 was modified"), "\(shipped.stdout)")
    }

    /// The release tags `--against` reads are those the revision contains: a branch cut before
    /// main released Notes 2 (as v2.0) edits a version that has shipped since.
    @Test func againstARevisionItsOwnTagsSayWhatShipped() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try repository.tag("v1.0")
        try Self.write(folder, "Notes 2", ["title", "body"], current: "Notes 2")
        try repository.commit("Notes 2")
        try repository.git(["checkout", "-q", "-b", "feature"])
        try repository.git(["checkout", "-q", "main"])
        try folder.write("1", to: "VERSION")
        try repository.commit("release 2.0")
        try repository.tag("v2.0")
        try repository.git(["checkout", "-q", "feature"])
        try Self.write(folder, "Notes 2", ["title", "body", "pinned"], current: "Notes 2")
        let run = try Executable.run(["--no-color", "--against", "main"], in: folder.url)
        #expect(run.stdout.contains("released Notes 2 was modified"), "\(run.stdout)")
    }

    /// Where release tags record what shipped, a model the newest release does not hold has not
    /// shipped: its older version edited after a later one came is no release modified (git's
    /// guess is for repositories with no record at all).
    @Test func aModelAfterTheNewestReleaseTagIsNoReleaseForGitToGuess() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("model: Other\nversion: 1\nentities:\n  Other:\n    attributes:\n      name: string\n", to: "Other/Other.yml")
        try repository.commit("another model")
        try repository.tag("v1.0")
        try folder.write("model: Notes\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n", to: "Models/Notes-1.yml")
        try repository.commit("Notes 1")
        try folder.write("model: Notes\nversion: 2\nentities:\n  Note:\n    attributes:\n      title: string\n      body: string\n", to: "Models/Notes-2.yml")
        try repository.commit("Notes 2")
        try folder.write("model: Notes\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n      color: string\n", to: "Models/Notes-1.yml")
        try repository.commit("Notes 1 edited")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("released-version-modified"), "\(run.stdout)")
        try repository.git(["tag", "-d", "v1.0"])
        let untagged = try Executable.run(["--no-color"], in: folder.url)
        #expect(untagged.stdout.contains("warning: version 1 was edited in"), "\(untagged.stdout)")
    }

    /// The same edit not committed yet (a person linting before the commit, the pre-commit hook):
    /// the working tree's version is compared with itself as it was when its successor came.
    @Test func withoutTagsAnUncommittedEditAfterTheSuccessorCameIsAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes 2", ["title", "color"])
        try repository.commit("Notes 2")
        let added = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let before = try Executable.run(["--no-color"], in: folder.url)
        #expect(!before.stdout.contains("was edited"), "\(before.stdout)")

        try Self.write(folder, "Notes", ["title", "pinned"], current: "Notes 2")
        let after = try Executable.run(["--no-color"], in: folder.url)
        #expect(after.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: warning: Notes is edited in the working tree, not yet committed, after Notes 2 was added in \(added) (2024-01-03): Note: added attribute `pinned` (string); if Notes shipped, the stores it made no longer match it"), "\(after.stdout)")
        #expect(after.stdout.contains("Note: added attribute `pinned` (string)"), "\(after.stdout)")
        #expect(after.stdout.contains("note: as it was when Notes 2 was added (\(added):App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:1:1)"), "\(after.stdout)")

        // Put back as it was: nothing to say.
        try Self.write(folder, "Notes", ["title"], current: "Notes 2")
        let restored = try Executable.run(["--no-color"], in: folder.url)
        #expect(!restored.stdout.contains("was edited"), "\(restored.stdout)")
    }

    /// With no tag and no lock, git shows a version edited after its successor was added (a
    /// warning: the successor may have come before it shipped); an edit before that is how a
    /// version is made.
    @Test func withoutTagsAnEditAfterTheSuccessorCameIsAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("Notes, still in the making")
        try Self.write(folder, "Notes 2", ["title", "body", "color"])
        try repository.commit("Notes 2")
        let before = try Executable.run(["--no-color"], in: folder.url)
        #expect(!before.stdout.contains("released-version"), "\(before.stdout)")

        try Self.write(folder, "Notes", ["title", "body", "pinned"], current: "Notes 2")
        try repository.commit("Notes edited after Notes 2 came")
        let added = try repository.git(["rev-parse", "--short", "HEAD~1"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let edit = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let after = try Executable.run(["--no-color"], in: folder.url)
        #expect(after.status == 0, "a warning: \(after.stdout)")
        #expect(after.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: warning: Notes was edited in \(edit) (2024-01-05), after Notes 2 was added in \(added) (2024-01-04): Note: added attribute `pinned` (string); if Notes shipped, the stores it made no longer match it"), "\(after.stdout)")
        #expect(after.stdout.contains("note: as it was when Notes 2 was added (\(added):App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:1:1)"), "\(after.stdout)")
        #expect(after.stdout.contains("help: if Notes never shipped, or to record what did, tag your releases (`v1.2`) or run `schemalint lock` after each release"), "\(after.stdout)")

        // Tags named otherwise: the advice names the pattern they need, which then decides.
        try repository.tag("build-1.0")
        let otherTags = try Executable.run(["--no-color"], in: folder.url)
        #expect(otherTags.stdout.contains("help: if Notes never shipped, or to record what did, the tags in the history of HEAD (the newest: `build-1.0`) do not match the release-tag pattern `v* [0-9]*.*`: give yours with `--history-tags 'build-*'`, or `history: {from: git, tags: \"build-*\"}` in .schemalint.yml"), "\(otherTags.stdout)")
        let named = try Executable.run(["--no-color", "--history-tags", "build-*"], in: folder.url)
        #expect(named.status == 0 && !named.stdout.contains("released-version"), "\(named.stdout)")

        // A platform's prefix (`ios-v1.0`, beside an Android app's `android-v3.0`) needs no
        // pattern: the Apple platform's tags are the releases.
        try repository.git(["tag", "-d", "build-1.0"])
        try repository.tag("android-v3.0")
        try repository.tag("ios-v1.0")
        let platform = try Executable.run(["--no-color"], in: folder.url)
        #expect(platform.status == 0 && !platform.stdout.contains("released-version") && !platform.stdout.contains("do not match"), "\(platform.stdout)")

        // Nor does a prefix that says release (`release/v1.0`).
        try repository.git(["tag", "-d", "android-v3.0", "ios-v1.0"])
        try repository.tag("release/v1.0")
        let released = try Executable.run(["--no-color"], in: folder.url)
        #expect(released.status == 0 && !released.stdout.contains("released-version") && !released.stdout.contains("do not match"), "\(released.stdout)")

        // A release tag says what shipped: the tag decides, not the order of commits.
        try repository.tag("v1.0")
        let tagged = try Executable.run(["--no-color"], in: folder.url)
        #expect(!tagged.stdout.contains("released-version"), "\(tagged.stdout)")
    }

    /// Versions Xcode 3 saved (`elements`) are read from git as those saved as `contents` are: one
    /// edited after its successor came is a warning at its `elements`, compared with itself then.
    @Test func withoutTagsAnXcode3VersionEditedAfterTheSuccessorCameIsAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.writeXcode3(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.writeXcode3(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        try Self.writeXcode3(folder, "Notes", ["title", "created"], dates: ["created"], current: "Notes 2")
        try repository.commit("Notes edited after Notes 2 came")
        let added = try repository.git(["rev-parse", "--short", "HEAD~1"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "a warning: \(run.stdout)")
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/elements:1:1: warning: Notes was edited in"), "\(run.stdout)")
        #expect(run.stdout.contains("added attribute `created` (date)"), "\(run.stdout)")
        #expect(run.stdout.contains("note: as it was when Notes 2 was added (\(added):App/Notes.xcdatamodeld/Notes.xcdatamodel/elements:1:1)"), "\(run.stdout)")
    }

    /// A migration plan of one schema, in a repository with no tag: the reminder says what an
    /// edit does to SwiftData's stores, not to a bundle's.
    @Test(.enabled(if: ModelReaders.registered.contains { $0.name == "SwiftData" }, "this build reads no Swift sources"))
    func withoutTagsALoneSchemaOfAPlanIsUncheckedInSwiftDatasWords() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import SwiftData\n\n" + Self.noteSchema(1, "var title: String = \"\";") + Self.notePlan(1), to: "App/Schema.swift")
        try repository.commit("the first schema")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("note: the one schema of model 'Plan' was not checked for edits since a release, which leave the stores that release made recording a version no schema of the plan has, so SwiftData refuses to open them"), "\(run.stdout)")
        #expect(!run.stdout.contains("matching no version in the bundle"), "\(run.stdout)")

        // A second plan of one schema: one reminder for both, the other a note beside it.
        try folder.write("import SwiftData\n\n" + Self.noteSchema(1, "var title: String = \"\";").replacingOccurrences(of: "enum V1", with: "enum TagsV1").replacingOccurrences(of: "Note", with: "Tag") + Self.notePlan(1).replacingOccurrences(of: "enum Plan", with: "enum TagPlan").replacingOccurrences(of: "V1.self", with: "TagsV1.self"), to: "App/Tags.swift")
        try repository.commit("a second plan")
        let two = try Executable.run(["--no-color"], in: folder.url)
        #expect(two.stdout.components(separatedBy: "was not checked for edits since a release").count == 2, "\(two.stdout)")
        #expect(two.stdout.contains("note: the one schema of each of 2 models, model 'Plan' and model 'TagPlan', was not checked for edits since a release"), "\(two.stdout)")
    }

    /// An edit git shows in one bundle records no release of another: the one-version bundle
    /// beside it still says it was not checked for edits since a release.
    @Test func withoutTagsAnEditInOneBundleLeavesAnotherUnchecked() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write(XcodeFixtures.contents("<entity name=\"Tag\">\n<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"), to: "App/Tags.xcdatamodeld/Tags.xcdatamodel/contents")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes, Tags")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes 2")
        let before = try Executable.run(["--no-color"], in: folder.url)
        #expect(before.stdout.contains("note: the one version of model 'Tags' was not checked for edits since a release"), "\(before.stdout)")

        try Self.write(folder, "Notes", ["title", "pinned"], current: "Notes 2")
        try repository.commit("Notes edited after Notes 2 came")
        let after = try Executable.run(["--no-color"], in: folder.url)
        #expect(after.stdout.contains("warning: Notes was edited in"), "\(after.stdout)")
        #expect(after.stdout.contains("note: the one version of model 'Tags' was not checked for edits since a release"), "\(after.stdout)")
    }

    /// Two models of one version each, in a repository with no tag: the reminder that neither was
    /// checked for edits since a release is one note, at the first, with the other beside it.
    @Test func withoutTagsTheOneVersionModelsAreOneReminder() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        for name in ["Tags", "Notes"] {
            try folder.write(XcodeFixtures.contents("<entity name=\"\(name)\">\n<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>\n</entity>"), to: "App/\(name).xcdatamodeld/\(name).xcdatamodel/contents")
        }
        try repository.commit("two models")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: note: the one version of each of 2 models, model 'Notes' and model 'Tags', was not checked for edits since a release"), "\(run.stdout)")
        #expect(run.stdout.contains("    note: the one version of model 'Tags' (App/Tags.xcdatamodeld/Tags.xcdatamodel/contents:2:1)"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "was not checked for edits").count == 2, "one note: \(run.stdout)")
        #expect(run.stdout.hasSuffix("1 note in 2 versions of 2 models\n"), "\(run.stdout)")
    }

    /// A version edited in place while the next release was made, then put back, byte for byte,
    /// as an earlier commit had it, in the commit that adds the new version holding the change:
    /// the edit undone is no edit of what shipped. Put back as no commit had it, it still is.
    @Test func withoutTagsAVersionPutBackAsItWasIsNoEdit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes", ["title", "body"])
        try repository.commit("body, in place")
        try Self.write(folder, "Notes", ["title"], current: "Notes 2")
        try Self.write(folder, "Notes 2", ["title", "body"])
        try repository.commit("Notes put back; the body in Notes 2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0 && !run.stdout.contains("Notes was edited"), "\(run.stdout)")

        try Self.write(folder, "Notes", ["title", "created:Date"], current: "Notes 2")
        try repository.commit("Notes gains a date")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("warning: Notes was edited in"), "\(edited.stdout)")
    }

    /// The same, put back by hand in Xcode: the file is saved again with the newer tools' version
    /// in its header (and its attributes in another order), so no commit had it byte for byte,
    /// yet it is the model an earlier commit had, and no store sees the difference.
    @Test func withoutTagsAVersionPutBackInXcodeIsNoEdit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title", "created:Date"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes", ["title", "created:Date", "body"])
        try repository.commit("body, in place")
        try Self.write(folder, "Notes", ["created:Date", "title"], current: "Notes 2")
        let file = folder.path + "/\(Self.bundle)/Notes.xcdatamodel/contents"
        let saved = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "lastSavedToolsVersion=\"22757\"", with: "lastSavedToolsVersion=\"23211.1\"")
        #expect(saved.contains("23211.1"))
        try folder.write(saved, to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try Self.write(folder, "Notes 2", ["title", "created:Date", "body"])
        try repository.commit("Notes put back in Xcode; the body in Notes 2")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0 && !run.stdout.contains("Notes was edited"), "\(run.stdout)")

        // Put back with the date's type changed: a model no commit had.
        try folder.write(saved.replacingOccurrences(of: "attributeType=\"Date\"", with: "attributeType=\"String\""), to: "\(Self.bundle)/Notes.xcdatamodel/contents")
        try repository.commit("created becomes a string")
        let edited = try Executable.run(["--no-color"], in: folder.url)
        #expect(edited.stdout.contains("warning: Notes was edited in"), "\(edited.stdout)")
    }

    /// The same for a later version of the bundle (`Notes 2`): the file says nothing of its
    /// place in the bundle, so the model it held is compared as that version.
    @Test func withoutTagsALaterVersionPutBackInXcodeIsNoEdit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes 2", ["title", "created:Date"])
        try repository.commit("Notes 2")
        try Self.write(folder, "Notes 2", ["title", "created:Date", "body"])
        try repository.commit("body, in place")
        try Self.write(folder, "Notes 2", ["created:Date", "title"], current: "Notes 3")
        let file = folder.path + "/\(Self.bundle)/Notes 2.xcdatamodel/contents"
        let saved = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "lastSavedToolsVersion=\"22757\"", with: "lastSavedToolsVersion=\"23211.1\"")
        try folder.write(saved, to: "\(Self.bundle)/Notes 2.xcdatamodel/contents")
        try Self.write(folder, "Notes 3", ["title", "created:Date", "body"])
        try repository.commit("Notes 2 put back in Xcode; the body in Notes 3")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0 && !run.stdout.contains("Notes 2 was edited"), "\(run.stdout)")
    }

    /// The version before the newest edited in the commit that added the newest: it was the
    /// current version until then, so it is compared with itself as it was before that commit.
    @Test func withoutTagsAnEditInTheCommitThatAddedTheSuccessorIsAWarning() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try repository.commit("Notes")
        try Self.write(folder, "Notes", ["title", "body"])
        try Self.write(folder, "Notes 2", ["title", "body", "color"], current: "Notes 2")
        try repository.commit("Notes 2, and Notes edited")
        let added = try repository.git(["rev-parse", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "a warning: \(run.stdout)")
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:2:1: warning: Notes was edited in \(added) (2024-01-03), the commit that added Notes 2: Note: added attribute `body` (string); if Notes shipped"), "\(run.stdout)")
        #expect(run.stdout.contains("note: as it was before Notes 2 was added (\(added)^:App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:1:1)"), "\(run.stdout)")

        // Added alone, with the version before it untouched, the newest says nothing of an edit.
        let clean = try TemporaryFolder()
        var other = try GitRepository(at: clean.path)
        try clean.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try Self.write(clean, "Notes", ["title"])
        try other.commit("Notes")
        try Self.write(clean, "Notes 2", ["title", "body"], current: "Notes 2")
        try other.commit("Notes 2")
        let quiet = try Executable.run(["--no-color"], in: clean.url)
        #expect(!quiet.stdout.contains("released-version"), "\(quiet.stdout)")
    }

    /// A version added in the same commit as the newest (the current one and a copy made at once,
    /// or a placeholder first version beside the current second one, whose names alone give the
    /// order) was never the version before it: editing it later says nothing of a release.
    @Test(arguments: ["Notes", "Notes 2"])
    func withoutTagsAVersionAddedWithTheNewestIsNoReleasedOne(current: String) throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n  current-version-not-latest: off\n", to: ".schemalint.yml")
        try Self.write(folder, "Notes", ["title"])
        try Self.write(folder, "Notes 2", ["title"], current: current)
        try repository.commit("Notes, and a copy")
        try Self.write(folder, "Notes", ["title", "pinned"], current: current)
        try repository.commit("Notes edited")
        let run = try Executable.run(["--no-color"], in: folder.url)
        // (Where Notes is current, its copy, never edited since, is left out as a leftover: Notes
        // is then a model of one version, which no tag says was released.)
        #expect(!run.stdout.contains("was edited") && !run.stdout.contains("warning"), "\(run.stdout)")

        // Added in a commit of its own, the newest says the one before it was done.
        try Self.write(folder, "Notes 3", ["title", "pinned"], current: "Notes 3")
        try repository.commit("Notes 3")
        try Self.write(folder, "Notes", ["title", "pinned", "color"], current: "Notes 3")
        try repository.commit("Notes edited again")
        let later = try Executable.run(["--no-color"], in: folder.url)
        #expect(later.stdout.contains("warning: Notes was edited in"), "\(later.stdout)")
    }
}

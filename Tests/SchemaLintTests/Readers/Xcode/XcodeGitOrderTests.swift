import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// A bundle's versions in the order git first added them, in temporary repositories with fixed
/// dates: commit n is dated 2024-01-(1+n).
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct XcodeGitOrderTests {
    /// `App/Notes.xcdatamodeld` in a new repository. Version k of a test has attributes a1...ak of
    /// entity Note, so comparing versions in the wrong order reports removals.
    struct Project {
        let folder: TemporaryFolder
        var repository: GitRepository
        var bundle: String { folder.path + "/App/Notes.xcdatamodeld" }

        init() throws {
            folder = try TemporaryFolder()
            repository = try GitRepository(at: folder.path)
            // Each version adds an attribute to a local store; the notes on migrating it at launch
            // are not what these tests are about.
            try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        }

        func write(_ name: String, attributes: Int) throws {
            let body = (1...attributes).map { #"        <attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }.joined(separator: "\n")
            try folder.write(XcodeFixtures.contents("    <entity name=\"Note\">\n\(body)\n    </entity>"), to: "App/Notes.xcdatamodeld/\(name).xcdatamodel/contents")
        }

        func setCurrent(_ name: String) throws {
            try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "App/Notes.xcdatamodeld/.xccurrentversion")
        }

        /// Writes the versions (name, attribute count) and commits them, with `.xccurrentversion`, in one commit.
        mutating func commit(_ versions: [(String, Int)], current: String? = nil) throws {
            for (name, attributes) in versions { try write(name, attributes: attributes) }
            if let current { try setCurrent(current) }
            try repository.commit("add \(versions.map(\.0).joined(separator: ", "))")
        }

        /// `Model` on main, a side branch with a commit of its own, `Model 2` on main, then the merge
        /// of the side branch, whose resolution adds `added` (no commit on either side has it).
        mutating func mergeAddingInResolution(_ added: String, attributes: Int, current: String? = nil) throws {
            try commit([("Model", 1)])
            try repository.git(["checkout", "--quiet", "-b", "side"])
            try folder.write("side work", to: "README")
            try repository.commit("side work")
            try repository.git(["checkout", "--quiet", "main"])
            try commit([("Model 2", 2)], current: current)
            try repository.git(["merge", "--quiet", "--no-ff", "--no-commit", "side"])
            try write(added, attributes: attributes)
            try repository.commit("merge side, adding \(added)")
        }

        /// The abbreviated id of the commit `revision` names.
        func id(_ revision: String) throws -> String {
            try repository.git(["rev-parse", "--short", revision]).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func lint() throws -> [Finding] {
            switch LintPipeline().run(.init(paths: [bundle])) {
            case .success(let output): return output.result.findings
            case .failure(let problems): throw problems
            }
        }
    }

    /// The case that motivated git order: the first version was named `Shared`, later ones `Cloud`,
    /// `Cloud 2`; by name `Shared` would be the newest.
    @Test func theOldestVersionMayHaveTheNameThatSortsLast() throws {
        var project = try Project()
        try project.commit([("Shared", 1)])
        try project.commit([("Cloud", 2)])
        try project.commit([("Cloud 2", 3)], current: "Cloud 2")
        // The repository's own configuration does not change what is read: the first commit adds 'Shared'.
        try project.repository.git(["config", "log.showRoot", "false"])

        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Shared", "Cloud", "Cloud 2"])
        #expect(bundle.versions.map(\.version) == (1...3).map(VersionNumber.init(ordinal:)))
        #expect(bundle.ordering.basis == .git && bundle.ordering.byName == ["Cloud", "Cloud 2", "Shared"])
        #expect(bundle.ordering.commits["Shared"] == GitFileOrigins.Commit(position: 1, id: try project.id("HEAD~2"), date: "2024-01-02", time: 1_704_196_800))
        #expect(bundle.ordering.commits["Cloud 2"]?.position == 3)
        #expect(bundle.versions.allSatisfy { $0.isReleased })
        // By name alone, 'Cloud 2' would be compared with 'Shared', and a2, a3 reported as removed.
        let byName = try XcodeBundleLoader.load(project.bundle, options: .init(readsGitHistory: false))
        #expect(byName.versions.map(\.label) == ["Cloud", "Cloud 2", "Shared"])

        let findings = try project.lint()
        #expect(!findings.contains { $0.ruleID == "attribute-removed" || $0.ruleID == "current-version-not-latest" })
        let notes = findings.filter { $0.ruleID == "version-order-from-git" }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note && notes.first?.location.file == project.bundle)
        #expect(notes.first?.message == "versions are ordered by the commit that first added each, not by name: 'Shared' comes first (added in \(try project.id("HEAD~2")) on 2024-01-02), not after 'Cloud 2'")
        #expect(notes.first?.notes.map(\.message) == ["order used, oldest first: Shared, Cloud, Cloud 2"])
    }

    /// A version Xcode 3 saved (`elements`) is dated by the commit that added it, and keeps that
    /// date when a later Xcode converts it (its `elements` removed, a `contents` added).
    @Test func aVersionSavedByXcode3IsDatedByItsFirstModelFile() throws {
        var project = try Project()
        func binary(_ attributes: Int) -> Data {
            Xcode3Fixtures.elements([.init(name: "Note", attributes: (1...attributes).map { .init(name: "a\($0)", type: 700) })])
        }
        try project.folder.write(binary(1), to: "App/Notes.xcdatamodeld/Shared.xcdatamodel/elements")
        try project.repository.commit("add Shared in Xcode 3")
        try project.folder.write(binary(2), to: "App/Notes.xcdatamodeld/Cloud.xcdatamodel/elements")
        try project.repository.commit("add Cloud in Xcode 3")
        try project.commit([("Cloud 2", 3)], current: "Cloud 2")
        #expect(try XcodeBundleLoader.load(project.bundle).versions.map(\.label) == ["Shared", "Cloud", "Cloud 2"])
        // Xcode converts 'Shared' when the project is opened: it stays the first version.
        try FileManager.default.removeItem(atPath: project.bundle + "/Shared.xcdatamodel/elements")
        try project.write("Shared", attributes: 1)
        try project.repository.commit("convert Shared")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Shared", "Cloud", "Cloud 2"])
        #expect(bundle.ordering.commits["Shared"]?.position == 1 && bundle.ordering.commits["Cloud"]?.position == 2)
        #expect(bundle.versions.map { ($0.file as NSString).lastPathComponent } == ["contents", "elements", "contents"])
        #expect(!(try project.lint()).contains { $0.ruleID == "attribute-removed" })
    }

    /// Xcode names a bundle's first version after the model and numbers the later ones, so one
    /// name without a number among numbered ones is the oldest by name too: `Shared` before `0.5`,
    /// in a shallow clone or outside git as in git's order, with nothing to note.
    @Test func theOneUnnumberedNameAmongNumberedOnesIsTheOldest() throws {
        var project = try Project()
        try project.commit([("Shared", 1)])
        try project.commit([("0.5", 2)])
        try project.commit([("0.9", 3)], current: "0.9")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.ordering.basis == .git && bundle.versions.map(\.label) == ["Shared", "0.5", "0.9"])
        #expect(bundle.ordering.byName == bundle.ordering.history)
        let byName = try XcodeBundleLoader.load(project.bundle, options: .init(readsGitHistory: false))
        #expect(byName.versions.map(\.label) == ["Shared", "0.5", "0.9"])
        #expect(try project.lint().isEmpty)
        #expect(XcodeVersionOrder.sortedByName(["0.10", "Shared", "0.9"]) == ["Shared", "0.9", "0.10"])
        #expect(XcodeVersionOrder.sortedByName(["Notes 2", "Zeta", "Notes"]) == ["Notes", "Notes 2", "Zeta"], "two names without a number: natural order")
        #expect(XcodeVersionOrder.sortedByName(["Cloud", "Shared"]) == ["Cloud", "Shared"], "no numbered name: natural order")
        // The names Xcode gives (the model's, then `Model 2`, `Model 3`) come before a team's own.
        #expect(XcodeVersionOrder.sortedByName(["Partner v1.4", "Notes 2", "Notes", "Partner v1.10"], model: "Notes") == ["Notes", "Notes 2", "Partner v1.4", "Partner v1.10"])
        #expect(XcodeVersionOrder.sortedByName(["Folders", "Model"], model: "Model") == ["Model", "Folders"])
        #expect(XcodeVersionOrder.sortedByName(["Notes2x", "Notes 2", "Notes"], model: "Notes") == ["Notes", "Notes 2", "Notes2x"], "'Notes2x' is a team's name")
        #expect(
            XcodeVersionOrder.sortedByName(["Notes 16", "Notes 14_ 2", "Notes 13", "Notes 14_1", "Notes", "Notes 13_5", "Notes 14", "Notes 2"], model: "Notes")
                == ["Notes", "Notes 2", "Notes 13", "Notes 13_5", "Notes 14", "Notes 14_1", "Notes 14_ 2", "Notes 16"],
            "versions rebuilt between two of Xcode's, numbered by the team, come between them"
        )
        // A team that keeps what shipped as copies numbered from 1 and edits the version named
        // after the model, the current one: the copies come first.
        #expect(XcodeVersionOrder.sortedByName(["NotesV1", "Notes"], model: "Notes", current: "Notes") == ["NotesV1", "Notes"])
        #expect(XcodeVersionOrder.sortedByName(["Notes_v2", "Notes", "Notes_v1"], model: "Notes", current: "Notes") == ["Notes_v1", "Notes_v2", "Notes"])
        #expect(XcodeVersionOrder.sortedByName(["NotesV1", "Notes"], model: "Notes", current: "NotesV1") == ["Notes", "NotesV1"], "the copy is current: the model's name is the first")
        #expect(XcodeVersionOrder.sortedByName(["Notes 2", "Notes"], model: "Notes", current: "Notes") == ["Notes", "Notes 2"], "Xcode's numbering, from 2: the current version is not the newest")
    }

    @Test func versionsOfOneCommitAreOrderedByName() throws {
        var project = try Project()
        try project.commit([("Model 10", 1)])
        try project.commit([("Model 9", 3), ("Model 2", 2)], current: "Model 9")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model 10", "Model 2", "Model 9"])
        let note = try #require(try project.lint().first { $0.ruleID == "version-order-from-git" })
        #expect(note.message.hasSuffix("'Model 10' comes first (added in \(try project.id("HEAD~1")) on 2024-01-02), not after 'Model 9'"))
        #expect(note.notes.map(\.message).last == "\(try project.id("HEAD")) (2024-01-03) added 2 versions at once; among them the names decide")
    }

    /// Versions one commit added whose names are features ending in a version number are ordered
    /// by that number, not by the features' letters.
    @Test func versionsOfOneCommitNamedForFeaturesAreOrderedByTheirNumbers() throws {
        var project = try Project()
        try project.commit([("Model", 1)])
        try project.commit([("Model_authors_v29", 4), ("Model_certificates_v28", 3), ("Model_time_to_complete_v26", 2)], current: "Model_authors_v29")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model", "Model_time_to_complete_v26", "Model_certificates_v28", "Model_authors_v29"])
        #expect(XcodeVersionOrder.trailingVersion("Model 2.1") == [2, 1] && XcodeVersionOrder.trailingVersion("Notes") == [])
    }

    /// One commit that adds the current version and one after it: the names ordered them, and the
    /// warning says so. An unchanged copy of the current version after it (what Xcode's Add Model
    /// Version makes) is no warning.
    @Test func aVersionAfterTheCurrentOneFromTheSameCommitIsOrderedByName() throws {
        var project = try Project()
        try project.commit([("Model", 1), ("Model 2", 2)], current: "Model")
        let warning = try #require(try project.lint().first { $0.ruleID == "current-version-not-latest" })
        #expect(warning.message.hasPrefix("the current version is 'Model', but 'Model 2' comes after it in name order (one commit added both);"), "\(warning.message)")

        var copy = try Project()
        try copy.commit([("Model", 1), ("Model 2", 1)], current: "Model")
        #expect(try !copy.lint().contains { $0.ruleID == "current-version-not-latest" })
    }

    /// The same, and commits since edit the current version and never the one after it: that one
    /// is a copy the commit left, not a draft, left out of the lint with a note; configured as a
    /// draft, it is one again.
    @Test func aVersionAfterTheCurrentOneNeverEditedWhileTheCurrentOneWasIsALeftover() throws {
        var project = try Project()
        try project.commit([("Model", 1), ("Model 2", 2)], current: "Model")
        try project.commit([("Model", 3)], current: "Model")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model"])
        #expect(bundle.ordering.leftoversAfterCurrent == ["Model 2"])
        let findings = try project.lint()
        #expect(!findings.contains { $0.ruleID == "current-version-not-latest" }, "\(findings.map(\.message))")
        let note = try #require(findings.first { $0.ruleID == "version-order-from-git" })
        #expect(note.message == "'Model 2' comes after the current version 'Model' by name, but \(try project.id("HEAD~1")) (2024-01-02) added it with 'Model', and no commit edited it since, while commits since edited 'Model': it is read as a copy that commit left, not a draft, and left out of the lint", "\(note.message)")
        let drafted = try XcodeBundleLoader.load(project.bundle, options: XcodeBundleOptions(drafts: ["Model 2"]))
        #expect(drafted.versions.map(\.label) == ["Model", "Model 2"])

        // Edited since too, it is a draft.
        try project.commit([("Model 2", 4)], current: "Model")
        #expect(try XcodeBundleLoader.load(project.bundle).versions.map(\.label) == ["Model", "Model 2"])
    }

    /// A commit adds the new current version and, after it by name, an unchanged copy of an older
    /// version that was never made current: the copy is a leftover of that commit, placed just
    /// after the version it copies, so no draft lies beyond the current version and no step
    /// goes from the current version back to the old one.
    @Test func anUnchangedCopyOfAnOlderVersionAddedWithTheNewCurrentOneComesAfterItsOriginal() throws {
        var project = try Project()
        try project.commit([("Model", 1)], current: "Model")
        try project.commit([("Model 2", 2)], current: "Model 2")
        try project.commit([("Alpha 3", 3), ("Model 3", 2)], current: "Alpha 3")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model", "Model 2", "Model 3", "Alpha 3"])
        let findings = try project.lint()
        #expect(!findings.contains { $0.ruleID == "current-version-not-latest" || $0.ruleID == "attribute-removed" }, "\(findings.map(\.message))")
        let order = try #require(findings.first { $0.ruleID == "version-order-from-git" })
        #expect(order.notes.contains { $0.message.hasPrefix("'Model 3' is an unchanged copy of 'Model 2'") })

        // A copy that differs from every older version is a draft after the current one.
        var draft = try Project()
        try draft.commit([("Model", 1)], current: "Model")
        try draft.commit([("Model 2", 2)], current: "Model 2")
        try draft.commit([("Alpha 3", 3), ("Model 3", 4)], current: "Alpha 3")
        #expect(try draft.lint().contains { $0.ruleID == "current-version-not-latest" })
    }

    /// A version a merge added while resolving (no commit on either side has it) dates from the merge.
    @Test func aVersionAddedInAMergeDatesFromTheMerge() throws {
        var project = try Project()
        try project.mergeAddingInResolution("Alpha", attributes: 3, current: "Model 2")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model", "Model 2", "Alpha"])
        #expect(bundle.ordering.uncommitted.isEmpty)
        #expect(bundle.ordering.commits["Alpha"]?.id == (try project.id("HEAD")))
    }

    /// The mainline commit that brought such a version places it among the others by its time:
    /// before a version committed after the merge, whatever the names say.
    @Test func aVersionAddedInAMergeComesBeforeTheVersionsAddedAfterIt() throws {
        var project = try Project()
        try project.mergeAddingInResolution("Zulu", attributes: 3)
        try project.commit([("Model 3", 4)], current: "Model 3")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model", "Model 2", "Zulu", "Model 3"])
        #expect(bundle.ordering.commits["Zulu"]?.id == (try project.id("HEAD~1")))
        #expect(bundle.ordering.commits["Zulu"]?.date == "2024-01-05")
        #expect(try project.lint().filter { $0.severity != .note }.isEmpty)
    }

    /// A version a merge's resolution added on a branch and that a later commit changed dates
    /// from that change, not from the merge that brought the branch to main: a version the
    /// branch added after it comes after it.
    @Test func aVersionAddedInAMergeOnABranchDatesFromItsFirstChange() throws {
        var project = try Project()
        try project.commit([("Model", 1)])
        try project.repository.git(["checkout", "--quiet", "-b", "side"])
        try project.folder.write("side work", to: "README")
        try project.repository.commit("side work")
        try project.repository.git(["checkout", "--quiet", "main"])
        try project.folder.write("main work", to: "NOTES")
        try project.repository.commit("main work")
        try project.repository.git(["checkout", "--quiet", "side"])
        try project.repository.git(["merge", "--quiet", "--no-ff", "--no-commit", "main"])
        try project.write("Zulu", attributes: 2)
        try project.repository.commit("merge main, adding Zulu")
        try project.write("Zulu", attributes: 3)
        try project.repository.commit("edit Zulu")
        try project.commit([("Model 2", 4)], current: "Model 2")
        try project.repository.git(["checkout", "--quiet", "main"])
        try project.repository.git(["merge", "--quiet", "--no-ff", "--no-edit", "side"], dates: "1800000000 +0000")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model", "Zulu", "Model 2"])
        #expect(bundle.ordering.commits["Zulu"]?.id == (try project.id("HEAD^2~1")))
    }

    /// A version deleted on a branch (a revert there) whose merge keeps it is the version first
    /// added: it keeps that commit, and is not taken for one added later, or never.
    @Test func aVersionDeletedOnABranchAndKeptByTheMergeKeepsItsFirstCommit() throws {
        var project = try Project()
        try project.commit([("Model", 1)])
        try project.commit([("Model 2", 2)])
        try project.repository.git(["checkout", "--quiet", "-b", "side"])
        try project.repository.git(["rm", "--quiet", "-r", "App/Notes.xcdatamodeld/Model 2.xcdatamodel"])
        try project.repository.commit("revert Model 2 on the branch")
        try project.repository.git(["checkout", "--quiet", "main"])
        try project.commit([("Model 3", 3)], current: "Model 3")
        try project.repository.git(["merge", "--quiet", "--no-ff", "--no-commit", "side"])
        try project.repository.git(["checkout", "HEAD", "--", "App/Notes.xcdatamodeld/Model 2.xcdatamodel"])
        try project.repository.commit("merge side, keeping Model 2")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["Model", "Model 2", "Model 3"])
        let second = try project.id("HEAD~2")
        #expect(bundle.ordering.basis == .git && bundle.ordering.commits["Model 2"]?.id == second)
        #expect(try project.lint().isEmpty)
    }

    @Test func gitAndNamesAgreeQuietly() throws {
        var project = try Project()
        try project.commit([("Notes", 1), ("Notes 2", 2)])
        try project.commit([("Notes 10", 3), ("Zeta", 4)], current: "Zeta")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.ordering.basis == .git && bundle.versions.map(\.label) == ["Notes", "Notes 2", "Notes 10", "Zeta"])
        #expect(try project.lint().isEmpty)
    }

    /// Numbered names whose last is the current version settle the order: git, whose log walks
    /// the whole history, is not asked (Xcode's first version is named after the model).
    @Test func numberedNamesEndingInTheCurrentVersionNeedNoGit() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        for (name, attributes) in [("Notes", 1), ("Notes 2", 2), ("Notes10", 3)] {
            try folder.write(XcodeFixtures.contents("    <entity name=\"Note\">\n" + (1...attributes).map { #"        <attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }.joined(separator: "\n") + "\n    </entity>"), to: "App/Notes.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes10"), to: "App/Notes.xcdatamodeld/.xccurrentversion")
        try repository.commit("all at once")
        let bundle = try XcodeBundleLoader.load(folder.path + "/App/Notes.xcdatamodeld")
        #expect(bundle.ordering.basis == .names && bundle.ordering.commits.isEmpty)
        #expect(bundle.versions.map(\.label) == ["Notes", "Notes 2", "Notes10"])
        #expect(XcodeVersionOrder.namesSuffice(["Notes", "Notes 2"], current: "Notes 2", model: "Notes"))
        #expect(XcodeVersionOrder.namesSuffice(["Only"], current: nil, model: "Notes"))
        #expect(!XcodeVersionOrder.namesSuffice(["Shared", "0.5", "0.9"], current: "0.9", model: "Aidoku"), "a name without a number")
        #expect(!XcodeVersionOrder.namesSuffice(["Notes", "Notes 2"], current: "Notes", model: "Notes"), "the current version is not last by name")
        #expect(!XcodeVersionOrder.namesSuffice(["Notes", "Notes 2"], current: nil, model: "Notes"))
    }

    /// A project renamed between versions: Xcode's names of the new model name (`Notes 4`) came
    /// after those of the old one (`Jotter 2`, `Jotter 3`), so names of two stems ask git, even with
    /// the current version last by name; outside git, their numbers order them.
    @Test func numberedNamesOfTwoStemsAskGit() throws {
        var project = try Project()
        try project.commit([("Notes", 1)], current: "Notes")
        try project.commit([("Jotter 2", 2)], current: "Jotter 2")
        try project.commit([("Jotter 3", 3)], current: "Jotter 3")
        try project.commit([("Notes 4", 4)], current: "Notes 4")
        try project.commit([("Notes 5", 5)], current: "Notes 5")
        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.ordering.basis == .git)
        #expect(bundle.versions.map(\.label) == ["Notes", "Jotter 2", "Jotter 3", "Notes 4", "Notes 5"])
        #expect(try project.lint().isEmpty)
        #expect(!XcodeVersionOrder.namesSuffice(["Notes", "Jotter 2", "Notes 4"], current: "Notes 4", model: "Notes"))

        try FileManager.default.removeItem(atPath: project.folder.path + "/.git")
        let outside = try XcodeBundleLoader.load(project.bundle)
        #expect(outside.ordering.basis == .names)
        #expect(outside.versions.map(\.label) == ["Notes", "Jotter 2", "Jotter 3", "Notes 4", "Notes 5"])
    }

    /// Which names say the order by themselves (a shallow clone orders by them), and which are
    /// names of features that say nothing of it (then only the current version is checked).
    @Test func namesCarryAnOrderWhenTheyAreOneNameAndANumber() {
        #expect(XcodeVersionOrder.namesCarryOrder(["Model", "Model 2", "Model3", "Model 10"], model: "Model"))
        #expect(XcodeVersionOrder.namesCarryOrder(["MeshtasticDataModel", "MeshtasticDataModelV2", "MeshtasticDataModelV 23"], model: "Meshtastic"), "the first named after the versions")
        #expect(XcodeVersionOrder.namesCarryOrder(["UserCollectionEntity", "UserCollectionEntity v2"], model: "CoreDataStorage"))
        #expect(XcodeVersionOrder.namesCarryOrder(["txmerdata", "CubeTimeData"], model: "txmerdata"), "Xcode's first version is named after the model")
        #expect(!XcodeVersionOrder.namesCarryOrder(["Model", "Model_tags", "Model_archive_v3"], model: "Model"), "names of features")
        #expect(!XcodeVersionOrder.namesCarryOrder(["Model_course_info_v18", "Model_announcements_v88"], model: "Model"), "numbers after different names")
        #expect(XcodeVersionOrder.namesCarryOrder(["Shared", "0.5", "0.9"], model: "Aidoku"), "one name beside versions that are numbers alone")
        #expect(XcodeVersionOrder.sortedByName(["0.9", "Shared", "0.5", "0.6.10", "0.6"], model: "Aidoku") == ["Shared", "0.5", "0.6", "0.6.10", "0.9"])
        #expect(!XcodeVersionOrder.namesCarryOrder(["Shared", "Cache", "0.5", "0.9"], model: "Aidoku"), "two names beside the numbers")
        #expect(!XcodeVersionOrder.namesCarryOrder(["Shared", "Model 2", "Model 3"], model: "Aidoku"), "a name that is neither the model's nor the versions'")
        #expect(XcodeVersionOrder.namesCarryOrder(["Model", "Model 3.2-beta6", "Model 3.26-beta0", "Model 6.2", "Model 7.11"], model: "Model"), "app versions, some of them betas")
        #expect(XcodeVersionOrder.sortedByName(["Model 7.11", "Model 3.2-beta6", "Model", "Model 6.2", "Model 3.26-beta0"], model: "Model") == ["Model", "Model 3.2-beta6", "Model 3.26-beta0", "Model 6.2", "Model 7.11"])
        #expect(!XcodeVersionOrder.namesCarryOrder(["Model", "Model 2", "Model_beta 3"], model: "Model"), "a word before the number is a name")
        // A label in parentheses after the number says what the version brought.
        #expect(XcodeVersionOrder.namesCarryOrder(["Sprinklers", "Sprinklers 2", "Sprinklers 8 (cloud)", "Sprinklers 10 (APFlag)"], model: "Sprinklers"), "labels after numbers")
        #expect(
            XcodeVersionOrder.sortedByName(["Model 10 (tags)", "Model 3 (sync)", "Model 2", "Model", "Model 4"], model: "Model")
                == ["Model", "Model 2", "Model 3 (sync)", "Model 4", "Model 10 (tags)"]
        )
        #expect(XcodeVersionOrder.trailingVersion("Model_v29 (fix)") == [29])
    }

    /// A version staged or only written is not in git's history: it comes after every committed
    /// version and, as it comes after the current version, it is a draft.
    @Test func anUncommittedVersionComesLastAndIsADraft() throws {
        var project = try Project()
        try project.commit([("v2", 1)])
        try project.commit([("v10", 2)], current: "v10")
        try project.write("Draft", attributes: 3)
        try project.repository.git(["add", "--all"])

        let bundle = try XcodeBundleLoader.load(project.bundle)
        #expect(bundle.versions.map(\.label) == ["v2", "v10", "Draft"])
        #expect(bundle.ordering.uncommitted == ["Draft"])
        #expect(bundle.versions.map(\.isReleased) == [true, true, false])
        let findings = try project.lint()
        let current = try #require(findings.first { $0.ruleID == "current-version-not-latest" })
        #expect(current.message == "the current version is 'v10', but 'Draft' comes after it in git history; it is treated as a draft (checked against 'v10', never a baseline), since the app does not ship it yet")
        #expect(current.suggestions.last == "if it is work in progress, say so with `drafts: [Draft]` for the bundle in .schemalint.yml, which also silences this warning")
        let order = try #require(findings.first { $0.ruleID == "version-order-from-git" })
        #expect(order.message.hasSuffix("'Draft' comes after 'v10' (not committed yet), not first"))
        #expect(order.notes.map(\.message).last == "not committed yet, so last, by name: Draft")

        // Declared drafts replace the derived ones: with none declared, Draft counts as released.
        try project.folder.write("bundles:\n  App/Notes.xcdatamodeld:\n    drafts: []\n", to: ".schemalint.yml")
        let released = try #require(try project.lint().first { $0.ruleID == "current-version-not-latest" })
        #expect(released.message == "the current version is 'v10', but 'Draft' comes after it in git history and is not a draft in .schemalint.yml, so it counts as released though the app does not ship it")
        try project.folder.write("bundles:\n  App/Notes.xcdatamodeld:\n    drafts: [Draft]\n", to: ".schemalint.yml")
        #expect(try !project.lint().contains { $0.ruleID == "current-version-not-latest" })
    }

    /// Renames are followed: a version folder renamed later keeps its place, and so does a bundle
    /// moved to another folder (all its files would otherwise seem added by the move).
    @Test func renamedVersionFoldersAndMovedBundlesKeepTheirPlace() throws {
        var project = try Project()
        try project.commit([("Model", 1)])
        try project.commit([("Model 2", 2)], current: "Model 2")
        try project.repository.git(["mv", "App/Notes.xcdatamodeld/Model.xcdatamodel", "App/Notes.xcdatamodeld/Shared.xcdatamodel"])
        try project.repository.commit("rename Model to Shared")
        #expect(try XcodeBundleLoader.load(project.bundle).versions.map(\.label) == ["Shared", "Model 2"])

        try project.repository.git(["mv", "App", "Sources"])
        try project.repository.commit("move the app's sources")
        let moved = try XcodeBundleLoader.load(project.folder.path + "/Sources/Notes.xcdatamodeld")
        #expect(moved.versions.map(\.label) == ["Shared", "Model 2"])
        #expect(moved.ordering.commits.mapValues(\.position) == ["Shared": 1, "Model 2": 2])

        // The bundle renamed with the app (`Notes.xcdatamodeld` to `Journal.xcdatamodeld`), a
        // version edited in the same commit.
        try project.repository.git(["mv", "Sources/Notes.xcdatamodeld", "Sources/Journal.xcdatamodeld"])
        let edited = project.folder.path + "/Sources/Journal.xcdatamodeld/Model 2.xcdatamodel/contents"
        try String(contentsOfFile: edited, encoding: .utf8).replacingOccurrences(of: "<entity name=\"Note\">", with: "<entity name=\"Note\" representedClassName=\"Note\">")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        try project.repository.commit("rename the app")
        let renamed = try XcodeBundleLoader.load(project.folder.path + "/Sources/Journal.xcdatamodeld")
        #expect(renamed.ordering.commits.mapValues(\.position) == ["Shared": 1, "Model 2": 2])
    }

    /// `--against` lints the revision's files copied into a temporary folder, outside the
    /// repository: they are ordered by the revision's history too, so that versions are compared
    /// with themselves and nothing seems modified.
    @Test func againstARevisionOrdersItsFilesByItsHistory() throws {
        var project = try Project()
        try project.commit([("Shared", 1)])
        try project.commit([("0.5", 2)], current: "0.5")
        let unchanged = try Executable.run(["App/Notes.xcdatamodeld", "--against", "HEAD"], in: project.folder.url)
        #expect(unchanged.status == 0 && unchanged.stdout == "no problems in 2 versions of 1 model\n", "\(unchanged.stdout)\(unchanged.stderr)")

        try project.write("Shared", attributes: 2)
        let edited = try Executable.run(["App/Notes.xcdatamodeld", "--against", "HEAD", "--format", "json"], in: project.folder.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["rule"] ?? "") \($0["version"] ?? "")" } == ["released-version-modified Shared"])
    }

    @Test func anExplicitOrderWinsWithoutAskingGit() throws {
        var project = try Project()
        try project.commit([("Shared", 1)])
        try project.commit([("0.5", 2)], current: "0.5")
        let bundle = try XcodeBundleLoader.load(project.bundle, options: .init(order: ["0.5", "Shared"]))
        #expect(bundle.ordering.basis == .explicit && bundle.ordering.commits.isEmpty)
        #expect(bundle.versions.map(\.label) == ["0.5", "Shared"])
    }

    /// Outside git, in a work tree where the bundle is not tracked, and when git is missing: natural order, quietly.
    @Test func withoutGitHistoryTheNamesDecide() throws {
        let outside = try TemporaryFolder()
        try #require(GitWorkTree.root(containing: outside.path) == nil, "the temporary folder lies in a git work tree")
        for (name, attributes) in [("Shared", 1), ("Cloud", 2)] {
            let body = (1...attributes).map { #"<attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }.joined()
            try outside.write(XcodeFixtures.contents("<entity name=\"Note\">\(body)</entity>"), to: "Notes.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        let plain = try XcodeBundleLoader.load(outside.path + "/Notes.xcdatamodeld")
        #expect(plain.ordering.basis == .names && plain.versions.map(\.label) == ["Cloud", "Shared"])

        var project = try Project()
        try project.folder.write("readme", to: "README")
        try project.repository.commit("a repository in which the bundle is not tracked", adding: ["README"])
        try project.write("Shared", attributes: 1)
        try project.write("Cloud", attributes: 2)
        let untracked = try XcodeBundleLoader.load(project.bundle)
        #expect(untracked.ordering.basis == .names && untracked.versions.map(\.label) == ["Cloud", "Shared"])
        #expect(try !project.lint().contains { $0.ruleID == "version-order-from-git" })

        try project.repository.commit("add the bundle")
        #expect(try XcodeBundleLoader.load(project.bundle).ordering.basis == .git)
        let missing = XcodeVersionCommits.read(bundle: project.bundle, runner: GitRunner(program: "schemalint-test-no-such-git"))
        #expect(missing.commits.isEmpty && missing.problem == nil)
    }

    /// A repository with no commits yet is quiet; a `.git` git cannot read is worth a note.
    @Test func gitThatCannotAnswerIsQuietOnlyWhenThereIsNoHistoryYet() throws {
        let project = try Project()
        try project.write("Shared", attributes: 1)
        try project.write("Cloud", attributes: 2)
        let unborn = try XcodeBundleLoader.load(project.bundle)
        #expect(unborn.ordering.basis == .names && unborn.ordering.gitProblem == nil)
        #expect(try !project.lint().contains { $0.ruleID == "version-order-from-git" })

        try FileManager.default.removeItem(atPath: project.folder.path + "/.git")
        try project.folder.folder(".git")
        let broken = try XcodeBundleLoader.load(project.bundle)
        #expect(broken.ordering.basis == .names && broken.versions.map(\.label) == ["Cloud", "Shared"])
        let note = try #require(try project.lint().first { $0.ruleID == "version-order-from-git" })
        #expect(note.severity == .note)
        #expect(note.message.hasPrefix("the bundle lies in a git work tree, but git could not read its history, so its versions are ordered by name: "))
        #expect(note.message.count > "the bundle lies in a git work tree, but git could not read its history, so its versions are ordered by name: ".count)
    }

    /// Through the executable: with git, the order is git's; with no git on the PATH it is the
    /// names' (and the wrong comparison shows); a GIT_DIR left by a hook does not mislead it.
    @Test func theExecutableOrdersByGitAndFallsBackQuietly() throws {
        var project = try Project()
        try project.commit([("Shared", 1)])
        try project.commit([("Cloud", 2)])
        try project.commit([("Cloud 2", 3)], current: "Cloud 2")
        let id = try project.id("HEAD~2")

        let withGit = try Executable.run(["App/Notes.xcdatamodeld"], in: project.folder.url)
        #expect(withGit.status == 0, "\(withGit.stderr)")
        #expect(withGit.stdout == """
            App/Notes.xcdatamodeld:1:1: note: versions are ordered by the commit that first added each, not by name: 'Shared' comes first (added in \(id) on 2024-01-02), not after 'Cloud 2' [version-order-from-git]
                note: order used, oldest first: Shared, Cloud, Cloud 2
                help: if git's order is not the order the versions were made (a folder deleted and added again, a squashed import), give the bundle its `order:` in .schemalint.yml, or run with --order FILE
            1 note in 3 versions of 1 model

            """)

        let hook = try Executable.run(["App/Notes.xcdatamodeld"], in: project.folder.url, environment: ["GIT_DIR": "/nonexistent/.git", "GIT_INDEX_FILE": "/nonexistent/index"])
        #expect(hook.stdout == withGit.stdout)

        // Synced, the backwards comparison is an error: 'Cloud 2' has a2 and a3, which 'Shared' lacks.
        let noGit = try Executable.run(["App/Notes.xcdatamodeld", "--cloudkit"], in: project.folder.url, environment: ["PATH": "/nonexistent"])
        #expect(noGit.status == 1 && noGit.stderr.isEmpty)
        #expect(!noGit.stdout.contains("[version-order-from-git]"))
        #expect(noGit.stdout.contains("warning: the current version is 'Cloud 2', but 'Shared' comes after it in name order; it is treated as a draft"))
        #expect(noGit.stdout.contains("error: attribute 'Note.a2' was removed; apps still on Cloud 2 keep writing it [attribute-removed]"))
        #expect(noGit.stdout.contains("error: attribute 'Note.a3' was removed; apps still on Cloud 2 keep writing it [attribute-removed]"))
    }
}

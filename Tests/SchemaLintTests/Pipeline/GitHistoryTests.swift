import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// `--history git`: the releases of a model not versioned in its files, read at git release tags,
/// through the executable, in repositories each test makes (no user or system git configuration).
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct GitHistoryTests {
    /// Git as the tests' repositories run it, for the executable too: no user or system configuration.
    static let environment = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]

    /// `Models/Note.yml` of model Notes with the given attribute lines (each `name: spec`), on
    /// lines 7, 8, ... (column 7) under `attributes:` (line 6, column 5), and `cloudkit:` as asked.
    static func note(_ attributes: [String], cloudKit: Bool = false) -> String {
        "model: Notes\nversion: 1\ncloudkit: \(cloudKit)\nentities:\n  Note:\n    attributes:\n"
            + attributes.map { "      \($0)\n" }.joined()
    }

    struct Project {
        let folder: TemporaryFolder
        var repository: GitRepository

        init() throws {
            folder = try TemporaryFolder()
            repository = try GitRepository(at: folder.path)
        }

        /// Writes the file, commits everything, and tags the commit with each name.
        mutating func release(_ text: String, at path: String = "Models/Note.yml", tags: [String], annotated: Bool = false) throws {
            try folder.write(text, to: path)
            try repository.commit("release \(tags.joined(separator: ", "))")
            for tag in tags { try repository.tag(tag, annotated: annotated) }
        }

        func lint(_ arguments: [String]) throws -> Executable.Run {
            try Executable.run(arguments, in: folder.url, environment: GitHistoryTests.environment)
        }
    }

    /// The last release is v1.10, not v1.9 (natural order); a tag that does not match `v*`, and a
    /// `v` tag only another branch contains, are no releases. Against v1.10, the working tree
    /// drops `title` (a synced attribute), which only v1.10 and the later non-release tags have
    /// in that shape.
    @Test func aRenameWithoutIdentifierIsReportedAgainstTheLastTag() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string", "body: string"], cloudKit: true), tags: ["v1.9"])
        try project.release(GitHistoryTests.note(["title: string", "body: string", "pinned: boolean"], cloudKit: true), tags: ["v1.10"], annotated: true)
        // Had v1.9 come last, the working tree would also drop 'pinned'; these tags already have the
        // working tree's model, so nothing would be reported had they counted.
        let current = GitHistoryTests.note(["heading: string", "body: string", "pinned: boolean"], cloudKit: true)
        try project.release(current, tags: ["mac-v2.0", "builds/77"])
        try project.repository.git(["checkout", "--quiet", "-b", "experiment"])
        try project.release(current, tags: ["v9.0"])
        try project.repository.git(["checkout", "--quiet", "main"])

        let run = try project.lint(["--history", "git", "Models"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("Models/Note.yml:6:5: error: attribute 'Note.title' was removed; apps still on v1.10 keep writing it [attribute-removed]"), "\(run.stdout)")
        #expect(run.stdout.contains("    note: 'Note.title' as released in v1.10 (v1.10:Models/Note.yml:7:7)"), "\(run.stdout)")
        #expect(!run.stdout.contains("pinned"), "\(run.stdout)")
        #expect(!run.stdout.contains("v1.9"), "the step from v1.9 to v1.10, both released, is counted, not listed: \(run.stdout)")
        #expect(run.stdout.hasSuffix("1 error, 1 note in 3 versions of 1 model; not listed: 1 note in steps that shipped (--all-steps lists them)\n"), "\(run.stdout)")
        // Every step, those between two releases included, with --all-steps.
        let all = try project.lint(["--history", "git", "--all-steps", "Models"])
        #expect(all.stdout.contains("v1.10:Models/Note.yml:9:7: note: attribute 'Note.pinned' was added; deploy the schema (field CD_pinned)"), "\(all.stdout)")

        // Asked for no history source, the working tree is checked against the newest release
        // alone: the same finding, from two versions.
        let newest = try project.lint(["Models"])
        #expect(newest.status == 1, "\(newest.stderr)")
        #expect(newest.stdout.contains("Models/Note.yml:6:5: error: attribute 'Note.title' was removed; apps still on v1.10 keep writing it [attribute-removed]"), "\(newest.stdout)")
        #expect(newest.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(newest.stdout)")
        // With --history files, the one version is all there is.
        let files = try project.lint(["--history", "files", "Models"])
        #expect(files.status == 0)
        #expect(files.stdout == "no problems in 1 version of 1 model\n")
    }

    /// A team that tags each release on a release branch forked from the mainline, and never
    /// merges it back, shipped what those tags hold: the working tree is compared with the newest
    /// of them. A tag on another branch (an experiment) is no release, nor is a release branch's
    /// tag older than the mainline's newest release.
    @Test func releasesTaggedOnReleaseBranchesNeverMergedBackAreReleases() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string"], cloudKit: true), tags: ["v1.0"])
        let renamed = GitHistoryTests.note(["heading: string"], cloudKit: true)
        try project.folder.write(renamed, to: "Models/Note.yml")
        try project.repository.commit("rename title")
        try project.repository.git(["checkout", "--quiet", "-b", "release-1.1.x"])
        try project.release(renamed, at: "CHANGELOG.md", tags: ["v1.1"])
        try project.repository.git(["checkout", "--quiet", "main"])
        try project.folder.write("# notes\n", to: "README.md")
        try project.repository.commit("readme")

        // v1.1 shipped the rename: nothing the next release changes.
        let run = try project.lint(["Models"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("[attribute-removed]") && !run.stdout.contains("[attribute-renamed]"), "\(run.stdout)")

        // The same tag on a branch of another name records no release: the rename is coming.
        try project.repository.git(["branch", "--quiet", "-m", "release-1.1.x", "spike"])
        let experiment = try project.lint(["Models"])
        #expect(experiment.status == 1, "\(experiment.stdout)")
        #expect(experiment.stdout.contains("error: attribute 'Note.title' was removed; apps still on v1.0 keep writing it [attribute-removed]"), "\(experiment.stdout)")
    }

    /// Asked for no history source, a model edited in place is compared with its newest release
    /// where there is one; where no tag is a release it is linted alone with a note that says so,
    /// and with nothing said where the model is not at the tag or the tag's copy does not read.
    @Test func withoutAHistorySourceTheNewestReleaseIsReadQuietly() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string"], cloudKit: true), tags: ["build-42"])
        try project.folder.write(GitHistoryTests.note(["heading: string"], cloudKit: true), to: "Models/Note.yml")
        let untagged = try project.lint(["Models"])
        #expect(untagged.status == 0 && untagged.stdout.contains("the tags in the history of HEAD (the newest: `build-42`) do not match the release-tag pattern"), "\(untagged.stdout)\(untagged.stderr)")
        #expect(untagged.stdout.hasSuffix("1 note in 1 version of 1 model\n"), "\(untagged.stdout)")
        try project.release("model: Notes\nversion: 1\nentities: [\n", tags: ["v1.0"])
        try project.folder.write(GitHistoryTests.note(["heading: string"], cloudKit: true), to: "Models/Note.yml")
        let broken = try project.lint(["Models"])
        #expect(broken.status == 0 && broken.stdout == "no problems in 1 version of 1 model\n" && broken.stderr.isEmpty, "\(broken.stdout)\(broken.stderr)")
        try project.release(GitHistoryTests.note(["title: string"], cloudKit: true), tags: ["v1.1"])
        try project.folder.write(GitHistoryTests.note(["heading: string"], cloudKit: true), to: "Models/Note.yml")
        let released = try project.lint(["Models"])
        #expect(released.status == 1 && released.stdout.contains("error: attribute 'Note.title' was removed; apps still on v1.1 keep writing it [attribute-removed]"), "\(released.stdout)")
        #expect(!released.stdout.contains("v1.0"), "only the newest release is read: \(released.stdout)")
        // `lock` records the version the files hold, not the next release after the tag's copy.
        let lock = try project.lint(["lock", "Models"])
        #expect(lock.status == 0 && lock.stdout.contains("1 released version of 1 model"), "\(lock.stdout)\(lock.stderr)")
    }

    @Test func aRenameWithItsIdentifierKeepsTheData() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string", "body: string"]), tags: ["v1.0"])
        try project.folder.write(GitHistoryTests.note(["heading: string", "body: string"]), to: "Models/Note.yml")
        let removed = try project.lint(["--history", "git", "Models"])
        #expect(removed.stdout.contains("Models/Note.yml:6:5: note: attribute 'Note.title' was removed; its stored data is dropped when a store migrates to the next release [attribute-removed]"), "\(removed.stdout)")

        try project.folder.write(GitHistoryTests.note(["heading: {type: string, renamedFrom: title}", "body: string"]), to: "Models/Note.yml")
        let renamed = try project.lint(["--history", "git", "Models"])
        #expect(renamed.status == 0)
        #expect(!renamed.stdout.contains("[attribute-removed]") && !renamed.stdout.contains("[attribute-renamed]"), "\(renamed.stdout)")
        #expect(renamed.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(renamed.stdout)")
    }

    /// `history: {from: git, tags: ...}` in the configuration picks the tags; the working tree is
    /// named the next release, whatever `version:` its file says.
    @Test func theConfigurationNamesTheTagPattern() throws {
        var project = try Project()
        try project.folder.write("history:\n  from: git\n  tags: \"release-*\"\n", to: ".schemalint.yml")
        try project.release(GitHistoryTests.note(["title: string"], cloudKit: true), tags: ["release-2"])
        try project.release(GitHistoryTests.note(["title: string", "body: string"], cloudKit: true), tags: ["v3.0"])
        try project.folder.write(GitHistoryTests.note(["body: string"], cloudKit: true), to: "Models/Note.yml")
        let run = try project.lint(["Models"])
        #expect(run.stdout.contains("Models/Note.yml:6:5: error: attribute 'Note.title' was removed; apps still on release-2 keep writing it [attribute-removed]"), "\(run.stdout)")
        // 'body' came after release-2, so it is no release's: adding it is what the working tree does.
        #expect(run.stdout.contains("attribute 'Note.body' was added; deploy the schema (field CD_body) to the CloudKit production environment before the next release reaches people"), "\(run.stdout)")
        #expect(!run.stdout.contains("version 1"), "\(run.stdout)")
        // The command line's pattern wins.
        let byArgument = try project.lint(["--history-tags", "v*", "Models"])
        #expect(byArgument.stdout.contains("apps still on v3.0 keep writing it"), "\(byArgument.stdout)")
    }

    /// With `--against HEAD`, the tags are those HEAD contains, and only what the working tree
    /// adds is new: the rename committed since v1.0 is not, the removal made since HEAD is. The
    /// model's file is edited in place, so HEAD's copy of it is no release to hold it to.
    @Test func againstARevisionOnlyNewFindingsCount() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string", "body: string"], cloudKit: true), tags: ["v1.0"])
        try project.folder.write(GitHistoryTests.note(["heading: string", "body: string"], cloudKit: true), to: "Models/Note.yml")
        try project.repository.commit("rename title")
        try project.folder.write(GitHistoryTests.note(["heading: string"], cloudKit: true), to: "Models/Note.yml")
        let run = try project.lint(["--history", "git", "--against", "HEAD", "Models"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("error: attribute 'Note.body' was removed; apps still on v1.0 keep writing it [attribute-removed]"), "\(run.stdout)")
        #expect(!run.stdout.contains("'Note.title' was removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("[released-version-modified]"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 error in 2 versions of 1 model\n"), "\(run.stdout)")
    }

    /// A YAML model file renamed between releases is found by its `model:` in the same folder.
    @Test func aMovedModelFileIsFollowedByItsModel() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string"], cloudKit: true), at: "Models/Notes.yml", tags: ["v1.0"])
        try project.repository.git(["mv", "Models/Notes.yml", "Models/Note.yml"])
        try project.folder.write("model: Other\nversion: 1\nentities:\n  Other:\n    attributes:\n      title: string\n", to: "Models/Other.yml")
        try project.folder.write(GitHistoryTests.note(["heading: string"], cloudKit: true), to: "Models/Note.yml")
        let run = try project.lint(["--history", "git", "Models/Note.yml"])
        #expect(run.stdout.contains("Models/Note.yml:6:5: error: attribute 'Note.title' was removed; apps still on v1.0 keep writing it [attribute-removed]"), "\(run.stdout)")
        #expect(run.stdout.contains("(v1.0:Models/Notes.yml:7:7)"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(run.stdout)")
    }

    /// A model with versions in its files keeps its own history, whatever the tags hold; what the
    /// newest tag released is compared with the files all the same (version 1 was edited since).
    @Test func aModelVersionedInItsFilesIgnoresTheTags() throws {
        var project = try Project()
        try project.release("model: Notes\nversion: 1\nentities:\n  Note:\n    attributes:\n      gone: string\n", at: "Models/v1.yml", tags: ["v1.0"])
        let v1 = "model: Notes\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n"
        let v2 = "model: Notes\nversion: 2\nentities:\n  Note:\n    attributes:\n      title: string\n      body: string\n"
        try project.folder.write(v1, to: "Models/v1.yml")
        try project.folder.write(v2, to: "Models/v2.yml")
        let withTags = try project.lint(["--history", "git", "Models"])
        let withoutTags = try project.lint(["Models"])
        #expect(withTags.status == withoutTags.status)
        #expect(withTags.stdout == withoutTags.stdout)
        #expect(!withTags.stdout.contains("[attribute-removed]"), "\(withTags.stdout)")
        #expect(withTags.stdout.contains("error: released version 1 was modified: it changed since the release at v1.0:Models/v1.yml: Note: removed attribute `gone`; Note: added attribute `title` (string);"), "\(withTags.stdout)")
        #expect(withTags.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(withTags.stdout)")
    }

    static func bundle(_ attributes: [String]) -> String {
        XcodeFixtures.contents("    <entity name=\"Note\">\n" + attributes.map { "        \($0)\n" }.joined() + "    </entity>")
    }

    /// An Xcode bundle with one version, edited in place between releases: the bundle moved to
    /// another folder in between, and is followed by its name.
    @Test func aSingleVersionBundleAtTags() throws {
        var project = try Project()
        let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
        try project.release(GitHistoryTests.bundle([title]), at: "Old/Notes.xcdatamodeld/Notes.xcdatamodel/contents", tags: ["v1.0"])
        try project.repository.git(["mv", "Old", "App"])
        try project.repository.commit("move the model")
        let renamed = #"<attribute name="heading" optional="YES" attributeType="String"/>"#
        try project.folder.write(GitHistoryTests.bundle([renamed]), to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        let run = try project.lint(["--history", "git", "--cloudkit", "App"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:3:5: error: attribute 'Note.title' was removed; apps still on v1.0 keep writing it [attribute-removed]"), "\(run.stdout)")
        #expect(run.stdout.contains("note: 'Note.title' as released in v1.0 (v1.0:Old/Notes.xcdatamodeld/Notes.xcdatamodel/contents:4:9)"), "\(run.stdout)")

        let identified = #"<attribute name="heading" optional="YES" attributeType="String" elementID="title"/>"#
        try project.folder.write(GitHistoryTests.bundle([identified]), to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        let local = try project.lint(["--history", "git", "App"])
        #expect(local.status == 0)
        #expect(!local.stdout.contains("[attribute-removed]") && !local.stdout.contains("[attribute-renamed]"), "\(local.stdout)")
        #expect(local.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(local.stdout)")
    }

    /// A bundle added beside another of the same name (a watch app's own model) is another model:
    /// the release that held only the phone's bundle held no earlier place of the watch's.
    @Test func aSameNamedBundleBesideAnotherIsNotItsFormerPlace() throws {
        var project = try Project()
        let wide = #"<attribute name="counter" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>"#
        try project.release(GitHistoryTests.bundle([wide]), at: "Phone/Notes.xcdatamodeld/Notes.xcdatamodel/contents", tags: ["v1.0"])
        let narrow = #"<attribute name="counter" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>"#
        try project.release(GitHistoryTests.bundle([narrow]), at: "Watch/Notes.xcdatamodeld/Notes.xcdatamodel/contents", tags: ["v1.1"])
        let run = try project.lint(["--history", "git", "--all-steps", "."])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("[attribute-type-narrowed]") && !run.stdout.contains("v1.0:Phone"), "\(run.stdout)")
    }

    @Test func aTagWhoseModelDoesNotReadIsAnInputError() throws {
        var project = try Project()
        try project.release("model: Notes\nversion: 1\nentities: [\n", tags: ["v1.2"])
        try project.folder.write(GitHistoryTests.note(["title: string"]), to: "Models/Note.yml")
        let run = try project.lint(["--history", "git", "Models"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("v1.2:Models/Note.yml:4:1: error: "), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func withoutReleaseTagsANoteSaysSo() throws {
        var project = try Project()
        try project.release(GitHistoryTests.note(["title: string"]), tags: ["build-42"])
        let run = try project.lint(["--history", "git", "Models"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Models/Note.yml:2:10: note: no release tags match 'v* [0-9]*.*' in the history of HEAD, so the next release of model 'Notes' is checked against no release [release-tags-missing]\n"), "\(run.stdout)")
    }

    @Test func outsideAGitWorkTreeIsAnInputError() throws {
        let folder = try TemporaryFolder()
        try folder.write(GitHistoryTests.note(["title: string"]), to: "Models/Note.yml")
        let run = try Executable.run(["--history", "git", "Models"], in: folder.url, environment: GitHistoryTests.environment)
        #expect(run.status == 2)
        #expect(run.stderr == "Models/Note.yml: error: --history git reads this model's releases at git tags, but it lies in no git work tree (use --history files, or lint it inside its repository)\n")
    }

    /// examples/git-history: its script makes the repository, and its README shows the real run.
    @Test func theExampleShowsItsRealOutput() throws {
        let folder = try TemporaryFolder()
        let repository = folder.path + "/notes-app"
        let script = Executable.packageRoot.appendingPathComponent("examples/git-history/make-repository.sh").path
        let made = try Executable.runProgram("/bin/sh", [script, repository], environment: GitHistoryTests.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let run = try Executable.run(["--history", "git", "Models"], in: URL(fileURLWithPath: repository), environment: GitHistoryTests.environment)
        #expect(run.status == 1)
        let readme = try String(contentsOf: Executable.packageRoot.appendingPathComponent("examples/git-history/README.md"), encoding: .utf8)
        let shown = try #require(CommandLineTests.fencedBlocks(in: readme, language: "text").first)
        #expect(run.stdout == shown, "examples/git-history/README.md shows another output than the run's")
        let plain = try Executable.run(["Models"], in: URL(fileURLWithPath: repository), environment: GitHistoryTests.environment)
        #expect(plain.stdout.hasPrefix("Models/Note.yml:6:5: error: attribute 'Note.title' was removed; apps still on v1.10 keep writing it [attribute-removed]\n"), "\(plain.stdout)")
        #expect(plain.stdout.hasSuffix("1 error, 1 note in 2 versions of 1 model\n"), "\(plain.stdout)")
        let files = try Executable.run(["--history", "files", "Models"], in: URL(fileURLWithPath: repository), environment: GitHistoryTests.environment)
        #expect(files.stdout == "no problems in 1 version of 1 model\n")
    }

    @Test func aTagPatternWithFilesIsAUsageError() throws {
        let run = try Executable.run(["--history", "files", "--history-tags", "v*", "."], environment: GitHistoryTests.environment)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--history-tags picks the release tags of --history git"), "\(run.stderr)")
    }
}

/// The pieces of `--history git` that need no repository.
struct GitHistoryPartsTests {
    @Test func tagsAreOrderedByTheVersionTheyName() {
        let tags = ["v1.10", "v2.0", "v1.9", "v10.0", "v2.0-beta10", "v2.0-beta2", "v2.0-rc1", "v1.9.1", "v2.0+build.5"]
        #expect(tags.sorted(by: ReleaseTagOrder.precedes) == ["v1.9", "v1.9.1", "v1.10", "v2.0-beta2", "v2.0-beta10", "v2.0-rc1", "v2.0", "v2.0+build.5", "v10.0"])
        #expect(ReleaseTagOrder.precedes("v1.2", "v1.2.1"))
        #expect(!ReleaseTagOrder.precedes("v1.2.1", "v1.2"))
        // A repository that dropped the `v` goes on with the same releases.
        #expect(["2.1", "v1.10", "2.0.1", "v.1.9"].sorted(by: ReleaseTagOrder.precedes) == ["v.1.9", "v1.10", "2.0.1", "2.1"])
    }

    /// Each spelling's tags in the order of the versions they name; spellings by the dates of
    /// their commits: a bare `6.0.1` of an older numbering comes before the `v2.5` tags made after
    /// it, and a `v2.5.3` hotfix tagged after `v2.5.4` stays before it.
    @Test func tagsOfDifferentSpellingsAreMergedByDate() {
        let listing = "a 6.0.1 1667000000\nb v2.5.3 1732000000\nc v2.5.4  1731000000\nd v2.4.0 1600000000\ne mac-1.0 1650000000\n"
        #expect(GitReleaseTags(listing: listing, pattern: "*").tags.map(\.name) == ["v2.4.0", "mac-1.0", "6.0.1", "v2.5.3", "v2.5.4"])
        #expect(GitReleaseTags(listing: listing, pattern: "*").tags.map(\.date) == [1_600_000_000, 1_650_000_000, 1_667_000_000, 1_732_000_000, 1_731_000_000])
        #expect(GitReleaseTags.spelling(of: "v.2.1") == "v")
        #expect(GitReleaseTags.spelling(of: "V2.1") == "v")
        #expect(GitReleaseTags.spelling(of: "2.1") == "")
    }

    /// Pre-releases of one version are ordered by date, their channels' names saying nothing of
    /// their order (`DevBeta-521` was made before `Canary.9a-600`); the version alone comes after
    /// them, and other versions by number.
    @Test func preReleasesOfOneVersionAreOrderedByDate() {
        let listing = "a v0.1.0-Canary.9a-600 1726900000\nb v0.1.0-DevBeta-521 1726300000\nc v0.1.0-Canary.9c-615 1726910000\nd v0.1.0 1726200000\ne v0.0.9 1726100000\n"
        #expect(GitReleaseTags(listing: listing, pattern: "v*").tags.map(\.name) == ["v0.0.9", "v0.1.0-DevBeta-521", "v0.1.0-Canary.9a-600", "v0.1.0-Canary.9c-615", "v0.1.0"])
        // A build tagged beside its release went to testers.
        let names: Set = ["1.95.0-212", "1.95.0", "1.96.0-3"]
        #expect(GitReleaseTags.isPrerelease("1.95.0-212", among: names))
        #expect(!GitReleaseTags.isPrerelease("1.96.0-3", among: names) && !GitReleaseTags.isPrerelease("1.95.0", among: names))
        #expect(GitReleaseTags.isPrerelease("1.96.0-beta3", among: names))
    }

    /// Builds of one version are ordered by date where a CI job left the build number out
    /// (`v1.0.4_b` on a commit after `v1.0.4_b78`'s), and the default pattern's `v*` takes no tag
    /// without a version after the `v` (`v$APP_VERSION_b1`, `v_b`): neither records a release
    /// before the ones it was made after.
    @Test func buildsOfOneVersionAreOrderedByDateAndTagsWithoutAVersionAreNoReleases() {
        let listing = "a v1.0.4_b 1631100000\nb v1.0.4_b78 1628800000\nc v1.0.4_b82 1629900000\nd v1.0.3_b56 1626000000\ne v$APP_VERSION_b1 1631100000\nf v_b 1631100000\ng v1.0.5_b1 1633000000\nh verified 1600000000\n"
        let tags = GitReleaseTags(listing: listing, pattern: HistorySource.defaultTagPattern)
        #expect(tags.tags.map(\.name) == ["v1.0.3_b56", "v1.0.4_b78", "v1.0.4_b82", "v1.0.4_b", "v1.0.5_b1"])
        #expect(tags.otherTags.sorted() == ["v$APP_VERSION_b1", "v_b", "verified"])
        // A pattern given takes what it matches.
        #expect(GitReleaseTags(listing: listing, pattern: "v*").tags.count == 8)
        // A release still comes after its pre-releases, whenever they were made.
        #expect(GitReleaseTags(listing: "a v2.0 1600000000\nb v2.0-rc1 1700000000\n", pattern: "v*").tags.map(\.name) == ["v2.0-rc1", "v2.0"])
    }

    /// Tags whose version a platform follows (`v1.0.0_mac`, the Mac app's own numbering) beside
    /// the app's unmarked tags are another line of releases, not releases between `v1.0` and
    /// `v2.1.4`; where every tag names a platform, they are the releases.
    @Test func tagsOfAnotherPlatformsLineAreNoReleasesOfTheUnmarkedLine() {
        let listing = "a v2.1.4 1500000000\nb v1.0.0_mac 1600000000\nc v3.0.0 1550000000\nd v1.0.1-macOS 1610000000\ne v1.0 1400000000\n"
        let tags = GitReleaseTags(listing: listing, pattern: HistorySource.defaultTagPattern)
        #expect(tags.tags.map(\.name) == ["v1.0", "v2.1.4", "v3.0.0"])
        #expect(tags.otherTags.sorted() == ["v1.0.0_mac", "v1.0.1-macOS"])
        #expect(GitReleaseTags(listing: "b v1.0.0_mac 1600000000\nd v1.0.1_mac 1610000000\n", pattern: HistorySource.defaultTagPattern).tags.map(\.name) == ["v1.0.0_mac", "v1.0.1_mac"])
        // A pattern given takes what it matches.
        #expect(GitReleaseTags(listing: listing, pattern: "v*").tags.count == 5)
    }

    /// A team that tags only its builds ships the last pre-release of each version it moved on
    /// from: those count as releases; the pre-releases of a version later tagged as a release,
    /// those of the newest version, and those of a version a team that tags its releases
    /// skipped, went to testers.
    @Test func theLastPreReleaseOfAVersionNeverTaggedAsAReleaseShipped() {
        let listing = "a v1.0.0-10 1700000000\nb v2.0.0-RC.1-20 1700100000\nc v2.0.0-RC.2-21 1700200000\nd v3.0.0-RC.1-30 1700300000\n"
        let tags = GitReleaseTags(listing: listing, pattern: "v*")
        #expect(GitReleaseTags.testersOnly(tags.tags) == ["v2.0.0-RC.1-20", "v3.0.0-RC.1-30"])
        #expect(tags.upToNewestRelease.map(\.name) == ["v1.0.0-10", "v2.0.0-RC.1-20", "v2.0.0-RC.2-21"])
        let released = GitReleaseTags(listing: "a v2.0 1700000000\nb v2.1-beta1 1700100000\nc v2.1 1700200000\nd v2.2-beta1 1700300000\n", pattern: "v*")
        #expect(GitReleaseTags.testersOnly(released.tags) == ["v2.1-beta1", "v2.2-beta1"])
        #expect(released.upToNewestRelease.map(\.name) == ["v2.0", "v2.1-beta1", "v2.1"])
        let skipped = GitReleaseTags(listing: "a v1.0 1700000000\nb v1.1-beta2 1700100000\nc v1.2-beta1 1700200000\nd v1.2 1700300000\n", pattern: "v*")
        #expect(GitReleaseTags.testersOnly(skipped.tags) == ["v1.1-beta2", "v1.2-beta1"])
    }

    /// A team that tags every build (`1.0-14`, `1.0-17`, `1.0-30`) releases the last build of
    /// each version it moved on from: the earlier builds, and those of the newest version, went
    /// to testers, as a pre-release's do. Dated tags are no builds of a version.
    @Test func theEarlierBuildsOfAVersionTaggedInSeveralWentToTesters() {
        let listing = "a 1.0-14 1700000000\nb 1.0-17 1700100000\nc 1.0-30 1700200000\nd 1.1-3 1700300000\ne 1.1-5 1700400000\nf 1.2-7 1700500000\n"
        let builds = GitReleaseTags(listing: listing, pattern: "*")
        #expect(GitReleaseTags.testersOnly(builds.tags) == ["1.0-14", "1.0-17", "1.1-3", "1.2-7"])
        #expect(builds.upToNewestRelease.last?.name == "1.1-5")
        let dated = GitReleaseTags(listing: "a 2023-10-01 1700000000\nb 2023-10-15 1700100000\n", pattern: "*")
        #expect(GitReleaseTags.testersOnly(dated.tags).isEmpty)
    }

    /// Build numbers written as a fourth part of three digits or more (`release/v8.0.0.22594`) or
    /// after semantic versioning's `+` (`1.0+126`) are builds of their version, as `1.0-14` is: the
    /// last build of a version the team moved on from shipped, the earlier ones went to testers.
    /// A fourth part of a digit or two is a hotfix's version (`v2.1.0.1`), released on its own.
    @Test func buildNumbersAfterADotOrAPlusAreBuildsOfTheirVersion() {
        let listing = "a release/v8.0.0.22594 1700000000\nb release/v8.0.0.23507 1700100000\nc release/v8.0.0.24579 1700200000\nd release/v8.0.1.24700 1700300000\ne release/v8.1.0 1700400000\n"
        let builds = GitReleaseTags(listing: listing, pattern: "*")
        #expect(GitReleaseTags.testersOnly(builds.tags) == ["release/v8.0.0.22594", "release/v8.0.0.23507"])
        let plus = GitReleaseTags(listing: "a 1.0+126 1700000000\nb 1.0+165 1700100000\nc 1.1+170 1700200000\n", pattern: "*")
        #expect(GitReleaseTags.testersOnly(plus.tags) == ["1.0+126", "1.1+170"])
        // A team that tags releases beside their builds released no version it tagged only in builds.
        let beside = GitReleaseTags(listing: "a 2023.17-6058 1700000000\nb 2023.17-6060 1700100000\nc 2024.1-6070 1700200000\nd 2024.1 1700300000\n", pattern: "*")
        #expect(GitReleaseTags.testersOnly(beside.tags) == ["2023.17-6058", "2023.17-6060", "2024.1-6070"])
        let hotfixes = GitReleaseTags(listing: "a v2.1.0.1 1700000000\nb v2.1.0.2 1700100000\nc v2.2.0 1700200000\n", pattern: "*")
        #expect(GitReleaseTags.testersOnly(hotfixes.tags).isEmpty)
    }

    /// Tags under an Apple platform's prefix, followed by a dotted version, are that platform's
    /// releases where no other tag is a release; another platform's, a build number's or a word's
    /// are not.
    @Test func applePlatformPrefixesWidenTheDefaultPatternWhereNothingElseMatches() {
        let platforms = "a android-v3.0\nb ios-v2.14.3\nc iOS-v2.15\nd mac-1.0\ne ios-build-7\n"
        #expect(GitReleaseTags(listing: platforms, pattern: HistorySource.defaultTagPattern).pattern == "iOS-v[0-9]*.* ios-v[0-9]*.* mac-[0-9]*.*")
        #expect(GitReleaseTags(listing: platforms, pattern: HistorySource.defaultTagPattern).tags.map(\.name).sorted() == ["iOS-v2.15", "ios-v2.14.3", "mac-1.0"])
        #expect(GitReleaseTags(listing: "a android-v3.0\nb build-1.0\nc ios-1234\nd iosfix-1.0\n", pattern: HistorySource.defaultTagPattern).tags.isEmpty)
        #expect(GitReleaseTags(listing: "a iOS/1.2\n", pattern: HistorySource.defaultTagPattern).pattern == "iOS/[0-9]*.*")
        // Beside a `v1.0`, a platform's tag is no release of this line.
        #expect(GitReleaseTags(listing: "a ios-v2.14.3\nb v1.0\n", pattern: HistorySource.defaultTagPattern).tags.map(\.name) == ["v1.0"])
        // A pattern given is taken as it is.
        #expect(GitReleaseTags(listing: platforms, pattern: "v*").tags.isEmpty)
        // The pattern takes dotted versions only: a build number under the same prefix is no release.
        #expect(GitReleaseTags(listing: "a ios-2.14.3\nb ios-1503\n", pattern: "ios-[0-9]*.*").tags.map(\.name) == ["ios-2.14.3"])
    }

    /// Tags that say they are releases (`release/v8.3.0`, `Release-2.1`, `appstore/1.4`) are, by
    /// default, beside the bare numbers and `v` tags: the newest of them all is the release people
    /// run.
    @Test func releasePrefixesWidenTheDefaultPattern() {
        let listing = "a 1.0+101 1500000000\nb 1.0+102 1500000100\nc release/v8.2.0 1700000000\nd release/v8.3.0 1710000000\ne release/8.3-hotfix 1710000500\nf release-candidate 1720000000\ng release-1503 1720000100\n"
        let tags = GitReleaseTags(listing: listing, pattern: HistorySource.defaultTagPattern)
        #expect(tags.tags.map(\.name) == ["1.0+101", "1.0+102", "release/v8.2.0", "release/v8.3.0", "release/8.3-hotfix"])
        #expect(tags.pattern == "v* [0-9]*.* release/[0-9]*.* release/v[0-9]*.*")
        #expect(GitReleaseTags(listing: "a Release-2.1\nb appstore/1.4\nc releasenotes-1.0\n", pattern: HistorySource.defaultTagPattern).tags.map(\.name).sorted() == ["Release-2.1", "appstore/1.4"])
        // Release words however joined; a build's or another word's prefix is none.
        let joined = "a AppStoreRelease2.0\nb AppStore_ReleaseV2.1\nc AppStoreReleaseVersion_3.0.1\nd AppStore/3.0.4\ne Release2.0\nf build/alpha_b219\ng AppStoreBuild2.0\nh store-2.0\n"
        #expect(GitReleaseTags(listing: joined, pattern: HistorySource.defaultTagPattern).tags.map(\.name).sorted() == ["AppStore/3.0.4", "AppStoreRelease2.0", "AppStoreReleaseVersion_3.0.1", "AppStore_ReleaseV2.1", "Release2.0"])
    }

    @Test func tagsMatchTheGlobOnTheirWholeName() {
        let listing = "aaa v1.2\nbbb mac-v1.2\nccc v1.10\nddd release/v3\neee builds/1234\n"
        #expect(GitReleaseTags(listing: listing, pattern: "v*").tags.map(\.name) == ["v1.2", "v1.10"])
        #expect(GitReleaseTags(listing: listing, pattern: "v*").tags.map(\.object) == ["aaa", "ccc"])
        #expect(GitReleaseTags(listing: listing, pattern: "*v[0-9]*").tags.map(\.name) == ["mac-v1.2", "release/v3", "v1.2", "v1.10"])
    }

    /// By default `v1.2` and bare version numbers are releases; a build number, a branch-like name
    /// or a word that starts with a digit is not.
    @Test func theDefaultPatternTakesVersionNumbersWithOrWithoutV() {
        let listing = "a 1.8.5\nb v1.9\nc 2024.3\nd 1234\ne beta\nf 2.0-rc1\ng mac-1.2\nh 3d-touch\n"
        #expect(GitReleaseTags(listing: listing, pattern: HistorySource.defaultTagPattern).tags.map(\.name) == ["1.8.5", "v1.9", "2.0-rc1", "2024.3"])
    }

    /// A `v` written twice (`vv4.0.3`, a release script that adds `v` to a version that has one)
    /// still names a version: such tags are releases by default, ordered as `v` tags are.
    @Test func aDoubledVNamesAVersion() {
        let listing = "a vv4.0.10\nb vv4.0.3\nc v4.1.0\nd vv_build\n"
        #expect(GitReleaseTags(listing: listing, pattern: HistorySource.defaultTagPattern).tags.map(\.name) == ["vv4.0.3", "vv4.0.10", "v4.1.0"])
    }

    /// A run reads its release tags once: what `begin` started is the answer later readers get,
    /// and a question asked again is not put to git again (a tag added since is not seen by the
    /// run that began before it, as it is by the next run).
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func aRunReadsItsReleaseTagsOnce() throws {
        var project = try GitHistoryTests.Project()
        try project.release(GitHistoryTests.note(["title: string"]), tags: ["v1.0"])
        let top = project.folder.path
        func names(_ answer: Result<GitReleaseTags, GitFailure>?) -> [String] {
            guard case .success(let tags)? = answer else { return ["(no answer)"] }
            return tags.tags.map(\.name)
        }
        let reading = ReleaseTagsReading()
        reading.begin(matching: "v*", mergedInto: "HEAD", top: top, cache: nil)
        #expect(names(reading.tags(matching: "v*", mergedInto: "HEAD", top: top, runner: GitRunner(), cache: nil)) == ["v1.0"])
        try project.release(GitHistoryTests.note(["title: string", "body: string"]), tags: ["v1.1"])
        #expect(names(reading.tags(matching: "v*", mergedInto: "HEAD", top: top, runner: GitRunner(), cache: nil)) == ["v1.0"])
        #expect(names(reading.tags(matching: "v1.1*", mergedInto: "HEAD", top: top, runner: GitRunner(), cache: nil)) == ["v1.1"])
        #expect(names(ReleaseTagsReading().tags(matching: "v*", mergedInto: "HEAD", top: top, runner: GitRunner(), cache: nil)) == ["v1.0", "v1.1"])
    }

    @Test func blobsAreReadFromOneBatch() {
        let output = Data("aaa blob 5\nhello\nbbb missing\nccc blob 0\n\nddd blob 3\na\nb\n".utf8)
        let blobs = GitBlobs.parse(output)
        #expect(blobs == ["aaa": Data("hello".utf8), "ccc": Data(), "ddd": Data("a\nb".utf8)])
    }

    /// A tree object as `cat-file --batch` gives it: `mode name<NUL>` and the raw id, whose length
    /// the object format decides (20 bytes for SHA-1, 32 for SHA-256).
    @Test func treeObjectsAreReadEntryByEntry() {
        func record(_ mode: String, _ name: String, _ id: [UInt8]) -> [UInt8] { Array("\(mode) \(name)".utf8) + [0] + id }
        let folder = [UInt8](repeating: 0xAB, count: 20), file = (0..<20).map { UInt8($0) }
        let data = Data(record("40000", "Model 2.xcdatamodel", folder) + record("100644", ".xccurrentversion", file) + record("160000", "Vendor", file) + Array("100644 cut".utf8) + [0, 1, 2])
        let entries = GitTreeObject.entries(of: data, idLength: 20)
        #expect(entries.map(\.name) == ["Model 2.xcdatamodel", ".xccurrentversion", "Vendor"])
        #expect(entries[0].id == String(repeating: "ab", count: 20) && entries[0].isTree && !entries[0].isBlob)
        #expect(entries[1].id == "000102030405060708090a0b0c0d0e0f10111213" && entries[1].isBlob && !entries[1].isTree)
        #expect(!entries[2].isBlob && !entries[2].isTree)
        let long = [UInt8](repeating: 0x0F, count: 32)
        #expect(GitTreeObject.entries(of: Data(record("100644", "contents", long)), idLength: 32).map(\.id) == [String(repeating: "0f", count: 32)])
    }

    @Test func treesKeepRegularFilesOnly() {
        let listing = Data("100644 blob aaa\tModels/Note.yml\u{0}120000 blob bbb\tlink.yml\u{0}160000 commit ccc\tVendor\u{0}100755 blob ddd\tscript with space.sh\u{0}".utf8)
        #expect(GitTree(listing: listing).blobs == ["Models/Note.yml": "aaa", "script with space.sh": "ddd"])
    }

    @Test func theCommandLineWinsOverTheConfiguration() {
        let git = HistorySource.gitTags(pattern: "release-*")
        #expect(HistorySource.resolve(requested: nil, tags: nil, configured: nil) == .files)
        #expect(HistorySource.resolve(requested: nil, tags: nil, configured: git) == git)
        #expect(HistorySource.resolve(requested: .files, tags: nil, configured: git) == .files)
        #expect(HistorySource.resolve(requested: HistorySource(argument: "git"), tags: nil, configured: git) == git)
        #expect(HistorySource.resolve(requested: HistorySource(argument: "git"), tags: nil, configured: .files) == .gitTags(pattern: HistorySource.defaultTagPattern))
        #expect(HistorySource.resolve(requested: nil, tags: "x*", configured: .files) == .gitTags(pattern: "x*"))
    }

    @Test func theConfigurationReadsBothShapes() throws {
        func history(_ text: String) throws(InputError) -> HistorySource? {
            try ConfigurationLoader.parse(bytes: Array(text.utf8), file: ".schemalint.yml", knownRules: []).history
        }
        #expect(try history("history: git\n") == .gitTags(pattern: HistorySource.defaultTagPattern))
        #expect(try history("history: files\n") == .files)
        #expect(try history("history: {tags: \"release-*\"}\n") == .gitTags(pattern: "release-*"))
        #expect(try history("history: {from: git}\n") == .gitTags(pattern: HistorySource.defaultTagPattern))
        #expect(throws: InputError.self) { try history("history: gti\n") }
        #expect(throws: InputError.self) { try history("history: {from: files, tags: \"v*\"}\n") }
        #expect(throws: InputError.self) { try history("history: {form: git}\n") }
        do {
            _ = try history("history: gti\n")
        } catch {
            #expect(error.description == ".schemalint.yml:1:10: error: 'history' must be files or git, found 'gti'; did you mean 'git'?")
        }
    }
}

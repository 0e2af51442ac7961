import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// End-to-end, with the built executable in a temporary git repository: configuration,
/// suppressions, baselines, several reports in one run, init.
@Suite struct WorkflowTests {
    static let v1 = "model: Notes\nversion: 1\ncloudkit: true\nentities:\n  Note:\n    attributes: {title: string, body: string}\n"
    static let v2 = "model: Notes\nversion: 2\ncloudkit: true\nentities:\n  Note:\n    attributes: {body: string}\n"

    /// A repository holding a synced history whose version 2 removes `Note.title`.
    static func repository() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "models/v1.yaml")
        try folder.write(v2, to: "models/v2.yaml")
        _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "init", "-q", folder.path]).waitUntilExit()
        return folder
    }

    @Test func configurationTurnsRulesOffAndChangesSeverities() throws {
        let repo = try Self.repository()
        let plain = try Executable.run(["models"], in: repo.url)
        #expect(plain.status == 1)
        try repo.write("rules:\n  attribute-removed: warning\n", to: ".schemalint.yml")
        let lowered = try Executable.run(["models"], in: repo.url)
        #expect(lowered.status == 0)
        #expect(lowered.stdout.contains("models/v2.yaml:6:5: warning: attribute 'Note.title' was removed"))
        try repo.write("rules:\n  attribute-removed: warning\nfail-on: warning\n", to: ".schemalint.yml")
        #expect(try Executable.run(["models"], in: repo.url).status == 1)
        try repo.write("rules:\n  attribute-removed: off\n", to: ".schemalint.yml")
        let off = try Executable.run(["models"], in: repo.url)
        #expect(off.status == 0)
        #expect(off.stdout == "no problems in 2 versions of 1 model\n")
    }

    @Test func configurationIsFoundAboveTheLintedPathOrGivenExplicitly() throws {
        let repo = try Self.repository()
        try repo.write("rules: {attribute-removed: off}\n", to: ".schemalint.yml")
        try repo.write("rules: {attribute-removed: note}\n", to: "other.yml")
        #expect(try Executable.run(["models/v2.yaml", "models/v1.yaml"], in: repo.url).stdout == "no problems in 2 versions of 1 model\n")
        let explicit = try Executable.run(["models", "--config", "other.yml"], in: repo.url)
        #expect(explicit.stdout.contains(": note: attribute 'Note.title' was removed"))
    }

    @Test(arguments: [
        ("rules:\n  atribute-removed: off\n", ".schemalint.yml:2:3: error: unknown rule 'atribute-removed'; did you mean 'attribute-removed'?\n"),
        ("fail-on: sometimes\n", ".schemalint.yml:1:10: error: 'fail-on' must be error or warning, found 'sometimes'\n"),
        ("exclude: legacy\n", ".schemalint.yml:1:10: error: 'exclude' must be a list, found a scalar\n"),
        ("include: vendor\n", ".schemalint.yml:1:10: error: 'include' must be a list, found a scalar\n"),
        ("steps: comming\n", ".schemalint.yml:1:8: error: 'steps' must be coming or all, found 'comming'; did you mean 'coming'?\n"),
        ("steps: [all]\n", ".schemalint.yml:1:8: error: 'steps' must be a string, found a list\n"),
        ("cloudkitt: true\n", ".schemalint.yml:1:1: error: unknown key 'cloudkitt' in the configuration; did you mean 'cloudkit'?\n"),
        ("ignore:\n  - rule: attribute-removed\n", ".schemalint.yml:2:5: error: an 'ignore' entry is missing the required key 'reason'\n"),
    ])
    func badConfigurationExitsTwoAtItsLine(text: String, message: String) throws {
        let repo = try Self.repository()
        try repo.write(text, to: ".schemalint.yml")
        let run = try Executable.run(["models"], in: repo.url)
        #expect(run.status == 2)
        #expect(run.stderr == message)
    }

    @Test func ignoreEntriesAcceptFindingsUntilTheirDate() throws {
        let repo = try Self.repository()
        try repo.write("ignore:\n  - rule: attribute-removed\n    element: Note.title\n    reason: never shipped\n", to: ".schemalint.yml")
        #expect(try Executable.run(["models"], in: repo.url).status == 0)
        try repo.write("ignore:\n  - rule: attribute-removed\n    element: Note.title\n    reason: never shipped\n    until: 2001-01-01\n", to: ".schemalint.yml")
        let expired = try Executable.run(["models"], in: repo.url)
        #expect(expired.status == 1)
        #expect(expired.stdout.contains(".schemalint.yml:2:5: warning: the ignore entry for 'attribute-removed' on 'Note.title' expired on 2001-01-01 [expired-ignore]"))
    }

    @Test func suppressionCommentsNeedAReasonAndMustMatch() throws {
        let repo = try Self.repository()
        let suppressed = Self.v2.replacingOccurrences(of: "  Note:\n", with: "  Note:\n    # schemalint:ignore attribute-removed -- never shipped\n")
        try repo.write(suppressed, to: "models/v2.yaml")
        let run = try Executable.run(["models"], in: repo.url)
        #expect(run.status == 0)
        #expect(run.stdout == "no problems in 2 versions of 1 model\n")

        try repo.write(suppressed.replacingOccurrences(of: " -- never shipped", with: ""), to: "models/v2.yaml")
        let noReason = try Executable.run(["models"], in: repo.url)
        #expect(noReason.status == 2)
        #expect(noReason.stderr == "models/v2.yaml:6:5: error: a suppression needs a reason: write it as `# schemalint:ignore <rule-id> -- <reason>`\n")

        try repo.write(suppressed.replacingOccurrences(of: "attribute-removed", with: "entity-removed"), to: "models/v2.yaml")
        let unused = try Executable.run(["models"], in: repo.url)
        #expect(unused.status == 1)
        #expect(unused.stdout.contains("models/v2.yaml:6:5: warning: this suppression of 'entity-removed' matches no finding on its line or the next [unused-suppression]"))

        try repo.write(suppressed.replacingOccurrences(of: "attribute-removed", with: "attribute-remove"), to: "models/v2.yaml")
        let unknown = try Executable.run(["models"], in: repo.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("models/v2.yaml:6:5: error: unknown rule 'attribute-remove' in a suppression; did you mean 'attribute-removed'?"))
    }

    @Test func baselinesAcceptWhatShippedAndReportWhatIsNew() throws {
        let repo = try Self.repository()
        let write = try Executable.run(["models", "--write-baseline", "baseline.json"], in: repo.url)
        #expect(write.status == 0)
        #expect(write.stderr == "recorded 1 findings in baseline.json; runs with --baseline baseline.json report only new ones\n")
        let baseline = try String(contentsOfFile: repo.path + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"identity\":\"attribute-removed:Notes:Note.title\""))
        #expect(!baseline.contains("line"), "identities, never line numbers")

        #expect(try Executable.run(["models", "--write-baseline", "baseline.json"], in: repo.url).status == 2, "never replaced without --force")

        let accepted = try Executable.run(["models", "--baseline", "baseline.json"], in: repo.url)
        #expect(accepted.status == 0)
        #expect(accepted.stdout == "no problems in 2 versions of 1 model\n")

        // A new breaking change is reported; the accepted one is not, even though lines moved.
        try repo.write("model: Notes\nversion: 3\ncloudkit: true\n\nentities:\n  Note:\n    attributes: {}\n", to: "models/v3.yaml")
        let next = try Executable.run(["models", "--baseline", "baseline.json"], in: repo.url)
        #expect(next.status == 1)
        #expect(next.stdout.contains("attribute 'Note.body' was removed"))
        #expect(!next.stdout.contains("'Note.title' was removed"))

        // Fixed: the entry is listed so the baseline can shrink.
        try FileManager.default.removeItem(atPath: repo.path + "/models/v3.yaml")
        try repo.write(Self.v1.replacingOccurrences(of: "version: 1", with: "version: 2"), to: "models/v2.yaml")
        let resolved = try Executable.run(["models", "--baseline", "baseline.json"], in: repo.url)
        #expect(resolved.status == 0)
        #expect(resolved.stdout.contains("baseline.json:4:5: note: 'attribute-removed:Notes:Note.title' is in the baseline but no longer occurs"))
    }

    @Test func oneRunWritesSeveralReports() throws {
        let repo = try Self.repository()
        let summary = repo.path + "/summary.md"
        try "# earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let run = try Executable.run(
            ["models", "--format", "github", "--report", "sarif=out/report.sarif", "--report", "junit=junit.xml"],
            in: repo.url, environment: ["GITHUB_STEP_SUMMARY": summary]
        )
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("::error file=models/v2.yaml,line=6,col=5,title=attribute-removed::attribute 'Note.title' was removed"))
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: repo.path + "/out/report.sarif"))) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        #expect(FileManager.default.fileExists(atPath: repo.path + "/junit.xml"))
        let appended = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(appended.hasPrefix("# earlier step\n"), "the job summary is appended to, never replaced")
        #expect(appended.contains("schemalint"))

        let again = try Executable.run(["models", "--report", "junit=junit.xml"], in: repo.url)
        #expect(again.status == 1, "a report the user asked for replaces the one of the last run")
        #expect(again.stderr == "")
    }

    @Test func initWritesAStarterConfigurationOnce() throws {
        let repo = try Self.repository()
        let first = try Executable.run(["init"], in: repo.url)
        #expect(first.status == 0)
        #expect(try Executable.run(["models"], in: repo.url).status == 1, "the starter configuration loads and changes nothing")
        let text = try String(contentsOfFile: repo.path + "/.schemalint.yml", encoding: .utf8)
        #expect(text == StarterConfiguration.text)
        // It starts on the default, said where a newcomer reads it.
        #expect(text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "steps: coming" }, "\(text)")
        #expect(try ConfigurationLoader.parse(bytes: Array(text.utf8), file: ".schemalint.yml", knownRules: Set(RuleCatalog.standard.descriptors.map(\.id))).steps == .coming)
        let second = try Executable.run(["init"], in: repo.url)
        #expect(second.status == 2)
        #expect(try String(contentsOfFile: repo.path + "/.schemalint.yml", encoding: .utf8) == text)
    }

    /// A pre-commit hook passes only the changed files: a named model file is linted with the
    /// rest of its history from its folder; other files there are not the run's business.
    @Test func aNamedFileIsLintedWithItsHistory() throws {
        let repo = try Self.repository()
        try repo.write("services:\n  web: {image: nginx}\n", to: "models/docker-compose.yml")
        try repo.write("model: Other\nversion: 1\nentities: {broken: [}\n", to: "models/other.yaml")
        let run = try Executable.run(["models/v2.yaml"], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("models/v2.yaml:6:5: error: attribute 'Note.title' was removed; apps still on version 1 keep writing it [attribute-removed]\n"))
        #expect(run.stdout.hasSuffix("1 error in 2 versions of 1 model\n"))
    }

    static func git(_ arguments: [String], in folder: TemporaryFolder) throws {
        let process = try Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "-C", folder.path, "-c", "user.email=test@example.com", "-c", "user.name=Test"] + arguments)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    static let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git")

    /// `--against REV`: what was already there at the revision does not fail the run; what is new does.
    @Test(.enabled(if: hasGit, "needs git"))
    func againstARevisionOnlyNewFindingsCount() throws {
        let repo = try Self.repository()
        try Self.git(["add", "."], in: repo)
        try Self.git(["commit", "-q", "-m", "history with a removal"], in: repo)
        let unchanged = try Executable.run(["models", "--against", "HEAD"], in: repo.url)
        #expect(unchanged.status == 0, "the removal in version 2 was already there at HEAD")
        #expect(unchanged.stdout == "no problems in 2 versions of 1 model\n")

        try repo.write("model: Notes\nversion: 3\ncloudkit: true\nentities:\n  Note:\n    attributes: {body: int32}\n", to: "models/v3.yaml")
        let changed = try Executable.run(["models", "--against", "HEAD"], in: repo.url)
        #expect(changed.status == 1)
        #expect(changed.stdout.hasPrefix("models/v3.yaml:6:24: error: attribute 'Note.body' changed type from string to int32"))
        #expect(!changed.stdout.contains("'Note.title' was removed"))

        // Editing a version released at the revision is reported, with no lock file.
        try FileManager.default.removeItem(atPath: repo.path + "/models/v3.yaml")
        try repo.write(Self.v1.replacingOccurrences(of: "body: string", with: "body: string, pinned: boolean"), to: "models/v1.yaml")
        let edited = try Executable.run(["models", "--against", "HEAD"], in: repo.url)
        #expect(edited.status == 1)
        #expect(edited.stdout.hasPrefix("models/v1.yaml:2:10: error: released version 1 was modified: it changed since the release at HEAD:models/v1.yaml: Note: added attribute `pinned` (boolean);"), "\(edited.stdout)")
        #expect(edited.stdout.contains("[released-version-modified]"))

        let unknown = try Executable.run(["models", "--against", "no-such-branch"], in: repo.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasSuffix("error: unknown revision 'no-such-branch' (try a branch, a tag or a commit, e.g. origin/main)\n"))
    }

    /// Pre-commit names the changed files, not folders: `--against` must filter those runs the same
    /// way, comparing each named file with its history at the revision (issue 14, defect 1).
    @Test(.enabled(if: hasGit, "needs git"))
    func againstARevisionFiltersNamedFilesLikeFolders() throws {
        let repo = try Self.repository()
        try Self.git(["add", "."], in: repo)
        try Self.git(["commit", "-q", "-m", "history with a removal"], in: repo)
        let named = try Executable.run(["lint", "--against", "HEAD", "models/v2.yaml"], in: repo.url)
        #expect(named.stdout == "no problems in 2 versions of 1 model\n", "v2 is committed unchanged, so its removal is not new")
        #expect(named.status == 0)

        // A new file, absent at the revision: only its own problem is new, not the history's old one.
        try repo.write("model: Notes\nversion: 3\ncloudkit: true\nentities:\n  Note:\n    attributes: {body: int32}\n", to: "models/v3.yaml")
        let added = try Executable.run(["lint", "--against", "HEAD", "models/v3.yaml"], in: repo.url)
        #expect(added.status == 1)
        #expect(added.stdout.hasPrefix("models/v3.yaml:6:24: error: attribute 'Note.body' changed type from string to int32"))
        #expect(!added.stdout.contains("'Note.title' was removed"))
        #expect(added.stdout.hasSuffix("1 error in 3 versions of 1 model\n"))
    }

    /// Pre-commit names a changed version inside a bundle (`X.xcdatamodeld/X 2.xcdatamodel/contents`):
    /// the revision's copy of the bundle must be whole too.
    @Test(.enabled(if: hasGit, "needs git"))
    func againstARevisionWithAFileInsideABundle() throws {
        let repo = try TemporaryFolder()
        _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "init", "-q", repo.path]).waitUntilExit()
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\" documentVersion=\"1.0\">\n"
        try repo.write(header + "    <entity name=\"Item\">\n        <attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n        <attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n</model>\n", to: "App/Model.xcdatamodeld/Model.xcdatamodel/contents")
        try repo.write(header + "    <entity name=\"Item\">\n        <attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n</model>\n", to: "App/Model.xcdatamodeld/Model 2.xcdatamodel/contents")
        try repo.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>Model 2.xcdatamodel</string>\n</dict>\n</plist>\n", to: "App/Model.xcdatamodeld/.xccurrentversion")
        let changed = "App/Model.xcdatamodeld/Model 2.xcdatamodel/contents"
        let plain = try Executable.run(["lint", "--cloudkit", changed], in: repo.url)
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("attribute 'Item.title' was removed"))
        try Self.git(["add", "."], in: repo)
        try Self.git(["commit", "-q", "-m", "bundle with a removal"], in: repo)
        let against = try Executable.run(["lint", "--cloudkit", "--against", "HEAD", changed], in: repo.url)
        #expect(against.stdout == "no problems in 2 versions of 1 model\n", "the removal was already there at HEAD")
        #expect(against.status == 0)
    }

    @Test(.enabled(if: hasGit, "needs git"))
    func againstOutsideARepositoryIsAClearError() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.v1, to: "models/v1.yaml")
        let run = try Executable.run(["models", "--against", "HEAD"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == ".: error: --against needs a git repository, and the current folder is not in one\n")
    }

    /// A pipe or a device named as a model file is refused at once, not read forever.
    @Test func hostileFileKindsAreRefused() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Executable.run([fifo, "/dev/zero"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("/dev/zero: error: is not a regular file (a pipe, socket or device?), so it is not read\n"))
        #expect(run.stderr.contains("pipe.yaml: error: is not a regular file (a pipe, socket or device?), so it is not read\n"))
    }

    /// Names that do not sort in history order ("Items", then "Folders"): `--order FILE` or `order:`.
    @Test func anExplicitOrderFixesABundleWhoseNamesDoNotSort() throws {
        let folder = try TemporaryFolder()
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\" documentVersion=\"1.0\">\n"
        try folder.write(header + "    <entity name=\"Item\">\n        <attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n</model>\n", to: "Model.xcdatamodeld/Items.xcdatamodel/contents")
        try folder.write(header + "    <entity name=\"Item\">\n        <attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n        <attribute name=\"notes\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n    <entity name=\"Folder\">\n        <attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n</model>\n", to: "Model.xcdatamodeld/Folders.xcdatamodel/contents")
        try folder.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>Folders.xcdatamodel</string>\n</dict>\n</plist>\n", to: "Model.xcdatamodeld/.xccurrentversion")

        let natural = try Executable.run(["Model.xcdatamodeld"], in: folder.url)
        #expect(natural.stdout.contains("warning: the current version is 'Folders', but 'Items' comes after it in name order; it is treated as a draft (checked against 'Folders', never a baseline), since the app does not ship it yet [current-version-not-latest]"))
        #expect(natural.stdout.contains("entity 'Folder' was removed"), "compared backwards, the new entity looks removed")

        try folder.write("# oldest first\nItems\nFolders\n", to: "order.txt")
        let ordered = try Executable.run(["Model.xcdatamodeld", "--order", "order.txt"], in: folder.url)
        #expect(ordered.status == 0)
        // In history order, the new entity is an addition: a local store only migrates at launch.
        let inOrder = "Model.xcdatamodeld/Folders.xcdatamodel/contents:2:1: note: opening a store of Items with Folders migrates it at launch by lightweight migration, which copies every table it changes: entity 'Folder' added, entity 'Item' (added 'notes') [migration-at-launch]\n"
        #expect(ordered.stdout.hasPrefix(inOrder))
        #expect(ordered.stdout.hasSuffix("1 note in 2 versions of 1 model\n"))

        try folder.write("bundles:\n  Model.xcdatamodeld:\n    order: [Items, Folders]\n", to: ".schemalint.yml")
        #expect(try Executable.run(["Model.xcdatamodeld"], in: folder.url).stdout.hasPrefix(inOrder))

        try folder.write("Items\n", to: "short.txt")
        let short = try Executable.run(["Model.xcdatamodeld", "--order", "short.txt"], in: folder.url)
        #expect(short.status == 2)
        #expect(short.stderr.contains("the version order misses 'Folders'"))
    }

    /// `compatibility:` in .schemalint.yml sets the window; `--compatibility` overrides it.
    @Test func compatibilityComesFromTheConfigurationUnlessGiven() throws {
        let folder = try TemporaryFolder()
        for (index, text) in WholeHistoryTests.requiredByStages.enumerated() { try folder.write(text, to: "m/v\(index + 1).yaml") }
        // Each step alone keeps the attribute's values; only against version 1 does version 3 lose them.
        let window = "[attribute-required-without-default]"
        #expect(!(try Executable.run(["m"], in: folder.url).stdout.contains(window)))
        try folder.write("compatibility: transitive\n", to: ".schemalint.yml")
        let transitive = try Executable.run(["m"], in: folder.url)
        #expect(transitive.status == 1)
        #expect(transitive.stdout.contains(window))
        #expect(!(try Executable.run(["m", "--compatibility", "previous"], in: folder.url).stdout.contains(window)))
        try folder.write("compatibility: transitiv\n", to: ".schemalint.yml")
        let typo = try Executable.run(["m"], in: folder.url)
        #expect(typo.status == 2)
        #expect(typo.stderr == ".schemalint.yml:1:16: error: 'compatibility' must be previous, transitive or window:N (N a whole number from 1), found 'transitiv'; did you mean 'transitive'?\n")
    }

    /// A hook names only the changed file; the lock in its folder still guards the released versions
    /// of that model, and says nothing about the folder's other models.
    @Test func aNamedFileIsCheckedAgainstTheLockInItsFolder() throws {
        let repo = try Self.repository()
        try repo.write("model: Other\nversion: 1\nentities:\n  Thing: {}\n", to: "models/other.yaml")
        #expect(try Executable.run(["lock", "models"], in: repo.url).status == 0)
        try repo.write(Self.v1.replacingOccurrences(of: "body: string", with: "body: string, pinned: boolean"), to: "models/v1.yaml")
        let run = try Executable.run(["models/v2.yaml"], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("models/v1.yaml:2:10: error: released version 1 was modified: its content no longer matches the hash in schemalint.lock"))
        #expect(!run.stdout.contains("'Other'"), "the folder's other model was not asked for")
    }
}

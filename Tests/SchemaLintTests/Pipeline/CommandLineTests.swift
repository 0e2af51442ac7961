import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// End-to-end: the built executable on the examples and on bad input.
@Suite struct CommandLineTests {
    /// Every `$ schemalint ...` console block in the README and docs/ shows the command's real output.
    @Test(arguments: ["README.md", "docs/xcode.md", "docs/ci.md", "docs/cloudkit-schema.md"])
    func documentedOutputIsCurrent(document: String) throws {
        let text = try String(contentsOf: Executable.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let blocks = Self.consoleBlocks(in: text)
        #expect(!blocks.isEmpty, "\(document) shows no schemalint run")
        for (command, shown) in blocks {
            let arguments = command.split(separator: " ").dropFirst().map(String.init)
            let run = try Executable.run(arguments)
            #expect(run.stdout == shown, "the output of `\(command)` in \(document) is out of date")
        }
    }

    /// Samples that are not a plain `$ schemalint` block carry a marker naming the run they show:
    /// `<!-- checked: schemalint ARGS -->` (the block after the marker, or, for a `$ git commit`
    /// through the pre-commit hook, the part after the hook's header, is that run's output, and the
    /// header's exit code its status) or `<!-- checked excerpt: schemalint ARGS -->` (a JSON
    /// document whose keys and summary are the run's, and whose findings are some of the run's).
    @Test(arguments: ["docs/pre-commit.md", "docs/json-format.md"])
    func checkedSamplesMatchRealRuns(document: String) throws {
        let text = try String(contentsOf: Executable.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let samples = Self.checkedSamples(in: text)
        #expect(!samples.isEmpty, "\(document) has no checked sample")
        for sample in samples {
            let run = try Executable.run(sample.command.split(separator: " ").dropFirst().map(String.init))
            if sample.isExcerpt {
                let real = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
                let shown = try #require(try JSONSerialization.jsonObject(with: Data(sample.block.utf8)) as? [String: Any], "the sample in \(document) is not JSON")
                #expect(Set(shown.keys) == Set(real.keys))
                #expect((shown["summary"] as? NSDictionary) == (real["summary"] as? NSDictionary), "the summary in \(document) is not the real one")
                let realFindings = (real["findings"] as? [NSDictionary]) ?? []
                let shownFindings = (shown["findings"] as? [NSDictionary]) ?? []
                #expect(!shownFindings.isEmpty)
                for finding in shownFindings {
                    #expect(realFindings.contains(finding), "\(document) shows a finding the run does not give: \(finding)")
                }
            } else if sample.block.hasPrefix("$ git commit") {
                let lines = sample.block.split(separator: "\n", omittingEmptySubsequences: false)
                let header = try #require(lines.firstIndex { $0.hasPrefix("- exit code: ") })
                #expect(lines[header] == "- exit code: \(run.status)")
                #expect(lines[header + 1] == "")
                #expect(lines[(header + 2)...].joined(separator: "\n") == run.stdout, "the output in \(document) is out of date")
            } else {
                #expect(sample.block == run.stdout, "the output of `\(sample.command)` in \(document) is out of date")
            }
        }
    }

    /// docs/configuration.md's sample is a configuration schemalint accepts, and its table names
    /// every key the loader knows.
    @Test func configurationPageSampleLoadsAndNamesEveryKey() throws {
        let text = try String(contentsOf: Executable.packageRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let sample = try #require(Self.fencedBlocks(in: text, language: "yaml").first)
        for key in ConfigurationLoader.keys {
            #expect(text.contains("| `\(key)` |"), "docs/configuration.md does not describe '\(key)'")
            #expect(sample.contains("\n\(key):") || sample.hasPrefix("\(key):"), "the sample does not show '\(key)'")
        }
        let folder = try TemporaryFolder()
        try folder.write(WorkflowTests.v1, to: "models/v1.yaml")
        try folder.write(sample, to: ".schemalint.yml")
        try folder.folder("MyApp/Migrations")  // the sample's `mappingModels:` folder
        try folder.write("DEFINE SCHEMA\n", to: "CloudKit/production.ckdb")  // and its `productionSchema:`
        let baseline = try Executable.run(["models", "--write-baseline", "schemalint-baseline.json"], in: folder.url)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let run = try Executable.run(["models"], in: folder.url)
        #expect(run.status == 0, "the sample configuration is refused: \(run.stderr)")
    }

    /// An entity's required attributes are one finding, but a baseline records each: an attribute
    /// added later with the same problem is reported on its own, the recorded ones are not.
    @Test func baselineRecordsEachAttributeOfAMergedFinding() throws {
        let folder = try TemporaryFolder()
        let model = """
            model: Notes
            version: 1
            cloudkit: true
            entities:
              Note:
                attributes:
                  title: {type: string, optional: false}
                  priority: {type: int16, optional: false}

            """
        try folder.write(model, to: "models/v1.yaml")
        let first = try Executable.run(["models"], in: folder.url)
        #expect(first.stdout.contains("error: 2 attributes of 'Note' are required with no default: 'title', 'priority';"), "\(first.stdout)")
        let written = try Executable.run(["models", "--write-baseline", "baseline.json"], in: folder.url)
        #expect(written.status == 0, "\(written.stderr)")
        let baseline = try String(contentsOf: folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("cloudkit-required-attribute:Notes:Note.title") && baseline.contains("cloudkit-required-attribute:Notes:Note.priority"), "\(baseline)")
        try folder.write(model + "      rank: {type: int16, optional: false}\n      created: {type: date, optional: false}\n", to: "models/v1.yaml")
        let later = try Executable.run(["models", "--baseline", "baseline.json"], in: folder.url)
        #expect(later.stdout.contains("error: 2 attributes of 'Note' are required with no default: 'rank', 'created';"), "\(later.stdout)")
        #expect(!later.stdout.contains("'title'"), "\(later.stdout)")
    }

    @Test func notesExampleFailsWithErrors() throws {
        let run = try Executable.run(["examples/notes"])
        #expect(run.status == 1)
        #expect(run.stderr == "")
    }

    @Test func findingsAreCompilerStyleWithNotesAndHelp() throws {
        let run = try Executable.run(["examples/notes"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("examples/notes/v3.yaml:14:5: error: attribute 'Note.createdAt' was removed; apps still on version 2 keep writing it [attribute-removed]"))
        #expect(lines.contains("    note: 'Note.createdAt' as declared in version 2 (examples/notes/v2.yaml:17:7)"))
        #expect(lines.contains { $0.hasPrefix("    help: keep 'createdAt' in the model") })
        #expect(lines.contains { $0.hasPrefix("examples/notes/v3.yaml:15:45: error: attribute 'Note.title' was renamed to 'headline';") && $0.hasSuffix("[attribute-renamed]") })
        // Version 4 is a draft and version 3 the newest release: their steps are listed, and the
        // reminder to deploy version 2's three additions, which shipped, is counted.
        #expect(lines.last == "4 errors, 1 note in 4 versions of 1 model; not listed: 1 note in earlier steps, taken as shipped (no lock or release tag in the history of HEAD records what did; --all-steps lists them)")
        #expect(!lines.contains { $0.hasPrefix("examples/notes/v2.yaml") })
        let all = try Executable.run(["examples/notes", "--all-steps"])
        #expect(all.stdout.split(separator: "\n").last == "4 errors, 2 notes in 4 versions of 1 model")
        // One reminder for the three additions of version 2, each a note of it.
        #expect(all.stdout.contains("examples/notes/v2.yaml:10:7: note: version 2 adds 3 elements to the CloudKit schema ('Folder.color', 'Note.wordCount', record type CD_Attachment); deploy them to the CloudKit production environment before version 2 reaches people"))
        #expect(all.stdout.contains("    note: attribute 'Folder.color' was added: field CD_color (examples/notes/v2.yaml:10:7)\n    note: attribute 'Note.wordCount' was added: field CD_wordCount (examples/notes/v2.yaml:19:7)\n    note: entity 'Attachment' was added: record type CD_Attachment (examples/notes/v2.yaml:23:3)"))
    }

    /// The clean history has no errors or warnings; its additions are noted (deploy the schema
    /// before the release), and its lock matches.
    @Test func cleanHistoryPasses() throws {
        // Both versions are in the lock, so both shipped: version 2's reminder to deploy its three
        // additions is counted, not listed.
        #expect(try Executable.run(["examples/clean"]).stdout == "no problems in 2 versions of 1 model; not listed: 1 note in steps that shipped (--all-steps lists them)\n")
        let run = try Executable.run(["examples/clean", "--all-steps"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "1 note in 2 versions of 1 model")
        #expect(lines.filter { !$0.hasPrefix(" ") }.dropLast().allSatisfy { $0.contains(": note: ") && $0.hasSuffix("[element-added]") })
        let strict = try Executable.run(["examples/clean", "--strict"])
        #expect(strict.status == 0, "notes do not fail even a strict run")
    }

    @Test func theNewExamplesExerciseTheCatalogue() throws {
        // Version 2's findings shipped: by default version 3's two errors are listed, and the
        // uniqueness constraint version 1 brought, which version 3 still has.
        #expect(try Executable.run(["examples/tasks"]).stdout.split(separator: "\n").last == "3 errors in 3 versions of 1 model; not listed: 1 error, 2 notes in earlier steps, taken as shipped (no lock or release tag in the history of HEAD records what did; --all-steps lists them)")
        let tasks = try Executable.run(["examples/tasks", "--all-steps"])
        #expect(tasks.status == 1)
        for rule in ["cloudkit-unique-constraint", "attribute-removed", "delete-rule-changed", "deprecated-element-removed", "name-reused", "element-added"] {
            #expect(tasks.stdout.contains("[\(rule)]"), "examples/tasks should show \(rule)")
        }
        #expect(tasks.stdout.split(separator: "\n").last == "4 errors, 2 notes in 3 versions of 1 model")
        let journal = try Executable.run(["examples/journal"])
        #expect(journal.stdout.contains("examples/journal/v3.yaml:4:10: error: stores of version 1 cannot migrate to version 3 in one lightweight migration"))
        #expect(journal.stdout.contains("[uniqueness-changed]"))
        #expect(!journal.stdout.contains("[attribute-required-without-default]"), "each step is fine")
        let transitive = try Executable.run(["examples/journal", "--compatibility", "transitive"])
        #expect(transitive.stdout.contains("examples/journal/v3.yaml:9:37: error: attribute 'Entry.mood' became required with no default; lightweight migration fails at the first stored object that has no value for it [attribute-required-without-default]"))
        #expect(transitive.stdout.contains("    note: 'Entry.mood' as declared in version 1 (examples/journal/v1.yaml:8:7)"))
    }

    @Test func compatibilityIsValidated() throws {
        for bad in ["window:0", "window:", "everything"] {
            let run = try Executable.run(["examples/clean", "--compatibility", bad])
            #expect(run.status == 2, "\(bad)")
            #expect(run.stderr.contains("--compatibility"))
        }
        #expect(try Executable.run(["examples/clean", "--compatibility", "window:3"]).status == 0)
    }

    @Test func lockRecordsReleasesAndLintNoticesChanges() throws {
        let folder = try TemporaryFolder()
        let v1 = "model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n"
        try folder.write(v1, to: "m/v1.yaml")
        try folder.write("model: M\nversion: 2\nentities:\n  Note:\n    attributes:\n      title: string\n      body: string\n", to: "m/v2.yaml")
        try folder.write("model: M\nversion: 3\nreleased: false\nentities:\n  Note: {}\n", to: "m/v3.yaml")
        let lock = try Executable.run(["lock", "m"], in: folder.url)
        #expect(lock.status == 0)
        #expect(lock.stdout == "m/schemalint.lock: 2 released versions of 1 model (2 newly locked)\n")
        let text = try String(contentsOf: folder.url.appendingPathComponent("m/schemalint.lock"), encoding: .utf8)
        #expect(text.contains("\"1\": \"sha256:") && text.contains("\"2\": \"sha256:") && !text.contains("\"3\""))
        #expect(try Executable.run(["m"], in: folder.url).stdout.contains("released-version") == false)

        // Reformatting is not a change; an edit is.
        try folder.write("# reformatted\nentities: {Note: {attributes: {title: {type: String}}}}\nversion: 1\nmodel: M\n", to: "m/v1.yaml")
        #expect(try Executable.run(["m"], in: folder.url).stdout.contains("released-version") == false)
        try folder.write(v1 + "      extra: int16\n", to: "m/v1.yaml")
        let edited = try Executable.run(["m"], in: folder.url)
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("m/v1.yaml:2:10: error: released version 1 was modified: its content no longer matches the hash in schemalint.lock;"))

        // A deleted release is reported at its lock entry, and lock refuses to forget it.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("m/v1.yaml"))
        let removed = try Executable.run(["m"], in: folder.url)
        #expect(removed.stdout.contains("m/schemalint.lock:7:5: error: released version 1 of model 'M' is locked but no longer in the models;"))
        let refused = try Executable.run(["lock", "m"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("m/schemalint.lock:7:5: error: version 1 of model 'M' is locked but no longer a released version here"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("m/schemalint.lock"), encoding: .utf8) == text, "the lock is unchanged")
        let forced = try Executable.run(["lock", "m", "--force"], in: folder.url)
        #expect(forced.status == 0)
        #expect(forced.stdout == "m/schemalint.lock: 1 released version of 1 model (1 dropped)\n")
        #expect(try Executable.run(["m"], in: folder.url).status == 0)
    }

    @Test func lockTakesFoldersAndRejectsBrokenLocks() throws {
        let folder = try TemporaryFolder()
        try folder.write("model: M\nversion: 1\nentities: {}\n", to: "m/v1.yaml")
        #expect(try Executable.run(["lock", "m/v1.yaml"], in: folder.url).status == 2)
        try folder.write("lock: 1\nmodels:\n  M:\n    \"1\": nonsense\n", to: "m/schemalint.lock")
        let lint = try Executable.run(["m"], in: folder.url)
        #expect(lint.status == 2)
        #expect(lint.stderr.hasPrefix("m/schemalint.lock:4:10: error:"))
        #expect(try Executable.run(["lock", "m"], in: folder.url).status == 2)
        #expect(try Executable.run(["lock", "m", "--force"], in: folder.url).status == 0)
    }

    /// A flag that changed is said in words: "made required", not "optional `true` -> `false`".
    @Test func diffSaysAChangedFlagInWords() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        model: Notes
        version: 1
        entities:
          Folder:
            relationships:
              notes: {destination: Note, inverse: folder, toMany: true}
          Note:
            attributes:
              title: string
              draft: {type: string, transient: true}
            relationships:
              folder: {destination: Folder, inverse: notes}
        """, to: "v1.yaml")
        try folder.write("""
        model: Notes
        version: 2
        entities:
          Folder:
            relationships:
              notes: {destination: Note, inverse: folder, toMany: true, ordered: true}
          Note:
            attributes:
              title: {type: string, optional: false, default: ""}
              draft: string
            relationships:
              folder: {destination: Folder, inverse: notes, toMany: true}
        """, to: "v2.yaml")
        let run = try Executable.run(["diff", "v1.yaml", "v2.yaml"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        for line in ["- relationship `notes` made ordered", "- attribute `title` made required", "- attribute `title`: default none -> `\"\"`", "- attribute `draft` no longer transient", "- relationship `folder` made to-many"] {
            #expect(run.stdout.contains(line + "\n"), "\(line) in \(run.stdout)")
        }
        #expect(!run.stdout.contains("`true`") && !run.stdout.contains("`false`"), "\(run.stdout)")
    }

    @Test func diffPrintsAChangelog() throws {
        let run = try Executable.run(["diff", "examples/notes/v2.yaml", "examples/notes/v3.yaml"])
        #expect(run.status == 0)
        #expect(run.stdout == """
        # Notes: version 2 -> version 3

        ## Folder

        - attribute `color`: type `int16` -> `string`
        - attribute `color`: default `0` -> `blue`

        ## Note

        - removed attribute `createdAt`
        - renamed attribute `title` to `headline`
        - added attribute `created` (date)

        5 changes in 2 entities.

        """)
        let json = try Executable.run(["diff", "examples/notes/v2.yaml", "examples/notes/v3.yaml", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{\n  \"model\": \"Notes\",\n  \"from\": \"2\",\n  \"to\": \"3\",\n  \"changes\": ["))
        #expect(try Executable.run(["diff", "examples/notes/v2.yaml"]).status == 2)
        #expect(try Executable.run(["diff", "examples/notes", "examples/notes/v3.yaml"]).status == 2)
    }

    @Test func outputIsDeterministic() throws {
        let first = try Executable.run(["examples", "--format", "json"])
        let second = try Executable.run(["examples", "--format", "json"])
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    @Test func noColorOffATerminal() throws {
        let run = try Executable.run(["examples/notes"])
        #expect(!run.stdout.contains("\u{1B}["))
    }

    @Test func badInputExitsTwoWithOnePositionedMessage() throws {
        let folder = try TemporaryFolder()
        try folder.write("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: {type: string, optional: maybe}\n", to: "m/v1.yaml")
        let run = try Executable.run(["m"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "m/v1.yaml:6:39: error: 'optional' of attribute 'Note.title' must be true or false, found 'maybe'\n")
    }

    @Test func unreadableFileExitsTwo() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("m"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("m/v1.yaml").path, withDestinationPath: "/nonexistent/v1.yaml")
        let run = try Executable.run(["m"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "m/v1.yaml: error: cannot read the file: No such file or directory\n")
    }

    @Test func folderWithoutModelsExitsTwo() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a model", to: "docs/readme.txt")
        let run = try Executable.run(["docs"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "docs: error: no model files (*.yaml, *.yml, *.xcdatamodeld or *.xcdatamodel) and no Swift sources in this folder\n")
        let missing = try Executable.run(["nowhere"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "nowhere: error: no such file or folder\n")
    }

    /// `schemalint .` is the run with no argument spelled out (the Action's default `paths: .`):
    /// a repository with no model, Objective-C only here, has nothing to lint, which is no error.
    /// The same folder named from outside still is one.
    @Test func theCurrentFolderWithoutModelsIsNothingToLint() throws {
        let folder = try TemporaryFolder()
        try folder.write("#import <Foundation/Foundation.h>\n@interface Clock : NSObject\n@end\n", to: "App/Clock.h")
        try folder.write("#import \"Clock.h\"\n@implementation Clock\n@end\n", to: "App/Clock.m")
        for path in [".", "./"] {
            let run = try Executable.run([path], in: folder.url)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr.hasPrefix("schemalint: no model found in "), "\(run.stderr)")
        }
        // `--verbose` says why the code was not read.
        let verbose = try Executable.run(["--verbose", "."], in: folder.url)
        #expect(verbose.stderr.contains("skipped: App/Clock.m (code that names no Core Data or SwiftData API and declares nothing a store's code reaches, so it is not read as store code)\n"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("skipped: App/Clock.h ("), "\(verbose.stderr)")
        let named = try Executable.run(["App"], in: folder.url)
        #expect(named.status == 2)
        #expect(named.stderr.hasPrefix("App: error: no model files"), "\(named.stderr)")
    }

    @Test func strictFailsOnWarnings() throws {
        let folder = try TemporaryFolder()
        // A local parent change is a warning.
        try folder.write("model: M\nversion: 1\nentities:\n  Base: {}\n  Note: {}\n", to: "m/v1.yaml")
        try folder.write("model: M\nversion: 2\nentities:\n  Base: {}\n  Note: {parent: Base}\n", to: "m/v2.yaml")
        let plain = try Executable.run(["m"], in: folder.url)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("warning: entity 'Note' changed its parent from none to 'Base'"))
        let strict = try Executable.run(["m", "--strict"], in: folder.url)
        #expect(strict.status == 1)
    }

    @Test func usageErrorsExitTwo() throws {
        let run = try Executable.run(["examples", "--format", "yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--format"))
        let unknown = try Executable.run(["--frobnicate"])
        #expect(unknown.status == 2)
    }

    @Test func helpIsAManual() throws {
        let run = try Executable.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("EXIT STATUS"))
        #expect(run.stdout.contains("rules"))
        #expect(run.stdout.contains("explain"))
    }

    @Test func explainPrintsTheRulePageFromTheBinary() throws {
        let run = try Executable.run(["explain", "attribute-removed"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("# attribute-removed\n"))
        #expect(run.stdout.contains("## What to do instead"))
        let unknown = try Executable.run(["explain", "attribute-remove"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'attribute-removed'?"))
    }

    @Test func rulesListsEveryRuleWithSeverities() throws {
        let run = try Executable.run(["rules"])
        #expect(run.status == 0)
        let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("attribute-renamed ") })
        #expect(row.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["attribute-renamed", "error", "-"])
        let local = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("migration-path-not-inferable ") })
        #expect(local.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["migration-path-not-inferable", "-", "error"])
        #expect(run.stdout.contains("\nCloudKit model requirements (each version on its own):\n"))
    }

    struct CheckedSample {
        var command: String
        var isExcerpt: Bool
        var block: String
    }

    /// Each fenced block right after a `<!-- checked: ... -->` or `<!-- checked excerpt: ... -->` marker.
    static func checkedSamples(in markdown: String) -> [CheckedSample] {
        var samples: [CheckedSample] = []
        var pending: (String, Bool)?
        var block: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if var current = block {
                if line.hasPrefix("```") {
                    if let (command, excerpt) = pending { samples.append(CheckedSample(command: command, isExcerpt: excerpt, block: current.map { $0 + "\n" }.joined())) }
                    block = nil
                    pending = nil
                } else {
                    current.append(line)
                    block = current
                }
            } else if line.hasPrefix("```") {
                block = []
            } else if line.hasPrefix("<!-- checked"), line.hasSuffix("-->") {
                let inner = line.dropFirst("<!-- checked".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
                let excerpt = inner.hasPrefix("excerpt:")
                let command = inner.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                pending = (command, excerpt)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                pending = nil
            }
        }
        return samples
    }

    /// The contents of each fenced block in `language`.
    static func fencedBlocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var inside: (keeps: Bool, lines: [Substring])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let current = inside {
                if line.hasPrefix("```") {
                    if current.keeps { blocks.append(current.lines.map { $0 + "\n" }.joined()) }
                    inside = nil
                } else {
                    inside?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                inside = (line == "```\(language)", [])
            }
        }
        return blocks
    }

    /// `(command, output)` for each ```console block that starts with `$ schemalint`.
    static func consoleBlocks(in markdown: String) -> [(String, String)] {
        var blocks: [(String, String)] = []
        var lines: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if var current = lines {
                if line.hasPrefix("```") {
                    if let first = current.first, first.hasPrefix("$ schemalint") {
                        blocks.append((String(first.dropFirst(2)), current.dropFirst().map { $0 + "\n" }.joined()))
                    }
                    lines = nil
                } else {
                    current.append(line)
                    lines = current
                }
            } else if line.hasPrefix("```console") {
                lines = []
            }
        }
        return blocks
    }
}

/// Colour only on a terminal, never under NO_COLOR: run under a pseudo-terminal with `script`.
@Suite struct TerminalColourTests {
    static let script = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func runOnATerminal(_ environment: [String: String]) throws -> String {
        let command = "\(Executable.binary.path) examples/notes"
        let run = try Executable.runProgram(try #require(script), ["-qec", command, "/dev/null"], environment: environment)
        return run.stdout
    }

    @Test(.enabled(if: script != nil, "needs script(1) for a pseudo-terminal"))
    func colourOnATerminalUnlessNoColor() throws {
        let coloured = try Self.runOnATerminal([:])
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plain = try Self.runOnATerminal(["NO_COLOR": "1"])
        #expect(plain.contains("error: attribute"))
        #expect(!plain.contains("\u{1B}["))
    }
}

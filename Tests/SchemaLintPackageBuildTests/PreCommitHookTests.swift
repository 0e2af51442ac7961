import Foundation
import Testing
import SchemaLintTestSupport

extension PackageBuilds.FirstLane {
    /// The pre-commit hook (`.pre-commit-hooks.yaml`), run by pre-commit itself against a throwaway git
    /// repository, as a person who added the hook to their `.pre-commit-config.yaml` would: the hook
    /// run on staged files and a real `git commit` refused by the installed hook.
    ///
    /// pre-commit builds the package with `language: swift` (`swift build -c release`), which takes
    /// minutes; every case shares one `PRE_COMMIT_HOME`, so the package is built once per run.
    /// (`pre-commit try-repo` would build it once per call: it keeps its store in a new temporary
    /// folder each time, whatever `PRE_COMMIT_HOME` says. So this test does what try-repo does, once:
    /// it snapshots the package's working tree, uncommitted changes included, into a repository of its
    /// own, and names that repository and commit in the project's `.pre-commit-config.yaml`. Running
    /// `try-repo` itself as well would add a second release build, five minutes of CI, to check the
    /// same hook definition built from the same working tree.)
    @Suite struct PreCommitHookTests {
        /// How to run pre-commit: its script on PATH, or the module of the python3 on PATH.
        static let preCommit: [String]? = [["pre-commit"], ["python3", "-m", "pre_commit"]].first {
            Shell.succeeds($0[0], Array($0.dropFirst()) + ["--version"])
        }
        /// pre-commit's release build of the hook (at the first `run`) leaves out
        /// the Swift readers, as the plugin tests' builds do: linking swift-syntax in release mode takes
        /// minutes more, and this test lints YAML only. It does not optimise either (Package.swift,
        /// SCHEMALINT_UNOPTIMIZED): a quarter of the time, for the same hook definition, build and
        /// findings. (pre-commit runs `swift build` in this environment.)
        static let hookEnvironment = ["SCHEMALINT_WITHOUT_SWIFT_SOURCES": "1", "SCHEMALINT_UNOPTIMIZED": "1"]
        static let toolsAvailable = preCommit != nil && Shell.succeeds("git", ["-C", Executable.packageRoot.path, "rev-parse", "--is-inside-work-tree"])

        @Test(
            .enabled(if: toolsAvailable, "needs git, a git work tree of the package, and pre-commit (python3 -m pip install pre-commit)"),
            .timeLimit(.minutes(30))
        )
        func hookPassesCleanHistoriesAndFailsOnABreakingChange() throws {
            let scratch = try TemporaryFolder()
            let home = try scratch.folder("pre-commit-home")
            let hookRepository = try Self.snapshotPackage(into: try scratch.folder("schemalint"))
            let project = try scratch.folder("app")
            let git = Git(directory: project)

            try git.run("init", "-q")
            try git.run("config", "user.name", "Test")
            try git.run("config", "user.email", "test@example.com")
            try git.run("config", "commit.gpgsign", "false")
            try scratch.write("""
                repos:
                  - repo: \(hookRepository.path)
                    rev: \(hookRepository.commit)
                    hooks:
                      - id: schemalint
                """, to: "app/.pre-commit-config.yaml")
            // Non-model YAML the hook must not pick up: hidden, like every CI configuration.
            try scratch.write("on: push\njobs: {}\n", to: "app/.github/workflows/ci.yml")
            // Non-model YAML that does match `files`: left alone by --skip-non-model-files.
            try scratch.write("services:\n  web: {image: nginx}\n", to: "app/docker-compose.yml")
            try scratch.write(Self.version1, to: "app/models/v1.yaml")
            try scratch.write(Self.version2, to: "app/models/v2.yaml")
            try git.run("add", "-A")
            try git.run("commit", "-q", "-m", "Recipes versions 1 and 2")

            func runHook(_ arguments: String...) throws -> Shell.Result {
                let command = Self.preCommit ?? ["pre-commit"]
                return try Shell.run(command[0], Array(command.dropFirst()) + ["run", "--color", "never"] + arguments,
                                     in: project, environment: Self.hookEnvironment.merging(["PRE_COMMIT_HOME": home]) { $1 })
            }
            let clock = ContinuousClock()

            // 1. A change that keeps every older version working: passes (and builds the hook once).
            try scratch.write(Self.version3Compatible, to: "app/models/v3.yaml")
            try git.run("add", "models/v3.yaml")
            var start = clock.now
            let passing = try runHook("--files", "models/v3.yaml")
            let firstRun = clock.now - start
            #expect(passing.status == 0, "\(passing.output)")
            #expect(passing.output.contains("schemalint"), "\(passing.output)")
            #expect(passing.output.contains("Passed"), "\(passing.output)")
            try git.run("commit", "-q", "-m", "Recipes version 3")

            // 2. A version that removes a synced attribute: the hook fails and shows schemalint's finding,
            //    found by comparing the new file with version 3, which the commit does not touch.
            try scratch.write(Self.version4Breaking, to: "app/models/v4.yaml")
            try git.run("add", "models/v4.yaml")
            start = clock.now
            let failing = try runHook("--files", "models/v4.yaml")
            let secondRun = clock.now - start
            #expect(failing.status == 1, "\(failing.output)")
            #expect(failing.output.contains("Failed"), "\(failing.output)")
            #expect(failing.output.contains("- exit code: 1"), "\(failing.output)")
            #expect(failing.output.contains("models/v4.yaml:"), "\(failing.output)")
            #expect(failing.output.contains("attribute 'Recipe.favorite' was removed"), "\(failing.output)")
            #expect(failing.output.contains("[attribute-removed]"), "\(failing.output)")

            // 2b. Installed as the repository's git hook, it refuses the commit itself.
            let install = try Shell.run(Self.preCommit![0], Array(Self.preCommit!.dropFirst()) + ["install"], in: project, environment: Self.hookEnvironment.merging(["PRE_COMMIT_HOME": home]) { $1 })
            #expect(install.status == 0, "\(install.output)")
            let commitsBefore = try Shell.run("git", ["rev-list", "--count", "HEAD"], in: project).stdout
            let refused = try Shell.run("git", ["commit", "-q", "-m", "Recipes version 4"], in: project, environment: Self.hookEnvironment.merging(["PRE_COMMIT_HOME": home]) { $1 })
            #expect(refused.status != 0, "the commit must be refused: \(refused.output)")
            #expect(refused.output.contains("[attribute-removed]"), "\(refused.output)")
            #expect(try Shell.run("git", ["rev-list", "--count", "HEAD"], in: project).stdout == commitsBefore, "no commit was made")

            // 3. The same staged history, checked as `pre-commit run --all-files` (what CI runs) does too.
            let all = try runHook("--all-files")
            #expect(all.status == 1, "\(all.output)")
            #expect(all.output.contains("[attribute-removed]"), "\(all.output)")

            // 4. A commit that changes only non-model YAML runs the hook, which leaves the file alone.
            try scratch.write("services:\n  web: {image: nginx:1.27}\n", to: "app/docker-compose.yml")
            let composeOnly = try runHook("--files", "docker-compose.yml")
            #expect(composeOnly.status == 0, "\(composeOnly.output)")
            #expect(composeOnly.output.contains("Passed"), "\(composeOnly.output)")

            // 5. A commit that touches no model file (README, CI configuration) does not run the hook.
            try scratch.write("# App\n", to: "app/README.md")
            let skipped = try runHook("--files", "README.md", ".github/workflows/ci.yml", ".pre-commit-config.yaml")
            #expect(skipped.status == 0, "\(skipped.output)")
            #expect(skipped.output.contains("Skipped"), "\(skipped.output)")

            print("PreCommitHookTests: first run (with the release build) \(firstRun), second run \(secondRun)")
        }

        // MARK: - The project's models

        /// A version of the synced Recipes model with the given attribute lines.
        static func recipes(_ version: Int, _ attributes: [String]) -> String {
            "model: Recipes\nversion: \(version)\ncloudkit: true\nentities:\n  Recipe:\n    attributes:\n"
                + attributes.map { "      \($0)\n" }.joined()
        }

        static let title = "title: string"
        static let servings = "servings: {type: int16, optional: false, default: 2}"
        static let favorite = "favorite: {type: boolean, optional: false, default: false}"
        static let rating = "rating: {type: int16, optional: false, default: 0}"

        static let version1 = recipes(1, [title, servings, favorite])
        static let version2 = recipes(2, [title, servings, favorite, rating])
        /// Adds an optional attribute: every older app keeps working.
        static let version3Compatible = recipes(3, [title, servings, favorite, rating, "notes: string"])
        /// Removes `favorite`, which apps on version 3 keep writing to CloudKit.
        static let version4Breaking = recipes(4, [title, servings, rating, "notes: string"])

        // MARK: - The hook's repository

        /// Copies the package's files as they are in the working tree (tracked files and new files git
        /// does not ignore; `.build` and the like stay out) into `folder`, and commits them there.
        static func snapshotPackage(into folder: String) throws -> (path: String, commit: String) {
            let root = Executable.packageRoot
            let listed = try Shell.run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root.path)
            try #require(listed.status == 0, "git ls-files failed in \(root.path): \(listed.output)")
            let files = Set(listed.stdout.split(separator: "\0").map(String.init))
            let manager = FileManager.default
            for file in files.sorted() {
                let source = root.appendingPathComponent(file).path
                guard manager.fileExists(atPath: source) else { continue }  // deleted, not yet committed
                let destination = (folder as NSString).appendingPathComponent(file)
                try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: source, toPath: destination)
            }
            let git = Git(directory: folder)
            try git.run("init", "-q")
            try git.run("add", "-A")
            try git.run("-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false",
                        "commit", "-q", "-m", "snapshot of the working tree")
            let head = try Shell.run("git", ["rev-parse", "HEAD"], in: folder)
            return (folder, head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// git in one folder; a failing command fails the test with git's output.
private struct Git {
    var directory: String

    func run(_ arguments: String...) throws {
        let result = try Shell.run("git", arguments, in: directory)
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")) failed: \(result.output)")
    }
}

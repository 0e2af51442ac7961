import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// What git said about a bundle's history, kept between runs: the same answer as a run without
/// the cache, after new commits, a rewritten history or a broken entry, with git asked about the
/// commits since only.
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct GitHistoryCacheTests {
    /// A repository whose bundle's version names do not settle the order (`Shared` is the oldest),
    /// a cache folder, and a `git` that records each command it runs before running it.
    struct Setup {
        let folder: TemporaryFolder
        var project: XcodeGitOrderTests.Project
        let cache: GitHistoryCache
        let log: String
        let git: GitRunner

        init() throws {
            project = try XcodeGitOrderTests.Project()
            folder = try TemporaryFolder()
            cache = GitHistoryCache(folder: folder.path + "/cache")
            log = folder.path + "/git-commands"
            let script = try folder.writeProgram("#!/bin/sh\necho \"$*\" >> '\(log)'\nexec git \"$@\"\n", to: "git")
            git = GitRunner(program: script)
        }

        /// The git commands run since the last call, one line each, without the `-C folder` part.
        func commands() throws -> [String] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: log)
            return text.split(separator: "\n").map { line in
                String(line.split(separator: " ", maxSplits: 2).last ?? "")
            }
        }

        func answer(cached: Bool) -> [String: GitFileOrigins.Commit] {
            XcodeVersionCommits.read(bundles: [project.bundle], runner: git, cache: cached ? cache : nil)[project.bundle]?.commits ?? [:]
        }
    }

    @Test func aRunAfterTheFirstAsksGitOnlyAboutNewCommits() throws {
        var setup = try Setup()
        try setup.project.commit([("Shared", 1)])
        try setup.project.commit([("0.5", 2)])
        try setup.project.commit([("0.9", 3)], current: "0.9")

        let uncached = setup.answer(cached: false)
        #expect(uncached.keys.sorted() == ["0.5", "0.9", "Shared"])
        _ = try setup.commands()

        // The first run reads the whole history and keeps it.
        #expect(setup.answer(cached: true) == uncached)
        let first = try setup.commands()
        #expect(first.contains { $0.hasPrefix("log ") })
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.cache.folder + "/git-origins")
        #expect(files.count == 1 && files[0].hasSuffix(".json"))

        // Nothing committed since: no log at all.
        #expect(setup.answer(cached: true) == uncached)
        #expect(try setup.commands().allSatisfy { !$0.hasPrefix("log ") })

        // A version committed since: a log of that range alone, and the answer of a whole log.
        let before = try setup.project.repository.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try setup.project.commit([("1.0", 4)], current: "1.0")
        let after = try setup.project.repository.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let incremental = setup.answer(cached: true)
        let logs = try setup.commands().filter { $0.hasPrefix("log ") }
        #expect(logs.count == 1 && logs[0].contains(" \(before)..\(after) "))
        #expect(incremental == setup.answer(cached: false))
        #expect(incremental["1.0"]?.position == 4 && incremental["Shared"]?.position == 1)
    }

    @Test func theLinesCommitsWroteToTheCurrentVersionFileAreKeptAndExtended() throws {
        var setup = try Setup()
        try setup.project.commit([("Shared", 1)], current: "Shared")
        try setup.project.commit([("0.5", 2)])
        try setup.project.commit([("0.9", 3)], current: "0.9")
        let pathspec = [":(literal)App/Notes.xcdatamodeld/.xccurrentversion"]
        let top = setup.project.folder.path
        func lines(cached: Bool) -> GitChangedLines? {
            GitChangedLines.read(pathspec, top: top, runner: setup.git, cache: cached ? setup.cache : nil)
        }
        func logs() throws -> [String] { try setup.commands().filter { $0.hasPrefix("log ") } }

        let uncached = try #require(lines(cached: false))
        #expect(uncached.anyLine(containing: "Shared.xcdatamodel") && uncached.anyLine(containing: "0.9.xcdatamodel"))
        #expect(!uncached.anyLine(containing: "0.5.xcdatamodel"))
        _ = try setup.commands()

        #expect(lines(cached: true) == uncached)
        #expect(try logs().count == 1)
        // HEAD has not moved: no log.
        #expect(lines(cached: true) == uncached)
        #expect(try logs().isEmpty)

        // A commit since: a log of it alone, whose lines join the kept ones.
        let before = try setup.project.repository.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try setup.project.commit([("1.0", 4)], current: "1.0")
        let extended = try #require(lines(cached: true))
        let since = try logs()
        #expect(since.count == 1 && since[0].contains(" \(before)..") && !since[0].contains(" HEAD "))
        #expect(extended == lines(cached: false))
        #expect(extended.anyLine(containing: "1.0.xcdatamodel") && extended.anyLine(containing: "Shared.xcdatamodel"))

        // A history rewritten so that 0.9 was never made current: read whole again.
        try setup.project.repository.git(["reset", "--quiet", "--hard", "HEAD~2"])
        try setup.project.commit([("1.0", 4)], current: "1.0")
        _ = try setup.commands()
        let rewritten = try #require(lines(cached: true))
        #expect(try logs().count == 1)
        #expect(!rewritten.anyLine(containing: "0.9.xcdatamodel") && rewritten == lines(cached: false))
    }

    @Test func aRewrittenHistoryIsReadWhole() throws {
        var setup = try Setup()
        try setup.project.commit([("Shared", 1)])
        try setup.project.commit([("0.5", 2)], current: "0.5")
        _ = setup.answer(cached: true)
        // The last commit replaced by another that adds a version folder under another name.
        try setup.project.repository.git(["reset", "--quiet", "--hard", "HEAD~1"])
        try setup.project.repository.git(["rm", "--quiet", "-r", "--", "App/Notes.xcdatamodeld"])
        try setup.project.commit([("Other", 1), ("0.6", 2)], current: "0.6")
        _ = try setup.commands()

        let answer = setup.answer(cached: true)
        let logs = try setup.commands().filter { $0.hasPrefix("log ") }
        #expect(logs.count == 1 && !logs[0].contains(".."))
        #expect(answer == setup.answer(cached: false))
        #expect(answer.keys.sorted() == ["0.6", "Other"])
    }

    @Test func anEntryThatIsBrokenOrAnswersAnotherQuestionIsNotUsed() throws {
        var setup = try Setup()
        try setup.project.commit([("Shared", 1)])
        try setup.project.commit([("0.5", 2)], current: "0.5")
        let truth = setup.answer(cached: false)
        _ = setup.answer(cached: true)
        let folder = setup.cache.folder + "/git-origins"
        let file = folder + "/" + (try FileManager.default.contentsOfDirectory(atPath: folder)[0])
        let kept = try #require(GitHistoryCache.entry(at: file))

        // The same file answering another repository (a hash collision) is read as missing.
        var other = kept
        other.top = "/elsewhere"
        other.origins.commits = [:]
        try JSONEncoder().encode(other).write(to: URL(fileURLWithPath: file))
        #expect(setup.answer(cached: true) == truth)

        for broken in ["", "{", "[1, 2]", #"{"format": 99}"#] {
            try Data(broken.utf8).write(to: URL(fileURLWithPath: file))
            #expect(setup.answer(cached: true) == truth, "\(broken)")
        }
        #expect(GitHistoryCache.entry(at: file) == kept)
    }

    @Test func theStandardFolderFollowsTheEnvironment() {
        #if !os(macOS)
        #expect(GitHistoryCache.standard(environment: ["HOME": "/home/a"])?.folder == "/home/a/.cache/schemalint")
        #expect(GitHistoryCache.standard(environment: ["HOME": "/home/a", "XDG_CACHE_HOME": "/xdg"])?.folder == "/xdg/schemalint")
        // A relative XDG_CACHE_HOME is invalid by the specification, and ignored.
        #expect(GitHistoryCache.standard(environment: ["HOME": "/home/a", "XDG_CACHE_HOME": "xdg"])?.folder == "/home/a/.cache/schemalint")
        #endif
        #expect(GitHistoryCache.standard(environment: [:]) == nil)
        #expect(GitHistoryCache.hash("") == "cbf29ce484222325")
        #expect(GitHistoryCache.hash("a") == "af63dc4c8601ec8c")
    }

    /// Through the executable: `--cache-path` keeps an entry and a second run prints the same;
    /// `--no-cache` keeps nothing.
    @Test func theExecutableKeepsItsCacheWhereItIsTold() throws {
        var setup = try Setup()
        try setup.project.commit([("Shared", 1)])
        try setup.project.commit([("Cloud", 2)])
        try setup.project.commit([("Cloud 2", 3)], current: "Cloud 2")
        let folder = setup.project.folder.url
        let cachePath = setup.folder.path + "/told"

        let uncached = try Executable.run(["App/Notes.xcdatamodeld", "--no-cache"], in: folder, environment: ["XDG_CACHE_HOME": setup.folder.path + "/xdg"])
        #expect(uncached.status == 0 && uncached.stdout.contains("[version-order-from-git]"), "\(uncached.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.folder.path + "/xdg"))

        for _ in 1...2 {
            let run = try Executable.run(["App/Notes.xcdatamodeld", "--cache-path", cachePath], in: folder)
            #expect(run.stdout == uncached.stdout && run.status == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cachePath + "/git-origins").count == 1)

        let standard = try Executable.run(["App/Notes.xcdatamodeld"], in: folder, environment: ["XDG_CACHE_HOME": setup.folder.path + "/xdg"])
        #expect(standard.stdout == uncached.stdout)
        #expect(FileManager.default.fileExists(atPath: setup.folder.path + "/xdg/schemalint/git-origins"))

        let both = try Executable.run(["App/Notes.xcdatamodeld", "--no-cache", "--cache-path", cachePath], in: folder)
        #expect(both.status != 0 && both.stderr.contains("--no-cache keeps nothing"))
    }

    /// Which release tags the history lacks, kept between runs: after new commits (a branch
    /// merged since, whose tag the history now has) git is asked about the commits since only,
    /// a tag made since is asked about alone, and a history rewritten since is walked again;
    /// each answer is the one a run without the cache gives.
    @Test func whatTheHistoryLacksOfTheTagsIsKeptAndUpdated() throws {
        let setup = try Setup()
        var repository = setup.project.repository
        let top = repository.path
        func head() throws -> String { try repository.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines) }
        func lacking(_ tips: Set<String>, cached: Bool) -> Set<String>? {
            let answer = cached ? setup.cache.lacking(tips, top: top, revision: "HEAD", runner: setup.git) : GitReleaseTags.lacking(tips, top: top, revision: "HEAD", runner: setup.git)
            guard case .success(let found)? = answer else { return nil }
            return found
        }
        try repository.commit("first")
        let released = try head()
        try repository.git(["checkout", "--quiet", "-b", "side"])
        try repository.commit("on the side")
        let side = try head()
        try repository.git(["checkout", "--quiet", "main"])
        try repository.commit("second")
        #expect(lacking([released, side], cached: false) == [side])
        _ = try setup.commands()
        #expect(lacking([released, side], cached: true) == [side])
        #expect(try setup.commands().contains { $0.hasPrefix("rev-list --stdin") })

        // The side branch merged: its commit is no longer lacking, found from the commits since.
        try repository.git(["merge", "--quiet", "--no-edit", "--no-ff", "side"], dates: "1704800000 +0000")
        #expect(lacking([released, side], cached: false) == [])
        _ = try setup.commands()
        #expect(lacking([released, side], cached: true) == [])
        let since = try setup.commands()
        #expect(since.contains { $0.hasPrefix("rev-list ") && $0.contains("..") } && !since.contains { $0.hasPrefix("rev-list --stdin") }, "\(since)")

        // A commit tagged since, on a branch of its own: asked about alone.
        try repository.git(["checkout", "--quiet", "-b", "experiment"])
        try repository.commit("experiment")
        let experiment = try head()
        try repository.git(["checkout", "--quiet", "main"])
        #expect(lacking([released, side, experiment], cached: true) == [experiment])
        #expect(lacking([released, side, experiment], cached: false) == [experiment])

        // The history rewritten: main back before the merge, the side branch lacking again.
        try repository.git(["reset", "--quiet", "--hard", released])
        _ = try setup.commands()
        #expect(lacking([released, side, experiment], cached: true) == [side, experiment])
        #expect(try setup.commands().contains { $0.hasPrefix("rev-list --stdin") })
        #expect(lacking([released, side, experiment], cached: false) == [side, experiment])
    }

    /// What a bundle's folder held at each release tag, kept by tag object: a later run asks git
    /// nothing about the tags it read before, only about a tag made since, and reads what a run
    /// without the cache reads. A tag moved to another commit is another object, asked again.
    @Test func aBundlesTreeAtEachTagIsKeptByTagObject() throws {
        var setup = try Setup()
        let repository = setup.project.repository
        let top = repository.path
        try setup.project.commit([("Notes", 1)], current: "Notes")
        try repository.tag("v1.0")
        try setup.project.commit([("Notes 2", 2)], current: "Notes 2")
        try repository.tag("v1.1", annotated: true)
        func objects(_ names: [String]) throws -> [String] {
            try names.map { try repository.git(["rev-parse", "refs/tags/\($0)"]).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        func read(_ names: [String], cached: Bool, labels: [String] = ["Notes", "Notes 2", "Notes 3"]) throws -> [String] {
            let reading = BundleAtTags(runner: setup.git, top: top, bundle: "App/Notes.xcdatamodeld", tags: names, objects: try objects(names), cache: cached ? setup.cache : nil)
            return reading.read(labels: labels).map { held in
                held.folder + " " + held.versions.keys.sorted().joined(separator: ",") + " current " + (held.currentVersion ?? "-")
            }
        }
        // The git questions since the last call: trees at tags (`--batch-check`), and objects read
        // (`--batch`: the bundle's trees, their version folders, current-version files).
        func questions() throws -> (checks: Int, reads: Int) {
            let commands = try setup.commands()
            return (commands.filter { $0.hasPrefix("cat-file --batch-check") }.count, commands.filter { $0 == "cat-file --batch" }.count)
        }

        let uncached = try read(["v1.0", "v1.1"], cached: false)
        #expect(uncached == ["App/Notes.xcdatamodeld Notes current Notes", "App/Notes.xcdatamodeld Notes,Notes 2 current Notes 2"])
        _ = try setup.commands()
        #expect(try read(["v1.0", "v1.1"], cached: true) == uncached)
        #expect(try questions() == (1, 3))
        #expect(try read(["v1.0", "v1.1"], cached: true) == uncached)
        #expect(try questions() == (0, 0))
        // Versions asked about are picked from what was kept: none read again.
        #expect(try read(["v1.0", "v1.1"], cached: true, labels: ["Notes 2"]) == ["App/Notes.xcdatamodeld  current Notes", "App/Notes.xcdatamodeld Notes 2 current Notes 2"])
        #expect(try questions() == (0, 0))

        // A tag made since is asked about alone (one tree more); one moved is asked about again.
        try setup.project.commit([("Notes 3", 3)], current: "Notes 3")
        try repository.tag("v1.2")
        let three = try read(["v1.0", "v1.1", "v1.2"], cached: true)
        #expect(try questions() == (1, 3))
        #expect(three == (try read(["v1.0", "v1.1", "v1.2"], cached: false)))
        #expect(three.last == "App/Notes.xcdatamodeld Notes,Notes 2,Notes 3 current Notes 3")
        _ = try setup.commands()
        // Moved to the commit under the annotated `v1.1`: an object not asked about before, whose
        // tree is one read already.
        try repository.git(["tag", "--force", "v1.0", "HEAD~1"])
        #expect(try read(["v1.0", "v1.1", "v1.2"], cached: true).first == "App/Notes.xcdatamodeld Notes,Notes 2 current Notes 2")
        #expect(try questions() == (1, 0))
    }

    @Test func keptBundleTreesReadBackAsWritten() throws {
        let header = [BundleTreesText.header, "/top", "App/Notes.xcdatamodeld"]
        let trees = [
            "a1": GitHistoryCache.BundleTree(versions: ["Notes": "b1", "Notes 2": "b2"], currentVersion: "Notes 2"),
            "a2": GitHistoryCache.BundleTree(versions: ["Notes": "b1"], currentVersion: nil),
            "a3": GitHistoryCache.BundleTree(versions: [:], currentVersion: nil),
        ]
        let data = try #require(BundleTreesText.encode(trees, header: header))
        #expect(BundleTreesText.decode(data, header: header) == trees)
        // The pair both trees hold is written once.
        #expect(String(decoding: data, as: UTF8.self).components(separatedBy: "P\tNotes\tb1").count == 2)
        // Another question's file answers nothing.
        #expect(BundleTreesText.decode(data, header: [BundleTreesText.header, "/other", "App/Notes.xcdatamodeld"]) == nil)
        // A name no line can hold leaves its tree out, to be read again.
        var odd = trees
        odd["a4"] = GitHistoryCache.BundleTree(versions: ["Tab\tName": "b3"], currentVersion: nil)
        #expect(BundleTreesText.decode(try #require(BundleTreesText.encode(odd, header: header)), header: header) == trees)
        // A damaged file is no answer.
        #expect(BundleTreesText.decode(Data((header + ["T\ta1\t\t7"]).joined(separator: "\n").utf8), header: header) == nil)
    }

    /// A question about HEAD's history is put to git once while HEAD stays where it is; on a new
    /// commit it is asked again, and its answer takes the old one's place.
    @Test func answersAboutACommitAreKeptUntilHeadMoves() throws {
        let setup = try Setup()
        var repository = try GitRepository(at: try setup.folder.folder("repository"))
        try setup.folder.write("1.0\n", to: "repository/VERSION")
        try repository.commit("first")
        try setup.folder.write("1.1\n", to: "repository/VERSION")
        try repository.commit("second")
        let top = PathResolution.canonical(repository.path)
        func oldestChange() throws -> String? {
            let git = try #require(CommitQuestions(top: top, runner: setup.git, cache: setup.cache))
            return git.run(["log", "--reverse", "--format=%s", git.commit, "--", "VERSION"]).map(\.text)
        }
        #expect(try oldestChange() == "first\nsecond\n")
        #expect(try setup.commands().contains { $0.hasPrefix("log ") })
        #expect(try oldestChange() == "first\nsecond\n")
        #expect(try setup.commands().allSatisfy { !$0.hasPrefix("log ") })

        try setup.folder.write("1.2\n", to: "repository/VERSION")
        try repository.commit("third")
        #expect(try oldestChange() == "first\nsecond\nthird\n")
        #expect(try setup.commands().contains { $0.hasPrefix("log ") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.folder + "/git-answers").count == 1)

        // A kept answer of another format, or damaged, is asked again.
        let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: setup.cache.folder + "/git-answers").first)
        try Data("schemalint-git-answer 0\nstale".utf8).write(to: URL(fileURLWithPath: setup.cache.folder + "/git-answers/" + kept))
        #expect(try oldestChange() == "first\nsecond\nthird\n")
        #expect(try setup.commands().contains { $0.hasPrefix("log ") })
        // Without a cache nothing is kept.
        let uncached = try #require(CommitQuestions(top: top, runner: setup.git, cache: nil))
        #expect(uncached.run(["rev-parse", uncached.commit])?.succeeded == true)
    }

    /// Which tags hold a release's commit (`for-each-ref --contains`, asked where a hotfix
    /// `3.1.11` was tagged before `3.1.2`) is put to git once while the tags stay as they are; a
    /// tag made since asks again. Each answer is the one a run without the cache gives.
    @Test func whichTagsHoldACommitIsKeptUntilTheTagsChange() throws {
        let setup = try Setup()
        var repository = try GitRepository(at: try setup.folder.folder("repository"))
        for release in ["3.1.1", "3.1.11", "3.1.2"] {
            try setup.folder.write("\(release)\n", to: "repository/VERSION")
            try repository.commit(release)
            try repository.tag(release)
        }
        let top = PathResolution.canonical(repository.path)
        func releases(cached: Bool) -> [String]? {
            guard case .success(let tags)? = GitReleaseTags.read(matching: "*", mergedInto: "HEAD", top: top, runner: setup.git, cache: cached ? setup.cache : nil) else { return nil }
            return tags.tags.map(\.name)
        }
        func askedWhichRefsHold() throws -> Bool { try setup.commands().contains { $0.hasPrefix("for-each-ref --contains") } }
        #expect(releases(cached: false) == ["3.1.1", "3.1.11", "3.1.2"])
        #expect(try askedWhichRefsHold())
        #expect(releases(cached: true) == ["3.1.1", "3.1.11", "3.1.2"])
        #expect(try askedWhichRefsHold())
        #expect(releases(cached: true) == ["3.1.1", "3.1.11", "3.1.2"])
        #expect(try !askedWhichRefsHold())

        // 3.1.10, tagged since on 3.1.1's commit, changes the answer: asked again. The two tags
        // are one release, under the name the order puts last.
        _ = try repository.git(["tag", "3.1.10", "HEAD~2"])
        #expect(releases(cached: true) == ["3.1.10", "3.1.11", "3.1.2"])
        #expect(try askedWhichRefsHold())
        #expect(releases(cached: false) == ["3.1.10", "3.1.11", "3.1.2"])
    }

    /// Which release branches hold a release tagged on them is asked of those branches alone: a
    /// commit on the mainline moves none of them, and the kept answer stands; a repository with
    /// no branch named for releases walks no history for it.
    @Test func whichReleaseBranchesHoldATagIsKeptWhileTheyStay() throws {
        let setup = try Setup()
        var repository = try GitRepository(at: try setup.folder.folder("repository"))
        try setup.folder.write("1.0\n", to: "repository/VERSION")
        try repository.commit("1.0")
        try repository.tag("v1.0")
        try setup.folder.write("1.1\n", to: "repository/VERSION")
        try repository.commit("towards 1.1")
        _ = try repository.git(["checkout", "--quiet", "-b", "spike"])
        try setup.folder.write("1.1\nspike\n", to: "repository/VERSION")
        try repository.commit("1.1 spike")
        try repository.tag("v1.1")
        _ = try repository.git(["checkout", "--quiet", "main"])
        let top = PathResolution.canonical(repository.path)
        func releases() -> [String]? {
            guard case .success(let tags)? = GitReleaseTags.read(matching: "*", mergedInto: "HEAD", top: top, runner: setup.git, cache: setup.cache) else { return nil }
            return tags.tags.map(\.name)
        }
        func askedWhichBranchesHold() throws -> Bool { try setup.commands().contains { $0.hasPrefix("for-each-ref --contains") && $0.contains("refs/heads") } }
        // On a branch of another name v1.1 is no release, and no branch is asked about.
        #expect(releases() == ["v1.0"])
        #expect(try !askedWhichBranchesHold())

        _ = try repository.git(["branch", "--quiet", "-m", "spike", "release-1.1.x"])
        #expect(releases() == ["v1.0", "v1.1"])
        #expect(try askedWhichBranchesHold())
        #expect(releases() == ["v1.0", "v1.1"])
        #expect(try !askedWhichBranchesHold())

        // A commit on the mainline leaves the release branch where it was.
        try setup.folder.write("# notes\n", to: "repository/README.md")
        try repository.commit("readme")
        #expect(releases() == ["v1.0", "v1.1"])
        #expect(try !askedWhichBranchesHold())
    }
}

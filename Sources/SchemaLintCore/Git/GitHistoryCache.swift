import Foundation

/// Keeps what one `git log` over a repository's model files found (`GitFileOrigins`), by
/// repository, pathspec and revision, with the commit it read up to. Walking a long history is most
/// of what a run in a big repository costs (0.6 s in 50,000 commits) while its answer changes only
/// with the commits since: the next run asks git about those alone, and nothing when the revision
/// has not moved, as between two runs of a pre-commit hook. A history rewritten since (a rebase, a
/// force-push) or an entry that cannot be read means one full log, as without a cache. One file per
/// entry, written atomically, so runs side by side never see half of one.
package struct GitHistoryCache: Sendable, Hashable {
    /// The folder holding the entries (created when the first is written).
    package var folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// The user's cache folder for schemalint: `~/Library/Caches/schemalint` on macOS,
    /// `$XDG_CACHE_HOME/schemalint` or `~/.cache/schemalint` elsewhere; nil without a home folder.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> GitHistoryCache? {
        #if os(macOS)
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return GitHistoryCache(folder: "\(home)/Library/Caches/schemalint")
        #else
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return GitHistoryCache(folder: "\(base)/schemalint") }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return GitHistoryCache(folder: "\(home)/.cache/schemalint")
        #endif
    }

    /// One kept answer.
    package struct Entry: Codable, Equatable {
        /// Bumped when what an entry means changes, so older entries are read as missing.
        static let currentFormat = 4
        var format = Entry.currentFormat
        package var top: String
        var pathspec: [String]
        /// The revision as asked (`HEAD`, a tag, `--against`'s), and the commit it was then.
        var revision: String
        var commit: String
        package var origins: GitFileOrigins
    }

    /// What `git log` over `pathspec` in the history of `revision` (nil: HEAD) finds, from the kept
    /// answer and the commits since, or from one whole log when there is none to build on. Nil
    /// when git is missing; git's message when it could not read the repository.
    func origins(of pathspec: [String], top: String, revision: String?, runner: GitRunner, walk: GitFileOrigins.Walk = .everyCommitButMerges) -> Result<GitFileOrigins, GitFailure>? {
        let asked = revision ?? "HEAD"
        // No commit to key it by (no commits yet, an unknown revision): git's own answer, uncached.
        guard let commit = Self.commit(of: asked, top: top, runner: runner) else {
            return GitFileOrigins.log(pathspec, top: top, range: revision, runner: runner, walk: walk)
        }
        // The mainline's log is another question (`GitFileOrigins.Walk`).
        let question = (walk == .mainline ? ["--first-parent"] : []) + pathspec
        let file = path(top: top, pathspec: question, revision: asked)
        let kept = Self.entry(at: file).flatMap { $0.top == top && $0.pathspec == question && $0.revision == asked ? $0 : nil }
        if let kept, kept.commit == commit { return .success(kept.origins) }
        let result: Result<GitFileOrigins, GitFailure>?
        if let kept, Self.isAncestor(kept.commit, of: commit, top: top, runner: runner) {
            result = GitFileOrigins.log(pathspec, top: top, range: "\(kept.commit)..\(commit)", continuing: kept.origins, runner: runner, walk: walk)
        } else {
            result = GitFileOrigins.log(pathspec, top: top, range: commit, runner: runner, walk: walk)
        }
        if case .success(let origins)? = result {
            store(Entry(top: top, pathspec: question, revision: asked, commit: commit, origins: origins), at: file)
        }
        return result
    }

    /// What one `rev-list` found of a set of commits (the release tags' and the branches their
    /// merges brought in): which of them the revision's history lacks.
    package struct ReachEntry: Codable, Equatable {
        static let currentFormat = 1
        var format = ReachEntry.currentFormat
        var top: String
        var revision: String
        var commit: String
        /// The commits asked about, and those of them the commit's history lacks.
        var asked: [String]
        var lacking: [String]
    }

    /// Which of `commits` the history of `revision` lacks (`GitReleaseTags.lacking`), from the
    /// kept answer where there is one: a commit the revision had then it still has, so only the
    /// commits since (one short `rev-list`) and the commits not asked about before (a tag made
    /// since, near the top of the history) are put to git, not the whole history again. Nil when
    /// git is missing.
    package func lacking(_ commits: Set<String>, top: String, revision: String, runner: GitRunner) -> Result<Set<String>, GitFailure>? {
        guard let commit = Self.commit(of: revision, top: top, runner: runner) else {
            return GitReleaseTags.lacking(commits, top: top, revision: revision, runner: runner)
        }
        let file = (folder as NSString).appendingPathComponent("git-tags/\(Self.hash([top, revision].joined(separator: "\u{0}"))).json")
        let kept = (FileManager.default.contents(atPath: file).flatMap { try? JSONDecoder().decode(ReachEntry.self, from: $0) })
            .flatMap { $0.format == ReachEntry.currentFormat && $0.top == top && $0.revision == revision ? $0 : nil }
        var known: Set<String> = []
        var stillLacking: Set<String> = []
        if let kept, kept.commit == commit || Self.isAncestor(kept.commit, of: commit, top: top, runner: runner) {
            known = commits.intersection(kept.asked)
            stillLacking = known.intersection(kept.lacking)
            if kept.commit != commit, !stillLacking.isEmpty {
                guard let since = runner.run(["rev-list", "\(kept.commit)..\(commit)"], in: top), since.succeeded else {
                    return GitReleaseTags.lacking(commits, top: top, revision: commit, runner: runner)
                }
                stillLacking.subtract(since.text.split(separator: "\n").map(String.init))
            }
        }
        let new = commits.subtracting(known)
        var lacking = stillLacking
        if !new.isEmpty || known.isEmpty {
            guard let answer = GitReleaseTags.lacking(new, top: top, revision: commit, runner: runner) else { return nil }
            guard case .success(let found) = answer else { return answer }
            lacking.formUnion(found)
        }
        let entry = ReachEntry(top: top, revision: revision, commit: commit, asked: commits.sorted(), lacking: lacking.sorted())
        if kept != entry, let data = try? JSONEncoder().encode(entry) {
            Self.keep(data, at: file)
        }
        return .success(lacking)
    }

    /// What the commits of HEAD's history changed in some files, up to the commit it was read at.
    package struct ChangedLinesEntry: Codable, Equatable {
        static let currentFormat = 1
        var format = ChangedLinesEntry.currentFormat
        var top: String
        var pathspec: [String]
        var commit: String
        /// Sorted, so that the same answer is the same file.
        var lines: [String]
    }

    /// `GitChangedLines` of HEAD's history, from the kept answer where there is one: a history
    /// that only grew since adds the lines of the commits since (none when HEAD has not moved, as
    /// between two runs of a pre-commit hook); one rewritten since is read whole again.
    package func changedLines(of pathspec: [String], top: String, runner: GitRunner) -> GitChangedLines? {
        guard let commit = Self.commit(of: "HEAD", top: top, runner: runner) else {
            return GitChangedLines.log(pathspec, top: top, range: "HEAD", runner: runner)
        }
        let file = (folder as NSString).appendingPathComponent("git-lines/\(Self.hash(([top] + pathspec).joined(separator: "\u{0}"))).json")
        let kept = FileManager.default.contents(atPath: file).flatMap { try? JSONDecoder().decode(ChangedLinesEntry.self, from: $0) }
            .flatMap { $0.format == ChangedLinesEntry.currentFormat && $0.top == top && $0.pathspec == pathspec ? $0 : nil }
        if let kept, kept.commit == commit { return GitChangedLines(lines: Set(kept.lines)) }
        let changed: GitChangedLines
        if let kept, Self.isAncestor(kept.commit, of: commit, top: top, runner: runner) {
            guard let since = GitChangedLines.log(pathspec, top: top, range: "\(kept.commit)..\(commit)", runner: runner) else { return nil }
            changed = GitChangedLines(lines: since.lines.union(kept.lines))
        } else {
            guard let whole = GitChangedLines.log(pathspec, top: top, range: commit, runner: runner) else { return nil }
            changed = whole
        }
        if let data = try? JSONEncoder().encode(ChangedLinesEntry(top: top, pathspec: pathspec, commit: commit, lines: changed.lines.sorted())) {
            Self.keep(data, at: file)
        }
        return changed
    }

    /// What a folder held at each of a set of tag objects: the tree there, or none.
    package struct FolderTreesEntry: Codable, Equatable {
        static let currentFormat = 1
        var format = FolderTreesEntry.currentFormat
        var top: String
        var folder: String
        /// By tag object (or a lightweight tag's commit): the folder's tree there, "" for none.
        var trees: [String: String]
    }

    /// The tree `folder` is at each of `objects` (tag objects, or commits): a tag object names one
    /// tree at a path for good, so an answer once read holds for every later run, and `read` is
    /// asked only about the objects not answered before (the tags made since). `read` answers in
    /// order, nil for none there, or is nil itself when git could not answer: nothing is kept then.
    package func trees(of folder: String, at objects: [String], top: String, read: ([String]) -> [String?]?) -> [String?]? {
        let file = (self.folder as NSString).appendingPathComponent("git-trees/\(Self.hash([top, folder].joined(separator: "\u{0}"))).json")
        let kept = FileManager.default.contents(atPath: file).flatMap { try? JSONDecoder().decode(FolderTreesEntry.self, from: $0) }
            .flatMap { $0.format == FolderTreesEntry.currentFormat && $0.top == top && $0.folder == folder ? $0 : nil }
        var trees = kept?.trees ?? [:]
        let unknown = Array(Set(objects.filter { trees[$0] == nil })).sorted()
        if !unknown.isEmpty {
            guard let answers = read(unknown), answers.count == unknown.count else { return nil }
            for (object, tree) in zip(unknown, answers) { trees[object] = tree ?? "" }
            if let data = try? JSONEncoder().encode(FolderTreesEntry(top: top, folder: folder, trees: trees)) {
                Self.keep(data, at: file)
            }
        }
        return objects.map { object in trees[object].flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// What a bundle's folder holds in one tree: the blob of each version's `contents` (Xcode 3's
    /// `elements` where it has none), by version name, and the version its `.xccurrentversion` names.
    package struct BundleTree: Equatable, Sendable {
        package var versions: [String: String]
        package var currentVersion: String?

        package init(versions: [String: String], currentVersion: String?) {
            self.versions = versions
            self.currentVersion = currentVersion
        }
    }

    /// What each of `trees` (trees `folder` had) holds: a tree object's contents never change, so
    /// an answer once read holds for every later run, and `read` is asked only about the trees not
    /// answered before (those of the tags made since). `read` answers for the trees it could read.
    /// Kept as text rather than JSON: the trees of hundreds of releases name ten thousand versions,
    /// mostly the same few hundred, which a pair table writes once and a JSON decoder would read at
    /// about the cost of asking git again.
    package func bundleTrees(_ trees: [String], top: String, folder: String, read: ([String]) -> [String: BundleTree]) -> [String: BundleTree] {
        let file = (self.folder as NSString).appendingPathComponent("git-bundle-trees/\(Self.hash([top, folder].joined(separator: "\u{0}"))).txt")
        let header = [BundleTreesText.header, top, folder]
        var known = FileManager.default.contents(atPath: file).flatMap { BundleTreesText.decode($0, header: header) } ?? [:]
        let unknown = Array(Set(trees.filter { known[$0] == nil })).sorted()
        if !unknown.isEmpty {
            let answers = read(unknown)
            known.merge(answers) { _, new in new }
            if !answers.isEmpty, let data = BundleTreesText.encode(known, header: header) {
                Self.keep(data, at: file)
            }
        }
        let asked = Set(trees)
        return known.filter { asked.contains($0.key) }
    }

    /// A git answer kept for `CommitQuestions`: the question as asked, and what git printed.
    /// The file is named by the question with the commit left out, so that the answer on the next
    /// commit takes its place rather than piling up beside it.
    package func answer(to arguments: [String], about commit: String, top: String, ask: () -> GitRunner.Output?) -> GitRunner.Output? {
        let question = ([top] + arguments).joined(separator: "\u{0}")
        let shape = ([top] + arguments.map { $0.replacingOccurrences(of: commit, with: "HEAD") }).joined(separator: "\u{0}")
        let file = (folder as NSString).appendingPathComponent("git-answers/\(Self.hash(shape)).txt")
        return Self.keptAnswer(in: file, header: Data("\(Self.answerFormat)\n\(question)\n".utf8), ask: ask)
    }

    /// A git answer kept for `RefQuestions`: the question and a hash of the refs' listing head
    /// the file, so that a tag made since makes the kept answer unread and the next one takes
    /// its place.
    package func answer(to arguments: [String], underRefs refs: String, top: String, ask: () -> GitRunner.Output?) -> GitRunner.Output? {
        let question = ([top] + arguments).joined(separator: "\u{0}")
        let file = (folder as NSString).appendingPathComponent("git-refs/\(Self.hash(question)).txt")
        return Self.keptAnswer(in: file, header: Data("\(Self.refsAnswerFormat)\n\(Self.hash(refs)) \(refs.utf8.count)\n\(question)\n".utf8), ask: ask)
    }

    private static let refsAnswerFormat = "schemalint-git-refs-answer 1"

    /// What git printed, from `file` where it starts with `header` (which names the question and
    /// whatever the answer depends on), else from `ask`, kept there where it succeeded.
    private static func keptAnswer(in file: String, header: Data, ask: () -> GitRunner.Output?) -> GitRunner.Output? {
        if let kept = FileManager.default.contents(atPath: file), kept.starts(with: header) {
            return GitRunner.Output(status: 0, standardOutput: Data(kept.dropFirst(header.count)), standardError: "")
        }
        let output = ask()
        if let output, output.succeeded { keep(header + output.standardOutput, at: file) }
        return output
    }

    /// What a reading of the files at a commit or tag object made, kept as the caller encoded it
    /// under `key` (which names the object and whatever else the reading depends on): such files
    /// never change, so a reading once kept holds for every later run. `read` is asked when none
    /// is kept; nil from it keeps nothing.
    package func reading(about key: [String], read: () -> Data?) -> Data? {
        let question = key.joined(separator: "\u{0}")
        let file = (folder as NSString).appendingPathComponent("git-readings/\(Self.hash(question)).json")
        // The key may hold any character but NUL: its parts are counted and each ends at a NUL.
        let header = Data("\(Self.readingFormat)\n\(key.count)\n\(question)\u{0}".utf8)
        if let kept = FileManager.default.contents(atPath: file), kept.starts(with: header) {
            return Data(kept.dropFirst(header.count))
        }
        guard let data = read() else { return nil }
        Self.keep(header + data, at: file)
        return data
    }

    private static let readingFormat = "schemalint-git-reading 1"

    /// The first line of a kept answer: a change in what answers hold makes older ones unread.
    private static let answerFormat = "schemalint-git-answer 1"

    /// The entry file of one question: a hash of it names the file, and the entry repeats the
    /// question so that two questions with one hash never answer each other.
    func path(top: String, pathspec: [String], revision: String) -> String {
        let key = ([top, revision] + pathspec).joined(separator: "\u{0}")
        return (folder as NSString).appendingPathComponent("git-origins/\(Self.hash(key)).json")
    }

    /// FNV-1a, 64 bits, in hex: stable across runs and platforms (Swift's `Hasher` is seeded per process).
    package static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package static func entry(at path: String) -> Entry? {
        guard let data = FileManager.default.contents(atPath: path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.format == Entry.currentFormat else { return nil }
        return entry
    }

    /// Writes the entry; a cache that cannot be written only costs the next run a whole log.
    private func store(_ entry: Entry, at path: String) {
        guard let data = try? JSONEncoder().encode(entry) else { return }
        Self.keep(data, at: path)
    }

    /// Writes an entry's file atomically, making its folder first: a cache that cannot be written
    /// only costs the next run what this one asked git.
    private static func keep(_ data: Data, at file: String) {
        try? FileManager.default.createDirectory(atPath: PathResolution.parent(of: file), withIntermediateDirectories: true)
        try? AtomicFileWriter.write(data, to: file, force: true)
    }

    /// The full id of the commit `revision` names; nil when it names none.
    package static func commit(of revision: String, top: String, runner: GitRunner) -> String? {
        guard !revision.hasPrefix("-"), let output = runner.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: top),
              output.succeeded else { return nil }
        let id = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return id.isEmpty ? nil : id
    }

    private static func isAncestor(_ older: String, of newer: String, top: String, runner: GitRunner) -> Bool {
        runner.run(["merge-base", "--is-ancestor", older, newer], in: top)?.status == 0
    }
}

/// The text form of kept bundle trees: the header lines, then a table of the distinct
/// version-and-blob pairs (`P<TAB>name<TAB>blob`), then a line per tree naming its current version
/// and its pairs by their places in the table (`T<TAB>tree<TAB>current<TAB>0 1 2`).
package enum BundleTreesText {
    package static let header = "schemalint bundle trees 2"

    package static func encode(_ trees: [String: GitHistoryCache.BundleTree], header: [String]) -> Data? {
        func plain(_ text: String) -> Bool { !text.contains("\t") && !text.contains("\n") }
        guard header.allSatisfy(plain) else { return nil }
        var pairs: [String: Int] = [:]
        var lines = header
        var treeLines: [String] = []
        // A name no line can hold is left out with its tree, which is then read from git each run.
        for tree in trees.keys.sorted() {
            guard let held = trees[tree], plain(tree), held.versions.keys.allSatisfy(plain), plain(held.currentVersion ?? "") else { continue }
            var places: [String] = []
            for (name, blob) in held.versions.sorted(by: { $0.key < $1.key }) {
                let pair = name + "\t" + blob
                let place = pairs[pair] ?? {
                    lines.append("P\t" + pair)
                    return pairs.count
                }()
                pairs[pair] = place
                places.append(String(place))
            }
            treeLines.append("T\t\(tree)\t\(held.currentVersion ?? "")\t\(places.joined(separator: " "))")
        }
        return Data((lines + treeLines).joined(separator: "\n").utf8)
    }

    /// Nil where the text is not of this form or answers another question (`header`).
    package static func decode(_ data: Data, header: [String]) -> [String: GitHistoryCache.BundleTree]? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= header.count, zip(lines, header).allSatisfy({ $0 == $1 }) else { return nil }
        var pairs: [(name: String, blob: String)] = []
        var trees: [String: GitHistoryCache.BundleTree] = [:]
        for line in lines.dropFirst(header.count) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "P" {
                pairs.append((String(fields[1]), String(fields[2])))
            } else if fields.count == 4, fields[0] == "T" {
                var versions: [String: String] = [:]
                for place in fields[3].split(separator: " ") {
                    guard let index = Int(place), pairs.indices.contains(index) else { return nil }
                    versions[pairs[index].name] = pairs[index].blob
                }
                trees[String(fields[1])] = GitHistoryCache.BundleTree(versions: versions, currentVersion: fields[2].isEmpty ? nil : String(fields[2]))
            } else {
                return nil
            }
        }
        return trees
    }
}

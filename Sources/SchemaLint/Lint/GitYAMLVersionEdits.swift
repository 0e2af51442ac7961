import Foundation
import SchemaLintCore
import SchemaLintYAML

/// What `GitVersionEdits` sees in a bundle, for a model of several YAML files: without a record of
/// what shipped, an older version's file edited after the newest version's file was added (or in
/// the commit that added it, or in the working tree since) is compared with itself as it was
/// when the newest came. Adding a version is what a team does when the one before shipped.
extension GitVersionEdits {
    /// Lock entries for the older versions of the YAML models of `histories` (those of two
    /// versions or more, of models not in `skipping`) edited since their newest version came.
    func entries(yamlHistories histories: [ModelHistory], skipping models: Set<String>) -> [VersionLock.Entry] {
        let checked = histories.filter { history in
            !models.contains(history.model) && history.versions.count > 1
                && history.versions.allSatisfy { $0.format == .yaml && $0.releaseTag == nil }
        }
        var questions: [String: CommitQuestions] = [:]
        return checked.flatMap { history -> [VersionLock.Entry] in
            guard let top = GitWorkTree.root(containing: history.versions[0].file), !GitWorkTree.isShallow(top: top) else { return [] }
            let git: CommitQuestions
            if let known = questions[top] { git = known } else {
                guard let made = CommitQuestions(top: top, cache: cache) else { return [] }
                questions[top] = made
                git = made
            }
            return entries(yaml: history, git: git)
        }
    }

    private func entries(yaml history: ModelHistory, git: CommitQuestions) -> [VersionLock.Entry] {
        let top = PathResolution.canonical(git.top)
        func relative(_ version: ModelVersion) -> String { PathResolution.relative(PathResolution.canonical(version.file), to: top) }
        guard let newest = history.versions.last,
              let added = commits(["-1", "--diff-filter=A", git.commit, "--", relative(newest)], git: git).first?.commit else { return [] }
        let older = Dictionary(history.versions.dropLast().map { (relative($0), $0) }, uniquingKeysWith: { first, _ in first })
        let files = older.keys.sorted()
        let edits = commits(["--diff-filter=M", "--name-only", "\(added.id)^!", "--"] + files, git: git)
            + commits(["--reverse", "--diff-filter=M", "--name-only", "\(added.id)..\(git.commit)", "--"] + files, git: git)
        // The working tree is asked of git each run: no cache keeps its answer.
        let uncommitted = git.runner.run(["-c", "core.quotePath=false", "diff", "--name-only", git.commit, "--"] + files, in: git.top)
            .flatMap { $0.succeeded ? $0.standardOutput : nil } ?? Data()
        let edited: [(commit: GitFileOrigins.Commit?, file: String?)] = edits.map { ($0.commit, $0.file) }
            + String(decoding: uncommitted, as: UTF8.self).split(separator: "\n").map { (nil, String($0)) }
        var entries: [VersionLock.Entry] = []
        var reported: Set<String> = []
        for (commit, file) in edited {
            let base = commit?.id == added.id ? added.id + "^" : added.id
            guard let file, let version = older[file], version.isReleased, reported.insert(file).inserted,
                  // A version that came in the same commit as the newest was never the one before it.
                  commits(["-1", "--diff-filter=A", git.commit, "--", file], git: git).first?.commit.id != added.id,
                  let data = git.run(["show", "\(base):\(file)"]), data.succeeded,
                  let copy = try? YAMLModelFileReader().version(bytes: [UInt8](data.standardOutput), file: "\(base):\(file)", declaresCloudKit: version.usesCloudKit),
                  !copy.entities.isEmpty
            else { continue }
            var entry = VersionLock.Entry(model: history.model, version: version.version.text, hash: "", location: SourceLocation(file: "\(base):\(file)", line: 1, column: 1))
            entry.label = version.label
            entry.releasedCopy = copy
            let last = commit == nil ? nil : edits.last { $0.file == file }?.commit
            entry.editedAfterSuccessor = VersionEdit(commit: commit, lastCommit: last?.id == commit?.id ? nil : last, successor: newest.displayName, successorAdded: added)
            entry.history = history.key
            entries.append(entry)
        }
        return entries
    }
}

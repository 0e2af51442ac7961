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
        let repositories = questions(about: checked.map { $0.versions[0].file })
        return OrderedConcurrentMap.map(count: checked.count, concurrently: checked.count > 1) { index in
            repositories[index].map { entries(yaml: checked[index], git: $0) } ?? []
        }.flatMap { $0 }
    }

    private func entries(yaml history: ModelHistory, git: CommitQuestions) -> [VersionLock.Entry] {
        let top = PathResolution.canonical(git.top)
        func relative(_ version: ModelVersion) -> String { PathResolution.relative(PathResolution.canonical(version.file), to: top) }
        guard let newest = history.versions.last else { return [] }
        // None where the working tree adds the newest, not yet committed.
        let added = commits(["-1", "--diff-filter=A", git.commit, "--", relative(newest)], git: git).first?.commit
        if added == nil, !Self.isNewInTheWorkingTree([relative(newest)], git: git) { return [] }
        let older = Dictionary(history.versions.dropLast().map { (relative($0), $0) }, uniquingKeysWith: { first, _ in first })
        return editEntries(
            history: history, successor: newest.displayName, added: added, files: older.keys.sorted(), git: git,
            version: { older[$0] },
            // A version that came in the same commit as the newest was never the one before it.
            skips: { _, file, _, _ in
                added.map { added in commits(["-1", "--diff-filter=A", git.commit, "--", file], git: git).first?.commit.id == added.id } ?? false
            },
            // A draft then (`released: false`) made no store with that shape.
            copy: { data, file, version in
                (try? YAMLModelFileReader().version(bytes: [UInt8](data), file: file, declaresCloudKit: version.usesCloudKit)).flatMap { $0.isReleased ? $0 : nil }
            }
        )
    }
}

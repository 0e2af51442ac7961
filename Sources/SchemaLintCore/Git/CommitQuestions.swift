import Foundation

/// Git questions about the history of one commit: the one HEAD was when the run began. Each
/// names commits by their ids only (never `HEAD`, a branch or the working tree), so its answer
/// never changes, and with a cache it is kept and read back by the later runs while HEAD stays
/// there: each run of a pre-commit hook before the commit, a CI job run again. A `git log -G`
/// over a project's settings since a model version came costs up to a second in a repository of
/// 20,000 commits; a kept answer, the reading of a file.
package struct CommitQuestions: Sendable {
    package var runner: GitRunner
    /// The repository's top folder.
    package var top: String
    /// The full id of the commit.
    package var commit: String
    package var cache: GitHistoryCache?

    /// The questions about the commit `revision` names; nil where it names none (no commit yet).
    package init?(top: String, revision: String = "HEAD", runner: GitRunner = GitRunner(), cache: GitHistoryCache?) {
        guard let commit = GitHistoryCache.commit(of: revision, top: top, runner: runner) else { return nil }
        self.init(top: top, commit: commit, runner: runner, cache: cache)
    }

    package init(top: String, commit: String, runner: GitRunner = GitRunner(), cache: GitHistoryCache?) {
        self.runner = runner
        self.top = top
        self.commit = commit
        self.cache = cache
    }

    /// git's answer to `arguments`, which name commits by id alone (`commit`, or ids git gave):
    /// from the cache where it was asked on this commit before, else from git (and kept where it
    /// succeeded).
    package func run(_ arguments: [String]) -> GitRunner.Output? {
        guard let cache else { return runner.run(arguments, in: top) }
        return cache.answer(to: arguments, about: commit, top: top) { runner.run(arguments, in: top) }
    }
}

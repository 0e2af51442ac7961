import Foundation

/// Git questions about which refs hold a commit (`for-each-ref --contains` or `--merged`): each
/// walks history, up to a second in a repository of 17,000 commits and 1,900 tags, while its
/// answer changes only when the refs do, since a commit's ancestry never changes. With a cache
/// the answer is kept with the listing of the refs it was asked under (`refs`), and read back
/// while they stay as they were: by every run of a pre-commit hook until a tag is made or moved.
package struct RefQuestions: Sendable {
    package var runner: GitRunner
    /// The repository's top folder.
    package var top: String
    package var cache: GitHistoryCache?
    /// The listing of the refs the questions ask about, object ids included (the tags'
    /// `for-each-ref` output): a ref made, moved or deleted changes it.
    package var refs: String

    package init(runner: GitRunner, top: String, cache: GitHistoryCache?, refs: String) {
        self.runner = runner
        self.top = top
        self.cache = cache
        self.refs = refs
    }

    /// git's answer to `arguments`, a `for-each-ref` over the refs `refs` lists that names
    /// commits by id alone: kept where it succeeded, read back while the refs stay the same.
    package func run(_ arguments: [String]) -> GitRunner.Output? {
        guard let cache else { return runner.run(arguments, in: top) }
        return cache.answer(to: arguments, underRefs: refs, top: top) { runner.run(arguments, in: top) }
    }

    /// The branches (`refs/heads`, `refs/remotes`) whose names hold `word` (in any case), and the
    /// questions asked of them too, their tips joining the listing: a commit on another branch
    /// moves none of them, so a kept answer about them holds. Nil where git cannot list them.
    package func branches(named word: String) -> (refs: [String], questions: RefQuestions)? {
        guard let listing = runner.run(["for-each-ref", "--format=%(objectname) %(refname)", "refs/heads", "refs/remotes"], in: top), listing.succeeded else { return nil }
        let lines = listing.text.split(separator: "\n").filter { $0.split(separator: " ").last?.lowercased().contains(word.lowercased()) == true }
        var asked = self
        asked.refs += "\u{0}" + lines.joined(separator: "\n")
        return (lines.compactMap { $0.split(separator: " ").last.map(String.init) }, asked)
    }
}

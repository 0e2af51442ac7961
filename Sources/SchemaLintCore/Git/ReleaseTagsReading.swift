import Foundation

/// The release tags of a run, read once for each question (repository, pattern, revision) and,
/// where asked early, begun on another thread while the models are read: the one `rev-list` that
/// tells which tags the revision has merged walks its whole history (half a second in 50,000
/// commits), and a run at a repository's root spends about as long reading the app's files on
/// the other core. A run makes one with its options and hands it to each reader of the tags.
/// With a cache, which of the tags the revision has merged is kept between runs too.
package final class ReleaseTagsReading: @unchecked Sendable {
    private struct Question: Hashable {
        var pattern: String
        var revision: String
        var top: String
    }

    private let lock = NSLock()
    private var answers: [Question: Result<GitReleaseTags, GitFailure>?] = [:]
    /// The questions being answered on another thread, with what signals their answer.
    private var pending: [Question: DispatchGroup] = [:]

    package init() {}

    /// Starts reading the tags on another thread; `tags(...)` with the same question waits for
    /// that answer instead of asking git again.
    package func begin(matching pattern: String, mergedInto revision: String, top: String, cache: GitHistoryCache?) {
        let question = Question(pattern: pattern, revision: revision, top: top)
        let group = DispatchGroup()
        let started: Bool = lock.withLock {
            guard answers[question] == nil, pending[question] == nil else { return false }
            pending[question] = group
            return true
        }
        guard started else { return }
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let answer = GitReleaseTags.read(matching: pattern, mergedInto: revision, top: top, runner: GitRunner(), cache: cache)
            lock.withLock {
                answers[question] = .some(answer)
                pending[question] = nil
            }
            group.leave()
        }
    }

    /// `GitReleaseTags.read`, answered once per question in a run.
    package func tags(matching pattern: String, mergedInto revision: String, top: String, runner: GitRunner, cache: GitHistoryCache?) -> Result<GitReleaseTags, GitFailure>? {
        let question = Question(pattern: pattern, revision: revision, top: top)
        let (answer, group) = lock.withLock { (answers[question], pending[question]) }
        if let answer { return answer }
        if let group {
            group.wait()
            if let answer = lock.withLock({ answers[question] }) { return answer }
        }
        let read = GitReleaseTags.read(matching: pattern, mergedInto: revision, top: top, runner: runner, cache: cache)
        lock.withLock { answers[question] = .some(read) }
        return read
    }
}

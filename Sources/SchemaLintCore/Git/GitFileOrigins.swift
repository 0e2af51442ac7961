import Foundation

/// The commit that first added each file of a repository, following renames: read from one
/// `git log --reverse --name-status -M` over a pathspec (the object database, no checkout).
/// Needs git 2.31 or later (`--diff-merges`); with an older git the log fails and there is no answer.
package struct GitFileOrigins: Sendable, Codable, Equatable {
    /// Which commits a log reads.
    package enum Walk: Sendable, Hashable {
        /// Every commit but merges, on every branch: the commit that first added a file, wherever
        /// it was made. Merges show no files: diffing each against its first parent is most of what
        /// a log costs in a repository with thousands of merges (WooCommerce: 1.1 s of 1.3 s), and
        /// the merges of long-lived branches seem to delete and add again files their first parent lacked.
        case everyCommitButMerges
        /// The first-parent line, each merge with what it brought to it: the commit that brought a
        /// file to the line, the only one known for a file a merge's resolution added and no commit
        /// changed since. The line alone is cheap (WooCommerce: 0.1 s); its positions are its own
        /// (`adding(_:)`).
        case mainline
    }

    /// A commit of the log.
    package struct Commit: Sendable, Hashable, Codable {
        /// 1 for the oldest commit of the log, counting up: parents before children, otherwise by date.
        package var position: Int
        /// The abbreviated commit id.
        package var id: String
        /// The commit date, `YYYY-MM-DD`.
        package var date: String
        /// The commit time, seconds since 1970.
        package var time: Int

        package init(position: Int, id: String, date: String, time: Int = 0) {
            self.position = position
            self.id = id
            self.date = date
            self.time = time
        }
    }

    /// For each file the log leaves in place (path relative to the top of the work tree), the
    /// commit that added it, or added the file it was renamed from; for a file only a merge's
    /// resolution added, the first commit that changed it (it was there by then).
    package var commits: [String: Commit]
    /// The position of the log's newest commit (0 for an empty log): a log read later over the
    /// commits since goes on from there (`init(log:continuing:)`).
    var lastPosition: Int

    /// Runs git once in `top` (the top of a work tree) over the files `pathspec` matches, in the
    /// history of `revision` (nil: HEAD). Nil when git is missing; git's message when it ran but
    /// could not read the repository (no commits yet, not a repository after all, refused).
    /// With a `cache`, a repository read before is asked only about the commits since (and not at
    /// all when its revision has not moved).
    package static func read(_ pathspec: [String], top: String, revision: String? = nil, runner: GitRunner, cache: GitHistoryCache? = nil, walk: Walk = .everyCommitButMerges) -> Result<GitFileOrigins, GitFailure>? {
        guard let cache else { return log(pathspec, top: top, range: revision, runner: runner, walk: walk) }
        return cache.origins(of: pathspec, top: top, revision: revision, runner: runner, walk: walk)
    }

    /// One `git log` over `pathspec` in `range` (a revision, `old..new`, or nil: HEAD), folded onto
    /// `earlier` (what a log of the commits before the range found).
    package static func log(_ pathspec: [String], top: String, range: String?, continuing earlier: GitFileOrigins? = nil, runner: GitRunner, walk: Walk = .everyCommitButMerges) -> Result<GitFileOrigins, GitFailure>? {
        let commits = switch walk {
        case .everyCommitButMerges: ["--no-merges"]
        case .mainline: ["--first-parent", "--diff-merges=first-parent"]
        }
        let arguments = ["log", "-z", "--reverse", "--date-order", "--no-color", "--no-show-signature"] + commits + [
            // The first commit adds files too, whatever `log.showRoot` a user's configuration says.
            "--root",
            "--name-status", "-M", "--diff-filter=AMR", "--format=\(commitMarker)%h %cs %ct",
        ] + (range.map { ["--end-of-options", $0] } ?? []) + ["--"] + pathspec
        guard let output = runner.run(arguments, in: top) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        return .success(GitFileOrigins(log: output.standardOutput, continuing: earlier))
    }

    /// Starts each commit's line in the log; paths cannot contain it.
    private static let commitMarker = "%x01"

    /// These origins and those of the files only `mainline` (a `.mainline` log of the same
    /// repository) has, each placed after this log's commits made before it: a log's positions
    /// count only its own commits, so the commit times place the mainline's among them.
    package func adding(_ mainline: GitFileOrigins) -> GitFileOrigins {
        let brought = mainline.commits.filter { commits[$0.key] == nil }
        guard !brought.isEmpty else { return self }
        let own = Set(commits.values).sorted { $0.position < $1.position }
        // Even positions for this log's commits, the odd one after each for what came after it.
        var result = self
        result.commits = commits.mapValues { commit in
            var spaced = commit
            spaced.position = commit.position * 2
            return spaced
        }
        for (file, commit) in brought {
            var placed = commit
            placed.position = (own.last { $0.time <= commit.time }?.position ?? 0) * 2 + 1
            result.commits[file] = placed
        }
        result.lastPosition = lastPosition * 2 + 1
        return result
    }

    /// Reads the output of `git log -z --name-status` with the format `%x01%h %cs %ct`: each commit is
    /// `\u{1}id date time`, then `status path` (A, M) or `status old new` (R), NUL-separated. A log of
    /// the commits after those of `earlier` goes on from what it found: the same answer as one log
    /// over both. A file keeps the first commit that added it, whatever deleted it since: a version
    /// deleted on a branch (a revert there, a merge of a branch that forked before it) and brought
    /// back is the same version, made when it was first added.
    package init(log: Data, continuing earlier: GitFileOrigins? = nil) {
        let fields = log.split(separator: 0, omittingEmptySubsequences: false).map { field in
            String(decoding: field.drop { $0 == UInt8(ascii: "\n") }, as: UTF8.self)
        }
        var commits = earlier?.commits ?? [:]
        var current = Commit(position: earlier?.lastPosition ?? 0, id: "", date: "")
        var index = 0
        func path(_ offset: Int) -> String? { index + offset < fields.count ? fields[index + offset] : nil }
        while index < fields.count {
            let field = fields[index]
            if field.hasPrefix("\u{1}") {
                let words = field.dropFirst().split(separator: " ", maxSplits: 2)
                current = Commit(
                    position: current.position + 1, id: words.first.map(String.init) ?? "",
                    date: words.count > 1 ? String(words[1]) : "", time: words.count > 2 ? Int(words[2]) ?? 0 : 0)
                index += 1
                continue
            }
            switch field.first {
            case "A", "M":
                // A file a commit changes was there before it: where no commit but a merge's
                // resolution added it (a log without the merges' files does not show that), the
                // first commit that changed it is the earliest the log knows it by.
                if let added = path(1), commits[added] == nil { commits[added] = current }
                index += 2
            case "R":
                // A renamed file keeps the commit that added it (a rename score below 100 means edited
                // too); a merge may rename onto a file its first parent already has: the older origin wins.
                if let old = path(1), let new = path(2) {
                    let origins = [commits.removeValue(forKey: old), commits[new]].compactMap { $0 }
                    commits[new] = origins.min { $0.position < $1.position } ?? current
                }
                index += 3
            case "C":
                // A copy is a new file; its source stays where it was.
                if let new = path(2), commits[new] == nil { commits[new] = current }
                index += 3
            case nil:
                index += 1
            default:
                index += 2
            }
        }
        self.commits = commits
        self.lastPosition = current.position
    }
}

/// Git ran but did not answer: its exit status and the first line it wrote to standard error.
package struct GitFailure: Error, Sendable, Hashable {
    package var status: Int32
    package var message: String

    package init(status: Int32, message: String) {
        self.status = status
        self.message = message
    }

    package init(_ output: GitRunner.Output) {
        let line = output.standardError.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        self.init(status: output.status, message: line.map(String.init) ?? "git exited with status \(output.status)")
    }
}

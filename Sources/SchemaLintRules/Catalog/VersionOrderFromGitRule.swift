import Foundation
import SchemaLintCore

/// `version-order-from-git`: a bundle's versions are ordered by when git first added them, and
/// that is not the order of their names. Says which versions moved, so the order is never a surprise.
struct VersionOrderFromGitRule: BundleRule {
    let descriptor = RuleDescriptor(
        id: "version-order-from-git", category: .input, synced: .note, local: .note,
        summary: "A bundle's versions are ordered by when git first added them, which is not the order of their names."
    )

    /// At most this many runs of moved versions are described in the message; the note lists the whole order.
    static let describedRuns = 5

    func check(_ bundle: XcodeModelBundle) -> [Finding] {
        order(of: bundle) + Self.betweenTheSameReleases(bundle.ordering.neverCurrent).map { neverCurrent($0, in: bundle) } + leftovers(in: bundle)
    }

    /// Versions after the current one that the commit which added it left beside it, never edited
    /// since while the current one was: copies, not drafts, and not read.
    private func leftovers(in bundle: XcodeModelBundle) -> [Finding] {
        let leftovers = bundle.ordering.leftoversAfterCurrent
        guard let current = bundle.currentVersionName, let commit = bundle.ordering.commits[current], !leftovers.isEmpty else { return [] }
        let one = leftovers.count == 1
        let names = leftovers.map { "'\($0)'" }.joined(separator: ", ")
        let drafts = "drafts: [\(leftovers.map(YAMLScalar.string).joined(separator: ", "))]"
        return [finding(
            bundle, file: bundle.path, version: leftovers[0],
            message: "\(names) \(one ? "comes" : "come") after the current version '\(current)' by name, but \(commit.id) (\(commit.date)) added \(one ? "it" : "them") with '\(current)', and no commit edited \(one ? "it" : "them") since, while commits since edited '\(current)': \(one ? "it is" : "they are") read as \(one ? "a copy" : "copies") that commit left, not \(one ? "a draft" : "drafts"), and left out of the lint",
            suggestions: [
                "if \(one ? "it is" : "they are") work in progress, say so with `\(drafts)` for the bundle in .schemalint.yml, and \(one ? "it is" : "they are") checked against '\(current)'",
                "if \(one ? "it is" : "they are") no longer needed, delete \(one ? "it" : "them") from the bundle",
            ]
        )]
    }

    /// The versions no release made current, in runs that the same two releases enclose: one
    /// finding for each run, since one release skipped them all.
    private static func betweenTheSameReleases(_ versions: [NeverCurrentVersion]) -> [[NeverCurrentVersion]] {
        var runs: [[NeverCurrentVersion]] = []
        for version in versions {
            if let last = runs.last?.last, last.lastReleaseBefore == version.lastReleaseBefore, last.currentBefore == version.currentBefore,
               last.firstReleaseAfter == version.firstReleaseAfter, last.madeCurrentAfter == version.madeCurrentAfter {
                runs[runs.count - 1].append(version)
            } else {
                runs.append([version])
            }
        }
        return runs
    }

    /// Versions no release made current, left out of the steps: the releases went from the
    /// version before them straight to one after them.
    private func neverCurrent(_ run: [NeverCurrentVersion], in bundle: XcodeModelBundle) -> Finding {
        let version = run[0]
        let after = version.firstReleaseAfter.map { "the next release, \($0), made '\(version.madeCurrentAfter)' current" }
            ?? "the work tree makes '\(version.madeCurrentAfter)' current"
        let file = bundle.versions.first { $0.label == version.name }?.file ?? bundle.path
        let steps = "left out of the steps checked between '\(version.currentBefore)' and '\(version.madeCurrentAfter)'"
        guard let lastReleaseBefore = version.lastReleaseBefore else { return neverCurrentInAnyCommit(run, in: bundle, file: file, steps: steps) }
        guard run.count > 1 else {
            return finding(
                bundle, file: file, version: version.name,
                message: "'\(version.name)' was never the current version: the releases up to \(lastReleaseBefore) made stores with '\(version.currentBefore)', \(after), and no commit between made '\(version.name)' current; Core Data migrates a store from the version whose hashes it records, so no store migrates through '\(version.name)', and it is \(steps)",
                suggestions: ["if a release the tags miss made '\(version.name)' current, tag it, so that its stores' steps are checked"]
            )
        }
        let names = run.map { "'\($0.name)'" }
        return finding(
            bundle, file: file, version: version.name,
            message: "\(run.count) versions, \(names[0]) to \(names[names.count - 1]), were never the current version: the releases up to \(lastReleaseBefore) made stores with '\(version.currentBefore)', \(after), and no commit between made any of them current; Core Data migrates a store from the version whose hashes it records, so no store migrates through them, and they are \(steps)",
            notes: [Finding.Note("never current: \(names.joined(separator: ", "))")],
            suggestions: ["if a release the tags miss made one of them current, tag it, so that its stores' steps are checked"]
        )
    }

    /// Versions no commit made current, in a history with no release tags: commits made the
    /// version before them current, then one after them.
    private func neverCurrentInAnyCommit(_ run: [NeverCurrentVersion], in bundle: XcodeModelBundle, file: String, steps: String) -> Finding {
        let version = run[0]
        let names = run.map { "'\($0.name)'" }
        let which = run.count > 1 ? "\(run.count) versions, \(names[0]) to \(names[names.count - 1]), were" : "\(names[0]) was"
        let them = run.count > 1 ? "any of them" : names[0]
        return finding(
            bundle, file: file, version: version.name,
            message: "\(which) never the current version: no commit made \(them) current, and the app made stores with '\(version.currentBefore)' until a commit made '\(version.madeCurrentAfter)' current; Core Data migrates a store from the version whose hashes it records, so no store migrates through \(run.count > 1 ? "them" : names[0]), and \(run.count > 1 ? "they are" : "it is") \(steps)",
            notes: run.count > 1 ? [Finding.Note("never current: \(names.joined(separator: ", "))")] : [],
            suggestions: ["if a release made \(them) current in a history this branch lacks, lint the branch releases are built from"]
        )
    }

    /// What decided the order of the bundle's versions, where it is not plain: git could not be
    /// read, a shallow clone, one commit that added them all, or git's order against the names'.
    private func order(of bundle: XcodeModelBundle) -> [Finding] {
        let ordering = bundle.ordering
        if ordering.basis == .names, let problem = ordering.gitProblem {
            return [finding(
                bundle, file: bundle.path, version: ordering.history.first ?? "",
                message: "the bundle lies in a git work tree, but git could not read its history, so its versions are ordered by name: \(problem)",
                notes: [Finding.Note("order used, oldest first: \(ordering.history.joined(separator: ", "))")],
                suggestions: ["fix what git says (for a repository owned by another user: `git config --global --add safe.directory` with its path), or give the bundle its `order:` in .schemalint.yml"]
            )]
        }
        if ordering.checksCurrentOnly {
            let current = bundle.currentVersionName ?? ""
            let after = ordering.history.firstIndex(of: current).map { ordering.history.count - 1 - $0 } ?? 0
            let names = after > 1
                ? "and its names put \(after) versions after the current version '\(current)', which only the history can place (drafts, or copies of what it was)"
                : "and the names of its versions do not say it either"
            let notes = [Finding.Note("not compared: \(ordering.history.count - 1) other version\(ordering.history.count == 2 ? "" : "s")")]
            guard ordering.isShallowClone else {
                let commit = ordering.commits[current].map { " (\($0.id), \($0.date))" } ?? ""
                return [finding(
                    bundle, file: bundle.path, version: current,
                    message: "one commit\(commit) added every version of the bundle, so git cannot say when each was made, \(names), so only its current version '\(current)' is checked, not the steps between versions",
                    notes: notes,
                    suggestions: ["give the bundle its `order:` in .schemalint.yml (the versions oldest first), or run with --order FILE"]
                )]
            }
            return [finding(
                bundle, file: bundle.path, version: current,
                message: "the bundle lies in a shallow clone, whose history cannot say when each version was added, \(names), so only its current version '\(current)' is checked, not the steps between versions",
                notes: notes,
                suggestions: ["fetch the whole history (`git fetch --unshallow`; in GitHub Actions, actions/checkout with `fetch-depth: 0`), or give the bundle its `order:` in .schemalint.yml"]
            )]
        }
        if ordering.basis == .names, ordering.isShallowClone, ordering.history.count > 1 {
            return [finding(
                bundle, file: bundle.path, version: ordering.history.first ?? "",
                message: "the bundle lies in a shallow clone, whose history cannot say when each version was added, so its versions are ordered by name",
                notes: [Finding.Note("order used, oldest first: \(ordering.history.joined(separator: ", "))")],
                suggestions: ["fetch the whole history (`git fetch --unshallow`; in GitHub Actions, actions/checkout with `fetch-depth: 0`), or give the bundle its `order:` in .schemalint.yml"]
            )]
        }
        guard ordering.basis == .git, ordering.history != ordering.byName else { return [] }
        let runs = Self.movedRuns(ordering)
        let described = runs.prefix(Self.describedRuns).map { describe($0, in: ordering) }
        let more = runs.count > Self.describedRuns ? "; and \(runs.count - Self.describedRuns) more" : ""
        var notes = [Finding.Note("order used, oldest first: \(ordering.history.joined(separator: ", "))")]
        // Versions one commit added together (an import, a squash): git cannot order them, the names do.
        let together = Dictionary(grouping: ordering.commits.values, by: \.self).filter { $0.value.count > 1 }
        for (commit, versions) in together.sorted(by: { $0.key.position < $1.key.position }) {
            notes.append(Finding.Note("\(commit.id) (\(commit.date)) added \(versions.count) versions at once; among them the names decide"))
        }
        if !ordering.uncommitted.isEmpty {
            notes.append(Finding.Note("not committed yet, so last, by name: \(ordering.uncommitted.joined(separator: ", "))"))
        }
        if !ordering.earlierStatesOfCurrent.isEmpty, let current = bundle.currentVersionName {
            let copies = ordering.earlierStatesOfCurrent.map { "'\($0)'" }.joined(separator: ", ")
            notes.append(Finding.Note("\(copies) \(ordering.earlierStatesOfCurrent.count == 1 ? "holds an earlier state" : "hold earlier states") of the current version '\(current)' (each is its model as it was before the commit that added the copy), so they come before it, in the order git added them"))
        }
        for (copy, original) in ordering.copiesOfEarlierVersions.sorted(by: { $0.key < $1.key }) {
            notes.append(Finding.Note("'\(copy)' is an unchanged copy of '\(original)', added with the current version '\(bundle.currentVersionName ?? "")' and never current, so it comes just after '\(original)'"))
        }
        return [finding(
            bundle, file: bundle.path, version: runs.first?.first ?? ordering.history[0],
            message: "versions are ordered by the commit that first added each, not by name: \(described.joined(separator: "; "))\(more)",
            notes: notes,
            suggestions: ["if git's order is not the order the versions were made (a folder deleted and added again, a squashed import), give the bundle its `order:` in .schemalint.yml, or run with --order FILE"]
        )]
    }

    /// The versions whose place differs between the two orders (those outside a longest run of
    /// versions both orders keep in the same relative order), in git order, grouped into runs that
    /// follow each other in both orders.
    static func movedRuns(_ ordering: XcodeVersionOrdering) -> [[String]] {
        let rank = Dictionary(uniqueKeysWithValues: ordering.byName.enumerated().map { ($1, $0) })
        let ranks = ordering.history.map { rank[$0]! }
        // Longest increasing subsequence of the name ranks in git order (quadratic: bundles are small);
        // of equally long ones, the one that ends first, so that later versions count as moved.
        var length = [Int](repeating: 1, count: ranks.count)
        var previous = [Int](repeating: -1, count: ranks.count)
        for i in ranks.indices {
            for j in 0..<i where ranks[j] < ranks[i] && length[j] + 1 > length[i] {
                length[i] = length[j] + 1
                previous[i] = j
            }
        }
        var kept: Set<Int> = []
        var index = length.indices.max { (length[$0], -$0) < (length[$1], -$1) } ?? -1
        while index >= 0 {
            kept.insert(index)
            index = previous[index]
        }
        var runs: [[Int]] = []
        for position in ranks.indices where !kept.contains(position) {
            if let last = runs.last?.last, last == position - 1, ranks[last] + 1 == ranks[position] {
                runs[runs.count - 1].append(position)
            } else {
                runs.append([position])
            }
        }
        return runs.map { $0.map { ordering.history[$0] } }
    }

    /// "'Shared' comes first (added in 1a2b3c4 on 2021-03-01), not after '0.9'".
    private func describe(_ run: [String], in ordering: XcodeVersionOrdering) -> String {
        func place(in order: [String]) -> String {
            let index = order.firstIndex(of: run[0])!
            return index == 0 ? "first" : "after '\(order[index - 1])'"
        }
        let names = switch run.count {
        case 1: "'\(run[0])' comes"
        case 2: "'\(run[0])' and '\(run[1])' come"
        default: "'\(run[0])' to '\(run[run.count - 1])' (\(run.count) versions) come"
        }
        let first = run.count == 1 ? "" : "the first "
        // The current version, placed after the copies of its earlier states: edited in place.
        let edited = run.count == 1 && !ordering.earlierStatesOfCurrent.isEmpty && ordering.history.last == run[0]
        let added = edited ? " (edited in place since the copies of its earlier states were made)"
            : ordering.commits[run[0]].map { " (\(first)added in \($0.id) on \($0.date))" } ?? " (\(first)not committed yet)"
        return "\(names) \(place(in: ordering.history))\(added), not \(place(in: ordering.byName))"
    }
}

import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// Without release tags, the versions of a bundle that no commit made current, though commits
/// made an earlier version current before them and a later one after them: every build of the
/// app made its stores with one of those, so no store records these versions' hashes, and no
/// step starts from them (a version and its successor added together, the successor made
/// current at once). One `git log -p` of the bundle's `.xccurrentversion`, kept between runs:
/// at its path now and at every folder a bundle of its name had (a bundle that moved recorded its
/// current versions before the move at its old path; another bundle of the same name, a watch
/// app's copy, can only add versions made current, and so leaves more versions steps, not fewer).
///
/// Versions that came in the commit that brought the version current before them (a project
/// imported whole) stay steps: what they were before the history began, git cannot say.
struct GitNeverCurrentVersions {
    var runner = GitRunner()
    let top: String
    var cache: GitHistoryCache?

    func versions(of bundle: XcodeModelBundle) -> [NeverCurrentVersion] {
        let order = bundle.ordering.history
        guard order.count > 2, let now = bundle.currentVersionName, let nowPosition = order.firstIndex(of: now) else { return [] }
        let relative = PathResolution.relative(PathResolution.canonical(bundle.path), to: PathResolution.canonical(top))
        // `**/` matches no folder too: the bundle's path now is one of those the glob names.
        let name = XcodeVersionCommits.globEscaped((relative as NSString).lastPathComponent)
        guard let lines = GitChangedLines.read([":(glob)**/\(name)/.xccurrentversion"], top: top, runner: runner, cache: cache) else { return [] }
        let everCurrent = Set(order.filter { lines.anyLine(containing: $0 + XcodeModelBundle.versionExtension) }).union([now])
        // When each version came, asked only where one is a candidate (the names may have settled
        // the order without git).
        var added: [String: GitFileOrigins.Commit]?
        func commits() -> [String: GitFileOrigins.Commit] {
            if let added { return added }
            let found = bundle.ordering.commits.isEmpty ? XcodeVersionCommits.read(bundle: bundle.path, runner: runner).commits : bundle.ordering.commits
            added = found
            return found
        }
        var found: [NeverCurrentVersion] = []
        for (position, name) in order.enumerated() where position < nowPosition && !everCurrent.contains(name) {
            guard let before = order[..<position].last(where: everCurrent.contains),
                  let after = order[(position + 1)...].first(where: everCurrent.contains),
                  // Added after the version current before it: a version the history starts
                  // with (a project imported whole) may have made stores before it.
                  let came = commits()[name], let earlier = commits()[before], came.position > earlier.position
            else { continue }
            found.append(NeverCurrentVersion(name: name, lastReleaseBefore: nil, currentBefore: before, firstReleaseAfter: nil, madeCurrentAfter: after))
        }
        return found
    }
}

import Foundation

/// Without a record of what shipped (no lock, no release tag), git still shows the commonest way
/// a released Xcode version is broken: its `contents` edited after a later version was added.
/// Adding a version is what a team does when the previous one shipped, so each such edit is
/// compared with the version as it was when its successor came, and reported (as a warning:
/// the successor may have been added before the version shipped).
///
/// Costs one `git log` of the bundle's additions and modifications, and one `git show` for each
/// version modified after its successor was added.
struct GitVersionEdits {
    var runner = GitRunner()

    /// An edit after the successor came: the commit, and what it was compared with.
    struct Edit: Hashable, Sendable {
        /// The first commit that modified the version after its successor was added.
        var commit: GitFileOrigins.Commit
        var successor: String
        /// The commit that added the successor: the version as it was there is the released copy.
        var successorAdded: GitFileOrigins.Commit
    }

    /// Lock entries for the versions of `bundles` (those with two versions or more, of models not
    /// in `skipping`) edited after their successor was added, each with the version as it was then.
    ///
    /// Both are read on the first-parent line of HEAD, the line releases are made from: a branch
    /// that edited a version beside one that added its successor is one change there, at its merge.
    func entries(bundles: [XcodeModelBundle], histories: [ModelHistory], skipping models: Set<String>) -> [VersionLock.Entry] {
        var entries: [VersionLock.Entry] = []
        for bundle in bundles where bundle.ordering.history.count > 1 {
            guard let history = histories.first(where: { $0.key == "bundle:" + bundle.path }), !models.contains(history.model),
                  let top = GitWorkTree.root(containing: bundle.path), !GitWorkTree.isShallow(top: top, runner: runner) else { continue }
            let relative = PathResolution.relative(PathResolution.canonical(bundle.path), to: PathResolution.canonical(top))
            let log = self.log(of: relative, top: top)
            func path(_ name: String) -> String { relative + "/" + name + XcodeModelBundle.versionExtension + "/contents" }
            let order = bundle.ordering.history
            for (index, name) in order.enumerated().dropLast() {
                let successor = order[index + 1]
                guard let successorAdded = log.added[path(successor)], let version = history.versions.first(where: { $0.label == name }), version.isReleased,
                      let edit = log.modified[path(name)]?.first(where: { $0.position > successorAdded.position }),
                      let data = runner.run(["show", "\(successorAdded.id):\(path(name))"], in: top), data.succeeded,
                      let copy = try? XcodeModelReader.parse(data.standardOutput, file: "\(successorAdded.id):\(path(name))", model: version.model, label: name, cloudKit: version.usesCloudKit)
                else { continue }
                var entry = VersionLock.Entry(model: history.model, version: version.version.text, hash: "", location: SourceLocation(file: "\(successorAdded.id):\(path(name))", line: 1, column: 1))
                entry.label = name
                entry.releasedCopy = copy
                entry.editedAfterSuccessor = Edit(commit: edit, successor: successor, successorAdded: successorAdded)
                entries.append(entry)
            }
        }
        return entries
    }

    /// The first-parent commits that added and that modified each version's `contents` in the
    /// bundle at `relative` (paths relative to `top`), oldest first.
    private func log(of relative: String, top: String) -> (added: [String: GitFileOrigins.Commit], modified: [String: [GitFileOrigins.Commit]]) {
        let pathspec = ":(glob)" + relative + "/*" + XcodeModelBundle.versionExtension + "/contents"
        let arguments = ["-c", "core.quotePath=false", "log", "--first-parent", "--reverse", "--no-color", "--no-renames", "--diff-filter=AM", "--name-status", "--format=%x01%h %cs", "--", pathspec]
        guard let output = runner.run(arguments, in: top), output.succeeded else { return ([:], [:]) }
        var added: [String: GitFileOrigins.Commit] = [:], modified: [String: [GitFileOrigins.Commit]] = [:]
        var current: GitFileOrigins.Commit?
        for line in output.text.split(separator: "\n") {
            if line.hasPrefix("\u{1}") {
                let words = line.dropFirst().split(separator: " ", maxSplits: 1)
                current = GitFileOrigins.Commit(position: (current?.position ?? 0) + 1, id: String(words.first ?? ""), date: words.count > 1 ? String(words[1]) : "")
                continue
            }
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard let current, fields.count == 2 else { continue }
            let file = String(fields[1])
            if fields[0] == "A" { if added[file] == nil { added[file] = current } } else { modified[file, default: []].append(current) }
        }
        return (added, modified)
    }
}

import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// Without a record of what shipped (no lock, no release tag), git still shows the commonest way
/// a released Xcode version is broken: its file (`contents`, or Xcode 3's `elements`) edited
/// after the newest version was added, or in the commit that added it.
/// Adding a version is what a team does when the one before shipped, so each older version edited
/// since is compared with itself as it was when the newest came, and reported (as a warning: the
/// newest may have been added before the others shipped). So is changing the app's version: the
/// newest version edited after that is compared with itself as it was before the edit.
///
/// Read on the first-parent line of HEAD, the line releases are made from (a branch that edited a
/// version beside one that added the newest counts at its merge), and only back to the commit
/// that added the newest version: two `git log`s that stop there, however long the history
/// before it, and one `git show` for each version edited since.
struct GitVersionEdits {
    /// Where git's answers about HEAD's history are kept between runs.
    var cache: GitHistoryCache?

    /// Lock entries for the versions of `bundles` (those with two versions or more, of models not
    /// in `skipping`) edited after the newest version was added, each with the version as it was
    /// then.
    func entries(bundles: [XcodeModelBundle], histories: [ModelHistory], skipping models: Set<String>) -> [VersionLock.Entry] {
        let checked = bundles.compactMap { bundle -> (XcodeModelBundle, ModelHistory)? in
            guard bundle.ordering.history.count > 1, let history = histories.first(where: { $0.key == "bundle:" + bundle.path }),
                  !models.contains(history.model) else { return nil }
            return (bundle, history)
        }
        let repositories = questions(about: checked.map(\.0.path))
        // Each bundle's logs wait on git: bundles are asked side by side.
        return OrderedConcurrentMap.map(count: checked.count, concurrently: checked.count > 1) { index in
            repositories[index].map { entries(bundle: checked[index].0, history: checked[index].1, git: $0) } ?? []
        }.flatMap { $0 }
    }

    /// The questions about HEAD of the repository that holds each path: nil outside one, or in a
    /// shallow clone (whose history says nothing of when versions came). HEAD's commit is resolved
    /// once for each repository (models mostly share one).
    func questions(about paths: [String]) -> [CommitQuestions?] {
        var known: [String: CommitQuestions?] = [:]
        return paths.map { path in
            guard let top = GitWorkTree.root(containing: path), !GitWorkTree.isShallow(top: top) else { return nil }
            if let answer = known[top] { return answer }
            let answer = CommitQuestions(top: top, cache: cache)
            known[top] = answer
            return answer
        }
    }

    /// The entries of one bundle, whose repository `git` asks about.
    private func entries(bundle: XcodeModelBundle, history: ModelHistory, git: CommitQuestions) -> [VersionLock.Entry] {
        guard let newest = bundle.ordering.history.last else { return [] }
        let top = git.top
        let relative = PathResolution.relative(PathResolution.canonical(bundle.path), to: PathResolution.canonical(top))
        // A version is saved as `contents` (XML), or as `elements` by Xcode 3 (a binary plist).
        let versionFiles = [XcodeModelBundle.modelFile, XcodeModelBundle.binaryModelFile]
        func files(_ name: String) -> [String] { versionFiles.map { relative + "/" + name + XcodeModelBundle.versionExtension + "/" + $0 } }
        func label(of file: String) -> String? {
            let folder = PathResolution.parent(of: file)
            guard PathResolution.parent(of: folder) == relative, folder.hasSuffix(XcodeModelBundle.versionExtension) else { return nil }
            return String(((folder as NSString).lastPathComponent).dropLast(XcodeModelBundle.versionExtension.count))
        }
        // The commit that added the newest version; none where the working tree adds it, not yet
        // committed: only the working tree's edits of the others are new beside it then.
        let added = commits(["-1", "--diff-filter=A", git.commit, "--"] + files(newest), git: git).first?.commit
        if added == nil, !Self.isNewInTheWorkingTree(files(newest), git: git) { return [] }
        // A version that came in the same commit as the newest (a bundle imported, or a version
        // and its copy added together) was never the one before it: nothing says it shipped.
        // Where the names alone ordered the bundle, git was not asked when each came: that commit
        // says, asked only when a version was edited since.
        let globs = versionFiles.map { ":(glob)" + relative + "/*" + XcodeModelBundle.versionExtension + "/" + $0 }
        var addedWithNewest: Set<String>?
        func addedTogether() -> Set<String> {
            if let addedWithNewest { return addedWithNewest }
            guard let added else { return [] }
            let labels = commits(["-1", "--diff-filter=A", "--name-only", added.id, "--"] + globs, git: git).compactMap { $0.file.flatMap(label(of:)) }
            let found = Set(bundle.ordering.commits.filter { $0.value.id == bundle.ordering.commits[newest]?.id }.keys).union(labels)
            addedWithNewest = found
            return found
        }
        // A version that came after the current one where it is compared (`.xccurrentversion`
        // there named an earlier version) was a draft then: no store was made with that shape.
        // The current version's name at each compared commit, "" where none is known.
        var currentAt: [String: String] = [:]
        func wasADraft(_ label: String, at base: String) -> Bool {
            if currentAt[base] == nil {
                let text = git.run(["show", "\(base):\(relative)/.xccurrentversion"])
                currentAt[base] = text.flatMap { $0.succeeded ? ((try? XcodeCurrentVersion.parse($0.standardOutput, file: ".xccurrentversion")) ?? nil) : nil } ?? ""
            }
            let order = bundle.ordering.history
            guard let current = currentAt[base], let currentPosition = order.firstIndex(of: current),
                  let position = order.firstIndex(of: label) else { return false }
            return position > currentPosition
        }
        var entries = editEntries(
            history: history, successor: newest, added: added, files: globs, git: git,
            version: { file in label(of: file).flatMap { label in label == newest ? nil : history.versions.first { $0.label == label } } },
            skips: { version, file, base, commit in
                addedTogether().contains(version.label) || wasADraft(version.label, at: base)
                    || commit != nil && restoresAnEarlierState(of: file, as: version, before: base, git: git)
            },
            copy: { data, file, version in
                try? XcodeModelReader.parse(version: data, file: file, model: version.model, label: version.label, cloudKit: version.usesCloudKit)
            }
        )
        if let added, let entry = newestEditedAfterRelease(history: history, newest: newest, added: added, files: files(newest), git: git) { entries.append(entry) }
        return entries
    }

    /// The entries of the older versions whose files (`files`: paths or globs relative to the
    /// repository's top) were edited since the newest version came: in the commit that added it
    /// (`added`, compared with the file before it) and in the first-parent commits since (compared
    /// with the file there), then in the working tree (asked of git each run: no cache keeps its
    /// answer). Where the working tree adds the newest (`added` nil), only its edits count,
    /// compared with HEAD's file. `version` names the version a file holds (nil: none to check),
    /// `skips` a reason of the format's to leave an edit alone, `copy` reads a file as it was.
    func editEntries(
        history: ModelHistory, successor: String, added: GitFileOrigins.Commit?, files: [String], git: CommitQuestions,
        version: (String) -> ModelVersion?, skips: (ModelVersion, _ file: String, _ base: String, GitFileOrigins.Commit?) -> Bool,
        copy: (Data, _ file: String, ModelVersion) -> ModelVersion?
    ) -> [VersionLock.Entry] {
        let edits = added.map { added in
            commits(["--diff-filter=M", "--name-only", "\(added.id)^!", "--"] + files, git: git)
                + commits(["--reverse", "--diff-filter=M", "--name-only", "\(added.id)..\(git.commit)", "--"] + files, git: git)
        } ?? []
        let uncommitted = git.runner.run(["-c", "core.quotePath=false", "diff", "-z", "--name-only", git.commit, "--"] + files, in: git.top)
            .flatMap { $0.succeeded ? $0.standardOutput : nil } ?? Data()
        let edited: [(commit: GitFileOrigins.Commit?, file: String?)] = edits.map { ($0.commit, $0.file) }
            + uncommitted.split(separator: 0).map { (nil, String(decoding: $0, as: UTF8.self)) }
        var entries: [VersionLock.Entry] = []
        var reported: Set<String> = []
        for (commit, file) in edited {
            let base = added.map { commit?.id == $0.id ? $0.id + "^" : $0.id } ?? git.commit
            // HEAD's copy is named as git abbreviates the commits it names.
            let shown = added == nil ? String(git.commit.prefix(7)) : base
            guard let file, let version = version(file), reported.insert(version.label).inserted, version.isReleased,
                  !skips(version, file, base, commit),
                  let data = git.run(["show", "\(base):\(file)"]), data.succeeded,
                  let copy = copy(data.standardOutput, "\(shown):\(file)", version),
                  // A version with no entity then (the template's empty model) holds nothing in
                  // any store it made: filling it in strands nothing.
                  !copy.entities.isEmpty
            else { continue }
            var entry = VersionLock.Entry(model: history.model, version: version.version.text, hash: "", location: SourceLocation(file: "\(shown):\(file)", line: 1, column: 1))
            entry.label = version.label
            entry.releasedCopy = copy
            let last = commit == nil ? nil : edits.last { $0.file == file }?.commit
            entry.editedAfterSuccessor = VersionEdit(commit: commit, lastCommit: last?.id == commit?.id ? nil : last, successor: successor, successorAdded: added)
            entry.history = history.key
            entries.append(entry)
        }
        return entries
    }

    /// Whether none of `files` (relative to the repository's top) is in HEAD's commit: a version
    /// the working tree adds.
    static func isNewInTheWorkingTree(_ files: [String], git: CommitQuestions) -> Bool {
        !files.contains { file in git.run(["cat-file", "-e", "\(git.commit):\(file)"])?.succeeded ?? true }
    }

    /// Whether the version's file at HEAD is what an earlier commit than `base` made it: the edits
    /// since were undone, the file put back as it was before the edits that came after it (a team
    /// that edited a shipped version in place, then moved the change into a new version and
    /// restored the old one), not changed into something no commit had. Byte for byte, or, where
    /// Xcode saved it again (its tools' version in the header), the same model: what the lock's
    /// hash covers (`version` is the file as read now).
    private func restoresAnEarlierState(of file: String, as version: ModelVersion, before base: String, git: CommitQuestions) -> Bool {
        guard let now = git.run(["rev-parse", "--verify", "--quiet", "\(git.commit):\(file)"]), now.succeeded,
              let atBase = git.run(["rev-parse", "--verify", "--quiet", "\(base):\(file)"]), atBase.succeeded,
              let log = git.run(["log", "--format=", "--raw", "--no-abbrev", "--no-renames", base, "--", file]), log.succeeded else { return false }
        let blob = now.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let blobAtBase = atBase.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard blob != blobAtBase else { return false }
        // `:100644 100644 <before> <after> M\t<path>`: the file's blob after each commit, newest first.
        var earlier: [String] = []
        for line in log.text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4 else { continue }
            let after = String(fields[3])
            if after == blob { return true }
            if after != blobAtBase, !earlier.contains(after) { earlier.append(after) }
        }
        // The same model in another file: few enough versions of one file to read each.
        let hash = VersionLock.hash(of: version)
        return earlier.prefix(Self.earlierStatesRead).contains { object in
            guard let data = git.run(["cat-file", "blob", object]), data.succeeded,
                  var copy = try? XcodeModelReader.parse(version: data.standardOutput, file: "\(object):\(file)", model: version.model, label: version.label, cloudKit: version.usesCloudKit)
            else { return false }
            // The file alone says nothing of its place in the bundle, which the hash covers.
            copy.version = version.version
            return VersionLock.hash(of: copy) == hash
        }
    }

    /// How many earlier states of an edited version's file are read to find the one it restores.
    private static let earlierStatesRead = 24

    /// The newest version edited after the app's version (`MARKETING_VERSION`) changed since it
    /// came: a team changes that only once the release before went out, so the version shipped
    /// as it was, and the stores that release made match no version of the bundle now. One
    /// `git log` of the version's file; the project files' history only where it was edited.
    private func newestEditedAfterRelease(history: ModelHistory, newest: String, added: GitFileOrigins.Commit, files: [String], git: CommitQuestions) -> VersionLock.Entry? {
        guard let version = history.versions.first(where: { $0.label == newest }), version.isReleased,
              let lastEdit = commits(["-1", "--diff-filter=M", "\(added.id)..\(git.commit)", "--"] + files, git: git).first?.commit,
              let release = AppVersionChanges(git: git, building: version.file).oldest(in: "\(added.id)..\(lastEdit.id)"),
              // The first edit since that change, or in the same commit.
              let first = commits(["--reverse", "--diff-filter=M", "--name-only", "\(release.commit)^..\(git.commit)", "--"] + files, git: git).first,
              let file = first.file, case let edit = first.commit,
              let data = git.run(["show", "\(edit.id)^:\(file)"]), data.succeeded,
              let copy = try? XcodeModelReader.parse(version: data.standardOutput, file: "\(edit.id)^:\(file)", model: version.model, label: version.label, cloudKit: version.usesCloudKit),
              !copy.entities.isEmpty
        else { return nil }
        var entry = VersionLock.Entry(model: history.model, version: version.version.text, hash: "", location: SourceLocation(file: "\(edit.id)^:\(file)", line: 1, column: 1))
        entry.label = version.label
        entry.releasedCopy = copy
        entry.editedAfterSuccessor = VersionEdit(commit: edit, lastCommit: lastEdit.id == edit.id ? nil : lastEdit, successor: newest, successorAdded: added, afterAppVersionChange: release)
        entry.history = history.key
        return entry
    }

    /// The first-parent commits `git log` lists with `arguments`, each with the files it names
    /// (`--name-only`), or one entry with no file; paths relative to `top`.
    func commits(_ arguments: [String], git: CommitQuestions) -> [(commit: GitFileOrigins.Commit, file: String?)] {
        let command = ["-c", "core.quotePath=false", "log", "--first-parent", "--no-color", "--no-renames", "--format=%x01%h %cs"] + arguments
        guard let output = git.run(command), output.succeeded else { return [] }
        var result: [(commit: GitFileOrigins.Commit, file: String?)] = []
        var current: GitFileOrigins.Commit?
        var named = false
        for line in output.text.split(separator: "\n") {
            if line.hasPrefix("\u{1}") {
                if let current, !named { result.append((current, nil)) }
                let words = line.dropFirst().split(separator: " ", maxSplits: 1)
                current = GitFileOrigins.Commit(position: (current?.position ?? 0) + 1, id: String(words.first ?? ""), date: words.count > 1 ? String(words[1]) : "")
                named = false
            } else if let current {
                result.append((current, String(line)))
                named = true
            }
        }
        if let current, !named { result.append((current, nil)) }
        return result
    }
}

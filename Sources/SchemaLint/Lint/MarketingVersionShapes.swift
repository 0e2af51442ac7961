import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

extension LintPipeline {
    /// For each Xcode model of one version that no tag or lock records (`recorded`: the models a
    /// lock has entries for), the version as the project had it at the newest change of the app's
    /// version since the version came (`MARKETING_VERSION`, `CFBundleShortVersionString`): a team
    /// that tags no release still changes the app's version with each. Bumped as a release goes
    /// out, the version at that change is what the release shipped; bumped as the next cycle
    /// begins, it is what the release before shipped, as no edit came between. An edit since is
    /// the coming release's, checked as an edit since a release tag is (a relationship made
    /// to-many in place, in a model that syncs). One `git log` for the commit that added the
    /// version, one for the app's version, and the model read at that commit.
    func marketingVersionShapes(histories: [ModelHistory], recorded: Set<String>, _ options: Options, configuration: ProjectConfiguration) -> [VersionLock.Entry] {
        let single = histories.filter { history in
            let inFiles = history.versions.filter { $0.releaseTag == nil }
            return inFiles.count == 1 && inFiles[0].format == .xcode && !recorded.contains(history.model)
        }
        guard !single.isEmpty, let top = GitWorkTree.root(containing: Self.repositoryFolder(options)), !GitWorkTree.isShallow(top: top),
              let git = CommitQuestions(top: top, cache: options.gitCache) else { return [] }
        let root = PathResolution.canonical(top)
        let finder = ModelSourceFinder(readers: ModelLoader(configuration: configuration, readers: readers).modelFormatReaders)
        // The models whose newest change of the app's version is one commit (one app's models)
        // are read there at once.
        var byChange: [String: (change: AppVersionChange, models: [(history: ModelHistory, version: ModelVersion, source: String)])] = [:]
        let versions = single.compactMap { history in history.versions.first(where: { $0.releaseTag == nil }).map { (history, $0, PathResolution.relative(PathResolution.canonical($0.file), to: root)) } }
        let addedBy = Self.commitsThatFirstAdded(versions.map(\.2), git: git)
        // The newest change of one project's version is every model's that was there before it:
        // asked once, where each range would cost a `log -G` over the project file.
        var newestByScope: [String: AppVersionChange] = [:]
        for (history, version, file) in versions {
            guard let added = addedBy[file] else { continue }
            let changes = AppVersionChanges(git: git, building: version.file)
            let known = newestByScope[changes.scope].flatMap { change in
                git.run(["merge-base", "--is-ancestor", added, change.commit]).map { $0.status == 0 ? change : nil } ?? nil
            }
            guard let change = known ?? changes.newest(in: "\(added)..\(git.commit)") else { continue }
            newestByScope[changes.scope] = newestByScope[changes.scope] ?? change
            let source = finder.enclosingFolderSource(of: version.file)?.path ?? version.file
            byChange[change.commit, default: (change, [])].models.append((history, version, source))
        }
        var entries: [VersionLock.Entry] = []
        for commit in byChange.keys.sorted() {
            guard let (change, models) = byChange[commit] else { continue }
            var earlier = options
            earlier.paths = Array(Set(models.map(\.source))).sorted()
            earlier.history = .files
            guard let reference = releasedVersions(at: GitReleaseTags.Tag(name: commit, object: commit), earlier, configuration: configuration, top: top, keepingBundles: true) else { continue }
            for model in models {
                // The copy read from the model's own source (`commit:path`), of its one version.
                let place = commit + ":" + PathResolution.relative(PathResolution.canonical(model.source), to: root)
                for var entry in reference.released where entry.releasedCopy?.format == .xcode && entry.names(model.version)
                    && (entry.location?.file).map({ $0 == place || $0.hasPrefix(place + "/") }) == true {
                    entry.model = model.history.model
                    entry.history = model.history.key
                    entry.releasedBefore = change
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    /// The commit that first added each of `files` (paths relative to the top), by path: one
    /// `git log` for them all, oldest first, where a log of each would walk the whole history.
    private static func commitsThatFirstAdded(_ files: [String], git: CommitQuestions) -> [String: String] {
        guard !files.isEmpty, let log = git.run(["log", "--reverse", "--no-color", "--no-renames", "--diff-filter=A", "--name-only", "-z", "--format=%x01%h", git.commit, "--"] + files.map { ":(literal)" + $0 }),
              log.succeeded else { return [:] }
        return firstCommitListing(eachPathIn: log.text)
    }
}

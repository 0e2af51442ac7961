import Foundation
import SchemaLintCore

/// Loads every version of an Xcode model bundle (`Name.xcdatamodeld`).
package enum XcodeBundleLoader {
    /// Reads the bundle at `path`: each `*.xcdatamodel` folder with a model file becomes a version,
    /// numbered 1...n in history order (`options.order`, else the order in which git first added
    /// them, else natural order of the folder names); folders without one are listed in
    /// `legacyVersions`. Versions after the current one are drafts unless `options.drafts` says.
    /// `tree`: where the bundle lies (a git tag's files have no history to order them by).
    package static func load(_ path: String, options: XcodeBundleOptions = .init(), in tree: any SourceTree = FileSystemTree()) throws(InputError) -> XcodeModelBundle {
        let model = XcodeModelBundle.modelName(ofBundleAt: path)
        let folders = try versionFolders(in: path, tree: tree)
        var readable: [String: String] = [:]
        var legacy: [XcodeLegacyVersion] = []
        for folder in folders {
            let folderPath = (path as NSString).appendingPathComponent(folder)
            let name = XcodeModelBundle.versionName(ofFolder: folder)
            if let file = modelFile(inVersionFolder: folderPath, tree: tree) {
                readable[name] = file
            } else {
                legacy.append(XcodeLegacyVersion(name: name, path: folderPath))
            }
        }
        let legacyNames = Set(legacy.map(\.name))
        let current = try XcodeCurrentVersion.read(bundle: path, in: tree) ?? options.projectCurrentVersion
        let asksGit = options.order == nil && options.readsGitHistory && tree.hasHistory
            && !XcodeVersionOrder.namesSuffice(Set(readable.keys), current: current, model: model)
        let git = asksGit ? options.gitAnswer ?? XcodeVersionCommits.read(bundle: path, snapshot: options.snapshot) : .init()
        var ordering = try XcodeVersionOrder.ordering(
            of: Set(readable.keys), legacy: legacyNames, explicit: options.order, commits: git.commits, bundle: path, current: current)
        ordering.gitProblem = git.problem
        ordering.isShallowClone = git.isShallow
        if ordering.basis == .git, let current {
            placeEarlierStates(of: current, in: &ordering, readable: readable, tree: tree, bundle: path, snapshot: options.snapshot)
            placeCopiesOfEarlierVersions(before: current, in: &ordering, readable: readable, tree: tree)
            if options.drafts == nil { leaveOutLeftovers(after: current, in: &ordering, bundle: path, snapshot: options.snapshot) }
        }
        // In a shallow clone whose names carry no order, any step compared would be a guess (steps
        // no store takes, a current version "not the newest"): the current version is checked on
        // its own, and `version-order-from-git` says what to fetch. So it is when the names put
        // several versions after the current one: drafts, or copies of what it was, only the
        // history tells. So it is where one commit added every version (an import, a squash):
        // git cannot order them either.
        let addedTogether = ordering.basis == .git && readable.keys.allSatisfy { ordering.commits[$0] != nil }
            && Set(ordering.commits.values.map(\.id)).count == 1
        if git.isShallow || addedTogether, let current, readable[current] != nil, readable.count > 1,
           !XcodeVersionOrder.namesCarryOrder(Set(readable.keys), model: model) && !XcodeVersionOrder.numbersCarryOrderAcrossStems(Set(readable.keys), current: current)
            || (ordering.history.firstIndex(of: current).map { ordering.history.count - 1 - $0 } ?? 0) > 1 {
            ordering.checksCurrentOnly = true
        }
        let ordered = ordering.checksCurrentOnly ? [current!] : ordering.history
        let drafts = try XcodeVersionOrder.drafts(
            configured: options.drafts, history: ordered, current: current, known: Set(readable.keys).union(legacyNames), bundle: path)

        // Versions are independent: read them on all cores (each parse has its own libxml2 context).
        // An entity written the same way in several versions is read once (`EntityTextCache`).
        let files = readable
        let entities = EntityTextCache()
        let versions = try OrderedConcurrentMap.map(count: ordered.count) { offset throws(InputError) in
            let name = ordered[offset]
            return try XcodeModelReader.read(
                contentsAt: files[name]!, in: tree, model: model, version: VersionNumber(ordinal: offset + 1),
                label: name, isReleased: !drafts.contains(name), cloudKit: options.cloudKit, entities: entities)
        }
        return XcodeModelBundle(
            path: path, name: model, versions: versions,
            currentVersionName: current,
            legacyVersions: legacy.sorted { NaturalOrder.precedes($0.name, $1.name) },
            ordering: ordering, configuredDrafts: options.drafts.map { Set($0.map(XcodeModelBundle.versionName(ofFolder:))) })
    }

    /// Moves the versions git added after the current one that hold an earlier state of it (its
    /// `contents` before the commit that added the copy, as far as the model goes: not what Xcode
    /// rewrites on saving, nor spaces and line breaks), and not its state now, to just before it.
    private static func placeEarlierStates(
        of current: String, in ordering: inout XcodeVersionOrdering, readable: [String: String], tree: any SourceTree, bundle path: String, snapshot: GitSnapshot?
    ) {
        guard let position = ordering.history.firstIndex(of: current), position < ordering.history.count - 1,
              let currentFile = readable[current], case .success(let now) = tree.contents(of: currentFile) else { return }
        let later = ordering.history[(position + 1)...].filter { ordering.commits[$0] != nil }
        let before = XcodeVersionCommits.contents(ofVersion: current, before: later.compactMap { ordering.commits[$0]?.id }, bundle: path, snapshot: snapshot)
        let earlier = later.filter { name in
            guard let commit = ordering.commits[name]?.id, let original = before[commit], let file = readable[name],
                  case .success(let copy) = tree.contents(of: file) else { return false }
            // A copy the same as the current version now is a version just added (Xcode's "Add
            // Model Version" copies the current one), not yet edited: a draft.
            let stripped = XcodeModelText.comparable(copy)
            return stripped == XcodeModelText.comparable(original) && stripped != XcodeModelText.comparable(now)
        }
        guard !earlier.isEmpty else { return }
        ordering.history = ordering.history.filter { !earlier.contains($0) }
        ordering.history.insert(contentsOf: earlier, at: ordering.history.firstIndex(of: current)!)
        ordering.earlierStatesOfCurrent = earlier
    }

    /// Leaves out the versions after the current one that came in the commit that added it and
    /// that no commit edited since, while commits since edited the current one
    /// (`XcodeVersionOrdering.leftoversAfterCurrent`). One `git log`, asked only where the
    /// commit that added the current version added a version after it.
    private static func leaveOutLeftovers(after current: String, in ordering: inout XcodeVersionOrdering, bundle path: String, snapshot: GitSnapshot?) {
        guard let position = ordering.history.firstIndex(of: current), position < ordering.history.count - 1,
              let commit = ordering.commits[current] else { return }
        let sameCommit = ordering.history[(position + 1)...].filter { ordering.commits[$0] == commit }
        guard !sameCommit.isEmpty, let edited = XcodeVersionCommits.edited([current] + sameCommit, since: commit.id, bundle: path, snapshot: snapshot),
              edited.contains(current) else { return }
        let leftovers = sameCommit.filter { !edited.contains($0) }
        guard !leftovers.isEmpty else { return }
        ordering.history.removeAll(where: leftovers.contains)
        ordering.byName.removeAll(where: leftovers.contains)
        ordering.leftoversAfterCurrent = leftovers
    }

    /// Moves the versions that the commit which added the current version added after it by name,
    /// and that are unchanged copies of a version before it (`mHealth 3`, a copy of `mHealth 2`,
    /// beside the new current `arc 3`), to just after the version they copy: the commit made
    /// the other one current, so they are leftovers, not drafts.
    private static func placeCopiesOfEarlierVersions(before current: String, in ordering: inout XcodeVersionOrdering, readable: [String: String], tree: any SourceTree) {
        guard let position = ordering.history.firstIndex(of: current), position < ordering.history.count - 1, position > 0,
              let commit = ordering.commits[current] else { return }
        func stripped(_ name: String) -> [UInt8]? {
            guard let file = readable[name], case .success(let data) = tree.contents(of: file) else { return nil }
            return XcodeModelText.comparable(data)
        }
        let sameCommit = ordering.history[(position + 1)...].filter { ordering.commits[$0] == commit }
        guard !sameCommit.isEmpty else { return }
        let older = ordering.history[..<position]
        let olderContents = older.map { ($0, stripped($0)) }
        for copy in sameCommit {
            guard let contents = stripped(copy), contents != stripped(current),
                  let original = olderContents.last(where: { $0.1 == contents })?.0 else { continue }
            ordering.history.removeAll { $0 == copy }
            ordering.history.insert(copy, at: ordering.history.firstIndex(of: original)! + 1)
            ordering.copiesOfEarlierVersions[copy] = original
        }
    }

    /// Whether loading the bundle at `path` with `options` would ask git for its history (the
    /// order is not given, and the names alone do not settle it): a run asks git once for all such
    /// bundles.
    package static func asksGitHistory(_ path: String, options: XcodeBundleOptions, in tree: any SourceTree = FileSystemTree()) -> Bool {
        guard options.order == nil, options.readsGitHistory, tree.hasHistory, let folders = try? versionFolders(in: path, tree: tree) else { return false }
        let readable = folders.filter { modelFile(inVersionFolder: (path as NSString).appendingPathComponent($0), tree: tree) != nil }
        let current = (try? XcodeCurrentVersion.read(bundle: path, in: tree)) ?? options.projectCurrentVersion
        return !XcodeVersionOrder.namesSuffice(Set(readable.map(XcodeModelBundle.versionName(ofFolder:))), current: current, model: XcodeModelBundle.modelName(ofBundleAt: path))
    }

    /// Why the bundle at `path` holds no version to read, or nil when it holds one: no version
    /// folder at all (a leftover of a deleted target, only its `.xccurrentversion` committed), or
    /// only version folders without a model file.
    package static func unreadableReason(_ path: String, in tree: any SourceTree = FileSystemTree()) -> String? {
        guard let folders = try? versionFolders(in: path, tree: tree) else {
            guard (try? tree.entries(ofFolder: path)) != nil else { return nil }
            return "the model bundle has no version folders (*\(XcodeModelBundle.versionExtension)); it is left out of the lint"
        }
        let readable = folders.contains { modelFile(inVersionFolder: (path as NSString).appendingPathComponent($0), tree: tree) != nil }
        return readable ? nil : "the model bundle's version folders hold no model file (contents or elements); it is left out of the lint"
    }

    /// The model file of the version folder at `folder`: its `contents`, else Xcode 3's `elements`;
    /// nil when it has neither.
    package static func modelFile(inVersionFolder folder: String, tree: any SourceTree) -> String? {
        XcodeModelBundle.modelFiles.lazy.map { (folder as NSString).appendingPathComponent($0) }.first { tree.exists($0) }
    }

    /// The `*.xcdatamodel` folder names in the bundle.
    private static func versionFolders(in path: String, tree: any SourceTree) throws(InputError) -> [String] {
        let entries: [SourceTreeEntry]
        do throws(SourceTreeProblem) {
            entries = try tree.entries(ofFolder: path)
        } catch {
            switch error {
            case .missing: throw InputError(file: path, message: "no such model bundle")
            case .wrongKind: throw InputError(file: path, message: "not a model bundle: expected a folder Name\(XcodeModelBundle.bundleExtension)")
            case .unreadable(let problem): throw InputError(file: path, message: "cannot list the model bundle: \(problem)")
            }
        }
        let folders = entries.filter { $0.isFolder && $0.name.hasSuffix(XcodeModelBundle.versionExtension) }.map(\.name)
        guard !folders.isEmpty else {
            throw InputError(file: path, message: "the model bundle has no version folders (*\(XcodeModelBundle.versionExtension))")
        }
        return folders
    }
}

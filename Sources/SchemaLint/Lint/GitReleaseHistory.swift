import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// `--history git`: the releases of each model its files do not version (one YAML version, a
/// bundle with one version folder, or a reader's history of one version such as SwiftData's
/// `@Model` classes without a `VersionedSchema`), read at the repository's release tags; and the
/// store file names of the store-handling code at the last release tag.
///
/// The files at each tag come from git's object database, not from a checkout: one
/// `git for-each-ref` for the tags, one `git ls-tree` per tag, one `git cat-file --batch` for every
/// file needed (each distinct file once, however many tags share it). They go through the reader
/// that read the model in the working tree, as a `SourceTree` of the tag (`GitTagFiles`), so no
/// format is chosen here. Each tag that has the model becomes a released version, labelled with
/// the tag, located at `tag:path`, and ordered before the working tree's version, which becomes
/// the next release: checked against them, not released itself (the file is edited in place, so
/// neither `--against` nor a lock holds it to an earlier copy).
/// A model is followed by its history (a reader that names histories by the model), else by its
/// source's path, else by its model's name, from the sources below the paths linted and those
/// outside them that bear its source's name or lie in its folder, so that sources that moved
/// between releases are still found.
struct GitReleaseHistory {
    var pattern: String
    /// The paths lie in a copy of a revision (`--against`): its repository and history are read.
    var snapshot: GitSnapshot?
    /// Knows the run's readers, as set up for the working tree.
    var loader: ModelLoader
    /// The paths linted: where a tag's files are looked for by the readers of other formats.
    var paths: [String]
    var runner = GitRunner()
    /// The run's release tags, read once for all who ask.
    var releaseTags = ReleaseTagsReading()
    /// A run that asked for no history source: only the newest release tag is read, for the
    /// models edited in place whose reader migrates their stores itself (a YAML model of one file,
    /// SwiftData classes without a `VersionedSchema`), so that the next release's changes are
    /// checked against what shipped; where git, tags or the model at the tag are missing, nothing
    /// is read and nothing is said.
    var newestReleaseOnly = false

    /// How the working tree's version is named in messages when it is the newest of a history
    /// read at release tags: it is the release being prepared.
    static let workingTreeLabel = "the next release"

    struct Reading {
        /// What was read for each model, by history (`ModelVersion.history`).
        var readings: [String: GitReleaseReading] = [:]
        var errors: [InputError] = []
    }

    /// The revision whose past holds the releases.
    private var revision: String { snapshot?.revision ?? "HEAD" }

    /// Adds the releases read at the tags to `loaded`, and makes each working-tree version with
    /// releases from git the next release.
    func read(into loaded: inout ModelLoader.Loaded) -> Reading {
        var reading = Reading()
        var versions: [ModelVersion] = []
        var models: [UnversionedModel] = []
        for (model, error) in unversionedModels(in: loaded) {
            if let model, !newestReleaseOnly || model.current.isComparedWithNewestReleaseByDefault { models.append(model) }
            if let error, !newestReleaseOnly { reading.errors.append(error) }
        }
        if newestReleaseOnly, models.isEmpty { return reading }
        let storeCodeTop = newestReleaseOnly ? nil : loaded.storeCode.storeFileNames.first.flatMap { place(of: $0.place.location.file)?.top }
        let present = presentSources(in: loaded)
        for top in Set(models.map(\.top) + [storeCodeTop].compactMap { $0 }).sorted() {
            do throws(InputError) {
                let found = try read(models.filter { $0.top == top }, storeCode: top == storeCodeTop, top: top, present: present[top] ?? [], into: &reading)
                versions += found.versions
                if let names = found.lastReleaseStoreFileNames { loaded.storeCode.lastRelease = names }
            } catch {
                if !newestReleaseOnly { reading.errors.append(error) }
            }
        }
        for index in loaded.versions.indices where reading.readings[loaded.versions[index].history] != nil {
            loaded.versions[index].isReleased = false
            loaded.versions[index].label = Self.workingTreeLabel
        }
        loaded.versions += versions
        return reading
    }

    /// A model of the working tree with a single version.
    private struct UnversionedModel: Sendable {
        var current: ModelVersion
        /// The reader that read it (`ModelSourceReader.name`).
        var reader: String
        /// Its source (a model file, a bundle), as found, and relative to `top`.
        var path: String
        var relative: String
        /// The top of its repository's work tree.
        var top: String
    }

    /// The models with one version: YAML files, bundles, and the histories of one version a reader
    /// read.
    private func unversionedModels(in loaded: ModelLoader.Loaded) -> [(UnversionedModel?, InputError?)] {
        let counts = Dictionary(loaded.versions.map { ($0.history, 1) }, uniquingKeysWith: +)
        // A bundle's version folders without a model file are versions too, unread: such a bundle is versioned in its files.
        let withLegacyVersions = Set(loaded.bundles.filter { !$0.legacyVersions.isEmpty }.flatMap { $0.versions.map(\.history) })
        let finder = ModelSourceFinder(readers: loader.modelFormatReaders + loader.allReaders)
        var result: [(UnversionedModel?, InputError?)] = []
        for version in loaded.versions.sorted(by: { $0.history < $1.history }) where counts[version.history] == 1 && !withLegacyVersions.contains(version.history) {
            guard let name = loaded.readerOfHistory[version.history] else { continue }
            // The folder read whole that holds the version (a bundle), else its file.
            let path = finder.enclosingFolderSource(of: version.file)?.path ?? version.file
            guard let (top, relative) = place(of: path) else {
                result.append((nil, InputError(file: path, message: "--history git reads this model's releases at git tags, but it lies in no git work tree (use --history files, or lint it inside its repository)")))
                continue
            }
            result.append((UnversionedModel(current: version, reader: name, path: path, relative: relative, top: top), nil))
        }
        return result
    }

    /// The sources of every model of the working tree (a bundle, a model file), relative to the
    /// top of their work tree, by top: a source of the same name that a release held at one of
    /// these paths is that model's, not where another model was before it moved.
    private func presentSources(in loaded: ModelLoader.Loaded) -> [String: Set<String>] {
        let finder = ModelSourceFinder(readers: loader.modelFormatReaders + loader.allReaders)
        var present: [String: Set<String>] = [:]
        for file in Set(loaded.versions.map(\.file)) {
            guard let (top, relative) = place(of: finder.enclosingFolderSource(of: file)?.path ?? file) else { continue }
            present[top, default: []].insert(relative)
        }
        return present
    }

    /// The top of the work tree holding `path`, and `path` relative to it ("" for the top itself,
    /// when `allowingTop`).
    private func place(of path: String, allowingTop: Bool = false) -> (top: String, relative: String)? {
        let top: String, relative: String, outside: String
        if let snapshot {
            (top, relative, outside) = (snapshot.root, PathResolution.relative(path, to: snapshot.folder), path)
        } else {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
            guard let root = GitWorkTree.root(containing: resolved) else { return nil }
            (top, relative, outside) = (root, PathResolution.relative(resolved, to: root), resolved)
        }
        // `relative(_:to:)` gives the path unchanged when it lies outside.
        if relative == outside { return nil }
        if relative == "." { return allowingTop ? (top, "") : nil }
        return (top, relative)
    }

    /// Where the readers of other formats look for a tag's files in the repository at `top`.
    private func tagSources(top: String) -> ReleaseTagSources {
        let roots = paths.compactMap { path -> ReleaseTagSources.Root? in
            guard let (pathTop, relative) = place(of: path, allowingTop: true), pathTop == top else { return nil }
            return ReleaseTagSources.Root(relative: relative, named: path)
        }
        let readers = loader.modelFormatReaders + loader.allReaders
        let finder = ModelSourceFinder(excluded: loader.configuration.exclude, excludeBase: loader.configuration.directory, readers: readers)
        return ReleaseTagSources(roots: roots, finder: finder, readers: readers)
    }

    /// What was read at the tags of one repository: the models' releases, and the store file
    /// names of the code at the last tag.
    private struct RepositoryReleases {
        var versions: [ModelVersion] = []
        var lastReleaseStoreFileNames: ReleasedStoreFileNames?
    }

    /// Reads the releases of the models of one repository, and (`storeCode`) the store file names
    /// of the store-handling code at its last release tag.
    private func read(_ models: [UnversionedModel], storeCode: Bool, top: String, present: Set<String>, into reading: inout Reading) throws(InputError) -> RepositoryReleases {
        let tags: [GitReleaseTags.Tag]
        let pattern: String
        switch releaseTags.tags(matching: self.pattern, mergedInto: revision, top: top, runner: runner, cache: loader.gitCache) {
        case nil: throw InputError(file: models.first?.path ?? top, message: "--history git reads release tags with git, which cannot be run here")
        case .failure(let failure): throw InputError(file: top, message: "cannot read the release tags: \(failure.message)")
        case .success(let found): (tags, pattern) = (newestReleaseOnly ? Array(found.upToNewestRelease.suffix(1)) : found.tags, found.pattern)
        }
        if newestReleaseOnly, tags.isEmpty { return RepositoryReleases() }
        let runner = self.runner
        // The models need every tag's files; the store code only the last tag's.
        let listed = models.isEmpty ? Array(tags.indices.suffix(storeCode ? 1 : 0)) : Array(tags.indices)
        let listedTrees = try OrderedConcurrentMap.map(count: listed.count) { position throws(InputError) in
            let tag = tags[listed[position]]
            switch GitTree.read(tag.object, top: top, runner: runner) {
            case .success(let tree)?: return tree
            case .failure(let failure)?: throw InputError(file: top, message: "cannot list the files of tag '\(tag.name)': \(failure.message)")
            case nil: throw InputError(file: top, message: "--history git reads release tags with git, which cannot be run here")
            }
        }
        var listedTree = [GitTree](repeating: GitTree(blobs: [:]), count: tags.count)
        for (index, tree) in zip(listed, listedTrees) { listedTree[index] = tree }
        let trees = listedTree
        // Which readers read each tag's files: the models' readers at every tag, all of them at the
        // last tag for the store code. Every file is read with one `git cat-file`.
        let sources = tagSources(top: top)
        let modelReaders = Set(models.map(\.reader))
        let codeReaders = Set(loader.allReaders.map(\.name))
        let readersAtTag = tags.indices.map { index in
            sources.readers.filter { modelReaders.contains($0.name) || (storeCode && index == tags.count - 1 && codeReaders.contains($0.name)) }
        }
        // A model that moved is looked for by its source's name or in its folder outside the paths
        // linted too; a folder read whole (a bundle) is read only where it may be a model's.
        let sourceNames = Set(models.map { ($0.relative as NSString).lastPathComponent.lowercased() })
        let sourceFolders = Set(models.map { PathResolution.parent(of: $0.relative) })
        func named(_ path: String) -> Bool { sourceNames.contains((path as NSString).lastPathComponent.lowercased()) }
        let candidates = tags.indices.map { index in
            Self.built(sources.candidates(
                in: trees[index], for: readersAtTag[index],
                outside: { path in named(path) || sourceFolders.contains(PathResolution.parent(of: path)) },
                readsFolder: { folder in named(folder) || models.contains { $0.relative == folder } }), tree: trees[index], tag: tags[index].object, top: top, cache: loader.gitCache)
        }
        let wanted = Set(candidates.flatMap { $0.flatMap { $0.blobs } }).sorted()
        let contents: [String: Data]
        switch GitBlobs.read(wanted, top: top, runner: runner) {
        case .success(let found)?: contents = found
        case .failure(let failure)?: throw InputError(file: top, message: "cannot read the model files at the release tags: \(failure.message)")
        case nil: throw InputError(file: top, message: "--history git reads release tags with git, which cannot be run here")
        }
        let names = tags.map(\.name)
        let options = loader.readingOptions
        let claimed = Dictionary(sources.readers.map { reader in
            (reader.name, sources.claimed(by: reader, among: tags.indices.filter { readersAtTag[$0].contains { $0.name == reader.name } }.flatMap { candidates[$0] }, contents: contents))
        }, uniquingKeysWith: { first, _ in first })
        // What each reader makes of each tag's files, by reader name.
        let readings = OrderedConcurrentMap.map(count: tags.count) { index in
            let files = GitTagFiles(tag: names[index], tree: trees[index], contents: contents, top: top)
            return Dictionary(readersAtTag[index].map { reader in
                (reader.name, sources.read(reader, files: files, candidates: candidates[index], claimed: claimed[reader.name] ?? [], options: options))
            }, uniquingKeysWith: { first, _ in first })
        }
        var result = RepositoryReleases()
        for model in models {
            let found = try OrderedConcurrentMap.map(count: tags.count) { index throws(InputError) in
                try release(of: model, at: names[index], position: index + 1, reading: readings[index][model.reader] ?? ModelSourceReading(), present: present)
            }.compactMap { $0 }
            result.versions += found
            reading.readings[model.current.history] = GitReleaseReading(
                pattern: pattern, revision: revision, matchingTags: names, releases: found.compactMap(\.releaseTag))
        }
        if storeCode, let last = readings.last {
            // App code is read leniently at the tag as in the working tree: only the names count.
            let facts = StoreCodeFacts(merging: sources.readers.compactMap { last[$0.name]?.storeCode })
            result.lastReleaseStoreFileNames = ReleasedStoreFileNames(tag: names[names.count - 1], names: facts.storeFileNames)
        }
        return result
    }

    /// `candidates` less the code files no Xcode project at `tag` builds, decided as the walk of
    /// the working tree decides: an old copy of a model's class left beside the sources (a
    /// folder the project stopped listing) declares nothing that shipped, and read with the
    /// built one it would stand for it.
    /// A tag names its files for good: the answer is kept under the tag and the files asked about.
    private static func built(_ candidates: [ReleaseTagSources.Candidate], tree: GitTree, tag: String, top: String, cache: GitHistoryCache?) -> [ReleaseTagSources.Candidate] {
        let code = candidates.filter { candidate in !candidate.isFolder && ModelSourceFinder.codeSuffixes.contains { candidate.path.hasSuffix($0) } }.map(\.path)
        guard !code.isEmpty, tree.blobs.keys.contains(where: { $0.hasSuffix(".xcodeproj/project.pbxproj") }) else { return candidates }
        func absolute(_ path: String) -> String { (top as NSString).appendingPathComponent(path) }
        func unbuilt() -> Data? {
            let built = Set(LintPipeline.builtAtRevision(code.map(absolute), git: GitRevision(listed: tag, top: top), listed: Array(tree.blobs.keys)))
            return Data(code.filter { !built.contains(absolute($0)) }.joined(separator: "\n").utf8)
        }
        let key = ["code files no project builds", top, tag, GitHistoryCache.hash(code.joined(separator: "\n"))]
        guard let answer = cache.map({ $0.reading(about: key, read: unbuilt) }) ?? unbuilt() else { return candidates }
        let left = Set(String(decoding: answer, as: UTF8.self).split(separator: "\n").map(String.init))
        return candidates.filter { !left.contains($0.path) }
    }

    /// The released version of `model` at `tag`, or nil when the tag does not have it. `reading`:
    /// what the model's reader made of the tag's files. The release is, among the versions of the
    /// model's own history there (a reader that names histories by the model), else among those of
    /// the source at the model's path, else among those of the source of a model of the same name
    /// nearest to that path (a file or bundle that moved) and not at the path of another model of
    /// the working tree (`present`: a watch app's bundle beside the phone's is another model),
    /// the one at the model's path, else the newest released.
    private func release(of model: UnversionedModel, at tag: String, position: Int, reading: ModelSourceReading, present: Set<String>) throws(InputError) -> ModelVersion? {
        let prefix = "\(tag):"
        let here = prefix + model.relative
        func isHere(_ file: String) -> Bool { file == here || file.hasPrefix(here + "/") }
        if let error = reading.errors.filter({ isHere($0.file) }).min(by: { ($0.file, $0.line ?? 0, $0.column ?? 0) < ($1.file, $1.line ?? 0, $1.column ?? 0) }) { throw error }
        var candidates = reading.versions.filter { $0.history == model.current.history }
        if candidates.isEmpty { candidates = reading.versions.filter { isHere($0.file) } }
        if candidates.isEmpty {
            let folders = model.relative.split(separator: "/")
            func shared(_ file: String) -> Int { zip(file.dropFirst(prefix.count).split(separator: "/"), folders).prefix { $0 == $1 }.count }
            func isAnotherModels(_ file: String) -> Bool {
                let path = file.dropFirst(prefix.count)
                return present.contains { $0 != model.relative && (path == $0 || path.hasPrefix($0 + "/")) }
            }
            let named = reading.versions.filter { $0.model.lowercased() == model.current.model.lowercased() && !isAnotherModels($0.file) }
            let nearest = named.max { (shared($0.file), $1.file) < (shared($1.file), $0.file) }
            candidates = named.filter { $0.history == nearest?.history }
        }
        let chosen = candidates.first { isHere($0.file) && $0.file == here }
            ?? candidates.filter(\.isReleased).max { $0.version < $1.version }
            ?? candidates.max { $0.version < $1.version }
        guard var version = chosen else { return nil }
        version.model = model.current.model
        version.history = model.current.history
        version.version = VersionNumber(releasePosition: position, tag: tag)
        version.label = tag
        version.isReleased = true
        version.releaseTag = tag
        // A release's own suppressions cover its own findings, which are never reported.
        version.suppressions = []
        return version
    }
}

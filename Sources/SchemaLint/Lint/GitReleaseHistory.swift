import Foundation

/// `--history git`: the releases of each model its files do not version (one YAML version, a
/// bundle with one version folder, or a reader's history of one version such as SwiftData's
/// `@Model` classes without a `VersionedSchema`), read at the repository's release tags; and the
/// store file names of the store-handling code at the last release tag.
///
/// The files at each tag come from git's object database, not from a checkout: one
/// `git for-each-ref` for the tags, one `git ls-tree` per tag, one `git cat-file --batch` for every
/// file needed (each distinct file once, however many tags share it). They go through the readers
/// the working tree's files go through. Each tag that has the model becomes a released version,
/// labelled with the tag, located at `tag:path`, and ordered before the working tree's version,
/// which becomes the next release: checked against them, not released itself (the file is edited
/// in place, so neither `--against` nor a lock holds it to an earlier copy).
/// A model is followed by its path, else by its file's name or folder (YAML, whose `model:` must
/// match) or its bundle's name, so files that moved between releases are still found; a reader's
/// model by the files its reader claims below the paths linted.
struct GitReleaseHistory {
    var pattern: String
    /// The paths lie in a copy of a revision (`--against`): its repository and history are read.
    var snapshot: GitSnapshot?
    /// Reads YAML files as the working tree's are read, and knows each bundle's settings and readers.
    var loader: ModelLoader
    /// The paths linted: where a tag's files are looked for by the readers of other formats.
    var paths: [String]
    var runner = GitRunner()

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
            if let model { models.append(model) }
            if let error { reading.errors.append(error) }
        }
        let storeCodeTop = loaded.storeCode.storeFileNames.first.flatMap { place(of: $0.place.location.file)?.top }
        for top in Set(models.map(\.top) + [storeCodeTop].compactMap { $0 }).sorted() {
            do throws(InputError) {
                let found = try read(models.filter { $0.top == top }, storeCode: top == storeCodeTop, top: top, into: &reading)
                versions += found.versions
                if let names = found.lastReleaseStoreFileNames { loaded.storeCode.lastRelease = names }
            } catch {
                reading.errors.append(error)
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
        enum Kind: Sendable { case yaml, bundle(cloudKit: Bool), reader(name: String) }
        var current: ModelVersion
        var kind: Kind
        /// The YAML file or the bundle, as found, and relative to `top`.
        var path: String
        var relative: String
        /// The top of its repository's work tree.
        var top: String
    }

    /// The models with one version: YAML files, bundles, and the histories of one version a reader
    /// read.
    private func unversionedModels(in loaded: ModelLoader.Loaded) -> [(UnversionedModel?, InputError?)] {
        let counts = Dictionary(loaded.versions.map { ($0.history, 1) }, uniquingKeysWith: +)
        let bundles = Dictionary(loaded.bundles.map { ("bundle:" + $0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [(UnversionedModel?, InputError?)] = []
        for version in loaded.versions.sorted(by: { $0.history < $1.history }) where counts[version.history] == 1 {
            let kind: UnversionedModel.Kind, path: String
            if let bundle = bundles[version.history] {
                guard bundle.legacyVersions.isEmpty else { continue }
                (kind, path) = (.bundle(cloudKit: loader.bundleOptions(for: bundle.path).cloudKit), bundle.path)
            } else if loaded.readerOfHistory[version.history] == YAMLModelFileReader.readerName {
                (kind, path) = (.yaml, version.file)
            } else if let reader = loaded.readerOfHistory[version.history] {
                (kind, path) = (.reader(name: reader), version.file)
            } else {
                continue
            }
            guard let (top, relative) = place(of: path) else {
                result.append((nil, InputError(file: path, message: "--history git reads this model's releases at git tags, but it lies in no git work tree (use --history files, or lint it inside its repository)")))
                continue
            }
            result.append((UnversionedModel(current: version, kind: kind, path: path, relative: relative, top: top), nil))
        }
        return result
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
        let finder = ModelSourceFinder(excluded: loader.configuration.exclude, excludeBase: loader.configuration.directory)
        return ReleaseTagSources(roots: roots, finder: finder, readers: loader.allReaders)
    }

    /// What was read at the tags of one repository: the models' releases, and the store file
    /// names of the code at the last tag.
    private struct RepositoryReleases {
        var versions: [ModelVersion] = []
        var lastReleaseStoreFileNames: ReleasedStoreFileNames?
    }

    /// Reads the releases of the models of one repository, and (`storeCode`) the store file names
    /// of the store-handling code at its last release tag.
    private func read(_ models: [UnversionedModel], storeCode: Bool, top: String, into reading: inout Reading) throws(InputError) -> RepositoryReleases {
        let tags: [GitReleaseTags.Tag]
        switch GitReleaseTags.read(matching: pattern, mergedInto: revision, top: top, runner: runner) {
        case nil: throw InputError(file: models.first?.path ?? top, message: "--history git reads release tags with git, which cannot be run here")
        case .failure(let failure): throw InputError(file: top, message: "cannot read the release tags: \(failure.message)")
        case .success(let found): tags = found.tags
        }
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
        var trees = [GitTree](repeating: GitTree(blobs: [:]), count: tags.count)
        for (index, tree) in zip(listed, listedTrees) { trees[index] = tree }
        // Which readers read each tag's files: a model's reader at every tag, all of them at the
        // last tag for the store code.
        let sources = tagSources(top: top)
        let modelReaders = Set(models.compactMap { model -> String? in if case .reader(let name) = model.kind { name } else { nil } })
        let readersAtTag = tags.indices.map { index in
            sources.readers.filter { modelReaders.contains($0.name) || (storeCode && index == tags.count - 1) }
        }
        // Which files of each tag might hold each model, or be read by a reader; all of them are read at once.
        let candidates = models.map { model in trees.map { tree in Self.candidates(for: model, in: tree) } }
        let readerFiles = tags.indices.map { index in sources.candidates(in: trees[index], for: readersAtTag[index]) }
        let wanted = Set(candidates.flatMap { $0.flatMap { $0.map(\.blob) } } + readerFiles.flatMap { $0.map(\.blob) }).sorted()
        let contents: [String: Data]
        switch GitBlobs.read(wanted, top: top, runner: runner) {
        case .success(let found)?: contents = found
        case .failure(let failure)?: throw InputError(file: top, message: "cannot read the model files at the release tags: \(failure.message)")
        case nil: throw InputError(file: top, message: "--history git reads release tags with git, which cannot be run here")
        }
        let names = tags.map(\.name)
        let options = loader.readingOptions
        let claimed = Dictionary(sources.readers.map { reader in
            (reader.name, sources.claimed(by: reader, among: tags.indices.filter { readersAtTag[$0].contains { $0.name == reader.name } }.flatMap { readerFiles[$0] }, contents: contents))
        }, uniquingKeysWith: { first, _ in first })
        // What each reader makes of each tag's files, by reader name.
        let readings = try OrderedConcurrentMap.map(count: tags.count) { index throws(InputError) in
            Dictionary(readersAtTag[index].map { reader in
                (reader.name, sources.read(reader, tag: names[index], files: readerFiles[index], claimed: claimed[reader.name] ?? [], contents: contents, options: options))
            }, uniquingKeysWith: { first, _ in first })
        }
        var result = RepositoryReleases()
        for (model, perTag) in zip(models, candidates) {
            let found = try OrderedConcurrentMap.map(count: tags.count) { index throws(InputError) in
                try release(of: model, at: names[index], position: index + 1, files: perTag[index], contents: contents, readings: readings[index])
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

    /// A file of a tag that may belong to a model.
    private struct Candidate: Sendable {
        var path: String
        var blob: String
    }

    /// The files of `tree` that may hold `model`: for YAML the file at the same path, else YAML
    /// files of the same name or in the same folder; for a bundle, the files of the bundle at the
    /// same path, else of the bundle of the same name (case aside) that shares the most folders.
    private static func candidates(for model: UnversionedModel, in tree: GitTree) -> [Candidate] {
        switch model.kind {
        case .yaml:
            if let blob = tree.blobs[model.relative] { return [Candidate(path: model.relative, blob: blob)] }
            let name = (model.relative as NSString).lastPathComponent, folder = (model.relative as NSString).deletingLastPathComponent
            return tree.blobs.filter { path, _ in
                YAMLModelFileReader.extensions.contains((path as NSString).pathExtension.lowercased())
                    && ((path as NSString).lastPathComponent == name || (path as NSString).deletingLastPathComponent == folder)
            }.map { Candidate(path: $0.key, blob: $0.value) }.sorted { $0.path < $1.path }
        case .reader:
            // Read through the model's reader with the tag's other files (`ReleaseTagSources`).
            return []
        case .bundle:
            let name = (model.relative as NSString).lastPathComponent.lowercased()
            var bundles: [String: [Candidate]] = [:]
            for (path, blob) in tree.blobs {
                guard let bundle = ModelSourceFinder.enclosingBundle(of: path), (bundle as NSString).lastPathComponent.lowercased() == name else { continue }
                bundles[bundle, default: []].append(Candidate(path: path, blob: blob))
            }
            let folders = model.relative.split(separator: "/")
            func shared(_ bundle: String) -> Int { zip(bundle.split(separator: "/"), folders).prefix { $0 == $1 }.count }
            let chosen = bundles.keys.max { (shared($0), $1) < (shared($1), $0) }
            return chosen.map { bundle in (bundles[bundle] ?? []).sorted { $0.path < $1.path } } ?? []
        }
    }

    /// The released version of `model` at `tag`, or nil when the tag does not have it. `readings`:
    /// what the readers of other formats made of the tag's files, by reader.
    private func release(of model: UnversionedModel, at tag: String, position: Int, files: [Candidate], contents: [String: Data], readings: [String: ModelSourceReading]) throws(InputError) -> ModelVersion? {
        func place(_ path: String) -> String { "\(tag):\(path)" }
        var version: ModelVersion
        switch model.kind {
        case .reader(let name):
            let read = readings[name] ?? ModelSourceReading()
            if let error = read.errors.min(by: { ($0.file, $0.line ?? 0, $0.column ?? 0) < ($1.file, $1.line ?? 0, $1.column ?? 0) }) { throw error }
            // The same history, of one version there too (a tag where it was versioned is another history).
            let same = read.versions.filter { $0.history == model.current.history }
            guard same.count == 1 else { return nil }
            version = same[0]
        case .yaml:
            guard let read = try yamlRelease(of: model, files: files, contents: contents, place: place) else { return nil }
            version = read
        case .bundle(let cloudKit):
            guard let contentsFile = try bundleRelease(files: files, contents: contents, place: place) else { return nil }
            version = try XcodeModelReader.parse(
                contents[contentsFile.blob] ?? Data(), file: place(contentsFile.path), model: model.current.model, cloudKit: cloudKit)
        }
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

    /// The YAML release: the file at the model's path, else the newest released version of the
    /// same model among the other candidates (files that do not read as models are not it).
    private func yamlRelease(of model: UnversionedModel, files: [Candidate], contents: [String: Data], place: (String) -> String) throws(InputError) -> ModelVersion? {
        if let same = files.first(where: { $0.path == model.relative }) {
            let bytes = [UInt8](contents[same.blob] ?? Data())
            guard YAMLModelFileReader.looksLikeModelFile(bytes: bytes) else { return nil }
            return try loader.yamlVersion(bytes: bytes, file: place(same.path))
        }
        let versions = files.compactMap { file -> ModelVersion? in
            let bytes = [UInt8](contents[file.blob] ?? Data())
            guard YAMLModelFileReader.looksLikeModelFile(bytes: bytes) else { return nil }
            return try? loader.yamlVersion(bytes: bytes, file: place(file.path))
        }.filter { $0.model == model.current.model }
        return versions.filter(\.isReleased).max { $0.version < $1.version } ?? versions.max { $0.version < $1.version }
    }

    /// The `contents` file of the bundle's released version at the tag: its only version, else
    /// the current version (`.xccurrentversion`), else the last by name.
    private func bundleRelease(files: [Candidate], contents: [String: Data], place: (String) -> String) throws(InputError) -> Candidate? {
        var versions: [String: Candidate] = [:]
        var currentVersionFile: Candidate?
        for file in files {
            let parts = file.path.split(separator: "/")
            guard let bundleIndex = parts.lastIndex(where: { $0.lowercased().hasSuffix(XcodeModelBundle.bundleExtension) }) else { continue }
            let inside = parts[(bundleIndex + 1)...]
            if inside.count == 1, inside.first == Substring(XcodeCurrentVersion.fileName) { currentVersionFile = file }
            if inside.count == 2, inside.last == "contents", inside.first!.hasSuffix(XcodeModelBundle.versionExtension) {
                versions[XcodeModelBundle.versionName(ofFolder: String(inside.first!))] = file
            }
        }
        guard versions.count > 1 else { return versions.values.first }
        if let file = currentVersionFile,
           let current = try XcodeCurrentVersion.parse(contents[file.blob] ?? Data(), file: place(file.path)),
           let chosen = versions[current] {
            return chosen
        }
        return NaturalOrder.sorted(versions.keys).last.flatMap { versions[$0] }
    }
}

import Foundation

/// `--history git`: the releases of each model its files do not version (one YAML version, or a
/// bundle with one version folder), read at the repository's release tags.
///
/// The files at each tag come from git's object database, not from a checkout: one
/// `git for-each-ref` for the tags, one `git ls-tree` per tag, one `git cat-file --batch` for every
/// file needed (each distinct file once, however many tags share it). They go through the readers
/// the working tree's files go through. Each tag that has the model becomes a released version,
/// labelled with the tag, located at `tag:path`, and ordered before the working tree's version,
/// which becomes the next release: checked against them, not released itself (the file is edited
/// in place, so neither `--against` nor a lock holds it to an earlier copy).
/// A model is followed by its path, else by its file's name or folder (YAML, whose `model:` must
/// match) or its bundle's name, so files that moved between releases are still found.
struct GitReleaseHistory {
    var pattern: String
    /// The paths lie in a copy of a revision (`--against`): its repository and history are read.
    var snapshot: GitSnapshot?
    /// Reads YAML files as the working tree's are read, and knows each bundle's settings.
    var loader: ModelLoader
    var runner = GitRunner()

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
        for top in Set(models.map(\.top)).sorted() {
            do throws(InputError) {
                try read(models.filter { $0.top == top }, top: top, into: &reading, versions: &versions)
            } catch {
                reading.errors.append(error)
            }
        }
        for index in loaded.versions.indices where reading.readings[loaded.versions[index].history] != nil {
            loaded.versions[index].isReleased = false
        }
        loaded.versions += versions
        return reading
    }

    /// A model of the working tree with a single version.
    private struct UnversionedModel: Sendable {
        enum Kind: Sendable { case yaml, bundle(cloudKit: Bool) }
        var current: ModelVersion
        var kind: Kind
        /// The YAML file or the bundle, as found, and relative to `top`.
        var path: String
        var relative: String
        /// The top of its repository's work tree.
        var top: String
    }

    /// The models with one version: YAML files and bundles (other sources are not read at tags).
    private func unversionedModels(in loaded: ModelLoader.Loaded) -> [(UnversionedModel?, InputError?)] {
        let counts = Dictionary(loaded.versions.map { ($0.history, 1) }, uniquingKeysWith: +)
        let bundles = Dictionary(loaded.bundles.map { ("bundle:" + $0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [(UnversionedModel?, InputError?)] = []
        for version in loaded.versions.sorted(by: { $0.history < $1.history }) where counts[version.history] == 1 {
            let kind: UnversionedModel.Kind, path: String
            if let bundle = bundles[version.history] {
                guard bundle.legacyVersions.isEmpty else { continue }
                (kind, path) = (.bundle(cloudKit: loader.bundleOptions(for: bundle.path).cloudKit), bundle.path)
            } else if ModelSourceFinder.yamlExtensions.contains((version.file as NSString).pathExtension.lowercased()) {
                (kind, path) = (.yaml, version.file)
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

    /// The top of the work tree holding `path`, and `path` relative to it.
    private func place(of path: String) -> (top: String, relative: String)? {
        if let snapshot {
            let relative = PathResolution.relative(path, to: snapshot.folder)
            return relative == path || relative == "." ? nil : (snapshot.root, relative)
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        guard let top = GitWorkTree.root(containing: resolved) else { return nil }
        let relative = PathResolution.relative(resolved, to: top)
        return relative == resolved || relative == "." ? nil : (top, relative)
    }

    /// Reads the releases of the models of one repository.
    private func read(_ models: [UnversionedModel], top: String, into reading: inout Reading, versions: inout [ModelVersion]) throws(InputError) {
        let tags: [GitReleaseTags.Tag]
        switch GitReleaseTags.read(matching: pattern, mergedInto: revision, top: top, runner: runner) {
        case nil: throw InputError(file: models[0].path, message: "--history git reads release tags with git, which cannot be run here")
        case .failure(let failure): throw InputError(file: top, message: "cannot read the release tags: \(failure.message)")
        case .success(let found): tags = found.tags
        }
        let runner = self.runner
        let trees = try OrderedConcurrentMap.map(count: tags.count) { index throws(InputError) in
            switch GitTree.read(tags[index].object, top: top, runner: runner) {
            case .success(let tree)?: return tree
            case .failure(let failure)?: throw InputError(file: top, message: "cannot list the files of tag '\(tags[index].name)': \(failure.message)")
            case nil: throw InputError(file: top, message: "--history git reads release tags with git, which cannot be run here")
            }
        }
        // Which files of each tag might hold each model; all of them are read at once.
        let candidates = models.map { model in trees.map { tree in Self.candidates(for: model, in: tree) } }
        let wanted = Set(candidates.flatMap { $0.flatMap { $0.map(\.blob) } }).sorted()
        let contents: [String: Data]
        switch GitBlobs.read(wanted, top: top, runner: runner) {
        case .success(let found)?: contents = found
        case .failure(let failure)?: throw InputError(file: top, message: "cannot read the model files at the release tags: \(failure.message)")
        case nil: throw InputError(file: top, message: "--history git reads release tags with git, which cannot be run here")
        }
        let names = tags.map(\.name)
        for (model, perTag) in zip(models, candidates) {
            let found = try OrderedConcurrentMap.map(count: tags.count) { index throws(InputError) in
                try release(of: model, at: names[index], position: index + 1, files: perTag[index], contents: contents)
            }.compactMap { $0 }
            versions += found
            reading.readings[model.current.history] = GitReleaseReading(
                pattern: pattern, revision: revision, matchingTags: names, releases: found.compactMap(\.releaseTag))
        }
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
                ModelSourceFinder.yamlExtensions.contains((path as NSString).pathExtension.lowercased())
                    && ((path as NSString).lastPathComponent == name || (path as NSString).deletingLastPathComponent == folder)
            }.map { Candidate(path: $0.key, blob: $0.value) }.sorted { $0.path < $1.path }
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

    /// The released version of `model` at `tag`, or nil when the tag does not have it.
    private func release(of model: UnversionedModel, at tag: String, position: Int, files: [Candidate], contents: [String: Data]) throws(InputError) -> ModelVersion? {
        func place(_ path: String) -> String { "\(tag):\(path)" }
        var version: ModelVersion
        switch model.kind {
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
            guard ModelSourceFinder.looksLikeModelFile(bytes: bytes) else { return nil }
            return try loader.yamlVersion(bytes: bytes, file: place(same.path))
        }
        let versions = files.compactMap { file -> ModelVersion? in
            let bytes = [UInt8](contents[file.blob] ?? Data())
            guard ModelSourceFinder.looksLikeModelFile(bytes: bytes) else { return nil }
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

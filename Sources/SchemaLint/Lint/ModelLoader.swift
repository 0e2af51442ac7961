import Foundation
import Dispatch

/// Loads every model version found under the given paths, applying the project's configuration
/// (bundle settings, declared CloudKit sync). Collects one error per unreadable source.
/// Sources load in parallel (each is independent); results keep the sources' sorted order.
public struct ModelLoader: Sendable {
    public var configuration: ProjectConfiguration
    /// `--cloudkit`: models that do not say otherwise are synced.
    public var declaresCloudKit: Bool
    /// `--skip-non-model-files`: YAML files named on the command line that do not look like model
    /// files (no line starts with `model:`) are left alone instead of being errors.
    public var skipsNonModelFiles: Bool
    /// The run was given no path (`schemalint` at a repository's root): a folder without any
    /// model is no error, as a hook or CI job in a repository without models must pass.
    public var allowsNoModel = false
    /// `--order FILE`: the history order of the one bundle being linted (version names, oldest first).
    public var bundleOrder: [String]?
    /// The paths lie in files copied from a git revision (`--against`): bundles read their history there.
    public var snapshot: GitSnapshot?
    /// Where what git said about the bundles' history is kept between runs (nil: not kept).
    public var gitCache: GitHistoryCache?
    public var yaml: YAMLModelLoader
    /// Readers of formats the core does not know (registered by the executable).
    public var readers: [any ModelSourceReader]
    /// Categories whose every rule the run turns off: readers that only feed one of them
    /// (`ModelSourceReader.feedsOnly`) are not asked about any file.
    public var categoriesOff: Set<RuleCategory> = []

    public init(configuration: ProjectConfiguration = ProjectConfiguration(), declaresCloudKit: Bool = false, skipsNonModelFiles: Bool = false, yaml: YAMLModelLoader = YAMLModelLoader(), readers: [any ModelSourceReader] = []) {
        self.configuration = configuration
        self.declaresCloudKit = declaresCloudKit
        self.skipsNonModelFiles = skipsNonModelFiles
        self.yaml = yaml
        self.readers = readers
    }

    public struct Loaded: Sendable {
        public var versions: [ModelVersion]
        /// The Xcode bundles read, for checks of the bundle itself (current version, legacy versions).
        public var bundles: [XcodeModelBundle]
        /// The Core Data mapping models found beside the bundles, below the paths, and where the
        /// configuration's `mappingModels:` says.
        public var mappingModels: [MappingModel] = []
        /// Problems with the input; any of them makes the run exit 2.
        public var errors: [InputError]
        /// Migrations the registered readers found written in their sources, by history.
        public var writtenMigrations: [String: [WrittenMigration]] = [:]
        /// What the registered readers mapped by a guess or left out (warnings; the run goes on).
        public var readingNotes: [ReadingNote] = []
        /// What the project's store-handling code does (Swift, Objective-C, Info.plist files).
        public var storeCode = StoreCodeFacts()
        /// The `// schemalint:ignore` comments of the files the readers read.
        public var suppressions: [Suppression] = []
        /// The reader (by name) whose files hold each history it read (`ModelVersion.history`).
        public var readerOfHistory: [String: String] = [:]
        /// What the folder walk left out, and why.
        public var skipped: [SkippedPath] = []
        /// What the walk found to read (bundles, model files, files registered readers claimed).
        public var sources: [ModelSource] = []
    }

    /// The readers the core has of its own, asked after the registered ones: Objective-C store
    /// code, Info.plist background modes and the CloudKit containers code creates (no dependency
    /// beyond libxml2).
    public static let builtInReaders: [any ModelSourceReader] = [ObjCStoreCodeReader(), InfoPlistReader(), CloudKitContainerReader()]

    /// The registered readers and the built-in ones, less those whose rules are all off.
    var allReaders: [any ModelSourceReader] {
        (readers + Self.builtInReaders).filter { reader in reader.feedsOnly.map { !categoriesOff.contains($0) } ?? true }
    }

    /// What the readers are told about the project, with a new `SharedReadingWork`: one value for
    /// all readers of a run.
    var readingOptions: ModelSourceReadingOptions {
        ModelSourceReadingOptions(declaresCloudKit: declaresCloudKit || (configuration.cloudKit ?? false))
    }

    public func load(paths: [String]) -> Loaded {
        // A revision's files copied out for `--against` hold nothing git ignores.
        var finder = ModelSourceFinder(excluded: configuration.exclude, excludeBase: configuration.directory, readers: allReaders, readsGitIgnores: snapshot == nil)
        finder.included = configuration.include
        var found: ModelSourceFinder.Found
        do {
            found = try finder.sourcesAndMappingModels(in: paths, allowsNoModel: allowsNoModel)
            var seen: Set<String> = []
            found.mappingModels = try (found.mappingModels + finder.mappingModels(in: configuration.mappingModels).map(ConfigurationLoader.displayPath))
                .filter { seen.insert(PathResolution.canonical($0)).inserted }.sorted()
        } catch {
            return Loaded(versions: [], bundles: [], errors: [error])
        }
        var sources = found.sources
        let (mappingModelPaths, claimedContents) = (found.mappingModels, found.claimedContents)
        if bundleOrder != nil, sources.filter({ if case .xcodeBundle = $0 { true } else { false } }).count != 1 {
            return Loaded(versions: [], bundles: [], errors: [InputError(
                file: paths.first ?? ".", message: "--order gives the order of one bundle, but the paths hold \(sources.filter { if case .xcodeBundle = $0 { true } else { false } }.count); name the bundle, or give each bundle its `order:` in .schemalint.yml"
            )])
        }
        if skipsNonModelFiles {
            sources = sources.filter { source in
                guard case .yamlFile(let path) = source, paths.contains(path) else { return true }
                return ModelSourceFinder.looksLikeModelFile(path)
            }
        }
        let claimed = sources.filter { if case .readerFile = $0 { true } else { false } }
        sources.removeAll { if case .readerFile = $0 { true } else { false } }
        // A YAML file named on its own (as a pre-commit hook passes changed files) is linted with
        // the rest of its history: the other model files in its folder with the same model.
        let named = Set(sources)
        let explicitFiles = sources.compactMap { source -> String? in
            if case .yamlFile(let path) = source, paths.contains(path) { return path }
            return nil
        }
        let siblings = finder.siblings(of: explicitFiles).filter { !named.contains($0) }
        var loaded = Loaded(versions: [], bundles: [], errors: [])
        loaded.skipped = found.skipped
        loaded.sources = sources + claimed
        let (results, mappingModels) = loadConcurrently(sources + siblings, mappingModels: mappingModelPaths, entities: EntityTextCache())
        for result in results.prefix(sources.count) {
            switch result {
            case .success(.yaml(let version)): loaded.versions.append(version)
            case .success(.bundle(let bundle)):
                loaded.versions += bundle.versions
                loaded.bundles.append(bundle)
            case .success(.unreadableBundle(let note)): loaded.readingNotes.append(note)
            case .failure(let error): loaded.errors.append(error)
            }
        }
        readClaimed(claimed, contents: claimedContents, into: &loaded)
        for result in mappingModels {
            switch result {
            case .success(let mappingModel): loaded.mappingModels.append(mappingModel)
            case .failure(let error): loaded.errors.append(error)
            }
        }
        // Siblings were not asked for: they only complete histories, and other files are left alone.
        let histories = Set(loaded.versions.map(\.history))
        for case .success(.yaml(let version)) in results.dropFirst(sources.count) where histories.contains(version.history) {
            loaded.versions.append(version)
        }
        return loaded
    }

    /// Hands each registered reader the files it claimed, all at once (a history may span files),
    /// with the bytes the walk read.
    private func readClaimed(_ claimed: [ModelSource], contents: [String: [UInt8]], into loaded: inout Loaded) {
        let options = readingOptions
        for reader in allReaders {
            let files = claimed.compactMap { source -> String? in
                if case .readerFile(let path, reader.name) = source { return path }
                return nil
            }
            guard !files.isEmpty else { continue }
            let sources = files.sorted().map { (name: $0, bytes: contents[$0] ?? []) }
            let reading = reader.read(sources: sources, options: options)
            for version in reading.versions { loaded.readerOfHistory[version.history] = reader.name }
            loaded.versions += reading.versions
            loaded.errors += reading.errors
            loaded.readingNotes += reading.notes
            loaded.writtenMigrations.merge(reading.writtenMigrations) { $0 + $1 }
            loaded.storeCode.append(reading.storeCode)
            loaded.suppressions += reading.suppressions
        }
        loaded.readingNotes.sort()
        loaded.suppressions.sort { $0.location < $1.location }
    }

    enum Source: Sendable {
        case yaml(ModelVersion)
        case bundle(XcodeModelBundle)
        /// A bundle with no version to read (an empty leftover, or only Xcode 3's binary versions):
        /// a warning on it, and the other models are linted.
        case unreadableBundle(ReadingNote)
    }

    /// The sources and the mapping models (at `mappingModels`), read together on all cores, each in
    /// its order. `entities` is shared by the files: an entity written the same way in several is
    /// decoded once. Bundles with the most versions start first (`OrderedConcurrentMap.startOrder`);
    /// a mapping model counts as a bundle of `mappingModelCost` versions.
    private func loadConcurrently(
        _ sources: [ModelSource], mappingModels: [String], entities: EntityTextCache
    ) -> (sources: [Result<Source, InputError>], mappingModels: [Result<MappingModel, InputError>]) {
        // Git is asked once for every bundle whose names do not settle its order.
        let asking = sources.compactMap { source -> String? in
            guard case .xcodeBundle(let path) = source, XcodeBundleLoader.asksGitHistory(path, options: bundleOptions(for: path)) else { return nil }
            return path
        }
        let gitAnswers = asking.isEmpty ? [:] : XcodeVersionCommits.read(bundles: asking, snapshot: snapshot, cache: gitCache)
        let costs = sources.map(Self.versionCount) + mappingModels.map { _ in Self.mappingModelCost }
        let results = OrderedConcurrentMap.map(count: costs.count, costs: costs) { index -> Job in
            guard index >= sources.count else { return .source(load(sources[index], entities: entities, gitAnswers: gitAnswers)) }
            return .mappingModel(Result { () throws(InputError) in try MappingModelReader.read(folder: mappingModels[index - sources.count]) })
        }
        return (results.compactMap { if case .source(let result) = $0 { result } else { nil } },
                results.compactMap { if case .mappingModel(let result) = $0 { result } else { nil } })
    }

    /// What one job of `loadConcurrently` gave.
    private enum Job: Sendable {
        case source(Result<Source, InputError>)
        case mappingModel(Result<MappingModel, InputError>)
    }

    /// A mapping model's share of the loading, in versions of a bundle: Xcode archives both models
    /// into it (hundreds of kilobytes), so it reads like several versions.
    private static let mappingModelCost = 8

    /// About how many versions a source holds, to start the largest first: a bundle's entries, one
    /// for a file.
    private static func versionCount(_ source: ModelSource) -> Int {
        guard case .xcodeBundle(let path) = source else { return 1 }
        return (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? 1
    }

    func load(_ source: ModelSource, entities: EntityTextCache? = nil, gitAnswers: [String: XcodeVersionCommits.Answer] = [:]) -> Result<Source, InputError> {
        do throws(InputError) {
            switch source {
            case .yamlFile(let path):
                return .success(.yaml(try yamlVersion(bytes: try FileReader.bytes(of: path), file: path, entities: entities)))
            case .xcodeBundle(let path):
                if let reason = XcodeBundleLoader.unreadableReason(path) {
                    return .success(.unreadableBundle(ReadingNote(at: SourceLocation(file: path, line: 1, column: 1), reason)))
                }
                var options = bundleOptions(for: path)
                options.gitAnswer = gitAnswers[path]
                var bundle = try XcodeBundleLoader.load(path, options: options)
                for index in bundle.versions.indices { bundle.versions[index].history = "bundle:" + path }
                return .success(.bundle(bundle))
            case .readerFile(let path, let reader):
                return .failure(InputError(file: path, message: "no reader named '\(reader)' is registered for this file"))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The version a YAML model file holds; a file that does not say `cloudkit:` takes the declared default.
    func yamlVersion(bytes: [UInt8], file: String, entities: EntityTextCache? = nil) throws(InputError) -> ModelVersion {
        var version = try yaml.load(bytes: bytes, file: file, entities: entities)
        if version.propertyLocations["cloudkit"] == nil {
            version.usesCloudKit = declaresCloudKit || (configuration.cloudKit ?? false)
        }
        return version
    }

    /// What the configuration and the command line say about one bundle.
    public func bundleOptions(for path: String) -> XcodeBundleOptions {
        let settings = configuration.settings(forBundle: path)
        let cloudKit = declaresCloudKit || (settings?.cloudKit ?? configuration.cloudKit ?? false)
        return XcodeBundleOptions(order: bundleOrder ?? settings?.order, drafts: settings?.drafts, cloudKit: cloudKit, snapshot: snapshot)
    }

    /// Reads an order file: one version name per line, oldest first; blank lines and `#` comments are ignored.
    public static func readOrder(file: String) throws(InputError) -> [String] {
        let text = String(decoding: try FileReader.bytes(of: file), as: UTF8.self)
        let names = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !names.isEmpty else { throw InputError(file: file, line: 1, column: 1, message: "the order file names no version") }
        return names
    }
}

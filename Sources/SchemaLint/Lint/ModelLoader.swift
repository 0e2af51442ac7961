import Foundation
import Dispatch
import SchemaLintCodeScan
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode
import SchemaLintYAML

/// Loads every model version found under the given paths, applying the project's configuration
/// (bundle settings, declared CloudKit sync). Collects one error per unreadable source.
/// Sources load in parallel (each is independent); results keep the sources' sorted order.
package struct ModelLoader: Sendable {
    package var configuration: ProjectConfiguration
    /// `--cloudkit`: models that do not say otherwise are synced.
    package var declaresCloudKit: Bool
    /// `--skip-non-model-files`: YAML files named on the command line that do not look like model
    /// files (no line starts with `model:`) are left alone instead of being errors.
    package var skipsNonModelFiles: Bool
    /// The run was given no path (`schemalint` at a repository's root): a folder without any
    /// model is no error, as a hook or CI job in a repository without models must pass.
    package var allowsNoModel = false
    /// `--order FILE`: the history order of the one bundle being linted (version names, oldest first).
    package var bundleOrder: [String]?
    /// The paths lie in files copied from a git revision (`--against`): bundles read their history there.
    package var snapshot: GitSnapshot?
    /// Where what git said about the bundles' history is kept between runs (nil: not kept).
    package var gitCache: GitHistoryCache?
    package var yaml: YAMLModelLoader
    /// Readers of formats the core does not know (registered by the executable).
    package var readers: [any ModelSourceReader]
    /// Categories whose every rule the run turns off: readers that only feed one of them
    /// (`ModelSourceReader.feedsOnly`) are not asked about any file.
    package var categoriesOff: Set<RuleCategory> = []
    /// What the readers make of a file that the run's other readings of the same files (at
    /// release tags, copied out under other names) would make again (a Swift parse); nil: none.
    package var sharedWork: SharedReadingWork?

    package init(configuration: ProjectConfiguration = ProjectConfiguration(), declaresCloudKit: Bool = false, skipsNonModelFiles: Bool = false, yaml: YAMLModelLoader = YAMLModelLoader(), readers: [any ModelSourceReader] = []) {
        self.configuration = configuration
        self.declaresCloudKit = declaresCloudKit
        self.skipsNonModelFiles = skipsNonModelFiles
        self.yaml = yaml
        self.readers = readers
    }

    package struct Loaded: Sendable {
        package var versions: [ModelVersion]
        /// The Xcode bundles read, for checks of the bundle itself (current version, legacy versions).
        package var bundles: [XcodeModelBundle]
        /// The Core Data mapping models found beside the bundles, below the paths, and where the
        /// configuration's `mappingModels:` says.
        package var mappingModels: [MappingModel] = []
        /// Problems with the input; any of them makes the run exit 2.
        package var errors: [InputError]
        /// Migrations the registered readers found written in their sources, by history.
        package var writtenMigrations: [String: [WrittenMigration]] = [:]
        /// What the registered readers mapped by a guess or left out (warnings; the run goes on).
        package var readingNotes: [ReadingNote] = []
        /// What the project's store-handling code does (Swift, Objective-C, Info.plist files).
        package var storeCode = StoreCodeFacts()
        /// The `// schemalint:ignore` comments of the files the readers read.
        package var suppressions: [Suppression] = []
        /// The reader (by name) whose files hold each history it read (`ModelVersion.history`).
        package var readerOfHistory: [String: String] = [:]
        /// What the folder walk left out, and why.
        package var skipped: [SkippedPath] = []
        /// What the walk found to read (bundles, model files, files registered readers claimed).
        package var sources: [ModelSource] = []
        /// Files the readers read for what their own files refer to (`ModelSourceReading.supportingFiles`).
        package var supportingFiles: [String] = []
    }

    /// The readers the core has of its own, asked after the registered ones: Objective-C store
    /// code, Info.plist background modes and the CloudKit containers code creates (no dependency
    /// beyond libxml2).
    package static let builtInReaders: [any ModelSourceReader] = [ObjCStoreCodeReader(), InfoPlistReader(), CloudKitContainerReader()]

    /// The registered readers and the built-in ones, less those whose rules are all off.
    var allReaders: [any ModelSourceReader] {
        (readers + Self.builtInReaders).filter { reader in reader.feedsOnly.map { !categoriesOff.contains($0) } ?? true }
    }

    /// What the readers are told about the project, with `sharedWork`, else a new
    /// `SharedReadingWork`: what one reader made is let go when it is done.
    var readingOptions: ModelSourceReadingOptions {
        ModelSourceReadingOptions(declaresCloudKit: declaresCloudKit || (configuration.cloudKit ?? false), sharedWork: sharedWork ?? SharedReadingWork())
    }

    /// The core's model formats, set up for this run: Xcode bundles and models outside a bundle
    /// (with what the configuration and the command line say about each) and YAML model files.
    var modelFormatReaders: [any ModelSourceReader] {
        [
            XcodeModelBundleReader(bundleOptions: { [self] path in bundleOptions(for: path) }, gitCache: gitCache),
            XcodeStandaloneModelReader(bundleOptions: { [self] path in bundleOptions(for: path) }),
            YAMLModelFileReader(yaml: yaml),
        ]
    }

    package func load(paths: [String]) -> Loaded {
        let readers = modelFormatReaders + allReaders
        // A revision's files copied out for `--against` hold nothing git ignores.
        var finder = ModelSourceFinder(excluded: configuration.exclude, excludeBase: configuration.directory, readers: readers, readsGitIgnores: snapshot == nil)
        finder.included = configuration.include
        finder.readsEveryNamedFile = !skipsNonModelFiles
        var found: ModelSourceFinder.Found
        do {
            found = try finder.sourcesAndMappingModels(in: paths, allowsNoModel: allowsNoModel)
            var seen: Set<String> = []
            found.mappingModels = try (found.mappingModels + finder.mappingModels(in: configuration.mappingModels).map(ConfigurationLoader.displayPath))
                .filter { seen.insert(PathResolution.canonical($0)).inserted }.sorted()
        } catch {
            return Loaded(versions: [], bundles: [], errors: [error])
        }
        let sources = found.sources
        if bundleOrder != nil {
            let bundles = sources.filter { $0.reader == XcodeModelBundleReader.readerName }.count
            if bundles != 1 {
                return Loaded(versions: [], bundles: [], errors: [InputError(
                    file: paths.first ?? ".", message: "--order gives the order of one bundle, but the paths hold \(bundles); name the bundle, or give each bundle its `order:` in .schemalint.yml"
                )])
            }
        }
        var loaded = Loaded(versions: [], bundles: [], errors: [])
        // Code of a reader's language that no reader claims (an Objective-C category, a
        // bridging header): `--verbose` says why it was not read, as it says what the walk left out.
        let said = Set(found.skipped.map(\.path))
        let code = [".swift", ".m", ".mm", ".h"]
        let unread = found.unclaimed.filter { path in !said.contains(path) && code.contains(where: path.hasSuffix) && readers.contains { $0.mayClaim(name: path) } }
        loaded.skipped = (found.skipped + unread.map { SkippedPath(path: $0, reason: .namesNoStoreAPI) }).sorted()
        loaded.sources = sources
        let named = Set(paths)
        var companions: [(reader: any ModelSourceReader, files: [String])] = []
        for reader in readers {
            let files = sources.filter { $0.reader == reader.name }.map(\.path)
            guard !files.isEmpty else { continue }
            var read: [ModelSourceFile] = []
            for file in files {
                if let bytes = found.claimedContents[file] {
                    read.append((file, bytes))
                } else if !reader.folderNameSuffixes.isEmpty {
                    read.append((file, []))
                } else {
                    // Claimed unread (named, or unreadable in the walk): read now, or said why not.
                    do throws(InputError) { read.append((file, try FileReader.bytes(of: file))) } catch { loaded.errors.append(error) }
                }
            }
            var options = readingOptions
            options.projectCurrentVersions = found.projectCurrentVersions
            let own = Set(files)
            let claimedByOthers = sources.filter { $0.reader != reader.name && !own.contains($0.path) && reader.mayConsult(name: $0.path) }.map(\.path)
            options.unclaimedFiles = (found.unclaimed.filter { reader.mayConsult(name: $0) } + claimedByOthers).sorted()
            add(reader.read(sources: read, options: options), of: reader, to: &loaded)
            // A file named on its own (as a pre-commit hook passes changed files) is linted with
            // the rest of its history: the other files its reader says complete it.
            let completing = reader.companions(ofNamed: files.filter(named.contains)).filter { !own.contains($0) && !finder.isExcluded($0) }
            if !completing.isEmpty { companions.append((reader, completing)) }
        }
        // A run of named files (a pre-commit hook's) does not see the code that may save.
        if paths.allSatisfy({ path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }) {
            loaded.storeCode.bundledDatabaseFiles = Self.bundledDatabaseFiles(loaded.storeCode, code: sources.map(\.path) + found.unclaimed, contents: found.claimedContents)
        }
        let mappingModelPaths = found.mappingModels
        for result in OrderedConcurrentMap.map(count: mappingModelPaths.count, { index in
            Result { () throws(InputError) in try MappingModelReader.read(folder: mappingModelPaths[index]) }
        }) {
            switch result {
            case .success(let mappingModel): loaded.mappingModels.append(mappingModel)
            case .failure(let error): loaded.errors.append(error)
            }
        }
        // Companions were not asked for: they only complete histories, and their problems and other
        // histories are left alone.
        let histories = Set(loaded.versions.map(\.history))
        for (reader, files) in companions {
            let read = files.compactMap { file in (try? FileReader.bytes(of: file)).map { (name: file, bytes: $0) } }
            loaded.versions += reader.read(sources: read, options: readingOptions).versions.filter { histories.contains($0.history) }
        }
        // An Info.plist in a module's own folder (a framework's, copied from an extension's) makes
        // no extension; a file several targets build is the app's too.
        // The top of the walk is "" in one and "." in the other.
        let modules = Set(found.moduleFolders.map { $0.isEmpty ? "." : $0 })
        loaded.storeCode.appExtensions.removeAll { modules.contains($0.folder.isEmpty ? "." : $0.folder) }
        loaded.storeCode.sourcesOfSeveralTargets = found.sourcesOfSeveralTargets
        loaded.bundles.sort { $0.path < $1.path }
        Self.sayOnceWhatSubmodulesMayDeclare(in: &loaded)
        loaded.readingNotes.sort()
        loaded.suppressions.sort { $0.location < $1.location }
        return loaded
    }

    /// `StoreCodeFacts.bundledDatabaseFiles`: of the files that delete a store where it fails, those
    /// that copy a database out of the bundle (`pathForResource`, `url(forResource:)`, then
    /// `copyItem`), where none of the app's code files (tests left out) saves, runs a batch
    /// request or names CloudKit outside its comments. A file that cannot be read may save.
    private static func bundledDatabaseFiles(_ facts: StoreCodeFacts, code paths: [String], contents: [String: [UInt8]]) -> Set<String> {
        func bytes(_ path: String) -> [UInt8]? { contents[path] ?? (try? FileReader.bytes(of: path)) }
        let deleting = Set(facts.failureActions.filter { $0.action == .deletesTheStore }.map(\.place.location.file))
        let copying = deleting.filter { file in
            guard let bytes = bytes(file) else { return false }
            let nested = file.hasSuffix(".swift")
            return CodeOutsideComments.containsAny(bundleWords, in: bytes, nested: nested) && CodeOutsideComments.containsAny(copyWords, in: bytes, nested: nested)
        }
        guard !copying.isEmpty else { return [] }
        let code = [".swift", ".m", ".mm", ".h"]
        for path in paths where code.contains(where: path.hasSuffix) && !ShippedCodePaths.isTestOrDouble(path) {
            guard let bytes = bytes(path), !CodeOutsideComments.containsAny(writingWords, in: bytes, nested: path.hasSuffix(".swift")) else { return [] }
        }
        return copying
    }

    private static let writingWords = ByteSearch.Words(["save", "Save", "Batch", "CloudKit"].map { Array($0.utf8) })
    private static let bundleWords = ByteSearch.Words(["ForResource", "forResource"].map { Array($0.utf8) })
    private static let copyWords = ByteSearch.Words([Array("copyItem".utf8)])

    /// Where a git submodule is not checked out, the types of properties no file read declares
    /// are likely its: one warning says so and names them, and the warning of each property is
    /// left to `--verbose`.
    private static func sayOnceWhatSubmodulesMayDeclare(in loaded: inout Loaded) {
        let submodules = loaded.skipped.filter { $0.reason == .submoduleNotCheckedOut }.map(\.path)
        let unresolved = loaded.readingNotes.indices.filter { loaded.readingNotes[$0].unresolvedType != nil && !loaded.readingNotes[$0].isDetail }
        guard !submodules.isEmpty, unresolved.count > 1 else { return }
        let types = Array(Set(unresolved.compactMap { loaded.readingNotes[$0].unresolvedType })).sorted()
        let named = types.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (types.count > 3 ? " and \(types.count - 3) more" : "")
        let first = unresolved.map { loaded.readingNotes[$0].location }.min() ?? loaded.readingNotes[unresolved[0]].location
        for index in unresolved { loaded.readingNotes[index].isDetail = true }
        let folders = submodules.sorted().map { "`\($0)`" }.joined(separator: ", ")
        loaded.readingNotes.append(ReadingNote(
            at: first,
            "\(unresolved.count) properties are of types declared in none of the files read (\(named)), read as transformable attributes: the git submodule\(submodules.count > 1 ? "s" : "") \(folders), not checked out, may declare them (`git submodule update --init --recursive`; --verbose lists each property)"
        ))
    }

    /// What one reader read, added to the run's.
    private func add(_ reading: ModelSourceReading, of reader: any ModelSourceReader, to loaded: inout Loaded) {
        for version in reading.versions { loaded.readerOfHistory[version.history] = reader.name }
        loaded.versions += reading.versions
        loaded.bundles += reading.bundles
        loaded.skipped += reading.unreadableBundles.map { SkippedPath(path: $0, reason: .unreadable) }
        loaded.errors += reading.errors
        loaded.readingNotes += reading.notes
        loaded.writtenMigrations.merge(reading.writtenMigrations) { $0 + $1 }
        loaded.storeCode.append(reading.storeCode)
        loaded.suppressions += reading.suppressions
        loaded.supportingFiles += reading.supportingFiles
    }

    /// What the configuration and the command line say about one bundle.
    package func bundleOptions(for path: String) -> XcodeBundleOptions {
        let settings = configuration.settings(forBundle: path)
        let cloudKit = declaresCloudKit || (settings?.cloudKit ?? configuration.cloudKit ?? false)
        return XcodeBundleOptions(order: bundleOrder ?? settings?.order, drafts: settings?.drafts, cloudKit: cloudKit, snapshot: snapshot)
    }

    /// Reads an order file: one version name per line, oldest first; blank lines and `#` comments are ignored.
    package static func readOrder(file: String) throws(InputError) -> [String] {
        let text = String(decoding: try FileReader.bytes(of: file), as: UTF8.self)
        let names = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !names.isEmpty else { throw InputError(file: file, line: 1, column: 1, message: "the order file names no version") }
        return names
    }
}

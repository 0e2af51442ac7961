import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// One run of the linter, from paths on the command line to a result: configuration, loading,
/// histories, rules, and the project's policy. Input problems stop the run before any rule.
public struct LintPipeline: Sendable {
    public struct Options: Sendable {
        public var paths: [String]
        /// `--config FILE`; nil: the nearest `.schemalint.yml` above the first path.
        public var configurationFile: String?
        /// `--cloudkit`: models that do not say otherwise are synced.
        public var declaresCloudKit: Bool
        /// `--baseline FILE`: report only findings not recorded there (default: `baseline:` of the configuration).
        public var baselineFile: String?
        /// `--write-baseline`: ignore any baseline, so that every current finding is recorded.
        public var ignoresBaseline: Bool
        /// `--against REV`: the versions at this git revision are the reference; only findings
        /// new relative to it are reported.
        public var againstRevision: String?
        /// `--skip-non-model-files`: named YAML files that are not model files are left alone.
        public var skipsNonModelFiles = false
        /// `--order FILE`: the history order of the one bundle being linted.
        public var orderFile: String?
        /// `--compatibility`: which releases each version is checked against (nil: the
        /// configuration's `compatibility:`, else `previous`).
        package var compatibility: Compatibility?
        /// The paths lie in files copied from a git revision (the reference run of `--against`),
        /// so bundles are ordered by the history of that revision.
        package var snapshot: GitSnapshot?
        /// `--history`: where released versions come from (nil: the configuration's `history:`, else files).
        package var history: HistorySource?
        /// `--history-tags`: the release tags' pattern (nil: the configuration's, else `v*`); alone, it asks for git.
        package var historyTags: String?
        /// Whether, with no history source asked for, the models edited in place are read at the
        /// newest release tag too (lint: what the next release changes); `lock` records the files.
        package var readsNewestRelease = true
        /// `--all-steps`: which steps are listed (nil: the configuration's `steps:`, else the coming ones).
        package var steps: StepScope?
        /// The paths are the default (`schemalint` with no argument, or `schemalint .`, at a
        /// repository's root): a folder without models is then no error.
        package var pathsAreDefault = false
        /// Where what git said about the models' history is kept between runs (`--no-cache`: nil).
        package var gitCache: GitHistoryCache?
        /// What the readers made of the files read at release tags and revisions, shared by the
        /// run's readings there, whose options are copies of these.
        package var sharedWork = SharedReadingWork()
        /// The release tags of the run, read once and begun while the models are read.
        package var releaseTags = ReleaseTagsReading()

        public init(paths: [String] = ["."], configurationFile: String? = nil, declaresCloudKit: Bool = false, baselineFile: String? = nil, ignoresBaseline: Bool = false, againstRevision: String? = nil) {
            self.againstRevision = againstRevision
            self.paths = paths
            self.configurationFile = configurationFile
            self.declaresCloudKit = declaresCloudKit
            self.baselineFile = baselineFile
            self.ignoresBaseline = ignoresBaseline
        }
    }

    public struct Output: Sendable {
        public var result: LintResult
        package var configuration: ProjectConfiguration
        /// The histories linted (for `--against`, which compares them with a revision's).
        package var histories: [ModelHistory] = []
        /// Every file the run read: model files, the configuration, the lock and the baseline.
        /// They belong to the user, so no report may replace them.
        public var inputFiles: [String] = []
        /// What the registered readers mapped by a guess or left out (warnings beside the report).
        package var readingNotes: [ReadingNote] = []
        /// What the walk read, and what it left out and why (`--verbose`).
        package var sources: [ModelSource] = []
        package var skipped: [SkippedPath] = []

        /// How many code files the store-code readers read: checked even where no model is (a
        /// model built in code).
        package var storeCodeFilesRead: Int {
            Set(sources.filter { $0.kind.hasSuffix("store code") }.map(\.path)).count
        }
        /// Whether the code read opens, migrates or moves a store anywhere.
        package var codeHandlesStores = false
    }

    /// What a git revision says about this run: its findings, and its released versions.
    struct Reference {
        var findings: Set<String> = []
        var released: [VersionLock.Entry] = []
    }

    package var catalog: RuleCatalog
    /// Readers of formats the core does not know (the executable registers SwiftData's).
    package var readers: [any ModelSourceReader]

    package init(catalog: RuleCatalog = .standard, readers: [any ModelSourceReader] = []) {
        self.catalog = catalog
        self.readers = readers
    }

    /// Every rule, and the built-in readers (YAML, Xcode bundles and mapping models, CloudKit
    /// schemas, Objective-C store code); the `schemalint` executable adds the Swift readers.
    public init() {
        self.init(catalog: .standard, readers: [])
    }

    /// The loaded input of a run: what the rules look at.
    package struct Input: Sendable {
        package var configuration: ProjectConfiguration
        package var histories: [ModelHistory]
        package var bundles: [XcodeModelBundle]
        package var suppressions: [Suppression]
        /// Each mapping model found, with the step it migrates or why it fits none.
        package var mappingModels: [(MappingModel, MappingModelPlacement)] = []
        /// What the registered readers mapped by a guess or left out.
        package var readingNotes: [ReadingNote] = []
        /// The CloudKit production schema of each model the configuration names one for (`productionSchema:`).
        package var productionSchemas: [String: CloudKitSchema] = [:]
        /// What the project's store-handling code does.
        package var storeCode = StoreCodeFacts()
        /// What the walk read, and what it left out and why.
        package var sources: [ModelSource] = []
        package var skipped: [SkippedPath] = []
        /// Files the readers read for what their own files refer to (`ModelSourceReading.supportingFiles`).
        package var supportingFiles: [String] = []
    }

    /// The first stage of a run, shared by `lint` and `lock`: configuration, model files and bundles,
    /// histories; or every input problem found (reported `file:line:column: error: ...`, exit 2).
    package func load(_ options: Options) -> Result<Input, InputErrors> {
        Result { () throws(InputErrors) in try loadInput(options) }
    }

    /// The result, or every input problem found (reported `file:line:column: error: ...`, exit 2).
    public func run(_ options: Options) -> Result<Output, InputErrors> {
        Result { () throws(InputErrors) in try lint(options) }
    }

    private func loadInput(_ options: Options) throws(InputErrors) -> Input {
        let configuration = try InputErrors.collect { () throws(InputError) in try loadConfiguration(options) }
        var loader = ModelLoader(configuration: configuration, declaresCloudKit: options.declaresCloudKit, skipsNonModelFiles: options.skipsNonModelFiles, readers: readers)
        loader.snapshot = options.snapshot
        loader.gitCache = options.gitCache
        // The readings at release tags and revisions share their parses (the same files, copied
        // out at each); the working tree's are let go once each reader is done.
        loader.sharedWork = options.snapshot == nil ? nil : options.sharedWork
        loader.allowsNoModel = options.pathsAreDefault
        loader.categoriesOff = catalog.categoriesOff(by: configuration.rules)
        if let orderFile = options.orderFile {
            loader.bundleOrder = try InputErrors.collect { () throws(InputError) in try ModelLoader.readOrder(file: orderFile) }
        }
        var loaded = loader.load(paths: options.paths)
        guard loaded.errors.isEmpty else { throw InputErrors(loaded.errors) }
        let releasesFromGit = try readReleasesFromGit(options, configuration: configuration, loader: loader, into: &loaded)
        let syncDecisions = try InputErrors.collect { () throws(InputError) in
            try StoreSyncDecisions(configuration: configuration, declaresCloudKit: options.declaresCloudKit, bundles: loaded.bundles)
                .apply(loaded.storeCode, to: &loaded.versions)
        }
        var grouped = try InputErrors.collect { () throws(InputError) in try ModelHistory.histories(of: loaded.versions) }
        for index in grouped.indices {
            grouped[index].gitReleases = grouped[index].key.flatMap { releasesFromGit[$0] }
            grouped[index].syncDecision = grouped[index].key.flatMap { syncDecisions[$0] }
        }
        let matched = try InputErrors.collect { () throws(InputError) in
            try WrittenMigrationMatcher(histories: grouped, bundles: loaded.bundles, skipped: loaded.skipped).match(mappingModels: loaded.mappingModels, declared: configuration.migrations)
        }
        var histories = matched.histories
        for index in histories.indices {
            if let key = histories[index].key, let written = loaded.writtenMigrations[key] { histories[index].writtenMigrations += written }
        }
        let suppressions = loaded.versions.flatMap(\.suppressions) + loaded.suppressions
        let known = Set(catalog.descriptors.map(\.id))
        if let unknown = suppressions.first(where: { !known.contains($0.rule) }) {
            throw InputErrors([InputError(at: unknown.location, "unknown rule '\(unknown.rule)' in a suppression" + Spelling.didYouMean(unknown.rule, among: known.sorted()))])
        }
        var input = Input(
            configuration: configuration, histories: histories, bundles: loaded.bundles, suppressions: suppressions,
            mappingModels: WrittenMigrationMatcher.placements(of: histories, unmatched: matched.unmatched, migratesItself: !loaded.storeCode.handRunMigrations.isEmpty),
            readingNotes: loaded.readingNotes
        )
        input.storeCode = loaded.storeCode
        input.sources = loaded.sources
        input.skipped = loaded.skipped
        input.supportingFiles = loaded.supportingFiles
        input.productionSchemas = try ProductionSchemaLoader.load(configuration, models: histories.map(\.model))
        return input
    }

    /// `--history git`: adds the releases read at git tags of the models not versioned in their
    /// files; what was read, by history.
    private func readReleasesFromGit(_ options: Options, configuration: ProjectConfiguration, loader: ModelLoader, into loaded: inout ModelLoader.Loaded) throws(InputErrors) -> [String: GitReleaseReading] {
        guard case .gitTags(let pattern) = HistorySource.resolve(requested: options.history, tags: options.historyTags, configured: configuration.history) else {
            // Asked for no history source: a model edited in place is checked against its newest
            // release, which is what the next release changes for the people who run it.
            guard Self.comparesEditedInPlaceWithNewestRelease(options, configuration), options.snapshot == nil else { return [:] }
            var newest = GitReleaseHistory(pattern: HistorySource.defaultTagPattern, snapshot: nil, loader: loader, paths: options.paths)
            newest.newestReleaseOnly = true
            newest.releaseTags = options.releaseTags
            return newest.read(into: &loaded).readings
        }
        var history = GitReleaseHistory(pattern: pattern, snapshot: options.snapshot, loader: loader, paths: options.paths)
        history.releaseTags = options.releaseTags
        let reading = history.read(into: &loaded)
        guard reading.errors.isEmpty else { throw InputErrors(reading.errors) }
        return reading.readings
    }

    private func lint(_ options: Options) throws(InputErrors) -> Output {
        // The newest release's tags, asked for once the models are read, are begun now: git walks
        // the history on one core while the app's files are read on the other.
        if options.snapshot == nil, let configuration = try? loadConfiguration(options),
           let top = GitWorkTree.root(containing: Self.repositoryFolder(options)) {
            options.releaseTags.begin(matching: Self.releaseTagPattern(options, configuration), mergedInto: options.againstRevision ?? "HEAD", top: top, cache: options.gitCache)
        }
        let input = try loadInput(options)
        let configuration = input.configuration
        var histories = input.histories
        var bundles = input.bundles
        var lock = try InputErrors.collect { () throws(InputError) in
            try VersionLock.find(for: options.paths, models: Set(histories.map(\.model)))
        }
        var reference = Reference()
        var unmatchedReleaseTags: (pattern: String, tags: [String])?
        var newestReleaseTag: String?
        // No tag in the history of HEAD: the repository's tags outside it, if any.
        var untagged: [String]?
        var newestReleaseHoldsModels = true
        if let revision = options.againstRevision {
            reference = try self.reference(at: revision, options, configuration: configuration)
            // The revision's released versions are locked as they were there, unless a lock file says otherwise.
            let locked = Set((lock?.entries ?? []).map { "\($0.model)\u{0}\($0.version)" })
            var fromRevision = reference.released.filter { !locked.contains("\($0.model)\u{0}\($0.version)") }
            // Where release tags say what shipped (those `revision` contains), a version the
            // revision holds that the newest release does not (a draft on the main branch, made current there after the release)
            // has not shipped: editing it changes nothing people run.
            if case .released(_, let atTag, _, _)? = newestRelease(options, configuration: configuration, histories: histories, bundles: input.bundles, supportingFiles: input.supportingFiles, mergedInto: revision) {
                let shipped = Set(atTag.map { "\($0.model)\u{0}\($0.version)" })
                fromRevision.removeAll { !shipped.contains("\($0.model)\u{0}\($0.version)") }
            }
            lock = VersionLock(file: lock?.file ?? revision, entries: (lock?.entries ?? []) + fromRevision)
        } else if options.snapshot == nil {
            switch newestRelease(options, configuration: configuration, histories: histories, bundles: input.bundles, supportingFiles: input.supportingFiles) {
            case .released(let tag, var released, let holdsModels, let neverCurrent):
                newestReleaseTag = tag
                // A version no release made current is in the newest release's bundle, but no
                // store of it shipped. (A migration the app runs itself may walk every version
                // of the bundle in turn: there it is a step.)
                let neverCurrent = input.storeCode.handRunMigrations.isEmpty ? neverCurrent : [:]
                Self.leaveOut(neverCurrent, from: &histories, bundles: &bundles)
                let storeless = Set(neverCurrent.flatMap { path, versions in versions.map { "bundle:\(path)\u{0}\($0.name)" } })
                released.removeAll { storeless.contains("\($0.history ?? "")\u{0}\($0.label ?? "")") }
                newestReleaseHoldsModels = holdsModels
                // What the newest release tag holds shipped: a version changed since is caught as the
                // lock would catch it, with no lock. A lock's own entries win for the models it has.
                let lockedModels = Set((lock?.entries ?? []).map(\.model))
                let fromTag = markingEditsShippedSince(tag: tag, entries: released.filter { !lockedModels.contains($0.model) }, histories: histories, options)
                if !fromTag.isEmpty { lock = VersionLock(file: lock?.file ?? tag, entries: (lock?.entries ?? []) + fromTag) }
            case .unmatched(let pattern, let tags):
                unmatchedReleaseTags = (pattern, tags)
                Self.leaveOut(neverCurrentWithoutTags(bundles, input: input, options), from: &histories, bundles: &bundles)
            case .untagged(let elsewhere):
                untagged = elsewhere
                Self.leaveOut(neverCurrentWithoutTags(bundles, input: input, options), from: &histories, bundles: &bundles)
            case nil:
                break
            }
        }
        // What a lock, a revision or a release tag records as shipped; the edits git shows below
        // record no release (the other models are still unread).
        let recordedLock = lock
        if options.againstRevision == nil, options.snapshot == nil, newestReleaseTag == nil {
            // Models with no record of what shipped (no lock, and no release tag: where tags record
            // releases, a model the newest does not hold has not shipped): git shows older versions
            // edited after the newest was added.
            let recorded = Set((lock?.entries ?? []).map(\.model))
            let edits = GitVersionEdits(cache: options.gitCache)
            let edited = edits.entries(bundles: input.bundles, histories: histories, skipping: recorded)
                + edits.entries(yamlHistories: histories, skipping: recorded)
                + swiftDataVersionEdits(histories: histories, skipping: recorded, options, configuration: configuration)
                + marketingVersionShapes(histories: histories, recorded: recorded, options, configuration: configuration)
            if !edited.isEmpty { lock = VersionLock(file: lock?.file ?? "git", entries: (lock?.entries ?? []) + edited) }
        }
        var lintOptions = LintOptions(compatibility: options.compatibility ?? configuration.compatibility ?? .previous, lock: lock, productionSchemas: input.productionSchemas)
        lintOptions.unmatchedReleaseTags = unmatchedReleaseTags
        lintOptions.comparesEditedInPlaceWithNewestRelease = Self.comparesEditedInPlaceWithNewestRelease(options, configuration)
        let comparedWithReleases = histories.contains { $0.isVersionedInItsFiles || lintOptions.comparesEditedInPlaceWithNewestRelease && $0.isComparedWithNewestReleaseByDefault }
        if options.againstRevision == nil, options.snapshot == nil, comparedWithReleases, lock == nil || newestReleaseTag != nil && lock?.file == newestReleaseTag,
           let top = GitWorkTree.root(containing: Self.repositoryFolder(options)), GitWorkTree.isShallow(top: top) {
            // Where the clone's one commit carries the newest release tag, that release was read,
            // the ones before it were not.
            lintOptions.unreadReleases = if let newestReleaseTag, lock != nil { .shallowCloneAtNewestRelease(tag: newestReleaseTag) } else { .shallowClone }
        } else if let elsewhere = untagged, recordedLock == nil {
            lintOptions.unreadReleases = .noReleaseTag(elsewhere: elsewhere)
        } else if let (pattern, tags) = unmatchedReleaseTags, recordedLock == nil {
            lintOptions.unreadReleases = .noMatchingReleaseTag(pattern: pattern, tags: tags)
        }
        // No release tag in the history of HEAD, or only tags of another spelling (CI builds'
        // `ShipHubCI-402`): a change of the app's version may still show what shipped.
        if untagged != nil || unmatchedReleaseTags != nil, options.againstRevision == nil, options.snapshot == nil {
            // An edit git saw records no release.
            let recorded = Set((lock?.entries ?? []).filter { $0.editedAfterSuccessor == nil }.map(\.model))
            lintOptions.marketingVersionReleases = marketingVersionReleases(histories: histories, bundles: input.bundles, recorded: recorded, options)
        } else if newestReleaseTag != nil, options.againstRevision == nil, options.snapshot == nil {
            lintOptions.marketingVersionReleases = marketingVersionReleases(afterTheNewestTag: histories, bundles: input.bundles, lock: lock, options)
        }
        if options.againstRevision == nil, options.snapshot == nil {
            lintOptions.shippedBeforePlans = swiftDataPlanOrigins(histories: histories, tagPattern: Self.releaseTagPattern(options, configuration), options, configuration: configuration)
            Self.unreleaseStoreless(lintOptions.shippedBeforePlans, from: &histories, lock: &lock)
            Self.nameReleasesBySchema(in: &lock, histories: histories)
            lintOptions.lock = lock
        }
        // A bundle a project lists through a link is read there, under the link's path.
        let readBundles = Set(input.bundles.map { URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path })
        lintOptions.modelBundlesBuiltByNoTarget = input.skipped.filter {
            $0.reason == .inNoProject && $0.path.hasSuffix(".xcdatamodeld") && !readBundles.contains(URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path)
        }.map(\.path)
        var result = Linter(catalog: catalog, options: lintOptions).lint(histories, bundles: bundles, mappingModels: input.mappingModels, storeCode: input.storeCode)
        var findings = FindingPolicy(configuration: configuration, suppressions: input.suppressions).apply(to: result.findings)
        var inputFiles = histories.flatMap { $0.versions.map(\.file) } + [configuration.file, lock?.file].compactMap { $0 }
        if !options.ignoresBaseline, let file = options.baselineFile ?? configuration.baseline {
            let baseline = try InputErrors.collect { () throws(InputError) in try Baseline.load(file: file) }
            findings = baseline.apply(to: findings, file: file)
            inputFiles.append(file)
        }
        if options.againstRevision != nil {
            findings = findings.filter { !reference.findings.contains($0.identity) }
        }
        if (options.steps ?? configuration.steps ?? .coming) == .coming {
            (findings, result.shippedHistory) = ComingSteps(
                histories: histories, lock: lock, catalog: catalog, marketingVersionReleases: lintOptions.marketingVersionReleases,
                inShallowClone: lintOptions.unreadReleases == .shallowClone
            ).split(findings)
            if result.shippedHistory.assumed, let (pattern, tags) = unmatchedReleaseTags {
                (result.shippedHistory.unmatchedTagPattern, result.shippedHistory.unmatchedTags) = (pattern, tags)
            }
            // The newest release tag was read and holds no model at all: the models came after it.
            // (One that holds models this run cannot match to a history says nothing of them.)
            if result.shippedHistory.assumed, let newestReleaseTag, !newestReleaseHoldsModels { result.shippedHistory.newestReleaseWithout = newestReleaseTag }
            // It holds models, but none of these: a tag does record releases, of something else.
            if result.shippedHistory.assumed, let newestReleaseTag, newestReleaseHoldsModels { result.shippedHistory.newestReleaseLacking = newestReleaseTag }
        }
        // Merged once each finding was weighed on its own: suppressions, the baseline and the
        // shipped steps name attributes, and a problem the newest version kept is moved there.
        findings = OneChangeOneFinding.perRun(
            findings, catalog: catalog,
            formats: Dictionary(histories.flatMap { history in history.versions.map { (history.model + "\u{0}" + $0.label, $0.format) } }, uniquingKeysWith: { first, _ in first })
        )
        result.findings = findings.sorted(by: Finding.reportOrder)
        result.modelBundlesBuiltByNoTarget = lintOptions.modelBundlesBuiltByNoTarget.count
        var output = Output(result: result, configuration: configuration, histories: histories, inputFiles: inputFiles, readingNotes: input.readingNotes, sources: input.sources, skipped: input.skipped)
        output.codeHandlesStores = input.storeCode.handlesStores
        return output
    }

    /// Without release tags, the versions no commit made current, by bundle path (none where the
    /// app runs its own migration, which may walk every version in turn).
    private func neverCurrentWithoutTags(_ bundles: [XcodeModelBundle], input: Input, _ options: Options) -> [String: [NeverCurrentVersion]] {
        guard input.storeCode.handRunMigrations.isEmpty else { return [:] }
        var found: [String: [NeverCurrentVersion]] = [:]
        for bundle in bundles {
            guard let top = GitWorkTree.root(containing: bundle.path), !GitWorkTree.isShallow(top: top) else { continue }
            let versions = GitNeverCurrentVersions(top: top, cache: options.gitCache).versions(of: bundle)
            if !versions.isEmpty { found[bundle.path] = versions }
        }
        return found
    }

    /// Versions no release made current are no step any store takes: they leave the histories,
    /// and the bundles' orderings say so (`version-order-from-git`).
    private static func leaveOut(_ neverCurrent: [String: [NeverCurrentVersion]], from histories: inout [ModelHistory], bundles: inout [XcodeModelBundle]) {
        for index in bundles.indices {
            guard let versions = neverCurrent[bundles[index].path] else { continue }
            bundles[index].ordering.neverCurrent = versions
            let labels = Set(versions.map(\.name))
            for history in histories.indices where histories[history].key == "bundle:" + bundles[index].path {
                histories[history].leaveOut(labeled: labels)
            }
        }
    }

    /// Schemas no store ever had (a plan that came in with several, none the classes the app had
    /// shipped) are no baseline, and out of the record of what shipped: no store takes a step
    /// from them.
    private static func unreleaseStoreless(_ origins: [String: ShippedBeforePlan], from histories: inout [ModelHistory], lock: inout VersionLock?) {
        for index in histories.indices {
            guard let key = histories[index].key, let storeless = origins[key]?.storeless, !storeless.isEmpty else { continue }
            let labels = Set(storeless.map(\.label))
            let model = histories[index].model
            histories[index].unrelease(labeled: labels)
            lock?.entries.removeAll { entry in (entry.history.map { $0 == key } ?? (entry.model == model)) && entry.label.map(labels.contains) == true }
        }
    }

    /// A release of SwiftData classes from before the migration plan (`current` at the tag) whose
    /// classes are exactly one of the plan's schemas now: SwiftData opens those stores as that
    /// schema, so the release is that schema's, and is checked against it from now on (the plan
    /// kept what shipped, as it should).
    private static func nameReleasesBySchema(in lock: inout VersionLock?, histories: [ModelHistory]) {
        guard var entries = lock?.entries else { return }
        for index in entries.indices {
            guard let copy = entries[index].releasedCopy, copy.format == .swiftData,
                  let history = histories.first(where: { history in entries[index].history.map { $0 == history.key } ?? (history.model == entries[index].model) }),
                  history.versions.allSatisfy(\.isInMigrationPlan), !history.versions.contains(where: entries[index].names),
                  let schema = history.versions.first(where: { ReleasedVersionLockRule.changes(from: copy, to: $0, hashedOnly: true).isEmpty }) else { continue }
            entries[index].label = schema.label
            entries[index].version = schema.version.text
        }
        lock?.entries = entries
    }

    /// What the newest release tag says shipped.
    private enum NewestRelease {
        /// The newest tag matching the release pattern, and the released versions there;
        /// `holdsModels`: the tag holds any model at all, of these histories or not.
        /// `neverCurrent`: the versions no release made current, by bundle path.
        case released(tag: String, entries: [VersionLock.Entry], holdsModels: Bool, neverCurrent: [String: [NeverCurrentVersion]])
        /// No tag matches the pattern; the repository's tags, oldest first.
        case unmatched(pattern: String, tags: [String])
        /// A whole history with no tag in it; the tags outside it, oldest first.
        case untagged(elsewhere: [String])
    }

    /// The newest tag matching the release pattern (`v*`, or `history:`'s) in the history of
    /// HEAD of the work tree around the current folder, and the released versions of the
    /// histories' files there, or the tags there are when none matches; nil outside git, without
    /// tags, or when the files at the tag cannot be read (nothing to compare with is no problem of
    /// the working tree).
    /// `revision`: the commit whose history the release tags are looked for in.
    private func newestRelease(
        _ options: Options, configuration: ProjectConfiguration, histories: [ModelHistory], bundles: [XcodeModelBundle], supportingFiles: [String],
        mergedInto revision: String = "HEAD"
    ) -> NewestRelease? {
        guard !histories.isEmpty, let top = GitWorkTree.root(containing: Self.repositoryFolder(options)) else { return nil }
        guard case .success(var tags)? = options.releaseTags.tags(matching: Self.releaseTagPattern(options, configuration), mergedInto: revision, top: top, runner: GitRunner(), cache: options.gitCache) else { return nil }
        tags.tags = tags.upToNewestRelease
        guard let newest = tags.tags.last else {
            if !tags.otherTags.isEmpty { return .unmatched(pattern: tags.pattern, tags: tags.otherTags) }
            return GitWorkTree.isShallow(top: top) ? nil : .untagged(elsewhere: tags.elsewhere)
        }
        // A YAML model with one file, or SwiftData classes with no schema, are not versioned in
        // their files: editing them is how they change (SwiftData migrates such a store itself),
        // and `--history git` reads their releases from the tags. A SwiftData schema that a
        // migration plan lists is versioned even alone: SwiftData checks the store's checksum
        // against the plan's schemas, and one edited since its release matches none. So is an
        // Xcode model of one version: one edited in place since its release leaves the released
        // stores matching no version in the bundle, opened only by a migration Core Data infers
        // from the model each store keeps.
        let versioned = histories.filter(\.isVersionedInItsFiles)
        guard !versioned.isEmpty else { return nil }
        // The files the histories were read from: each bundle whole, each model file, and for
        // Swift each file that declares a version or one of its classes, and the files the readers
        // read for what those refer to. Nothing else is linted there.
        var paths = Set(supportingFiles)
        let finder = sourceFinder(configuration)
        for history in versioned {
            for version in history.versions where version.releaseTag == nil {
                paths.insert(finder.enclosingFolderSource(of: version.file)?.path ?? version.file)
                if version.format == .swiftData { paths.formUnion(version.entities.map(\.location.file)) }
            }
        }
        let firstReleases = GitFirstReleases(top: top, tags: tags.tags, cache: options.gitCache)
        // SwiftData schemas as the older releases shipped them, read at each tag that changed
        // their files.
        func readingOlderReleases(_ entries: [VersionLock.Entry], holdsModels: Bool) -> NewestRelease {
            let swift = paths.filter { $0.hasSuffix(".swift") }.sorted()
            let reading = firstReleases.adding(to: entries, bundles: bundles, histories: versioned)
            let all = addingSwiftDataFirstReleases(to: reading.entries, tags: tags.tags, files: swift, options, configuration: configuration, top: top)
            return .released(tag: newest.name, entries: all, holdsModels: holdsModels, neverCurrent: reading.neverCurrent)
        }
        if let unchanged = Self.released(by: versioned, unchangedSince: newest.name, paths: paths.sorted() + [configuration.file].compactMap { $0 }, top: top) {
            return readingOlderReleases(unchanged, holdsModels: true)
        }
        var earlier = options
        earlier.paths = paths.sorted()
        // The versions in the files there, not releases read from older tags.
        earlier.history = .files
        guard let reference = releasedVersions(at: newest, earlier, configuration: configuration, top: top) else { return nil }
        // Each released version goes to the history read from the same place (a bundle, a file),
        // else to the one that has a version of its model or label and format now: a SwiftData
        // history is named after its plan, which a release may not have had yet.
        let tagPrefix = newest.name + ":"
        func source(_ file: String) -> String { finder.enclosingFolderSource(of: file)?.path ?? file }
        var released: [VersionLock.Entry] = []
        for var entry in reference.released {
            let format = entry.releasedCopy?.format
            let place = entry.location.map { source(String($0.file.dropFirst($0.file.hasPrefix(tagPrefix) ? tagPrefix.count : 0))) }
            guard let history = versioned.first(where: { history in history.versions.contains { source($0.file) == place } })
                    ?? versioned.first(where: { $0.model == entry.model && $0.versions.first?.format == format })
                    ?? versioned.first(where: { $0.versions.contains { $0.label == entry.label && $0.format == format } }) else { continue }
            entry.model = history.model
            entry.history = history.key
            released.append(entry)
        }
        let holdsModels = !reference.released.isEmpty || Self.holdsModelFiles(at: newest.name, top: top)
        return readingOlderReleases(released, holdsModels: holdsModels)
    }

    /// The pattern release tags match: `--history-tags`, `history:`'s, else `v*` and the like.
    static func releaseTagPattern(_ options: Options, _ configuration: ProjectConfiguration) -> String {
        if case .gitTags(let configured) = HistorySource.resolve(requested: .gitTags(pattern: HistorySource.defaultTagPattern), tags: options.historyTags, configured: configuration.history) {
            return configured
        }
        return HistorySource.defaultTagPattern
    }

    /// Whether the tree at `tag` holds a model file of any kind, read or not: an Xcode model, or
    /// Swift that declares `@Model` classes or schemas (a reading there may find no version for
    /// other reasons: files no target built, a plan that names schemas it cannot see).
    private static func holdsModelFiles(at tag: String, top: String) -> Bool {
        let git = GitRunner()
        guard let listed = git.run(["ls-tree", "-r", "--name-only", tag], in: top), listed.succeeded else { return true }
        if ByteSearch.contains(".xcdatamodel", in: listed.text) { return true }
        return !GitRevision(listed: tag, top: top).swiftFiles(mentioning: ["@Model", "VersionedSchema", "SchemaMigrationPlan"]).isEmpty
    }

    /// The released versions of `histories` as `tag` holds them, when the files at `paths` are as
    /// they were there (git sees no difference and no new file): the versions read from the working
    /// tree. Reading them again at the tag costs as much as the run (a third of a run in a
    /// repository with a bundle of 117 versions) to find what a model unchanged since its release
    /// always shows, that nothing changed. Nil when anything differs, or git cannot tell.
    private static func released(by histories: [ModelHistory], unchangedSince tag: String, paths: [String], top: String) -> [VersionLock.Entry]? {
        let git = GitRunner()
        // Absolute, as `top` (symbolic links resolved) sees them: git runs there, wherever the current folder is.
        let pathspec = ["--"] + paths.map { ":(literal)" + URL(fileURLWithPath: PathResolution.canonical($0)).resolvingSymlinksInPath().path }
        guard git.run(["diff", "--quiet", "--no-ext-diff", tag] + pathspec, in: top)?.status == 0,
              let untracked = git.run(["ls-files", "--others", "--exclude-standard"] + pathspec, in: top), untracked.succeeded, untracked.text.isEmpty
        else { return nil }
        return histories.flatMap { history in
            history.releasedVersions.filter { $0.releaseTag == nil }.map { version in
                var entry = VersionLock.Entry(released: version, of: history.model, at: "\(tag):\(version.file)")
                entry.history = history.key
                return entry
            }
        }
    }

    /// The same run on the files as they are at `revision`: its findings, and its released versions
    /// (located at `revision:path`). The configuration is the one at the revision too, so that its
    /// relative paths resolve there. With `namingFiles`, a YAML file among the paths is linted with
    /// the model files beside it, as a hook names one changed file. With `releasedOnly`, the
    /// models are read and not linted: the released versions alone, no findings.
    func reference(
        at revision: String, _ options: Options, configuration: ProjectConfiguration, namingFiles: Bool = true, repository: String? = nil, releasedOnly: Bool = false
    ) throws(InputErrors) -> Reference {
        // The release tags read for what shipped were listed in the repository found already.
        let git = if releasedOnly, let repository { GitRevision(listed: revision, top: repository) } else { try InputErrors.collect { () throws(InputError) in try GitRevision(revision, in: repository) } }
        // A model file named on its own is linted with the model files beside it, there as here;
        // a file inside a bundle with the whole bundle. The configuration and the production
        // schemas it names come along, but are not linted as paths.
        let finder = sourceFinder(configuration)
        let sourceReaders = finder.readers.filter(\.ownsFileNames)
        let namedFiles = namingFiles ? options.paths.filter { path in Self.isFile(path) && sourceReaders.contains { $0.mayClaim(name: path) } } : []
        let companions = (configuration.file.map { [$0] } ?? []) + configuration.productionSchemas.map(\.path)
        let wanted = options.paths.map { finder.enclosingFolderSource(of: $0)?.path ?? $0 } + companions
        let checkout = try InputErrors.collect { () throws(InputError) in
            try git.checkout(wanted, companionFolders: namedFiles.map { PathResolution.parent(of: $0) })
        }
        defer { try? FileManager.default.removeItem(atPath: checkout.folder) }
        var earlier = options
        let placed = Set(companions.map { git.place(of: $0, in: checkout.folder) })
        earlier.paths = checkout.paths.filter { !placed.contains($0) }
        // A named file that is new since the revision: its history there is the model files that were beside it.
        let newFiles = namedFiles.map { git.place(of: $0, in: checkout.folder) }.filter { !FileManager.default.fileExists(atPath: $0) }
        let formerNeighbours = sourceReaders.flatMap { reader in
            reader.companions(ofNamed: newFiles.filter { reader.mayClaim(name: $0) }).filter { reader.claims(file: $0) }
        }
        earlier.paths = Array(Set(earlier.paths + formerNeighbours)).sorted()
        // Swift files that all moved since the revision: the models are looked for in the files
        // that declared models there.
        let movedSwift = releasedOnly && options.paths.contains { $0.hasSuffix(".swift") }
        guard !earlier.paths.isEmpty || movedSwift else { return Reference() }
        earlier.configurationFile = configuration.file.map { git.place(of: $0, in: checkout.folder) }.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        earlier.againstRevision = nil
        // Every finding of the revision, so that none of them counts as new here.
        earlier.steps = .all
        earlier.snapshot = GitSnapshot(root: git.root, revision: revision, folder: checkout.folder)
        earlier.ignoresBaseline = true
        func released(_ histories: [ModelHistory]) -> [VersionLock.Entry] {
            histories.flatMap { history in
                history.releasedVersions.filter { $0.releaseTag == nil }.map { version in
                    VersionLock.Entry(released: version, of: history.model, at: "\(revision):" + PathResolution.relative(version.file, to: checkout.folder))
                }
            }
        }
        // What shipped needs the models read, not linted.
        if releasedOnly {
            let loaded: Result<Input, InputErrors>? = earlier.paths.isEmpty ? nil : load(earlier)
            let read: Reference? = if case .success(let input)? = loaded { Reference(released: released(input.histories)) } else { nil }
            // The Swift files that declare the versions and classes now may not be all of those
            // that did at the revision (a class moved to another file since): where the reading
            // there failed or could not find a schema or class, read again with every Swift file
            // that declared a model or a schema there.
            let complete = if case .success(let input)? = loaded { !input.readingNotes.contains(where: \.lacksADeclaration) } else { false }
            guard options.paths.contains(where: { $0.hasSuffix(".swift") }) else { return read ?? Reference() }
            var declaring = complete ? [] : git.swiftFiles(mentioning: ["@Model", "VersionedSchema", "SchemaMigrationPlan"])
            // A type a class was written with (`PetType.RawValue`) may have been declared in a file
            // that declares no model: without it the property reads as transformable there, and
            // differs from the same property read here.
            if case .success(let input)? = loaded {
                let types = input.readingNotes.compactMap(\.unresolvedType).map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
                declaring += git.swiftFiles(declaringTypes: Array(Set(types)))
            }
            declaring = Self.builtAtRevision(declaring, git: git)
            guard !Set(declaring).isSubset(of: Set(options.paths.map(PathResolution.canonical))) else { return read ?? Reference() }
            var widened = options
            widened.paths = Array(Set(options.paths + declaring)).sorted()
            let again = try reference(at: revision, widened, configuration: configuration, namingFiles: namingFiles, repository: repository, releasedOnly: true)
            return again.released.isEmpty ? read ?? again : again
        }
        switch run(earlier) {
        case .success(let output): return Reference(findings: Set(output.result.findings.flatMap(\.recordedIdentities)), released: released(output.histories))
        // Input the revision could not load is no reference: everything counts as new.
        case .failure: return Reference()
        }
    }

    /// `paths` (files of the working tree) less the code files no Xcode project at git's revision
    /// builds, decided as a walk of the working tree decides (`ModelSourceFinder.inNoProject`), from the projects
    /// and manifests the revision holds: a file left in the repository that no target listed then
    /// (an old copy of the schemas) declares nothing that shipped.
    /// `listed`: every file at the revision, where the caller has them (else git lists them).
    static func builtAtRevision(_ paths: [String], git: GitRevision, listed: [String]? = nil) -> [String] {
        let listed = listed ?? git.allFiles()
        let projects = listed.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
        guard !projects.isEmpty else { return paths }
        let manifests = listed.filter { path in
            let name = (path as NSString).lastPathComponent
            return ModelSourceFinder.addsFilesByFolder(name) || name.hasSuffix(".yml") || name.hasSuffix(".yaml")
        }
        let wanted = (projects + manifests).map { (git.root as NSString).appendingPathComponent($0) }
        guard let checkout = try? git.checkout(wanted) else { return paths }
        defer { try? FileManager.default.removeItem(atPath: checkout.folder) }
        var walk = ModelSourceFinder.Walk(root: checkout.folder, scope: WalkScope(ignored: nil))
        walk.projects = projects.map { (checkout.folder as NSString).appendingPathComponent($0) }
        for manifest in manifests {
            let path = (checkout.folder as NSString).appendingPathComponent(manifest)
            let name = (manifest as NSString).lastPathComponent
            guard ModelSourceFinder.addsFilesByFolder(name) || ByteSearch.contents(of: path).map(ModelSourceFinder.isXcodeGenSpecification) == true else { continue }
            let folder = Array(manifest.split(separator: "/").dropLast())
            walk.foldersAddingFilesByFolder += ModelSourceFinder.targetFolders(ofManifestAt: path, name: name).map { folder + $0 }
        }
        let placed = Dictionary(paths.map { (git.place(of: $0, in: checkout.folder), $0) }, uniquingKeysWith: { first, _ in first })
        let inTree = Array(placed.keys).sorted()
        let unbuilt = ModelSourceFinder.inNoProject(inTree, of: walk, listings: ModelSourceFinder.listings(of: walk, naming: inTree))
        return paths.filter { !unbuilt.contains(git.place(of: $0, in: checkout.folder)) }
    }

    /// Whether the run compares the models edited in place with their newest release: asked for no
    /// history source (neither `--history`, `--history-tags` nor `history:`), and not `lock`.
    private static func comparesEditedInPlaceWithNewestRelease(_ options: Options, _ configuration: ProjectConfiguration) -> Bool {
        options.readsNewestRelease && options.history == nil && options.historyTags == nil && configuration.history == nil
    }

    /// The folder whose repository's release tags and history say what shipped: where the first
    /// path linted lies (`schemalint path/to/app` reads that app's tags), else the current folder.
    static func repositoryFolder(_ options: Options) -> String {
        PathResolution.canonical(options.paths.first ?? FileManager.default.currentDirectoryPath)
    }

    /// A YAML file (not a folder), as a hook names the changed files.
    private static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// A walk that knows the run's readers, to find the source (a bundle) a path lies in.
    private func sourceFinder(_ configuration: ProjectConfiguration) -> ModelSourceFinder {
        let loader = ModelLoader(configuration: configuration, readers: readers)
        return ModelSourceFinder(readers: loader.modelFormatReaders + loader.allReaders)
    }

    package func loadConfiguration(_ options: Options) throws(InputError) -> ProjectConfiguration {
        let known = Set(catalog.descriptors.map(\.id))
        if let file = options.configurationFile {
            return try ConfigurationLoader.load(file: file, knownRules: known)
        }
        return try ConfigurationLoader.discover(from: options.paths.first ?? ".", knownRules: known)
    }
}


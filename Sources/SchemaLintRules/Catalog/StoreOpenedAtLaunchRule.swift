import SchemaLintCore

/// `store-opened-at-launch`: a store opened synchronously on the launch path, with automatic
/// migration on. Opening migrates a store of the previous release before the first frame; a large
/// one outlasts the launch watchdog (0x8badf00d), at every launch after the update. A warning when
/// the newest version needs a full migration of the previous release's store, a note otherwise, and
/// a note on macOS, which has no launch watchdog.
struct StoreOpenedAtLaunchRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-opened-at-launch", category: .storeHandling, synced: .warning, local: .warning,
        summary: "A store is opened, and migrated when the model changed, synchronously on the launch path, where the launch watchdog (0x8badf00d) kills a long migration."
    )

    /// A model whose newest version migrates every store of the release before it.
    struct FullMigration {
        var history: ModelHistory
        var baseline: ModelVersion
        var version: ModelVersion
        var entities: [String]
    }

    func check(_ context: StoreCodeContext) -> [Finding] {
        var findings: [Finding] = []
        // One finding per declaration that opens stores at launch: its fallbacks (a local store
        // when CloudKit fails) open the same store again, and moving the first off the main
        // thread moves them all.
        // Two classes of one name in two targets' files (each app's `AppDelegate`) are two
        // declarations.
        var reported: [String: [(types: Set<String>?, finding: Int)]] = [:]
        // One launch that opens the same models twice, in two declarations (a probe that looks
        // into the store before the app's own container opens it), migrates them once: the
        // opening nearest the launch entry is reported, the others are notes of it.
        var reportedOnPath: [String: [(types: Set<String>?, finding: Int)]] = [:]
        let atLaunch = context.facts.openings.filter { !$0.launchPath.isEmpty && $0.migratesAutomatically && !$0.addsAsynchronously }
        // An opening in a `catch` (a last resort) runs only where another failed: the others come first.
        let order = { (opening: (offset: Int, element: StoreOpening)) in (opening.element.inACatch ? 1 : 0, opening.element.launchPath.count, opening.offset) }
        for opening in atLaunch.enumerated().sorted(by: { order($0) < order($1) }).map(\.element) {
            let step = opening.launchPath[opening.launchPath.count - 1]
            let declaration = step.declaration
            let key = declaration + "\u{0}" + step.location.file
            if let first = reported[key]?.first(where: { Self.mayOpenTheSameStore(opening, as: $0.types) })?.finding {
                findings[first].notes.append(Finding.Note("\(declaration) also opens a store here, as a fallback or in another branch", at: opening.place.location))
                continue
            }
            // A ModelContainer opens SwiftData's models, a Core Data container the others.
            // A container made for named types opens the models that hold them (a tvOS app's
            // `ModelContainer(for: Node.self)` is not the phone app's migration plan).
            let opened = StoreCodeContext.openedHistories(by: opening, in: context.histories.filter { history in
                (history.versions.last?.format == .swiftData) == (opening.call == .modelContainer)
                    && opening.modelTypes.map { Self.holds(history, any: $0) } ?? true
            })
            let root = opening.launchPath[0]
            // The entries of one type are one launch: an `App`'s stored properties and its `init`
            // all run before its first scene.
            let launch = root.declaration.contains("[") ? root.declaration : String(root.declaration.prefix { $0 != "." })
            // The store: the models opened, or SwiftData's default store of the types named.
            let store = !opened.isEmpty ? opened.map(\.model).sorted()
                : opening.call == .modelContainer && opening.opensTheDefaultStore ? (opening.modelTypes ?? []).sorted() : []
            let pathKey = ([launch, root.location.file] + store).joined(separator: "\u{0}")
            if !store.isEmpty, let first = reportedOnPath[pathKey]?.first(where: { Self.mayOpenTheSameStore(opening, as: $0.types) })?.finding {
                findings[first].notes.append(Finding.Note("the same launch opens the store again here, in \(declaration): it migrates once, in whichever opening runs first", at: opening.place.location))
                continue
            }
            reported[key, default: []].append((opening.modelTypes, findings.count))
            reportedOnPath[pathKey, default: []].append((opening.modelTypes, findings.count))
            let migration = Self.fullMigration(in: opened, shipped: context.isShipped, types: opening.modelTypes, failsToMigrate: context.failsToMigrate)
            var notes = opening.launchPath.dropLast().map { step in Finding.Note("reached synchronously from \(step.declaration)", at: step.location) }
            notes += opening.otherLaunchEntries.map { entry in Finding.Note("also reached synchronously at launch from \(entry.declaration)", at: entry.location) }
            var message: String
            if let migration {
                message = "\(opening.call.displayName) opens the store on the launch path (\(root.declaration)), and \(migration.version.displayName) of \(ModelName.spoken(migration.history.model)) migrates every store of \(migration.baseline.displayName) there: \(MigrationCause.describe(migration.entities, from: migration.baseline, to: migration.version))"
                let declared = migration.version.declaration(ofChangesTo: migration.entities)
                let what = declared.entity.map { "'\($0)', which \(migration.version.displayName) of \(ModelName.quoted(migration.history.model)) changes," }
                notes.append(Finding.Note("\(what ?? "\(migration.version.displayName) of \(ModelName.quoted(migration.history.model))") is declared here", at: declared.location))
            } else {
                message = "\(opening.call.displayName) opens the store on the launch path (\(root.declaration)); any release that changes the model migrates the store there"
            }
            // macOS has no launch watchdog: a long migration there is a launch that hangs (no
            // window, a spinning cursor) until it ends, not one that is killed and retried.
            let macOS = opening.launchesOnMacOS
            if macOS { message += "; on macOS, where this launch path is built, no watchdog ends the launch, but the app shows no window until the migration ends" }
            // A shallow clone holds no release tag: the newest version may have shipped, and its
            // stores migrated already.
            let unknown = migration != nil && context.unreadReleases == .shallowClone
            if let migration, unknown {
                message += "; the repository is a shallow clone, which cannot say whether \(migration.version.displayName) has shipped: if it has, that migration ran already, when people updated"
            }
            let outcome = macOS ? "so the window appears at once instead of hanging through a long migration" : "so the launch watchdog (0x8badf00d) cannot kill a long migration"
            findings.append(finding(
                at: opening.place, severity: migration == nil || macOS || unknown ? .note : .warning, subject: opening.call.rawValue, message: message,
                notes: notes,
                suggestions: [
                    Self.wayOff(opening.call, outcome),
                    "measure the migration with a store of realistic size written by the previous release",
                ]
            ))
        }
        return findings
    }

    /// Whether `opening` may open the store an earlier opening made for `types` opened: not where
    /// both are ModelContainers made for disjoint sets of types (a local catalog beside a synced
    /// store), which are two stores that each migrate their own.
    static func mayOpenTheSameStore(_ opening: StoreOpening, as types: Set<String>?) -> Bool {
        guard let types, let own = opening.modelTypes else { return true }
        return !own.isDisjoint(with: types)
    }

    /// Whether `types` names a class of the history's newest version, one of its schemas, or the
    /// model itself.
    static func holds(_ history: ModelHistory, any types: Set<String>) -> Bool {
        if names(wholeModel: history, among: types) { return true }
        return history.versions.last?.entities.contains { types.contains($0.name) } ?? false
    }

    /// The first model (by name) whose newest version (in a bundle, the current one), not recorded
    /// as shipped, changes the version hash of an entity of the release before it. An entity the release did not have
    /// (neither by its name nor as the one it was renamed from) is a new table: creating it
    /// rewrites none of the store's data.
    /// `types`: the classes a container is made for (`Schema([Drink.self])` in a watch app), whose
    /// entities, and those their relationships reach, are what its store holds of the version (an
    /// entity the step removes may be in any store, and is dropped there); nil for all.
    /// A step whose stores fail to open (`failsToMigrate`: lightweight migration cannot infer it,
    /// and no mapping model covers it) migrates nothing at launch.
    static func fullMigration(
        in histories: [ModelHistory], shipped: (ModelVersion, ModelHistory) -> Bool, types: Set<String>? = nil,
        failsToMigrate: (ModelHistory, ModelVersion, ModelVersion) -> Bool = { _, _, _ in false }
    ) -> FullMigration? {
        for history in histories.sorted(by: { $0.model < $1.model }) {
            // A bundle's app builds its current version: the versions after it are drafts no
            // store migrates to yet.
            // A newest version a release tag (or the lock) holds has shipped: its stores migrated
            // when people updated to that release, and the next release migrates nothing new.
            guard let newest = history.versions.last(where: { $0.isReleased || $0.format != .xcode }), !shipped(newest, history),
                  let step = history.comparisons.last(where: { $0.version.label == newest.label }) else { continue }
            // The stores people have are those of the newest version that shipped: where versions
            // came since that have not shipped either, the update migrates from it.
            let newestIndex = history.versions.firstIndex { $0.label == newest.label } ?? 0
            let baseline = history.versions[..<newestIndex].last { shipped($0, history) && $0.format == newest.format } ?? step.baseline
            let held = types.flatMap { Self.entities(reachedFrom: $0, in: newest, of: history) }
            let entities = newest.entitiesNeedingMigration(from: baseline).filter { name in
                (baseline.containsEntity(named: name) || newest.entity(named: name)?.renamedFrom.map(baseline.containsEntity(named:)) == true)
                    && held.map { $0.contains(name) || newest.entity(named: name) == nil } ?? true
            }
            if !entities.isEmpty, !failsToMigrate(history, baseline, newest) { return FullMigration(history: history, baseline: baseline, version: newest, entities: entities) }
        }
        return nil
    }

    /// Whether `types` name the model itself or one of its versions (a schema): all of it.
    private static func names(wholeModel history: ModelHistory, among types: Set<String>) -> Bool {
        types.contains(history.model) || history.versions.contains { types.contains($0.label) }
    }

    /// The entities of `version` that `types` name and those their relationships reach (SwiftData
    /// adds them to the schema); nil where `types` name the model or a schema: all of them.
    static func entities(reachedFrom types: Set<String>, in version: ModelVersion, of history: ModelHistory) -> Set<String>? {
        if names(wholeModel: history, among: types) { return nil }
        var reached: Set<String> = []
        var pending = version.entities.map(\.name).filter(types.contains)
        // Names of no class of the version (a type alias of a schema): all of them.
        if pending.isEmpty { return nil }
        // Every class of the version: all of them, those the step removed included.
        if version.entities.allSatisfy({ types.contains($0.name) }) { return nil }
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let entity = version.entity(named: name) else { continue }
            pending += entity.relationships.map(\.destination)
            if let parent = entity.parent { pending.append(parent) }
        }
        return reached
    }

    /// How to take the opening off the launch path, in the terms of the call that opens the store.
    private static func wayOff(_ call: StoreOpening.Call, _ outcome: String) -> String {
        switch call {
        case .modelContainer:
            "create the ModelContainer off the main thread (in a Task, behind a progress screen) and show the user interface when it is ready, \(outcome)"
        case .magicalRecordSetup, .magicalRecordAutoMigratingSetup:
            "migrate the store on a background queue before MagicalRecord's setup (add it with the migration options to a coordinator of its own there, behind a progress screen), so the setup finds nothing to migrate, \(outcome)"
        case .addPersistentStore:
            // A store added by type, URL and options has no description to set the flag on.
            "add the store from a background queue (or with `addPersistentStore(with:completionHandler:)` and a store description whose `shouldAddStoreAsynchronously` is true) and show a progress screen until it is added, \(outcome)"
        case .migrateStore, .migratePersistentStore, .replacePersistentStore:
            "run the migration on a background queue behind a progress screen and open the store when it is done, \(outcome)"
        default:
            "set `shouldAddStoreAsynchronously = true` on the store description (or load the store from a background task) and show a progress screen until the completion handler runs, \(outcome)"
        }
    }
}

/// What the project's store-handling code does, as a static reader sees it: the calls that open
/// stores, the file protection they get, what the code does when opening fails, how store files
/// are moved, and whether the app runs in the background. Readers of Swift, Objective-C and
/// Info.plist files each fill in what they see; the store-handling rules judge the facts of the
/// whole run (docs/store-code.md). What a reader cannot decide statically is left out, never guessed.
package struct StoreCodeFacts: Hashable, Sendable {
    package var openings: [StoreOpening] = []
    package var protections: [StoreFileProtection] = []
    package var failureActions: [StoreFailureAction] = []
    package var fileOperations: [StoreFileOperation] = []
    package var backgroundEvidence: [BackgroundEvidence] = []
    /// Store file names written as literals (`"Notes.sqlite"`), with where they are: what a check of
    /// store locations across releases compares.
    package var storeFileNames: [StoreFileName] = []
    /// Calls that move or copy a whole store with its companions (`migratePersistentStore`,
    /// `replacePersistentStore`): code that takes people's data to a new place.
    package var relocations: [StoreRelocation] = []
    /// Whether the code opens, migrates or moves a store anywhere: most files the store-code
    /// readers take (any that touches files or names Core Data) do none of it.
    package var handlesStores: Bool { !openings.isEmpty || !relocations.isEmpty || !fileOperations.isEmpty }
    /// The store file names of the code at the last release tag, when release tags are read
    /// (`--history git`): what the working tree's names are compared with.
    package var lastRelease: ReleasedStoreFileNames?
    /// Core Data containers created for CloudKit (`NSPersistentCloudKitContainer`): which stores
    /// the code syncs, whatever the model files say.
    package var cloudKitContainers: [CloudKitContainerUse] = []
    /// CloudKit options set on the stores of a plain `NSPersistentContainer`, in a file that makes
    /// no CloudKit container: only an `NSPersistentCloudKitContainer` mirrors a store, so nothing
    /// syncs there.
    package var ignoredCloudKitOptions: [IgnoredCloudKitOptions] = []
    /// Entitlements files that give the app CloudKit (`com.apple.developer.icloud-services` with
    /// `CloudKit`): what SwiftData's default `.automatic` syncs with.
    package var cloudKitEntitlements: [SourceLocation] = []
    /// The folder of the Xcode project that signs with each entitlements file (`CODE_SIGN_ENTITLEMENTS`),
    /// by the file's path, and the folders that hold an Xcode project (`""` the top): an
    /// entitlements file gives its CloudKit to the app its project builds, not to the models
    /// another project of the repository builds. Filled only where there are entitlements files.
    package var entitlementProjectFolders: [String: String] = [:]
    package var xcodeProjectFolders: Set<String> = []
    /// Entitlements files that give the app no CloudKit (app groups, keychain sharing, or iCloud
    /// with no CloudKit container): the app's entitlements are in the repository, and CloudKit is
    /// not among them. Not store code: `isEmpty` leaves them out.
    package var entitlementsWithoutCloudKit: [SourceLocation] = []
    /// The Xcode projects of a repository with no entitlements file, where nothing names one
    /// (`CODE_SIGN_ENTITLEMENTS`): the apps sign with no entitlements, so with no CloudKit.
    package var projectsSigningWithoutEntitlements: [SourceLocation] = []
    /// Entitlements files that turn CloudKit on but name no container (`<array/>` under the
    /// iCloud containers, as Xcode leaves the capability until one is chosen): SwiftData's
    /// `.automatic` has nothing to sync with. Where each lists the containers. Not store code:
    /// `isEmpty` leaves them out.
    package var cloudKitWithoutContainer: [SourceLocation] = []
    /// The iCloud containers each entitlements file a target signs with lists, where it lists
    /// them all as literals. Not store code: `isEmpty` leaves them out.
    package var entitledContainers: [EntitledContainers] = []
    /// Where an entitlements file writes a container with a build setting
    /// (`iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)`): which containers the app may use is not known.
    package var containersFromBuildSettings: [SourceLocation] = []
    /// The CloudKit containers the code names with a literal for a store to sync with
    /// (`NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.x")`,
    /// `cloudKitDatabase: .private("iCloud.x")`). Not store code: `isEmpty` leaves them out.
    package var namedCloudKitContainers: [NamedCloudKitContainer] = []
    /// The names under which the project's own value transformers that read keyed archives can be
    /// named in a model (class names, `@objc` names and registered names of subclasses of
    /// `NSSecureUnarchiveFromDataTransformer`): moving an attribute from Core Data's default to one
    /// of them decodes the same bytes. Not store code: `isEmpty` leaves them out.
    package var keyedArchiveTransformers: Set<String> = []
    /// The folders of app extensions (widgets, share sheets), from their Info.plist's `NSExtension`:
    /// the code under one runs in that extension, not in the app. Not store code: `isEmpty` leaves
    /// them out.
    package var appExtensions: [AppExtension] = []
    /// The names of the files that Xcode projects build into two targets or more: code of an
    /// extension's folder among them is the app's too. Not store code: `isEmpty` leaves them out.
    package var sourcesOfSeveralTargets: Set<String> = []
    /// The files that delete a store where it fails to open and copy a database out of the app's
    /// bundle, in an app none of whose code saves to a store, runs a batch request or syncs: such
    /// a store holds only what the app shipped in it, and deleting it loses nothing of the
    /// person's. Set by the walk, which sees every code file (not a run of named files).
    package var bundledDatabaseFiles: Set<String> = []
    /// Where the app migrates a store itself with `NSMigrationManager` (`migrateStore(from:...)`,
    /// `migrateStoreFromURL:` in Objective-C): object by object in memory, not by Core Data's
    /// lightweight migration. Not store code: `isEmpty` leaves them out.
    package var handRunMigrations: [SourceLocation] = []
    /// Where the app opens a store with the model it was made with, found from the store's
    /// metadata (`NSManagedObjectModel.mergedModel(from:forStoreMetadata:)`): code that works on
    /// the old store before it migrates (removes the duplicates a new constraint would refuse).
    /// Not store code: `isEmpty` leaves them out.
    package var sourceModelPasses: [SourceLocation] = []
    /// Where the project's code gives an attribute description its value transformer
    /// (`attribute.valueTransformerName = name`, `setValueTransformerName:`): the model the stores
    /// are opened with then names the transformer the code gives, whatever the model file says.
    /// Not store code: `isEmpty` leaves them out.
    package var transformerNamesSetInCode: [SourceLocation] = []
    /// Where a function or property of the project named for a cache (`deleteAllCachedData()`,
    /// `CacheStore.clear()`) deletes all objects of a model class (`context.delete(model: X.self)`):
    /// the app treats what a store of those classes holds as a cache it fills again. Not store
    /// code: `isEmpty` leaves them out.
    package var cacheClearings: [CacheClearing] = []
    /// The configuration names the project's code opens stores with (`description.configuration =
    /// "Cloud"`, `configurationName: "Cloud"`, `configuration:@"Cloud"`): where a model's named
    /// configurations are opened by name, an entity in none of them is in no store. Not store
    /// code: `isEmpty` leaves them out.
    package var openedConfigurations: Set<String> = []
    /// The Core Data models (by the name the code loads them with) that code outside previews and
    /// tests opens in memory (`description.url = URL(fileURLWithPath: "/dev/null")`,
    /// `NSInMemoryStoreType`), and where it first does: none of those openings is in `openings`,
    /// which are the stores that keep something. Not store code: `isEmpty` leaves them out.
    package var modelsOpenedInMemory: [String: SourceLocation] = [:]
    /// Where code first opens in memory a model whose name its file does not say (the model
    /// handed in by URL, `NSPersistentContainer(name:managedObjectModel:)`): in a run of one
    /// Core Data model, that model. Not store code either.
    package var unnamedModelOpenedInMemory: SourceLocation?
    /// Where SwiftData code first makes a container, where every container it makes is a
    /// preview's or a debug build's and nothing else may keep a store (`swiftDataMayKeepAStore`,
    /// in any part of the run, wins): the `@Model` classes are no store's. Not store code either.
    package var swiftDataKeptOnlyInPreviews: SourceLocation?
    /// SwiftData code of the run (some target's) may keep a store on disk.
    package var swiftDataMayKeepAStore = false
    /// Messages a launch path sends to methods the reader's own files do not implement (an
    /// Objective-C app delegate's `[self setupStorage]`, whose method is in a Swift extension):
    /// where a reader of another language finds the method, its openings are on that launch path.
    package var foreignLaunchCalls: [ForeignLaunchCall] = []

    package init() {}

    package var isEmpty: Bool {
        openings.isEmpty && protections.isEmpty && failureActions.isEmpty && fileOperations.isEmpty
            && backgroundEvidence.isEmpty && storeFileNames.isEmpty && relocations.isEmpty && cloudKitContainers.isEmpty && ignoredCloudKitOptions.isEmpty && cloudKitEntitlements.isEmpty
    }

    /// The facts of all `parts`, each list in a stable order (by place), sorted once however many
    /// parts there are (one a file, for a reader).
    package init(merging parts: [StoreCodeFacts]) {
        for part in parts {
            openings += part.openings
            protections += part.protections
            failureActions += part.failureActions
            fileOperations += part.fileOperations
            backgroundEvidence += part.backgroundEvidence
            storeFileNames += part.storeFileNames
            relocations += part.relocations
            cloudKitContainers += part.cloudKitContainers
            ignoredCloudKitOptions += part.ignoredCloudKitOptions
            cloudKitEntitlements += part.cloudKitEntitlements
            entitlementProjectFolders.merge(part.entitlementProjectFolders) { first, _ in first }
            xcodeProjectFolders.formUnion(part.xcodeProjectFolders)
            entitlementsWithoutCloudKit += part.entitlementsWithoutCloudKit
            projectsSigningWithoutEntitlements += part.projectsSigningWithoutEntitlements
            cloudKitWithoutContainer += part.cloudKitWithoutContainer
            entitledContainers += part.entitledContainers
            containersFromBuildSettings += part.containersFromBuildSettings
            namedCloudKitContainers += part.namedCloudKitContainers
            keyedArchiveTransformers.formUnion(part.keyedArchiveTransformers)
            appExtensions += part.appExtensions
            sourcesOfSeveralTargets.formUnion(part.sourcesOfSeveralTargets)
            handRunMigrations += part.handRunMigrations
            sourceModelPasses += part.sourceModelPasses
            transformerNamesSetInCode += part.transformerNamesSetInCode
            cacheClearings += part.cacheClearings
            openedConfigurations.formUnion(part.openedConfigurations)
            modelsOpenedInMemory.merge(part.modelsOpenedInMemory) { Swift.min($0, $1) }
            unnamedModelOpenedInMemory = [unnamedModelOpenedInMemory, part.unnamedModelOpenedInMemory].compactMap { $0 }.min()
            swiftDataKeptOnlyInPreviews = [swiftDataKeptOnlyInPreviews, part.swiftDataKeptOnlyInPreviews].compactMap { $0 }.min()
            swiftDataMayKeepAStore = swiftDataMayKeepAStore || part.swiftDataMayKeepAStore
            foreignLaunchCalls += part.foreignLaunchCalls
            lastRelease = lastRelease ?? part.lastRelease
        }
        // The shortest launch path first, as each reader's own paths are.
        foreignLaunchCalls.sort { first, second in
            if first.path.count != second.path.count { return first.path.count < second.path.count }
            if first.path != second.path { return first.path.lexicographicallyPrecedes(second.path) }
            return (first.owner, first.selector) < (second.owner, second.selector)
        }
        joinLaunchPathsAcrossLanguages()
        openings.sort { $0.place < $1.place }
        protections.sort { $0.place < $1.place }
        failureActions.sort { $0.place < $1.place }
        fileOperations.sort { $0.place < $1.place }
        backgroundEvidence.sort { $0.location < $1.location }
        storeFileNames.sort { $0.place < $1.place }
        relocations.sort { $0.place < $1.place }
        cloudKitContainers.sort { $0.location < $1.location }
        ignoredCloudKitOptions.sort { $0.setting < $1.setting }
        cloudKitEntitlements.sort()
        entitlementsWithoutCloudKit.sort()
        projectsSigningWithoutEntitlements.sort()
        cloudKitWithoutContainer.sort()
        entitledContainers.sort { $0.location < $1.location }
        containersFromBuildSettings.sort()
        namedCloudKitContainers.sort { ($0.location, $0.identifier) < ($1.location, $1.identifier) }
        appExtensions.sort { $0.location < $1.location }
        handRunMigrations.sort()
        sourceModelPasses.sort()
        transformerNamesSetInCode.sort()
        cacheClearings.sort { ($0.location, $0.modelType) < ($1.location, $1.modelType) }
    }

    /// The app extension whose folder holds `file` (the innermost, where folders nest), or nil
    /// for the app's own code, code no extension's folder holds, and a file a project builds into
    /// several targets.
    package func appExtension(containing file: String) -> AppExtension? {
        if sourcesOfSeveralTargets.contains(String(file.split(separator: "/").last ?? "")) { return nil }
        return appExtensions.filter { $0.folder.isEmpty || file.hasPrefix($0.folder + "/") }.max { $0.folder.count < $1.folder.count }
    }

    /// Puts on a launch path the openings one language's code reaches from a method that a launch
    /// path of another language's code calls: the shortest launch path, then the method's way to the
    /// opening.
    private mutating func joinLaunchPathsAcrossLanguages() {
        guard !foreignLaunchCalls.isEmpty else { return }
        for index in openings.indices where openings[index].launchPath.isEmpty {
            for entry in openings[index].foreignEntries {
                guard let call = foreignLaunchCalls.first(where: { $0.owner == entry.owner && $0.selector == entry.selector }) else { continue }
                openings[index].launchPath = call.path + entry.path
                openings[index].launchesOnMacOS = openings[index].launchesOnMacOS || call.launchesOnMacOS
                break
            }
        }
    }

    /// The facts of both, each list in a stable order (by place).
    package mutating func append(_ other: StoreCodeFacts) {
        self = StoreCodeFacts(merging: [self, other])
    }
}

/// A place in the code: the position, and the declaration around it as people name it
/// (`AppDelegate.persistentContainer`, `-[AppDelegate persistentContainer]`), which is what a
/// finding's identity uses (positions move with every edit).
package struct CodePlace: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var location: SourceLocation
    package var declaration: String

    package init(_ location: SourceLocation, in declaration: String) {
        self.location = location
        self.declaration = declaration
    }

    package var description: String { "\(declaration) (\(location))" }

    package static func < (lhs: CodePlace, rhs: CodePlace) -> Bool {
        (lhs.location, lhs.declaration) < (rhs.location, rhs.declaration)
    }
}

/// A call that opens a store.
package struct StoreOpening: Hashable, Sendable {
    package enum Call: String, Hashable, Sendable {
        case loadPersistentStores
        case addPersistentStore
        case modelContainer = "ModelContainer"
        /// A migration the app runs itself (`NSMigrationManager.migrateStore(from:...)`,
        /// `migratePersistentStore`): no opening, but what its failure path does is judged as an
        /// opening's is.
        case migrateStore
        case migratePersistentStore
        /// `replacePersistentStore(at:withPersistentStoreFrom:)`: a copy of a store over another
        /// (into an app group, from a backup), judged as `migratePersistentStore` is.
        case replacePersistentStore
        /// MagicalRecord's stack without automatic migration (`[MagicalRecord setupCoreDataStack]`,
        /// `setupCoreDataStackWithStoreNamed:`), beside its `setupAutoMigratingCoreDataStack`.
        case magicalRecordSetup = "setupCoreDataStack"
        /// MagicalRecord's stack with automatic migration (`setupAutoMigratingCoreDataStack`,
        /// `setupCoreDataStackWithAutoMigratingSqliteStoreNamed:`): it adds the store, and so
        /// migrates it, before it returns.
        case magicalRecordAutoMigratingSetup = "setupAutoMigratingCoreDataStack"
        /// A library's stack that opens the store itself (MagicalRecord's, CoreStore's
        /// `addStorage`): where only its settings are read.
        case libraryStack = "stack"

        /// A migration the app runs itself rather than an opening.
        package var isMigration: Bool { self == .migrateStore || self == .migratePersistentStore || self == .replacePersistentStore }

        /// The call as messages name it (`ModelContainer(...)`, `loadPersistentStores`).
        package var displayName: String {
            switch self {
            case .modelContainer: "ModelContainer(...)"
            case .magicalRecordSetup: "MagicalRecord's setupCoreDataStack"
            case .magicalRecordAutoMigratingSetup: "MagicalRecord's auto-migrating setup"
            case .libraryStack: "the library's stack"
            default: rawValue
            }
        }
    }

    package var call: Call
    package var place: CodePlace
    /// The way a launch entry point reaches this call without leaving the main thread: the entry
    /// point first (`AppDelegate.application(_:didFinishLaunchingWithOptions:)`, `NotesApp.init`),
    /// each step a use of the next declaration, the opening's declaration last. Empty when no
    /// launch entry point reaches it, or the reader could not tell.
    package var launchPath: [CodePlace]
    /// The launch entries of other types (another app's `App`, a watch extension's delegate) that
    /// reach this call synchronously too, beside the path's own.
    package var otherLaunchEntries: [CodePlace] = []
    /// Whether a file on the launch path imports AppKit or Cocoa outside any `#if`: the path is
    /// built for macOS only, where no watchdog ends a slow launch.
    package var launchesOnMacOS: Bool
    /// Whether opening migrates an older store by itself: Core Data's default for a container's
    /// store descriptions, and always for SwiftData; off with `shouldMigrateStoreAutomatically =
    /// false`, for `addPersistentStore` unless its options say so, and for an opening right after
    /// the code deleted the store's files (a new, empty store).
    package var migratesAutomatically: Bool
    /// `shouldAddStoreAsynchronously = true` on the store's description, or the call runs on a
    /// background queue or thread (`queue.async { ... }`, `Task.detached`): not on the main thread.
    package var addsAsynchronously: Bool
    /// `addPersistentStore` with options written where the reader sees them (`nil`, or a dictionary
    /// without `NSMigratePersistentStoresAutomaticallyOption: true`) that ask for no migration, for a
    /// store that can be written (not read-only, not in the app's bundle, not just deleted), or
    /// `loadPersistentStores` of a description set `shouldMigrateStoreAutomatically = false`: a
    /// store of an earlier model version fails to open. False where the options come from elsewhere.
    package var declinesMigration: Bool
    /// The code deleted the store's files (or moved them aside) just before: this opening makes a
    /// new, empty store, and migrates nothing whatever its options say.
    package var opensANewStore = false
    /// Where the code that calls the function opening the store deletes the store's files before
    /// that call (`if savedVersion < 4 { removeItem(at: storeURL) }` then `loadStore()`, a
    /// reset gate): the stores that deletion catches open empty, whatever a release made of them.
    package var deletedBeforeItsOpenerIsCalled: SourceLocation?
    /// It is written in a `catch`: it runs only where an opening before it failed (a fallback, a
    /// last resort), so another opening of the same code is the one that runs at each launch.
    package var inACatch = false
    /// Core Data's migration of the store may infer a mapping model; false where the code turns
    /// that off (`shouldInferMappingModelAutomatically = false`), or leaves it off (the options of
    /// `addPersistentStore` ask for automatic migration without `NSInferMappingModelAutomaticallyOption`,
    /// which they default to false): it then migrates only with a mapping model from the store's
    /// own version to the current one.
    package var infersMappingModels = true
    /// The model types a `ModelContainer` is made for, where its `for:` names them (`for:
    /// Note.self, Tag.self`, `for: Schema([Note.self])`): its store holds those models' classes,
    /// not another container's. Nil where the types come from elsewhere (a `schema` name).
    package var modelTypes: Set<String>?
    /// A `ModelContainer` given no configuration (`ModelContainer(for: Note.self)`): its store is
    /// SwiftData's default one, the same file wherever the app makes such a container.
    package var opensTheDefaultStore = false
    /// The Core Data model the code loads for this store where a literal in its file names it
    /// (`URLForResource:@"X" withExtension:@"momd"`, `NSPersistentContainer(name: "X")`): the bundle
    /// `X.xcdatamodeld`. Nil where the file names none, or several.
    package var modelName: String?
    /// For a container that opens its own stores (`self.loadPersistentStores` in a subclass),
    /// the class it inherits from where no file read declares it and it is not Core Data's
    /// (`RSTPersistentContainer` of a library): that class may override how stores open and
    /// migrate (walking each step's mapping model), which the reader cannot see.
    package var unreadContainerClass: String?
    /// What says this store is a cache (`StoreFailureAction.cache`): going on without it when it
    /// fails to open loses nothing of the person's.
    package var cache: CacheEvidence?
    /// The methods another language's code can send a message to (a Swift extension's `@objc`
    /// method of an Objective-C class) that reach this call synchronously, where no launch entry of
    /// its own language does: `foreignLaunchCalls` of the other reader join them to a launch path.
    package var foreignEntries: [ForeignEntry] = []
    /// The computed property on the launch path whose getter makes this container, itself or
    /// through functions it calls (`static var shared: ModelContainer { try! ModelContainer(...)
    /// }`), where none of them keeps a container it made: every read of the property opens the
    /// store again, in a container of its own. Nil where no launch path reads such a property.
    package var madeAtEachReadOf: CodePlace?
    /// The initializer or `body` of a SwiftUI view that makes this container, itself or through a
    /// function that keeps nothing it made (`init() { container = try? Repo.getContainer() }`):
    /// SwiftUI makes the view again with each update of the view above it, and each time the
    /// store is opened again, in a container of its own.
    package var madeAtEachViewUpdateIn: CodePlace?

    package init(call: Call, place: CodePlace, launchPath: [CodePlace] = [], launchesOnMacOS: Bool = false, migratesAutomatically: Bool = true, addsAsynchronously: Bool = false, declinesMigration: Bool = false) {
        self.call = call
        self.place = place
        self.launchPath = launchPath
        self.launchesOnMacOS = launchesOnMacOS
        self.migratesAutomatically = migratesAutomatically
        self.addsAsynchronously = addsAsynchronously
        self.declinesMigration = declinesMigration
    }
}

/// File protection `complete` given to a store (`NSPersistentStoreFileProtectionKey` with
/// `FileProtectionType.complete` / `NSFileProtectionComplete`).
package struct StoreFileProtection: Hashable, Sendable {
    package var place: CodePlace
    /// The protection as written (`FileProtectionType.complete`, `NSFileProtectionComplete`).
    package var written: String

    package init(place: CodePlace, written: String) {
        self.place = place
        self.written = written
    }
}

/// What the code does where opening a store failed: the error branch of a `loadPersistentStores`
/// completion handler, the `catch` of `addPersistentStore` or `ModelContainer(...)`.
package struct StoreFailureAction: Hashable, Sendable {
    /// The assertions of Swift and Objective-C, which release builds leave out: one that tests a
    /// store's opening does nothing in the builds people run.
    package static let assertions: Set<String> = ["assert", "NSAssert", "NSCAssert", "NSParameterAssert", "NSCParameterAssert"]

    /// Whether what the action does, as written (`NSAssert(...)`), is one of `assertions`.
    package var isAssertion: Bool { written.hasSuffix("(...)") && Self.assertions.contains(String(written.dropLast("(...)".count))) }

    package enum Action: String, Hashable, Sendable {
        /// `fatalError`, `preconditionFailure`, `abort()`, `exit`: the app stops, at every launch.
        case stopsTheApp
        /// `FileManager.removeItem` or `destroyPersistentStore`: the person's data is gone.
        case deletesTheStore
        /// An in-memory store in its place (`isStoredInMemoryOnly: true`, `NSInMemoryStoreType`):
        /// the app opens with no data, and what the person enters is gone at the next launch.
        case fallsBackToMemory
        /// The function that opens the store called again at once, nothing changed: a store that
        /// cannot migrate fails again, without end (from a synchronous handler, until the stack
        /// overflows).
        case retriesAtOnce
        /// A container of the default store (`ModelContainer(for: schema)`) where the one that
        /// failed has a place of its own (`url:`, `groupContainer:`, a configuration's name: an
        /// unnamed configuration after `ModelConfiguration("Cloud", ...)`): another, empty store.
        case opensAnotherStore
        /// A library told to delete the store when it does not match the model and make a new
        /// one (MagicalRecord's `shouldDeleteStoreOnModelMismatch`, CoreStore's
        /// `.recreateStoreOnModelMismatch`): a release whose change does not migrate empties the
        /// store, with no error the app sees.
        case deletesOnModelMismatch
        /// The error only logged (`print`, `NSLog`, a `Logger`) in a `loadPersistentStores`
        /// handler, and the app goes on: the container has no store, so the app shows none of
        /// the person's data and every save fails.
        case onlyLogs
    }

    package var action: Action
    /// The call as written (`fatalError`, `abort`, `removeItem(at:)`, `destroyPersistentStore`).
    package var written: String
    package var place: CodePlace
    /// The opening whose failure this handles.
    package var opening: StoreOpening.Call
    package var openingLocation: SourceLocation
    /// The throwing functions the opening's error came up through before it reached this code
    /// (the one that opens the store first); empty when it is handled where the store is opened.
    package var errorPath: [CodePlace] = []
    /// The opening is a retry after the code deleted the store's files: it opens a new, empty
    /// store, which no migration can fail (the deletion before it is the finding).
    package var opensAfterDeletingTheStore = false
    /// The container is a local of this function (named here) that nothing keeps: only the code
    /// that runs once it loaded uses it (a maintenance pass, an export), so a failure skips that
    /// work and leaves no stack the app goes on with.
    package var inLocalContainerOf: String?
    /// A stop that runs after the same failure's code deleted the store (`removeItem`, then
    /// `fatalError`): the next launch makes a new, empty store, so it stops the app once, and
    /// the deletion is the loss.
    package var stopsAfterDeletingTheStore = false
    /// A stop after a deletion of the store that the same code runs only for the errors it tests
    /// (`if reason == "Can't find mapping model for migration" { destroyPersistentStore(…) }`):
    /// for those the app stops once; for any other it stops each time.
    package var stopsAfterDeletingTheStoreForSomeErrors = false
    /// The error reached this code only after the wrapper's own fallback to an in-memory store
    /// failed too (reported there): nothing was migrated in memory, so what fails is what fails
    /// every time.
    package var afterFallbackToMemory = false
    /// The opening that failed here is a recovery store of its own (another configuration's name
    /// or file) made in the `catch` of the store that failed: that store is not what fails here.
    package var afterFallbackToAnotherStore = false
    /// What says the store is a cache (its file, the property or function that opens it, its
    /// type's name or documentation: `"imageCache.sqlite"`, `localCacheContainer`): what it holds
    /// can be made again, and deleting it, or going on without it, loses nothing of the person's.
    package var cache: CacheEvidence?
    /// It is written in code no file of the run uses: a static stored property (Xcode's template
    /// `static let shared` beside the stack the app makes itself) or a function no file calls. It
    /// runs only if code elsewhere uses it.
    package var inUnusedCode = false
    /// The constant, `false` where it is declared, that the code needs to be true to get here
    /// (`guard Self.enableCloudKit else { return nil }`): it never runs as the code stands.
    package var offByConstant: String?
    /// It is written in a `lazy var` read only while the app terminates: by the function named
    /// here, which only `applicationWillTerminate(_:)` calls (Xcode's template `saveContext()`),
    /// or by `applicationWillTerminate` itself. The store opens, and fails, only then.
    package var onlyAtTermination: String?
    /// The container whose stores this load adds is another type's, which loads them itself
    /// (`let container = CoreDataManager.shared.persistentContainer`, then
    /// `container.loadPersistentStores`, where `CoreDataManager` loads its `persistentContainer` and
    /// stops the app where that fails): this second load runs only after the first opened the
    /// store, and only fails to add it again. The loading container, as `Type.property`; set where
    /// this failure only logs.
    package var reloadsTheStoresOf: String?
    /// The deletion runs where the code found that the store does not match the model
    /// (`isConfiguration(withName:compatibleWithStoreMetadata:)` false), before opening it: every
    /// release that changes the model deletes the store instead of migrating it. The opening's
    /// location is then that check's.
    package var whenIncompatible = false
    /// The stop comes after the person was told: a modal alert shown before it (`NSAlert`'s
    /// `runModal()`, in the branch or in the helper that stops), or the stop in the handler of an
    /// alert's button. They learn why the app quits, and the store file stays.
    package var afterTellingThePerson = false
    /// The branch that falls back to memory also shows the person an alert (`NSAlert`,
    /// `UIAlertController`, a call or flag named for one): the fallback is not silent.
    package var withAnAlert = false
    /// Where the person is told only by errors kept for the interface (`storeError = error`): their
    /// names, which some file must read for the person to learn anything.
    package var toldOnlyThrough: [String] = []
    /// The names (properties, variables) the failure branch keeps the error in, doing nothing
    /// else but log (`initializationError = error`): the action stands only where no file reads
    /// any of them, since then nothing ever handles the failure.
    package var keptOnlyIn: [String] = []
    /// The deletion, where the app's own migration failed, removes the store it migrates from
    /// (the `from:` of `migrateStore`), not what it wrote: at the first step, the person's store.
    package var removesTheMigrationSource = false
    /// The call that copies the store's files elsewhere before the deletion (`copyItem(at:to:)`,
    /// `copyStoreFilesAside()`), as written: the copy keeps what the person stored.
    package var copyKeptFirst: String?
    /// The deletion runs only after the person chose it in an alert (`if (NSRunCriticalAlertPanel(…)
    /// == NSAlertAlternateReturn)`): what is lost, they chose to lose.
    package var confirmedByThePerson = false
    /// The fallback to memory runs only while the device keeps the store's file locked (the app
    /// launched in the background before the first unlock), and the same branch waits for the
    /// device to unlock (`protectedDataDidBecomeAvailable`) to open the store: nothing in it is lost.
    package var untilTheDeviceUnlocks = false
    /// The deletion runs only for the error that says the file is no store at all (259,
    /// `NSFileReadCorruptFileError`): a store that fails to migrate is not deleted.
    package var onlyForACorruptFile = false
    /// The call that reads what the store holds into memory before the deletion, to write it
    /// into a new store after (`exportFromStore()`), as written.
    package var readOutFirst: String?

    package init(action: Action, written: String, place: CodePlace, opening: StoreOpening.Call, openingLocation: SourceLocation) {
        self.action = action
        self.written = written
        self.place = place
        self.opening = opening
        self.openingLocation = openingLocation
    }
}

/// A `FileManager` move, copy or removal of a file that is a store (its name ends in `.sqlite`
/// or `.store`, or it is a store description's URL), and whether the same code does the same to
/// the store's `-wal` and `-shm` companions.
package struct StoreFileOperation: Hashable, Sendable {
    package enum Operation: String, Hashable, Sendable {
        case move, copy, remove
    }

    package var operation: Operation
    /// The call as written (`moveItem(at:to:)`, `moveItemAtURL:toURL:error:`).
    package var written: String
    package var place: CodePlace
    /// The store's URL or path as written in the call.
    package var store: String
    /// A `-wal` name built next to the store's (`path + "-wal"`, a loop over suffixes).
    package var handlesWAL: Bool
    package var handlesSHM: Bool
    /// Where the code appends `-wal` or `-shm` as a path component (`appendingPathComponent("-wal")`),
    /// which names a file inside a folder named like the store, not the companion.
    package var childPathMistake: SourceLocation?
    /// The companion's suffix appended there (`-wal`, or `-shm` where only that one is).
    package var childPathMistakeSuffix = "-wal"
    /// Where the code appends a companion's name as a path extension to the store's name
    /// (`appendingPathExtension("wal")`, or `("sqlite-wal")` to `Notes.sqlite`), which names
    /// `Notes.sqlite.wal` or `Notes.sqlite.sqlite-wal`, not the companion `Notes.sqlite-wal`.
    package var extensionMistake: SourceLocation?
    /// The extension appended there (`wal`, `-wal`, `sqlite-wal`).
    package var extensionMistakeText = "wal"
    /// A removal after `migratePersistentStore` in the same function: the store's data, its
    /// `-wal` included, was copied to the new place first, so the leftovers lose nothing now.
    package var afterMigration = false
    /// A removal that runs after `migratePersistentStore` failed too: its `try?`, or a `catch`
    /// around it that goes on, lets the code reach the removal with nothing copied.
    package var evenWhenTheMigrationFails = false
    /// It is written in a function no file of the run calls: it runs only if code elsewhere does.
    package var inUnusedCode = false
    /// The type it is written in, where no other file names it (and the app's entry point is
    /// read): nothing makes one, so it runs only if code elsewhere does.
    package var inUnusedType: String?
    /// The constant, `false` where it is declared, that the code needs to be true to get here.
    package var offByConstant: String?
    /// A removal or a move after which the same code copies or moves a file into the store's
    /// place (a seed, a backup, a migrated copy): that database is opened with the stale `-wal`
    /// left there, where a store created anew (an empty database, whose leftover `-wal` SQLite
    /// deletes) is not.
    package var refilled = false
    /// The members of the project the file's URL is made by (`packFileURL` of
    /// `PackStorageHelper.packFileURL(for:)`), where the code that moves it imports neither Core
    /// Data nor SwiftData: where only files of another SQLite library use them too, the file is
    /// that library's database, which the reader drops once it has seen every file.
    package var urlMadeBy: Set<String> = []
    /// What says the store is a cache (`".AppCache.sqlite"`, `cacheCoordinator`), as
    /// `StoreFailureAction.cache`: a stale `-wal` there costs a cache the app makes again.
    package var cache: CacheEvidence?

    package init(
        operation: Operation, written: String, place: CodePlace, store: String, handlesWAL: Bool, handlesSHM: Bool,
        childPathMistake: SourceLocation? = nil, extensionMistake: SourceLocation? = nil
    ) {
        self.operation = operation
        self.written = written
        self.place = place
        self.store = store
        self.handlesWAL = handlesWAL
        self.handlesSHM = handlesSHM
        self.childPathMistake = childPathMistake
        self.extensionMistake = extensionMistake
    }
}

/// Evidence that the app runs while the device may be locked.
package struct BackgroundEvidence: Hashable, Sendable {
    /// What it is, as people recognise it: `UIBackgroundModes (fetch, remote-notification)`,
    /// `BGTaskScheduler.register(forTaskWithIdentifier:)`.
    package var what: String
    package var location: SourceLocation

    package init(_ what: String, at location: SourceLocation) {
        self.what = what
        self.location = location
    }
}

/// An app extension target, known by its Info.plist (`NSExtension` with its
/// `NSExtensionPointIdentifier`): what stops it stops a widget or a share sheet, not the app.
package struct AppExtension: Hashable, Sendable {
    /// The folder of the Info.plist ("" at the top): the extension's code lies under it.
    package var folder: String
    /// What people call it: "widget", "share"; "app" where the extension point has no common name.
    package var kind: String
    /// The `NSExtensionPointIdentifier` (`com.apple.widgetkit-extension`), where it is written.
    package var pointIdentifier: String
    package var location: SourceLocation

    package init(folder: String, kind: String, pointIdentifier: String, at location: SourceLocation) {
        self.folder = folder
        self.kind = kind
        self.pointIdentifier = pointIdentifier
        self.location = location
    }
}

/// A store file name written as a literal in store setup code (`"Notes.sqlite"`).
package struct StoreFileName: Hashable, Sendable {
    package var name: String
    package var place: CodePlace

    package init(_ name: String, at place: CodePlace) {
        self.name = name
        self.place = place
    }

    /// Whether a file name (the last path component of a literal) names a store file.
    package static func isStoreFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return storeExtensions.contains { lowered.hasSuffix($0) && lowered.count > $0.count }
    }

    /// The name endings of SQLite store files as apps write them.
    package static let storeExtensions = [".sqlite", ".store", ".sqlite3"]
}

/// What in the code says a store is a cache, whose content the app can make again: a name (the
/// store's file, the property, function or type that opens it), or the documentation of the type
/// that opens it, whose first words call it one (`/// A cache for link previews`).
package struct CacheEvidence: Hashable, Sendable {
    /// Where the code that opens a store names the Caches folder (`NSCachesDirectory`,
    /// `.cachesDirectory`) and none of the folders an app keeps what it must not lose in, the store
    /// lives there.
    package static func cachesFolder(namedIn text: String) -> CacheEvidence? {
        let caches = ["NSCachesDirectory", "cachesDirectory"].first { ByteSearch.contains($0, in: text) }
        // `DocumentsDirectory`: the method Xcode's templates name the Documents folder with
        // (`applicationDocumentsDirectory`), which one platform's branch may use beside another's Caches.
        let kept = ["DocumentDirectory", "DocumentsDirectory", "documentDirectory", "documentsDirectory", "ApplicationSupportDirectory", "applicationSupportDirectory",
                    "SecurityApplicationGroupIdentifier", "groupContainer", "LibraryDirectory", "libraryDirectory"]
        guard let caches, !kept.contains(where: { ByteSearch.contains($0, in: text) }) else { return nil }
        return CacheEvidence(caches, from: .cachesFolder)
    }


    /// `rebuiltFromFiles`: the code that deletes the store fills the new one again at once from
    /// files on the device (an index of them), which the deletion leaves in place.
    /// `models`: the schema or model classes the store is opened with are named for a cache.
    /// `openingDocumentation`: the documentation of the function that opens the store calls it
    /// disposable, or says it is filled again from elsewhere.
    /// `cachesFolder`: the code that opens the store places it in the Caches folder, which the
    /// system empties when the device runs low on space, and names no other folder.
    package enum Source: Hashable, Sendable { case name, documentation, openingDocumentation, rebuiltFromFiles, models, cachesFolder }
    /// The name as written (`"imageCache.sqlite"`, `ImageCache`), or the documentation's first
    /// sentence.
    package var text: String
    package var source: Source

    package init(_ text: String, from source: Source = .name) {
        self.text = text
        self.source = source
    }

    /// As a finding says it: `its name (ImageCache)`, `its type's documentation ("A cache for
    /// link previews")`.
    package var said: String {
        switch source {
        case .name: "its name (\(text))"
        case .documentation: "its type's documentation (\"\(text)\")"
        case .openingDocumentation: "the documentation of the code that opens it (\"\(text)\")"
        case .rebuiltFromFiles: "its rebuild from files on the device (\(text))"
        case .models: "the name of what it is opened with (\(text))"
        case .cachesFolder: "its place in the Caches folder (\(text), which the system empties when space runs low)"
        }
    }
}

/// All objects of one model class deleted by a function or property named for a cache
/// (`StoreCodeFacts.cacheClearings`).
package struct CacheClearing: Hashable, Sendable {
    /// The function or property, as `Type.name` where it is a type's member.
    package var function: String
    package var modelType: String
    package var location: SourceLocation

    package init(function: String, modelType: String, location: SourceLocation) {
        self.function = function
        self.modelType = modelType
        self.location = location
    }
}

/// A call that takes a whole store, with its `-wal` and `-shm` companions, to another place:
/// `migratePersistentStore`, `replacePersistentStore`.
package struct StoreRelocation: Hashable, Sendable {
    /// The call as written (`migratePersistentStore`, `replacePersistentStoreAtURL:...`).
    package var written: String
    package var place: CodePlace

    package init(written: String, place: CodePlace) {
        self.written = written
        self.place = place
    }
}

/// The store file names written in the code at a release tag, located at `tag:path`.
package struct ReleasedStoreFileNames: Hashable, Sendable {
    package var tag: String
    package var names: [StoreFileName]

    package init(tag: String, names: [StoreFileName]) {
        self.tag = tag
        self.names = names
    }
}

/// The iCloud containers one entitlements file lists
/// (`com.apple.developer.icloud-container-identifiers`).
package struct EntitledContainers: Hashable, Sendable {
    /// Where the file lists them (its key).
    package var location: SourceLocation
    package var identifiers: [String]

    package init(at location: SourceLocation, identifiers: [String]) {
        self.location = location
        self.identifiers = identifiers
    }
}

/// A CloudKit container the code names with a literal for a store to sync with.
package struct NamedCloudKitContainer: Hashable, Sendable {
    package var identifier: String
    /// Where the literal is.
    package var location: SourceLocation
    /// The code as messages quote it (`NSPersistentCloudKitContainerOptions(containerIdentifier:)`).
    package var written: String

    package init(_ identifier: String, at location: SourceLocation, written: String) {
        self.identifier = identifier
        self.location = location
        self.written = written
    }
}

/// An `NSPersistentCloudKitContainer` the code creates, and whether its stores sync as the code
/// around it says: the container gives its first store description CloudKit options of its own
/// (when the app has the iCloud entitlement) unless the code sets them to `nil`.
package struct CloudKitContainerUse: Hashable, Sendable {
    package enum Sync: String, Hashable, Sendable {
        /// Options are set, or left as the container sets them.
        case syncs
        /// Every assignment of the options in the file sets them to `nil`.
        case local
        /// Set in one place and cleared in another, or by a condition (a setting, a build flag), or
        /// the same file also makes a plain `NSPersistentContainer` for the model: some people's
        /// stores sync.
        case depends
    }

    /// One assignment of `cloudKitContainerOptions` in the container's file.
    package struct OptionSetting: Hashable, Sendable {
        package var location: SourceLocation
        /// True when it sets options, false for `nil`, nil when a condition decides.
        package var syncs: Bool?
        /// Not an assignment of the options but the container's descriptions replaced with one
        /// the file makes without them (`persistentStoreDescriptions = [description]`).
        package var replacesDescriptions: Bool

        package init(at location: SourceLocation, syncs: Bool?, replacesDescriptions: Bool = false) {
            self.location = location
            self.syncs = syncs
            self.replacesDescriptions = replacesDescriptions
        }
    }

    /// Where the container is created.
    package var location: SourceLocation
    /// The model's name when the code names it with a literal (`name: "Notes"`).
    package var model: String?
    /// The container is given its model (`managedObjectModel:`): its name may be the store's
    /// only (`name: "LocalStorage"`), and where no model has that name, the model is another.
    package var modelIsGiven = false
    /// The model given is one the container's file builds (`NSManagedObjectModel()` given its
    /// entities): no bundle's, whatever its name.
    package var modelIsBuiltInCode = false
    package var sync: Sync
    package var settings: [OptionSetting]
    /// The sync of each configuration the file's own descriptions open (`description.configuration
    /// = "Cache"`), where it puts them in place of the container's: a model's configurations may
    /// sync apart (`cloudKitContainerOptions = nil` on the cache's alone).
    package var configurationSyncs: [String: Sync] = [:]
    /// Made by a store wrapper of the app's own, an initializer or function that makes this
    /// container only when a parameter asks for sync (`if let cloudKitIdentifier {`) and a plain
    /// one otherwise, for the model its caller hands it: what the calls of the wrapper open. nil
    /// where the container is no such wrapper's, or no call of it is found.
    package var wrapperCalls: WrapperCalls?

    /// The calls of a store wrapper (`CloudKitContainerUse.wrapperCalls`), by what they pass it.
    package struct WrapperCalls: Hashable, Sendable {
        /// A model a call hands the wrapper: by its name (`"Notes"`, `forResource: "Notes"`), or
        /// the bundle nearest to a file (the one that declares the target's `Bundle.module`).
        package enum Model: Hashable, Sendable {
            case named(String)
            case nearest(to: String)
        }

        /// A call that passes what may ask for sync (not a literal `nil` or `false`).
        package struct Call: Hashable, Sendable {
            package var location: SourceLocation
            /// Empty where the model it hands over is not found.
            package var models: [Model]

            package init(at location: SourceLocation, models: [Model]) {
                self.location = location
                self.models = models
            }
        }

        package var syncing: [Call]
        /// The models of the calls that pass `nil` or `false`: those open their stores locally.
        package var local: [Model]

        package init(syncing: [Call], local: [Model]) {
            self.syncing = syncing
            self.local = local
        }

        /// Every call that may sync says which model it hands over.
        package var syncingModelsAreKnown: Bool { !syncing.isEmpty && syncing.allSatisfy { !$0.models.isEmpty } }
    }

    package init(at location: SourceLocation, model: String?, sync: Sync, settings: [OptionSetting] = []) {
        self.location = location
        self.model = model
        self.sync = sync
        self.settings = settings
    }
}

/// Compilation conditions that only debug builds set: `DEBUG`, which Xcode's templates define
/// for the Debug configuration, and the project's own flags that name a debug build the same way
/// (`__DEBUG__`, `DEBUG_BUILD`, `IS_DEBUG`), or a build for tests (`CI`, `TESTING`). Code under
/// them is not in the app people run. A flag for a debug feature (`DEBUG_MENU`) may be set in
/// builds people get (TestFlight, internal).
package enum DebugBuildCondition {
    /// Debug builds' own, the flags teams give a development build or target of the app (`-D
    /// DEVELOPMENT` in a Dev scheme's settings), and those a test run passes to the build it tests
    /// (`xcodebuild test OTHER_SWIFT_FLAGS='-D CI'`): never the one they ship.
    static let names: Set<String> = [
        "DEBUG", "DEBUG_BUILD", "DEBUG_MODE", "IS_DEBUG", "DEVELOPMENT", "DEV", "DEV_BUILD",
        "CI", "TESTING", "UNIT_TEST", "UNIT_TESTS", "UNIT_TESTING", "UITEST", "UITESTS", "UITESTING", "UI_TEST", "UI_TESTS", "UI_TESTING",
    ]

    /// Whether `name`, one identifier, names a debug build (underscores around it aside).
    package static func isDebugOnly(_ name: String) -> Bool {
        names.contains(String(name.drop { $0 == "_" }.reversed().drop { $0 == "_" }.reversed()))
    }

    /// Whether an `#if` condition holds in debug builds only: such a flag (`DEBUG`,
    /// `defined(DEBUG)`), or `targetEnvironment(simulator)` (no person's device runs a simulator
    /// build), or a conjunction one of whose terms is one (`DEBUG && 1`,
    /// `(DEBUG && os(iOS))`). A disjunction (`DEBUG || BETA`) may hold in a release build, and a
    /// negation does.
    package static func isDebugOnly(condition: String) -> Bool {
        let text = unwrapped(condition)
        guard !text.contains("||") else { return false }
        return text.split(separator: "&").contains { term in
            var flag = unwrapped(String(term))
            if flag.hasPrefix("defined") {
                flag = unwrapped(String(flag.dropFirst("defined".count)))
            }
            return isDebugOnly(flag) || flag.filter { $0 != " " } == "targetEnvironment(simulator)"
        }
    }

    /// The text without the spaces around it and the parentheses that wrap all of it.
    private static func unwrapped(_ text: String) -> String {
        func trimmed(_ text: Substring) -> Substring {
            text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed().reduce(into: "") { $0.append($1) }
        }
        var result = trimmed(Substring(text))
        while result.hasPrefix("("), result.hasSuffix(")"), wrapsAll(String(result)) {
            result = trimmed(result.dropFirst().dropLast())
        }
        return String(result)
    }

    /// Whether the first parenthesis of `text` closes at its last character.
    private static func wrapsAll(_ text: String) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }
}

/// CloudKit options set in a file whose only container is a plain `NSPersistentContainer`:
/// `NSPersistentCloudKitContainerOptions` tell an `NSPersistentCloudKitContainer` how to mirror a
/// store, and a plain container mirrors nothing, so the store stays on the device.
package struct IgnoredCloudKitOptions: Hashable, Sendable {
    /// Where the options are set.
    package var setting: SourceLocation
    /// Where the plain container is created.
    package var container: SourceLocation
    /// The container's name when the code gives it as a literal (`name: "Notes"`).
    package var model: String?

    package init(setting: SourceLocation, container: SourceLocation, model: String?) {
        self.setting = setting
        self.container = container
        self.model = model
    }
}

/// A message sent on a launch path to a method that the reader's own files do not implement.
package struct ForeignLaunchCall: Hashable, Sendable {
    /// The class the message is sent to (`SPAppDelegate` for `[self setupStorage]` in its method).
    package var owner: String
    /// The Objective-C selector (`setupStorage`, `setupCoreDataWithMigrationResult:`).
    package var selector: String
    /// The launch entry first, the method that sends the message last.
    package var path: [CodePlace]
    /// The launch entry is AppKit's: no watchdog ends a slow launch.
    package var launchesOnMacOS: Bool

    package init(owner: String, selector: String, path: [CodePlace], launchesOnMacOS: Bool) {
        self.owner = owner
        self.selector = selector
        self.path = path
        self.launchesOnMacOS = launchesOnMacOS
    }
}

/// A method of a class that code in another language can call, and its way to a store opening.
package struct ForeignEntry: Hashable, Sendable {
    package var owner: String
    /// The selector Objective-C sends to reach the method.
    package var selector: String
    /// The method first, the declaration of the opening last.
    package var path: [CodePlace]

    package init(owner: String, selector: String, path: [CodePlace]) {
        self.owner = owner
        self.selector = selector
        self.path = path
    }
}

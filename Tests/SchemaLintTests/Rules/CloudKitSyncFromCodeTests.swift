import Foundation
import Testing
@testable import SchemaLint
@testable import schemalint
import SchemaLintTestSupport

/// Which stores the code syncs: `NSPersistentCloudKitContainer` and `cloudKitContainerOptions`,
/// in Swift and Objective-C, and how that decision reaches the models and their CloudKit checks.
@Suite struct CloudKitSyncFromCodeTests {
    static func containers(_ code: String, file: String = "App/Persistence.swift") -> [CloudKitContainerUse] {
        CloudKitContainerReader().read(sources: [(file, Array(code.utf8))], options: ModelSourceReadingOptions()).storeCode.cloudKitContainers
    }

    static func sync(_ code: String, file: String = "App/Persistence.swift") -> [String] {
        containers(code, file: file).map { "\($0.model ?? "?"):\($0.sync.rawValue)" }
    }

    @Test func theContainersOwnOptionsSync() {
        #expect(Self.sync("let container = NSPersistentCloudKitContainer(name: \"Notes\")\ncontainer.loadPersistentStores { _, _ in }\n") == ["Notes:syncs"])
        // A type annotation, a notification name and a comment create nothing.
        #expect(Self.sync("let container: NSPersistentCloudKitContainer\n// NSPersistentCloudKitContainer(name: \"Old\")\nlet n = NSPersistentCloudKitContainer.eventChangedNotification\n").isEmpty)
        #expect(Self.sync("let container = NSPersistentCloudKitContainer(name: modelName)\n") == ["?:syncs"])
        // Given the model, the name may be the store's only.
        #expect(Self.containers("let container = NSPersistentCloudKitContainer(name: \"LocalStorage\", managedObjectModel: model)\n").map(\.modelIsGiven) == [true])
        #expect(Self.containers("c = [[NSPersistentCloudKitContainer alloc] initWithName:@\"LocalStorage\" managedObjectModel:model];\n", file: "App/Store.m").map(\.modelIsGiven) == [true])
        #expect(Self.containers("let container = NSPersistentCloudKitContainer(name: \"Notes\")\n").map(\.modelIsGiven) == [false])
    }

    @Test func optionsClearedAlwaysMakeTheStoreLocal() {
        let code = """
        let container = NSPersistentCloudKitContainer(name: "Cache")
        if let description = container.persistentStoreDescriptions.first {
            description.cloudKitContainerOptions = nil
        }
        """
        #expect(Self.sync(code) == ["Cache:local"])
        let guarded = """
        let container = NSPersistentCloudKitContainer(name: "Cache")
        guard let description = container.persistentStoreDescriptions.first else { fatalError() }
        description.cloudKitContainerOptions = nil
        """
        #expect(Self.sync(guarded) == ["Cache:local"])
    }

    @Test func aDescriptionOfTheFilesOwnWithoutOptionsReplacingTheContainersIsLocal() {
        // Only the descriptions the container makes come with options.
        let replaced = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        let storeURL = groupURL.appendingPathComponent("Notes.sqlite")
        let description = NSPersistentStoreDescription(url: storeURL)
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { _, _ in }
        """
        #expect(Self.sync(replaced) == ["Notes:local"])
        #expect(Self.containers(replaced).flatMap(\.settings).map { "\($0.location.line):\($0.replacesDescriptions)" } == ["4:true"])
        // Replaced only where no store sits at the old place: older installs keep the
        // container's description, and sync.
        let onlyForNewInstalls = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        if !FileManager.default.fileExists(atPath: oldURL.path) {
            let description = NSPersistentStoreDescription(url: storeURL)
            container.persistentStoreDescriptions = [description]
        }
        """
        #expect(Self.sync(onlyForNewInstalls) == ["Notes:depends"])
        #expect(Self.sync(onlyForNewInstalls.replacingOccurrences(of: "!FileManager.default.fileExists(atPath: oldURL.path)", with: "oldStoreURL == nil")) == ["Notes:depends"])
        // Objective-C.
        let objectiveC = """
        container = [[NSPersistentCloudKitContainer alloc] initWithName:@"Notes"];
        NSPersistentStoreDescription *description = [[NSPersistentStoreDescription alloc] initWithURL:storeURL];
        container.persistentStoreDescriptions = @[description];
        """
        #expect(Self.sync(objectiveC, file: "App/Store.m") == ["Notes:local"])
        // Options set on it, or a replacement only for a preview's store: the store syncs.
        #expect(Self.sync(replaced.replacingOccurrences(of: "container.persistentStoreDescriptions = [description]", with: "description.cloudKitContainerOptions = options\ncontainer.persistentStoreDescriptions = [description]")) == ["Notes:syncs"])
        let preview = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        if inMemory {
            container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))]
        }
        """
        #expect(Self.sync(preview) == ["Notes:syncs"])
        let memoryStore = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        let description = NSPersistentStoreDescription()
        description.type = NSInMemoryStoreType
        container.persistentStoreDescriptions = [description]
        """
        #expect(Self.sync(memoryStore) == ["Notes:syncs"])
        // The container's own descriptions put back, none made: nothing replaced.
        #expect(Self.sync("let container = NSPersistentCloudKitContainer(name: \"Notes\")\ncontainer.persistentStoreDescriptions = [container.persistentStoreDescriptions[0]]\n") == ["Notes:syncs"])
    }

    @Test func optionsClearedUnderAConditionDependOnIt() {
        let toggle = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        if let description = container.persistentStoreDescriptions.first {
            if !UserDefaults.standard.bool(forKey: "sync") {
                description.cloudKitContainerOptions = nil
            }
        }
        """
        #expect(Self.sync(toggle) == ["Notes:depends"])
        let both = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        if syncEnabled {
            description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.notes")
        } else {
            description.cloudKitContainerOptions = nil
        }
        """
        #expect(Self.sync(both) == ["Notes:depends"])
        // A description of the file's own, given options under a condition: the container's
        // default description, which alone has them, is replaced.
        let ownDescription = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        let description = NSPersistentStoreDescription(url: url)
        if isSyncEnabled {
            description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.notes")
        }
        container.persistentStoreDescriptions = [description]
        """
        #expect(Self.sync(ownDescription) == ["Notes:depends"])
        #expect(Self.sync(ownDescription.replacingOccurrences(of: "container.persistentStoreDescriptions = [description]", with: "")) == ["Notes:syncs"])
        // The other branch of a test for the tests' in-memory store is the store people run.
        let besideInMemory = """
        let container = NSPersistentCloudKitContainer(name: "Notes")
        let description = NSPersistentStoreDescription(url: url)
        if description.type == NSInMemoryStoreType {
            description.url = URL(fileURLWithPath: "/dev/null")
        } else {
            description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.notes")
        }
        container.persistentStoreDescriptions = [description]
        """
        #expect(Self.sync(besideInMemory) == ["Notes:syncs"])
        let ternary = "let container = NSPersistentCloudKitContainer(name: \"Notes\")\ndescription.cloudKitContainerOptions = sync ? options : nil\n"
        #expect(Self.sync(ternary) == ["Notes:depends"])
        let optionalChain = "let container = NSPersistentCloudKitContainer(name: \"Notes\")\ndescription.cloudKitContainerOptions = options?.copy() as? NSPersistentCloudKitContainerOptions\n"
        #expect(Self.sync(optionalChain) == ["Notes:syncs"])
        let eitherContainer = "let container = sync ? NSPersistentCloudKitContainer(name: \"Notes\") : NSPersistentContainer(name: \"Notes\")\n"
        #expect(Self.sync(eitherContainer) == ["Notes:depends"])
        // Options read into a constant of the same name are no setting.
        let read = "let container = NSPersistentCloudKitContainer(name: \"Notes\")\nguard let cloudKitContainerOptions = description.cloudKitContainerOptions else { return }\n"
        #expect(Self.containers(read).map(\.settings.count) == [0])
    }

    /// Xcode's template for previews makes a plain container whose store is `/dev/null` beside the
    /// app's CloudKit container: the app's store syncs, whatever the preview's does.
    @Test func aPreviewsPlainContainerIsNoChoiceNotToSync() {
        let template = """
        init(inMemory: Bool = false) {
            if inMemory {
                container = NSPersistentContainer(name: "Timer")
                container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath: "/dev/null")
            } else {
                container = NSPersistentCloudKitContainer(name: "Timer")
            }
        }
        """
        #expect(Self.sync(template) == ["Timer:syncs"])
        let memory = template.replacingOccurrences(of: ".url = URL(fileURLWithPath: \"/dev/null\")", with: ".type = NSInMemoryStoreType")
        #expect(Self.sync(memory) == ["Timer:syncs"])
        // A plain container that keeps its store is a choice not to sync.
        let local = template.replacingOccurrences(of: "URL(fileURLWithPath: \"/dev/null\")", with: "localStoreURL")
        #expect(Self.sync(local) == ["Timer:depends"])
        // The plain container made only for descriptions of in-memory stores (a test's).
        let tested = """
        init(descriptions: [NSPersistentStoreDescription]) {
            let container: NSPersistentContainer
            if descriptions.first?.type == NSInMemoryStoreType {
                container = NSPersistentContainer(name: "Timer")
                container.persistentStoreDescriptions = descriptions
            } else {
                container = NSPersistentCloudKitContainer(name: "Timer")
            }
        }
        """
        #expect(Self.sync(tested) == ["Timer:syncs"])
        #expect(Self.sync(tested.replacingOccurrences(of: "==", with: "!=")) == ["Timer:depends"])
    }

    @Test func aContainerUnderAFlagFixedToFalseIsNeverMade() {
        let swift = """
        final class CoreDataManager {
            // Turn on once the CloudKit container is set up.
            private let useCloudKit = false
            let container: NSPersistentContainer

            init() {
                if useCloudKit {
                    container = NSPersistentCloudKitContainer(name: "Shop")
                } else {
                    container = NSPersistentContainer(name: "Shop")
                }
                if self.useCloudKit {
                    container.persistentStoreDescriptions.first?.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.shop")
                }
            }
        }
        """
        #expect(Self.sync(swift).isEmpty)
        let objc = """
        static const BOOL kUseCloudKit = NO;
        @implementation Store
        - (NSPersistentContainer *)container {
            if (kUseCloudKit) {
                return [[NSPersistentCloudKitContainer alloc] initWithName:@"Shop"];
            }
            return [[NSPersistentContainer alloc] initWithName:@"Shop"];
        }
        @end
        """
        #expect(Self.sync(objc, file: "App/Store.m").isEmpty)
        // A flag that may change (a `var`, or a `let` given another value elsewhere in the file)
        // leaves the choice to the running app.
        #expect(Self.sync(swift.replacingOccurrences(of: "private let useCloudKit", with: "private var useCloudKit")) == ["Shop:depends"])
        #expect(Self.sync(swift + "\nlet useCloudKit = true\n") == ["Shop:depends"])
        #expect(Self.sync(swift.replacingOccurrences(of: "useCloudKit = false", with: "useCloudKit: Bool = false")).isEmpty)
    }

    @Test func objectiveCAndSubclassesAreRead() {
        let objc = """
        @implementation Store
        - (NSPersistentCloudKitContainer *)container {
            NSPersistentCloudKitContainer *container = [[NSPersistentCloudKitContainer alloc] initWithName:@"Notes"];
            if (![NSUserDefaults.standardUserDefaults boolForKey:@"sync"]) {
                [container.persistentStoreDescriptions.firstObject setCloudKitContainerOptions:nil];
            }
            return container;
        }
        @end
        """
        #expect(Self.sync(objc, file: "App/Store.m") == ["Notes:depends"])
        #expect(Self.sync("NSPersistentCloudKitContainer *c = [NSPersistentCloudKitContainer persistentContainerWithName:@\"Notes\"];\n", file: "App/Store.m") == ["Notes:syncs"])
        let subclass = "class SyncedContainer: NSPersistentCloudKitContainer {}\nlet container = SyncedContainer(name: \"Notes\")\n"
        #expect(Self.sync(subclass) == ["Notes:syncs"])
    }

    /// A stack of the app's own that makes the container of the class it is handed, with the
    /// model's name beside it: the handed CloudKit container syncs that model. A class tested,
    /// not handed with a name, makes none.
    @Test func aContainerClassHandedToTheAppsStackWithTheModelsName() {
        let objc = """
        @implementation DeckRepository
        - (instancetype)init {
            self = [super init];
            CoreDataStack *stack = [[CoreDataStack alloc] initWithModelName:@"Decks"
                                                         storeContainerClass:[NSPersistentCloudKitContainer class]];
            if ([stack.container isKindOfClass:[NSPersistentCloudKitContainer class]]) {
                [self observeRemoteChanges];
            }
            return self;
        }
        @end
        """
        #expect(Self.sync(objc, file: "App/DeckRepository.m") == ["Decks:syncs"])
        #expect(Self.sync("let stack = CoreDataStack(modelName: \"Decks\", containerType: NSPersistentCloudKitContainer.self)\n") == ["Decks:syncs"])
        #expect(Self.sync("if container is NSPersistentCloudKitContainer { observe() }\nlet type = NSPersistentCloudKitContainer.self\n").isEmpty)
    }

    // MARK: - Through the executable

    static let unmarkedNote = XcodeFixtures.contents("""
        <entity name="Note" representedClassName="Note" syncable="YES">
            <attribute name="title" attributeType="String"/>
        </entity>
    """)

    static let persistence = """
    import CoreData

    struct PersistenceController {
        let container = NSPersistentCloudKitContainer(name: "Notes")
    }
    """

    /// An unmarked model the code opens with a CloudKit container is checked as synced (its
    /// required attribute without a default is a CloudKit error), and a note says why.
    @Test func anUnmarkedModelTheCodeSyncsIsCheckedAsSynced() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unmarkedNote, to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("error: ") && run.stdout.contains("[cloudkit-required-attribute]"), "\(run.stdout)")
        #expect(run.stdout.contains("note: model 'Notes' is checked as synced with CloudKit: the app opens it (by its name) with an NSPersistentCloudKitContainer"), "\(run.stdout)")
        #expect(run.stdout.contains("note: NSPersistentCloudKitContainer created here for 'Notes' (App/PersistenceController.swift:4:21)"), "\(run.stdout)")

        // Named after its store and given the model, the container opens the model it is given.
        try folder.write("import CoreData\nlet model = NSManagedObjectModel(contentsOf: Bundle.main.url(forResource: \"Notes\", withExtension: \"momd\")!)!\nlet container = NSPersistentCloudKitContainer(name: \"LocalStorage\", managedObjectModel: model)\n", to: "App/PersistenceController.swift")
        let given = try Executable.run(["--no-color"], in: folder.url)
        #expect(given.stdout.contains("[cloudkit-required-attribute]"), "\(given.stdout)")
        #expect(given.stdout.contains("note: NSPersistentCloudKitContainer created here, named 'LocalStorage' and given its model (App/PersistenceController.swift:3:17)"), "\(given.stdout)")

        // The same container in a test target, or a mock, decides nothing.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("App/PersistenceController.swift"))
        try folder.write(Self.persistence, to: "AppTests/PersistenceControllerMock.swift")
        let test = try Executable.run(["--no-color"], in: folder.url)
        #expect(!test.stdout.contains("cloudkit-"), "\(test.stdout)")
        #expect(test.status == 0)
    }

    /// A container over a model merged from several bundles, named after none of them (one store
    /// description a configuration): where one bundle marks itself Used with CloudKit and the
    /// others do not, only the marked one is checked as synced; with no mark, all of them are.
    @Test func aMergedModelsUnmarkedBundlesAreTheLocalStoresBesideTheSyncedOne() throws {
        let folder = try TemporaryFolder()
        let marked = Self.unmarkedNote.replacingOccurrences(of: "documentVersion=\"1.0\"", with: "documentVersion=\"1.0\" usedWithCloudKit=\"YES\"")
        try #require(marked != Self.unmarkedNote)
        try folder.write(marked, to: "App/Cloud.xcdatamodeld/Cloud.xcdatamodel/contents")
        try folder.write(Self.unmarkedNote, to: "App/Cache.xcdatamodeld/Cache.xcdatamodel/contents")
        let storage = """
        import CoreData

        final class Storage {
            let container: NSPersistentCloudKitContainer

            init(model: NSManagedObjectModel) {
                container = NSPersistentCloudKitContainer(name: "Storage", managedObjectModel: model)
                let cloud = NSPersistentStoreDescription(url: cloudURL)
                cloud.configuration = "Cloud"
                cloud.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.example")
                let cache = NSPersistentStoreDescription(url: cacheURL)
                cache.configuration = "Cache"
                container.persistentStoreDescriptions = [cloud, cache]
            }
        }
        """
        try folder.write(storage, to: "App/Storage.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        let required = run.stdout.split(separator: "\n").filter { $0.contains("[cloudkit-required-attribute]") }
        #expect(required.count == 1 && required[0].hasPrefix("App/Cloud.xcdatamodeld/"), "\(run.stdout)")
        #expect(!run.stdout.contains("model 'Cache' is checked as synced"), "\(run.stdout)")

        try folder.write(Self.unmarkedNote, to: "App/Cloud.xcdatamodeld/Cloud.xcdatamodel/contents")
        let unmarked = try Executable.run(["--no-color"], in: folder.url)
        #expect(unmarked.stdout.split(separator: "\n").filter { $0.contains("[cloudkit-required-attribute]") }.count == 2, "\(unmarked.stdout)")
    }

    /// One model, two configurations, each opened by a description of the file's own: the
    /// cache's, its options cleared, is local; the other's, given options by a setting, may sync.
    /// Only the second's entities are checked as synced.
    @Test func aConfigurationWhoseOwnDescriptionClearsTheOptionsIsLocal() throws {
        let folder = try TemporaryFolder()
        let model = XcodeFixtures.contents("""
            <entity name="Activity" representedClassName="Activity" syncable="YES">
                <attribute name="name" attributeType="String"/>
            </entity>
            <entity name="Service" representedClassName="Service" syncable="YES">
                <attribute name="label" attributeType="String"/>
            </entity>
            <configuration name="Remote">
                <memberEntity name="Activity"/>
            </configuration>
            <configuration name="UserData">
                <memberEntity name="Service"/>
            </configuration>
        """)
        try folder.write(model, to: "App/Rides.xcdatamodeld/Rides.xcdatamodel/contents")
        let persistence = """
        import CoreData

        final class PersistenceController {
            let container: NSPersistentContainer

            init(inMemory: Bool = false) {
                container = NSPersistentCloudKitContainer(name: "Rides")
                if inMemory {
                    let description = NSPersistentStoreDescription()
                    description.type = NSInMemoryStoreType
                    container.persistentStoreDescriptions = [description]
                } else {
                    let folder = NSPersistentContainer.defaultDirectoryURL()
                    let remote = NSPersistentStoreDescription(url: folder.appendingPathComponent("remote.sqlite"))
                    remote.configuration = "Remote"
                    remote.cloudKitContainerOptions = nil
                    let user = NSPersistentStoreDescription(url: folder.appendingPathComponent("user.sqlite"))
                    user.configuration = "UserData"
                    if UserDefaults.standard.bool(forKey: "sync") {
                        user.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.rides")
                    }
                    container.persistentStoreDescriptions = [remote, user]
                }
                container.loadPersistentStores { _, _ in }
            }
        }
        """
        try folder.write(persistence, to: "App/PersistenceController.swift")
        #expect(Self.containers(persistence).map(\.configurationSyncs) == [["Remote": .local, "UserData": .depends]])
        let run = try Executable.run(["--no-color"], in: folder.url)
        let required = run.stdout.split(separator: "\n").filter { $0.contains("[cloudkit-required-attribute]") }
        #expect(required.count == 1 && required[0].contains("'Service.label'"), "\(run.stdout)")
        #expect(run.stdout.contains("the code's own store descriptions keep configuration 'Remote' local, and only the entities of 'UserData' are checked as synced"), "\(run.stdout)")

        // Options on both: the whole model syncs.
        try folder.write(persistence.replacingOccurrences(of: "remote.cloudKitContainerOptions = nil", with: "remote.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: \"iCloud.rides\")"), to: "App/PersistenceController.swift")
        let both = try Executable.run(["--no-color"], in: folder.url)
        #expect(both.stdout.split(separator: "\n").filter { $0.contains("[cloudkit-required-attribute]") }.count == 2, "\(both.stdout)")
    }

    @Test func theElseOfAnInMemoryTestAndObjectiveCsSelfGuardAreNoConditions() {
        let besideTests = """
        let container = NSPersistentCloudKitContainer(name: "Cache")
        if inMemory {
            container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath: "/dev/null")
        } else {
            container.persistentStoreDescriptions.first!.cloudKitContainerOptions = nil
        }
        """
        #expect(Self.sync(besideTests) == ["Cache:local"])
        #expect(Self.sync(besideTests.replacingOccurrences(of: "if inMemory", with: "if syncOff")) == ["Cache:depends"])
        let objectiveC = """
        - (instancetype)init {
            self = [super init];
            if (self) {
                _container = [[NSPersistentCloudKitContainer alloc] initWithName:@"Games"];
                NSPersistentStoreDescription *desc = [[NSPersistentStoreDescription alloc] initWithURL:storeURL];
                desc.cloudKitContainerOptions = [[NSPersistentCloudKitContainerOptions alloc] initWithContainerIdentifier:@"iCloud.games"];
                _container.persistentStoreDescriptions = @[desc];
            }
            return self;
        }
        """
        #expect(Self.containers(objectiveC, file: "App/Store.m").flatMap(\.settings).map(\.syncs) == [true])
    }

    /// A model marked Used with CloudKit that the repository's code opens only with a plain
    /// container, with no CloudKit entitlement, never syncs: no CloudKit error, and a note that
    /// says so, naming the opening. A CloudKit container anywhere, the entitlement, or the
    /// bundle's `cloudkit: true` keeps it synced, as its file says.
    @Test func aMarkedModelNothingSyncsIsCheckedAsLocal() throws {
        let folder = try TemporaryFolder()
        let marked = Self.unmarkedNote.replacingOccurrences(of: "documentVersion=\"1.0\"", with: "documentVersion=\"1.0\" usedWithCloudKit=\"YES\"")
        try #require(marked != Self.unmarkedNote)
        try folder.write(marked, to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        let plain = """
        import CoreData

        final class Store {
            let container = NSPersistentContainer(name: "Notes")

            func load() {
                container.loadPersistentStores { _, error in
                    if let error { print(error) }
                }
            }
        }
        """
        try folder.write(plain, to: "App/Store.swift")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("[cloudkit-required-attribute]"), "\(local.stdout)")
        #expect(local.stdout.contains("note: model 'Notes' marks configurations Used with CloudKit, but nothing in this repository syncs a Core Data store"), "\(local.stdout)")
        #expect(local.stdout.contains("note: a store is opened without CloudKit here (App/Store.swift:7:19)"), "\(local.stdout)")

        try folder.write(Self.entitlements("CloudKit"), to: "App/App.entitlements")
        let entitled = try Executable.run(["--no-color"], in: folder.url)
        #expect(entitled.stdout.contains("[cloudkit-required-attribute]"), "\(entitled.stdout)")
        #expect(!entitled.stdout.contains("[cloudkit-sync-from-code]"), "\(entitled.stdout)")
        // Commented out, the keys give nothing.
        let commentedOut = Self.entitlements("CloudKit").replacingOccurrences(of: "<dict>", with: "<dict>\n<!-- CloudKit is off for now:").replacingOccurrences(of: "</dict>", with: "-->\n</dict>")
        try folder.write(commentedOut, to: "App/App.entitlements")
        let commented = try Executable.run(["--no-color"], in: folder.url)
        #expect(!commented.stdout.contains("[cloudkit-required-attribute]"), "\(commented.stdout)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("App/App.entitlements"))

        try folder.write("import CoreData\n\nlet shared = NSPersistentCloudKitContainer(name: \"Shared\")\n", to: "Widget/Shared.swift")
        let containerElsewhere = try Executable.run(["--no-color"], in: folder.url)
        #expect(containerElsewhere.stdout.contains("[cloudkit-required-attribute]"), "\(containerElsewhere.stdout)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Widget/Shared.swift"))

        try folder.write("bundles:\n  App/Notes.xcdatamodeld:\n    cloudkit: true\n", to: ".schemalint.yml")
        let configured = try Executable.run(["--no-color"], in: folder.url)
        #expect(configured.stdout.contains("[cloudkit-required-attribute]"), "\(configured.stdout)")
    }

    /// A CloudKit container gives its store options only from the app's CloudKit entitlement:
    /// where the app's entitlements are in the repository and give none, and no code sets the
    /// options, the model is local, with a note naming both (and the model's own CloudKit mark,
    /// which it overrides). Options set in code, or no
    /// entitlements file at all, keep it synced.
    @Test func aContainerInAnAppWithoutTheCloudKitEntitlementIsLocal() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unmarkedNote, to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        try folder.write(Self.entitlements("CloudDocuments"), to: "App/App.entitlements")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("[cloudkit-required-attribute]"), "\(local.stdout)")
        #expect(local.stdout.contains("note: model 'Notes' is opened (by its name) with an NSPersistentCloudKitContainer, which gives its store CloudKit options only when the app has the CloudKit entitlement"), "\(local.stdout)")
        #expect(local.stdout.contains("note: the entitlements nearest the container, with no CloudKit among their iCloud services (nor has any other entitlements file here) (App/App.entitlements:1:1)"), "\(local.stdout)")
        #expect(!local.stdout.contains("though the model marks itself"), "\(local.stdout)")
        // A model marked Used with CloudKit is local all the same, and the note says it overrode the mark.
        try folder.write(Self.unmarkedNote.replacingOccurrences(of: "<model ", with: "<model usedWithCloudKit=\"YES\" "), to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        let marked = try Executable.run(["--no-color"], in: folder.url)
        #expect(marked.stdout.contains("so it is checked as the local store it is, though the model marks itself Used with CloudKit [cloudkit-sync-from-code]"), "\(marked.stdout)")
        #expect(!marked.stdout.contains("[cloudkit-required-attribute]"), "\(marked.stdout)")
        try folder.write(Self.unmarkedNote, to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")

        // Descriptions of the code's own put in place of the container's, once the store moved to
        // the app group, set no options either.
        let moved = Self.persistence.replacingOccurrences(
            of: "    let container = NSPersistentCloudKitContainer(name: \"Notes\")\n",
            with: "    let container = NSPersistentCloudKitContainer(name: \"Notes\")\n    init() { if Defaults.movedToGroup { container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: groupURL)] } }\n"
        )
        try #require(moved != Self.persistence)
        try folder.write(moved, to: "App/PersistenceController.swift")
        let replaced = try Executable.run(["--no-color"], in: folder.url)
        #expect(!replaced.stdout.contains("[cloudkit-required-attribute]"), "\(replaced.stdout)")
        #expect(replaced.stdout.contains("which gives its store CloudKit options only when the app has the CloudKit entitlement"), "\(replaced.stdout)")

        let options = Self.persistence.replacingOccurrences(
            of: "    let container = NSPersistentCloudKitContainer(name: \"Notes\")\n",
            with: "    let container = NSPersistentCloudKitContainer(name: \"Notes\")\n    init() { container.persistentStoreDescriptions.first?.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: \"iCloud.notes\") }\n"
        )
        try #require(options != Self.persistence)
        try folder.write(options, to: "App/PersistenceController.swift")
        #expect(try Executable.run(["--no-color"], in: folder.url).stdout.contains("[cloudkit-required-attribute]"))

        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("App/App.entitlements"))
        #expect(try Executable.run(["--no-color"], in: folder.url).stdout.contains("[cloudkit-required-attribute]"))
    }

    /// An app whose Xcode project names no entitlements file, in a repository that holds none,
    /// signs with no entitlements: its container syncs nothing. A build configuration file that
    /// names one (kept elsewhere) leaves the container syncing, as a repository with no project does.
    @Test func aContainerInAnAppWhoseProjectNamesNoEntitlementsIsLocal() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unmarkedNote, to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        try folder.write("""
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
            \t\tA2 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.notes; }; name = Release; };
            \t};
            }
            """, to: "Notes.xcodeproj/project.pbxproj")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("[cloudkit-required-attribute]"), "\(local.stdout)")
        #expect(local.stdout.contains("the app signs with no entitlements (no entitlements file is here, and its Xcode project names none)"), "\(local.stdout)")
        #expect(local.stdout.contains("note: the Xcode project that names no entitlements file (CODE_SIGN_ENTITLEMENTS) (Notes.xcodeproj/project.pbxproj:1:1)"), "\(local.stdout)")

        try folder.write("CODE_SIGN_ENTITLEMENTS = App/App.entitlements\n", to: "Configuration/Release.xcconfig")
        #expect(try Executable.run(["--no-color"], in: folder.url).stdout.contains("[cloudkit-required-attribute]"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Configuration"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Notes.xcodeproj"))
        #expect(try Executable.run(["--no-color"], in: folder.url).stdout.contains("[cloudkit-required-attribute]"))
    }

    /// A wrapper that a flag turns to CloudKit: the calls passing `false` open their models
    /// locally, the others may sync theirs; where every call passes `false`, no CloudKit container
    /// is made. A call of another function, or a type's declaration, is no call of the wrapper.
    @Test func aWrapperGatedByAFlagIsFollowedToItsCalls() {
        let wrapper = """
            struct CoreDataStack {
                let container: NSPersistentContainer
                init(modelName: String, usesCloudKit: Bool) {
                    if usesCloudKit {
                        container = NSPersistentCloudKitContainer(name: modelName)
                    } else {
                        container = NSPersistentContainer(name: modelName)
                    }
                }
            }
            """
        func read(_ calls: String) -> [CloudKitContainerUse] {
            CloudKitContainerReader().read(
                sources: [("Stack/CoreDataStack.swift", Array(wrapper.utf8)), ("App/Stores.swift", Array(calls.utf8))], options: ModelSourceReadingOptions()
            ).storeCode.cloudKitContainers
        }
        let calls = """
            let cache = CoreDataStack(modelName: "Cache", usesCloudKit: false)
            let notes = CoreDataStack(modelName: "Notes", usesCloudKit: true)
            let other = makeStack(modelName: "Other", usesCloudKit: true)
            """
        let followed = read(calls)
        #expect(followed.count == 1)
        #expect(followed.first?.wrapperCalls == CloudKitContainerUse.WrapperCalls(
            syncing: [.init(at: SourceLocation(file: "App/Stores.swift", line: 2, column: 13), models: [.named("Notes")])], local: [.named("Cache")]
        ))
        #expect(read(calls.replacingOccurrences(of: "usesCloudKit: true", with: "usesCloudKit: false")).isEmpty)
        // A call that leaves the parameter out passes its default: `true` may sync, `false` not.
        let defaulted = calls.replacingOccurrences(of: ", usesCloudKit: true", with: "")
        for (value, synced) in [("true", true), ("false", false)] {
            let wrapped = wrapper.replacingOccurrences(of: "usesCloudKit: Bool)", with: "usesCloudKit: Bool = \(value))")
            let made = CloudKitContainerReader().read(
                sources: [("Stack/CoreDataStack.swift", Array(wrapped.utf8)), ("App/Stores.swift", Array(defaulted.utf8))], options: ModelSourceReadingOptions()
            ).storeCode.cloudKitContainers
            #expect(made.map { $0.wrapperCalls?.syncing.map(\.models) } == (synced ? [[[.named("Notes")]]] : []), "default \(value)")
        }
        // The type's own initializer hands on to the wrapper (`self.init(…)`): those are its calls,
        // not the calls of that other initializer, which take none of its labels. Of two
        // parameters tested, the one that names sync decides.
        let delegating = """
            final class Persistence {
                let container: NSPersistentContainer
                convenience init(usage: Usage) {
                    switch usage {
                    case .main: self.init(modelName: "Vault", cloudKitIdentifier: "iCloud.com.example.vault")
                    case .preview: self.init(modelName: "Vault", inMemory: true)
                    }
                }
                private init(modelName: String, model: NSManagedObjectModel? = nil, cloudKitIdentifier: String? = nil, inMemory: Bool = false) {
                    if let model = model, cloudKitIdentifier != nil {
                        container = NSPersistentCloudKitContainer(name: modelName, managedObjectModel: model)
                    } else if cloudKitIdentifier != nil {
                        container = NSPersistentCloudKitContainer(name: modelName)
                    } else {
                        container = NSPersistentContainer(name: modelName)
                    }
                }
            }
            """
        let delegated = CloudKitContainerReader().read(
            sources: [("App/Persistence.swift", Array(delegating.utf8)), ("App/VaultApp.swift", Array("let persistence = Persistence(usage: .main)\n".utf8))],
            options: ModelSourceReadingOptions()
        ).storeCode.cloudKitContainers
        #expect(delegated.map { $0.wrapperCalls?.syncing.map(\.location.line) } == [[5], [5]])
        #expect(delegated.last?.wrapperCalls?.syncing.first?.models == [.named("Vault")])
        // Not gated by a parameter (a setting read inside): no wrapper, the container stays.
        let unfollowed = CloudKitContainerReader().read(
            sources: [("Stack/CoreDataStack.swift", Array(wrapper.replacingOccurrences(of: "if usesCloudKit {", with: "if UserDefaults.standard.bool(forKey: \"sync\") {").utf8)), ("App/Stores.swift", Array(calls.utf8))],
            options: ModelSourceReadingOptions()
        ).storeCode.cloudKitContainers
        #expect(unfollowed.count == 1 && unfollowed.first?.wrapperCalls == nil)
    }

    /// A store wrapper of the app's own makes the CloudKit container only when its caller passes
    /// an identifier, for the model the caller hands it: a model every call opens with `nil` is
    /// local (its required attribute is no CloudKit error), the one a call may sync is checked
    /// as synced, with the call named; where no call asks for sync, nothing syncs.
    @Test func aStoreWrappersCallsSayWhichModelSyncs() throws {
        let folder = try TemporaryFolder()
        let cached = XcodeFixtures.contents("""
            <entity name="CachedFeed" representedClassName="CachedFeed" syncable="YES">
                <attribute name="url" attributeType="String"/>
            </entity>
        """)
        try folder.write(cached, to: "Modules/FeedCache/Feeds.xcdatamodeld/Feeds.xcdatamodel/contents")
        try folder.write("import Foundation\n\npublic enum FeedCache {\n    public static let bundle: Bundle = .module\n}\n", to: "Modules/FeedCache/FeedCache.swift")
        try folder.write(Self.unmarkedNote, to: "Modules/NoteData/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try folder.write("import Foundation\n\npublic enum NoteData {\n    public static let bundle: Bundle = .module\n}\n", to: "Modules/NoteData/NoteData.swift")
        try folder.write("""
            import CoreData

            public final class StoreStack {
                public let container: NSPersistentContainer

                public init(storeName: String, model: NSManagedObjectModel, iCloudContainer: String?) {
                    if let iCloudContainer {
                        let synced = NSPersistentCloudKitContainer(name: storeName, managedObjectModel: model)
                        synced.persistentStoreDescriptions.first?.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: iCloudContainer)
                        container = synced
                    } else {
                        container = NSPersistentContainer(name: storeName, managedObjectModel: model)
                    }
                    container.loadPersistentStores { _, error in
                        if let error { print(error) }
                    }
                }
            }
            """, to: "Modules/StoreStack/StoreStack.swift")
        let app = """
            import CoreData
            import FeedCache
            import NoteData
            import StoreStack

            final class Stores {
                let feeds: StoreStack
                let notes: StoreStack

                init(settings: Settings) {
                    let feedModel = NSManagedObjectModel.mergedModel(from: [FeedCache.bundle])!
                    let noteModel = NSManagedObjectModel.mergedModel(from: [NoteData.bundle])!
                    feeds = StoreStack(storeName: "Feeds", model: feedModel, iCloudContainer: nil)
                    notes = StoreStack(
                        storeName: "Notes",
                        model: noteModel,
                        iCloudContainer: settings.syncEnabled ? "iCloud.com.example.notes" : nil
                    )
                }
            }
            """
        try folder.write(app, to: "App/Stores.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("CachedFeed"), "\(run.stdout)")
        #expect(!run.stdout.contains("model 'Feeds'"), "\(run.stdout)")
        #expect(run.stdout.contains("error: attribute 'Note.title' is required with no default"), "\(run.stdout)")
        #expect(run.stdout.contains("note: model 'Notes' is checked as synced with CloudKit: whether its store syncs is decided when the app runs (as the model the calls of its store wrapper hand it)"), "\(run.stdout)")
        #expect(run.stdout.contains("note: the store wrapper that makes it is called here, with what may ask for sync (App/Stores.swift:14:17)"), "\(run.stdout)")

        // No call asks for sync: the wrapper never makes its CloudKit container.
        try folder.write(app.replacingOccurrences(of: "settings.syncEnabled ? \"iCloud.com.example.notes\" : nil", with: "nil"), to: "App/Stores.swift")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("cloudkit-"), "\(local.stdout)")
    }

    /// `cloudkit: false` for the bundle wins over the code; a container naming another model
    /// decides nothing about this one.
    @Test func theBundlesSettingWinsAndOtherModelsAreLeftAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unmarkedNote, to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        try folder.write("bundles:\n  App/Notes.xcdatamodeld:\n    cloudkit: false\n", to: ".schemalint.yml")
        let configured = try Executable.run(["--no-color"], in: folder.url)
        #expect(!configured.stdout.contains("cloudkit-"), "\(configured.stdout)")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".schemalint.yml"))
        try folder.write(Self.persistence.replacingOccurrences(of: "\"Notes\"", with: "\"Cache\""), to: "App/PersistenceController.swift")
        let other = try Executable.run(["--no-color"], in: folder.url)
        #expect(!other.stdout.contains("cloudkit-"), "\(other.stdout)")
    }

    /// `syncedSince:` checks the versions before it as local: removing an attribute in a step
    /// before sync started is no CloudKit error, and the same removal after it is.
    @Test func versionsBeforeSyncedSinceAreLocal() throws {
        let folder = try TemporaryFolder()
        let bundle = "Notes.xcdatamodeld"
        func version(_ attributes: [String]) -> String {
            XcodeFixtures.contents("<entity name=\"Note\">\n" + attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n") + "\n</entity>", cloudKit: true)
        }
        try folder.write(version(["a", "b", "c"]), to: "\(bundle)/Notes.xcdatamodel/contents")
        try folder.write(version(["a", "b"]), to: "\(bundle)/Notes 2.xcdatamodel/contents")
        try folder.write(version(["a"]), to: "\(bundle)/Notes 3.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 3"), to: "\(bundle)/.xccurrentversion")
        let all = try Executable.run([bundle, "--no-color", "--all-steps"], in: folder.url)
        #expect(all.stdout.components(separatedBy: "[attribute-removed]").count - 1 == 2, "\(all.stdout)")
        #expect(all.stdout.contains("error: attribute 'Note.c' was removed"), "\(all.stdout)")

        try folder.write("bundles:\n  \(bundle):\n    syncedSince: Notes 2\n", to: ".schemalint.yml")
        let since = try Executable.run([bundle, "--no-color", "--all-steps"], in: folder.url)
        #expect(since.stdout.contains("error: attribute 'Note.b' was removed"), "\(since.stdout)")
        #expect(!since.stdout.contains("error: attribute 'Note.c' was removed"), "\(since.stdout)")
        #expect(since.stdout.contains("note: model 'Notes' is checked as synced with CloudKit only from Notes 2"), "\(since.stdout)")

        try folder.write("bundles:\n  \(bundle):\n    syncedSince: Notes 9\n", to: ".schemalint.yml")
        let wrong = try Executable.run([bundle, "--no-color"], in: folder.url)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains(".schemalint.yml:3:18: error: 'syncedSince' of bundle 'Notes.xcdatamodeld' names 'Notes 9', which is no version of it"), "\(wrong.stderr)")
    }

    /// Writes version `name` of `App/Notes.xcdatamodeld` (entity `Note` with optional String
    /// `attributes`) and makes it the current one.
    static func writeCurrentVersion(_ name: String, _ attributes: [String], in folder: TemporaryFolder) throws {
        try folder.write(XcodeFixtures.contents("<entity name=\"Note\">\n" + attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n") + "\n</entity>"), to: "App/Notes.xcdatamodeld/\(name).xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "App/Notes.xcdatamodeld/.xccurrentversion")
    }

    /// In git, sync starts with the version that was newest when the container code was first
    /// committed: the steps before it are local (a removal there is no CloudKit error).
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func gitDatesTheStartOfSync() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func version(_ name: String, _ attributes: [String]) throws { try Self.writeCurrentVersion(name, attributes, in: folder) }
        try version("Notes", ["a", "b", "c"])
        try folder.write(Self.persistence.replacingOccurrences(of: "NSPersistentCloudKitContainer", with: "NSPersistentContainer"), to: "App/PersistenceController.swift")
        try repository.commit("a local app")
        try version("Notes 2", ["a", "b"])
        try repository.commit("a version that drops c")
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        try repository.commit("sync with CloudKit")
        try version("Notes 3", ["a"])
        try repository.commit("a version that drops b")

        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.b' was removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("error: attribute 'Note.c' was removed"), "\(run.stdout)")
        #expect(run.stdout.contains("; from Notes 2 on: git first saw the container code on 2024-01-04, when Notes 2 was the newest version"), "\(run.stdout)")
    }

    /// Container code moved to another folder since it was first committed synced from the first
    /// commit, not from the move: git follows the file through the rename.
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func gitDatesTheStartOfSyncThroughAMoveOfTheContainerCode() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func version(_ name: String, _ attributes: [String]) throws { try Self.writeCurrentVersion(name, attributes, in: folder) }
        try version("Notes", ["a", "b"])
        try folder.write(XcodeFixtures.contents("<entity name=\"Tag\"><attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/></entity>"), to: "App/Tags.xcdatamodeld/Tags.xcdatamodel/contents")
        // A store wrapper given the model: the container opens each bundle near it.
        try folder.write("""
            import CoreData

            final class Store {
                let container: NSPersistentCloudKitContainer

                init(name: String, model: NSManagedObjectModel) {
                    container = NSPersistentCloudKitContainer(name: name, managedObjectModel: model)
                    container.loadPersistentStores { _, error in
                        if let error { print(error) }
                    }
                }
            }

            """, to: "App/Stack/Store.swift")
        try repository.commit("a synced app")
        try version("Notes 2", ["a"])
        try repository.commit("a version that drops b")
        try repository.git(["mv", "App/Stack", "App/Persistence"])
        try repository.commit("move the stack")

        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.b' was removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("git first saw the container code"), "\(run.stdout)")
    }

    /// Container code committed with the model's first version (an app that synced from its
    /// start, or a repository brought in by one commit, where every version came at once) synced
    /// every version: git dates no later start.
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func containerCodeThatCameWithTheFirstVersionSyncedEveryVersion() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try Self.writeCurrentVersion("Notes", ["a", "b", "c"], in: folder)
        try Self.writeCurrentVersion("Notes 2", ["a", "b"], in: folder)
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")
        try repository.commit("the app, imported")
        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.c' was removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("git first saw the container code"), "\(run.stdout)")
    }

    /// Container code that moved to another file (from the app into a shared module) started
    /// syncing when it was first written anywhere, not when its file of today was made.
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func syncStartsWhereTheContainerCodeWasFirstWrittenBeforeItMoved() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func version(_ name: String, _ attributes: [String]) throws { try Self.writeCurrentVersion(name, attributes, in: folder) }
        try version("Notes", ["a", "b", "c"])
        try folder.write(Self.persistence, to: "App/AppDelegate.swift")
        try repository.commit("a synced app")
        try version("Notes 2", ["a", "b"])
        try repository.commit("a version that drops c")
        try folder.write("import UIKit\n", to: "App/AppDelegate.swift")
        try folder.write(Self.persistence, to: "Shared/Sources/Shared/Persistence.swift")
        try repository.commit("the container moves into a shared module")
        try version("Notes 3", ["a"])
        try repository.commit("a version that drops b")

        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.b' was removed"), "\(run.stdout)")
        #expect(run.stdout.contains("error: attribute 'Note.c' was removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("git first saw the container code"), "\(run.stdout)")
    }

    /// Without git (or in a shallow clone), a version that holds what CloudKit refuses to load (an
    /// ordered relationship) never synced: sync starts after it, and its step is a local one.
    @Test func syncStartsWhereCloudKitCouldLoadTheModel() throws {
        let folder = try TemporaryFolder()
        func version(_ name: String, _ attributes: [String], ordered: Bool) throws {
            let tags = "<relationship name=\"tags\" optional=\"YES\" toMany=\"YES\"\(ordered ? " ordered=\"YES\"" : "") deletionRule=\"Nullify\" destinationEntity=\"Tag\" inverseName=\"note\" inverseEntity=\"Tag\"/>"
            try folder.write(XcodeFixtures.contents(
                "<entity name=\"Note\">\n" + attributes.map { "<attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(separator: "\n") + "\n\(tags)\n</entity>\n"
                    + "<entity name=\"Tag\">\n<relationship name=\"note\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Note\" inverseName=\"tags\" inverseEntity=\"Note\"/>\n</entity>"
            ), to: "App/Notes.xcdatamodeld/\(name).xcdatamodel/contents")
            try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "App/Notes.xcdatamodeld/.xccurrentversion")
        }
        try version("Notes", ["a", "b", "c"], ordered: true)
        try version("Notes 2", ["a", "b"], ordered: false)
        try version("Notes 3", ["a"], ordered: false)
        try folder.write(Self.persistence, to: "App/PersistenceController.swift")

        let run = try Executable.run(["--no-color", "--all-steps"], in: folder.url)
        #expect(run.stdout.contains("error: attribute 'Note.b' was removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("error: attribute 'Note.c' was removed") && !run.stdout.contains("[cloudkit-ordered-relationship]"), "\(run.stdout)")
        #expect(run.stdout.contains("; from Notes 2 on: the versions before it hold what CloudKit refuses to load"), "\(run.stdout)")
    }

    /// A release that named its container (`.private("iCloud...")`, where the person is signed in)
    /// and a next release that opens the same schema with `.automatic`, in an app whose
    /// entitlements give CloudKit a container: both sync, and no entity moved between a synced
    /// store and a local one.
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func automaticAfterANamedContainerStillSyncs() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func store(_ configuration: String) -> String {
            """
            import SwiftData
            @MainActor let container: ModelContainer = {
                let schema = Schema([Account.self])
                let config: ModelConfiguration
                \(configuration)
                return try! ModelContainer(for: schema, configurations: [config])
            }()
            """
        }
        try folder.write("import SwiftData\n@Model final class Account {\n    var name: String = \"\"\n    init() {}\n}\n", to: "App/Account.swift")
        try folder.write(store("""
            if FileManager.default.ubiquityIdentityToken != nil {
                    config = ModelConfiguration(schema: schema, cloudKitDatabase: .private("iCloud.com.example.ledger"))
                } else {
                    config = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
                }
            """), to: "App/Store.swift")
        try folder.write(Self.entitlements("CloudKit").replacingOccurrences(of: "</dict>", with: "\t<key>com.apple.developer.icloud-container-identifiers</key>\n\t<array>\n\t\t<string>iCloud.com.example.ledger</string>\n\t</array>\n</dict>"), to: "App/App.entitlements")
        try repository.commit("1.0")
        try repository.tag("v1.0")
        try folder.write("import SwiftData\n@Model final class Account {\n    var name: String = \"\"\n    var balance: Double = 0\n    init() {}\n}\n", to: "App/Account.swift")
        try folder.write(store("config = ModelConfiguration(schema: schema, cloudKitDatabase: .automatic)"), to: "App/Store.swift")
        try repository.commit("a balance, and the default container")

        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(!run.stdout.contains("[entity-moved-between-configurations]"), "\(run.stdout)")
        #expect(run.stdout.contains("field CD_balance"), "\(run.stdout)")
    }

    /// A class the released code handed to no container was in no store: when a later release
    /// opens it with the default sync, it joins the synced store, and none of it moves.
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func aClassNoContainerOpenedJoinsTheSyncedStore() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func app(_ classes: String) -> String {
            "import SwiftData\nimport SwiftUI\n@main struct DiaryApp: App {\n    var body: some Scene { WindowGroup { Text(\"Diary\") }.modelContainer(for: [\(classes)]) }\n}\n"
        }
        try folder.write("import SwiftData\n@Model final class Item {\n    var date: Date = Date.now\n    init() {}\n}\n", to: "Diary/Item.swift")
        try folder.write("import SwiftData\n@Model final class DailyLog {\n    var note: String = \"\"\n    init() {}\n}\n", to: "Diary/DailyLog.swift")
        try folder.write(app("Item.self"), to: "Diary/DiaryApp.swift")
        try folder.write(Self.entitlements("CloudKit"), to: "Diary/Diary.entitlements")
        try repository.commit("1.0")
        try repository.tag("v1.0")
        try folder.write(app("Item.self, DailyLog.self"), to: "Diary/DiaryApp.swift")
        try repository.commit("daily logs")

        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("[entity-moved-between-configurations]"), "\(run.stdout)")
    }

    /// A store a release opened with `cloudKitDatabase: .none`, opened with a container by the
    /// next release: the records every device holds are uploaded.
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func aStoreTheReleaseKeptLocalStartsSyncing() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func app(_ database: String) -> String {
            "import SwiftData\nimport SwiftUI\n@main struct CardsApp: App {\n    let container = try! ModelContainer(for: Schema([Card.self]), configurations: [ModelConfiguration(cloudKitDatabase: \(database))])\n    var body: some Scene { WindowGroup { Text(\"Cards\") }.modelContainer(container) }\n}\n"
        }
        try folder.write("import SwiftData\n@Model final class Card {\n    var word: String = \"\"\n    init() {}\n}\n", to: "Cards/Card.swift")
        try folder.write(app(".none"), to: "Cards/CardsApp.swift")
        try folder.write(Self.entitlements("CloudKit"), to: "Cards/Cards.entitlements")
        try repository.commit("1.0")
        try repository.tag("v1.0")
        try folder.write(app(".private(\"iCloud.com.example.cards\")"), to: "Cards/CardsApp.swift")
        try repository.commit("sync")

        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("warning: the next release of the SwiftData model syncs with CloudKit, and v1.0 kept the store local: every device that updates uploads every record its store holds"), "\(run.stdout)")
        #expect(run.stdout.contains("the record types (CD_Card) must be in the CloudKit production environment before the next release reaches people [cloudkit-sync-started]"), "\(run.stdout)")
    }

    static func entitlements(_ services: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.icloud-container-identifiers</key>
        \t<array>
        \t\t<string>iCloud.com.example.notes</string>
        \t</array>
        \t<key>com.apple.developer.icloud-services</key>
        \t<array>
        \t\t<string>\(services)</string>
        \t</array>
        </dict>
        </plist>

        """
    }

    @Test func entitlementsThatListCloudKitAreRead() {
        let reader = CloudKitContainerReader()
        #expect(reader.claims(name: "App/App.entitlements", bytes: Array(Self.entitlements("CloudDocuments").utf8)))
        #expect(CloudKitContainerReader.givesCloudKit(Array(Self.entitlements("CloudKit").utf8)))
        #expect(!CloudKitContainerReader.givesCloudKit(Array(Self.entitlements("CloudDocuments").utf8)))
        let reading = reader.read(sources: [("App/App.entitlements", Array(Self.entitlements("CloudKit").utf8)), ("Widget/Widget.entitlements", Array(Self.entitlements("CloudDocuments").utf8))], options: ModelSourceReadingOptions())
        #expect(reading.storeCode.cloudKitEntitlements == [SourceLocation(file: "App/App.entitlements", line: 9, column: 2)])
        #expect(reading.storeCode.entitlementsWithoutCloudKit == [SourceLocation(file: "Widget/Widget.entitlements", line: 1, column: 1)])
        // CloudKit with an empty list of containers (Xcode writes it so until one is ticked), or
        // with no list (a misspelled key: `icloud-containers`), has nothing to sync with.
        let list = "<array>\n\t\t<string>iCloud.com.example.notes</string>\n\t</array>"
        for (containers, claimed) in [("<array/>", false), ("<array>\n\t</array>", false), (list, true)] {
            let text = Self.entitlements("CloudKit").replacingOccurrences(of: list, with: containers)
            #expect(CloudKitContainerReader.givesCloudKit(Array(text.utf8)) == claimed, "\(containers)")
        }
        let misspelled = Self.entitlements("CloudKit").replacingOccurrences(of: "icloud-container-identifiers", with: "icloud-containers")
        #expect(!CloudKitContainerReader.givesCloudKit(Array(misspelled.utf8)))
        let withoutList = reader.read(sources: [("App/App.entitlements", Array(misspelled.utf8))], options: ModelSourceReadingOptions())
        #expect(withoutList.storeCode.cloudKitWithoutContainer == [SourceLocation(file: "App/App.entitlements", line: 9, column: 7)])
    }

    /// Only the entitlements a target signs with count: a copy beside them (`App 2.entitlements`)
    /// that gives CloudKit, or one inside the project's folder, gives the app nothing.
    @Test func onlyTheEntitlementsATargetSignsWithAreRead() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unmarkedNote, to: "iOS/App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try folder.write(Self.persistence, to: "iOS/App/PersistenceController.swift")
        try folder.write(Self.entitlements("CloudDocuments"), to: "iOS/App/App.entitlements")
        try folder.write(Self.entitlements("CloudKit"), to: "iOS/App/App 2.entitlements")
        try folder.write(Self.entitlements("CloudKit"), to: "iOS/App.xcodeproj/App 4.entitlements")
        let project = """
        // !$*UTF8*$!
        {
        	objects = {
        		A1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
        		B1 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {
        			CODE_SIGN_ENTITLEMENTS = "$(SRCROOT)/App/../App/App.entitlements";
        		}; };
        	};
        }
        """
        try folder.write(project, to: "iOS/App.xcodeproj/project.pbxproj")
        let signed = try Executable.run(["--no-color"], in: folder.url)
        #expect(!signed.stdout.contains("[cloudkit-required-attribute]"), "\(signed.stdout)")
        #expect(signed.stdout.contains("(iOS/App/App.entitlements:1:1)"), "\(signed.stdout)")
        // Named through another build setting, any of them may be the one signed with, but the
        // one inside the project's folder.
        try folder.write(project.replacingOccurrences(of: "$(SRCROOT)/App/../App/App.entitlements", with: "$(TARGET_NAME)/$(TARGET_NAME).entitlements"), to: "iOS/App.xcodeproj/project.pbxproj")
        let any = try Executable.run(["--no-color"], in: folder.url)
        #expect(any.stdout.contains("[cloudkit-required-attribute]"), "\(any.stdout)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("iOS/App/App 2.entitlements"))
        #expect(try !Executable.run(["--no-color"], in: folder.url).stdout.contains("[cloudkit-required-attribute]"))
    }

    static let readsSwift = ModelReaders.registered.contains { $0.name == "SwiftData" }

    /// SwiftData's default `.automatic` syncs when the app has the CloudKit entitlement: its
    /// unique constraint is then a CloudKit error, and a note says why; `.none` keeps it local.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func swiftDataSyncsByDefaultWithTheCloudKitEntitlement() throws {
        let folder = try TemporaryFolder()
        try folder.write("import SwiftData\n\n@Model final class Tag {\n    @Attribute(.unique) var name: String = \"\"\n    init() {}\n}\n", to: "App/Models/Tag.swift")
        try folder.write("import SwiftUI\n\n@main struct TagsApp: App {\n    var body: some Scene { WindowGroup { Text(\"\") }.modelContainer(for: Tag.self) }\n}\n", to: "App/TagsApp.swift")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("cloudkit-"), "no entitlement: \(local.stdout)")

        // With the entitlement but no container that opens the models, nothing syncs them.
        try folder.write(Self.entitlements("CloudKit"), to: "App/Tags.entitlements")
        let appFile = folder.url.appendingPathComponent("App/TagsApp.swift")
        let app = try String(contentsOf: appFile, encoding: .utf8)
        try FileManager.default.removeItem(at: appFile)
        let unopened = try Executable.run(["--no-color"], in: folder.url)
        #expect(!unopened.stdout.contains("cloudkit-"), "no container: \(unopened.stdout)")
        try folder.write(app, to: "App/TagsApp.swift")
        let synced = try Executable.run(["--no-color"], in: folder.url)
        #expect(synced.stdout.contains("error: ") && synced.stdout.contains("[cloudkit-unique-constraint]"), "\(synced.stdout)")
        #expect(synced.stdout.contains("is checked as synced with CloudKit: SwiftData opens it with `cloudKitDatabase: .automatic` (as the code gives it, or the default)"), "\(synced.stdout)")
        #expect(synced.stdout.contains("(App/Tags.entitlements:9:2)"), "\(synced.stdout)")

        try folder.write("import SwiftUI\nimport SwiftData\n\n@main struct TagsApp: App {\n    var body: some Scene { WindowGroup { Text(\"\") }.modelContainer(try! ModelContainer(for: Tag.self, configurations: ModelConfiguration(cloudKitDatabase: .none))) }\n}\n", to: "App/TagsApp.swift")
        let none = try Executable.run(["--no-color"], in: folder.url)
        #expect(!none.stdout.contains("cloudkit-"), "\(none.stdout)")
    }

    /// An entitlements file gives CloudKit to the app its Xcode project builds: SwiftData models of
    /// another project of the repository (a collection of sample apps) keep SwiftData's default
    /// local there, and sync only when they move into the signing project's folder.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func anotherProjectsEntitlementsGiveTheModelsNoCloudKit() throws {
        let folder = try TemporaryFolder()
        func project(_ group: String, entitlements: String?) -> String {
            """
            // !$*UTF8*$!
            {
            	objects = {
            		A1 /* \(group) */ = {isa = PBXFileSystemSynchronizedRootGroup; path = \(group); sourceTree = "<group>"; };
            		B1 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {
            \(entitlements.map { "\t\t\tCODE_SIGN_ENTITLEMENTS = \($0);\n" } ?? "")		}; };
            	};
            }
            """
        }
        try folder.write(project("Journal", entitlements: "Journal/Journal.entitlements"), to: "Classic/Journal/Journal.xcodeproj/project.pbxproj")
        try folder.write(Self.entitlements("CloudKit"), to: "Classic/Journal/Journal/Journal.entitlements")
        try folder.write(project("Tags", entitlements: nil), to: "SwiftUI/Tags/Tags.xcodeproj/project.pbxproj")
        let model = "import SwiftData\n\n@Model final class Tag {\n    @Attribute(.unique) var name: String = \"\"\n    init() {}\n}\n"
        let app = "import SwiftUI\n\n@main struct TagsApp: App {\n    var body: some Scene { WindowGroup { Text(\"\") }.modelContainer(for: Tag.self) }\n}\n"
        try folder.write(model, to: "SwiftUI/Tags/Tags/Tag.swift")
        try folder.write(app, to: "SwiftUI/Tags/Tags/TagsApp.swift")
        let other = try Executable.run(["--no-color"], in: folder.url)
        #expect(!other.stdout.contains("cloudkit-"), "\(other.stdout)")

        // The same models in the signing project's folder sync by SwiftData's default.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("SwiftUI"))
        try folder.write(model, to: "Classic/Journal/Journal/Tag.swift")
        try folder.write(app, to: "Classic/Journal/Journal/TagsApp.swift")
        let own = try Executable.run(["--no-color"], in: folder.url)
        #expect(own.stdout.contains("[cloudkit-unique-constraint]"), "\(own.stdout)")
        #expect(own.stdout.contains("(Classic/Journal/Journal/Journal.entitlements:"), "\(own.stdout)")
    }

    /// `cloudKitDatabase: .none` in a preview's container, in a store kept in memory or in a debug
    /// build's says nothing of the store people run: the app's default `.automatic` still syncs
    /// the classes, and CloudKit's checks apply to them. The same `.none` in the app's own
    /// container keeps them local.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aPreviewsOrADebugBuildsNoneLeavesTheAppsStoreSyncing() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.entitlements("CloudKit"), to: "App/Tags.entitlements")
        try folder.write("import SwiftData\n\n@Model final class Tag {\n    @Attribute(.unique) var name: String = \"\"\n    init() {}\n}\n", to: "App/Models/Tag.swift")
        func app(_ container: String) -> String {
            """
            import SwiftUI
            import SwiftData

            @main struct TagsApp: App {
                let container: ModelContainer = {
            \(container)
                }()
                var body: some Scene { WindowGroup { TagList() }.modelContainer(container) }
            }

            struct TagList: View {
                var body: some View { Text("Tags") }
            }

            #Preview {
                TagList().modelContainer(try! ModelContainer(for: Tag.self, configurations: ModelConfiguration(cloudKitDatabase: .none)))
            }

            """
        }
        try folder.write(app("""
                    #if DEBUG
                    return try! ModelContainer(for: Tag.self, configurations: ModelConfiguration(url: URL.temporaryDirectory.appending(path: "debug.store"), cloudKitDatabase: .none))
                    #else
                    return try! ModelContainer(for: Tag.self)
                    #endif
            """), to: "App/TagsApp.swift")
        let synced = try Executable.run(["--no-color"], in: folder.url)
        #expect(synced.stdout.contains("[cloudkit-unique-constraint]"), "\(synced.stdout)")

        try folder.write(app("        return try! ModelContainer(for: Tag.self, configurations: ModelConfiguration(cloudKitDatabase: .none))"), to: "App/TagsApp.swift")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("cloudkit-"), "\(local.stdout)")
    }

    /// `cloudKitDatabase: .automatic` written out is the default: without the entitlement the
    /// store is local, with it the classes the container names sync (a cache opened `.none` in
    /// the same history stays local).
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func anAutomaticSettingSyncsOnlyWithTheCloudKitEntitlement() throws {
        let folder = try TemporaryFolder()
        try folder.write("import SwiftData\n\n@Model final class Tag {\n    @Attribute(.unique) var name: String = \"\"\n    init() {}\n}\n\n@Model final class Thumbnail {\n    @Attribute(.unique) var key: String = \"\"\n    init() {}\n}\n", to: "App/Models/Models.swift")
        try folder.write("""
            import SwiftUI
            import SwiftData

            @main struct TagsApp: App {
                let tags = try! ModelContainer(for: Tag.self, configurations: ModelConfiguration("Tags", cloudKitDatabase: .automatic))
                let thumbnails = try! ModelContainer(for: Thumbnail.self, configurations: ModelConfiguration("Thumbnails", cloudKitDatabase: .none))
                var body: some Scene { WindowGroup { Text("") }.modelContainer(tags) }
            }

            """, to: "App/TagsApp.swift")
        let local = try Executable.run(["--no-color"], in: folder.url)
        #expect(!local.stdout.contains("cloudkit-"), "no entitlement: \(local.stdout)")

        try folder.write(Self.entitlements("CloudKit"), to: "App/Tags.entitlements")
        let synced = try Executable.run(["--no-color"], in: folder.url)
        let unique = synced.stdout.split(separator: "\n").filter { $0.hasSuffix("[cloudkit-unique-constraint]") }
        #expect(unique.count == 1 && unique.first?.contains("entity 'Tag'") == true, "\(synced.stdout)")
    }

    /// What SwiftData's default sync reaches is what the code hands it: the classes it names
    /// (`Schema([Note.self])`) and what their relationships reach. A class no code names is in no
    /// store, and CloudKit's checks do not apply to it.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func swiftDataDefaultSyncReachesOnlyTheClassesTheCodeOpens() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.entitlements("CloudKit"), to: "App/Notes.entitlements")
        try folder.write("""
            import SwiftData

            @Model final class Note {
                var title: String = ""
                var folder: Folder?
                init() {}
            }

            @Model final class Folder {
                var name: String
                @Relationship(inverse: \\Note.folder) var notes: [Note]? = []
                init(name: String) { self.name = name }
            }

            @Model final class Draft {
                var text: String
                init(text: String) { self.text = text }
            }
            """, to: "App/Models.swift")
        try folder.write("""
            import SwiftUI
            import SwiftData

            @main struct NotesApp: App {
                var container: ModelContainer = {
                    let schema = Schema([Note.self])
                    return try! ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema)])
                }()
                var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
            }
            """, to: "App/NotesApp.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        // Folder comes with Note through its relationship; Draft is opened by nothing.
        #expect(run.stdout.contains("attribute 'Folder.name' is required with no default"), "\(run.stdout)")
        #expect(!run.stdout.contains("Draft"), "\(run.stdout)")

        // Named in a file that declares no model and opens no container, it is in a store too.
        try folder.write("import SwiftData\n\nenum Drafts {\n    static let models: [any PersistentModel.Type] = [Draft.self]\n}\n", to: "App/Drafts.swift")
        let named = try Executable.run(["--no-color"], in: folder.url)
        #expect(named.stdout.contains("attribute 'Draft.text' is required with no default"), "\(named.stdout)")
    }
}

import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintRules
@testable import schemalint
import SchemaLintTestSupport

/// The store-handling rules through the built executable, on fixtures in the shapes real apps use
/// (Fixtures/store-code/NAME/before, and NAME/fixed with the same code repaired): each rule fires
/// where it should and stays quiet on the fixed version. The positions below were counted in the
/// fixture files by hand.
@Suite struct StoreCodeCommandLineTests {
    static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/SchemaLintTests/Fixtures/store-code")
    static let readsSwift = ModelReaders.registered.contains { $0.name == "Swift store code" }
    /// A model file for tests whose subject is the store code beside it (store rules need a model).
    static let notesModel = "model: Notes\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n"
    static let storeRules: Set<String> = ["store-opened-at-launch", "store-opened-without-migration", "store-protection-complete", "store-load-failure-destructive", "store-moved-without-companions"]

    /// One reported line of a store-handling rule: `Name.swift:12:5 warning store-opened-at-launch`.
    struct Hit: Hashable, CustomStringConvertible {
        var place: String
        var severity: String
        var rule: String
        var description: String { "\(place) \(severity) \(rule)" }
    }

    static func lint(_ fixture: String, extra: [String] = []) throws -> (hits: [Hit], run: Executable.Run) {
        try lint(path: fixtures.appendingPathComponent(fixture).path, extra: extra)
    }

    static func lint(path: String, extra: [String] = []) throws -> (hits: [Hit], run: Executable.Run) {
        let run = try Executable.run([path] + extra)
        var hits: [Hit] = []
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let rule = line.split(separator: "[").last?.dropLast(), storeRules.contains(String(rule)) else { continue }
            let place = (parts[0].dropLast().split(separator: "/").last).map(String.init) ?? ""
            hits.append(Hit(place: place, severity: String(parts[1].dropLast()), rule: String(rule)))
        }
        return (hits, run)
    }

    /// A helper that reads the rows out before it deletes the store's files says so: what the
    /// person stored is only in memory until the new store is saved.
    /// A container with Core Data's migration off, opened after the app's own migrator ran, fails
    /// on a store that does not open as it is: the stop is said of that, not of a migration.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStopAfterTheAppsOwnMigrationIsSaidOfAStoreThatFailsToOpen() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData

        final class Storage {
            lazy var container: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Notes")
                let description = container.persistentStoreDescriptions.first
                description?.shouldMigrateStoreAutomatically = false
                description?.shouldInferMappingModelAutomatically = false
                Migrator().migrateIfNeeded(container)
                container.loadPersistentStores { _, error in
                    if let error { fatalError("\\(error)") }
                }
                return container
            }()

            var viewContext: NSManagedObjectContext { container.viewContext }
        }

        """, to: "Notes/Storage.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("Notes/Storage.swift:11:28: warning: fatalError() stops the app when loadPersistentStores fails: a store that fails to open crashes the app"), "\(run.stdout)")
    }

    /// An app delegate whose launch runs `line` (line 8; `application(...)` at 7:10).
    static func appDelegate(launching line: String) -> String {
        """
        import UIKit
        import CoreData

        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var container: NSPersistentContainer?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                \(line)
                return true
            }
        }

        """
    }

    /// What `store-opened-at-launch` says of `folder`/Stack.swift's opening at 5:15, reached from
    /// that folder's `appDelegate(launching:)` alone.
    static func openedAtLaunch(in folder: String) -> String {
        "\(folder)/Stack.swift:5:15: note: loadPersistentStores opens the store on the launch path (AppDelegate.application(_:didFinishLaunchingWithOptions:)); any release that changes the model migrates the store there [store-opened-at-launch]\n    note: reached synchronously from AppDelegate.application(_:didFinishLaunchingWithOptions:) (\(folder)/AppDelegate.swift:7:10)\n    help:"
    }

    /// A trailing closure passes over the parameters with defaults before the completion
    /// (`makeContainer(migrating: Bool = false, completion:)` called as `makeContainer { ... }`):
    /// the app's call is to its own function, not to a sample's of the same name in another folder.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aTrailingClosureCallsTheFunctionWhoseDefaultsItPassesOver() throws {
        let folder = try TemporaryFolder()
        func stack(_ parameters: String) -> String {
            """
            import CoreData

            func makeContainer(\(parameters)completion: @escaping (NSPersistentContainer) -> Void) {
                let container = NSPersistentContainer(name: "Notes")
                container.loadPersistentStores { _, error in
                    if let error { fatalError("\\(error)") }
                    completion(container)
                }
            }

            """
        }
        for app in ["App", "Sample"] {
            try folder.write(Self.appDelegate(launching: "makeContainer { container in self.container = container }"), to: "\(app)/AppDelegate.swift")
        }
        try folder.write(stack("migrating: Bool = false, progress: Progress? = nil, "), to: "App/Stack.swift")
        try folder.write(stack(""), to: "Sample/Stack.swift")
        let run = try Executable.run(["--no-color"], in: folder.url)
        for app in ["App", "Sample"] {
            #expect(run.stdout.contains(Self.openedAtLaunch(in: app)), "\(run.stdout)")
        }
        #expect(!run.stdout.contains("also reached synchronously") && !run.stdout.contains("the same launch opens the store again"), "\(run.stdout)")
    }

    /// A sample app copied into two folders (a book's chapters): the same text in two files is
    /// still two files' code, so each copy's store is reported on its own launch path, the same
    /// way in every run, whichever core parses which file first.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func twoCopiesOfOneAppAreEachReportedOnTheirOwnLaunchPath() throws {
        let folder = try TemporaryFolder()
        let stack = """
        import CoreData

        func makeContainer() -> NSPersistentContainer {
            let container = NSPersistentContainer(name: "Notes")
            container.loadPersistentStores { _, error in
                if let error { fatalError("\\(error)") }
            }
            return container
        }

        """
        for chapter in ["Chapter1", "Chapter2"] {
            try folder.write(Self.appDelegate(launching: "container = makeContainer()"), to: "\(chapter)/AppDelegate.swift")
            try folder.write(stack, to: "\(chapter)/Stack.swift")
        }
        let first = try Executable.run(["--no-color"], in: folder.url)
        for chapter in ["Chapter1", "Chapter2"] {
            #expect(first.stdout.contains(Self.openedAtLaunch(in: chapter)), "\(first.stdout)")
            #expect(first.stdout.contains("\(chapter)/Stack.swift:6:24: warning: fatalError() stops the app when loadPersistentStores fails"), "\(first.stdout)")
        }
        #expect(!first.stdout.contains("also opens a store here") && !first.stdout.contains("also reached synchronously"), "\(first.stdout)")
        for _ in 0..<3 {
            #expect(try Executable.run(["--no-color"], in: folder.url).stdout == first.stdout)
        }
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aDeletionAfterReadingTheRowsOutSaysTheyAreOnlyInMemory() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData
        import SQLite3

        final class NotesStore {
            let container = NSPersistentContainer(name: "Notes")

            func open() {
                container.loadPersistentStores { _, error in
                    guard error != nil else { return }
                    self.rebuild()
                }
            }

            private func rebuild() {
                let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Notes.sqlite")
                let titles = Self.titles(in: url)
                try? FileManager.default.removeItem(at: url)
                container.loadPersistentStores { _, _ in }
                print(titles)
            }

            private static func titles(in url: URL) -> [String] {
                var database: OpaquePointer?
                guard sqlite3_open(url.path, &database) == SQLITE_OK else { return [] }
                defer { sqlite3_close(database) }
                return []
            }
        }

        """, to: "Notes/NotesStore.swift")
        let (_, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(run.stdout.contains("NotesStore.swift:10:13: warning: rebuild() deletes the store's files when loadPersistentStores fails, after titles() reads what it holds into memory to write into a new store: until that store is open and saved, what the person stored is only in the running app, so a new store that fails to open or save, or an app that ends first, loses it [store-load-failure-destructive]"), "\(run.stdout)")
    }

    /// One `catch` that stops the app for two stores it adds is one line to change: one finding,
    /// with each store's opening as a note.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func oneStopThatTwoOpeningsReachIsOneFinding() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData

        final class Stores {
            let coordinator: NSPersistentStoreCoordinator

            init(model: NSManagedObjectModel, local: URL, shared: URL) {
                coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
                let options = [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true]
                do {
                    try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: "Local", at: local, options: options)
                    try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: "Shared", at: shared, options: options)
                } catch {
                    fatalError("cannot open the stores: \\(error)")
                }
            }
        }

        """, to: "Notes/Stores.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(hits.filter { $0.rule == "store-load-failure-destructive" } == [Hit(place: "Stores.swift:13:13", severity: "warning", rule: "store-load-failure-destructive")], "\(run.stdout)")
        #expect(run.stdout.contains("note: the store is opened here (\(folder.path)/Notes/Stores.swift:10:17)"), "\(run.stdout)")
        #expect(run.stdout.contains("note: the store is opened here (\(folder.path)/Notes/Stores.swift:11:17)"), "\(run.stdout)")
    }

    /// A store moved to a backup, then a migrated copy moved into its place: the leftover `-wal`
    /// is read with the copy, and the backup lacks what it held. A move with nothing moved in
    /// after it loses what the `-wal` held, and nothing more.
    /// Objective-C that opens the old store with the model it was made with
    /// (`mergedModelFromBundles:forStoreMetadata:`) before it migrates can remove the duplicates a
    /// new uniqueness constraint would refuse: the constraint is a note that names that code.
    @Test func aPassOverTheOldStoreWithItsOwnModelSettlesANewConstraint() throws {
        let folder = try TemporaryFolder()
        let tag = "model: Tags\nversion: %d\nentities:\n  Tag:\n    attributes:\n      name: string\n%@"
        try folder.write(String(format: tag, 1, ""), to: "Model/tags-1.yml")
        try folder.write(String(format: tag, 2, "    uniqueness: [[name]]\n"), to: "Model/tags-2.yml")
        let before = try Executable.run(["--no-color", folder.path])
        #expect(before.stdout.contains("warning: entity 'Tag' has a new uniqueness constraint (name)"), "\(before.stdout)")
        try folder.write("""
            #import <CoreData/CoreData.h>
            @implementation Deduplication
            + (void)prepareStoreAtURL:(NSURL *)url {
                NSDictionary *metadata = [NSPersistentStoreCoordinator metadataForPersistentStoreOfType:NSSQLiteStoreType URL:url options:nil error:nil];
                NSManagedObjectModel *source = [NSManagedObjectModel mergedModelFromBundles:@[NSBundle.mainBundle] forStoreMetadata:metadata];
                NSPersistentStoreCoordinator *coordinator = [[NSPersistentStoreCoordinator alloc] initWithManagedObjectModel:source];
                [coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:url options:nil error:nil];
            }
            @end

            """, to: "App/Deduplication.m")
        let after = try Executable.run(["--no-color", folder.path])
        let line = try #require(after.stdout.split(separator: "\n").first { $0.hasSuffix("[uniqueness-changed]") }, "\(after.stdout)")
        #expect(line.contains(": note: entity 'Tag' has a new uniqueness constraint (name)") && line.contains("handled by the app's code at ") && line.hasSuffix("App/Deduplication.m:5 [uniqueness-changed]"), "\(after.stdout)")
    }

    /// Objective-C that gives attribute descriptions their transformers (from the attributes' User
    /// Info, by message or by dot syntax) decides which transformer decodes the stored values: a
    /// transformer the model file no longer names is a note that names that code.
    @Test(arguments: ["[attribute setValueTransformerName:name];", "attribute.valueTransformerName = name;"])
    func aTransformerTheCodeGivesIsANoteThatNamesTheCode(assignment: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("model: Visits\nversion: 1\nentities:\n  Visit:\n    attributes:\n      title: {type: transformable, transformer: EncryptedStringTransformer}\n", to: "Model/visits-1.yml")
        try folder.write("model: Visits\nversion: 2\nentities:\n  Visit:\n    attributes:\n      title: {type: transformable}\n      count: int64\n", to: "Model/visits-2.yml")
        let before = try Executable.run(["--no-color", folder.path])
        #expect(before.stdout.contains("warning: attribute 'Visit.title' changed its value transformer from 'EncryptedStringTransformer' to none"), "\(before.stdout)")
        try folder.write("""
            #import <CoreData/CoreData.h>
            @implementation Database
            + (void)restoreTransformersOfModel:(NSManagedObjectModel *)model {
                for (NSEntityDescription *entity in model.entities) {
                    for (NSAttributeDescription *attribute in entity.attributesByName.allValues) {
                        NSString *name = attribute.userInfo[@"transformer"];
                        if (name != nil) { \(assignment) }
                    }
                }
            }
            @end

            """, to: "App/Database.m")
        let after = try Executable.run(["--no-color", folder.path])
        let line = try #require(after.stdout.split(separator: "\n").first { $0.hasSuffix("[attribute-transformer-changed]") }, "\(after.stdout)")
        #expect(line.contains(": note: attribute 'Visit.title' names no value transformer in ") && line.contains("the app's code sets valueTransformerName at run time (") && line.contains("App/Database.m:7), so the transformer"), "\(after.stdout)")
    }

    @Test func aStoreMovedAsideForAMigratedCopySaysTheCopyIsOpenedWithTheStaleLog() throws {
        func migrator(swapping: Bool) -> String {
            """
            @implementation StepMigrator

            - (BOOL)migrateStoreAtURL:(NSURL *)storeURL mapping:(NSMappingModel *)mapping manager:(NSMigrationManager *)manager error:(NSError **)error {
                NSURL *migratedURL = [storeURL URLByAppendingPathExtension:@"tmp"];
                if (![manager migrateStoreFromURL:storeURL type:NSSQLiteStoreType options:nil withMappingModel:mapping toDestinationURL:migratedURL destinationType:NSSQLiteStoreType destinationOptions:nil error:error]) {
                    return NO;
                }
                NSString *backupPath = [[storeURL path] stringByAppendingPathExtension:@"bak"];
                return [[NSFileManager defaultManager] moveItemAtPath:[storeURL path] toPath:backupPath error:error]\(swapping ? " && [[NSFileManager defaultManager] moveItemAtPath:[migratedURL path] toPath:[storeURL path] error:error]" : "");
            }

            @end

            """
        }
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write(migrator(swapping: true), to: "Notes/StepMigrator.m")
        let (_, swapped) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(swapped.stdout.contains("StepMigrator.m:9:44: error: moveItemAtPath: moves the store file [storeURL path] but not its -wal and -shm files: the -wal and -shm files stay behind, and the database this code then copies or moves to that path is opened with the stale -wal, whose pages SQLite reads in place of its own: the store reads as corrupt or with old data, and the store moved away is missing what its -wal held [store-moved-without-companions]"), "\(swapped.stdout)")
        try folder.write(migrator(swapping: false), to: "Notes/StepMigrator.m")
        let (_, moved) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(moved.stdout.contains("StepMigrator.m:9:44: error: moveItemAtPath: moves the store file [storeURL path] but not its -wal and -shm files: the changes still in its -wal file are lost [store-moved-without-companions]"), "\(moved.stdout)")
    }

    /// A stop on a failed load crashes the app at every launch where the store opens at launch;
    /// where it opens later (a settings screen, a service made on first use), each time it opens.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStopSaysWhenTheCrashComes() throws {
        let store = """
            import CoreData

            final class SettingsStore {
                let container = NSPersistentContainer(name: "Notes")

                func open() {
                    container.loadPersistentStores { _, error in
                        if let error { fatalError("\\(error)") }
                    }
                }
            }
            """
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        try folder.write(store, to: "App/SettingsStore.swift")
        let later = try Self.lint(path: folder.path)
        #expect(later.run.stdout.contains("a store that fails to migrate crashes the app each time it opens the store [store-load-failure-destructive]"), "\(later.run.stdout)")
        try folder.write("""
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let store = SettingsStore()

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    store.open()
                    return true
                }
            }
            """, to: "App/AppDelegate.swift")
        let atLaunch = try Self.lint(path: folder.path)
        #expect(atLaunch.run.stdout.contains("a store that fails to migrate crashes the app at every launch [store-load-failure-destructive]"), "\(atLaunch.run.stdout)")
    }

    /// A store added with options that ask for no migration (here options a caller gives) fails
    /// on a store that does not open as it is: the stop is not blamed on a failed migration.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStopAfterAnAddThatMigratesNothingSaysTheStoreFailsToOpen() throws {
        let store = """
            import CoreData

            extension NSPersistentStoreCoordinator {
                func addStore(at url: URL, options: [AnyHashable: Any]) -> NSPersistentStore {
                    do {
                        return try addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: options)
                    } catch {
                        fatalError("cannot add the store: \\(error)")
                    }
                }
            }
            """
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        try folder.write(store, to: "App/Coordinator+Add.swift")
        let run = try Self.lint(path: folder.path).run
        #expect(run.stdout.contains("fatalError() stops the app when addPersistentStore fails: a store that fails to open crashes the app each time it opens the store"), "\(run.stdout)")
    }

    /// A SwiftData app that falls back from CloudKit to a local store and then to memory, as
    /// apps write it: the launch path opens one store (one finding, the fallback a note), the
    /// silent in-memory fallback is what loses data, and the `fatalError` that runs only when
    /// even the in-memory store fails is no migration failure. A test target's helper is no app code.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func fallbacksAreOneStoreAndTheInMemoryOneIsTheLoss() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import SwiftData
        import SwiftUI

        @main
        struct NotesApp: App {
            var container: ModelContainer = {
                let schema = Schema([Note.self])
                do {
                    let synced = ModelConfiguration(schema: schema, cloudKitDatabase: .automatic)
                    return try ModelContainer(for: schema, configurations: [synced])
                } catch {
                    do {
                        let local = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
                        return try ModelContainer(for: schema, configurations: [local])
                    } catch {
                        do {
                            let memory = ModelConfiguration(isStoredInMemoryOnly: true)
                            return try ModelContainer(for: schema, configurations: [memory])
                        } catch {
                            fatalError("no container: \\(error)")
                        }
                    }
                }
            }()

            var body: some Scene {
                WindowGroup { Text("Notes") }.modelContainer(container)
            }
        }

        @Model final class Note {
            var title: String = ""
            init() {}
        }
        """, to: "Notes/NotesApp.swift")
        try folder.write("""
        import SwiftData

        func makeTestContainer() -> ModelContainer {
            try! ModelContainer(for: Note.self)
        }
        """, to: "NotesTests/Helpers/ContainerHelpers.swift")
        let run = try Executable.run([folder.path, "--no-color"], in: folder.url)
        let findings = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(": ") }
        let launch = findings.filter { $0.hasSuffix("[store-opened-at-launch]") }
        #expect(launch.count == 1, "\(run.stdout)")
        #expect(launch.first?.contains("NotesApp.swift:10:24:") == true, "\(run.stdout)")
        #expect(run.stdout.contains("NotesApp.container also opens a store here, as a fallback or in another branch (\(folder.path)/Notes/NotesApp.swift:14:28)"), "\(run.stdout)")
        let failures = findings.filter { $0.hasSuffix("[store-load-failure-destructive]") }
        #expect(failures.count == 1, "\(run.stdout)")
        #expect(failures.first?.contains("NotesApp.swift:17:34: warning: ModelConfiguration(isStoredInMemoryOnly: true) replaces the store with an empty in-memory one when ModelContainer(...) fails") == true, "\(run.stdout)")
        #expect(!run.stdout.contains("NotesTests/"), "\(run.stdout)")
        #expect(!run.stdout.contains("fatalError() stops the app"), "\(run.stdout)")
    }

    /// Stores that keep nothing on disk, written as apps write them: a configuration named like
    /// the on-disk one, bound again in the `catch` with `isStoredInMemoryOnly: true`, and a test
    /// container whose description is made in memory before it loads. A `fatalError` when such a
    /// store fails stops no launch of a migrated store; the fallback itself is the loss.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aFatalErrorWhenAnInMemoryStoreFailsIsNoCrashLoop() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import SwiftData

        enum Containers {
            static func make(schema: Schema) -> ModelContainer {
                do {
                    let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
                    return try ModelContainer(for: schema, configurations: config)
                } catch {
                    let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)
                    do {
                        return try ModelContainer(for: schema, configurations: config)
                    } catch {
                        fatalError("\\(error)")
                    }
                }
            }
        }
        """, to: "Notes/Containers.swift")
        try folder.write("""
        import CoreData

        final class NotesContainer: NSPersistentContainer, @unchecked Sendable {
            static func make() -> NotesContainer {
                let container = NotesContainer(name: "Notes")
                container.persistentStoreDescriptions.first?.type = NSSQLiteStoreType
                container.loadPersistentStores { _, error in
                    if let error { fatalError("cannot open the store: \\(error)") }
                }
                return container
            }

            static func makeForTests() -> NotesContainer {
                let container = NotesContainer(name: "Notes")
                let description = NSPersistentStoreDescription()
                description.type = NSInMemoryStoreType
                container.persistentStoreDescriptions = [description]
                container.loadPersistentStores { _, error in
                    if let error { fatalError("cannot open the store: \\(error)") }
                }
                return container
            }
        }
        """, to: "Notes/NotesContainer.swift")
        try folder.write("import SwiftData\n\nfinal class NotesApp {\n    func start(schema: Schema) {\n        _ = Containers.make(schema: schema)\n        _ = NotesContainer.make()\n    }\n}\n", to: "Notes/NotesApp.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "Containers.swift:9:26", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "NotesContainer.swift:8:28", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 2, "\(run.stdout)")
        #expect(run.stdout.contains("Containers.swift:9:26: warning: ModelConfiguration(isStoredInMemoryOnly: true) replaces the store"), "\(run.stdout)")
    }

    /// A last resort that opens a `ModelContainer` with the configuration it is handed, which
    /// every caller hands in memory: its own `preconditionFailure` stops no store that could
    /// migrate, and the callers' `catch` that turns to it is the silent fallback to memory.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aLastResortHandedAnInMemoryConfigurationIsTheFallbackNotTheCrash() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        let code = """
        import SwiftData

        enum Containers {
            static func make(schema: Schema) -> ModelContainer {
                let disk = ModelConfiguration("Notes", schema: schema, isStoredInMemoryOnly: false)
                let emergency = ModelConfiguration("Emergency", schema: schema, isStoredInMemoryOnly: true)
                do {
                    return try ModelContainer(for: schema, configurations: [disk])
                } catch {
                    return makeEmergency(schema: schema, configuration: emergency)
                }
            }

            private static func makeEmergency(schema: Schema, configuration: ModelConfiguration) -> ModelContainer {
                do {
                    return try ModelContainer(for: schema, configurations: [configuration])
                } catch {
                    preconditionFailure("cannot make the in-memory container: \\(error)")
                }
            }
        }
        """
        try folder.write(code, to: "Notes/Containers.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(hits == [Hit(place: "Containers.swift:10:20", severity: "warning", rule: "store-load-failure-destructive")], "\(run.stdout)")
        #expect(run.stdout.contains("Containers.swift:10:20: warning: makeEmergency() replaces the store with an empty in-memory one"), "\(run.stdout)")
        // Handed a configuration on disk by one caller (bound to a name there), the helper opens a
        // store that can fail to migrate.
        try folder.write(code.replacingOccurrences(of: "        }\n    }\n\n    private", with: "        }\n    }\n\n    static func again(schema: Schema) -> ModelContainer {\n        let local = ModelConfiguration(schema: schema)\n        return makeEmergency(schema: schema, configuration: local)\n    }\n\n    private"), to: "Notes/Containers.swift")
        let onDisk = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(onDisk.hits.contains { $0.rule == "store-load-failure-destructive" && $0.place.hasPrefix("Containers.swift:2") }, "\(onDisk.run.stdout)")
    }

    /// An app that turns automatic migration off and migrates with `NSMigrationManager` itself:
    /// the step's note says so, and how to take that migration off the launch, not lightweight
    /// migration's way. Without such code the same step is lightweight migration's.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStepTheAppMigratesItselfIsNotCalledLightweight() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write(Self.notesModel.replacingOccurrences(of: "version: 1", with: "version: 2") + "      pinned: bool\n", to: "Notes/Model/Notes 2.yaml")
        let lightweight = try Self.lint(path: folder.path, extra: ["--no-color"]).run
        #expect(lightweight.stdout.contains("note: opening a store of version 1 with version 2 migrates it at launch by lightweight migration"), "\(lightweight.stdout)")
        try folder.write("""
        import CoreData

        enum IterativeMigrator {
            static func migrate(store url: URL, from source: NSManagedObjectModel, to destination: NSManagedObjectModel) throws {
                let mapping = try NSMappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
                let manager = NSMigrationManager(sourceModel: source, destinationModel: destination)
                let scratch = FileManager.default.temporaryDirectory.appending(path: "migrated.sqlite")
                try manager.migrateStore(from: url, type: .sqlite, mapping: mapping, to: scratch, type: .sqlite)
            }
        }
        """, to: "Notes/IterativeMigrator.swift")
        let (_, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(run.stdout.contains("note: opening a store of version 1 with version 2 migrates it at launch with the app's own migration (NSMigrationManager at \(folder.path)/Notes/IterativeMigrator.swift:8:13), which migrates every object in memory"), "\(run.stdout)")
        #expect(run.stdout.contains("help: run the app's migration off the main thread (in a background task, behind a progress screen) and open the store when it is done, so the launch watchdog (0x8badf00d) cannot kill a large migration"), "\(run.stdout)")
        #expect(!run.stdout.contains("by lightweight migration"), "\(run.stdout)")
        // A Mac app's launch: no watchdog kills it; a long migration hangs it.
        try folder.write("""
        import Cocoa
        import CoreData

        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            let container = NSPersistentContainer(name: "Notes")

            func applicationDidFinishLaunching(_ notification: Notification) {
                container.loadPersistentStores { _, error in
                    if let error { NSApp.presentError(error) }
                }
            }
        }
        """, to: "Notes/AppDelegate.swift")
        let (_, mac) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(mac.stdout.contains("help: run the app's migration off the main thread (in a background task, behind a progress screen) and open the store when it is done, so the window appears at once instead of hanging through a large migration (macOS has no launch watchdog)"), "\(mac.stdout)")
        #expect(!mac.stdout.contains("0x8badf00d"), "\(mac.stdout)")
    }

    /// The caller in a file of its own names the initializer (`Ledger(url:)`), whose private helper
    /// opens the store: the error passes through both, and the caller's file is read for either
    /// name, so its `fatalError` and the launch path through it are found.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aCallerInAnotherFileOfAWrapperWhoseHelperOpensTheStoreIsRead() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Ledger/Model/Notes.yaml")
        try folder.write("""
        import UIKit

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var ledger: Ledger?

            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                openLedger()
                return true
            }
        }
        """, to: "Ledger/AppDelegate.swift")
        try folder.write("""
        import UIKit

        extension AppDelegate {
            func openLedger() {
                do {
                    ledger = try Ledger(url: Ledger.storeURL)
                } catch {
                    fatalError("cannot open the ledger: \\(error)")
                }
            }
        }
        """, to: "Ledger/AppDelegate+Ledger.swift")
        try folder.write("""
        import CoreData

        final class Ledger {
            static let storeURL = URL.applicationSupportDirectory.appending(path: "Ledger.sqlite")
            let coordinator: NSPersistentStoreCoordinator

            init(url: URL) throws {
                coordinator = try Self.makeCoordinator(url: url)
            }

            private static func makeCoordinator(url: URL) throws -> NSPersistentStoreCoordinator {
                let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())
                let options = [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true]
                try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: options)
                return coordinator
            }
        }
        """, to: "Ledger/Ledger.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "AppDelegate+Ledger.swift:8:13", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Ledger.swift:14:25", severity: "note", rule: "store-opened-at-launch"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("note: Ledger.init(url:) passes the error of opening the store on to its caller"), "\(run.stdout)")
    }

    /// A wrapper tried again with `try!` in the `catch` of its first try, after a helper removed the
    /// store's files: the deletion is the loss (a warning); the retry opens a new, empty store,
    /// which no migration can fail, so its stop is a note. The first try's stop stays a warning.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aForcedRetryOfTheWrapperAfterTheStoreWasDeletedIsANote() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import SwiftData

        func makeContainer(url: URL) throws -> ModelContainer {
            try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: url))
        }

        enum Database {
            static let storeURL = URL.applicationSupportDirectory.appending(path: "notes.store")

            static let shared: ModelContainer = {
                do {
                    return try makeContainer(url: storeURL)
                } catch {
                    removeStoreFiles()
                    return try! makeContainer(url: storeURL)
                }
            }()

            static func removeStoreFiles() {
                for name in ["notes.store", "notes.store-wal", "notes.store-shm"] {
                    try? FileManager.default.removeItem(at: URL.applicationSupportDirectory.appending(path: name))
                }
            }
        }

        enum Archive {
            static let shared: ModelContainer = try! makeContainer(url: URL.documentsDirectory.appending(path: "archive.store"))
        }

        enum Journal {
            static let shared: ModelContainer = {
                do {
                    return try makeContainer(url: URL.documentsDirectory.appending(path: "journal.store"))
                } catch {
                    Database.removeStoreFiles()
                    return try! makeContainer(url: Database.storeURL)
                }
            }()
        }

        enum Cleanup {
            static let shared: ModelContainer = {
                Database.removeStoreFiles()
                do {
                    return try makeContainer(url: Database.storeURL)
                } catch {
                    return try! makeContainer(url: Database.storeURL)
                }
            }()
        }
        """, to: "Notes/Database.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        // Journal's fallback opens another store than the one that failed: the deletion emptied
        // Database's, and the journal's own may still fail to migrate. Cleanup deletes before its
        // `do`, not where it failed: the retry reopens the store that failed.
        #expect(Set(hits) == [
            Hit(place: "Database.swift:14:13", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Database.swift:15:20", severity: "note", rule: "store-load-failure-destructive"),
            Hit(place: "Database.swift:27:41", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Database.swift:35:13", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Database.swift:36:20", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Database.swift:47:20", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Database.swift:15:20: note: try! stops the app when ModelContainer(...) fails on the new, empty store"), "\(run.stdout)")
    }

    /// A factory that falls back to an in-memory store and throws only when that failed too: the
    /// fallback is the loss; its caller's `fatalError` runs only where even memory failed (a note).
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStopAfterTheWrappersOwnFallbackToMemoryIsANote() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import SwiftData

        enum ContainerFactory {
            enum Failure: Error { case noStore }

            static func make(schema: Schema) throws -> ModelContainer {
                if let container = try? ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema)]) {
                    return container
                }
                if let memory = try? ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)]) {
                    return memory
                }
                throw Failure.noStore
            }
        }

        final class AppModel {
            let container: ModelContainer

            init(schema: Schema) {
                do {
                    container = try ContainerFactory.make(schema: schema)
                } catch {
                    fatalError("No store at all: \\(error)")
                }
            }
        }
        """, to: "Notes/ContainerFactory.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "ContainerFactory.swift:10:75", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "ContainerFactory.swift:24:13", severity: "note", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("fatalError() runs when ModelContainer(...) fails and the in-memory store the code falls back to fails too"), "\(run.stdout)")

        // The same when the opening is a builder's throwing function the factory calls with `try?`.
        let builder = try TemporaryFolder()
        try builder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try builder.write("""
        import SwiftData

        struct ContainerBuilder {
            func makePersistent(schema: Schema) throws -> ModelContainer {
                try ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema)])
            }

            func makeInMemory(schema: Schema) throws -> ModelContainer {
                try ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)])
            }
        }

        enum StoreFactory {
            enum Failure: Error { case noStore }

            static func makeStore(builder: ContainerBuilder, schema: Schema) throws -> ModelContainer {
                if let persistent = try? builder.makePersistent(schema: schema) { return persistent }
                if let memory = try? builder.makeInMemory(schema: schema) { return memory }
                throw Failure.noStore
            }
        }

        final class AppModel {
            let container: ModelContainer

            init(schema: Schema) {
                do {
                    container = try StoreFactory.makeStore(builder: ContainerBuilder(), schema: schema)
                } catch {
                    fatalError("No store at all: \\(error)")
                }
            }
        }
        """, to: "Notes/StoreFactory.swift")
        let (built, builtRun) = try Self.lint(path: builder.path, extra: ["--no-color"])
        #expect(Set(built) == [
            Hit(place: "StoreFactory.swift:18:30", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "StoreFactory.swift:30:13", severity: "note", rule: "store-load-failure-destructive"),
        ], "\(builtRun.stdout)\(builtRun.stderr)")
    }

    /// `if let container = try? ModelContainer(...)` whose failure falls through to an in-memory
    /// container (or whose `else` does) loses data as the `do`/`catch` form does.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func anInMemoryFallbackAfterTryOptionalIsTheLoss() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import SwiftData

        enum Containers {
            static func shared() -> ModelContainer {
                if let container = try? ModelContainer(for: Note.self) {
                    return container
                }
                let memory = ModelConfiguration(isStoredInMemoryOnly: true)
                return try! ModelContainer(for: Note.self, configurations: memory)
            }

            static func widget() -> ModelContainer? {
                if let container = try? ModelContainer(for: Note.self) {
                    return container
                } else {
                    return try? ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                }
            }

            static func optional() -> ModelContainer? {
                if let container = try? ModelContainer(for: Note.self) {
                    print("opened")
                    _ = container
                }
                return nil
            }
        }
        """, to: "Notes/Containers.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        // Both fall back from SwiftData's default store of the same types: one finding, the
        // other its note.
        #expect(Set(hits) == [
            Hit(place: "Containers.swift:8:22", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("falls back to an empty in-memory store here too, where Containers.widget() opens the same store"), "\(run.stdout)")
        #expect(run.stdout.contains("Containers.swift:16:72)"), "\(run.stdout)")
    }

    /// Removing a temporary folder (an unzipped backup) where opening a store failed cleans up;
    /// removing the store's file there loses it.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func removingATemporaryFolderOnFailureDeletesNoStore() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData

        enum Restore {
            static func open(_ coordinator: NSPersistentStoreCoordinator, backup: URL) {
                let unzipped = FileManager.default.temporaryDirectory.appendingPathComponent("restore")
                do {
                    try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: backup, options: nil)
                } catch {
                    try? FileManager.default.removeItem(at: unzipped)
                }
            }

            static func reset(_ coordinator: NSPersistentStoreCoordinator, store: URL) {
                do {
                    try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: store, options: nil)
                } catch {
                    try? FileManager.default.removeItem(at: store)
                }
            }
        }
        """, to: "Notes/Restore.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "Restore.swift:17:18", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Restore.swift:17:38", severity: "note", rule: "store-moved-without-companions"),
        ], "\(run.stdout)\(run.stderr)")
        // What is lost is what no server has: a store that mirrors one is downloaded again, one
        // that indexes files on the device built again.
        #expect(run.stdout.contains("loses everything in it, so what the person made on this device and no server or iCloud has yet is gone, and the rest must be downloaded or built again"), "\(run.stdout)")
        #expect(run.stdout.contains("help: if the store only holds what the app makes again from elsewhere (a mirror of a server, an index of files on the device) and nothing the person made in it, say so where it is deleted (`// schemalint:ignore store-load-failure-destructive -- only a copy of data kept elsewhere, made again`)"), "\(run.stdout)")
    }

    /// A method of the project's own type that moves store files runs only when a call asks for
    /// it: where no Swift file of the repository names it but its declaration, the operation is a
    /// note; a call in a file that names no store API (a screen's button) makes it an error.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStoreOperationInAMethodNoFileCallsIsANote() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData

        final class Persistence {
            static let storeURL = URL.applicationSupportDirectory.appendingPathComponent("Notes.sqlite")
            let container = NSPersistentContainer(name: "Notes")

            func restoreBackup(from backup: URL) throws {
                try FileManager.default.removeItem(at: Persistence.storeURL)
                try FileManager.default.copyItem(at: backup, to: Persistence.storeURL)
            }
        }
        """, to: "Notes/Persistence.swift")
        let (uncalled, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(uncalled == [Hit(place: "Persistence.swift:8:33", severity: "note", rule: "store-moved-without-companions")], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("no file read calls Persistence.restoreBackup(from:), so this runs only if code elsewhere does"), "\(run.stdout)")

        try folder.write("""
        import SwiftUI

        struct RestoreScreen: View {
            let persistence: Persistence
            let backup: URL

            var body: some View {
                Button("Restore") { try? persistence.restoreBackup(from: backup) }
            }
        }
        """, to: "Notes/RestoreScreen.swift")
        let (called, again) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(called == [Hit(place: "Persistence.swift:8:33", severity: "error", rule: "store-moved-without-companions")], "\(again.stdout)\(again.stderr)")
    }

    /// A stop after a deletion the code runs only for the errors it tests (the template's missing
    /// mapping model): the message says the app starts empty after those, and stops again after
    /// any other failure; both stay warnings.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStopAfterADeletionForSomeErrorsSaysWhichStopOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        let stack = """
        import CoreData

        final class CoreDataStack {
            let container = NSPersistentContainer(name: "Notes")

            func load() {
                container.loadPersistentStores { description, error in
                    if let error = error as NSError? {
                        if let reason = error.userInfo["reason"] as? String, reason == "Can't find mapping model for migration", let url = description.url {
                            try? self.container.persistentStoreCoordinator.destroyPersistentStore(at: url, ofType: NSSQLiteStoreType, options: nil)
                        }
                        fatalError("Unresolved error \\(error)")
                    }
                }
            }
        }
        """
        try folder.write(stack, to: "Notes/CoreDataStack.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "CoreDataStack.swift:10:26", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "CoreDataStack.swift:12:17", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("fatalError() stops the app when loadPersistentStores fails: for the errors the code above tests, after it deleted the store, so the next launch starts with an empty store; for any other failure"), "\(run.stdout)")
        // Deleted for every failure, the stop comes once: a note.
        try folder.write(stack.replacingOccurrences(of: "if let reason = error.userInfo[\"reason\"] as? String, reason == \"Can't find mapping model for migration\", let url = description.url {", with: "if let url = description.url {"), to: "Notes/CoreDataStack.swift")
        let (always, again) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(always.contains(Hit(place: "CoreDataStack.swift:12:17", severity: "note", rule: "store-load-failure-destructive")), "\(again.stdout)")
        #expect(!again.stdout.contains("for the errors the code above tests"), "\(again.stdout)")
    }

    /// A stack that makes its store in memory only under a test launch argument, and checks for
    /// an in-memory store elsewhere, opens the store on disk otherwise: its launch path and its
    /// load failure are the app's.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStoreInMemoryOnlySometimesIsStillTheAppsStore() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData
        import UIKit

        final class AppDelegate: NSObject, UIApplicationDelegate {
            func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                DataStore.load()
                return true
            }
        }

        final class DataStore {
            static let container: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Notes")
                if ProcessInfo.processInfo.arguments.contains("-UITests") {
                    container.persistentStoreDescriptions.first?.type = NSInMemoryStoreType
                }
                return container
            }()

            static func load() {
                container.loadPersistentStores { _, error in
                    if let error { fatalError("cannot open the store: \\(error)") }
                }
            }

            static func deleteAll() {
                if container.persistentStoreDescriptions.first?.type == NSInMemoryStoreType { return }
            }
        }
        """, to: "Notes/AppDelegate.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "AppDelegate.swift:21:19", severity: "note", rule: "store-opened-at-launch"),
            Hit(place: "AppDelegate.swift:22:28", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
    }

    /// The way off the launch path is said in the terms of the call: a store added to a
    /// coordinator by type, URL and options has no description to set
    /// `shouldAddStoreAsynchronously` on, so it is added from a background queue, or through
    /// `addPersistentStore(with:completionHandler:)` with a description that sets it.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func theWayOffTheLaunchPathFollowsTheCallThatOpensTheStore() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData
        import UIKit

        final class AppDelegate: NSObject, UIApplicationDelegate {
            let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())

            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent("Notes.sqlite")
                _ = try? coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true])
                return true
            }
        }
        """, to: "Notes/AppDelegate.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(hits.contains(Hit(place: "AppDelegate.swift:9:30", severity: "note", rule: "store-opened-at-launch")), "\(run.stdout)")
        #expect(run.stdout.contains("help: add the store from a background queue (or with `addPersistentStore(with:completionHandler:)` and a store description whose `shouldAddStoreAsynchronously` is true) and show a progress screen until it is added"), "\(run.stdout)")
        #expect(!run.stdout.contains("on the store description (or load the store from a background task)"), "\(run.stdout)")
    }

    /// The same app, whose newest version migrates the store, built for iOS and for macOS only
    /// (the file imports AppKit): the launch watchdog kills a long migration on iOS (a warning);
    /// macOS has none, so there the hanging launch is a note that says so. A multiplatform app
    /// keeps its Mac target's entry in a folder named for macOS.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aMacOSLaunchPathIsANoteForNoWatchdogEndsIt() throws {
        for (framework, folderName, severity) in [("UIKit", "Notes", "warning"), ("AppKit", "Notes", "note"), ("Foundation", "Notes/App_macOS", "note")] {
            let folder = try TemporaryFolder()
            try folder.write(Self.notesModel, to: "Notes/Model/Notes-1.yaml")
            try folder.write(Self.notesModel.replacingOccurrences(of: "version: 1", with: "version: 2") + "      pinned: bool\n", to: "Notes/Model/Notes-2.yaml")
            try folder.write("""
            import \(framework)
            import CoreData
            import SwiftUI

            @main
            struct NotesApp: App {
                init() {
                    Store.shared.open()
                }
                var body: some Scene { WindowGroup { Text("Notes") } }
            }

            final class Store {
                static let shared = Store()
                private let container = NSPersistentContainer(name: "Notes")

                func open() {
                    container.loadPersistentStores { _, _ in }
                }
            }
            """, to: "\(folderName)/NotesApp.swift")
            let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
            // The handler that names no error ignores a failure on every platform.
            #expect(hits == [
                Hit(place: "NotesApp.swift:18:19", severity: severity, rule: "store-opened-at-launch"),
                Hit(place: "NotesApp.swift:18:40", severity: "warning", rule: "store-load-failure-destructive"),
            ], "\(framework): \(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("no watchdog ends the launch") == (severity == "note"), "\(run.stdout)")
        }
    }

    /// A stack shared by an iOS app and a Mac app, which the Mac app's delegate reaches in fewer
    /// steps: the iOS launch, which the watchdog ends, is the path told (a warning), and the Mac
    /// app's is named beside it.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStackSharedWithAMacAppIsToldByTheWatchedLaunch() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes-1.yaml")
        try folder.write(Self.notesModel.replacingOccurrences(of: "version: 1", with: "version: 2") + "      pinned: bool\n", to: "Notes/Model/Notes-2.yaml")
        try folder.write("""
        import CoreData

        final class Store {
            static let shared = Store()
            let container = NSPersistentContainer(name: "Notes")

            init() {
                container.loadPersistentStores { _, _ in }
            }
        }
        """, to: "Shared/Store.swift")
        try folder.write("""
        import AppKit

        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            let store = Store()
        }
        """, to: "NotesMac/AppDelegate.swift")
        try folder.write("""
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?

            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                let context = Store.shared.container.viewContext
                window = UIWindow(windowScene: scene as! UIWindowScene)
                _ = context
            }
        }
        """, to: "Notes/SceneDelegate.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(hits == [
            Hit(place: "Store.swift:8:19", severity: "warning", rule: "store-opened-at-launch"),
            Hit(place: "Store.swift:8:40", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("on the launch path (SceneDelegate.scene(_:willConnectTo:options:))") && !run.stdout.contains("no watchdog ends the launch"), "\(run.stdout)")
        #expect(run.stdout.contains("also reached synchronously at launch from AppDelegate.store"), "\(run.stdout)")
    }

    /// An app that keeps a Core Data model whose newest version migrates, and opens a SwiftData
    /// container at launch: the container opens the `@Model` classes, not the bundle, so the
    /// bundle's migration is no reason to warn (a note, as for any model change to come); the Core
    /// Data container beside it is warned about.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aSwiftDataContainerIsNotBlamedForACoreDataModelsMigration() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes-1.yaml")
        try folder.write(Self.notesModel.replacingOccurrences(of: "version: 1", with: "version: 2") + "      pinned: bool\n", to: "Notes/Model/Notes-2.yaml")
        try folder.write("""
        import SwiftData
        import SwiftUI

        @Model final class Pin {
            var name: String = ""
            init() {}
        }

        @main
        struct PinsApp: App {
            let container: ModelContainer
            init() {
                container = try! ModelContainer(for: Pin.self)
            }
            var body: some Scene { WindowGroup { Text("Pins") } }
        }
        """, to: "Notes/PinsApp.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        let launch = hits.filter { $0.rule == "store-opened-at-launch" }
        #expect(launch == [Hit(place: "PinsApp.swift:13:26", severity: "note", rule: "store-opened-at-launch")], "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("of model 'Notes' migrates"), "\(run.stdout)")
    }

    // MARK: - Objective-C (read by the core: always built)

    /// A store opened in rollback-journal mode (`journal_mode` `DELETE`) has no `-wal` or `-shm`
    /// file to move along; the same replacement of a store in WAL mode, the default, leaves them.
    /// Files removed or moved aside under `if FileManager.default.fileExists(...)`: whenever there
    /// is a file, it is gone, so the opening after them makes a new, empty store, and a stop when
    /// even that fails is a note, as without the checks.
    @Test func filesRemovedWhereTheyExistLeaveANewStore() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import Foundation
        import SwiftData

        enum NotesStore {
            static func make() -> ModelContainer {
                let configuration = ModelConfiguration()
                do {
                    return try ModelContainer(for: Note.self, configurations: configuration)
                } catch {
                    let folder = URL.applicationSupportDirectory
                    let store = folder.appendingPathComponent("default.store")
                    let backup = folder.appendingPathComponent("Backup/default.store")
                    if FileManager.default.fileExists(atPath: store.path) {
                        try? FileManager.default.moveItem(at: store, to: backup)
                    }
                    let wal = folder.appendingPathComponent("default.store-wal")
                    if FileManager.default.fileExists(atPath: wal.path) {
                        try? FileManager.default.removeItem(at: wal)
                    }
                    do {
                        return try ModelContainer(for: Note.self, configurations: configuration)
                    } catch {
                        fatalError("even a new store failed: \\(error)")
                    }
                }
            }
        }
        """, to: "Notes/NotesStore.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(hits.contains(Hit(place: "NotesStore.swift:23:17", severity: "note", rule: "store-load-failure-destructive")), "\(run.stdout)\(run.stderr)")
        #expect(!hits.contains { $0.severity != "note" && $0.place.hasPrefix("NotesStore.swift:23:") }, "\(run.stdout)")
    }

    /// What follows a `do` whose body returns the container runs only where its `catch` ran: a
    /// second attempt there, after the `catch` deleted the store, opens a new store, and its stop
    /// is a note, while the deletion stays the warning.
    @Test func aSecondAttemptAfterTheCatchThatDeletedTheStoreOpensANewStore() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import Foundation
        import SwiftData

        enum NotesStore {
            static func make() -> ModelContainer {
                let configuration = ModelConfiguration()
                do {
                    return try ModelContainer(for: Note.self, configurations: configuration)
                } catch {
                    deleteStore(at: configuration.url)
                }
                do {
                    return try ModelContainer(for: Note.self, configurations: configuration)
                } catch {
                    fatalError("even a new store failed: \\(error)")
                }
            }

            private static func deleteStore(at url: URL) {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(at: URL(fileURLWithPath: url.path + suffix))
                }
            }
        }
        """, to: "Notes/NotesStore.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(hits.contains(Hit(place: "NotesStore.swift:10:13", severity: "warning", rule: "store-load-failure-destructive")), "\(run.stdout)\(run.stderr)")
        #expect(hits.contains(Hit(place: "NotesStore.swift:15:13", severity: "note", rule: "store-load-failure-destructive")), "\(run.stdout)\(run.stderr)")
    }

    /// A method of the project's named `loadPersistentStores()` (no completion handler, so not
    /// Core Data's) is no opening of its own: the launch path reaches the one call inside it.
    @Test func aProjectMethodNamedLikeTheOpeningIsNoOpening() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import CoreData
        import SwiftUI

        final class NotesStack {
            static let shared = NotesStack()
            let container = NSPersistentContainer(name: "Notes")

            private init() {
                self.loadPersistentStores()
            }

            private func loadPersistentStores() {
                container.loadPersistentStores { _, error in
                    if let error { print("could not open the store: \\(error)") }
                }
            }
        }

        @main
        struct NotesApp: App {
            let stack = NotesStack.shared
            var body: some Scene {
                WindowGroup { Text("Notes") }
            }
        }
        """, to: "Notes/NotesStack.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        // (The handler only logs: the app goes on with no store.)
        #expect(hits == [
            Hit(place: "NotesStack.swift:13:19", severity: "note", rule: "store-opened-at-launch"),
            Hit(place: "NotesStack.swift:14:28", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
    }

    /// `(try? inMemory) ?? { fatalError() }()`: the stop runs only when the in-memory fallback
    /// fails too, so the fallback is the warning and the stop a note: in the catch of the opening,
    /// and in a caller's catch that makes the wrapper again with its in-memory parameter.
    @Test func aStopAfterTheInMemoryFallbackOfACoalescingIsANote() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        import SwiftData

        final class NoteRepository {
            let container: ModelContainer
            init(inMemory: Bool = false) throws {
                container = try ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
            }
        }

        final class AppModel {
            let repository: NoteRepository
            init() {
                do {
                    repository = try NoteRepository()
                } catch {
                    repository = (try? NoteRepository(inMemory: true)) ?? {
                        fatalError("no store at all: \\(error)")
                    }()
                }
            }
        }

        enum SharedStore {
            static let container: ModelContainer = {
                do {
                    return try ModelContainer(for: Note.self, configurations: ModelConfiguration(groupContainer: .identifier("group.notes")))
                } catch {
                    return (try? ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))) ?? {
                        fatalError("no store at all: \\(error)")
                    }()
                }
            }()
        }
        """, to: "Notes/NoteRepository.swift")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits) == [
            Hit(place: "NoteRepository.swift:16:32", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "NoteRepository.swift:17:17", severity: "note", rule: "store-load-failure-destructive"),
            Hit(place: "NoteRepository.swift:28:73", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "NoteRepository.swift:29:17", severity: "note", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
    }

    @Test func objectiveCStoreWithoutWALHasNoCompanionsToMove() throws {
        let source = """
        @implementation Seeder

        - (void)open {
            NSDictionary *options = @{NSSQLitePragmasOption: @{@"journal_mode": @"MODE"}};
            [self.coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:self.storeURL options:options error:NULL];
        }

        - (void)replace:(NSURL *)bundled {
            NSURL *store = [[self documentsURL] URLByAppendingPathComponent:@"Seed.sqlite"];
            [[NSFileManager defaultManager] removeItemAtURL:store error:nil];
            [[NSFileManager defaultManager] copyItemAtURL:bundled toURL:store error:nil];
        }

        @end
        """
        // (The add drops its result and its error: that is a warning of its own, in both modes.)
        let dropped = Hit(place: "Seeder.m:5:5", severity: "warning", rule: "store-load-failure-destructive")
        for (mode, expected) in [("DELETE", [dropped]), ("WAL", [dropped, Hit(place: "Seeder.m:10:37", severity: "error", rule: "store-moved-without-companions")])] {
            let folder = try TemporaryFolder()
            try folder.write(Self.notesModel, to: "Seed/Model/Notes.yaml")
            try folder.write(source.replacingOccurrences(of: "MODE", with: mode), to: "Seed/Seeder.m")
            let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
            #expect(Set(hits) == Set(expected), "\(mode): \(run.stdout)\(run.stderr)")
        }
    }

    /// A database copied out of the bundle and copied again after its deletion is reference data
    /// only where no code of the app saves: a run of the folder sees all of it (a note), a run of
    /// the one file named, as a pre-commit hook makes, does not (the warning stays).
    @Test func aBundledDatabaseIsReferenceDataOnlyWhereTheWholeAppIsRead() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Foods/Model/Notes.yaml")
        try folder.write("""
        @implementation FoodDatabase
        - (NSPersistentStoreCoordinator *)coordinator {
            NSString *storePath = [[self documentsFolder] stringByAppendingPathComponent:@"Foods.sqlite"];
            NSString *bundled = [[NSBundle mainBundle] pathForResource:@"Foods" ofType:@"sqlite"];
            NSPersistentStoreCoordinator *coordinator = [[NSPersistentStoreCoordinator alloc] initWithManagedObjectModel:[self model]];
            NSError *error = nil;
            if (![coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:[NSURL fileURLWithPath:storePath] options:nil error:&error]) {
                [[NSFileManager defaultManager] removeItemAtPath:storePath error:nil];
                [[NSFileManager defaultManager] copyItemAtPath:bundled toPath:storePath error:nil];
            }
            return coordinator;
        }
        @end
        """, to: "Foods/FoodDatabase.m")
        // The tests save; the app does not.
        try folder.write("- (void)testLoads { [self.context save:nil]; }\n", to: "FoodsTests/FoodDatabaseTests.m")
        let whole = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(whole.hits.filter { $0.rule == "store-load-failure-destructive" } == [Hit(place: "FoodDatabase.m:8:41", severity: "note", rule: "store-load-failure-destructive")], "\(whole.run.stdout)")
        let named = try Self.lint(path: folder.path + "/Foods/FoodDatabase.m", extra: ["--no-color"])
        #expect(named.hits.filter { $0.rule == "store-load-failure-destructive" } == [Hit(place: "FoodDatabase.m:8:41", severity: "warning", rule: "store-load-failure-destructive")], "\(named.run.stdout)")
        // A save anywhere in the app's code makes the store the person's too.
        try folder.write("- (void)mark { [self.context save:nil]; }\n", to: "Foods/Favorites.m")
        let saving = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(saving.hits.filter { $0.rule == "store-load-failure-destructive" } == [Hit(place: "FoodDatabase.m:8:41", severity: "warning", rule: "store-load-failure-destructive")], "\(saving.run.stdout)")
    }

    /// A store added with its result dropped and its error tested after, deleted when that error
    /// is set and added again: the deletion is the loss (a warning); abort() when even the new,
    /// empty store fails is a note, as in Swift.
    @Test func objectiveCDeletesTheStoreAndStopsOnlyWhenTheNewOneFails() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
        try folder.write("""
        @implementation Stack

        - (void)open {
            NSURL *storeURL = [[self documentsURL] URLByAppendingPathComponent:@"Notes.sqlite"];
            NSDictionary *options = @{NSMigratePersistentStoresAutomaticallyOption: @YES, NSInferMappingModelAutomaticallyOption: @YES};
            NSError *error = nil;
            [self.coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:storeURL options:options error:&error];
            if (error) {
                error = nil;
                [[NSFileManager defaultManager] removeItemAtPath:[storeURL path] error:&error];
                [self.coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:storeURL options:options error:&error];
                if (error) {
                    abort();
                }
            }
        }

        @end
        """, to: "Notes/Stack.m")
        let (hits, run) = try Self.lint(path: folder.path, extra: ["--no-color"])
        #expect(Set(hits.filter { $0.rule == "store-load-failure-destructive" }) == [
            Hit(place: "Stack.m:10:41", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Stack.m:13:13", severity: "note", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
    }

    @Test func objectiveCTemplateTriggersProtectionFailureAndMoveRules() throws {
        let (hits, run) = try Self.lint("objc-template/before")
        #expect(Set(hits) == [
            Hit(place: "AppDelegate.m:31:67", severity: "error", rule: "store-protection-complete"),
            Hit(place: "AppDelegate.m:40:9", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "AppDelegate.m:47:37", severity: "note", rule: "store-moved-without-companions"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 3)
        #expect(run.status == 1)
        // The background evidence behind the protection error: the Info.plist and the fetch interval.
        #expect(run.stdout.contains("the app runs in the background: UIBackgroundModes (remote-notification)"), "\(run.stdout)")
        #expect(run.stdout.contains("the app runs in the background: setMinimumBackgroundFetchInterval:"), "\(run.stdout)")
    }

    /// The path named is the one the launch runs first: the `App`'s initializer, before its
    /// `body`, though the way from `body` is shorter.
    @Test func theLaunchPathStartsWhereTheLaunchFirstReachesTheStore() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import SwiftUI
        @main
        struct NotesApp: App {
            var body: some Scene { WindowGroup { Text("\\(Store.shared.count)") } }
            init() { _ = Migrator().run() }
        }
        struct Migrator {
            func run() -> Int { Store.shared.count }
        }
        """, to: "App/NotesApp.swift")
        try folder.write("""
        import CoreData
        final class Store {
            static let shared = Store()
            let container = NSPersistentContainer(name: "Notes")
            var count = 0
            init() {
                container.loadPersistentStores { _, error in
                    if let error { print(error) }
                }
            }
        }
        """, to: "App/Store.swift")
        let (_, run) = try Self.lint(path: folder.path)
        let path = run.stdout.split(separator: "\n").filter { $0.contains("reached synchronously from") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(path == [
            "note: reached synchronously from NotesApp.init (\(folder.path)/App/NotesApp.swift:5:5)",
            "note: reached synchronously from Migrator.run() (\(folder.path)/App/NotesApp.swift:8:10)",
            "note: reached synchronously from Store.shared (\(folder.path)/App/Store.swift:3:16)",
        ], "\(run.stdout)")
    }

    /// Where two apps (a phone app and a watch app, each with its own `App` type, of one name)
    /// open the same store at launch, the finding follows one path and names the other app's
    /// launch; an `App`'s other entry points (its `body`) are no other app.
    @Test func everyAppThatOpensTheStoreAtLaunchIsNamed() throws {
        let folder = try TemporaryFolder()
        let app = "import SwiftUI\n@main\nstruct NotesApp: App {\n    let store = Store()\n    var body: some Scene { WindowGroup { Text(\"\\(store.count)\") } }\n}\n"
        try folder.write(app, to: "iOS/NotesApp.swift")
        try folder.write(app, to: "Watch/NotesApp.swift")
        try folder.write("""
        import CoreData
        final class Store {
            let container = NSPersistentContainer(name: "Notes")
            var count = 0
            init() {
                container.loadPersistentStores { _, error in
                    if let error { fatalError("\\(error)") }
                }
            }
        }
        """, to: "Shared/Store.swift")
        let (_, run) = try Self.lint(path: folder.path)
        let notes = run.stdout.split(separator: "\n").filter { $0.contains("also reached synchronously at launch from") }
        #expect(notes == ["    note: also reached synchronously at launch from NotesApp.store (\(folder.path)/iOS/NotesApp.swift:4:9)"], "\(run.stdout)")
    }

    /// Two versions came since the newest release: the update migrates the stores of the
    /// version that release shipped, not those of the one before the newest.
    @Test func theLaunchMigratesFromTheVersionTheNewestReleaseShipped() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        func version(_ number: Int, _ attributes: [String]) throws {
            let listed = attributes.map { "      \($0): string" }.joined(separator: "\n")
            try folder.write("model: Notes\nversion: \(number)\nentities:\n  Note:\n    attributes:\n\(listed)\n", to: "Models/Notes/\(number).yml")
        }
        try version(1, ["title"])
        try folder.write("""
        import CoreData
        import UIKit

        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            let container = NSPersistentContainer(name: "Notes")
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                container.loadPersistentStores { _, _ in }
                return true
            }
        }
        """, to: "App/AppDelegate.swift")
        try repository.commit("release")
        try repository.tag("v1.0")
        try version(2, ["title", "body"])
        try version(3, ["title", "body", "color"])
        try repository.commit("two versions")
        let (_, run) = try Self.lint(path: folder.path)
        let launch = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[store-opened-at-launch]") }
        #expect(launch.count == 1 && launch[0].contains("migrates every store of version 1 there: entity 'Note' (added 'body' and 'color')"), "\(run.stdout)")
    }

    /// `@Model` classes with no schema are a version declared by its classes: the migration at
    /// launch points at the class that changed, not at the first class of the first file.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aMigrationOfClassesWithNoSchemaPointsAtTheClassThatChanged() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("import SwiftData\n\n@Model final class Album {\n    var title: String = \"\"\n    init() {}\n}\n", to: "App/Models/Album.swift")
        func photo(_ properties: String) throws {
            try folder.write("import SwiftData\n\n@Model final class Photo {\n\(properties)    init() {}\n}\n", to: "App/Models/Photo.swift")
        }
        try photo("    var name: String = \"\"\n")
        try folder.write("""
        import SwiftData
        import SwiftUI

        @main
        struct PhotosApp: App {
            let container = try! ModelContainer(for: Album.self, Photo.self)
            var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
        }
        """, to: "App/PhotosApp.swift")
        try repository.commit("release")
        try repository.tag("v1.0")
        try photo("    var name: String = \"\"\n    var caption: String? = nil\n")
        try repository.commit("caption")
        let (_, run) = try Self.lint(path: folder.path)
        #expect(run.stdout.contains("App/Models/Photo.swift:3:20: note: opening a store of v1.0 with the next release migrates it at launch"), "\(run.stdout)")
        #expect(run.stdout.contains("note: 'Photo', which the next release of the SwiftData model changes, is declared here (\(folder.path)/App/Models/Photo.swift:3:20)"), "\(run.stdout)")
    }

    /// A logger's method is named with its logger: `error()` alone reads like Swift's own error.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aHandlerThatOnlyLogsNamesTheLoggerItCalls() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import CoreData

        final class Store {
            let container = NSPersistentContainer(name: "Notes")
            func load() {
                container.loadPersistentStores { _, error in
                    if let error {
                        AppLogger.general.error("cannot load the store: \\(error)")
                    }
                }
            }
        }
        """, to: "App/Store.swift")
        let (_, run) = try Self.lint(path: folder.path)
        #expect(run.stdout.contains("warning: AppLogger.general.error(...) is all the app does when loadPersistentStores fails"), "\(run.stdout)")
    }

    /// A lazy container whose failure handler calls a helper that reads the container first runs
    /// its own initializer again, without end: a retry, not a deletion (the helper's deletion is
    /// never reached).
    @Test func aHelperThatReadsTheLazyContainerFirstRetriesWithoutEnd() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import CoreData
        final class Database {
            lazy var persistentContainer: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Grades")
                container.loadPersistentStores { _, error in
                    if error != nil { self.clearDatabase() }
                }
                return container
            }()

            func clearDatabase() {
                let coordinator = persistentContainer.persistentStoreCoordinator
                try? coordinator.destroyPersistentStore(at: URL(fileURLWithPath: "/tmp/Grades.sqlite"), ofType: NSSQLiteStoreType, options: nil)
            }
        }
        """, to: "App/Database.swift")
        let (_, run) = try Self.lint(path: folder.path)
        #expect(run.stdout.contains("Database.swift:6:31: warning: clearDatabase() opens the store again when loadPersistentStores fails, with nothing changed"), "\(run.stdout)")
    }

    /// Objective-C code is quoted as it is written: a space between a call and the selector sent
    /// to its result, on one line, cut at 80 characters as Swift is.
    @Test func objectiveCCodeIsQuotedAsWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        @implementation Cleaner
        - (void)clean {
            [[NSFileManager defaultManager] removeItemAtPath:[NSHomeDirectory() stringByAppendingString:@"/Documents/Notes.sqlite"] error:nil];
        }
        @end
        """, to: "App/Cleaner.m")
        let (_, run) = try Self.lint(path: folder.path + "/App")
        #expect(run.stdout.contains("deletes the store file [NSHomeDirectory() stringByAppendingString:@\"/Documents/Notes.sqlite\"] but not its -wal and -shm files"), "\(run.stdout)")
    }

    @Test func objectiveCFixedVersionIsQuiet() throws {
        let (hits, run) = try Self.lint("objc-template/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test func objectiveCLaunchPathsReachTheTemplateContainerAndASingletonStack() throws {
        let (hits, run) = try Self.lint("objc-launch/before")
        #expect(Set(hits) == [
            // Diary 2 adds an attribute: a full migration, so warnings.
            Hit(place: "AppDelegate.m:26:35", severity: "warning", rule: "store-opened-at-launch"),
            Hit(place: "CoreDataStack.m:21:28", severity: "warning", rule: "store-opened-at-launch"),
            // The template's handler only logs: the app goes on with no store.
            Hit(place: "AppDelegate.m:28:21", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 3, "\(run.stdout)")
        #expect(run.stdout.contains("loadPersistentStores opens the store on the launch path (-[AppDelegate application:didFinishLaunchingWithOptions:])"), "\(run.stdout)")
        // The singleton's dispatch_once block runs at once; the path goes through it.
        #expect(run.stdout.contains("reached synchronously from -[SceneDelegate scene:willConnectToSession:options:]"), "\(run.stdout)")
        #expect(run.stdout.contains("reached synchronously from +[CoreDataStack sharedStack]"), "\(run.stdout)")
    }

    @Test func objectiveCStoresAddedAsynchronouslyOrInABackgroundBlockAreQuiet() throws {
        let (hits, run) = try Self.lint("objc-launch/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test func aSuppressionCommentInObjectiveCAcceptsTheFinding() throws {
        let folder = try TemporaryFolder()
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("objc-template/before/AppDelegate.m"), encoding: .utf8)
            .replacingOccurrences(of: "        abort();", with: "        abort(); // schemalint:ignore store-load-failure-destructive -- crash reports tell us\n")
        try folder.write(source, to: "AppDelegate.m")
        let run = try Executable.run([folder.path])
        #expect(!run.stdout.contains("[store-load-failure-destructive]"), "\(run.stdout)")
        #expect(run.stdout.contains("[store-moved-without-companions]"), "\(run.stdout)")
        #expect(!run.stdout.contains("[unused-suppression]"), "\(run.stdout)")
    }

    /// A store handed in as a parameter is known by the `-wal` name built from it; a child-path
    /// `-wal` is said where it is built from the store moved, not on another store of the type.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStoreKnownByItsCompanionsAndTheChildPathNoteOnItsOwnStore() throws {
        let folder = try TemporaryFolder()
        let source = """
            import Foundation

            struct StoreFiles {
                func reset(storeURL: URL) throws {
                    let wal = storeURL.appendingPathComponent("-wal")
                    try FileManager.default.removeItem(at: storeURL)
                    try? FileManager.default.removeItem(at: wal)
                }

                func export(to folder: URL) throws {
                    let store = folder.appendingPathComponent("Notes.sqlite")
                    try FileManager.default.copyItem(at: store, to: folder.appendingPathComponent("Export.sqlite"))
                }

            }

            // A name with "-wal" in it is no store's companion: the download is no store.
            struct Downloads {
                func discard(download: URL) throws {
                    let partial = URL(fileURLWithPath: download.path + ".part-wal")
                    try FileManager.default.removeItem(at: download)
                    try FileManager.default.removeItem(at: partial)
                }
            }

            struct SettingsActions {
                let files = StoreFiles()
                func resetTapped(_ url: URL) throws { try files.reset(storeURL: url) }
                func exportTapped(_ folder: URL) throws { try files.export(to: folder) }
            }

            """
        try folder.write(source, to: "StoreFiles.swift")
        try folder.write(Self.notesModel, to: "Notes.yaml")
        let run = try Executable.run([".", "--no-color"], in: folder.url)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix("[store-moved-without-companions]") } == [
            "StoreFiles.swift:6:33: note: removeItem(at:) deletes the store file storeURL but not its -wal and -shm files: the -wal and -shm files stay behind; SQLite discards them when it creates a new, empty store at that path, but a database copied or moved there later (a seed, a backup) is opened with the stale -wal, whose pages it reads in place of its own [store-moved-without-companions]",
            "StoreFiles.swift:12:33: error: copyItem(at:to:) copies the store file store but not its -wal and -shm files: the changes still in its -wal file are lost [store-moved-without-companions]",
        ], "\(run.stdout)")
        #expect(lines.filter { $0.contains("as a path component") } == [
            "    note: appending \"-wal\" as a path component names a file inside a folder named like the store, not the store's -wal file (StoreFiles.swift:5:51)",
        ], "\(run.stdout)")

        // The note names the suffix the code appended.
        try folder.write(source.replacingOccurrences(of: #"appendingPathComponent("-wal")"#, with: #"appendingPathComponent("-shm")"#), to: "StoreFiles.swift")
        let shm = try Executable.run([".", "--no-color"], in: folder.url)
        #expect(shm.stdout.contains("note: appending \"-shm\" as a path component names a file inside a folder named like the store, not the store's -shm file (StoreFiles.swift:5:51)"), "\(shm.stdout)")

        // Named beside the store, the companion is handled where the store is removed: quiet
        // there. The export, another method that copies its store alone, is still reported.
        try folder.write(source.replacingOccurrences(of: #"storeURL.appendingPathComponent("-wal")"#, with: #"URL(fileURLWithPath: storeURL.path + "-wal")"#), to: "StoreFiles.swift")
        let fixed = try Executable.run([".", "--no-color"], in: folder.url)
        #expect(fixed.stdout.split(separator: "\n").filter { $0.hasSuffix("[store-moved-without-companions]") }.map { String($0.prefix { $0 != " " }) } == ["StoreFiles.swift:12:33:"], "\(fixed.stdout)")

        // Named with a path extension (`Notes.sqlite.wal`), the companions are still left behind,
        // and the finding says where the name went wrong.
        try folder.write(source.replacingOccurrences(of: #"storeURL.appendingPathComponent("-wal")"#, with: #"storeURL.appendingPathExtension("wal")"#), to: "StoreFiles.swift")
        let byExtension = try Executable.run([".", "--no-color"], in: folder.url).stdout
        #expect(byExtension.contains("StoreFiles.swift:6:33: note: removeItem(at:) deletes the store file storeURL but not its -wal and -shm files"), "\(byExtension)")
        #expect(byExtension.contains("    note: a path extension comes after a dot: appendingPathExtension(\"wal\") names the store's file with \".wal\" added, not its -wal file, which SQLite names after the store with \"-wal\" added (StoreFiles.swift:5:51)"), "\(byExtension)")
        // So with the dash (`Notes.sqlite.-wal`): a file beside the store, not inside a folder.
        try folder.write(source.replacingOccurrences(of: #"storeURL.appendingPathComponent("-wal")"#, with: #"storeURL.appendingPathExtension("-wal")"#), to: "StoreFiles.swift")
        let dashed = try Executable.run([".", "--no-color"], in: folder.url).stdout
        #expect(dashed.contains("    note: a path extension comes after a dot: appendingPathExtension(\"-wal\") names the store's file with \".-wal\" added, not its -wal file, which SQLite names after the store with \"-wal\" added (StoreFiles.swift:5:51)"), "\(dashed)")
        #expect(!dashed.contains("as a path component"), "\(dashed)")
        // Where both are named so, the note is the -wal's, whichever comes first.
        try folder.write(source.replacingOccurrences(of: #"let wal = storeURL.appendingPathComponent("-wal")"#, with: #"let shm = storeURL.appendingPathExtension("-shm"); let wal = storeURL.appendingPathExtension("-wal")"#), to: "StoreFiles.swift")
        let both = try Executable.run([".", "--no-color"], in: folder.url).stdout
        #expect(both.contains("    note: a path extension comes after a dot: appendingPathExtension(\"-wal\") names the store's file with \".-wal\" added"), "\(both)")
        // So with the store's extension in it (`Notes.sqlite.sqlite-wal`), added to the store's
        // own name; added to the name without its extension, it names the companion.
        try folder.write(source.replacingOccurrences(of: #"storeURL.appendingPathComponent("-wal")"#, with: #"storeURL.appendingPathExtension("sqlite-wal")"#), to: "StoreFiles.swift")
        let named = try Executable.run([".", "--no-color"], in: folder.url).stdout
        #expect(named.contains("StoreFiles.swift:6:33: note: removeItem(at:) deletes the store file storeURL but not its -wal and -shm files"), "\(named)")
        #expect(named.contains("    note: a path extension comes after a dot: appendingPathExtension(\"sqlite-wal\") names the store's file with \".sqlite-wal\" added, not its -wal file, which SQLite names after the store with \"-wal\" added (StoreFiles.swift:5:51)"), "\(named)")
        try folder.write(source.replacingOccurrences(of: #"storeURL.appendingPathComponent("-wal")"#, with: #"storeURL.deletingPathExtension().appendingPathExtension("sqlite-wal")"#), to: "StoreFiles.swift")
        let base = try Executable.run([".", "--no-color"], in: folder.url).stdout
        #expect(!base.contains("StoreFiles.swift:6:33:"), "\(base)")
    }

    /// The store loaded again in its completion handler after its files were deleted: the stop in
    /// the second handler is the new store's failure (a note), not the first one's.
    @Test func aStopWhenTheStoreLoadedAgainAfterDeletionFailsIsANote() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            import CoreData

            final class Storage {
                let container = NSPersistentContainer(name: "Notes")

                init() {
                    container.loadPersistentStores { description, error in
                        if error != nil {
                            self.destroyStore(at: description.url)
                            self.container.loadPersistentStores { _, error in
                                if let error { fatalError("\\(error)") }
                            }
                        }
                    }
                }

                private func destroyStore(at url: URL?) {
                    guard let url else { return }
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(at: URL(fileURLWithPath: url.path + suffix)) }
                }
            }

            """, to: "Storage.swift")
        try folder.write(Self.notesModel, to: "Notes.yaml")
        let (hits, run) = try Self.lint(path: folder.path)
        #expect(Set(hits.filter { $0.rule == "store-load-failure-destructive" }) == [
            Hit(place: "Storage.swift:9:17", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "Storage.swift:11:36", severity: "note", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)")
    }

    /// The opening called again from its own failure handler, on `self`, unqualified or on a weak
    /// `self?`; a retry of another function, or one after the handler changed something by calling
    /// another opener, is not this.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func anOpeningRetriedFromItsOwnFailureHandler() throws {
        let folder = try TemporaryFolder()
        let stack = { (type: String, call: String) in
            "final class \(type) {\n    let container = NSPersistentContainer(name: \"Notes\")\n    func loadStore() {\n        container.loadPersistentStores { _, error in\n            if error != nil {\n                \(call)\n            }\n        }\n    }\n    func reportFailure() {}\n}\n"
        }
        try folder.write("import CoreData\n\n" + stack("A", "self.loadStore()") + stack("B", "loadStore()") + stack("C", "self?.loadStore()") + stack("D", "self.reportFailure()"), to: "Stacks.swift")
        try folder.write(Self.notesModel, to: "Notes.yaml")
        let run = try Executable.run([".", "--no-color"], in: folder.url)
        let retries = run.stdout.split(separator: "\n").filter { $0.contains("opens the store again") }.map { String($0.prefix { $0 != " " }) }
        #expect(retries == ["Stacks.swift:8:17:", "Stacks.swift:19:17:", "Stacks.swift:30:17:"], "\(run.stdout)")
    }

    @Test func aMalformedSuppressionInObjectiveCIsAnInputError() throws {
        let folder = try TemporaryFolder()
        try folder.write("@implementation A\n- (void)f {\n    // schemalint:ignore store-moved-without-companions\n    [[NSFileManager defaultManager] removeItemAtPath:@\"x.sqlite\" error:nil];\n}\n@end\n", to: "A.m")
        let run = try Executable.run([folder.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("A.m:3:5: error: a suppression needs a reason: write it as `// schemalint:ignore <rule-id> -- <reason>`"), "\(run.stderr)")
    }

    @Test func configurationTurnsAStoreRuleOffAndBaselinesKeepItsFindings() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("objc-template/before/AppDelegate.m").path, toPath: folder.path + "/AppDelegate.m")
        try folder.write("rules:\n  store-moved-without-companions: off\n", to: ".schemalint.yml")
        let run = try Executable.run([folder.path])
        #expect(!run.stdout.contains("[store-moved-without-companions]"), "\(run.stdout)")
        #expect(run.stdout.contains("[store-load-failure-destructive]"), "\(run.stdout)")
        // Recorded in a baseline, the finding is not reported again, even after the lines move.
        let baseline = folder.path + "/baseline.json"
        _ = try Executable.run([folder.path, "--baseline", baseline, "--write-baseline"])
        let source = try String(contentsOfFile: folder.path + "/AppDelegate.m", encoding: .utf8)
        try folder.write("// a new first line\n" + source, to: "AppDelegate.m")
        let again = try Executable.run([folder.path, "--baseline", baseline])
        #expect(!again.stdout.contains("[store-load-failure-destructive]"), "\(again.stdout)\(again.stderr)")
    }

    // MARK: - Swift (the SchemaLintStoreCode reader: builds with swift-syntax only)

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func uikitTemplateOpensTheStoreOnTheLaunchPathAndCrashesOnFailure() throws {
        let (hits, run) = try Self.lint("uikit-template/before")
        #expect(Set(hits) == [
            // Journal 2 adds an attribute: a full migration, so a warning.
            Hit(place: "AppDelegate.swift:27:19", severity: "warning", rule: "store-opened-at-launch"),
            Hit(place: "AppDelegate.swift:30:17", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 2, "\(run.stdout)")
        #expect(run.stdout.contains("reached synchronously from SceneDelegate.scene(_:willConnectTo:options:)"), "\(run.stdout)")
        #expect(run.stdout.contains("version 2 of model 'Journal' migrates every store of version 1 there: entity 'Entry' (added "), "\(run.stdout)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func uikitTemplateFixedIsQuiet() throws {
        let (hits, run) = try Self.lint("uikit-template/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func swiftUITemplateReachesThePersistenceControllerThroughShared() throws {
        let (hits, run) = try Self.lint("swiftui-template/before")
        #expect(Set(hits) == [
            // One model version: no migration yet, so a note.
            Hit(place: "Persistence.swift:30:19", severity: "note", rule: "store-opened-at-launch"),
            Hit(place: "Persistence.swift:32:17", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 2, "\(run.stdout)")
        #expect(run.stdout.contains("reached synchronously from RecipesApp.persistenceController"), "\(run.stdout)")
        #expect(run.stdout.contains("reached synchronously from PersistenceController.shared"), "\(run.stdout)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func swiftUITemplateFixedIsQuiet() throws {
        let (hits, run) = try Self.lint("swiftui-template/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func appGroupMoveLeavesTheWALBehind() throws {
        let (hits, run) = try Self.lint("app-group/before")
        #expect(hits == [Hit(place: "SharedStore.swift:16:37", severity: "error", rule: "store-moved-without-companions")], "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("moveItem(at:to:) moves the store file oldStoreURL but not its -wal and -shm files"), "\(run.stdout)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func appGroupMoveWithMigratePersistentStoreIsQuiet() throws {
        let (hits, run) = try Self.lint("app-group/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func swiftDataTemplateMigratesInTheAppsPropertyAndCrashesOnFailure() throws {
        let (hits, run) = try Self.lint("swiftdata-app/before")
        #expect(Set(hits) == [
            // NotesSchemaV2 adds `isPinned`: a full migration of a V1 store, so a warning.
            Hit(place: "NotesApp.swift:10:24", severity: "warning", rule: "store-opened-at-launch"),
            Hit(place: "NotesApp.swift:12:13", severity: "warning", rule: "store-load-failure-destructive"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 2, "\(run.stdout)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func swiftDataOpenedInATaskIsQuiet() throws {
        let (hits, run) = try Self.lint("swiftdata-app/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func errorsPassedUpThroughThrowingWrappersReachTheCallersCatch() throws {
        let (hits, run) = try Self.lint("throwing-wrapper/before")
        #expect(Set(hits) == [
            // CoreDataManager.init throws what addPersistentStore throws; setupStorage stops the app.
            Hit(place: "AppDelegate.swift:20:13", severity: "warning", rule: "store-load-failure-destructive"),
            // A do/catch right around addPersistentStore.
            Hit(place: "AppDelegate.swift:30:13", severity: "warning", rule: "store-load-failure-destructive"),
            // SyncStore.load resumes its continuation throwing the handler's error; start() deletes the store.
            Hit(place: "SyncStore.swift:25:26", severity: "warning", rule: "store-load-failure-destructive"),
            Hit(place: "SyncStore.swift:25:46", severity: "note", rule: "store-moved-without-companions"),
            // didFinishLaunching -> setupStorage -> CoreDataManager.init, migrating (no model here: a note).
            Hit(place: "CoreDataManager.swift:11:25", severity: "note", rule: "store-opened-at-launch"),
        ], "\(run.stdout)\(run.stderr)")
        #expect(hits.count == 5, "\(run.stdout)")
        #expect(run.stdout.contains("AppDelegate.swift:20:13: warning: fatalError() stops the app when addPersistentStore fails"), "\(run.stdout)")
        #expect(run.stdout.contains("CoreDataManager.init(storeURL:model:) passes the error of opening the store on to its caller"), "\(run.stdout)")
        #expect(run.stdout.contains("SyncStore.load() passes the error of opening the store on to its caller"), "\(run.stdout)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func callersThatKeepTheStoreAfterAWrapperThrowsAreQuiet() throws {
        let (hits, run) = try Self.lint("throwing-wrapper/fixed")
        #expect(hits == [], "\(run.stdout)\(run.stderr)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aCapturedErrorThrownAfterLoadingIsFollowedToTryBang() throws {
        // The shape of many small stacks: the handler keeps the error, the function throws it after
        // the call; a caller that uses `try!` stops the app, one that uses `try?` does not.
        func source(_ call: String) -> String {
            """
            import CoreData

            enum Stack {
                static func container() throws -> NSPersistentContainer {
                    let container = NSPersistentContainer(name: "Notes")
                    var loadError: Error?
                    container.loadPersistentStores { loadError = $1 }
                    try loadError.map { throw $0 }
                    return container
                }
            }

            final class Model {
                let container = \(call)
            }

            """
        }
        let folder = try TemporaryFolder()
        try folder.write(source("try! Stack.container()"), to: "Stack.swift")
        let run = try Executable.run([folder.path])
        #expect(run.stdout.contains("Stack.swift:14:21: warning: try! stops the app when loadPersistentStores fails"), "\(run.stdout)")
        #expect(run.stdout.contains("Stack.container() passes the error of opening the store on to its caller"), "\(run.stdout)")
        try folder.write(source("try? Stack.container()"), to: "Stack.swift")
        let again = try Executable.run([folder.path])
        #expect(!again.stdout.contains("[store-load-failure-destructive]"), "\(again.stdout)")
    }

    /// A file that mentions no store but has a `catch` that stops the app is read only as the caller
    /// of a throwing function that opens a store: when such a function exists, its `fatalError` is
    /// found; when none does, the file is not read at all (its comments neither).
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"), arguments: [true, false])
    func aCatchThatStopsTheAppIsReadOnlyWhenAnOpeningThrows(throwing: Bool) throws {
        let handler = throwing ? "var loadError: Error?\n        container.loadPersistentStores { loadError = $1 }\n        try loadError.map { throw $0 }"
            : "container.loadPersistentStores { _, error in if let error { print(error) } }"
        let stack = """
        import CoreData

        enum Stack {
            static func container() throws -> NSPersistentContainer {
                let container = NSPersistentContainer(name: "Notes")
                \(handler)
                return container
            }
        }

        """
        let caller = """
        final class Model {
            func start() {
                do {
                    _ = try Stack.container()
                } catch {
                    fatalError("\\(error)") // schemalint:ignore store-opened-at-launch -- never at launch
                }
            }
        }

        """
        let folder = try TemporaryFolder()
        try folder.write(stack, to: "Stack.swift")
        try folder.write(caller, to: "Model.swift")
        let run = try Executable.run([folder.path])
        if throwing {
            #expect(run.stdout.contains("Model.swift:6:13: warning: fatalError() stops the app when loadPersistentStores fails"), "\(run.stdout)")
            #expect(run.stdout.contains("Model.swift:6:36: warning: this suppression of 'store-opened-at-launch' matches no finding"), "\(run.stdout)")
        } else {
            #expect(!run.stdout.contains("Model.swift"), "\(run.stdout)")
        }
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aSuppressionCommentInSwiftAcceptsTheFinding() throws {
        let folder = try TemporaryFolder()
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("app-group/before/SharedStore.swift"), encoding: .utf8)
            .replacingOccurrences(of: "        do {\n", with: "        do {\n            // schemalint:ignore store-moved-without-companions -- the store is closed and checkpointed here\n")
        try folder.write(source, to: "SharedStore.swift")
        let run = try Executable.run([folder.path])
        #expect(!run.stdout.contains("[store-moved-without-companions]"), "\(run.stdout)")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aStoreKeptInMemoryOnlyIsNoStoreToLose() throws {
        // A test stack (found in Simplenote's tests): nothing on disk to migrate, crash over or delete.
        func stack(_ type: String) -> String {
            """
            import CoreData

            final class MockStorage {
                lazy var container: NSPersistentContainer = {
                    let container = NSPersistentContainer(name: "Notes")
                    let description = NSPersistentStoreDescription()
                    description.type = \(type)
                    container.persistentStoreDescriptions = [description]
                    container.loadPersistentStores { _, error in
                        if let error { fatalError("\\(error)") }
                    }
                    return container
                }()

                var viewContext: NSManagedObjectContext { container.viewContext }
            }

            """
        }
        let folder = try TemporaryFolder()
        try folder.write(stack("NSInMemoryStoreType"), to: "App/Storage.swift")
        let run = try Executable.run([folder.path])
        #expect(!run.stdout.contains("[store-load-failure-destructive]"), "\(run.stdout)")
        // The same stack when it may also be on disk is reported.
        try folder.write(stack("inMemory ? NSInMemoryStoreType : NSSQLiteStoreType"), to: "App/Storage.swift")
        let again = try Executable.run([folder.path])
        #expect(again.stdout.contains("Storage.swift:10:28: warning: fatalError() stops the app when loadPersistentStores fails"), "\(again.stdout)")
    }

    /// A pre-commit hook whose `files:` take Swift files passes every staged one: a Swift file that
    /// no reader claims (no models, no store code) is left out, as the folder walk leaves it out,
    /// never read as YAML (which failed with a YAML error at the first line of Swift).
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func namedSwiftFileWithoutModelsOrStoreCodeIsSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write("import SwiftUI\n\nstruct Row: View {\n    var body: some View { Text(\"row\") }\n}\n", to: "Views/Row.swift")
        try folder.write("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n", to: "m/v1.yaml")
        let alone = try Executable.run(["Views/Row.swift"], in: folder.url)
        #expect(alone.status == 0, "\(alone.stdout)\(alone.stderr)")
        #expect(!alone.stderr.contains("error"), "\(alone.stderr)")
        // Beside a model file the model is linted as before, and the Swift file still is not read.
        let beside = try Executable.run(["--skip-non-model-files", "Views/Row.swift", "m/v1.yaml"], in: folder.url)
        #expect(beside.status == 0, "\(beside.stdout)\(beside.stderr)")
        #expect(!beside.stderr.contains("error") && !beside.stdout.contains("Row.swift"), "\(beside.stdout)\(beside.stderr)")
        // A named Swift file a reader does claim is still read: here its store code.
        try folder.write("import CoreData\n\nlet container = NSPersistentContainer(name: \"M\")\nfunc load() { container.loadPersistentStores { _, error in if let error { fatalError(\"\\(error)\") } } }\n", to: "Store.swift")
        let claimed = try Executable.run(["Store.swift", "m/v1.yaml"], in: folder.url)
        #expect(claimed.stdout.contains("Store.swift:4:"), "\(claimed.stdout)\(claimed.stderr)")
    }
    /// The project's own subclasses of NSSecureUnarchiveFromDataTransformer read the keyed archives
    /// Core Data's default wrote, under every name a model may give them: a subclass of such a
    /// subclass, the name it is registered under. A transformer of another kind is still reported,
    /// and where the entity's versionHashModifier changed too, the finding does not claim that no
    /// migration runs.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func theProjectsSecureUnarchiversReadTheDefaultsBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import Foundation

        class ArchiveTransformer: NSSecureUnarchiveFromDataTransformer {}

        final class TagsTransformer: ArchiveTransformer {
            override static var allowedTopLevelClasses: [AnyClass] { [NSArray.self, NSString.self] }
        }

        final class ColorTransformer: ValueTransformer {}

        enum Transformers {
            static func register() {
                ValueTransformer.setValueTransformer(TagsTransformer(), forName: NSValueTransformerName("TagList"))
            }
        }
        """, to: "App/Transformers.swift")
        func model(_ version: Int, _ transformer: String, modifier: String? = nil) -> String {
            let attribute = transformer.isEmpty ? "{type: transformable}" : "{type: transformable, transformer: \(transformer)}"
            return "model: Notes\nversion: \(version)\nentities:\n  Note:\n" + (modifier.map { "    versionHashModifier: \($0)\n" } ?? "")
                + "    attributes:\n      tags: \(attribute)\n"
        }
        try folder.write(model(1, ""), to: "models/Notes-1.yml")
        try folder.write(model(2, "TagList"), to: "models/Notes-2.yml")
        try folder.write(model(3, "TagsTransformer"), to: "models/Notes-3.yml")
        var run = try Executable.run([folder.path])
        #expect(run.status == 0 && !run.stdout.contains("attribute-transformer-changed"), "\(run.stdout)")

        try folder.write(model(4, "ColorTransformer"), to: "models/Notes-4.yml")
        run = try Executable.run([folder.path])
        #expect(run.stdout.contains("changed its value transformer from 'TagsTransformer' to 'ColorTransformer'; the version hash does not cover it, so no migration runs"), "\(run.stdout)")

        try folder.write(model(4, "ColorTransformer", modifier: "colors"), to: "models/Notes-4.yml")
        run = try Executable.run([folder.path])
        #expect(run.stdout.contains("changed its value transformer from 'TagsTransformer' to 'ColorTransformer'; the migration the changed versionHashModifier forces copies the stored bytes as they are"), "\(run.stdout)")
    }

    /// A completion handler that destroys the store for a migration's error and loads the stores
    /// again: the deletion is the warning; a failure of the new, empty store that is only logged
    /// is a note, as a stop there is. The code is the rule page's example, whose title can say only
    /// one severity: the two are asserted here.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func onlyLoggingAFailureOfTheStoreLoadedAgainAfterItsDeletionIsANote() throws {
        let page = RulePage(markdown: try #require(RulePages.all["store-load-failure-destructive"]))
        let example = try #require(page.examples.first { $0.title.hasPrefix("Triggers: the store destroyed for a migration's error and loaded again") })
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        for file in example.tree { try folder.write(file.text, to: file.path) }
        let (hits, run) = try Self.lint(path: folder.path)
        #expect(hits.filter { $0.description.hasSuffix("store-load-failure-destructive") }.map(\.description) == [
            "Persistence.swift:13:21 warning store-load-failure-destructive", "Persistence.swift:16:25 note store-load-failure-destructive",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("logger.error(...) is all the app does when loadPersistentStores fails on the new, empty store"), "\(run.stdout)")
    }

    /// A `catch` that deletes the store's files and opens a new store: the deletion is the
    /// warning; a `fatalError` when even the new, empty store does not open is a note, since no
    /// migration can fail there.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func stoppingTheAppAfterDeletingTheStoreIsANote() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        try folder.write("""
        import SwiftData

        enum Store {
            static func open() -> ModelContainer {
                do {
                    return try ModelContainer(for: Note.self)
                } catch {
                    try? FileManager.default.removeItem(at: URL.applicationSupportDirectory.appending(path: "default.store"))
                    do {
                        return try ModelContainer(for: Note.self)
                    } catch {
                        fatalError("no store: \\(error)")
                    }
                }
            }
        }
        """, to: "App/Store.swift")
        let (hits, run) = try Self.lint(path: folder.path)
        // The deletion leaves the store's -wal and -shm behind, too.
        #expect(hits.map(\.description) == [
            "Store.swift:8:18 warning store-load-failure-destructive", "Store.swift:8:38 note store-moved-without-companions",
            "Store.swift:12:17 note store-load-failure-destructive",
        ], "\(run.stdout)")
        #expect(run.stdout.contains("fails on the new, empty store made after the old one's files were deleted or moved aside"), "\(run.stdout)")

        /// `Store.open(_:)`, whose `catch` around the opening runs `failure` (its first line is
        /// line 8), with `members` after the function.
        func store(catching failure: [String], members: [String] = []) -> String {
            let opening = [
                "import SwiftData", "", "enum Store {", "    static func open(_ configuration: ModelConfiguration) -> ModelContainer {",
                "        do {", "            return try ModelContainer(for: Note.self, configurations: configuration)", "        } catch {",
            ]
            return (opening + failure.map { "            " + $0 } + ["        }", "    }"] + members.map { "    " + $0 } + ["}"]).joined(separator: "\n")
        }
        let retry = ["do {", "    return try ModelContainer(for: Note.self, configurations: configuration)", "} catch {"]

        // A helper given the store's URL, which names only the companions' extensions.
        try folder.write(store(
            catching: ["removeStoreFiles(at: configuration.url)"] + retry + ["    fatalError(\"no store: \\(error)\")", "}"],
            members: [
                "private static func removeStoreFiles(at storeURL: URL) {",
                "    let base = storeURL.deletingPathExtension()",
                "    for url in [storeURL, base.appendingPathExtension(\"store-wal\"), base.appendingPathExtension(\"store-shm\")] {",
                "        try? FileManager.default.removeItem(at: url)",
                "    }",
                "}",
            ]
        ), to: "App/Store.swift")
        let (byHelper, helperRun) = try Self.lint(path: folder.path)
        #expect(byHelper.map(\.description) == ["Store.swift:8:13 warning store-load-failure-destructive", "Store.swift:12:17 note store-load-failure-destructive"], "\(helperRun.stdout)")

        // The retry in a `do` whose `catch` only logs, the stop after it: the retry's failure.
        let removal = "try? FileManager.default.removeItem(at: configuration.url)"
        try folder.write(store(catching: [removal] + retry + ["    print(error)", "}", "preconditionFailure(\"no store\")"]), to: "App/Store.swift")
        let (afterRetry, retryRun) = try Self.lint(path: folder.path)
        #expect(afterRetry.filter { $0.rule == "store-load-failure-destructive" }.map(\.description) == [
            "Store.swift:8:18 warning store-load-failure-destructive", "Store.swift:14:13 note store-load-failure-destructive",
        ], "\(retryRun.stdout)")

        // The files removed inside an `if let` that only finds their folder, then the retry.
        try folder.write(store(catching: ["if let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {", "    try? FileManager.default.removeItem(at: folder.appending(path: \"default.store\"))", "}"] + retry + ["    fatalError(\"no store: \\(error)\")", "}"]), to: "App/Store.swift")
        let (unwrapped, unwrappedRun) = try Self.lint(path: folder.path)
        #expect(unwrapped.filter { $0.rule == "store-load-failure-destructive" }.map(\.description) == [
            "Store.swift:9:22 warning store-load-failure-destructive", "Store.swift:14:17 note store-load-failure-destructive",
        ], "\(unwrappedRun.stdout)")

        // `try!` on the retry, after the files were removed in the same `catch`.
        try folder.write(store(catching: [removal, "return try! ModelContainer(for: Note.self, configurations: configuration)"]), to: "App/Store.swift")
        let (forced, forcedRun) = try Self.lint(path: folder.path)
        #expect(forced.filter { $0.rule == "store-load-failure-destructive" }.map(\.description) == [
            "Store.swift:8:18 warning store-load-failure-destructive", "Store.swift:9:20 note store-load-failure-destructive",
        ], "\(forcedRun.stdout)")
    }

    /// A helper that takes no store reads the store's URL from a computed property of its type
    /// and removes it with its companions: a deletion, and the stop after the retry a note. One
    /// that builds only the companions' names from that URL leaves the store in place.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aHelperRemovingTheStoreItsTypeNamesDeletesTheStore() throws {
        func source(removed: String) -> String {
            """
            import SwiftData

            final class Persistence {
                let container: ModelContainer
                private static var storeURL: URL { URL.applicationSupportDirectory.appending(path: "default.store") }

                init() {
                    do {
                        container = try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: Self.storeURL))
                    } catch {
                        do {
                            try Self.deleteStore()
                            container = try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: Self.storeURL))
                        } catch {
                            fatalError("no store: \\(error)")
                        }
                    }
                }

                private static func deleteStore() throws {
                    let base = Self.storeURL
                    for file in [\(removed)] {
                        try FileManager.default.removeItem(at: file)
                    }
                }
            }
            """
        }
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        try folder.write(source(removed: "base, URL(fileURLWithPath: base.path + \"-wal\"), URL(fileURLWithPath: base.path + \"-shm\")"), to: "App/Persistence.swift")
        let (deleted, run) = try Self.lint(path: folder.path)
        #expect(deleted.filter { $0.rule == "store-load-failure-destructive" }.map(\.description) == [
            "Persistence.swift:12:21 warning store-load-failure-destructive", "Persistence.swift:15:17 note store-load-failure-destructive",
        ], "\(run.stdout)")

        try folder.write(source(removed: "URL(fileURLWithPath: base.path + \"-wal\"), URL(fileURLWithPath: base.path + \"-shm\")"), to: "App/Persistence.swift")
        let (sidecars, sidecarRun) = try Self.lint(path: folder.path)
        #expect(sidecars.filter { $0.rule == "store-load-failure-destructive" }.map(\.description) == ["Persistence.swift:15:17 warning store-load-failure-destructive"], "\(sidecarRun.stdout)")
    }

    /// A store named as a cache, deleted when it does not open, loses nothing of the person's:
    /// a note; the same code for a store of another name is the warning, and so is code that
    /// names the main store's file beside a cache's.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func deletingACachesStoreIsANote() throws {
        func source(_ fileName: String, property: String = "container", alsoNamed: String = "") -> String {
            """
            import SwiftData

            final class Stores {
                let \(property): ModelContainer? = {
                    let storeURL = URL.applicationSupportDirectory.appending(path: "\(fileName)")\(alsoNamed.isEmpty ? "" : "; _ = \"\(alsoNamed)\"")
                    do {
                        return try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: storeURL))
                    } catch {
                        try? FileManager.default.removeItem(at: storeURL)
                        return nil
                    }
                }()
            }
            """
        }
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        for (name, property, alsoNamed, severity) in [
            ("imageCache.sqlite", "container", "", "note"), ("thumbnails.sqlite", "thumbnailCache", "", "note"),
            ("Notes.sqlite", "container", "", "warning"), ("Notes.sqlite", "cacheAndStore", "imageCache.sqlite", "warning"),
        ] {
            try folder.write(source(name, property: property, alsoNamed: alsoNamed), to: "App/Stores.swift")
            let (hits, run) = try Self.lint(path: folder.path)
            #expect(hits.filter { $0.rule == "store-load-failure-destructive" }.map(\.description) == ["Stores.swift:9:18 \(severity) store-load-failure-destructive"], "\(name): \(run.stdout)")
        }
    }

    /// The old store removed after `migratePersistentStore` copied it elsewhere, or with no move
    /// before it: its leftover -wal meets only a new, empty store at that path, which discards it
    /// (a note); removed when the move failed too (`try?`, a `catch` that goes on), everything
    /// is lost (an error, with its companions too).
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func removingTheOldStoreAfterMigratingItIsANote() throws {
        func source(migratingFirst: Bool, migration: String = "do { _ = try coordinator.migratePersistentStore(old, to: newURL, options: nil, type: .sqlite) } catch { return }") -> String {
            """
            import CoreData

            final class Storage {
                let container = NSPersistentContainer(name: "Notes")
                var oldStoreURL: URL { URL.applicationSupportDirectory.appending(path: "Notes.sqlite") }

                func move(to newURL: URL) throws {
                    let coordinator = container.persistentStoreCoordinator
                    guard let old = coordinator.persistentStore(for: oldStoreURL) else { return }
                    \(migratingFirst ? migration : "_ = old")
                    try FileManager.default.removeItem(at: oldStoreURL)
                }
            }
            """
        }
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "models/Notes.yml")
        try folder.write(source(migratingFirst: true), to: "App/Storage.swift")
        let (moved, run) = try Self.lint(path: folder.path)
        #expect(moved.map(\.description) == ["Storage.swift:11:33 note store-moved-without-companions"], "\(run.stdout)")
        #expect(run.stdout.contains("migratePersistentStore copied its data first, so nothing is lost; the -wal and -shm files stay behind"), "\(run.stdout)")
        try folder.write(source(migratingFirst: false), to: "App/Storage.swift")
        let (removed, removedRun) = try Self.lint(path: folder.path)
        #expect(removed.map(\.description) == ["Storage.swift:11:33 note store-moved-without-companions"], "\(removedRun.stdout)")

        for ignoring in [
            "do { _ = try coordinator.migratePersistentStore(old, to: newURL, options: nil, type: .sqlite) } catch { print(error) }",
            "_ = try? coordinator.migratePersistentStore(old, to: newURL, options: nil, type: .sqlite)",
        ] {
            try folder.write(source(migratingFirst: true, migration: ignoring), to: "App/Storage.swift")
            let (lost, lostRun) = try Self.lint(path: folder.path)
            #expect(lost.map(\.description) == ["Storage.swift:11:33 error store-moved-without-companions"], "\(lostRun.stdout)")
            #expect(lostRun.stdout.contains("even when migratePersistentStore failed"), "\(lostRun.stdout)")
        }
        let stopping = "do { _ = try coordinator.migratePersistentStore(old, to: newURL, options: nil, type: .sqlite) } catch { fatalError(\"\\(error)\") }"
        try folder.write(source(migratingFirst: true, migration: stopping), to: "App/Storage.swift")
        let (stopped, stoppedRun) = try Self.lint(path: folder.path)
        // The removal runs only after the migration succeeded; the stop where it fails is a crash
        // at every launch until the store migrates.
        #expect(stopped.map(\.description) == ["Storage.swift:10:113 warning store-load-failure-destructive", "Storage.swift:11:33 note store-moved-without-companions"], "\(stoppedRun.stdout)")
        #expect(stoppedRun.stdout.contains("fatalError() stops the app when migratePersistentStore fails"), "\(stoppedRun.stdout)")
    }

    /// Files removed at start-up, before the function's first opening, leave the store it opens
    /// as it was when they are another store's (named nowhere else) or a helper's not named for
    /// deleting (a repair of an earlier build's files): its `fatalError` is a crash loop, a
    /// warning. The store's own files removed first, or a helper named for deleting, leave it
    /// empty: a note.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func removalsBeforeTheFirstOpeningCountOnlyForTheStoreItself() throws {
        func source(_ cleanUp: String) -> String {
            """
            import SwiftData

            enum Repair {
                static func run() {
                    try? FileManager.default.removeItem(at: URL.applicationSupportDirectory.appending(path: "Backup.store"))
                }
                static func deleteStore() {
                    try? FileManager.default.removeItem(at: URL.applicationSupportDirectory.appending(path: "Backup.store"))
                }
            }

            enum Store {
                static func open() -> ModelContainer {
                    \(cleanUp)
                    do {
                        return try ModelContainer(for: Note.self, configurations: ModelConfiguration("Notes"))
                    } catch {
                        fatalError("no store: \\(error)")
                    }
                }
            }
            """
        }
        for (cleanUp, severity) in [
            (#"try? FileManager.default.removeItem(at: URL.applicationSupportDirectory.appending(path: "OldCache.store"))"#, "warning"),
            ("Repair.run()", "warning"),
            ("Repair.deleteStore()", "note"),
            (#"try? FileManager.default.removeItem(at: URL.applicationSupportDirectory.appending(path: "Notes.store"))"#, "note"),
        ] {
            let folder = try TemporaryFolder()
            try folder.write(Self.notesModel, to: "models/Notes.yml")
            try folder.write(source(cleanUp), to: "App/Store.swift")
            let (hits, run) = try Self.lint(path: folder.path)
            #expect(hits.map(\.description).contains("Store.swift:18:13 \(severity) store-load-failure-destructive"), "\(cleanUp): \(run.stdout)")
        }
    }

    /// A factory that returns the store people run from a `guard`'s `else` and builds an
    /// in-memory one after it, for tests, opens a store on disk: its `fatalError` on failure is a
    /// crash loop. A `guard` that gives up (`else { fatalError() }`) leaves the in-memory store
    /// the only one the factory makes, as no `guard` does.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func anInMemoryStoreAfterAGuardThatReturnsTheRealOneHidesNothing() throws {
        func stack(_ guardStatement: String) -> String {
            """
            import CoreData

            let isTesting = NSClassFromString("XCTestCase") != nil

            final class Stack {
                let container: NSPersistentContainer

                init() {
                    let container = Stack.makeContainer()
                    container.loadPersistentStores { _, error in
                        if let error { fatalError("\\(error)") }
                    }
                    self.container = container
                }

                private static func makeContainer() -> NSPersistentContainer {
                    \(guardStatement)
                    let container = NSPersistentContainer(name: "Notes")
                    let description = NSPersistentStoreDescription()
                    description.type = NSInMemoryStoreType
                    container.persistentStoreDescriptions = [description]
                    return container
                }
            }

            """
        }
        for (guardStatement, expected) in [
            (#"guard isTesting else { return NSPersistentContainer(name: "Notes") }"#, ["Stack.swift:11:28 warning store-load-failure-destructive"]),
            ("guard isTesting else { fatalError() }", []),
            ("", []),
        ] {
            let folder = try TemporaryFolder()
            try folder.write(Self.notesModel, to: "Notes/Notes.yml")
            try folder.write(stack(guardStatement), to: "Notes/Stack.swift")
            let (hits, run) = try Self.lint(path: folder.path)
            #expect(hits.map(\.description) == expected, "\(guardStatement): \(run.stdout)")
        }
    }

    /// The name after the dot of an implicit member (`.init(zoneName:)`, the argument's type's
    /// initializer) or of another value's member is not the enclosing type's own: a launch that
    /// calls a method making neither opens no store.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aMemberOfAnotherTypeIsNotTheEnclosingTypesOwn() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Notes/Notes.yml")
        try folder.write(Self.appDelegate(launching: "Stack.purgeRemoteZone(); Stack.closeDoor(Door())"), to: "Notes/AppDelegate.swift")
        try folder.write("""
        import CloudKit
        import CoreData

        struct Door { func open() {} }

        final class Stack {
            let container = NSPersistentContainer(name: "Notes")

            init() { open() }

            func open() {
                container.loadPersistentStores { _, _ in }
            }

            static func purgeRemoteZone() {
                CKContainer.default().privateCloudDatabase.delete(withRecordZoneID: .init(zoneName: "zone")) { _, _ in }
            }

            static func closeDoor(_ door: Door) {
                door.open()
            }
        }

        """, to: "Notes/Stack.swift")
        let (hits, run) = try Self.lint(path: folder.path)
        #expect(!hits.contains { $0.rule == "store-opened-at-launch" }, "\(run.stdout)")
        #expect(!run.stdout.contains("launch path"), "\(run.stdout)")

        try folder.write(Self.appDelegate(launching: "_ = Stack()"), to: "Notes/AppDelegate.swift")
        let (opened, openedRun) = try Self.lint(path: folder.path)
        #expect(opened.map(\.description).contains("Stack.swift:12:19 note store-opened-at-launch"), "\(openedRun.stdout)")
    }

    /// A wrapper that hands the error of opening its store to its completion handler leaves it to
    /// the callers: one whose closure only logs it goes on without the store. Where another caller
    /// of the same wrapper tells the person (a first screen with the error and a retry), the one
    /// that logs is a second opening of a stack already shown to have failed.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aCallerThatOnlyLogsTheErrorAWrapperHandsItIsTheFailureBranch() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Core/Notes.yml")
        try folder.write("""
        import CoreData

        public final class Database {
            public static let shared = Database()
            public let container = NSPersistentContainer(name: "Notes")

            public func start(completionHandler: @escaping (Error?) -> Void) {
                container.loadPersistentStores { _, error in
                    completionHandler(error)
                }
            }
        }

        """, to: "Core/Database.swift")
        try folder.write("""
        import Foundation

        final class ShortcutHandler {
            func handle(completion: @escaping ([String]) -> Void) {
                Database.shared.start { error in
                    if let error {
                        print("cannot start the database", error)
                    }
                    completion([])
                }
            }
        }

        """, to: "Core/ShortcutHandler.swift")
        let (hits, run) = try Self.lint(path: folder.path)
        #expect(hits.map(\.description) == ["ShortcutHandler.swift:7:17 warning store-load-failure-destructive"], "\(run.stdout)")
        #expect(run.stdout.contains("print(...) is all the app does when loadPersistentStores fails"), "\(run.stdout)")

        try folder.write("""
        import UIKit

        final class LaunchViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                Database.shared.start { error in
                    if let error {
                        let alert = UIAlertController(title: "Could not open your data", message: error.localizedDescription, preferredStyle: .alert)
                        self.present(alert, animated: true)
                    }
                }
            }
        }

        """, to: "App/LaunchViewController.swift")
        let (told, toldRun) = try Self.lint(path: folder.path)
        #expect(told.isEmpty, "\(toldRun.stdout)")
    }

    /// A launch that reaches the store through a free function named like a type
    /// (`NewGardenController(of:)`), declared in a file that names no store API, is followed
    /// into that file as a type's would be.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources"))
    func aLaunchThroughAFreeFunctionNamedLikeATypeIsFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.notesModel, to: "Garden/Notes.yml")
        try folder.write(Self.appDelegate(launching: "_ = NewGarden(of: .local)"), to: "App/AppDelegate.swift")
        try folder.write("""
        import Foundation

        public enum GardenKind {
            case local, sync
        }

        public func NewGarden(of kind: GardenKind) -> Garden? {
            try? Garden(kind: kind)
        }

        """, to: "Garden/GardenFactory.swift")
        try folder.write("""
        import CoreData

        public final class Garden {
            let container = NSPersistentContainer(name: "Notes")

            init(kind: GardenKind) throws {
                container.loadPersistentStores { _, _ in }
            }
        }

        """, to: "Garden/Garden.swift")
        let (hits, run) = try Self.lint(path: folder.path)
        #expect(hits.map(\.description).contains("Garden.swift:7:19 note store-opened-at-launch"), "\(run.stdout)")
        #expect(run.stdout.contains("note: reached synchronously from NewGarden(of:) (") && run.stdout.contains("Garden/GardenFactory.swift:7:13)"), "\(run.stdout)")
    }

    /// An Objective-C method that moves a store's file runs only when code sends it: one whose only
    /// send is its own recursion, or one a header declares that nothing sends, is a reminder (a
    /// note); sent from another Objective-C file that names no store, or from Swift, it runs (an
    /// error); a delegate's method no code sends is the system's to call (an error).
    @Test func anObjectiveCMethodNoCodeSendsIsAReminder() throws {
        let move = """
            NSString *backupPath = [[storeURL path] stringByAppendingPathExtension:@"bak"];
            if (![[NSFileManager defaultManager] moveItemAtPath:[storeURL path] toPath:backupPath error:error]) {
                return NO;
            }
            return [[NSFileManager defaultManager] moveItemAtPath:[migratedURL path] toPath:[storeURL path] error:error];
        """
        func migrator(recursive: Bool) -> String {
            """
            @implementation Migrator

            - (BOOL)stepURL:(NSURL *)storeURL mapping:(NSMappingModel *)mapping manager:(NSMigrationManager *)manager error:(NSError **)error {
                NSURL *migratedURL = [storeURL URLByAppendingPathExtension:@"tmp"];
                if (![manager migrateStoreFromURL:storeURL type:NSSQLiteStoreType options:nil withMappingModel:mapping toDestinationURL:migratedURL destinationType:NSSQLiteStoreType destinationOptions:nil error:error]) {
                    return NO;
                }
                if (\(recursive ? "[self stepURL:storeURL mapping:mapping manager:manager error:error]" : "NO")) {
                    return YES;
                }
            \(move)
            }

            @end
            """
        }
        func severity(_ files: [(String, String)]) throws -> String? {
            let folder = try TemporaryFolder()
            try folder.write(Self.notesModel, to: "Notes/Model/Notes.yaml")
            for (path, text) in files { try folder.write(text, to: path) }
            let (hits, _) = try Self.lint(path: folder.path, extra: ["--no-color"])
            return hits.first { $0.rule == "store-moved-without-companions" }?.severity
        }
        let header = "@interface Migrator : NSObject\n- (BOOL)stepURL:(NSURL *)storeURL mapping:(NSMappingModel *)mapping manager:(NSMigrationManager *)manager error:(NSError **)error;\n@end\n"
        let sender = "#import \"Migrator.h\"\n\n@implementation Upgrade\n\n- (void)run {\n    [[Migrator new] stepURL:self.url mapping:self.mapping manager:self.manager error:nil];\n}\n\n@end\n"
        #expect(try severity([("App/Migrator.m", migrator(recursive: true))]) == "note")
        #expect(try severity([("App/Migrator.m", migrator(recursive: false)), ("App/Migrator.h", header)]) == "note")
        #expect(try severity([("App/Migrator.m", migrator(recursive: false))]) == "error")
        #expect(try severity([("App/Migrator.m", migrator(recursive: true)), ("App/Upgrade.m", sender)]) == "error")
        #expect(try severity([("App/Migrator.m", migrator(recursive: true)), ("App/Upgrade.swift", "func upgrade(_ migrator: Migrator) {\n    _ = try? migrator.stepURL(url, mapping: mapping, manager: manager)\n}\n")]) == "error")
        let delegate = migrator(recursive: false).replacingOccurrences(of: "stepURL:(NSURL *)storeURL mapping:(NSMappingModel *)mapping manager:(NSMigrationManager *)manager error:(NSError **)error", with: "application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions")
        #expect(try severity([("App/Migrator.m", delegate), ("App/Migrator.h", "@interface Migrator : UIResponder <UIApplicationDelegate>\n@end\n")]) == "error")
    }
}

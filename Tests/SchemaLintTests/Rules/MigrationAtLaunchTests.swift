import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// What `migration-at-launch` advises follows how the app adds the store.
@Suite struct MigrationAtLaunchTests {
    /// A store added in `init`, in one of the ways `body` writes the call: `LOAD` is the
    /// `loadPersistentStores` call, at line 9, column 19 or later.
    static func persistence(_ body: String) -> String {
        """
        import CoreData

        final class Persistence {
            let container = NSPersistentContainer(name: "Journal")
            let queue = DispatchQueue(label: "store")

            init() {
        \(body.replacingOccurrences(of: "LOAD", with: "container.loadPersistentStores { _, error in if let error { print(error) } }"))
            }
        }
        """
    }

    /// The ways of adding a store off the main thread: the description's flag, a container
    /// class's own flag (a library's), a background queue, a detached task.
    static let offTheMainThread = [
        "        container.persistentStoreDescriptions.first?.shouldAddStoreAsynchronously = true\n        LOAD",
        "        self.shouldAddStoresAsynchronously = true\n        LOAD",
        "        queue.async {\n            LOAD\n        }",
        "        DispatchQueue.global(qos: .userInitiated).async { LOAD }",
        "        Task.detached { LOAD }",
    ]

    @Test(arguments: offTheMainThread)
    func aStoreAddedOffTheMainThreadIsNotToldToBeAddedSo(body: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("model: Journal\nversion: 1\nentities:\n  Entry:\n    attributes:\n      title: string\n", to: "models/v1.yaml")
        try folder.write("model: Journal\nversion: 2\nentities:\n  Entry:\n    attributes:\n      title: string\n      mood: int16\n", to: "models/v2.yaml")
        try folder.write(Self.persistence(body), to: "App/Persistence.swift")
        let asynchronous = try Executable.run(["--no-color"], in: folder.url)
        #expect(asynchronous.stdout.contains("[migration-at-launch]"), "\(asynchronous.stdout)")
        #expect(asynchronous.stdout.contains("help: the store opened at App/Persistence.swift:") && asynchronous.stdout.contains(" is added off the main thread already"), "\(asynchronous.stdout)")
    }

    /// The same calls with the flag off, or on the main queue, are on the main thread.
    @Test(arguments: [
        "        container.persistentStoreDescriptions.first?.shouldAddStoreAsynchronously = false\n        LOAD",
        "        DispatchQueue.main.async { LOAD }",
        "        queue.sync { LOAD }",
        "        LOAD",
    ])
    func aStoreAddedOnTheMainThreadIsToldToBeAddedOffIt(body: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("model: Journal\nversion: 1\nentities:\n  Entry:\n    attributes:\n      title: string\n", to: "models/v1.yaml")
        try folder.write("model: Journal\nversion: 2\nentities:\n  Entry:\n    attributes:\n      title: string\n      mood: int16\n", to: "models/v2.yaml")
        try folder.write(Self.persistence(body), to: "App/Persistence.swift")
        let synchronous = try Executable.run(["--no-color"], in: folder.url)
        #expect(synchronous.stdout.contains("help: add the store off the main thread (NSPersistentStoreDescription.shouldAddStoreAsynchronously = true"), "\(synchronous.stdout)")
    }
}

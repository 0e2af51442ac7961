import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// What `migration-at-launch` advises follows how the app adds the store.
@Suite struct MigrationAtLaunchTests {
    static let persistence = """
    import CoreData

    final class Persistence {
        let container = NSPersistentContainer(name: "Journal")

        init() {
            container.persistentStoreDescriptions.first?.shouldAddStoreAsynchronously = true
            container.loadPersistentStores { _, error in
                if let error { print(error) }
            }
        }
    }
    """

    @Test func aStoreAddedAsynchronouslyIsNotToldToBeAddedSo() throws {
        let folder = try TemporaryFolder()
        try folder.write("model: Journal\nversion: 1\nentities:\n  Entry:\n    attributes:\n      title: string\n", to: "models/v1.yaml")
        try folder.write("model: Journal\nversion: 2\nentities:\n  Entry:\n    attributes:\n      title: string\n      mood: int16\n", to: "models/v2.yaml")
        try folder.write(Self.persistence, to: "App/Persistence.swift")
        let asynchronous = try Executable.run(["--no-color"], in: folder.url)
        #expect(asynchronous.stdout.contains("[migration-at-launch]"), "\(asynchronous.stdout)")
        #expect(asynchronous.stdout.contains("help: the store opened at App/Persistence.swift:8:19 is added off the main thread already (shouldAddStoreAsynchronously)"), "\(asynchronous.stdout)")

        try folder.write(Self.persistence.replacingOccurrences(of: "= true", with: "= false"), to: "App/Persistence.swift")
        let synchronous = try Executable.run(["--no-color"], in: folder.url)
        #expect(synchronous.stdout.contains("help: add the store off the main thread (NSPersistentStoreDescription.shouldAddStoreAsynchronously = true"), "\(synchronous.stdout)")
    }
}

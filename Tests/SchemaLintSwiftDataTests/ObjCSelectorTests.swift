import SchemaLintCore
import SchemaLintStoreCode
import Testing

/// Swift methods that open a store, reached from no Swift launch entry, are offered to
/// Objective-C's launch paths under the selectors Swift gives them.
@Suite struct ObjCSelectorTests {
    @Test func theOpeningIsOfferedUnderEachSelectorThatReachesIt() throws {
        let source = """
        import CoreData

        extension LegacyAppDelegate {
            @objc func setupStorage() { try? setUp(migrating: true) }
            @objc func openStore(at url: URL) { try? setUp(migrating: false) }
            @objc(prepareStoreNamed:) func prepare(name: String) { try? setUp(migrating: false) }
            @objc func reset() throws { try setUp(migrating: false) }

            func setUp(migrating: Bool) throws {
                storage = try Storage(storeURL: URL(fileURLWithPath: "/tmp/Notes.sqlite"))
            }
        }

        final class Storage: NSObject {
            let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())

            init(storeURL: URL) throws {
                try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: storeURL, options: nil)
            }
        }
        """
        let reading = SwiftStoreCodeReader().read(sources: [(name: "Storage.swift", bytes: Array(source.utf8))], options: ModelSourceReadingOptions())
        let opening = try #require(reading.storeCode.openings.first { $0.call == .addPersistentStore })
        let selectors = Set(opening.foreignEntries.map { "\($0.owner) \($0.selector)" })
        #expect(selectors == [
            "Storage initWithStoreURL:error:", "LegacyAppDelegate setUpWithMigrating:error:",
            "LegacyAppDelegate setupStorage", "LegacyAppDelegate openStoreAt:", "LegacyAppDelegate prepareStoreNamed:", "LegacyAppDelegate resetAndReturnError:",
        ])
        let fromLaunch = try #require(opening.foreignEntries.first { $0.selector == "setupStorage" })
        #expect(fromLaunch.path.map(\.declaration) == ["LegacyAppDelegate.setupStorage()", "LegacyAppDelegate.setUp(migrating:)", "Storage.init(storeURL:)"])
    }
}

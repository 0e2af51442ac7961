import SchemaLintCore
import SchemaLintStoreCode
import Testing

/// The Swift store-code reader names the configurations the code opens stores with.
@Suite struct OpenedConfigurationsTests {
    @Test func configurationsOpenedByNameAreFound() {
        let source = """
        import CoreData

        final class Stack {
            let container = NSPersistentCloudKitContainer(name: "Diary")

            func open(at url: URL, name: String) throws {
                let description = NSPersistentStoreDescription(url: url)
                description.configuration = "Private"
                let other = NSPersistentStoreDescription(url: url)
                other.configuration = name
                try container.persistentStoreCoordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: "Public", at: url, options: nil)
                try container.persistentStoreCoordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: "\\(name)s", at: url, options: nil)
                container.persistentStoreDescriptions = [description, other]
                container.loadPersistentStores { _, _ in }
            }
        }
        """
        let reading = SwiftStoreCodeReader().read(sources: [(name: "Stack.swift", bytes: Array(source.utf8))], options: ModelSourceReadingOptions())
        #expect(reading.storeCode.openedConfigurations == ["Private", "Public"])
    }
}

import CoreData

/// Moves the store into the app group so that the widget extension can read it.
enum SharedStore {
    static let appGroup = "group.com.example.recipes"

    static var newStoreURL: URL {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)!
            .appendingPathComponent("Recipes.sqlite")
    }

    static func moveToAppGroupIfNeeded(_ container: NSPersistentContainer) {
        let coordinator = container.persistentStoreCoordinator
        guard let store = coordinator.persistentStores.first, store.url != newStoreURL else { return }
        do {
            // Core Data moves the -wal and -shm files with the store.
            _ = try coordinator.migratePersistentStore(store, to: newStoreURL, options: nil, type: .sqlite)
        } catch {
            print("could not move the store: \(error)")
        }
    }
}

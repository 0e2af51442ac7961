import CoreData

/// Moves the store into the app group so that the widget extension can read it.
enum SharedStore {
    static let appGroup = "group.com.example.recipes"

    static var newStoreURL: URL {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)!
            .appendingPathComponent("Recipes.sqlite")
    }

    static func moveToAppGroupIfNeeded() {
        let oldStoreURL = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Recipes.sqlite")
        guard FileManager.default.fileExists(atPath: oldStoreURL.path) else { return }
        do {
            try FileManager.default.moveItem(at: oldStoreURL, to: newStoreURL)
        } catch {
            print("could not move the store: \(error)")
        }
    }
}

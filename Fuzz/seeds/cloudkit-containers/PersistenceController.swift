import CoreData

final class SyncedContainer: NSPersistentCloudKitContainer {}

struct PersistenceController {
    static let shared = PersistenceController()
    let container: NSPersistentCloudKitContainer

    init(inMemory: Bool = false, syncEnabled: Bool = UserDefaults.standard.bool(forKey: "sync")) {
        container = NSPersistentCloudKitContainer(name: "Notes")
        guard let description = container.persistentStoreDescriptions.first else { fatalError("no description") }
        if !syncEnabled {
            description.cloudKitContainerOptions = nil
        } else {
            description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.com.example.notes")
        }
        description.cloudKitContainerOptions = syncEnabled ? description.cloudKitContainerOptions : nil
        if inMemory { description.url = URL(fileURLWithPath: "/dev/null") }
        container.loadPersistentStores { _, error in
            if let error { print(error) }
        }
        let cache = SyncedContainer(name: modelName, managedObjectModel: model)
        _ = cache
    }
}

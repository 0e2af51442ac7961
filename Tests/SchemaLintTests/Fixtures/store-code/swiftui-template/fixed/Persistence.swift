import CoreData

final class PersistenceController: ObservableObject {
    static let shared = PersistenceController()

    let container: NSPersistentContainer
    @Published var loadError: Error?

    init(inMemory: Bool = false) {
        container = NSPersistentContainer(name: "Recipes")
        if inMemory {
            container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath: "/dev/null")
        }
        container.persistentStoreDescriptions.first?.shouldAddStoreAsynchronously = true
        container.loadPersistentStores(completionHandler: { [weak self] (storeDescription, error) in
            if let error = error as NSError? {
                // Kept: the app shows what went wrong and keeps the store for a later release.
                DispatchQueue.main.async { self?.loadError = error }
            }
        })
        container.viewContext.automaticallyMergesChangesFromParent = true
    }
}

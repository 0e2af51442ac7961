import CoreData
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var storage: CoreDataManager!
    let syncStore = SyncStore()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        setupStorage()
        syncStore.start()
        return true
    }

    func setupStorage() {
        let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Notes.sqlite")
        do {
            storage = try CoreDataManager(storeURL: url, model: NSManagedObjectModel())
        } catch {
            fatalError("Could not open the store: \(error)")
        }
    }

    func cacheCoordinator() -> NSPersistentStoreCoordinator {
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())
        let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Cache.sqlite")
        do {
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        } catch {
            abort()
        }
        return coordinator
    }
}

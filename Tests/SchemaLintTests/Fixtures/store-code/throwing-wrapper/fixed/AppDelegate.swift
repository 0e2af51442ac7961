import CoreData
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var storage: CoreDataManager?
    var storageError: Error?
    let syncStore = SyncStore()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        DispatchQueue.global(qos: .userInitiated).async {
            self.setupStorage()
        }
        syncStore.start()
        return true
    }

    func setupStorage() {
        let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Notes.sqlite")
        do {
            storage = try CoreDataManager(storeURL: url, model: NSManagedObjectModel())
        } catch {
            // Shown by the first screen, with a way to send a report; the store file is kept.
            storageError = error
        }
    }

    func cacheCoordinator() -> NSPersistentStoreCoordinator? {
        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())
        let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Cache.sqlite")
        do {
            try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        } catch {
            return nil
        }
        return coordinator
    }
}

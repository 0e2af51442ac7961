import CoreData
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        return true
    }

    /// Set when the store could not be opened; the scene shows an explanation instead of the entries.
    var storeError: Error?

    // MARK: - Core Data stack

    lazy var persistentContainer: NSPersistentContainer = {
        let container = NSPersistentContainer(name: "Journal")
        // Migrations run off the main thread; the entries appear when the store is ready.
        container.persistentStoreDescriptions.first?.shouldAddStoreAsynchronously = true
        container.loadPersistentStores(completionHandler: { (storeDescription, error) in
            if let error = error as NSError? {
                self.storeError = error
                NotificationCenter.default.post(name: .storeDidFail, object: error)
            } else {
                NotificationCenter.default.post(name: .storeDidLoad, object: nil)
            }
        })
        return container
    }()

    func saveContext () {
        let context = persistentContainer.viewContext
        if context.hasChanges {
            try? context.save()
        }
    }
}

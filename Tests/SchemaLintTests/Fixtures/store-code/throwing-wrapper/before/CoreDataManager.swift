import CoreData

/// A stack whose initializer throws when the store does not open (its caller decides what to do).
final class CoreDataManager {
    let coordinator: NSPersistentStoreCoordinator
    let viewContext: NSManagedObjectContext

    init(storeURL: URL, model: NSManagedObjectModel) throws {
        coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        let options = [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true]
        try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: storeURL, options: options)
        viewContext = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        viewContext.persistentStoreCoordinator = coordinator
    }
}

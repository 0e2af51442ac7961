import CoreData

/// A second store, loaded through an async wrapper around loadPersistentStores.
final class SyncStore {
    let container = NSPersistentContainer(name: "Sync")

    func load() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            container.loadPersistentStores { _, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
        }
    }

    func start() {
        Task {
            do {
                try await load()
            } catch {
                if let url = container.persistentStoreDescriptions.first?.url {
                    try? FileManager.default.removeItem(at: url)
                }
            }
        }
    }
}

import CoreData

/// A second store, loaded through an async wrapper around loadPersistentStores.
final class SyncStore {
    let container = NSPersistentContainer(name: "Sync")
    var loadError: Error?

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
                // Keep the store file: a later release can migrate it.
                loadError = error
            }
        }
    }
}

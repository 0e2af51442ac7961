import SchemaLintCore

/// `store-location-changed`: the store file name written in the store-handling code (its name, or
/// the folders written with it) is not the one the code had at the last release tag, and no code
/// takes the store there. Core Data opens whatever is at the new URL: after the update the app
/// starts with an empty store, and people's data stays at the old place.
struct StoreLocationChangedRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-location-changed", category: .storeHandling, synced: .warning, local: .warning,
        summary: "The store's file name or folder in the code changed since the last release tag, and no code moves the store: people's data stays at the old place."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        let facts = context.facts
        guard let release = facts.lastRelease, !facts.storeFileNames.isEmpty else { return [] }
        // Code that takes a store to a new place: Core Data's calls, or a FileManager move or copy
        // of a store file (whether it moves the companions too is store-moved-without-companions' concern).
        guard facts.relocations.isEmpty, !facts.fileOperations.contains(where: { $0.operation != .remove }) else { return [] }
        let current = Set(facts.storeFileNames.map(\.name))
        let released = Set(release.names.map(\.name))
        // The released names the code no longer mentions, and the names it mentions that were not released.
        var seen: Set<String> = []
        let gone = release.names.filter { !current.contains($0.name) && seen.insert($0.name).inserted }
        let added = facts.storeFileNames.filter { !released.contains($0.name) && seen.insert($0.name).inserted }
        guard !gone.isEmpty else { return [] }
        let formerly = gone.map { "\"\($0.name)\"" }.joined(separator: " or ")
        return added.map { name in
            finding(
                at: name.place, subject: "store \(name.name)",
                message: "the store file is \"\(name.name)\" here, but it was \(formerly) in \(release.tag), and no code moves the store: after the update the app opens a new, empty store, and people's data stays at the old place",
                notes: gone.map { Finding.Note("\"\($0.name)\" as released in \(release.tag)", at: $0.place.location) },
                suggestions: [
                    "keep the store where \(release.tag) put it (\(formerly)), if nothing requires the move",
                    "or move it once, before opening it, when a store exists at the old place: NSPersistentStoreCoordinator.migratePersistentStore(_:to:options:type:) (or replacePersistentStore(at:destinationOptions:withPersistentStoreFrom:sourceOptions:type:) and then destroyPersistentStore(at:type:options:)), which take the -wal and -shm files too",
                ]
            )
        }
    }
}

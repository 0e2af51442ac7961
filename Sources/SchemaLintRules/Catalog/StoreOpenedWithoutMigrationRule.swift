import SchemaLintCore

/// `store-opened-without-migration`: `addPersistentStore` with options that ask for no migration
/// (`nil`, or a dictionary without `NSMigratePersistentStoresAutomaticallyOption`), in a project
/// whose Core Data model has an earlier version the newest one cannot open as it is. Core Data
/// migrates only when asked: after the update, every store of the earlier version fails to open
/// (NSPersistentStoreIncompatibleVersionHashError, 134100), at every launch.
struct StoreOpenedWithoutMigrationRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-opened-without-migration", category: .storeHandling, synced: .warning, local: .warning,
        summary: "A store is added with options that ask for no migration while its model has earlier versions: their stores fail to open after the update."
    )

    /// A model version a store may still be written with, and the newest one, which cannot open it.
    struct Gap {
        var history: ModelHistory
        var earlier: ModelVersion
        var newest: ModelVersion
        var entities: [String]
    }

    func check(_ context: StoreCodeContext) -> [Finding] {
        StoreCodeContext.openingsDecliningMigration(context.facts, in: context.histories).compactMap { opening, nearest in
            guard let gap = nearest.sorted(by: { $0.model < $1.model }).lazy.compactMap({ Self.gap(in: $0) }).first else { return nil }
            return finding(
                at: opening.place, subject: "options",
                message: "\(opening.call.displayName) adds the store with options that ask for no migration, and \(ModelName.spoken(gap.history.model)) has earlier versions: a store written by \(gap.earlier.displayName) fails to open with \(gap.newest.displayName) (NSPersistentStoreIncompatibleVersionHashError, 134100), at every launch after the update: \(MigrationCause.describe(gap.entities, from: gap.earlier, to: gap.newest))",
                notes: [
                    Finding.Note("\(gap.earlier.displayName) of \(ModelName.quoted(gap.history.model)) is declared here", at: gap.earlier.location),
                    Finding.Note("\(gap.newest.displayName), which the app builds, is declared here", at: gap.newest.location),
                ],
                suggestions: [
                    opening.call == .magicalRecordSetup
                        ? "set up MagicalRecord's auto-migrating stack instead (setupAutoMigratingCoreDataStack, or setupCoreDataStackWithAutoMigratingSqliteStoreNamed:)"
                        : opening.call == .loadPersistentStores
                        ? "leave shouldMigrateStoreAutomatically and shouldInferMappingModelAutomatically at their default, true, on the store description"
                        : "pass [NSMigratePersistentStoresAutomaticallyOption: true, NSInferMappingModelAutomaticallyOption: true] as the options (in Objective-C, @{NSMigratePersistentStoresAutomaticallyOption: @YES, NSInferMappingModelAutomaticallyOption: @YES}), or open the store with NSPersistentContainer, whose store descriptions migrate by default",
                    "if the app migrates stores itself, run that migration (NSMigrationManager) before this call, where this tool can see it",
                ]
            )
        }
    }

    /// The newest version the app builds (in a bundle, the current one) and the latest version
    /// before it whose stores it cannot open without a migration.
    static func gap(in history: ModelHistory) -> Gap? {
        let built = history.versions.filter { $0.isReleased || $0.format != .xcode }
        guard let newest = built.last else { return nil }
        for earlier in built.dropLast().reversed() {
            let entities = newest.entitiesNeedingMigration(from: earlier)
            if !entities.isEmpty { return Gap(history: history, earlier: earlier, newest: newest, entities: entities) }
        }
        return nil
    }
}

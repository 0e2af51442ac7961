import SchemaLintCore

/// `migration-at-launch`: for a local store, whether opening a store of the previous release with
/// this version migrates it, and how. A migration rewrites the whole store while the app starts;
/// done on the main thread, a large one is killed by the launch watchdog (0x8badf00d).
package struct MigrationAtLaunchRule: HistoryRule {
    package init() {}

    /// The migration each step runs when the app opens a store of the version before it.
    package func isAboutOneStep(_ finding: Finding) -> Bool { true }

    package let descriptor = RuleDescriptor(
        id: "migration-at-launch", category: .migration, synced: nil, local: .note,
        summary: "Opening a store of the previous release migrates the whole store at launch: say how, and keep it off the main thread."
    )

    package func check(_ context: HistoryContext) -> [Finding] {
        // Where the app adds the store with options that ask for no migration, a store of an
        // earlier version does not open at all (`store-opened-without-migration`): nothing migrates.
        guard context.code.addsWithoutMigration == nil else { return [] }
        let versions = context.history.versions
        var findings: [Finding] = []
        for step in context.steps {
            let baseline = versions[step.baseline], version = versions[step.version]
            guard !baseline.hasSyncedEntities, !version.hasSyncedEntities else { continue }
            let entities = version.entitiesNeedingMigration(from: baseline)
            // Entities new in this version make new tables and copy nothing, unless one is a
            // sub-entity of an entity the store has, which shares (and widens) its root's table.
            let copied = entities.filter { name in
                baseline.containsEntity(named: name) || version.parent(ofEntity: name) != nil && baseline.containsEntity(named: version.rootEntity(of: name))
            }
            guard !copied.isEmpty else { continue }
            var how: String
            // macOS has no launch watchdog: a long migration there is a launch that hangs.
            let outcome = context.code.launchesOnMacOSOnly
                ? "so the window appears at once instead of hanging through a large migration (macOS has no launch watchdog)"
                : "so the launch watchdog (0x8badf00d) cannot kill a large migration"
            // SwiftData has no store description to add asynchronously: the container is made off
            // the main thread instead.
            var advice = version.format == .swiftData
                ? "create the ModelContainer off the main thread (in a Task, behind a progress screen) and show the user interface when it is ready, \(outcome)"
                : "add the store off the main thread (NSPersistentStoreDescription.shouldAddStoreAsynchronously = true, or load in a background task) behind a progress screen, \(outcome)"
            if version.format != .swiftData, let asynchronous = context.code.addsAsynchronously {
                advice = "the store opened at \(asynchronous) is added off the main thread already: keep the interface from reading it until the completion handler runs, and measure the migration with a store of realistic size written by the previous release"
            }
            let ownMigration = "run the app's migration off the main thread (in a background task, behind a progress screen) and open the store when it is done, \(outcome)"
            if let migration = context.history.writtenMigration(from: baseline, to: version) {
                how = migration.mappingModel != nil
                    ? "with \(migration.name), which migrates every object in memory"
                    : "with \(migration.name)"
                // A mapping model the app's own NSMigrationManager runs (automatic migration off)
                // migrates where that code does, whatever the store description says.
                if migration.mappingModel != nil, let manual = context.handRunMigrations.first {
                    how = "with \(migration.name), which the app's own migration (NSMigrationManager at \(manual)) runs, migrating every object in memory"
                    advice = ownMigration
                }
            } else if let manual = context.handRunMigrations.first {
                // The app runs NSMigrationManager itself (automatic migration off): no lightweight
                // migration copies tables in place.
                how = "with the app's own migration (NSMigrationManager at \(manual)), which migrates every object in memory"
                advice = ownMigration
            } else if context.code.migratesWithoutInference != nil {
                // With inference off, a step without a mapping model does not migrate: the store
                // fails to open (`migration-path-not-inferable`).
                continue
            } else {
                // A step lightweight migration cannot infer fails to open the store, as the
                // change rules' errors for it say: no migration runs at launch to describe.
                var comparisons: EntityComparisons?
                guard context.changeFindings(from: baseline, to: version, only: .error, reusing: &comparisons).findings.isEmpty else { continue }
                how = "by lightweight migration, which copies every table it changes"
            }
            findings.append(Finding(
                ruleID: descriptor.id, severity: descriptor.localSeverity ?? .note,
                message: "opening a store of \(baseline.displayName) with \(version.displayName) migrates it at launch \(how): \(MigrationCause.describe(entities, from: baseline, to: version))",
                location: version.declaration(ofChangesTo: entities).location, model: version.model, baseline: baseline.label, version: version.label, path: nil,
                suggestions: [advice]
            ))
        }
        return findings
    }
}

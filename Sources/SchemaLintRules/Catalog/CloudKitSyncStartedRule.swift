import SchemaLintCore

/// `cloudkit-sync-started`: a version syncs a store that the release before it kept local. Every
/// device that updates uploads all it holds, and the schema must be in production first.
package struct CloudKitSyncStartedRule: HistoryRule {
    package init() {}

    /// The step that turned sync on.
    package func isAboutOneStep(_ finding: Finding) -> Bool { true }

    package let descriptor = RuleDescriptor(
        id: "cloudkit-sync-started", category: .modification, synced: .warning, local: nil,
        summary: "A store the release before kept local syncs with CloudKit: every device uploads what it holds, duplicates included."
    )

    package func check(_ context: HistoryContext) -> [Finding] {
        let versions = context.history.versions
        return context.steps.compactMap { step in
            let (baseline, version) = (versions[step.baseline], versions[step.version])
            // Only a store people have, kept local by a release, holds records to upload.
            guard baseline.isReleased, !baseline.hasSyncedEntities, version.hasSyncedEntities else { return nil }
            let synced = version.entities.map(\.name).filter { version.isSynced(entity: $0) }
            guard !synced.isEmpty, synced.contains(where: { baseline.entity(named: $0) != nil }) else { return nil }
            // A subentity's records are its root entity's record type.
            var roots: [String] = []
            for name in synced.map(version.rootEntity) where !roots.contains(name) { roots.append(name) }
            let recordTypes = EnglishList.join(roots.map { "CD_\($0)" }, limit: 4)
            return Finding(
                ruleID: descriptor.id, severity: .warning,
                message: "\(version.displayName) of \(ModelName.spoken(version.model)) syncs with CloudKit, and \(baseline.displayName) kept the store local: every device that updates uploads every record its store holds, so a person with the app on two devices gets both sets (duplicates of what was entered on both, or copied by another sync), and the record types (\(recordTypes)) must be in the CloudKit production environment before \(version.displayName) reaches people",
                location: version.location, model: version.model, baseline: baseline.label, version: version.label, path: nil,
                suggestions: [
                    "plan the duplicates: after the first import, merge records that are the same by a stable identifier (a UUID attribute each record keeps), or move the local data once into a new store that syncs",
                    "deploy the schema to production before the release (run against the development environment, then deploy in CloudKit Console, or with initializeCloudKitSchema and cktool)",
                ]
            )
        }
    }
}

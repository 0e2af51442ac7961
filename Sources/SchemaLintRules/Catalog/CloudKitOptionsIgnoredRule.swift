import SchemaLintCore

/// `cloudkit-options-ignored`: CloudKit options set on the store of a plain
/// `NSPersistentContainer`. Only an `NSPersistentCloudKitContainer` mirrors a store to CloudKit, so
/// the store the team believes synced stays on each device: people who expect their data on their
/// other devices, or back after a reinstall, find it missing.
struct CloudKitOptionsIgnoredRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "cloudkit-options-ignored", category: .storeHandling, synced: .warning, local: .warning,
        summary: "CloudKit options are set on the store of a plain NSPersistentContainer, which never syncs: only an NSPersistentCloudKitContainer mirrors a store."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        context.facts.ignoredCloudKitOptions.map { ignored in
            let container = ignored.model.map { "the NSPersistentContainer named \"\($0)\"" } ?? "an NSPersistentContainer"
            return finding(
                at: CodePlace(ignored.setting, in: ignored.model ?? "NSPersistentContainer"), subject: "cloudKitContainerOptions",
                message: "CloudKit options are set on a store of \(container), which never syncs: only an NSPersistentCloudKitContainer mirrors a store to CloudKit, so this store stays on the device",
                notes: [Finding.Note("the plain container is created here", at: ignored.container)],
                suggestions: [
                    "to sync, create the container as NSPersistentCloudKitContainer (the model must then meet CloudKit's rules, which schemalint checks once it is)",
                    "if the store is not meant to sync, remove the options, and any promise of iCloud sync the app makes to people",
                ]
            )
        }
    }
}

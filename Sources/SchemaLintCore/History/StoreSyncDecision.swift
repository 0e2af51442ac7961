/// What was decided for one model's sync from the code that opens its store, for the note that
/// says so (`StoreSyncDecisions` in the pipeline decides it).
package struct StoreSyncDecision: Hashable, Sendable {
    package var containers: [CloudKitContainerUse]
    package var sync: CloudKitContainerUse.Sync
    /// The model's own files mark configurations "Used with CloudKit".
    package var modelMarksCloudKit: Bool
    /// Found by the model's name in the code (`name: "Notes"`), not by nearness.
    package var byName: Bool
    /// The sync of each configuration the code's own store descriptions open, where they open
    /// the model's configurations apart.
    package var configurationSyncs: [String: CloudKitContainerUse.Sync] = [:]
    /// The first version checked as synced (`syncedSince:`, or git), when not the first.
    package var syncedSince: String?
    /// When git dated the start of sync: the day the container code was first committed.
    package var syncStartedOn: String?
    /// Sync is taken to start at `syncedSince` because the versions before it hold what
    /// CloudKit refuses to load (`StoreSyncDecisions.cloudKitCanLoad`).
    package var startsWhereCloudKitCanLoad = false
    /// A SwiftData model opened with the default `.automatic`: the entitlements file that gives
    /// the app CloudKit.
    package var entitlement: SourceLocation?
    /// A model marked Used with CloudKit in a repository whose code syncs nothing: where the
    /// store nearest to it is opened without CloudKit.
    package var openedWithoutCloudKit: SourceLocation?
    /// A CloudKit container that sets no options, in an app whose entitlements give no CloudKit:
    /// the entitlements file nearest to it.
    package var entitlementsWithoutCloudKit: SourceLocation?
    /// A model marked Used with CloudKit that no code here opens, in a repository whose
    /// entitlements give the app no CloudKit container: the entitlements file nearest to it.
    package var unopenedWithoutCloudKit: SourceLocation?
    /// `entitlementsWithoutCloudKit` is the Xcode project that signs the app with no entitlements
    /// (`StoreCodeFacts.projectsSigningWithoutEntitlements`), not an entitlements file.
    package var signedWithoutEntitlements = false

    package init(
        containers: [CloudKitContainerUse], sync: CloudKitContainerUse.Sync, modelMarksCloudKit: Bool, byName: Bool,
        syncedSince: String? = nil, syncStartedOn: String? = nil, startsWhereCloudKitCanLoad: Bool = false, entitlement: SourceLocation? = nil,
        openedWithoutCloudKit: SourceLocation? = nil, entitlementsWithoutCloudKit: SourceLocation? = nil
    ) {
        self.containers = containers
        self.sync = sync
        self.modelMarksCloudKit = modelMarksCloudKit
        self.byName = byName
        self.syncedSince = syncedSince
        self.syncStartedOn = syncStartedOn
        self.startsWhereCloudKitCanLoad = startsWhereCloudKitCanLoad
        self.entitlement = entitlement
        self.openedWithoutCloudKit = openedWithoutCloudKit
        self.entitlementsWithoutCloudKit = entitlementsWithoutCloudKit
    }
}

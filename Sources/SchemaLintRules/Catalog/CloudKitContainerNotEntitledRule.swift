import SchemaLintCore

/// `cloudkit-container-not-entitled`: the code syncs a store with a CloudKit container that none of
/// the app's entitlements lists. CloudKit gives an app only the containers its entitlements list,
/// so the store stays on the device: people who expect their data on their other devices, or back
/// after a reinstall, find it missing.
struct CloudKitContainerNotEntitledRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "cloudkit-container-not-entitled", category: .storeHandling, synced: .warning, local: .warning,
        summary: "The code syncs a store with a CloudKit container that none of the app's entitlements lists, so the store does not sync."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        let facts = context.facts
        // What the app may use is known only where every entitlements file lists its containers as
        // literals (a build setting, `iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)`, may be any of them).
        guard !facts.entitledContainers.isEmpty, facts.containersFromBuildSettings.isEmpty else { return [] }
        let entitled = Set(facts.entitledContainers.flatMap(\.identifiers))
        return facts.namedCloudKitContainers.filter { !entitled.contains($0.identifier) }.map { named in
            let listed = entitled.sorted().map { "\"\($0)\"" }
            let lists = listed.isEmpty ? "none" : listed.joined(separator: ", ")
            return finding(
                at: CodePlace(named.location, in: named.identifier), subject: "container",
                message: "\(named.written) syncs the store with the CloudKit container \"\(named.identifier)\", which none of the app's entitlements lists (they list \(lists)): CloudKit gives an app only the containers its entitlements list, so the store stays on the device and nothing syncs",
                notes: facts.entitledContainers.map { Finding.Note("the entitlements list their containers here", at: $0.location) },
                suggestions: [
                    "name a container the entitlements list, or add \"\(named.identifier)\" to the app's iCloud containers (Signing & Capabilities, iCloud), whichever holds the people's records",
                ]
            )
        }
    }
}

/// What kind of problem a rule catches; rules are grouped by it in `schemalint rules` and the docs.
package enum RuleCategory: String, CaseIterable, Hashable, Sendable, Codable {
    /// An element disappears.
    case removal
    /// An element gets a new name.
    case rename
    /// A property of an existing element changes.
    case modification
    /// An element appears.
    case addition
    /// A single version's model breaks a CloudKit requirement.
    case cloudkitModel = "cloudkit-model"
    /// Across the whole history rather than one pair of versions.
    case history
    /// Synced versions against the CloudKit production schema (`productionSchema:`).
    case productionSchema = "production-schema"
    /// The migrations a team wrote (mapping models, declared custom migrations) and what
    /// migrating costs at launch.
    case migration
    /// The app code that opens, protects, moves and deletes stores (docs/store-code.md).
    case storeHandling = "store-handling"
    /// About the input files themselves (bundles, locks, suppressions).
    case input
}

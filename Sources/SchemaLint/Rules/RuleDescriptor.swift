/// What kind of problem a rule catches; rules are grouped by it in `schemalint rules` and the docs.
public enum RuleCategory: String, CaseIterable, Hashable, Sendable, Codable {
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

/// A rule's stable identity and metadata: what `schemalint rules` lists and reporters describe.
public struct RuleDescriptor: Hashable, Sendable {
    /// Stable, kebab-case; never changes once released.
    public let id: String
    public let category: RuleCategory
    /// Severity when the element is synced through CloudKit; nil when the rule does not apply.
    public let syncedSeverity: Severity?
    /// Severity for a local-only store; nil when the rule does not apply.
    public let localSeverity: Severity?
    /// One line: what the rule catches.
    public let summary: String

    public init(id: String, category: RuleCategory, synced: Severity?, local: Severity?, summary: String) {
        self.id = id
        self.category = category
        self.syncedSeverity = synced
        self.localSeverity = local
        self.summary = summary
    }

    public func severity(synced: Bool) -> Severity? { synced ? syncedSeverity : localSeverity }

    /// The rule's page (`rules/<id>.md`), carried in the binary.
    public var page: String? { RulePages.all[id] }
}

import SchemaLintCore

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

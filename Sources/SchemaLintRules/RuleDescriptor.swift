import SchemaLintCore

/// A rule's stable identity and metadata: what `schemalint rules` lists and reporters describe.
package struct RuleDescriptor: Hashable, Sendable {
    /// Stable, kebab-case; never changes once released.
    package let id: String
    package let category: RuleCategory
    /// Severity when the element is synced through CloudKit; nil when the rule does not apply.
    package let syncedSeverity: Severity?
    /// Severity for a local-only store; nil when the rule does not apply.
    package let localSeverity: Severity?
    /// One line: what the rule catches.
    package let summary: String

    package init(id: String, category: RuleCategory, synced: Severity?, local: Severity?, summary: String) {
        self.id = id
        self.category = category
        self.syncedSeverity = synced
        self.localSeverity = local
        self.summary = summary
    }

    package func severity(synced: Bool) -> Severity? { synced ? syncedSeverity : localSeverity }

    /// The rule's page (`rules/<id>.md`), carried in the binary.
    package var page: String? { RulePages.all[id] }
}

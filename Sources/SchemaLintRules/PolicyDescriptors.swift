import SchemaLintCore

/// The findings the project's own settings give rise to, rather than its models or code: the
/// pipeline makes them (`FindingPolicy`, `Baseline`), and the catalog lists them beside the rules
/// so that they have pages, can be turned off and are explained like any rule's.
extension RuleDescriptor {
    package static let unusedSuppression = RuleDescriptor(
        id: "unused-suppression", category: .input, synced: .warning, local: .warning,
        summary: "A `# schemalint:ignore` comment matches no finding: the problem is gone, or the comment is misplaced."
    )

    package static let expiredIgnore = RuleDescriptor(
        id: "expired-ignore", category: .input, synced: .warning, local: .warning,
        summary: "An `ignore:` entry in .schemalint.yml is past its `until:` date and no longer applies."
    )

    package static let resolvedBaselineEntry = RuleDescriptor(
        id: "resolved-baseline-entry", category: .input, synced: .note, local: .note,
        summary: "A finding recorded in the baseline no longer occurs: the entry can be removed."
    )

    /// The settings' findings, as the catalog lists them.
    static var policyDescriptors: [RuleDescriptor] { [expiredIgnore, unusedSuppression, resolvedBaselineEntry] }
}

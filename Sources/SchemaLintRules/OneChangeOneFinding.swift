import SchemaLintCore

/// One change, one finding: where several findings of one rule say one change (an entity's
/// attributes given another transformer in one step, the fields one step asks CloudKit to
/// deploy), they are gathered into one, naming each. The pipeline asks here once the findings were
/// weighed one by one, and names no rule itself.
package enum OneChangeOneFinding {
    /// The rules whose findings of one step are gathered by `perStep`.
    private static let gatheredPerStep: Set<String> = [
        ElementAddedRule().descriptor.id, PropertyChangeRule.transformerChanged.descriptor.id, AttributeRequiredWithoutDefaultRule().descriptor.id,
        ElementRemovedRule.attribute.descriptor.id, PropertyChangeRule.optionalToRequired.descriptor.id,
    ]

    /// Whether a step's findings hold anything to gather: two of one gathered rule.
    package static func gathers(_ findings: [Finding]) -> Bool {
        var seen: Set<String> = []
        return findings.contains { gatheredPerStep.contains($0.ruleID) && !seen.insert($0.ruleID).inserted }
    }

    /// The findings of the step `comparison` takes, gathered: what remains to deploy of it is one
    /// reminder, and an entity's transformer changes, its attributes required with no default, its
    /// attributes made required with one and its attributes removed alike are one finding each.
    package static func perStep(_ findings: [Finding], _ comparison: Comparison) -> [Finding] {
        var gathered = ElementAddedRule.oneNotePerStep(findings, comparison)
        gathered = PropertyChangeRule.transformerChangesPerEntity(gathered, comparison)
        gathered = AttributeRequiredWithoutDefaultRule.perEntity(gathered, comparison)
        gathered = ElementRemovedRule.attributesPerEntity(gathered, comparison)
        return PropertyChangeRule.madeRequiredPerEntity(gathered, comparison)
    }

    /// The findings of a whole run, gathered: what a CloudKit rule of single versions says of
    /// several members of one entity is one finding, and so are the fields one version adds to
    /// one record type that production lacks. Run last, since suppressions, the baseline
    /// and the shipped steps name members. `formats`: each version's, by model and label (joined
    /// by a NUL).
    package static func perRun(_ findings: [Finding], catalog: RuleCatalog, formats: [String: ModelFormat]) -> [Finding] {
        ProductionSchemaMissingFieldRule.perRecordType(
            CloudKitElementRule.perEntity(findings, rules: catalog.versionRules.compactMap { $0 as? CloudKitElementRule }, formats: formats)
        )
    }
}

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
        byGathering(CloudKitElementRule.perEntity(findings, rules: catalog.versionRules.compactMap { $0 as? CloudKitElementRule }, formats: formats))
    }

    /// The findings whose rule said how they gather (`Finding.gathering`), two or more of one rule,
    /// model, version and key, made one: at the first member, listing each member's item, with a
    /// note at each member and the members' other notes once each; their identities are kept for
    /// baselines.
    static func byGathering(_ findings: [Finding]) -> [Finding] {
        struct Group: Hashable { let rule: String, model: String, version: String, key: String }
        func group(of finding: Finding) -> Group? {
            finding.gathering.map { Group(rule: finding.ruleID, model: finding.model, version: finding.version, key: $0.key) }
        }
        let groups = Dictionary(grouping: findings.indices.filter { group(of: findings[$0]) != nil }, by: { group(of: findings[$0])! }).filter { $0.value.count > 1 }
        guard !groups.isEmpty else { return findings }
        var merged: [Int: Finding] = [:]
        var dropped = Set<Int>()
        for members in groups.values {
            let sorted = members.sorted { (findings[$0].location, findings[$0].identity) < (findings[$1].location, findings[$1].identity) }
            let gatherings = sorted.compactMap { findings[$0].gathering }
            guard let first = gatherings.first else { continue }
            var finding = findings[sorted[0]]
            finding.message = "\(sorted.count) \(first.problem): \(gatherings.map(\.item).joined(separator: ", ")); \(first.consequence)"
            finding.path = finding.path.map { ElementPath(entity: $0.entity) }
            finding.memberIdentities = sorted.map { findings[$0].identity }
            finding.gathering = nil
            var told = Set<String>()
            let shared = sorted.flatMap { findings[$0].notes }.filter { told.insert($0.message).inserted }
            finding.notes = zip(sorted, gatherings).map { Finding.Note($1.note, at: findings[$0].location) } + shared
            merged[sorted[0]] = finding
            dropped.formUnion(sorted.dropFirst())
        }
        return findings.indices.filter { !dropped.contains($0) }.map { merged[$0] ?? findings[$0] }
    }
}

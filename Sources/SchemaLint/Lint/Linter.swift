/// The pipeline: histories of model versions -> typed changes -> rule findings.
public struct Linter: Sendable {
    /// With this many synced errors between two versions, findings also suggest a new CloudKit container.
    public static let manyBreakingChanges = 3

    public var catalog: RuleCatalog

    public init(catalog: RuleCatalog = .standard) {
        self.catalog = catalog
    }

    /// Lints every history (each version against its baseline) and the Xcode bundles they came from.
    public func lint(_ histories: [ModelHistory], bundles: [XcodeModelBundle] = []) -> LintResult {
        let dispatch = catalog.rulesByKind
        var findings: [Finding] = []
        for bundle in bundles {
            for rule in catalog.bundleRules { findings += rule.check(bundle) }
        }
        for history in histories {
            for (baseline, version) in history.comparisons {
                let changes = ModelDiffer().changes(from: baseline, to: version)
                findings += check(Comparison(baseline: baseline, version: version, changes: changes), dispatch: dispatch)
            }
        }
        return LintResult(
            findings: findings,
            modelCount: histories.count,
            versionCount: histories.reduce(0) { $0 + $1.versions.count },
            rules: catalog.descriptorsByID
        )
    }

    private func check(_ comparison: Comparison, dispatch: [Change.Kind: [any ChangeRule]]) -> [Finding] {
        var findings: [Finding] = []
        for change in comparison.changes {
            guard let rules = dispatch[change.kind] else { continue }
            // Transient elements are not stored: changing them touches neither stores nor CloudKit.
            if change.old?.isTransient ?? true, change.new?.isTransient ?? true { continue }
            let synced = comparison.isSynced(change)
            for rule in rules {
                guard let severity = rule.descriptor.severity(synced: synced) else { continue }
                findings += rule.check(change, in: comparison, severity: severity)
            }
        }
        let breaking = findings.filter { $0.severity == .error && comparison.version.isSynced(entity: $0.path?.entity ?? "") }
        if breaking.count >= Self.manyBreakingChanges {
            let advice = Suggestions.newContainer(breakingChanges: breaking.count, comparison: comparison)
            for index in findings.indices where findings[index].severity == .error && comparison.version.isSynced(entity: findings[index].path?.entity ?? "") {
                findings[index].suggestions.append(advice)
            }
        }
        return findings
    }
}

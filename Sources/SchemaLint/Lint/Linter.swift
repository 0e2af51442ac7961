import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// The pipeline: histories of model versions -> typed changes -> rule findings.
package struct Linter: Sendable {
    /// With this many synced errors between two versions, findings also suggest a new CloudKit container.
    package static let manyBreakingChanges = 3

    package var catalog: RuleCatalog
    package var options: LintOptions

    package init(catalog: RuleCatalog = .standard, options: LintOptions = LintOptions()) {
        self.catalog = catalog
        self.options = options
    }

    /// Lints every history: each version against its baseline (and, by `options.compatibility`,
    /// earlier releases), each version on its own, each whole history, and the lock if there is
    /// one; the Xcode bundles the versions came from, the mapping models found beside them, and
    /// the project's store-handling code.
    package func lint(_ histories: [ModelHistory], bundles: [XcodeModelBundle] = [], mappingModels: [(MappingModel, MappingModelPlacement)] = [], storeCode: StoreCodeFacts = StoreCodeFacts()) -> LintResult {
        var findings: [Finding] = []
        for bundle in bundles {
            for rule in catalog.bundleRules { findings += rule.check(bundle) }
        }
        for (mappingModel, placement) in mappingModels {
            for rule in catalog.mappingModelRules { findings += rule.check(mappingModel, placement) }
        }
        // A store of models that declare no entity (Xcode's template model, left empty), or only
        // the template's `Item` and its `timestamp`, holds nothing to migrate or lose.
        let storesHoldNothing = !histories.isEmpty && histories.allSatisfy { $0.versions.allSatisfy { $0.entities.isEmpty || $0.isProjectTemplate } }
        if !storeCode.isEmpty, !storesHoldNothing {
            let entries = Dictionary(grouping: options.lock?.entries ?? [], by: \.model)
            var shipped: [String: Set<String>] = [:]
            for history in histories {
                for (version, isShipped) in zip(history.versions, history.shipped(recordedIn: entries[history.model] ?? [])) where isShipped {
                    shipped[history.model, default: []].insert(version.label)
                }
                // The app's version changed since the newest version came: it went out in a release.
                if options.marketingVersionReleases[history.model] != nil {
                    shipped[history.model, default: []].formUnion(history.versions.filter(\.isReleased).map(\.label))
                }
            }
            var context = StoreCodeContext(facts: storeCode, histories: histories, shippedVersions: shipped, unreadReleases: options.unreadReleases)
            context.modelBundlesBuiltByNoTarget = options.modelBundlesBuiltByNoTarget
            // As `migration-at-launch` judges a step: one the app's own NSMigrationManager runs,
            // or a mapping model covers, migrates; otherwise the change rules' errors for the step,
            // the store local, say it fails to open.
            let (rules, handRun, facts) = (catalog.rulesByKind, !storeCode.handRunMigrations.isEmpty, storeCode)
            context.failsToMigrate = { history, baseline, version in
                guard !handRun, history.writtenMigration(from: baseline, to: version) == nil else { return false }
                var (from, to) = (baseline, version)
                from.markLocal()
                to.markLocal()
                let comparison = Comparison(baseline: from, version: to, changes: ModelDiffer().changes(from: from, to: to), code: ChangeCodeFacts(facts, for: history, among: histories))
                return !comparison.findings(by: rules, only: .error).isEmpty
            }
            for rule in catalog.storeCodeRules { findings += Self.oncePerLine(rule.check(context)) }
        }
        // Histories are independent: check them on all cores, the largest first (their entities
        // over all versions), and gather their findings in order.
        let (catalog, options) = (catalog, options)
        let sizes = histories.map { $0.versions.reduce(0) { $0 + $1.entities.count } }
        let bundleVersions = histories.indices.map { index in histories[index].versions.filter { $0.format == .xcode && $0.releaseTag == nil } }
        let passes = OrderedConcurrentMap.map(count: histories.count, costs: sizes) { index in
            let code = ChangeCodeFacts(storeCode, for: histories[index], among: histories)
            let found = HistoryPass(
                history: histories[index], catalog: catalog, options: options,
                code: code, handRunMigrations: storeCode.handRunMigrations,
                otherBundleVersions: bundleVersions[index].isEmpty ? [] : bundleVersions.indices.filter { $0 != index }.flatMap { bundleVersions[$0] }
            ).run()
            return code.keptOnlyInMemory.map {
                Self.keptOnlyInMemory(found, model: histories[index].model, openedAt: $0, swiftData: histories[index].versions.last?.format == .swiftData)
            } ?? found
        }
        findings += passes.joined()
        findings = ReleasedVersionLockRule.oneNoteForUncheckedOneVersionModels(findings, reason: options.unreadReleases?.reason)
        if let lock = options.lock {
            // Models the lock knows that are gone altogether: only the lock rules have something to say.
            let present = Set(histories.map(\.model))
            for model in Set(lock.entries.map(\.model)).subtracting(present).sorted() {
                findings += HistoryPass(history: ModelHistory(model: model, versions: []), catalog: catalog, options: options).run()
            }
        }
        return LintResult(
            findings: findings,
            modelCount: histories.count,
            versionCount: histories.reduce(0) { $0 + $1.versions.count },
            rules: catalog.descriptorsByID
        )
    }

    /// The findings of a model the code opens only in memory, each a note that says so: its
    /// versions are never a store's, so what they change breaks no one's data.
    /// SwiftData's classes (`swiftData`): every container the code makes is a preview's.
    static func keptOnlyInMemory(_ findings: [Finding], model: String, openedAt place: SourceLocation, swiftData: Bool = false) -> [Finding] {
        findings.map { finding in
            var note = finding
            note.severity = .note
            note.message += swiftData
                ? "; but every ModelContainer the code makes is a preview's or a debug build's, and SwiftUI is given none, so no store of this code migrates"
                : "; but the code opens '\(model)' only in memory, so no store keeps any of its versions"
            note.notes.append(Finding.Note(swiftData ? "a preview's ModelContainer is made here" : "the store of '\(model)' is kept in memory here", at: place))
            return note
        }
    }

    /// One finding per line of code: a `fatalError` in one `catch` that several stores reach, or
    /// a call each fallback repeats, is one thing to fix. The notes of the others (the places the
    /// stores are opened) join the first's.
    static func oncePerLine(_ findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        var index: [SourceLocation: Int] = [:]
        for finding in findings {
            guard let first = index[finding.location] else {
                index[finding.location] = result.count
                result.append(finding)
                continue
            }
            for note in finding.notes where !result[first].notes.contains(note) { result[first].notes.append(note) }
        }
        return result
    }

    /// Many synced errors between two versions: suggest a new CloudKit container on each of them.
    static func addContainerAdvice(to findings: inout [Finding], _ comparison: Comparison) {
        func isBreaking(_ finding: Finding) -> Bool {
            finding.severity == .error && comparison.version.isSynced(entity: finding.path?.entity ?? "")
        }
        let breaking = findings.filter(isBreaking).count
        guard breaking >= manyBreakingChanges else { return }
        let advice = Suggestions.newContainer(breakingChanges: breaking, comparison: comparison)
        for index in findings.indices where isBreaking(findings[index]) {
            findings[index].suggestions.append(advice)
        }
    }
}

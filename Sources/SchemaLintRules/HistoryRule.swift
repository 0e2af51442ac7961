import SchemaLintCore

/// A rule about a whole history rather than one pair of versions: a field that comes back with
/// another type however many versions later, a migration path that only works step by step,
/// released versions that changed since they were locked.
package protocol HistoryRule: Rule {
    /// Rules whose findings about the same element in the same version this rule's finding replaces.
    var supersedes: Set<String> { get }
    func check(_ history: HistoryContext) -> [Finding]
    /// Whether `finding`, one of this rule's, is about one step (its `version` against the one
    /// before it), as a change rule's is: once that step shipped, the default output counts it
    /// with the shipped history. A finding about the whole history (a release that can no longer
    /// migrate, a released version changed) protects the coming release whatever step it names.
    func isAboutOneStep(_ finding: Finding) -> Bool
}

extension HistoryRule {
    package var supersedes: Set<String> { [] }
    package func isAboutOneStep(_ finding: Finding) -> Bool { false }
}

/// What the linter computed for one history, handed to history rules so none of them re-diffs
/// what is already known.
package struct HistoryContext: Sendable {
    /// One version checked against its baseline, as in the core pass.
    package struct Step: Sendable {
        package var baseline: Int
        package var version: Int
        package var changes: [Change]
        /// The change rules' findings for the step (before compatibility-window findings).
        package var findings: [Finding]

        package init(baseline: Int, version: Int, changes: [Change], findings: [Finding]) {
            self.baseline = baseline
            self.version = version
            self.changes = changes
            self.findings = findings
        }
    }

    package let history: ModelHistory
    package let steps: [Step]
    /// Per-element identities across the history (renames followed); nil when not computed.
    let elements: ElementHistory?
    /// The lock's entries for this model, when a lock was found.
    package let lock: [VersionLock.Entry]?
    let catalog: RuleCatalog
    /// The CloudKit production schema the configuration names for this model (`productionSchema:`).
    package var productionSchema: CloudKitSchema? = nil
    /// Why the run could not read which versions shipped, when it could not (`LintOptions.unreadReleases`).
    package var unreadReleases: UnreadReleases? = nil
    /// `LintOptions.comparesEditedInPlaceWithNewestRelease` of the run.
    package var comparesEditedInPlaceWithNewestRelease = false
    /// `LintOptions.unmatchedReleaseTags` of the run.
    package var unmatchedReleaseTags: (pattern: String, tags: [String])? = nil
    /// For a SwiftData plan that came to classes with no schema, those classes as they were.
    package var shippedBeforePlan: ShippedBeforePlan? = nil
    /// What the run's code says that decides what a change does.
    package var code = ChangeCodeFacts()
    /// `StoreCodeFacts.handRunMigrations` of the run: where the app migrates its stores itself.
    package var handRunMigrations: [SourceLocation] = []
    /// For an Xcode model: the versions of the run's other bundles. Core Data looks for a store's
    /// model among every model the app holds, so a shape kept in another bundle (a `Legacy`
    /// model a release moved the shipped one to) still opens the stores made with it.
    package var otherBundleVersions: [ModelVersion] = []

    package init(
        history: ModelHistory, steps: [Step], elements: ElementHistory?, lock: [VersionLock.Entry]?, catalog: RuleCatalog,
        productionSchema: CloudKitSchema? = nil, unreadReleases: UnreadReleases? = nil, comparesEditedInPlaceWithNewestRelease: Bool = false,
        unmatchedReleaseTags: (pattern: String, tags: [String])? = nil, shippedBeforePlan: ShippedBeforePlan? = nil,
        code: ChangeCodeFacts = ChangeCodeFacts(), handRunMigrations: [SourceLocation] = [], otherBundleVersions: [ModelVersion] = []
    ) {
        self.history = history
        self.steps = steps
        self.elements = elements
        self.lock = lock
        self.catalog = catalog
        self.productionSchema = productionSchema
        self.unreadReleases = unreadReleases
        self.comparesEditedInPlaceWithNewestRelease = comparesEditedInPlaceWithNewestRelease
        self.unmatchedReleaseTags = unmatchedReleaseTags
        self.shippedBeforePlan = shippedBeforePlan
        self.code = code
        self.handRunMigrations = handRunMigrations
        self.otherBundleVersions = otherBundleVersions
    }

    /// The change rules' findings for two versions that need not be consecutive; with `only`, those
    /// of that severity alone.
    /// With `comparisons`, what earlier calls with the same `version` found for an entity is reused
    /// (`EntityComparisons`).
    func changeFindings(
        from baseline: ModelVersion, to version: ModelVersion, only: Severity? = nil, reusing comparisons: inout EntityComparisons?
    ) -> (changes: [Change], findings: [Finding]) {
        let changes = ModelDiffer().changes(from: baseline, to: version, reusing: &comparisons)
        let findings = Comparison(baseline: baseline, version: version, changes: changes, code: code).findings(by: catalog.rulesByKind, only: only)
        return (changes, findings)
    }
}

extension HistoryRule {
    package func add(to kinds: inout RuleKinds) {
        kinds.history.append(self)
    }
}

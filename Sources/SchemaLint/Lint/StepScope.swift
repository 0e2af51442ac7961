import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// Which steps of each history a run lists. A step is a version compared with the one before it;
/// the steps into versions that shipped long ago can no longer change, and reporting them again on
/// every run buries what the next release breaks. Like buf against the last release, or a
/// migration linter that reads the migrations a pull request adds, the default answers one
/// question: what does the release I am about to ship break?
package enum StepScope: String, Sendable, CaseIterable {
    /// The steps a coming release takes: into drafts and versions not recorded as shipped, and
    /// where nothing records what shipped, the newest step.
    case coming
    /// Every step, however long ago it shipped.
    case all
}

/// Splits a run's findings into those about the steps a coming release takes, which are listed,
/// and those about shipped steps, which are counted.
struct ComingSteps {
    /// The versions whose step is coming, by model: drafts; released versions after the last one
    /// the lock or a release tag records as shipped; and, where nothing records what shipped, the
    /// newest released version (the current version against the one before it).
    var comingVersions: [String: Set<String>]
    /// The rules whose findings are about one step or one version (their finding's `version`):
    /// change rules, checks of single versions, and mapping models. Whole-history rules, which
    /// protect the coming release (a name reused, a release that cannot migrate to the newest
    /// version, a released version changed since it shipped), the bundle, store code and policy
    /// rules report whatever step they are about, unless the history rule says a finding is about
    /// one step (`HistoryRule.isAboutOneStep`: the migration each step runs at launch).
    var stepRules: Set<String>
    /// The history rules, by id, each of which says which of its findings are about one step.
    private var historyRules: [String: any HistoryRule] = [:]
    /// What the checks of single versions find in the newest version of each model (their
    /// findings by `dedupKey`), by model: the next release ships that version whatever it
    /// changes, so such a problem is listed, though it shipped before and is reported in the
    /// version that first had it (a one-way relationship of a synced model the last release tag
    /// already held is still there to fix). It is listed where the newest version has it: that is
    /// where it is fixed, an older version being frozen once it shipped.
    var newestVersionProblems: [String: [String: Finding]]
    /// Each version's name as messages give it (`version 3`, `Model 4`), by model and label.
    var displayNames: [String: [String: String]] = [:]
    /// The models of which nothing records what shipped: every step but the newest is taken to
    /// have shipped.
    var unrecorded: Set<String> = []
    /// The models whose newest version a change of the app's version shows shipped, with it.
    var releasedByVersionChange: [String: MarketingVersionRelease] = [:]
    /// The repository is a shallow clone: the history that would show whether the newest step of
    /// an `unrecorded` model shipped is missing, not absent.
    var inShallowClone = false
    /// The change rules: a finding of theirs is about what a step changed, which breaks people only
    /// if the step is still to ship.
    private var changeRules: Set<String> = []
    /// Each model's newest version, as messages name it.
    private var newestNames: [String: String] = [:]

    init(histories: [ModelHistory], lock: VersionLock?, catalog: RuleCatalog, marketingVersionReleases: [String: MarketingVersionRelease] = [:], inShallowClone: Bool = false) {
        self.inShallowClone = inShallowClone
        changeRules = Set(catalog.changeRules.map(\.descriptor.id))
        var coming: [String: Set<String>] = [:]
        var newest: [String: [String: Finding]] = [:]
        let entries = Dictionary(grouping: lock?.entries ?? [], by: \.model)
        for history in histories {
            let shipped = history.shipped(recordedIn: entries[history.model] ?? [])
            var labels = Set(history.versions.filter { !$0.isReleased }.map(\.label))
            if let lastShipped = shipped.lastIndex(of: true) {
                // Versions after the newest release tag that holds the model, where the app's
                // version changed since the newest of them came: the tags stopped, the releases did not.
                if lastShipped < history.versions.count - 1, let release = marketingVersionReleases[history.model] {
                    releasedByVersionChange[history.model] = release
                } else {
                    labels.formUnion(history.versions[(lastShipped + 1)...].map(\.label))
                }
            } else if let release = marketingVersionReleases[history.model] {
                releasedByVersionChange[history.model] = release
            } else if let newest = history.releasedVersions.last {
                labels.insert(newest.label)
                unrecorded.insert(history.model)
            }
            coming[history.model, default: []].formUnion(labels)
            for version in history.versions { displayNames[history.model, default: [:]][version.label] = version.displayName }
            newestNames[history.model] = history.versions.last?.displayName
            if let last = history.versions.last {
                for finding in catalog.versionRules.flatMap({ $0.check(last) }) { newest[history.model, default: [:]][finding.dedupKey] = finding }
            }
        }
        comingVersions = coming
        newestVersionProblems = newest
        stepRules = Set(catalog.changeRules.map(\.descriptor.id) + catalog.versionRules.map(\.descriptor.id) + catalog.mappingModelRules.map(\.descriptor.id))
        historyRules = Dictionary(catalog.historyRules.map { ($0.descriptor.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `finding` is about a shipped step.
    func isShipped(_ finding: Finding) -> Bool {
        guard stepRules.contains(finding.ruleID) || historyRules[finding.ruleID]?.isAboutOneStep(finding) == true else { return false }
        if newestVersionProblems[finding.model]?[finding.dedupKey] != nil { return false }
        return !(comingVersions[finding.model]?.contains(finding.version) ?? true)
    }

    /// The findings to list, and the count of those about shipped steps.
    func split(_ findings: [Finding]) -> (listed: [Finding], shipped: ShippedHistory) {
        var listed: [Finding] = []
        var shipped = ShippedHistory()
        var releases: [String: MarketingVersionRelease] = [:]
        // A problem an older version first had and the newest kept is one finding, at the newest
        // version's element with a note of the first version: not one per version that had it,
        // nor the newest version's own beside it (a release read at a tag reports its problems).
        var moved: [String: Int] = [:]
        for finding in findings {
            if isShipped(finding) {
                shipped.count(finding.severity)
                if unrecorded.contains(finding.model) { shipped.assumed = true }
                if let release = releasedByVersionChange[finding.model] { releases[finding.model] = release }
            } else {
                let atNewest = whereTheNewestVersionHasIt(finding)
                let key = "\(finding.model)\u{0}\(finding.dedupKey)"
                if atNewest.version != finding.version {
                    guard moved[key] == nil else { continue }
                    moved[key] = listed.count
                }
                listed.append(takenAsComing(atNewest))
            }
        }
        // (Matched by identity: a shallow clone may have made the newest's own a warning.)
        let movedIndices = Set(moved.values)
        let newestOwn = Set(movedIndices.map { "\(listed[$0].model)\u{0}\(listed[$0].identity)\u{0}\(listed[$0].version)" })
        listed = listed.enumerated().filter { index, finding in
            movedIndices.contains(index) || !newestOwn.contains("\(finding.model)\u{0}\(finding.identity)\u{0}\(finding.version)")
        }.map(\.element)
        shipped.versionChanges = MarketingVersionRelease.sentences(of: Array(releases.values))
        return (listed, shipped)
    }

    /// A change of the newest step that a shallow clone only takes as coming: at most a warning,
    /// which says so. What the step changed breaks people only if it has not shipped, and the
    /// history that would tell is there to fetch: a run in a CI's one-commit checkout does not fail
    /// on a step two years old.
    private func takenAsComing(_ finding: Finding) -> Finding {
        guard inShallowClone, finding.severity == .error, unrecorded.contains(finding.model), changeRules.contains(finding.ruleID) else { return finding }
        var capped = finding
        capped.severity = .warning
        let newest = newestNames[finding.model].map { "whether \($0) shipped" } ?? "what shipped"
        capped.notes.append(Finding.Note("a warning, not an error: the repository is a shallow clone, whose one commit does not show \(newest); this step is only taken to be the coming release's (fetch the history and tags: `git fetch --unshallow --tags`, or actions/checkout with `fetch-depth: 0`)"))
        return capped
    }

    /// A problem of an older version that the newest still has, at the newest version's element,
    /// with a note of the version that first had it.
    private func whereTheNewestVersionHasIt(_ finding: Finding) -> Finding {
        guard var newest = newestVersionProblems[finding.model]?[finding.dedupKey], newest.version != finding.version else { return finding }
        newest.severity = finding.severity
        newest.notes = finding.notes + [Finding.Note("first in \(displayNames[finding.model]?[finding.version] ?? finding.version); the versions since kept it", at: finding.location)]
        return newest
    }
}

extension ModelHistory {
    /// Whether each version is recorded as shipped: a release tag holds it, or an entry of the
    /// lock (`entries`: the lock's entries for this model) does. A version git saw edited after
    /// its successor came is not known to have shipped.
    func shipped(recordedIn entries: [VersionLock.Entry]) -> [Bool] {
        versions.map { version in
            version.releaseTag != nil || entries.contains { $0.editedAfterSuccessor == nil && $0.names(version) }
        }
    }
}

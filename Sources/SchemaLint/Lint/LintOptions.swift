import SchemaLintCore

/// Which released versions each version must stay compatible with.
package enum Compatibility: Hashable, Sendable, CustomStringConvertible {
    /// Each version against its baseline, the newest release before it (the default).
    case previous
    /// Each version against every release before it (like Confluent's *_TRANSITIVE modes).
    case transitive
    /// Against the last N releases before it: the app versions still in people's hands.
    case window(Int)

    /// Parses `previous`, `transitive` or `window:N` (N >= 1).
    package init?(argument: String) {
        switch argument {
        case "previous": self = .previous
        case "transitive": self = .transitive
        default:
            guard argument.hasPrefix("window:"), let count = Int(argument.dropFirst("window:".count)), count >= 1 else { return nil }
            self = count == 1 ? .previous : .window(count)
        }
    }

    package var description: String {
        switch self {
        case .previous: "previous"
        case .transitive: "transitive"
        case .window(let count): "window:\(count)"
        }
    }

    /// How many releases before a version it is checked against (nil: all of them).
    var releaseCount: Int? {
        switch self {
        case .previous: 1
        case .transitive: nil
        case .window(let count): count
        }
    }
}

/// How a lint runs, beyond the rules.
package struct LintOptions: Sendable {
    package var compatibility: Compatibility
    /// The lock of released versions found beside the models, if any.
    package var lock: VersionLock?
    /// The CloudKit production schema each model's synced versions are checked against, by model name.
    package var productionSchemas: [String: CloudKitSchema]
    /// Why the run could not read what shipped, where it could not: the released versions (or
    /// those before the newest release) go unchecked.
    package var unreadReleases: UnreadReleases?
    /// The run compares the models edited in place with their newest release when it can (no
    /// history source asked for): `unreadReleases` says what those went without too.
    package var comparesEditedInPlaceWithNewestRelease = false
    /// The repository's tags when none matches the release-tag pattern (`pattern`), newest last:
    /// advice to tag releases names the pattern to give instead.
    package var unmatchedReleaseTags: (pattern: String, tags: [String])?
    /// For SwiftData plans that came to classes with no schema, those classes as they were, by
    /// history key (`LintPipeline.swiftDataPlanOrigins`).
    package var shippedBeforePlans: [String: ShippedBeforePlan] = [:]
    /// By model, where no tag or lock records what shipped: the change of the app's version that
    /// shows its newest version went out in a release.
    package var marketingVersionReleases: [String: MarketingVersionRelease] = [:]
    /// The model bundles skipped because no Xcode project of the run builds them: code that
    /// names one of them opens a model no app has.
    package var modelBundlesBuiltByNoTarget: [String] = []

    package init(compatibility: Compatibility = .previous, lock: VersionLock? = nil, productionSchemas: [String: CloudKitSchema] = [:]) {
        self.compatibility = compatibility
        self.lock = lock
        self.productionSchemas = productionSchemas
    }
}

/// Why a run could not read which versions shipped.
package enum UnreadReleases: Sendable, Hashable {
    /// A shallow clone: neither the release tags nor the history that would show what shipped.
    case shallowClone
    /// A shallow clone of the commit the newest release tag names: that release was read, the
    /// ones before it were not.
    case shallowCloneAtNewestRelease(tag: String)
    /// A whole history with no tag in it, and no lock: nothing records what shipped. `elsewhere`:
    /// the repository's tags outside that history (another branch's, oldest first).
    case noReleaseTag(elsewhere: [String])
    /// A whole history whose tags (`adhoc-latest`) none match the release pattern, and no lock.
    case noMatchingReleaseTag(pattern: String, tags: [String])

    /// Nothing records what shipped, in a history read whole.
    package var isWholeHistoryWithoutRelease: Bool {
        switch self {
        case .noReleaseTag, .noMatchingReleaseTag: true
        case .shallowClone, .shallowCloneAtNewestRelease: false
        }
    }

    /// Why, as a message ends with it.
    package var reason: String {
        switch self {
        case .shallowClone: "the repository is a shallow clone, which has neither the release tags nor the history that show what shipped"
        case .shallowCloneAtNewestRelease(let tag): "the repository is a shallow clone, which holds the newest release tag (\(tag)) but neither the older tags nor the history that show what shipped before it"
        case .noReleaseTag(let elsewhere) where !elsewhere.isEmpty:
            "no tag in the history of HEAD and no lock record what shipped (the repository's \(elsewhere.count == 1 ? "tag" : "\(elsewhere.count) tags"), the newest `\(elsewhere.last ?? "")`, \(elsewhere.count == 1 ? "is on a commit" : "are on commits") HEAD does not descend from: another branch, or a history rewritten since)"
        case .noReleaseTag: "no tag in the history of HEAD and no lock record what shipped"
        case .noMatchingReleaseTag(let pattern, let tags):
            "the tags in the history of HEAD (the newest: `\(tags.last ?? "")`) do not match the release-tag pattern `\(pattern)`, and no lock records what shipped"
        }
    }

    /// What makes the releases readable.
    package var suggestions: [String] {
        switch self {
        case .shallowClone, .shallowCloneAtNewestRelease:
            [
                "fetch the whole history and the tags (`git fetch --unshallow --tags`; in GitHub Actions, actions/checkout with `fetch-depth: 0`)",
                "or record what shipped with `schemalint lock` after each release",
            ]
        case .noMatchingReleaseTag:
            [
                "if releases are tagged another way, give the pattern: `history: {from: git, tags: \"release-*\"}` in .schemalint.yml, or --history-tags 'release-*'",
                "or record what shipped with `schemalint lock` after each release",
            ]
        case .noReleaseTag(let elsewhere) where !elsewhere.isEmpty:
            [
                "if releases are built from another branch, lint that branch, or merge it into this one so that its tags are in the history of HEAD",
                "or record what shipped with `schemalint lock` after each release",
            ]
        case .noReleaseTag:
            [
                "tag each release where it was built (`git tag v1.2 <commit>`, then `git push --tags`): each tag is a release people may still run",
                "or record what shipped with `schemalint lock` after each release",
            ]
        }
    }
}

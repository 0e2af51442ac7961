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
    /// Why nothing says which versions shipped, where the run could not look (a shallow clone has
    /// neither the release tags nor the history that would): the released versions go unchecked.
    package var releasesUnread: String?
    /// Why the releases before the newest tag went unread, where only that tag could be read (a
    /// shallow clone of a tagged commit): the versioned models' older releases go unchecked.
    package var olderReleasesUnread: String?
    /// The run compares the models edited in place with their newest release when it can (no
    /// history source asked for): `releasesUnread` says what those went without too.
    package var comparesEditedInPlaceWithNewestRelease = false
    /// The repository's tags when none matches the release-tag pattern (`pattern`), newest last:
    /// advice to tag releases names the pattern to give instead.
    package var unmatchedReleaseTags: (pattern: String, tags: [String])?

    package init(compatibility: Compatibility = .previous, lock: VersionLock? = nil, productionSchemas: [String: CloudKitSchema] = [:]) {
        self.compatibility = compatibility
        self.lock = lock
        self.productionSchemas = productionSchemas
    }
}

import Foundation

/// `schemalint.lock`: for each released version, a hash of its canonical content (docs/lock.md).
/// Released versions are what people run, so they must never change; lint compares them with the lock.
package struct VersionLock: Sendable {
    package static let fileName = "schemalint.lock"
    /// Bumped when the canonical form or the file's layout changes incompatibly.
    package static let formatVersion = 1

    package struct Entry: Hashable, Sendable {
        package var model: String
        /// The version as written in the model file (`3`, `2.1`).
        package var version: String
        /// `sha256:<hex>` of the canonical content: as the lock file records it, or computed from
        /// the released copy when asked. A run compares a released copy with the version element
        /// by element and seldom asks, and hashing every version of a bundle of a hundred costs a
        /// quarter of a run.
        package var hash: String {
            get { recordedHash ?? releasedCopy.map(VersionLock.hash(of:)) ?? "" }
            set { recordedHash = newValue }
        }
        private var recordedHash: String?
        /// Where the entry is in the lock file (nil for entries not read from a file).
        package var location: SourceLocation?
        /// For an entry taken from a git revision (a release tag, `--against`): the version's
        /// label there, which names it when its number is a position (a bundle's version folder),
        /// and the version as it was, to say what changed since.
        package var label: String?
        package var releasedCopy: ModelVersion?
        /// For an entry git inferred with no record of what shipped: the version was edited after
        /// its successor was added (`GitVersionEdits`).
        package var editedAfterSuccessor: VersionEdit?
        /// For an entry read from the newest release tag: the release that first shipped the
        /// version, where a later release holds it changed (`GitFirstReleases`).
        package var firstRelease: FirstRelease?
        /// For an entry read from the newest release tag, of a version edited since: the change of
        /// the app's version after its last edit, which shows a release the tags do not record
        /// shipped the version as it is now (a team that stopped tagging its releases).
        package var shippedSinceTheTag: AppVersionChange?
        /// For an entry read at a change of the app's version where no tag records a release
        /// (`MARKETING_VERSION` went from 1.1 to 1.2): that change. Messages name the release
        /// before it, whose version the entry is.
        package var releasedBefore: AppVersionChange?
        /// For an entry of a version that releases before the newest shipped as their current one
        /// and the bundle no longer has: the first and the last of those releases, and the
        /// version current in the first release without it (the step that removed it).
        package var removedFromBundle: (first: String, last: String, nextCurrent: String?)?
        /// The history (`ModelHistory.key`) the entry is about, where the run knows it (entries
        /// read from a release tag or git): two histories of one model name (an app's bundle and
        /// a watch extension's copy of the same name) do not take each other's entries.
        package var history: String?

        package init(model: String, version: String, hash: String, location: SourceLocation? = nil) {
            self.model = model
            self.version = version
            recordedHash = hash
            self.location = location
        }

        /// The entry for `version` of `model` as a git revision holds it, at `place` (`v1.2:path`).
        package init(released version: ModelVersion, of model: String, at place: String) {
            self.model = model
            self.version = version.version.text
            location = SourceLocation(file: place, line: 1, column: 1)
            label = version.label
            releasedCopy = version
        }

        /// Whether the entry is about `version` of its model: by label when it has one.
        package func names(_ version: ModelVersion) -> Bool {
            label.map { $0 == version.label } ?? (versionNumber == version.version)
        }

        // The released copy is what the entry's hash was computed from: it adds nothing to equality.
        package static func == (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.model, lhs.version, lhs.hash, lhs.location, lhs.label) == (rhs.model, rhs.version, rhs.hash, rhs.location, rhs.label)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(model)
            hasher.combine(version)
            hasher.combine(hash)
            hasher.combine(label)
        }

        package var versionNumber: VersionNumber? { VersionNumber(version) }
    }

    package var file: String
    package var entries: [Entry]

    package init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// The entries for every released version of the histories, in model and version order.
    package static func entries(for histories: [ModelHistory]) -> [Entry] {
        histories.sorted { $0.model < $1.model }.flatMap { history in
            // Releases read at git tags (`--history git`) are the tags' to keep, not the lock's.
            history.releasedVersions.filter { $0.releaseTag == nil }.map { Entry(model: history.model, version: $0.version.text, hash: hash(of: $0)) }
        }
    }

    /// The hash a released version is locked with.
    package static func hash(of version: ModelVersion) -> String { CanonicalForm.hash(of: version) }

    // MARK: Updating

    /// What `schemalint lock` would write, and what of the existing lock it would lose.
    package struct Update: Sendable {
        package var lock: VersionLock
        /// Locked versions that are gone (or no longer released).
        package var dropped: [Entry]
        /// Locked versions whose content changed since.
        package var changed: [Entry]
        /// Released versions locked for the first time.
        package var added: [Entry]
    }

    package static func update(_ existing: VersionLock?, histories: [ModelHistory], file: String) -> Update {
        let current = entries(for: histories)
        func key(_ entry: Entry) -> String { "\(entry.model)\u{0}\(entry.versionNumber.map { $0.components.description } ?? entry.version)" }
        let currentByKey = Dictionary(current.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let oldByKey = Dictionary((existing?.entries ?? []).map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let dropped = (existing?.entries ?? []).filter { currentByKey[key($0)] == nil }
        let changed = (existing?.entries ?? []).filter { old in currentByKey[key(old)].map { $0.hash != old.hash } ?? false }
        let added = current.filter { oldByKey[key($0)] == nil }
        return Update(lock: VersionLock(file: file, entries: current), dropped: dropped, changed: changed, added: added)
    }
}

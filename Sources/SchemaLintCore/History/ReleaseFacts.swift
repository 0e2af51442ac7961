import Foundation

// What a run reads of the releases that shipped a history (release tags, git, the lock), in the
// shape the rules read it.

/// The releases of a version that a later release holds changed.
package struct FirstRelease: Sendable {
    /// Each shape the releases shipped the version in, oldest first: the first release's, then
    /// that of each later release that holds it changed (more than Xcode saving it again), up to
    /// the newest release's.
    package var shapes: [ShippedShape]
    /// The tag that first shipped the version.
    package var tag: String { shapes[0].tag }
    /// The version as the first release holds it.
    package var copy: ModelVersion { shapes[0].copy }
    /// Where the first release holds it: `tag:path`.
    package var place: String { shapes[0].place }

    package init(shapes: [ShippedShape]) {
        self.shapes = shapes
    }
}

/// A version as the releases from one tag on shipped it.
package struct ShippedShape: Sendable {
    /// The first release that holds the version so.
    package var tag: String
    package var copy: ModelVersion
    /// Where the copy is: `tag:path`.
    package var place: String
    /// The version was the release's current one, with which it makes stores: at a release
    /// that holds it as an older version (a source of migrations), no store has that shape.
    package var madeStores = true
    /// The last release that made stores of this shape (the version current there, the file
    /// unchanged since `tag`), where that is a later release than `tag`.
    package var lastTag: String?
    /// The version as `lastTag` holds it, where that release is one: the same as `copy` in
    /// everything the version hash covers, and maybe not in the rest (the configurations an entity
    /// is in), which the release after it changed from.
    package var lastCopy: ModelVersion?

    package init(tag: String, copy: ModelVersion, place: String, madeStores: Bool = true, lastTag: String? = nil) {
        self.tag = tag
        self.copy = copy
        self.place = place
        self.madeStores = madeStores
        self.lastTag = lastTag
    }
}

/// An edit after the newest version came: the commit, and what it was compared with.
package struct VersionEdit: Hashable, Sendable {
    /// The first commit that modified the version after the newest was added; nil where the
    /// working tree holds the edit, not yet committed.
    package var commit: GitFileOrigins.Commit?
    /// The last commit that modified it since, where another than `commit`: the changes
    /// reported are those of every edit from `commit` to it.
    package var lastCommit: GitFileOrigins.Commit?
    package var successor: String
    /// The commit that added the newest version: the version as it was there is the copy. Nil
    /// where the working tree adds it, not yet committed: the copy is HEAD's.
    package var successorAdded: GitFileOrigins.Commit?
    /// For the newest version itself: the change of the app's version since it came, after
    /// which (or in which) `commit` edited it; the copy is the version as it was before
    /// `commit`.
    package var afterAppVersionChange: AppVersionChange?
    /// The copy is the version as it was before `successorAdded` (not as it was there).
    package var copiedBeforeSuccessor = false

    package init(
        commit: GitFileOrigins.Commit?, lastCommit: GitFileOrigins.Commit? = nil, successor: String, successorAdded: GitFileOrigins.Commit?,
        afterAppVersionChange: AppVersionChange? = nil, copiedBeforeSuccessor: Bool = false
    ) {
        self.commit = commit
        self.lastCommit = lastCommit
        self.successor = successor
        self.successorAdded = successorAdded
        self.afterAppVersionChange = afterAppVersionChange
        self.copiedBeforeSuccessor = copiedBeforeSuccessor
    }
}

package struct AppVersionChange: Hashable, Sendable {
    /// The commit (abbreviated) and its date.
    package var commit: String
    package var date: String
    /// The app's version before and after it, and the setting that holds it.
    package var from: String
    package var to: String
    package var setting: String

    package init(commit: String, date: String, from: String, to: String, setting: String) {
        self.commit = commit
        self.date = date
        self.from = from
        self.to = to
        self.setting = setting
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

/// The `@Model` classes of a SwiftData app as they were before it added its migration plan.
package struct ShippedBeforePlan: Sendable {
    /// The classes then, as one version (located at `revision:path`): as the newest release
    /// before the plan shipped them, else as the commit before the plan had them.
    package var copy: ModelVersion
    package var place: SourceLocation
    /// The commit that brought the plan's first `VersionedSchema`.
    package var planAdded: GitFileOrigins.Commit
    /// The newest release tag that held the classes before it; nil in a repository with no
    /// release tag (they may never have shipped).
    package var release: String?
    /// The plan's schemas that came in with it before the newest of them, where none is the
    /// classes and the first is known to be no release's: no store ever had them (the app opened
    /// the newest, and the stores before the plan match none), so no step from them is one a
    /// store takes.
    package var storeless: [ModelVersion] = []

    package init(copy: ModelVersion, place: SourceLocation, planAdded: GitFileOrigins.Commit, release: String?, storeless: [ModelVersion] = []) {
        self.copy = copy
        self.place = place
        self.planAdded = planAdded
        self.release = release
        self.storeless = storeless
    }
}

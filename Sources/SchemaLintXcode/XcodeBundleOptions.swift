import SchemaLintCore

/// How to read an Xcode model bundle: facts the bundle itself cannot tell.
package struct XcodeBundleOptions: Sendable, Hashable {
    /// The versions in history order (names without `.xcdatamodel`), when neither git nor their
    /// names tell it; it must name every version that has a `contents` file. Nil: the order in
    /// which git first added the versions, or natural order of the names.
    package var order: [String]?
    /// Versions not yet shipped (names without `.xcdatamodel`): checked, never a baseline. Nil:
    /// the versions after the current version (`.xccurrentversion`) in history order.
    package var drafts: Set<String>?
    /// The user declared the model synced with CloudKit (OR'ed with the XML's own `usedWithCloudKit`).
    package var cloudKit: Bool
    /// Whether to ask git when each version was added, when the bundle lies in a git work tree.
    package var readsGitHistory: Bool
    /// The bundle lies in files copied from a git revision (`--against`): its history is read there.
    package var snapshot: GitSnapshot?
    /// The current version the Xcode project's version group names (`currentVersion` of its
    /// `XCVersionGroup`), taken where the bundle has no `.xccurrentversion` (a repository that
    /// ignores the file): Xcode writes the file from the project.
    package var projectCurrentVersion: String?
    /// What git said about the bundle's versions, when a run asked once for all its bundles
    /// (`XcodeVersionCommits.read(bundles:)`); nil: the loader asks git itself, if it needs to.
    var gitAnswer: XcodeVersionCommits.Answer?

    package init(order: [String]? = nil, drafts: Set<String>? = nil, cloudKit: Bool = false, readsGitHistory: Bool = true, snapshot: GitSnapshot? = nil) {
        self.order = order
        self.drafts = drafts
        self.cloudKit = cloudKit
        self.readsGitHistory = readsGitHistory
        self.snapshot = snapshot
    }
}

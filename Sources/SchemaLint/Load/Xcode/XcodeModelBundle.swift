/// How to read an Xcode model bundle: facts the bundle itself cannot tell.
public struct XcodeBundleOptions: Sendable, Hashable {
    /// The versions in history order (names without `.xcdatamodel`), when neither git nor their
    /// names tell it; it must name every version that has a `contents` file. Nil: the order in
    /// which git first added the versions, or natural order of the names.
    public var order: [String]?
    /// Versions not yet shipped (names without `.xcdatamodel`): checked, never a baseline. Nil:
    /// the versions after the current version (`.xccurrentversion`) in history order.
    public var drafts: Set<String>?
    /// The user declared the model synced with CloudKit (OR'ed with the XML's own `usedWithCloudKit`).
    public var cloudKit: Bool
    /// Whether to ask git when each version was added, when the bundle lies in a git work tree.
    public var readsGitHistory: Bool
    /// The bundle lies in files copied from a git revision (`--against`): its history is read there.
    public var snapshot: GitSnapshot?
    /// What git said about the bundle's versions, when a run asked once for all its bundles
    /// (`XcodeVersionCommits.read(bundles:)`); nil: the loader asks git itself, if it needs to.
    var gitAnswer: XcodeVersionCommits.Answer?

    public init(order: [String]? = nil, drafts: Set<String>? = nil, cloudKit: Bool = false, readsGitHistory: Bool = true, snapshot: GitSnapshot? = nil) {
        self.order = order
        self.drafts = drafts
        self.cloudKit = cloudKit
        self.readsGitHistory = readsGitHistory
        self.snapshot = snapshot
    }
}

/// A version folder with no `contents` XML: an Xcode 3 model saved as binary `elements`/`layout`
/// files, which cannot be read and is left out of the history.
public struct XcodeLegacyVersion: Sendable, Hashable {
    /// The folder name without `.xcdatamodel`.
    public var name: String
    /// The path of the version folder.
    public var path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// The versions of one `Name.xcdatamodeld` bundle, in history order.
public struct XcodeModelBundle: Sendable {
    /// The bundle's path, as given.
    public var path: String
    /// The model's name: the bundle's name without `.xcdatamodeld`.
    public var name: String
    /// Version 1...n in history order; labels are the folder names without `.xcdatamodel`.
    public var versions: [ModelVersion]
    /// The version `.xccurrentversion` names (without `.xcdatamodel`); nil when it names none.
    public var currentVersionName: String?
    /// Version folders skipped because they have no `contents` file.
    public var legacyVersions: [XcodeLegacyVersion]
    /// Where the order of `versions` comes from, and what git and the names say about it.
    public var ordering: XcodeVersionOrdering
    /// The drafts the configuration names; nil when it names none (then the versions after the
    /// current version are the drafts).
    public var configuredDrafts: Set<String>?

    public init(
        path: String, name: String, versions: [ModelVersion], currentVersionName: String?, legacyVersions: [XcodeLegacyVersion],
        ordering: XcodeVersionOrdering? = nil, configuredDrafts: Set<String>? = nil
    ) {
        self.path = path
        self.name = name
        self.versions = versions
        self.currentVersionName = currentVersionName
        self.legacyVersions = legacyVersions
        let labels = versions.map(\.label)
        self.ordering = ordering ?? XcodeVersionOrdering(basis: .names, history: labels, byName: XcodeVersionOrder.sortedByName(labels, model: name))
        self.configuredDrafts = configuredDrafts
    }

    /// The current version, when `.xccurrentversion` names one that was read.
    public var currentVersion: ModelVersion? {
        currentVersionName.flatMap { name in versions.first { $0.label == name } }
    }

    static let bundleExtension = ".xcdatamodeld"
    static let versionExtension = ".xcdatamodel"

    /// `Model 3` for `Model 3.xcdatamodel` (names without the extension are returned as they are).
    static func versionName(ofFolder folder: String) -> String {
        folder.hasSuffix(versionExtension) ? String(folder.dropLast(versionExtension.count)) : folder
    }
}

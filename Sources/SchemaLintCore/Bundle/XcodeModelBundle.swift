import Foundation

/// A version folder with no model file (neither `contents` XML nor Xcode 3's binary `elements`),
/// which is left out of the history.
package struct XcodeLegacyVersion: Sendable, Hashable {
    /// The folder name without `.xcdatamodel`.
    package var name: String
    /// The path of the version folder.
    package var path: String

    package init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// The versions of one `Name.xcdatamodeld` bundle, in history order.
package struct XcodeModelBundle: Sendable {
    /// The bundle's path, as given.
    package var path: String
    /// The model's name: the bundle's name without `.xcdatamodeld`.
    package var name: String
    /// Version 1...n in history order; labels are the folder names without `.xcdatamodel`.
    package var versions: [ModelVersion]
    /// The version `.xccurrentversion` names (without `.xcdatamodel`); nil when it names none.
    package var currentVersionName: String?
    /// Version folders skipped because they have no model file.
    package var legacyVersions: [XcodeLegacyVersion]
    /// Where the order of `versions` comes from, and what git and the names say about it.
    package var ordering: XcodeVersionOrdering
    /// The drafts the configuration names; nil when it names none (then the versions after the
    /// current version are the drafts).
    package var configuredDrafts: Set<String>?

    package init(
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
    package var currentVersion: ModelVersion? {
        currentVersionName.flatMap { name in versions.first { $0.label == name } }
    }

    package static let bundleExtension = ".xcdatamodeld"
    package static let versionExtension = ".xcdatamodel"
    /// A version's model file: `contents` XML, or, in a version saved by Xcode 3, binary `elements`;
    /// where a folder holds both, `contents` is the one read.
    package static let modelFile = "contents"
    package static let binaryModelFile = "elements"
    package static let modelFiles = [modelFile, binaryModelFile]

    /// The model a bundle holds: its folder's name without `.xcdatamodeld`.
    package static func modelName(ofBundleAt path: String) -> String {
        let bundleName = (path as NSString).lastPathComponent
        return bundleName.hasSuffix(XcodeModelBundle.bundleExtension) ? String(bundleName.dropLast(XcodeModelBundle.bundleExtension.count)) : bundleName
    }

    /// `Model 3` for `Model 3.xcdatamodel` (names without the extension are returned as they are).
    package static func versionName(ofFolder folder: String) -> String {
        folder.hasSuffix(versionExtension) ? String(folder.dropLast(versionExtension.count)) : folder
    }
}

import Foundation

/// Loads every version of an Xcode model bundle (`Name.xcdatamodeld`).
public enum XcodeBundleLoader {
    /// Reads the bundle at `path`: each `*.xcdatamodel` folder with a `contents` file becomes a version,
    /// numbered 1...n in history order (`options.order`, else the order in which git first added
    /// them, else natural order of the folder names); folders without `contents` are listed in
    /// `legacyVersions`. Versions after the current one are drafts unless `options.drafts` says.
    public static func load(_ path: String, options: XcodeBundleOptions = .init()) throws(InputError) -> XcodeModelBundle {
        let bundleName = (path as NSString).lastPathComponent
        let model = bundleName.hasSuffix(XcodeModelBundle.bundleExtension)
            ? String(bundleName.dropLast(XcodeModelBundle.bundleExtension.count)) : bundleName
        let folders = try versionFolders(in: path)
        var readable: [String: String] = [:]
        var legacy: [XcodeLegacyVersion] = []
        for folder in folders {
            let folderPath = (path as NSString).appendingPathComponent(folder)
            let name = XcodeModelBundle.versionName(ofFolder: folder)
            let contents = (folderPath as NSString).appendingPathComponent("contents")
            if FileManager.default.fileExists(atPath: contents) {
                readable[name] = contents
            } else {
                legacy.append(XcodeLegacyVersion(name: name, path: folderPath))
            }
        }
        let legacyNames = Set(legacy.map(\.name))
        let current = try XcodeCurrentVersion.read(bundle: path)
        let asksGit = options.order == nil && options.readsGitHistory
            && !XcodeVersionOrder.namesSuffice(Set(readable.keys), current: current, model: model)
        let git = asksGit ? options.gitAnswer ?? XcodeVersionCommits.read(bundle: path, snapshot: options.snapshot) : .init()
        var ordering = try XcodeVersionOrder.ordering(
            of: Set(readable.keys), legacy: legacyNames, explicit: options.order, commits: git.commits, bundle: path)
        ordering.gitProblem = git.problem
        ordering.isShallowClone = git.isShallow
        let ordered = ordering.history
        let drafts = try XcodeVersionOrder.drafts(
            configured: options.drafts, history: ordered, current: current, known: Set(readable.keys).union(legacyNames), bundle: path)

        // Versions are independent: read them on all cores (each parse has its own libxml2 context).
        // An entity written the same way in several versions is read once (`EntityTextCache`).
        let files = readable
        let entities = EntityTextCache()
        let versions = try OrderedConcurrentMap.map(count: ordered.count) { offset throws(InputError) in
            let name = ordered[offset]
            return try XcodeModelReader.read(
                contentsAt: files[name]!, model: model, version: VersionNumber(ordinal: offset + 1),
                label: name, isReleased: !drafts.contains(name), cloudKit: options.cloudKit, entities: entities)
        }
        return XcodeModelBundle(
            path: path, name: model, versions: versions,
            currentVersionName: current,
            legacyVersions: legacy.sorted { NaturalOrder.precedes($0.name, $1.name) },
            ordering: ordering, configuredDrafts: options.drafts.map { Set($0.map(XcodeModelBundle.versionName(ofFolder:))) })
    }

    /// Whether loading the bundle at `path` with `options` would ask git for its history (the
    /// order is not given, and the names alone do not settle it): a run asks git once for all such
    /// bundles.
    public static func asksGitHistory(_ path: String, options: XcodeBundleOptions) -> Bool {
        guard options.order == nil, options.readsGitHistory, let folders = try? versionFolders(in: path) else { return false }
        let bundleName = (path as NSString).lastPathComponent
        let model = bundleName.hasSuffix(XcodeModelBundle.bundleExtension) ? String(bundleName.dropLast(XcodeModelBundle.bundleExtension.count)) : bundleName
        let readable = folders.filter { FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent($0 + "/contents")) }
        let current = try? XcodeCurrentVersion.read(bundle: path)
        return !XcodeVersionOrder.namesSuffice(Set(readable.map(XcodeModelBundle.versionName(ofFolder:))), current: current ?? nil, model: model)
    }

    /// Why the bundle at `path` holds no version to read, or nil when it holds one: no version
    /// folder at all (a leftover of a deleted target, only its `.xccurrentversion` committed), or
    /// only version folders without a `contents` file (Xcode 3's binary format).
    public static func unreadableReason(_ path: String) -> String? {
        guard let folders = try? versionFolders(in: path) else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil else { return nil }
            return "the model bundle has no version folders (*\(XcodeModelBundle.versionExtension)); it is left out of the lint"
        }
        let readable = folders.contains { FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent($0 + "/contents")) }
        return readable ? nil : "the model bundle holds only versions in Xcode 3's binary format, which schemalint cannot read; it is left out of the lint (open it in a current Xcode to convert it)"
    }

    /// The `*.xcdatamodel` folder names in the bundle.
    private static func versionFolders(in path: String) throws(InputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, message: "no such model bundle")
        }
        guard isDirectory.boolValue else {
            throw InputError(file: path, message: "not a model bundle: expected a folder Name\(XcodeModelBundle.bundleExtension)")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw InputError(file: path, message: "cannot list the model bundle: \(FileProblem.describe(error))")
        }
        let folders = entries.filter { entry in
            var isFolder: ObjCBool = false
            return entry.hasSuffix(XcodeModelBundle.versionExtension)
                && FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(entry), isDirectory: &isFolder)
                && isFolder.boolValue
        }
        guard !folders.isEmpty else {
            throw InputError(file: path, message: "the model bundle has no version folders (*\(XcodeModelBundle.versionExtension))")
        }
        return folders
    }
}

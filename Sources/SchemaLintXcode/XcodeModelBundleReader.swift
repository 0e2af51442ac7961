import Foundation
import SchemaLintCore

/// Xcode's model bundles (`Name.xcdatamodeld` folders), each a history of versions: read whole,
/// in the order their names or git give (`XcodeBundleLoader`). A bundle with no version to read
/// (an empty leftover, or version folders without a model file) is a warning on it, and the other models
/// are linted.
package struct XcodeModelBundleReader: ModelSourceReader {
    package static let readerName = "Xcode model bundle"

    /// What the configuration and the command line say about the bundle at a path.
    package var bundleOptions: @Sendable (String) -> XcodeBundleOptions
    /// Where what git said about the bundles' history is kept between runs (nil: not kept).
    package var gitCache: GitHistoryCache?

    package init(bundleOptions: @escaping @Sendable (String) -> XcodeBundleOptions = { _ in XcodeBundleOptions() }, gitCache: GitHistoryCache? = nil) {
        self.bundleOptions = bundleOptions
        self.gitCache = gitCache
    }

    package var name: String { Self.readerName }
    package var fileNameSuffixes: [String] { [] }
    package var folderNameSuffixes: [String] { [XcodeModelBundle.bundleExtension.lowercased()] }

    /// Bundles are folders: no file is one.
    package func claims(name: String, bytes: [UInt8]) -> Bool { false }

    /// Git is asked once for every bundle whose names do not settle its order; the bundles load on
    /// all cores, those with the most versions first (`OrderedConcurrentMap.startOrder`).
    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        let paths = sources.map(\.name)
        let tree = options.tree
        let bundleOptions = { @Sendable (path: String) in
            var bundle = self.bundleOptions(tree.workingTreePath(of: path))
            bundle.projectCurrentVersion = options.projectCurrentVersions[path]
            return bundle
        }
        let asking = paths.filter { XcodeBundleLoader.asksGitHistory($0, options: bundleOptions($0), in: tree) }
        let gitAnswers = asking.isEmpty ? [:] : XcodeVersionCommits.read(bundles: asking, snapshot: bundleOptions(asking[0]).snapshot, cache: gitCache)
        let costs = paths.map { (try? tree.entries(ofFolder: $0).count) ?? 1 }
        let results = OrderedConcurrentMap.map(count: paths.count, costs: costs) { index in
            var options = bundleOptions(paths[index])
            options.gitAnswer = gitAnswers[paths[index]]
            return load(paths[index], options: options, in: tree)
        }
        var reading = ModelSourceReading()
        for result in results {
            switch result {
            case .success(.bundle(let bundle)):
                reading.versions += bundle.versions
                reading.bundles.append(bundle)
            case .success(.unreadable(let note)):
                reading.notes.append(note)
                reading.unreadableBundles.append(note.location.file)
            case .failure(let error): reading.errors.append(error)
            }
        }
        return reading
    }

    private enum Loaded: Sendable {
        case bundle(XcodeModelBundle)
        case unreadable(ReadingNote)
    }

    private func load(_ path: String, options: XcodeBundleOptions, in tree: any SourceTree) -> Result<Loaded, InputError> {
        Result { () throws(InputError) in
            if let reason = XcodeBundleLoader.unreadableReason(path, in: tree) {
                return .unreadable(ReadingNote(at: SourceLocation(file: path, line: 1, column: 1), reason))
            }
            var bundle = try XcodeBundleLoader.load(path, options: options, in: tree)
            for index in bundle.versions.indices { bundle.versions[index].history = "bundle:" + path }
            return .bundle(bundle)
        }
    }
}

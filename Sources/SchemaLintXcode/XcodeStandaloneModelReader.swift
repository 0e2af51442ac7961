import Foundation
import SchemaLintCore

/// An Xcode model outside a bundle (`Name.xcdatamodel` on its own, as projects made before Xcode
/// versioned models have it): one version, with no history of its own, in `contents` XML or Xcode
/// 3's binary `elements`. A folder with neither is a warning on it, and the other models are linted.
/// The version folders inside a `Name.xcdatamodeld` are the bundle reader's: the walk never
/// enters a bundle, and a path named inside one names the bundle.
package struct XcodeStandaloneModelReader: ModelSourceReader {
    /// What the configuration and the command line say about the model at a path (`cloudkit:`).
    package var bundleOptions: @Sendable (String) -> XcodeBundleOptions

    package init(bundleOptions: @escaping @Sendable (String) -> XcodeBundleOptions = { _ in XcodeBundleOptions() }) {
        self.bundleOptions = bundleOptions
    }

    package var name: String { "Xcode model" }
    package var fileNameSuffixes: [String] { [] }
    package var folderNameSuffixes: [String] { [XcodeModelBundle.versionExtension] }

    /// Models are folders: no file is one.
    package func claims(name: String, bytes: [UInt8]) -> Bool { false }

    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        var reading = ModelSourceReading()
        let tree = options.tree
        for path in sources.map(\.name) {
            // Named on the command line, a file of that name is no model (the walk hands over folders only).
            if Self.isAFile(path, in: tree) {
                reading.errors.append(InputError(file: path, message: "not a model: expected a folder Name\(XcodeModelBundle.versionExtension)"))
                continue
            }
            guard let contents = XcodeBundleLoader.modelFile(inVersionFolder: path, tree: tree) else {
                reading.notes.append(ReadingNote(
                    at: SourceLocation(file: path, line: 1, column: 1),
                    "the model folder holds no model file (contents or elements); it is left out of the lint"
                ))
                continue
            }
            let name = XcodeModelBundle.versionName(ofFolder: (path as NSString).lastPathComponent)
            do throws(InputError) {
                var version = try XcodeModelReader.read(
                    contentsAt: contents, in: tree, model: name, label: name, cloudKit: bundleOptions(tree.workingTreePath(of: path)).cloudKit)
                version.history = "bundle:" + path
                reading.versions.append(version)
            } catch {
                reading.errors.append(error)
            }
        }
        return reading
    }

    private static func isAFile(_ path: String, in tree: any SourceTree) -> Bool {
        do throws(SourceTreeProblem) {
            _ = try tree.entries(ofFolder: path)
            return false
        } catch {
            if case .wrongKind = error { return true }
            return false
        }
    }
}

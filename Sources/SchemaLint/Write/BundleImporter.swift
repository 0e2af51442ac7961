import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// `schemalint import`: one YAML model file per version of an Xcode bundle (or of the SwiftData
/// histories a reader found in Swift sources), in the documented format, so that linting the files
/// finds what linting the bundle or the sources finds.
package struct BundleImporter: Sendable {
    package var options: XcodeBundleOptions

    package init(options: XcodeBundleOptions = XcodeBundleOptions()) {
        self.options = options
    }

    /// A planned file: where it goes and what it holds.
    package struct File: Sendable {
        package var path: String
        package var text: String
    }

    /// The files for every version of the bundle, named after the versions (`Model 2.yaml`).
    package func files(for bundlePath: String, into folder: String) throws(InputError) -> [File] {
        let bundle = try XcodeBundleLoader.load(bundlePath, options: options)
        return Self.files(for: bundle.versions, into: folder)
    }

    /// The files for versions already read, named after the versions (`NotesSchemaV2.yaml`); with
    /// several histories (two migration plans), each in a folder named after its model.
    package static func files(for versions: [ModelVersion], into folder: String) -> [File] {
        let histories = Set(versions.map(\.history))
        return versions.map { version in
            let base = histories.count > 1 ? (folder as NSString).appendingPathComponent(fileName(for: version.model, extension: "")) : folder
            return File(path: (base as NSString).appendingPathComponent(fileName(for: version.label)), text: ModelYAMLWriter.render(version))
        }
    }

    /// Writes the files atomically. Existing files are replaced only with `force`; without it,
    /// nothing is written when any of them exists, so a run never leaves half an import behind.
    package func write(_ files: [File], force: Bool) throws(FileWriteError) {
        if !force, let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw FileWriteError(path: existing.path, message: "already exists; use --force to replace the imported files")
        }
        if let duplicate = Dictionary(grouping: files, by: \.path).first(where: { $0.value.count > 1 })?.key {
            throw FileWriteError(path: duplicate, message: "two versions would be written to this file; name their versions apart")
        }
        for folder in Set(files.map { PathResolution.parent(of: $0.path) }).sorted() where !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: folder, message: "cannot create the folder: \(error.localizedDescription)")
            }
        }
        for file in files { try AtomicFileWriter.write(file.text, to: file.path, force: force) }
    }

    /// A file name from a version name: path separators and leading dots are replaced.
    static func fileName(for label: String, extension: String = ".yaml") -> String {
        var name = label.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "\\", with: "-")
        while name.hasPrefix(".") { name.removeFirst() }
        return (name.isEmpty ? "version" : name) + `extension`
    }
}

import Foundation

/// `schemalint import`: one YAML model file per version of an Xcode bundle, in the documented
/// format, so that linting the files finds what linting the bundle finds.
public struct BundleImporter: Sendable {
    public var options: XcodeBundleOptions

    public init(options: XcodeBundleOptions = XcodeBundleOptions()) {
        self.options = options
    }

    /// A planned file: where it goes and what it holds.
    public struct File: Sendable {
        public var path: String
        public var text: String
    }

    /// The files for every version of the bundle, named after the versions (`Model 2.yaml`).
    public func files(for bundlePath: String, into folder: String) throws(InputError) -> [File] {
        let bundle = try XcodeBundleLoader.load(bundlePath, options: options)
        return bundle.versions.map { version in
            File(path: (folder as NSString).appendingPathComponent(Self.fileName(for: version.label)), text: ModelYAMLWriter.render(version))
        }
    }

    /// Writes the files atomically. Existing files are replaced only with `force`; without it,
    /// nothing is written when any of them exists, so a run never leaves half an import behind.
    public func write(_ files: [File], force: Bool) throws(FileWriteError) {
        if !force, let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw FileWriteError(path: existing.path, message: "already exists; use --force to replace the imported files")
        }
        if let folder = files.first.map({ ($0.path as NSString).deletingLastPathComponent }), !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: folder, message: "cannot create the folder: \(error.localizedDescription)")
            }
        }
        for file in files { try AtomicFileWriter.write(file.text, to: file.path, force: force) }
    }

    /// A file name from a version name: path separators and leading dots are replaced.
    static func fileName(for label: String) -> String {
        var name = label.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "\\", with: "-")
        while name.hasPrefix(".") { name.removeFirst() }
        return (name.isEmpty ? "version" : name) + ".yaml"
    }
}

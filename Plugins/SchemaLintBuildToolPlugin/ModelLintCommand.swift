import Foundation
import PackagePlugin

/// The build command that lints one target's models: `schemalint lint PATH... --stamp STAMP`, with
/// the models and the configuration as declared inputs and the stamp as the declared output, so the
/// build runs it only when one of them changed (or the last run failed: a failed run removes the
/// stamp, and SwiftPM and Xcode run a failed command again). Shared by the SwiftPM and Xcode entries.
///
/// Which files are models is schemalint's decision, not the plugin's: the plugin names what
/// schemalint should search and declares every file there as an input.
struct ModelLintCommand {
    /// The target, for the build log (`Linting the models of App with schemalint`).
    var targetName: String
    /// What schemalint lints: folders (searched) or files (named).
    var paths: [URL]
    /// The files whose change runs schemalint again.
    var inputs: [URL]
    /// The `.schemalint.yml` that applies, when there is one.
    var configuration: URL?
    /// Options for schemalint beyond the paths, the configuration and the stamp.
    var options: [String] = []

    /// The name of the stamp in the plugin's work folder (one per target). SwiftPM and Xcode compile
    /// a plugin's Swift outputs into the target, so the stamp is Swift (comments only) and its name
    /// must not be one the target's own sources use.
    static let stampName = "schemalint-stamp.swift"

    func command(tool: URL, workDirectory: URL) -> Command {
        let stamp = workDirectory.appending(path: Self.stampName)
        var arguments = ["lint"] + paths.map(\.path)
        if let configuration { arguments += ["--config", configuration.path] }
        arguments += options + ["--no-color", "--stamp", stamp.path]
        return .buildCommand(
            displayName: "Linting the models of \(targetName) with schemalint",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs + [configuration].compactMap { $0 },
            outputFiles: [stamp]
        )
    }

    /// The nearest `.schemalint.yml` in `folder` or above it, up to `root`: the file schemalint
    /// would find for `folder` itself. Passed explicitly, so the file the plugin declares as an
    /// input is the file schemalint reads.
    static func configuration(for folder: URL, upTo root: URL) -> URL? {
        let rootPath = root.standardizedFileURL.path
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appending(path: ".schemalint.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let insideRoot = current.path.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/")
            guard insideRoot, current.path != rootPath else { return nil }
            current = current.deletingLastPathComponent()
        }
    }

    /// The deepest folder that holds every one of `files`: for a SwiftPM target's files, the target's
    /// folder (or a folder inside it that holds all of them). `Target.directoryURL`, which names
    /// the target's folder, needs tools version 6.1, and `directory` before it is deprecated.
    static func folder(holding files: [URL]) -> URL? {
        let folders = files.map { $0.standardizedFileURL.deletingLastPathComponent().pathComponents }
        guard var common = folders.first else { return nil }
        for components in folders.dropFirst() {
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        guard common.count > 1 else { return nil }  // only "/": files with nothing in common
        return URL(fileURLWithPath: NSString.path(withComponents: common), isDirectory: true)
    }

    /// `file` and, when it is a folder (an `.xcdatamodeld` bundle), every file below it outside
    /// hidden folders: a version's `contents` changes inside the bundle, not the bundle itself.
    static func inputs(_ file: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [file]
        }
        let walk = FileManager.default.enumerator(at: file, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var found = [file]
        while let next = walk?.nextObject() as? URL {
            if (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(next) }
        }
        return found.sorted { $0.path < $1.path }
    }
}

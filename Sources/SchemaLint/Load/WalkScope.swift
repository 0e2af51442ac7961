import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// What the walk of a folder enters and looks at. A repository's root holds much that is never
/// the project's own source: build products, dependencies checked out by a package manager, and
/// whatever git ignores. Model files there are copies (a `build/` folder with the compiled
/// bundle) or someone else's models; reading them would lint them, or fail on them.
struct WalkScope: Sendable {
    /// Folders that hold build products or other projects' code, by name, wherever they are: what
    /// package managers check out, and the folders where teams keep copies of libraries by hand
    /// (a library's own store code, and its example apps' launch code, are not the app's).
    static let buildAndDependencyFolders: Set<String> = [
        ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages", ".swiftpm",
        "vendor", "Vendor", "vendors", "Vendors", "External", "external", "Externals", "externals",
        "ThirdParty", "Third Party", "thirdparty", "third_party", "third-party", "3rdParty", "3rdparty",
    ]

    /// What git ignores below the folder walked, when it lies in a git work tree.
    var ignored: GitIgnoredPaths?
    /// The folder walked is a library's (a podspec or a package manifest at its top): the apps in
    /// its example, sample and demo folders show the library, and ship to no one.
    var isLibrary = false

    /// The words that name a library's folders of example apps (CocoaPods' template makes
    /// `Example`; others write `exampleProjects`, `Demo Apps`), and of its integration tests' apps
    /// and fixtures. Compared lowercased.
    static let sampleFolderWords: Set<String> = ["example", "examples", "sample", "samples", "demo", "demos", "integration"]

    /// Whether a folder's name is one of `sampleFolderWords`, or starts with one, the words split
    /// at case changes, spaces and punctuation (`exampleProjects`, `Sample-Apps`); a bundle or
    /// package (`Integration Model.xcdatamodeld`, `Demo.xcodeproj`) is none.
    static func isSampleFolder(_ name: String) -> Bool {
        guard !name.contains(".") else { return false }
        var first = ""
        for (index, character) in name.enumerated() {
            if !character.isLetter || (index > 0 && character.isUppercase) { break }
            first.append(character)
        }
        return sampleFolderWords.contains(name.lowercased()) || sampleFolderWords.contains(first.lowercased())
    }

    /// Whether a folder's name has a word that says it holds an example (`iOS Example`,
    /// `DemoApp`, `Sample-Project`), the words split at case changes, spaces and punctuation; a
    /// bundle or package (`Demo.xcodeproj`) is none. At the top of a repository such a folder
    /// shows what the rest of it builds (a framework embedded in an example app beside the
    /// project's own app), and ships to no one.
    static func namesAnExample(_ name: String) -> Bool {
        guard !name.contains(".") else { return false }
        var words: [String] = [], word = ""
        var previous: Character?
        for character in name {
            if !character.isLetter || (character.isUppercase && previous?.isLowercase == true) {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ""
            }
            if character.isLetter { word.append(character) }
            previous = character
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words.contains { ["example", "examples", "sample", "samples", "demo", "demos"].contains($0) }
    }

    /// Whether `folder` is a library's top: it holds a `.podspec` or a `Package.swift`.
    static func isLibrary(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0 == "Package.swift" || $0.hasSuffix(".podspec") }
    }
    /// Globs (`include:`) of paths read whatever the rules above say, relative to `includeBase`.
    var included: [String] = []
    var includeBase = "."

    /// Whether `include:` names `path`, or (`isFolder`) may name something below it: a glob whose
    /// literal start (before its first wildcard) lies below the folder, or leads into it.
    func isIncluded(_ path: String, isFolder: Bool) -> Bool {
        guard !included.isEmpty else { return false }
        let relative = PathResolution.relative(path, to: includeBase)
        return included.contains { glob in
            if Glob.matches(glob, relative) { return true }
            guard isFolder else { return false }
            let literal = String(glob.prefix { $0 != "*" && $0 != "?" })
            return literal.hasPrefix(relative + "/") || (relative + "/").hasPrefix(literal)
        }
    }

    /// Why the walk leaves out the entry `name` at `path` (`relative` to the folder walked), or nil.
    func reasonToSkip(name: String, path: String, relative: String, isFolder: Bool) -> SkippedPath.Reason? {
        if isIncluded(path, isFolder: isFolder) { return nil }
        if isFolder, Self.buildAndDependencyFolders.contains(name) { return .buildOrDependencies }
        // A test target's models and store code, a code generator's sample models: no person's
        // store was ever opened with them (named on the command line, or below the folder named,
        // they are read).
        if isFolder, ShippedCodePaths.isTestFolder(name) { return .testsOrFixtures }
        if isFolder, isLibrary, Self.isSampleFolder(name) { return .librarySamples }
        if let ignored, ignored.contains(relative, isFolder: isFolder) { return .ignoredByGit }
        return nil
    }
}

/// The paths git ignores below one folder, from one `git ls-files` run (not one per file).
struct GitIgnoredPaths: Sendable {
    /// Ignored files, relative to the folder.
    var files: Set<String>
    /// Ignored folders (every path below them is ignored), relative to the folder, without the
    /// trailing slash.
    var folders: Set<String>

    init(files: Set<String>, folders: Set<String>) {
        self.files = files
        self.folders = folders
    }

    /// Reads what git ignores below `folder`; nil when the folder lies in no work tree or git
    /// cannot be run there (then nothing is left out on git's word).
    static func read(below folder: String, runner: GitRunner = GitRunner()) -> GitIgnoredPaths? {
        guard GitWorkTree.root(containing: folder) != nil else { return nil }
        let arguments = ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", "--no-empty-directory"]
        guard let output = runner.run(arguments, in: folder), output.succeeded else { return nil }
        return GitIgnoredPaths(listing: output.standardOutput)
    }

    /// Reads `git ls-files -z --directory` output: NUL-separated paths, folders ending in `/`.
    init(listing: Data) {
        var files: Set<String> = []
        var folders: Set<String> = []
        for entry in listing.split(separator: 0) {
            let path = String(decoding: entry, as: UTF8.self)
            if path.hasSuffix("/") { folders.insert(String(path.dropLast())) } else { files.insert(path) }
        }
        self.init(files: files, folders: folders)
    }

    /// Whether git ignores the entry at `relative` (a path below the folder read). The walk does
    /// not enter an ignored folder, so only the entry itself needs looking up.
    func contains(_ relative: String, isFolder: Bool) -> Bool {
        isFolder ? folders.contains(relative) : files.contains(relative) || folders.contains(relative)
    }
}

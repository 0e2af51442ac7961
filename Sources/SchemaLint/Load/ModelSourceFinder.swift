import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode
import SchemaLintYAML

/// Finds the model sources named on the command line: files as given, folders searched recursively
/// (hidden folders and the configuration file skipped, bundles not entered), in a stable order.
/// Which file or folder is a source, and of which format, only the readers say (`ModelSourceReader`).
package struct ModelSourceFinder: Sendable {
    package static let configurationFileName = ".schemalint.yml"

    /// Glob patterns of paths to leave out, matched against the path relative to `excludeBase`
    /// (the configuration file's folder), the path as found, and the file name.
    package var excluded: [String]
    package var excludeBase: String
    /// The readers of every format, asked in turn about each file and folder.
    package var readers: [any ModelSourceReader]
    /// Whether a file named on the command line is read by a reader that owns files of its name
    /// whatever it holds (`ModelSourceReader.ownsFileNames`); false for `--skip-non-model-files`,
    /// where it is read only when the reader claims its bytes.
    package var readsEveryNamedFile = true
    /// Whether the walk leaves out what git ignores (false for folders outside the user's work
    /// tree, such as a revision's files copied out for `--against`).
    package var readsGitIgnores: Bool
    /// Glob patterns (`include:`) of paths the walk reads although it would leave them out,
    /// relative to `excludeBase`; `excluded` still wins.
    package var included: [String] = []

    /// The core's model formats, with no project settings: what a walk reads when given no readers.
    package static let modelFormats: [any ModelSourceReader] = [XcodeModelBundleReader(), YAMLModelFileReader()]

    package init(excluded: [String] = [], excludeBase: String = ".", readers: [any ModelSourceReader] = ModelSourceFinder.modelFormats, readsGitIgnores: Bool = true) {
        self.excluded = excluded
        self.excludeBase = excludeBase
        self.readers = readers
        self.readsGitIgnores = readsGitIgnores
    }

    /// The readers that claim a file, if any (a Swift file may hold models and store code). The
    /// file is read once, and only when a reader may claim a file of its name; the bytes of a
    /// claimed file are kept in `contents` for its readers.
    /// `owned`: the readers that own files of this name (`ownsFileNames`) take it unread.
    /// `read`: the file's bytes when the caller has read them already.
    func claim(_ path: String, read: [UInt8]? = nil, contents: inout [String: [UInt8]], owned: Bool = false, asking: (any ModelSourceReader) -> Bool = { _ in true }) -> [ModelSource] {
        let candidates = readers.filter { $0.mayClaim(name: path) && asking($0) }
        guard !candidates.isEmpty else { return [] }
        guard let bytes = read ?? ByteSearch.contents(of: path) else {
            // A file of a model format that cannot be read (a dangling link) is one all the same:
            // the loader says why it cannot be read.
            return candidates.filter(\.ownsFileNames).map { ModelSource(path: path, reader: $0) }
        }
        let claimed = candidates.filter { (owned && $0.ownsFileNames) || $0.claims(name: path, bytes: bytes) }.map { ModelSource(path: path, reader: $0) }
        if !claimed.isEmpty { contents[path] = bytes }
        return claimed
    }

    /// The reader whose folders have names like `name`'s, if any.
    func folderReader(of name: String) -> (any ModelSourceReader)? {
        readers.first { $0.mayClaim(folder: name) }
    }

    /// The source a path at or inside a folder some reader reads whole names: the outermost such
    /// folder (`X.xcdatamodeld/X 2.xcdatamodel/contents` names `X.xcdatamodeld`, not its version).
    func enclosingFolderSource(of path: String) -> ModelSource? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for end in components.indices {
            if let reader = folderReader(of: components[end]) { return ModelSource(path: components[...end].joined(separator: "/"), reader: reader) }
        }
        return nil
    }

    package func sources(in paths: [String]) throws(InputError) -> [ModelSource] {
        try sourcesAndMappingModels(in: paths).sources
    }

    /// What one walk found.
    package struct Found: Sendable {
        package var sources: [ModelSource]
        /// The Core Data mapping models (`.xcmappingmodel` folders).
        package var mappingModels: [String]
        /// The bytes of the files readers claimed (read once, in the walk), by path.
        package var claimedContents: [String: [UInt8]]
        /// What the walk left out, and why (`--verbose`).
        package var skipped: [SkippedPath]
        /// Files of names a reader reads or consults but that no reader claimed (Swift that
        /// declares no model and handles no store, a nib), sorted: a reader may look in them for
        /// what its own files refer to (`ModelSourceReadingOptions.unclaimedFiles`).
        package var unclaimed: [String] = []
        /// The folders that hold an Xcode project or a file that adds files by folder (a package
        /// manifest, a project generator's specification): a module's own folder, which no app
        /// extension's Info.plist beside its code makes an extension's.
        package var moduleFolders: Set<String> = []
        /// The names of the files a project's targets build two or more of (an app and its widget
        /// compiling one store file): code of several targets, whatever folder holds it.
        package var sourcesOfSeveralTargets: Set<String> = []
        /// The current version an Xcode project names for each model bundle found, by the
        /// bundle's path (`XcodeProjectListing.currentVersions`).
        package var projectCurrentVersions: [String: String] = [:]
    }

    /// Leaves out, of what the walk of `root` found (`found` from `before` on), an example app at
    /// the top of the repository beside what it shows (`iOS Example` beside the app whose
    /// framework it embeds): it ships to no one. What it shows is a model outside the examples, or
    /// an Xcode project in a folder of its own beside them (a project at the top may be the
    /// example's own); alone, an example is what the repository holds, and is read.
    private func leaveOutExamples(atTopOf root: String, found: inout [ModelSource], from before: Int, mappingModels: inout [String], walk: inout Walk) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let examples = Set(names.filter(WalkScope.namesAnExample).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(name), isDirectory: &isDirectory) && isDirectory.boolValue
        })
        guard !examples.isEmpty else { return }
        let walked = walk
        func components(_ file: String) -> [Substring] { walked.relative(file).split(separator: "/").filter { $0 != "." } }
        func example(of file: String) -> String? { components(file).first.map(String.init).flatMap { examples.contains($0) ? $0 : nil } }
        let showsSomething = walk.projects.contains { example(of: $0) == nil && components($0).count > 2 }
            || found[before...].contains { source in example(of: source.path) == nil && readers.contains { $0.name == source.reader && $0.readsModels } }
        guard showsSomething else { return }
        let left = Set(found[before...].compactMap { example(of: $0.path) })
        found = Array(found[..<before]) + found[before...].filter { example(of: $0.path) == nil }
        mappingModels.removeAll { example(of: $0) != nil }
        walk.unclaimed.removeAll { example(of: $0) != nil }
        walk.skipped += left.sorted().map { SkippedPath(path: root == "." ? $0 : (root as NSString).appendingPathComponent($0), reason: .topLevelExample) }
    }

    /// The model sources, and the Core Data mapping models found in the same walk: below the
    /// folders named, and beside each bundle found or named. A folder named that holds no model is
    /// an error unless `allowsNoModel` (the run was given no path: a repository without models).
    package func sourcesAndMappingModels(in paths: [String], allowsNoModel: Bool = false) throws(InputError) -> Found {
        var found: [ModelSource] = []
        var mappingModels: [String] = []
        var contents: [String: [UInt8]] = [:]
        var skipped: [SkippedPath] = []
        var unclaimed: [String] = []
        var moduleFolders: Set<String> = []
        var sourcesOfSeveralTargets: Set<String> = []
        var projectCurrentVersions: [String: String] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(file: path, message: "no such file or folder")
            }
            if let source = enclosingFolderSource(of: path) {
                found.append(source)
                mappingModels += mappingModelsBeside(source.path)
            } else if path.hasSuffix(".xcmappingmodel") || path.hasSuffix(".xcmappingmodel/") {
                throw InputError(file: path, message: "a mapping model is not a model: name the .xcdatamodeld it migrates (mapping models beside it are found), or the folder holding both")
            } else if isDirectory.boolValue {
                let before = found.count
                let mappingModelsBefore = mappingModels.count
                var walk = Walk(root: path, scope: WalkScope(ignored: readsGitIgnores ? GitIgnoredPaths.read(below: path) : nil, included: included, includeBase: excludeBase))
                walk.scope.isLibrary = WalkScope.isLibrary(path)
                try search(folder: path, walk: &walk, into: &found, mappingModels: &mappingModels, contents: &contents)
                if readsGitIgnores { walk.skipped += Self.submodulesNotCheckedOut(in: path) }
                let built = found[before...].map(\.path).filter { path in Self.targetMemberSuffixes.contains { path.hasSuffix($0) } }
                let listings = Self.listings(of: walk, naming: built + mappingModels[mappingModelsBefore...])
                let inNoProject = Self.inNoProject(built + mappingModels[mappingModelsBefore...], of: walk, listings: listings)
                if !inNoProject.isEmpty {
                    found.removeAll { inNoProject.contains($0.path) }
                    mappingModels.removeAll(where: inNoProject.contains)
                    walk.skipped += inNoProject.sorted().map { SkippedPath(path: $0, reason: .inNoProject) }
                }
                leaveOutExamples(atTopOf: path, found: &found, from: before, mappingModels: &mappingModels, walk: &walk)
                skipped += walk.skipped
                unclaimed += walk.unclaimed
                moduleFolders.formUnion(walk.manifestFolders)
                for project in walk.projects {
                    moduleFolders.insert(PathResolution.parent(of: PathResolution.parent(of: project)))
                }
                for (_, listing) in listings { sourcesOfSeveralTargets.formUnion(listing.sourcesOfSeveralTargets) }
                for source in found[before...] where source.path.hasSuffix(".xcdatamodeld") {
                    let relative = walk.relative(source.path).split(separator: "/").filter { $0 != "." }.joined(separator: "/")
                    if let current = listings.lazy.compactMap({ $0.listing.currentVersions[relative] }).first { projectCurrentVersions[source.path] = current }
                }
                if found.count == before, !allowsNoModel {
                    throw InputError(file: path, message: "no model files (*.yaml, *.yml, *.xcdatamodeld or *.xcdatamodel) and no Swift sources in this folder" + Self.modelsLeftOut(walk))
                }
            } else if readers.contains(where: { $0.mayClaim(name: path) }) {
                // A file of a model format is read whatever it holds (its problems are errors at
                // their line); a file of a reader of code (a `.swift` file a hook passes) that no
                // reader claims holds nothing to lint: it is left out, as the walk leaves it out,
                // but a reader may look in it for what its files refer to.
                let claimed = claim(path, contents: &contents, owned: readsEveryNamedFile)
                found += claimed
                if claimed.isEmpty { unclaimed.append(path) }
            } else if let owner = readers.first(where: \.ownsFileNames), readsEveryNamedFile {
                // A file of no reader's name, named all the same: read as a model file, so that
                // what is wrong with it is said.
                found.append(ModelSource(path: path, reader: owner))
            }
        }
        // A file named twice (or inside a folder also named) is linted once; so is a bundle found
        // both where it is and through a link to it.
        var bundlesSeen: Set<String> = []
        let sources = Array(Set(found)).sorted().filter { source in
            guard folderReader(of: (source.path as NSString).lastPathComponent) != nil else { return true }
            return bundlesSeen.insert(URL(fileURLWithPath: source.path).resolvingSymlinksInPath().path).inserted
        }
        return Found(
            sources: sources, mappingModels: Array(Set(mappingModels)).sorted(), claimedContents: contents, skipped: skipped.sorted(),
            unclaimed: Array(Set(unclaimed)).sorted(), moduleFolders: moduleFolders, sourcesOfSeveralTargets: sourcesOfSeveralTargets,
            projectCurrentVersions: projectCurrentVersions
        )
    }


    /// The mapping models in the folder that holds `bundle` (where Xcode puts new ones).
    func mappingModelsBeside(_ bundle: String) -> [String] {
        let parent = PathResolution.parent(of: bundle)
        let folder = parent.isEmpty ? "." : parent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { $0.hasSuffix(".xcmappingmodel") && !$0.hasPrefix(".") }.map { parent.isEmpty ? $0 : (parent as NSString).appendingPathComponent($0) }.filter { !isExcluded($0) }
    }

    /// The mapping models at or below `paths` (the configuration's `mappingModels:`).
    package func mappingModels(in paths: [String]) throws(InputError) -> [String] {
        var found: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw InputError(file: path, message: "no such folder (listed under `mappingModels:` in the configuration)")
            }
            if path.hasSuffix(".xcmappingmodel") {
                found.append(path)
            } else {
                // Only the folders matter here: no reader is asked about the files.
                var ignored: [ModelSource] = []
                var ignoredContents: [String: [UInt8]] = [:]
                var walk = Walk(root: path, scope: WalkScope(ignored: nil))
                try ModelSourceFinder(excluded: excluded, excludeBase: excludeBase, readers: readers.filter { !$0.folderNameSuffixes.isEmpty }).search(folder: path, walk: &walk, into: &ignored, mappingModels: &found, contents: &ignoredContents)
            }
        }
        return found
    }

    /// One walk below a folder named on the command line: what it leaves out, and what it left out.
    struct Walk {
        var root: String
        var scope: WalkScope
        var skipped: [SkippedPath] = []
        var unclaimed: [String] = []
        /// The Xcode projects found (`project.pbxproj` files).
        var projects: [String] = []
        /// The folders (path components relative to `root`) that hold a file that adds files to a
        /// target by folder rather than by name: a package manifest, a project generator's
        /// specification, a podspec, a Bazel build file. What lies below them may build into an
        /// app that no Xcode project lists by name.
        var foldersAddingFilesByFolder: [[Substring]] = []
        /// The same folders, as the walk names them.
        var manifestFolders: [String] = []

        /// `path` (below `root`) relative to `root`, as git lists it.
        func relative(_ path: String) -> String {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return root == "." ? path : path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }
    }

    private func search(folder: String, walk: inout Walk, into found: inout [ModelSource], mappingModels: inout [String], contents: inout [String: [UInt8]]) throws(InputError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw InputError(file: folder, message: "cannot read the folder: \(Self.reason(error))")
        }
        for name in names where !name.hasPrefix(".") {
            let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if isExcluded(path) {
                walk.skipped.append(SkippedPath(path: path, reason: .excluded))
                continue
            }
            guard let kind = Self.kind(of: path) else { continue }
            // A link to a bundle (one project's copy of another's model) is that bundle where the
            // project lists it; other linked folders are not walked, so no link leads the walk round.
            if kind == .file, Self.isLinkToFolder(path) {
                guard folderReader(of: name) != nil || name.lowercased().hasSuffix(".xcmappingmodel") else { continue }
                if let reason = walk.scope.reasonToSkip(name: name, path: path, relative: walk.relative(path), isFolder: true) {
                    walk.skipped.append(SkippedPath(path: path, reason: reason))
                } else if let reader = folderReader(of: name) {
                    found.append(ModelSource(path: path, reader: reader))
                } else {
                    mappingModels.append(path)
                }
                continue
            }
            if let reason = walk.scope.reasonToSkip(name: name, path: path, relative: walk.relative(path), isFolder: kind == .folder) {
                walk.skipped.append(SkippedPath(path: path, reason: reason))
                continue
            }
            if kind == .folder {
                if let reader = folderReader(of: name) {
                    found.append(ModelSource(path: path, reader: reader))
                } else if name.lowercased().hasSuffix(".xcmappingmodel") {
                    mappingModels.append(path)
                } else {
                    try search(folder: path, walk: &walk, into: &found, mappingModels: &mappingModels, contents: &contents)
                }
            } else if kind == .file {
                // A YAML file is read once, for both questions: is it an XcodeGen specification, is it a model.
                let yaml = name.hasSuffix(".yml") || name.hasSuffix(".yaml") ? ByteSearch.contents(of: path) : nil
                if name == "project.pbxproj" {
                    walk.projects.append(path)
                } else if Self.addsFilesByFolder(name) || yaml.map(Self.isXcodeGenSpecification) == true {
                    let manifestFolder = Array(walk.relative(path).split(separator: "/").filter { $0 != "." }.dropLast())
                    walk.foldersAddingFilesByFolder += Self.targetFolders(ofManifestAt: path, name: name).map { manifestFolder + $0 }
                    walk.manifestFolders.append(folder)
                }
                // A test target's or a test double's store handling never runs on a person's
                // device: below the folder named, such files are no store code (named on their
                // own, or the folder named inside a test target, they are read).
                // Asked only of a file some reader of shipped code may claim by its name: most
                // files of a large repository (sources of other languages, images) are none.
                let relative = walk.relative(path)
                var shipsToDevices: Bool?
                // `include:` reads a file of a model format whatever it holds.
                let claimed = claim(path, read: yaml, contents: &contents, owned: walk.scope.isIncluded(path, isFolder: false)) { reader in
                    guard reader.readsShippedCodeOnly else { return true }
                    let ships = shipsToDevices ?? !ShippedCodePaths.isTestOrDouble(relative)
                    shipsToDevices = ships
                    return ships
                }
                found += claimed
                // Repositories hold many YAML files that are no model (XcodeGen's project.yml, CI
                // workflows, fastlane, Jekyll): said with `--verbose`, as such a file is a model's name.
                if claimed.isEmpty, readers.contains(where: { $0.ownsFileNames && $0.mayClaim(name: path) }) {
                    walk.skipped.append(SkippedPath(path: path, reason: .notAModelFile))
                } else if claimed.isEmpty, readers.contains(where: { $0.mayConsult(name: path) }) {
                    walk.unclaimed.append(path)
                }
            }
        }
    }

    /// What a target builds, and so what an Xcode project lists: model bundles and the code that
    /// declares models or opens stores (mapping models are looked at on their own).
    static let targetMemberSuffixes = [".xcdatamodeld", ".xcdatamodel"] + codeSuffixes
    static let codeSuffixes = [".swift", ".m", ".mm"]

    /// The Xcode projects the walk found that may list one of `paths`, each read once (on all
    /// cores), with the folder that holds it (the one that holds `App.xcodeproj/project.pbxproj`,
    /// as components relative to the folder walked).
    ///
    /// A project lists a file by its name or by a folder Xcode 16 synchronizes, so one none of
    /// whose values names one of the files (in any case: the Mac's file system ignores it) and
    /// that synchronizes no folder lists none of them, and is not parsed: the projects a large
    /// repository's dependencies bring (an emulator's cores, each with a generated project of
    /// megabytes) were a quarter of its run. One that escapes characters (`\U00e9`) may spell a
    /// name otherwise, and is parsed.
    static func listings(of walk: Walk, naming paths: [String]) -> [(folder: [Substring], listing: XcodeProjectListing)] {
        let names = Set(paths.map { Array(($0 as NSString).lastPathComponent.utf8).map(Self.asciiLowercased) }.filter { !$0.isEmpty })
        let alwaysParsed = ByteSearch.Words([Array("PBXFileSystemSynchronizedRootGroup".utf8), Array("\\U".utf8), Array("\\u".utf8)])
        let copies = archivedCopies(of: walk.projects, in: walk)
        let projects = walk.projects.filter { !copies.contains($0) }
        let folders = projects.map { Array(walk.relative($0).split(separator: "/").filter { $0 != "." }.dropLast(2)) }
        return OrderedConcurrentMap.map(count: projects.count, concurrently: projects.count > 1) { index -> (folder: [Substring], listing: XcodeProjectListing)? in
            let project = projects[index]
            guard !names.isEmpty, let contents = ByteSearch.contents(of: project),
                  ByteSearch.containsAny(alwaysParsed, in: contents) || XcodeProjectListing.mayName(anyOf: names, in: contents)
            else { return nil }
            return (folders[index], XcodeProjectListing(contents, folder: folders[index].map(String.init)))
        }.compactMap { $0 }
    }

    /// The projects (`.../App.xcodeproj/project.pbxproj`) that are an old copy of another project
    /// of the same name the walk found: one in a folder named as an archive (`Legacy/`, `Old/`,
    /// `Archive/`, `Backup/`) where the other is not. Such a copy builds what no one runs any
    /// more: the app's stack as it was before the live project replaced it. Two projects of one
    /// name elsewhere (an iOS and a macOS app side by side; a rewrite in a folder inside the
    /// first, `Neue/App.xcodeproj`) may both be live.
    static func archivedCopies(of projects: [String], in walk: Walk) -> Set<String> {
        let archiveNames: Set<String> = ["legacy", "old", "archive", "archived", "archives", "deprecated", "backup", "backups", "obsolete", "unused"]
        let placed = projects.map { project -> (path: String, name: Substring, folder: [Substring]) in
            let components = walk.relative(project).split(separator: "/").filter { $0 != "." }
            return (project, components.dropLast().last ?? "", Array(components.dropLast(2)))
        }
        func isArchived(_ folder: [Substring]) -> Bool { folder.contains { archiveNames.contains($0.lowercased()) } }
        var copies: Set<String> = []
        for project in placed {
            let live = placed.filter { $0.path != project.path && $0.name == project.name }
            if isArchived(project.folder), live.contains(where: { !isArchived($0.folder) }) {
                copies.insert(project.path)
            }
        }
        return copies
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The model bundles, mapping models and code files among `paths` (found in one walk) that no
    /// Xcode project the walk found lists, by name or in one of its synchronized folders, where
    /// every target of the folder lists its files so: a bundle left behind when a module moved to
    /// another store, or a design document's copy of the store code, builds into no app, and its
    /// findings would be about nothing anyone runs. Empty when the walk found no project; none of
    /// the files below a folder that holds anything that adds files by folder (a package's
    /// manifest adds its own folder's files, which then need no listing: a copy of a dependency
    /// with its `Package.swift` checked in beside the app leaves the app's files to the projects).
    /// A library's top with no project: what lies outside its targets' folders.
    static func inNoProject(_ paths: [String], of walk: Walk, listings: [(folder: [Substring], listing: XcodeProjectListing)]) -> Set<String> {
        // A library with no Xcode project (a package) builds what its manifest's targets hold:
        // a bundle outside them (an integration test's fixture at the top) builds into nothing.
        guard !paths.isEmpty, !walk.projects.isEmpty || walk.scope.isLibrary, !walk.foldersAddingFilesByFolder.contains(where: \.isEmpty) else { return [] }
        var projects: [XcodeProjectListing] = []
        // Xcode 16's synchronized folders add every file below them. A folder's path is given
        // from the project's own folder (the one that holds `App.xcodeproj`, or one above it
        // with `..`), through groups that may add folders of their own: a folder named in the
        // project is matched by name below that folder, at any depth, and not beside it (a
        // sibling of the synchronized `App/`, say an old copy of the sources in `Models/` next to
        // the project, builds into nothing).
        var synchronized: [(base: [Substring], named: [Substring])] = []
        var synchronizedTrees: [[Substring]] = []
        func components(_ path: String) -> [Substring] { walk.relative(path).split(separator: "/").filter { $0 != "." } }
        for (projectFolder, listing) in listings {
            projects.append(listing)
            for folder in listing.synchronizedFolders {
                let ups = folder.prefix { $0 == ".." }.count
                let base = Array(projectFolder.dropLast(ups))
                let named = Array(folder.dropFirst(ups))
                if named.isEmpty {
                    synchronizedTrees.append(base)
                } else {
                    synchronized.append((base, named))
                }
            }
        }
        return Set(paths.filter { path in
            let own = components(path)
            if synchronizedTrees.contains(where: { own.starts(with: $0) }) || walk.foldersAddingFilesByFolder.contains(where: { own.starts(with: $0) }) { return false }
            let name = (path as NSString).lastPathComponent
            let folders = own.dropLast()
            // A code file's name is common (a copy of `Store.swift` in a design document lies
            // beside the real one): its folder must be named in the project too.
            let isCode = Self.codeSuffixes.contains { path.hasSuffix($0) }
            let folder = isCode ? folders.last.map(String.init) : nil
            let relative = own.joined(separator: "/")
            let listed = projects.contains { project in
                // Where the project's groups give each file its place, a file is listed at its own;
                // by name (with its folder, for code) only where they do not.
                if project.listsFile(at: relative) { return true }
                let byName = project.listedPaths == nil || project.namesWithoutPlace.contains(name)
                return byName && project.lists(name) && folder.map(project.lists) ?? true
            }
            return !listed && !synchronized.contains { entry in
                guard folders.starts(with: entry.base) else { return false }
                let below = Array(folders.dropFirst(entry.base.count))
                return below.indices.contains { start in
                    entry.named.count <= below.count - start && Array(below[start..<(start + entry.named.count)]) == entry.named
                }
            }
        })
    }

    /// Files that add source files to a target by folder: `Package.swift` (and its versioned
    /// forms), XcodeGen's `project.yml`, Tuist's `Project.swift`, a CocoaPods podspec, Bazel.
    /// The folders, below its own, whose files a manifest's targets take: for a package manifest,
    /// The model bundles the walk of a folder that yields no model left out, and why: a bundle
    /// no project lists is there, and a user who names the folder is told so (name the bundle to
    /// lint it) rather than that there is none.
    /// The submodules that `.gitmodules` in `folder` lists whose folders are missing or empty: a
    /// clone made without `--recurse-submodules` (and `actions/checkout` by default) leaves them
    /// so, and what they hold is not linted, which `--verbose` says.
    static func submodulesNotCheckedOut(in folder: String) -> [SkippedPath] {
        guard let text = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(".gitmodules")).map({ String(decoding: $0, as: UTF8.self) }) else { return [] }
        return text.split(whereSeparator: \.isNewline).compactMap { line -> SkippedPath? in
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == "path", !parts[1].isEmpty else { return nil }
            let path = folder == "." ? parts[1] : (folder as NSString).appendingPathComponent(parts[1])
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return entries.isEmpty ? SkippedPath(path: path, reason: .submoduleNotCheckedOut) : nil
        }
    }

    static func modelsLeftOut(_ walk: Walk) -> String {
        let bundles = walk.skipped.filter { $0.path.hasSuffix(".xcdatamodeld") || $0.path.hasSuffix(".xcdatamodel") }.sorted()
        guard !bundles.isEmpty else { return "" }
        let shown = bundles.prefix(3).map { "\(walk.relative($0.path)) (\($0.reason.rawValue))" }
        let more = bundles.count > 3 ? " and \(bundles.count - 3) more" : ""
        return "; left out: \(shown.joined(separator: ", "))\(more); name a bundle to lint it"
    }

    /// SwiftPM's `Sources` and `Tests` and each target's `path:` (a bundle in a `Demo/` folder
    /// beside them builds into no target of the package), a podspec's globs, an XcodeGen
    /// specification's targets' `sources`; for the others, their whole folder.
    static func targetFolders(ofManifestAt path: String, name: String) -> [[Substring]] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [[]] }
        if name.hasSuffix(".podspec") { return podspecFolders(text) }
        if !name.hasSuffix(".swift"), !name.hasPrefix("BUILD") { return XcodeGenSources.folders(in: Array(data), file: path) ?? [[]] }
        // A manifest whose targets this cannot see (none written, or made by code) may take any folder.
        guard name.hasPrefix("Package"), text.contains("arget(") else { return [[]] }
        var folders: [[Substring]] = [["Sources"], ["Tests"]]
        var rest = Substring(text)
        while let label = rest.range(of: "path:") {
            rest = rest[label.upperBound...]
            let value = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { continue }
            let folder = value[value.index(after: value.startIndex)..<end].split(separator: "/").filter { $0 != "." }
            // A path that leaves the package's folder, or names it, takes everything: as before.
            if folder.isEmpty || folder.contains("..") { return [[]] }
            folders.append(folder)
        }
        return folders
    }

    /// The folders a podspec's `source_files`, `resources` and `resource_bundles` globs start in
    /// (`"Sources/**/*.swift"`: `Sources`); its whole folder where it names none, or one it
    /// cannot place.
    private static func podspecFolders(_ text: String) -> [[Substring]] {
        var folders: [[Substring]] = []
        for line in text.split(separator: "\n") where ["source_files", "resources", "resource_bundles"].contains(where: { line.contains($0) }) {
            let quoted = line.split(whereSeparator: { $0 == "\"" || $0 == "'" }).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            for glob in quoted {
                let literal = glob.prefix { !"*?{[".contains($0) }
                var components = literal.split(separator: "/").filter { $0 != "." }
                // A literal that ends inside a name (`Sources/Core*`) starts in the folder above it.
                if literal.count < glob.count, !literal.hasSuffix("/") { components = Array(components.dropLast()) }
                if components.isEmpty || components.contains("..") { return [[]] }
                folders.append(components)
            }
        }
        return folders.isEmpty ? [[]] : folders
    }

    /// An XcodeGen specification of another name than `project.yml` (`xcodegen --spec App.yml`):
    /// YAML with top-level `name:` and `targets:` keys (looked for in its first 64 KiB).
    static func isXcodeGenSpecification(_ bytes: [UInt8]) -> Bool {
        let lines = String(decoding: bytes.prefix(65_536), as: UTF8.self).split(separator: "\n")
        return lines.contains { $0.hasPrefix("targets:") } && lines.contains { $0.hasPrefix("name:") }
    }

    static func addsFilesByFolder(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) || ["project.yml", "project.yaml", "Project.swift", "BUILD", "BUILD.bazel"].contains(name)
            || name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json")
    }

    /// What the walk does with a folder's entry: enter it, or look at it as a file (a regular file
    /// or a symbolic link, which is not followed into a folder); anything else is left alone.
    private enum EntryKind {
        case folder, file, other
    }

    /// The kind of the entry at `path` from one `lstat` (FileManager's `attributesOfItem` made a
    /// dictionary of every attribute, owner names included: a third of a lint of 500 Swift files).
    /// nil when it cannot be looked at.
    private static func kind(of path: String) -> EntryKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG, S_IFLNK: return .file
        default: return .other
        }
    }

    /// Whether `path` is a symbolic link to a folder.
    private static func isLinkToFolder(_ path: String) -> Bool {
        var link = stat(), target = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &target) == 0 else { return false }
        return target.st_mode & S_IFMT == S_IFDIR
    }

    func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty else { return false }
        let name = (path as NSString).lastPathComponent
        let relative = PathResolution.relative(path, to: excludeBase)
        return excluded.contains { Glob.matches($0, relative) || Glob.matches($0, path) || Glob.matches($0, name) }
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
    }
}

/// Shell-style globs: `*` within a path component, `**` across components, `?` one character.
package enum Glob {
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        match(Array(pattern), 0, Array(text), 0)
    }

    private static func match(_ p: [Character], _ i: Int, _ t: [Character], _ j: Int) -> Bool {
        if i == p.count { return j == t.count }
        if p[i] == "*" {
            let crossesFolders = i + 1 < p.count && p[i + 1] == "*"
            let next = crossesFolders ? i + 2 : i + 1
            // `**/` also matches no folder at all.
            if crossesFolders, next < p.count, p[next] == "/", match(p, next + 1, t, j) { return true }
            var k = j
            while true {
                if match(p, next, t, k) { return true }
                guard k < t.count, crossesFolders || t[k] != "/" else { return false }
                k += 1
            }
        }
        guard j < t.count, p[i] == "?" ? t[j] != "/" : p[i] == t[j] else { return false }
        return match(p, i + 1, t, j + 1)
    }
}

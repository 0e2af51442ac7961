import Foundation
import SchemaLintCore

/// When git first added each version of a bundle: one `git log` over the model files (`contents`,
/// Xcode 3's `elements`) of every bundle of a repository (version folders renamed inside a bundle are followed). When one commit
/// seems to add several versions of a bundle at once (it was moved there, renamed, or imported), a
/// second `git log` over every bundle in the repository follows the move; it walks whole trees, so
/// it runs only then.
package enum XcodeVersionCommits {
    /// What git says about a bundle's versions.
    package struct Answer: Sendable, Hashable {
        /// The commit that first added each version's model file, by version name (without `.xcdatamodel`).
        package var commits: [String: GitFileOrigins.Commit] = [:]
        /// Git's message when the bundle lies in a work tree whose history git could not read
        /// (a repository it refuses, a broken `.git`); nil otherwise.
        package var problem: String?
        /// The bundle lies in a shallow clone: git has only the newest commits, which seem to add
        /// every version at once, so git was not asked and the names decide.
        var isShallow = false
    }

    /// The commits that first added the bundle's versions. Empty when the bundle lies in no git work
    /// tree, git is missing, the repository has no commits yet, or no version is committed yet; with
    /// a problem when git could not read the history. A bundle in `snapshot` is looked up in its
    /// repository, at its revision.
    package static func read(bundle path: String, snapshot: GitSnapshot? = nil, runner: GitRunner = GitRunner()) -> Answer {
        read(bundles: [path], snapshot: snapshot, runner: runner)[path] ?? Answer()
    }

    /// The answers for the bundles of one run, by path: one `git log` per repository over all of
    /// its bundles (a log walks the whole history whatever it looks for, so a run with ten bundles
    /// pays for one walk, not ten), and at most one more that follows moved bundles. With a
    /// `cache`, a log read before is asked only about the commits since.
    package static func read(bundles paths: [String], snapshot: GitSnapshot? = nil, runner: GitRunner = GitRunner(), cache: GitHistoryCache? = nil) -> [String: Answer] {
        var placed: [String: [(path: String, relative: String)]] = [:]
        for path in paths {
            guard let (top, relative) = place(of: path, snapshot: snapshot) else { continue }
            placed[top, default: []].append((path, relative))
        }
        var answers: [String: Answer] = [:]
        for (top, bundles) in placed {
            if snapshot == nil, GitWorkTree.isShallow(top: top, runner: runner) {
                for bundle in bundles { answers[bundle.path] = Answer(isShallow: true) }
                continue
            }
            let modelFiles = XcodeModelBundle.modelFiles.map { "/*\(XcodeModelBundle.versionExtension)/\($0)" }
            // A version no commit but a merge's resolution added, and none changed since, has no
            // origin in a log without the merges' files: it dates from the mainline commit that
            // brought it, asked about it alone, only then (`GitFileOrigins.Walk`).
            func origins(_ pathspecs: [String], of bundles: [String]) -> Result<GitFileOrigins, GitFailure>? {
                let plain = GitFileOrigins.read(pathspecs, top: top, revision: snapshot?.revision, runner: runner, cache: cache)
                guard case .success(let found)? = plain else { return plain }
                let unlogged = committedVersions(of: bundles, top: top, revision: snapshot?.revision, runner: runner).filter { found.commits[$0] == nil }
                guard !unlogged.isEmpty,
                      case .success(let mainline)? = GitFileOrigins.read(
                          unlogged.map { ":(literal)\($0)" }, top: top, revision: snapshot?.revision, runner: runner, cache: cache, walk: .mainline)
                else { return plain }
                return .success(found.adding(mainline))
            }
            switch origins(bundles.flatMap { bundle in modelFiles.map { ":(glob)\(globEscaped(bundle.relative))\($0)" } }, of: bundles.map(\.relative)) {
            case nil:
                continue
            case .failure(let failure):
                // A repository with no commits yet has no history to read: nothing to say.
                let head = runner.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: top)
                let answer = head?.status == 1 && snapshot == nil ? Answer() : Answer(problem: failure.message)
                for bundle in bundles { answers[bundle.path] = answer }
            case .success(let found):
                var moved: [(path: String, relative: String)] = []
                for bundle in bundles {
                    let inBundle = versions(of: found, in: bundle.relative)
                    answers[bundle.path] = Answer(commits: inBundle)
                    // One commit seems to add several versions at once: the bundle was moved there, or imported.
                    if Set(inBundle.values).count < inBundle.count { moved.append(bundle) }
                }
                guard !moved.isEmpty else { continue }
                // Every bundle in the repository, whatever its name (`Nutshell.xcdatamodeld` renamed
                // `Tidepool.xcdatamodeld`), which walks whole trees: only then.
                guard case .success(let followed)? = origins(modelFiles.map { ":(glob)**/*\(XcodeModelBundle.bundleExtension)\($0)" }, of: moved.map(\.relative)) else { continue }
                for bundle in moved { answers[bundle.path] = Answer(commits: versions(of: followed, in: bundle.relative)) }
            }
        }
        return answers
    }

    /// The top of the work tree holding the bundle at `path` (or the snapshot's repository) and
    /// the bundle's path relative to it; nil outside any work tree.
    private static func place(of path: String, snapshot: GitSnapshot?) -> (top: String, relative: String)? {
        if let snapshot {
            let relative = PathResolution.relative(path, to: snapshot.folder)
            return relative != "." && relative != path ? (snapshot.root, relative) : nil
        }
        let bundleFolder = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        guard let root = GitWorkTree.root(containing: bundleFolder) else { return nil }
        let relative = PathResolution.relative(bundleFolder, to: root)
        return relative != "." && relative != bundleFolder ? (root, relative) : nil
    }

    /// The model files of the versions in `bundles` that `revision` (nil: HEAD) has (one `git ls-tree`).
    private static func committedVersions(of bundles: [String], top: String, revision: String?, runner: GitRunner) -> [String] {
        guard let output = runner.run(["ls-tree", "-r", "-z", "--name-only", "--end-of-options", revision ?? "HEAD", "--"] + bundles, in: top),
              output.succeeded else { return [] }
        return output.standardOutput.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { file in
            XcodeModelBundle.modelFiles.contains { file.hasSuffix(XcodeModelBundle.versionExtension + "/" + $0) }
        }
    }

    /// The origins of `bundle/<version>.xcdatamodel/contents` (or `elements`) files, by version
    /// name: of a version saved by Xcode 3 and converted later, its `elements`' first commit.
    private static func versions(of origins: GitFileOrigins, in bundle: String) -> [String: GitFileOrigins.Commit] {
        let prefix = bundle + "/"
        var result: [String: GitFileOrigins.Commit] = [:]
        for (file, commit) in origins.commits where file.hasPrefix(prefix) {
            let parts = file.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, XcodeModelBundle.modelFiles.contains(String(parts[1])) else { continue }
            let name = XcodeModelBundle.versionName(ofFolder: String(parts[0]))
            if let earlier = result[name], earlier.position <= commit.position { continue }
            result[name] = commit
        }
        return result
    }

    /// The `contents` of version `version` of the bundle at `path` as they were before each of
    /// `commits` (at its first parent), by commit; one `git cat-file --batch` for all. A commit
    /// with no parent, or whose parent had no such file, is absent.
    package static func contents(ofVersion version: String, before commits: [String], bundle path: String, snapshot: GitSnapshot? = nil, runner: GitRunner = GitRunner()) -> [String: Data] {
        guard !commits.isEmpty, let (top, relative) = place(of: path, snapshot: snapshot) else { return [:] }
        let file = "\(relative)/\(version)\(XcodeModelBundle.versionExtension)/contents"
        let request = Data(commits.map { "\($0)^:\(file)\n" }.joined().utf8)
        guard let output = runner.run(["cat-file", "--batch"], in: top, input: request), output.succeeded else { return [:] }
        // The answers come in the order asked: `<id> blob <size>` and the bytes, or `<name> missing`.
        var found: [String: Data] = [:]
        let bytes = output.standardOutput
        var index = bytes.startIndex
        for commit in commits {
            guard index < bytes.endIndex, let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = bytes[index..<newline].split(separator: UInt8(ascii: " "))
            index = bytes.index(after: newline)
            guard header.count == 3, header[1].elementsEqual("blob".utf8), let size = Int(String(decoding: header[2], as: UTF8.self)),
                  size <= bytes.distance(from: index, to: bytes.endIndex) else { continue }
            let end = bytes.index(index, offsetBy: size)
            found[commit] = Data(bytes[index..<end])
            index = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return found
    }

    /// The versions among `versions` of the bundle at `path` whose model file a commit after
    /// `commit` (up to the revision linted) modified; one `git log`. Nil where git cannot say.
    package static func edited(_ versions: [String], since commit: String, bundle path: String, snapshot: GitSnapshot? = nil, runner: GitRunner = GitRunner()) -> Set<String>? {
        guard let (top, relative) = place(of: path, snapshot: snapshot) else { return nil }
        let files = versions.flatMap { version in XcodeModelBundle.modelFiles.map { ":(literal)\(relative)/\(version)\(XcodeModelBundle.versionExtension)/\($0)" } }
        guard let output = runner.run(["-c", "core.quotePath=false", "log", "--format=", "--name-only", "--diff-filter=M", "\(commit)..\(snapshot?.revision ?? "HEAD")", "--"] + files, in: top),
              output.succeeded else { return nil }
        let prefix = relative + "/"
        return Set(output.text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(prefix) else { return nil }
            let parts = line.dropFirst(prefix.count).split(separator: "/")
            return parts.count == 2 ? XcodeModelBundle.versionName(ofFolder: String(parts[0])) : nil
        })
    }

    /// `name` with the characters git's glob pathspecs treat specially escaped.
    package static func globEscaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "*?[]\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

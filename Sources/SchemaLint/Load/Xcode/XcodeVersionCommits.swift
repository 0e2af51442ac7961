import Foundation

/// When git first added each version of a bundle: one `git log` over the bundle's `contents` files
/// (version folders renamed inside the bundle are followed). When one commit seems to add several
/// versions at once (the bundle was moved there, or imported), a second `git log` over every bundle
/// of the same name in the repository follows the move; it walks whole trees, so it runs only then.
enum XcodeVersionCommits {
    /// What git says about a bundle's versions.
    struct Answer: Sendable {
        /// The commit that first added each version's `contents`, by version name (without `.xcdatamodel`).
        var commits: [String: GitFileOrigins.Commit] = [:]
        /// Git's message when the bundle lies in a work tree whose history git could not read
        /// (a repository it refuses, a broken `.git`); nil otherwise.
        var problem: String?
        /// The bundle lies in a shallow clone: git has only the newest commits, which seem to add
        /// every version at once, so git was not asked and the names decide.
        var isShallow = false
    }

    /// The commits that first added the bundle's versions. Empty when the bundle lies in no git work
    /// tree, git is missing, the repository has no commits yet, or no version is committed yet; with
    /// a problem when git could not read the history. A bundle in `snapshot` is looked up in its
    /// repository, at its revision.
    static func read(bundle path: String, snapshot: GitSnapshot? = nil, runner: GitRunner = GitRunner()) -> Answer {
        let top: String, relative: String
        if let snapshot {
            top = snapshot.root
            relative = PathResolution.relative(path, to: snapshot.folder)
            guard relative != ".", relative != path else { return Answer() }
        } else {
            let bundleFolder = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
            guard let root = GitWorkTree.root(containing: bundleFolder) else { return Answer() }
            top = root
            relative = PathResolution.relative(bundleFolder, to: root)
            guard relative != ".", relative != bundleFolder else { return Answer() }
            if GitWorkTree.isShallow(top: root, runner: runner) { return Answer(isShallow: true) }
        }
        let contents = "/*\(XcodeModelBundle.versionExtension)/contents"
        func commits(matching pathspec: String) -> Result<[String: GitFileOrigins.Commit], GitFailure>? {
            GitFileOrigins.read([pathspec], top: top, revision: snapshot?.revision, runner: runner)?
                .map { versions(of: $0, in: relative) }
        }
        switch commits(matching: ":(glob)\(globEscaped(relative))\(contents)") {
        case nil:
            return Answer()
        case .failure(let failure):
            // A repository with no commits yet has no history to read: nothing to say.
            let head = runner.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: top)
            return head?.status == 1 && snapshot == nil ? Answer() : Answer(problem: failure.message)
        case .success(let inBundle):
            guard Set(inBundle.values).count < inBundle.count else { return Answer(commits: inBundle) }
            let bundleName = (relative as NSString).lastPathComponent
            let followed = try? commits(matching: ":(glob)**/\(globEscaped(bundleName))\(contents)")?.get()
            return Answer(commits: followed ?? inBundle)
        }
    }

    /// The origins of `bundle/<version>.xcdatamodel/contents` files, by version name.
    private static func versions(of origins: GitFileOrigins, in bundle: String) -> [String: GitFileOrigins.Commit] {
        let prefix = bundle + "/"
        var result: [String: GitFileOrigins.Commit] = [:]
        for (file, commit) in origins.commits where file.hasPrefix(prefix) {
            let parts = file.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == "contents" else { continue }
            result[XcodeModelBundle.versionName(ofFolder: String(parts[0]))] = commit
        }
        return result
    }

    /// `name` with the characters git's glob pathspecs treat specially escaped.
    static func globEscaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "*?[]\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

import Foundation

/// When git first added each version of a bundle: one `git log` over the bundle's `contents` files
/// (version folders renamed inside the bundle are followed). When one commit seems to add several
/// versions at once (the bundle was moved there, or imported), a second `git log` over every bundle
/// of the same name in the repository follows the move; it walks whole trees, so it runs only then.
enum XcodeVersionCommits {
    /// The commit that first added each version's `contents`, by version name (without
    /// `.xcdatamodel`). Empty when the bundle lies in no git work tree, git is missing or cannot read
    /// the repository, or no version is committed yet. A bundle in `snapshot` is looked up in its
    /// repository, at its revision.
    static func read(bundle path: String, snapshot: GitSnapshot? = nil, runner: GitRunner = GitRunner()) -> [String: GitFileOrigins.Commit] {
        let top: String, relative: String
        if let snapshot {
            top = snapshot.root
            relative = PathResolution.relative(path, to: snapshot.folder)
            guard relative != ".", relative != path else { return [:] }
        } else {
            let bundleFolder = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
            guard let root = GitWorkTree.root(containing: bundleFolder) else { return [:] }
            top = root
            relative = PathResolution.relative(bundleFolder, to: root)
            guard relative != ".", relative != bundleFolder else { return [:] }
        }
        let contents = "/*\(XcodeModelBundle.versionExtension)/contents"
        func commits(matching pathspec: String) -> [String: GitFileOrigins.Commit]? {
            GitFileOrigins.read([pathspec], top: top, revision: snapshot?.revision, runner: runner)
                .map { versions(of: $0, in: relative) }
        }
        guard let inBundle = commits(matching: ":(glob)\(globEscaped(relative))\(contents)") else { return [:] }
        guard Set(inBundle.values).count < inBundle.count else { return inBundle }
        let bundleName = (relative as NSString).lastPathComponent
        return commits(matching: ":(glob)**/\(globEscaped(bundleName))\(contents)") ?? inBundle
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

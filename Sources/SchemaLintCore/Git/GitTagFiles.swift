import Foundation

/// The files of a release tag as a `SourceTree`: named `tag:path` (the path relative to the top of
/// the repository), their bytes the blobs one `git cat-file --batch` brought (`contents`, by blob
/// id). Only what was brought can be read: a reader asks for the files of sources it was handed.
package struct GitTagFiles: SourceTree {
    package var tag: String
    package var tree: GitTree
    package var contents: [String: Data]
    /// The top of the repository's work tree.
    package var top: String

    package init(tag: String, tree: GitTree, contents: [String: Data], top: String) {
        self.tag = tag
        self.tree = tree
        self.contents = contents
        self.top = top
    }

    package var hasHistory: Bool { false }

    package func workingTreePath(of name: String) -> String {
        path(of: name).map { (top as NSString).appendingPathComponent($0) } ?? name
    }

    /// How messages name the file at `path` of the tag.
    package func name(of path: String) -> String { "\(tag):\(path)" }

    /// The path in the tree of a name of this tag's.
    private func path(of name: String) -> String? {
        let prefix = tag + ":"
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : nil
    }

    package func entries(ofFolder name: String) throws(SourceTreeProblem) -> [SourceTreeEntry] {
        guard let folder = path(of: name) else { throw .missing }
        if tree.blobs[folder] != nil { throw .wrongKind }
        let prefix = folder.isEmpty ? "" : folder + "/"
        var isFolder: [String: Bool] = [:]
        for path in tree.blobs.keys where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                isFolder[String(rest[..<slash])] = true
            } else {
                isFolder[String(rest)] = isFolder[String(rest)] ?? false
            }
        }
        guard !isFolder.isEmpty else { throw .missing }
        return isFolder.keys.sorted().map { SourceTreeEntry(name: $0, isFolder: isFolder[$0] ?? false) }
    }

    package func exists(_ name: String) -> Bool {
        guard let path = path(of: name) else { return false }
        return tree.blobs[path] != nil || tree.blobs.keys.contains { $0.hasPrefix(path + "/") }
    }

    package func contents(of name: String) -> Result<Data, SourceTreeProblem> {
        guard let path = path(of: name), let blob = tree.blobs[path] else { return .failure(.missing) }
        guard let data = contents[blob] else { return .failure(.unreadable("git did not give its contents")) }
        return .success(data)
    }
}

import Foundation

/// The files of one commit's tree and their blob ids, read from the object database with one
/// `git ls-tree -r` (no checkout). Symbolic links and submodules are left out.
struct GitTree: Sendable {
    /// Blob id by path (relative to the top of the repository, `/`-separated).
    var blobs: [String: String]

    /// Lists the tree of `treeish` (a commit, a tag) in `top`. Nil when git is missing; git's
    /// message when it could not list it.
    static func read(_ treeish: String, top: String, runner: GitRunner) -> Result<GitTree, GitFailure>? {
        guard let output = runner.run(["ls-tree", "-r", "-z", "--full-tree", "--end-of-options", treeish], in: top) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        return .success(GitTree(listing: output.standardOutput))
    }

    /// Reads `mode type id<TAB>path` entries, NUL-ended.
    init(listing: Data) {
        var blobs: [String: String] = [:]
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 3, fields[0].elementsEqual("100644".utf8) || fields[0].elementsEqual("100755".utf8),
                  fields[1].elementsEqual("blob".utf8) else { continue }
            blobs[String(decoding: entry[(tab + 1)...], as: UTF8.self)] = String(decoding: fields[2], as: UTF8.self)
        }
        self.blobs = blobs
    }

    init(blobs: [String: String]) {
        self.blobs = blobs
    }
}

/// The contents of blobs, read together through one `git cat-file --batch`.
enum GitBlobs {
    /// The bytes of each blob id asked for (ids git does not have are absent). Nil when git is
    /// missing; git's message when it could not read them.
    static func read(_ ids: [String], top: String, runner: GitRunner) -> Result<[String: Data], GitFailure>? {
        guard !ids.isEmpty else { return .success([:]) }
        let request = Data(ids.map { $0 + "\n" }.joined().utf8)
        guard let output = runner.run(["cat-file", "--batch"], in: top, input: request) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        return .success(parse(output.standardOutput))
    }

    /// Reads `id type size<LF>bytes<LF>` answers (or `name missing<LF>`).
    static func parse(_ output: Data) -> [String: Data] {
        var contents: [String: Data] = [:]
        var index = output.startIndex
        while index < output.endIndex, let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) {
            let header = output[index..<newline].split(separator: UInt8(ascii: " "))
            index = output.index(after: newline)
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
                  size <= output.distance(from: index, to: output.endIndex) else { continue }
            let end = output.index(index, offsetBy: size)
            contents[String(decoding: header[0], as: UTF8.self)] = Data(output[index..<end])
            index = end < output.endIndex ? output.index(after: end) : end
        }
        return contents
    }
}

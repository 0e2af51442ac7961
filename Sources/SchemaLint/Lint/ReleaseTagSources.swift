import Foundation

/// The files of a release tag that the readers of other formats (SwiftData, store-handling code)
/// read, chosen as the folder walk chooses the working tree's: below the paths linted, hidden names
/// and the configuration's `exclude:` left out, each file's name ending as a reader's files do and
/// its bytes claimed by the reader. They are named `tag:path` in everything read from them.
struct ReleaseTagSources: Sendable {
    /// A path linted, relative to the top of its work tree ("" for the top itself), and as the
    /// command line named it.
    struct Root: Sendable {
        var relative: String
        var named: String
    }

    var roots: [Root]
    /// Applies the configuration's `exclude:` to the names the working tree would give the files.
    var finder: ModelSourceFinder
    var readers: [any ModelSourceReader]

    /// Whether `path` (relative to the top) lies below a root, with no hidden folder or file on
    /// the way and not excluded.
    func contains(_ path: String) -> Bool {
        roots.contains { root in
            let rest: Substring
            if root.relative.isEmpty {
                rest = path[...]
            } else if path == root.relative {
                rest = ""
            } else if path.hasPrefix(root.relative + "/") {
                rest = path.dropFirst(root.relative.count + 1)
            } else {
                return false
            }
            if rest.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return false }
            let base = root.named.hasSuffix("/") ? String(root.named.dropLast()) : root.named
            let shown = rest.isEmpty ? base : base == "." ? String(rest) : base + "/" + rest
            return !finder.isExcluded(shown)
        }
    }

    /// The files of `tree` that `readers` may claim by their names: what the batch must read.
    func candidates(in tree: GitTree, for readers: [any ModelSourceReader]) -> [(path: String, blob: String)] {
        tree.blobs.filter { path, _ in readers.contains { $0.mayClaim(name: path) } && contains(path) }
            .map { (path: $0.key, blob: $0.value) }.sorted { $0.path < $1.path }
    }

    /// The files (`path`, NUL, blob id) among `files` that `reader` claims. Tags share most files
    /// (the same path with the same blob), so each is searched once, however many tags have it.
    func claimed(by reader: any ModelSourceReader, among files: [(path: String, blob: String)], contents: [String: Data]) -> Set<String> {
        var searched: Set<String> = []
        var claimed: Set<String> = []
        for file in files where reader.mayClaim(name: file.path) {
            let key = file.path + "\u{0}" + file.blob
            guard searched.insert(key).inserted else { continue }
            if reader.claims(name: file.path, bytes: [UInt8](contents[file.blob] ?? Data())) { claimed.insert(key) }
        }
        return claimed
    }

    /// What `reader` makes of the files of `tag` it claims (`claimed`, from `claimed(by:among:contents:)`),
    /// named `tag:path`.
    func read(
        _ reader: any ModelSourceReader, tag: String, files: [(path: String, blob: String)], claimed: Set<String>,
        contents: [String: Data], options: ModelSourceReadingOptions
    ) -> ModelSourceReading {
        let sources: [ModelSourceFile] = files.compactMap { file in
            guard claimed.contains(file.path + "\u{0}" + file.blob) else { return nil }
            return ("\(tag):\(file.path)", [UInt8](contents[file.blob] ?? Data()))
        }
        guard !sources.isEmpty else { return ModelSourceReading() }
        return reader.read(sources: sources, options: options)
    }
}

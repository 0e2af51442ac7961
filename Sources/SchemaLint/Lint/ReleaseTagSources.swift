import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

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
    /// Applies the configuration's `exclude:` to the names the working tree would give the files,
    /// and knows the folders the readers read whole.
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

    /// A source a tag may hold: a file, or a folder read whole (a bundle) with every file inside.
    struct Candidate: Sendable {
        var path: String
        /// The file's blob, or the blobs of the files inside the folder.
        var blobs: [String]
        var isFolder: Bool
    }

    /// The sources of `tree` that `readers` may claim by their names, below the roots or where
    /// `outside` says (a model that moved): what the batch must read. A folder is one only where
    /// `readsFolder` says so (its files cost a read each).
    func candidates(in tree: GitTree, for readers: [any ModelSourceReader], outside: (String) -> Bool, readsFolder: (String) -> Bool) -> [Candidate] {
        var files: [Candidate] = []
        var folders: [String: [String]] = [:]
        let names = Set(readers.map(\.name))
        // The folder read whole that a file lies in depends on its folder alone: asked once per folder.
        var enclosing: [Substring: ModelSource?] = [:]
        for (path, blob) in tree.blobs {
            let parent = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
            let inFolder = enclosing[parent] ?? {
                let found = finder.enclosingFolderSource(of: String(parent))
                enclosing[parent] = found
                return found
            }()
            if let folder = inFolder {
                if names.contains(folder.reader), contains(folder.path) || outside(folder.path), readsFolder(folder.path) { folders[folder.path, default: []].append(blob) }
            } else if readers.contains(where: { $0.mayClaim(name: path) }), contains(path) || outside(path) {
                files.append(Candidate(path: path, blobs: [blob], isFolder: false))
            }
        }
        return (files + folders.map { Candidate(path: $0.key, blobs: $0.value.sorted(), isFolder: true) }).sorted { $0.path < $1.path }
    }

    /// The files (`path`, NUL, blob id) among `candidates` that `reader` claims. Tags share most
    /// files (the same path with the same blob), so each is searched once, however many tags have it.
    func claimed(by reader: any ModelSourceReader, among candidates: [Candidate], contents: [String: Data]) -> Set<String> {
        var searched: Set<String> = []
        var claimed: Set<String> = []
        for file in candidates where !file.isFolder && reader.mayClaim(name: file.path) {
            let key = file.path + "\u{0}" + file.blobs[0]
            guard searched.insert(key).inserted else { continue }
            if reader.claims(name: file.path, bytes: [UInt8](contents[file.blobs[0]] ?? Data())) { claimed.insert(key) }
        }
        return claimed
    }

    /// What `reader` makes of the sources of a tag (`files`) it claims: the files among
    /// `candidates` in `claimed` (from `claimed(by:among:contents:)`) and the folders it reads whole.
    func read(
        _ reader: any ModelSourceReader, files: GitTagFiles, candidates: [Candidate], claimed: Set<String>, options: ModelSourceReadingOptions
    ) -> ModelSourceReading {
        let sources: [ModelSourceFile] = candidates.compactMap { candidate in
            if candidate.isFolder {
                return reader.mayClaim(folder: (candidate.path as NSString).lastPathComponent) ? (files.name(of: candidate.path), []) : nil
            }
            guard claimed.contains(candidate.path + "\u{0}" + candidate.blobs[0]) else { return nil }
            return (files.name(of: candidate.path), [UInt8](files.contents[candidate.blobs[0]] ?? Data()))
        }
        guard !sources.isEmpty else { return ModelSourceReading() }
        var options = options
        options.tree = files
        // As in the working tree, a reader may look in the tag's files it did not claim.
        options.unclaimedFiles = candidates.filter { candidate in
            !candidate.isFolder && reader.mayConsult(name: candidate.path) && !claimed.contains(candidate.path + "\u{0}" + candidate.blobs[0])
        }.map { files.name(of: $0.path) }.sorted()
        return reader.read(sources: sources, options: options)
    }
}

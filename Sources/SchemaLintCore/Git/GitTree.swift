import Foundation

/// The files of one commit's tree and their blob ids, read from the object database with one
/// `git ls-tree -r` (no checkout). Symbolic links and submodules are left out.
package struct GitTree: Sendable {
    /// Blob id by path (relative to the top of the repository, `/`-separated).
    package var blobs: [String: String]

    /// Lists the tree of `treeish` (a commit, a tag) in `top`. Nil when git is missing; git's
    /// message when it could not list it.
    package static func read(_ treeish: String, top: String, runner: GitRunner) -> Result<GitTree, GitFailure>? {
        guard let output = runner.run(["ls-tree", "-r", "-z", "--full-tree", "--end-of-options", treeish], in: top) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        return .success(GitTree(listing: output.standardOutput))
    }

    /// Reads `mode type id<TAB>path` entries, NUL-ended, in one pass over the bytes (a tree of a
    /// large repository has tens of thousands of entries, and a run reads one per tag).
    package init(listing: Data) {
        var blobs: [String: String] = [:]
        listing.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0 { end += 1 }
                defer { start = end + 1 }
                // "100644 blob " or "100755 blob ": a regular file.
                let idStart = start + Self.modeLength + Self.blobType.count
                guard end > idStart,
                      Self.regularModes.contains(where: { bytes[start..<(start + Self.modeLength)].elementsEqual($0) }),
                      bytes[(start + Self.modeLength)..<idStart].elementsEqual(Self.blobType),
                      let tab = (idStart..<end).first(where: { bytes[$0] == UInt8(ascii: "\t") })
                else { continue }
                let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[idStart..<tab]), as: UTF8.self)
                blobs[String(decoding: UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<end]), as: UTF8.self)] = id
            }
        }
        self.blobs = blobs
    }

    /// The modes of a regular file and an executable one, and the type that follows them.
    private static let regularModes = [Array("100644".utf8), Array("100755".utf8)]
    private static let modeLength = 6
    private static let blobType = Array(" blob ".utf8)

    package init(blobs: [String: String]) {
        self.blobs = blobs
    }
}

/// The entries of a tree object as `git cat-file --batch` gives it: `mode name<NUL>id` records,
/// the id raw (20 bytes for SHA-1, 32 for SHA-256).
package enum GitTreeObject {
    package struct Entry: Equatable {
        package var mode: String
        package var name: String
        /// The id in hex, as git prints it.
        package var id: String
        package var isTree: Bool { mode == "40000" }
        /// A file (regular, executable or a link): not a folder nor a submodule's commit.
        package var isBlob: Bool { mode.hasPrefix("100") || mode == "120000" }
    }

    /// The entries of `data`, in order; `idLength` is the raw id's length in bytes. A truncated
    /// record ends the list.
    private static let hexDigits = Array("0123456789abcdef".utf8)

    package static func entries(of data: Data, idLength: Int) -> [Entry] {
        guard idLength > 0 else { return [] }
        var entries: [Entry] = []
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            guard let space = bytes[index...].firstIndex(of: UInt8(ascii: " ")),
                  let nul = bytes[space...].firstIndex(of: 0) else { break }
            let idEnd = nul + 1 + idLength
            guard idEnd <= bytes.count else { break }
            let hex = String(unsafeUninitializedCapacity: idLength * 2) { buffer in
                for (offset, byte) in bytes[(nul + 1)..<idEnd].enumerated() {
                    buffer[offset * 2] = hexDigits[Int(byte >> 4)]
                    buffer[offset * 2 + 1] = hexDigits[Int(byte & 0xF)]
                }
                return idLength * 2
            }
            entries.append(Entry(mode: String(decoding: bytes[index..<space], as: UTF8.self),
                                 name: String(decoding: bytes[(space + 1)..<nul], as: UTF8.self), id: hex))
            index = idEnd
        }
        return entries
    }
}

/// The contents of blobs, read together through one `git cat-file --batch`.
package enum GitBlobs {
    /// The bytes of each blob id asked for (ids git does not have are absent). Nil when git is
    /// missing; git's message when it could not read them.
    package static func read(_ ids: [String], top: String, runner: GitRunner) -> Result<[String: Data], GitFailure>? {
        guard !ids.isEmpty else { return .success([:]) }
        let request = Data(ids.map { $0 + "\n" }.joined().utf8)
        guard let output = runner.run(["cat-file", "--batch"], in: top, input: request) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        return .success(parse(output.standardOutput))
    }

    /// Reads `id type size<LF>bytes<LF>` answers (or `name missing<LF>`).
    package static func parse(_ output: Data) -> [String: Data] {
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

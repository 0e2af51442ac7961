import Foundation

/// Where a run's sources lie, for the readers that read a folder whole (Xcode's model bundles):
/// the file system (the working tree, or a revision's files copied out for `--against`), or a git
/// tree at a release tag, whose files have no path on disk and are named `tag:path`. The same
/// reader reads both through it; readers of single files are handed their bytes instead.
package protocol SourceTree: Sendable {
    /// The entries directly inside the folder at `path`.
    func entries(ofFolder path: String) throws(SourceTreeProblem) -> [SourceTreeEntry]
    /// Whether a file or a folder is at `path`.
    func exists(_ path: String) -> Bool
    /// The bytes of the file at `path`, or why they cannot be read (in the words of a message's end).
    func contents(of path: String) -> Result<Data, SourceTreeProblem>
    /// Whether git can say when each file of the tree was added: the working tree's files have a
    /// history; a tag's are one moment of it.
    var hasHistory: Bool { get }
    /// Where the source named `name` lies in the working tree, whose configuration (a bundle's
    /// `cloudkit:`) applies to it.
    func workingTreePath(of name: String) -> String
}

package struct SourceTreeEntry: Sendable, Hashable {
    package var name: String
    package var isFolder: Bool
}

/// Why a folder could not be listed or a file read.
package enum SourceTreeProblem: Error, Sendable, Equatable {
    case missing
    /// A file where a folder was expected, or the other way round.
    case wrongKind
    /// What the file system said.
    case unreadable(String)
}

/// The file system: paths as the walk and the command line name them.
package struct FileSystemTree: SourceTree {
    package init() {}

    package var hasHistory: Bool { true }

    package func workingTreePath(of name: String) -> String { name }

    package func entries(ofFolder path: String) throws(SourceTreeProblem) -> [SourceTreeEntry] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing }
        guard isDirectory.boolValue else { throw .wrongKind }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(FileProblem.describe(error))
        }
        return names.map { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            return SourceTreeEntry(name: name, isFolder: exists && isFolder.boolValue)
        }
    }

    package func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    package func contents(of path: String) -> Result<Data, SourceTreeProblem> {
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .failure(.unreadable(FileProblem.describe(error)))
        }
    }
}

extension SourceTreeProblem {
    /// The end of a message about the file or folder at a path.
    package var reason: String {
        switch self {
        case .missing: "no such file or folder"
        case .wrongKind: "not the kind of entry expected"
        case .unreadable(let problem): problem
        }
    }
}

/// Files of a git revision copied into a folder outside the repository (as `--against` does):
/// what git knows about them is read in the repository, at the revision.
public struct GitSnapshot: Sendable, Hashable {
    /// The top of the repository's work tree.
    public var root: String
    /// The revision the files come from.
    public var revision: String
    /// The folder holding the files, at the same relative places as in the repository.
    public var folder: String

    public init(root: String, revision: String, folder: String) {
        self.root = root
        self.revision = revision
        self.folder = folder
    }
}

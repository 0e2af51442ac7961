/// Files of a git revision copied into a folder outside the repository (as `--against` does):
/// what git knows about them is read in the repository, at the revision.
package struct GitSnapshot: Sendable, Hashable {
    /// The top of the repository's work tree.
    package var root: String
    /// The revision the files come from.
    package var revision: String
    /// The folder holding the files, at the same relative places as in the repository.
    package var folder: String

    package init(root: String, revision: String, folder: String) {
        self.root = root
        self.revision = revision
        self.folder = folder
    }
}

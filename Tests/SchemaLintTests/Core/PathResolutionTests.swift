import Testing
@testable import SchemaLintCore

/// The folder of a path, as the walk, the git readers and the configuration take it.
struct PathResolutionTests {
    /// A one-letter name alone ("Y", "Y/") is the case Foundation's `deletingLastPathComponent`
    /// traps on; the rest answer as it does.
    @Test(arguments: [
        ("Y", ""), ("Y/", ""), ("Notes", ""), ("Y/Y-1.yml", "Y"), ("A/B", "A"), ("a/b/Y", "a/b"),
        ("/Y", "/"), ("/", "/"), ("", ""), ("App/Notes.xcdatamodeld/Notes 2.xcdatamodel", "App/Notes.xcdatamodeld"),
    ])
    func parentOfAPath(path: String, parent: String) {
        #expect(PathResolution.parent(of: path) == parent)
    }
}

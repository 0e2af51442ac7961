import Foundation
import Testing
import SchemaLintCore
@testable import SchemaLintSwiftSource

/// A Swift file's parse, shared by the readers of a run.
@Suite struct ParsedSwiftFileTests {
    /// One file read at two release tags (copied out under two names, at one place in the
    /// working tree) is parsed once, and each reading's locations carry its own name.
    @Test func oneFileAtTwoRevisionsIsParsedOnce() throws {
        let options = ModelSourceReadingOptions(tree: RevisionsTree())
        let text = Array("struct Note {}\n".utf8)
        let first = try ParsedSwiftFile.parse(("v1/Note.swift", text), options: options).get()
        let second = try ParsedSwiftFile.parse(("v2/Note.swift", text), options: options).get()
        #expect(first.tree.id == second.tree.id)
        #expect(first.location(of: first.tree.statements.first!).file == "v1/Note.swift")
        #expect(second.location(of: second.tree.statements.first!).file == "v2/Note.swift")
        // Another run parses it again.
        let third = try ParsedSwiftFile.parse(("v1/Note.swift", text), options: ModelSourceReadingOptions(tree: RevisionsTree())).get()
        #expect(third.tree.id != first.tree.id)
    }

    /// Two files of one revision with the same text (a sample app copied into two folders) are
    /// parsed each on its own: one tree for both would give the code of both the same node
    /// identities, and a reader could not tell which file a node it found lies in.
    @Test func twoFilesWithOneTextAreParsedEachOnItsOwn() throws {
        let options = ModelSourceReadingOptions()
        let text = Array("struct Note {}\n".utf8)
        let first = try ParsedSwiftFile.parse(("Chapter1/Note.swift", text), options: options).get()
        let second = try ParsedSwiftFile.parse(("Chapter2/Note.swift", text), options: options).get()
        #expect(first.tree.id != second.tree.id)
    }
}

/// Files of release tags copied out as `vN/<path>`, each at `<path>` in the working tree.
private struct RevisionsTree: SourceTree {
    func entries(ofFolder path: String) throws(SourceTreeProblem) -> [SourceTreeEntry] { [] }
    func exists(_ path: String) -> Bool { false }
    func contents(of path: String) -> Result<Data, SourceTreeProblem> { .failure(.missing) }
    var hasHistory: Bool { false }
    func workingTreePath(of name: String) -> String { String(name.drop { $0 != "/" }.dropFirst()) }
}

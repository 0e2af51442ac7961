import Testing
import SchemaLintCore
@testable import SchemaLintSwiftSource

/// A Swift file's parse, shared by the readers of a run.
@Suite struct ParsedSwiftFileTests {
    /// One text read under two names (a file at two release tags, copied out under other names)
    /// is parsed once, and each file's locations carry its own name.
    @Test func oneTextUnderTwoNamesIsParsedOnce() throws {
        let options = ModelSourceReadingOptions()
        let text = Array("struct Note {}\n".utf8)
        let first = try ParsedSwiftFile.parse(("v1/Note.swift", text), options: options).get()
        let second = try ParsedSwiftFile.parse(("v2/Note.swift", text), options: options).get()
        #expect(first.tree.id == second.tree.id)
        #expect(first.location(of: first.tree.statements.first!).file == "v1/Note.swift")
        #expect(second.location(of: second.tree.statements.first!).file == "v2/Note.swift")
        // Another run parses it again.
        let third = try ParsedSwiftFile.parse(("v1/Note.swift", text), options: ModelSourceReadingOptions()).get()
        #expect(third.tree.id != first.tree.id)
    }
}

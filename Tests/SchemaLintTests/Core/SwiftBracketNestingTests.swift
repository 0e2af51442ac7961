import Testing
@testable import SchemaLint

/// The guard the Swift readers put in front of swift-syntax's parser, whose time doubles with each
/// level of `[` (docs/fuzzing.md): the depth it counts, and what it leaves out.
struct SwiftBracketNestingTests {
    static func nested(_ depth: Int, prefix: String = "let x = ") -> String {
        prefix + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "\n"
    }

    @Test func nestingUpToTheLimitIsRead() {
        #expect(SwiftBracketNesting.check(Array(Self.nested(SwiftBracketNesting.limit).utf8), file: "A.swift") == nil)
        #expect(SwiftBracketNesting.check(Array("let m: [[String: [Int]]] = [[:]]\n".utf8), file: "A.swift") == nil)
    }

    @Test func theFirstBracketTooDeepIsTheErrorsPlace() throws {
        let source = "import Foundation\n" + Self.nested(SwiftBracketNesting.limit + 1)
        let error = try #require(SwiftBracketNesting.check(Array(source.utf8), file: "A.swift"))
        // Line 2: "let x = " is 8 columns, then 12 '[' fit; the 13th is at column 8 + 13.
        #expect(error.file == "A.swift" && error.line == 2 && error.column == 8 + SwiftBracketNesting.limit + 1)
        #expect(error.message == "'[' nested more than 12 deep; schemalint does not read this file")
    }

    @Test func siblingsDoNotAddUp() {
        let siblings = "let x = [" + String(repeating: "[1], ", count: 40) + "]\n"
        #expect(SwiftBracketNesting.check(Array(siblings.utf8), file: "A.swift") == nil)
    }

    @Test func bracketsInCommentsAndStringsDoNotCount() {
        let many = String(repeating: "[", count: 40)
        let sources = [
            "// \(many)\nlet a = 1\n",
            "/* \(many) /* nested \(many) */ \(many) */\nlet a = 1\n",
            "let a = \"\(many)\"\n",
            "let a = \"\"\"\n\(many)\n\"\"\"\n",
            "let a = #\"\(many)\"  \\\"\(many)\"#\n",
            "let a = \"\\\"\(many)\"\n",
        ]
        for source in sources {
            #expect(SwiftBracketNesting.check(Array(source.utf8), file: "A.swift") == nil, "\(source)")
        }
    }

    @Test func codeInAnInterpolationCounts() {
        let source = "let a = \"value: \\(" + String(repeating: "[", count: 20) + "\"\n"
        #expect(SwiftBracketNesting.check(Array(source.utf8), file: "A.swift") != nil)
        let closed = "let a = \"\\((1 + 2) * 3) [[[[[[[[[[[[[[[[[[[[\"\n"
        #expect(SwiftBracketNesting.check(Array(closed.utf8), file: "A.swift") == nil)
    }
}

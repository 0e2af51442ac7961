import Foundation
import SchemaLint
import SchemaLintSwiftSource
import SwiftParser
import SwiftSyntax
import Testing
import SchemaLintTestSupport

/// The line and column of every position are what swift-syntax's `SourceLocationConverter` gives.
@Suite struct SwiftLineTableTests {
    /// The positions where the converter and the file disagree, as `line:column` pairs.
    private func mismatches(in bytes: [UInt8]) -> [String] {
        guard case .success(let file) = ParsedSwiftFile.parse(("Lines.swift", bytes), options: ModelSourceReadingOptions()) else {
            Issue.record("the text does not parse into a tree")
            return []
        }
        let converter = SourceLocationConverter(fileName: "Lines.swift", tree: file.tree)
        var positions = [file.tree.position, file.tree.endPosition]
        for token in file.tree.tokens(viewMode: .all) {
            positions += [token.position, token.positionAfterSkippingLeadingTrivia, token.endPositionBeforeTrailingTrivia, token.endPosition]
        }
        #expect(positions.count > 2 || bytes.isEmpty)
        return positions.compactMap { position in
            let expected = converter.location(for: position)
            let found = file.location(at: position)
            return (found.line, found.column) == (expected.line, expected.column)
                ? nil : "\(position.utf8Offset): \(found.line):\(found.column), converter \(expected.line):\(expected.column)"
        }
    }

    @Test(arguments: [
        "let a = 1\nlet b = 2\n",
        "let a = 1\r\nlet b = 2\r\n",
        "let a = 1\rlet b = 2\r\r\nlet c = 3",
        "\n\n\nlet a = 1",
        "",
        "let s = \"\"\"\n  two\r\n  lines\n  \"\"\"\n// é ✓ 😀 after\n/* a\rb */ let x = 1",
        "#sourceLocation(file: \"other.swift\", line: 100)\nlet a = 1\n#sourceLocation()\nlet b = 2\n",
        "\u{FEFF}let bom = 1\n",
        "func f() {\n\tlet broken = (1,\n",
    ])
    func everyPositionOfATextHasTheConvertersLineAndColumn(text: String) {
        #expect(mismatches(in: Array(text.utf8)) == [])
    }

    @Test func invalidUTF8CountsAsBytes() {
        let bytes = Array("let a = \"".utf8) + [0xFF, 0xC3, 0x0A, 0x80] + Array("\"\nlet b = 2\r\n".utf8)
        #expect(mismatches(in: bytes) == [])
    }

    @Test func everyPositionOfTheExamplesAndStoreFixturesHasTheConvertersLineAndColumn() throws {
        let files = exampleAndStoreFixtureSwiftFiles()
        #expect(files.count >= 10)
        for file in files {
            #expect(mismatches(in: Array(try Data(contentsOf: file))) == [], "\(file.lastPathComponent)")
        }
    }
}

import SwiftParser
import SwiftSyntax
import SchemaLintCore

/// One Swift file parsed with swift-syntax, as both Swift readers (SwiftData's and the
/// store-handling code's) see it: its name (as messages show it), its tree, and its lines, which
/// turn syntax positions into `file:line:column`. A file both readers claim is checked and parsed once
/// per run (`parse(_:options:)`).
package struct ParsedSwiftFile: Sendable {
    package let name: String
    package let tree: SourceFileSyntax
    private let lines: SwiftLineTable

    /// What parsing makes of a text, whatever file holds it.
    private struct Syntax: Sendable {
        let tree: SourceFileSyntax
        let lines: SwiftLineTable

        init(_ bytes: [UInt8]) {
            tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            lines = SwiftLineTable(bytes)
        }
    }

    private init(name: String, syntax: Syntax) {
        self.name = name
        self.tree = syntax.tree
        self.lines = syntax.lines
    }

    /// Parses bytes that came from a file, or from memory (a fuzzer, a test).
    init(name: String, bytes: [UInt8]) {
        self.init(name: name, syntax: Syntax(bytes))
    }

    /// The parsed file, or the input error that keeps it from the parser (`[` nested too deep:
    /// `SwiftBracketNesting`), made once for all readers of the run that hands them `options`. The
    /// same file read again at another release tag (another name, the same place in the working
    /// tree) with the same text is not parsed again.
    package static func parse(_ source: ModelSourceFile, options: ModelSourceReadingOptions) -> Result<ParsedSwiftFile, InputError> {
        options.sharedWork.value(of: source) { source in
            if let error = SwiftBracketNesting.check(source.bytes, file: source.name) { return .failure(error) }
            return .success(ParsedSwiftFile(name: source.name, syntax: options.sharedWork.value(ofText: source.bytes, at: options.tree.workingTreePath(of: source.name), make: Syntax.init)))
        }
    }

    /// The modules the file imports (`import GRDB`, `@testable import App`, `import struct GRDB.Row`).
    package var importedModules: Set<String> {
        Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
    }

    /// Whether the file is a test's (it imports XCTest or Swift Testing): test targets do not
    /// ship, and what they declare (stores, schemas copied to test a migration) is no app's.
    package var isTestCode: Bool {
        !importedModules.isDisjoint(with: ["XCTest", "Testing"])
    }

    /// Where a node starts (after its leading comments and whitespace).
    package func location(of node: some SyntaxProtocol) -> SchemaLintCore.SourceLocation {
        location(at: node.positionAfterSkippingLeadingTrivia)
    }

    /// The `file:line:column` of a position in the tree.
    package func location(at position: AbsolutePosition) -> SchemaLintCore.SourceLocation {
        let place = lines.location(ofUTF8Offset: position.utf8Offset)
        return SchemaLintCore.SourceLocation(file: name, line: place.line, column: place.column)
    }
}

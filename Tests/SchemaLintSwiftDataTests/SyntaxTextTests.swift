import Foundation
import SchemaLintSwiftSource
import SwiftParser
import SwiftSyntax
import Testing
import SchemaLintTestSupport

/// `trimmedText` is what swift-syntax's `trimmedDescription` gives, for every node.
@Suite struct SyntaxTextTests {
    /// Every node of a tree, in order.
    private final class AllNodes: SyntaxAnyVisitor {
        var nodes: [Syntax] = []
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            nodes.append(node)
            return .visitChildren
        }
    }

    private func mismatches(in source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let collector = AllNodes(viewMode: .sourceAccurate)
        collector.walk(tree)
        #expect(collector.nodes.count > 3)
        return collector.nodes.filter { $0.trimmedText != $0.trimmedDescription }.map { "\($0.kind): \($0.trimmedDescription.debugDescription)" }
    }

    @Test func everyNodeOfTriviaRichCodeReadsAsTrimmedDescriptionDoes() {
        let source = """
        // leading comment
        /// doc comment
        @main   struct App {  // trailing comment
            /* block */ let store = Store.shared   /* after */
            init() {
                container.loadPersistentStores { _, error in   // handler
                    if let error { fatalError("\\(error)") }\t
                }
            }
        }
        let broken = (1, 
        #if DEBUG
        let x = "é ✓ \\u{1F600}"
        #endif
        """
        #expect(mismatches(in: source) == [])
    }

    @Test func everyNodeOfTheExamplesAndStoreFixturesReadsAsTrimmedDescriptionDoes() throws {
        let files = exampleAndStoreFixtureSwiftFiles()
        #expect(files.count >= 10)
        for file in files {
            #expect(mismatches(in: try String(contentsOf: file, encoding: .utf8)) == [], "\(file.lastPathComponent)")
        }
    }

    /// Every syntax collection of a file read by index gives what iterating it gives.
    private final class AllCollections: SyntaxAnyVisitor {
        var checked = 0
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if let list = node.as(CodeBlockItemListSyntax.self) { check(list) }
            if let list = node.as(ExprListSyntax.self) { check(list) }
            if let list = node.as(ConditionElementListSyntax.self) { check(list) }
            if let list = node.as(InheritedTypeListSyntax.self) { check(list) }
            return .visitChildren
        }

        private func check<Collection: SyntaxCollection>(_ collection: Collection) {
            checked += 1
            #expect(collection.elementArray.map(\.id) == Array(collection).map(\.id))
            for element in collection {
                #expect(collection.containsElement { $0.id == element.id })
            }
            #expect(!collection.containsElement { _ in false })
        }
    }

    @Test func collectionsReadByIndexHoldWhatIteratingThemGives() {
        let tree = Parser.parse(source: """
        final class Store: NSObject, ObservableObject {
            init() {
                if let error, error != nil, let x = y { a = b ?? c + d }
                guard description.url != nil else { return }
            }
        }
        let empty: Int
        """)
        let collections = AllCollections(viewMode: .sourceAccurate)
        collections.walk(tree)
        #expect(collections.checked >= 6)
    }

    /// The first expression statement of `source`.
    private func firstExpression(_ source: String) -> ExprSyntax? {
        Parser.parse(source: source).statements.first?.item.as(ExprSyntax.self)
    }

    @Test func aQuotedExpressionIsOneLineAndCut() throws {
        let multiline = try #require(firstExpression("""
        support
            .appendingPathComponent("Stores",   isDirectory: true)
            \t.appendingPathComponent("Notes.sqlite")  // the store
        """))
        #expect(multiline.quotedText() == #"support .appendingPathComponent("Stores", isDirectory: true) .appendingPathComponent("Notes.sqlite")"#.prefix(79) + "…")
        #expect(multiline.quotedText(limit: 200) == #"support .appendingPathComponent("Stores", isDirectory: true) .appendingPathComponent("Notes.sqlite")"#)
        let short = try #require(firstExpression("storeURL.path + \"-wal\""))
        #expect(short.quotedText() == #"storeURL.path + "-wal""#)
        let exactly = try #require(firstExpression(String(repeating: "a", count: 80)))
        #expect(exactly.quotedText() == String(repeating: "a", count: 80))
    }
}

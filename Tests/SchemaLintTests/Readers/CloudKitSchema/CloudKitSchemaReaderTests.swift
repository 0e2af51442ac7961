import Testing
@testable import SchemaLint

/// The CloudKit Schema Language reader: exports as cktool writes them, every type of the grammar,
/// and one positioned error for each kind of bad input.
@Suite struct CloudKitSchemaReaderTests {
    static func parse(_ text: String, file: String = "production.ckdb") throws(InputError) -> CloudKitSchema {
        try CloudKitSchemaReader.parse(bytes: Array(text.utf8), file: file)
    }

    @Test func readsAnExportWithSystemFieldsGrantsRolesAndComments() throws {
        let text = CloudKitSchemaFixtures.deployedVersion1
        let schema = try Self.parse(text)
        #expect(schema.recordTypes.map(\.name) == ["CD_Item", "CD_Shelf", "Users"])
        #expect(schema.roles == ["Auditor"])
        let item = try #require(schema.recordType(named: "CD_Item"))
        // 9 CD_ fields and 6 system fields; the four grants are not fields.
        #expect(item.fields.count == 15)
        #expect(item.fields.filter(\.isSystem).map(\.name) == ["___createTime", "___createdBy", "___etag", "___modTime", "___modifiedBy", "___recordID"])
        let recordID = try #require(item.field(named: "___recordID"))
        #expect(recordID.type == .primitive(.reference))
        #expect(recordID.options == [.queryable])
        let expected = try #require(CloudKitSchemaFixtures.position(of: "\"___recordID\" REFERENCE QUERYABLE", in: text))
        #expect((recordID.location.line, recordID.location.column) == (expected.line, expected.column))
        let typePosition = try #require(CloudKitSchemaFixtures.position(of: "CD_Item", onLineWith: "RECORD TYPE CD_Item", in: text))
        #expect((item.location.line, item.location.column) == (typePosition.line, typePosition.column))
        #expect(schema.recordType(named: "Users")?.field(named: "roles")?.type == .list(.primitive(.int64)))
        #expect(schema.recordType(named: "Users")?.isSystem == true)
    }

    @Test func readsEveryTypeOfTheGrammarAndWritesItBackTheSameWay() throws {
        let types = [
            "ASSET", "BYTES", "DOUBLE", "INT64", "LOCATION", "REFERENCE", "STRING", "TIMESTAMP",
            "ENCRYPTED BYTES", "ENCRYPTED STRING", "ENCRYPTED DOUBLE", "ENCRYPTED INT64", "ENCRYPTED LOCATION", "ENCRYPTED TIMESTAMP",
            "NUMBER", "NUMBER PREFERRED AS INT64", "NUMBER PREFERRED AS DOUBLE",
            "LIST<STRING>", "LIST<ENCRYPTED BYTES>", "LIST<NUMBER PREFERRED AS DOUBLE>", "LIST<REFERENCE>",
        ]
        let fields = types.enumerated().map { "f\($0.offset) \($0.element)" }.joined(separator: ",\n")
        let schema = try Self.parse("DEFINE SCHEMA RECORD TYPE T (\n\(fields)\n);")
        let read = try #require(schema.recordType(named: "T")).fields
        #expect(read.map(\.type.description) == types)
        #expect(read.map(\.name) == types.indices.map { "f\($0)" })
    }

    @Test func keywordsAreNotCaseSensitiveAndQuotedNamesMayBeAnything() throws {
        let schema = try Self.parse("""
            define schema
              record type "cloudkit.share" ("grant" string sortable queryable, type int64, list list<string>);
              Record Type Note (title String Searchable);
            """)
        let share = try #require(schema.recordType(named: "cloudkit.share"))
        #expect(share.isSystem)
        #expect(share.fields.map(\.name) == ["grant", "type", "list"])
        #expect(share.field(named: "grant")?.options == [.queryable, .sortable])
        #expect(share.field(named: "list")?.type == .list(.primitive(.string)))
        #expect(schema.recordType(named: "Note")?.field(named: "title")?.options == [.searchable])
    }

    @Test func aHandWrittenFileMayLackSemicolonAtTheEndAndHaveEmptyRecordTypes() throws {
        let schema = try Self.parse("\u{FEFF}DEFINE SCHEMA\nRECORD TYPE A ();;\nRECORD TYPE B (GRANT READ TO \"_world\")")
        #expect(schema.recordTypes.map(\.name) == ["A", "B"])
        #expect(schema.recordTypes.allSatisfy { $0.fields.isEmpty })
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "empty file", text: "", line: 1, column: 1, message: "expected 'DEFINE SCHEMA' at the start, found the end of the file"),
        Bad(name: "comments only", text: "// nothing\n-- here\n", line: 3, column: 1, message: "expected 'DEFINE SCHEMA' at the start"),
        Bad(name: "JSON", text: "{\"recordTypes\": []}", line: 1, column: 1, message: "unexpected character '{'"),
        Bad(name: "XML", text: "<?xml version=\"1.0\"?>\n<model/>", line: 1, column: 2, message: "unexpected character '?'"),
        Bad(name: "SQL", text: "CREATE TABLE notes (id INT);", line: 1, column: 1, message: "expected 'DEFINE SCHEMA' at the start, found 'CREATE'"),
        Bad(name: "DEFINE alone", text: "DEFINE TABLE", line: 1, column: 8, message: "expected 'SCHEMA' after 'DEFINE', found 'TABLE'"),
        Bad(name: "unknown type", text: "DEFINE SCHEMA\n  RECORD TYPE A (\n    count INT,\n  );", line: 3, column: 11, message: "unknown type 'INT' of field 'count'; did you mean 'INT64'?"),
        Bad(name: "repeated field", text: "DEFINE SCHEMA RECORD TYPE A (\n  x STRING,\n  y INT64,\n  x STRING\n);", line: 4, column: 3, message: "field 'x' of record type 'A' is declared twice"),
        Bad(name: "repeated quoted field", text: "DEFINE SCHEMA RECORD TYPE A (\"x\" STRING, x BYTES);", line: 1, column: 42, message: "field 'x' of record type 'A' is declared twice"),
        Bad(name: "repeated record type", text: "DEFINE SCHEMA\nRECORD TYPE A (x STRING);\nRECORD TYPE A (y STRING);", line: 3, column: 13, message: "record type 'A' is defined twice"),
        Bad(name: "missing comma", text: "DEFINE SCHEMA RECORD TYPE A (x STRING y STRING);", line: 1, column: 39, message: "expected ',' or ')' after an item of record type 'A', found 'y'"),
        Bad(name: "trailing comma", text: "DEFINE SCHEMA RECORD TYPE A (x STRING,\n);", line: 2, column: 1, message: "expected a field or GRANT after ','"),
        Bad(name: "missing semicolon", text: "DEFINE SCHEMA RECORD TYPE A (x STRING) RECORD TYPE B (y STRING);", line: 1, column: 40, message: "expected ';' after the statement, found 'RECORD'"),
        Bad(name: "unclosed record type", text: "DEFINE SCHEMA RECORD TYPE A (x STRING", line: 1, column: 38, message: "expected ',' or ')' after an item of record type 'A', found the end of the file"),
        Bad(name: "unclosed comment", text: "DEFINE SCHEMA\n  /* deployed\nRECORD TYPE A (x STRING);", line: 2, column: 3, message: "this comment ('/*') is never closed"),
        Bad(name: "unclosed quote", text: "DEFINE SCHEMA RECORD TYPE A (\"___recordID REFERENCE);", line: 1, column: 30, message: "this quoted name is not closed"),
        Bad(name: "empty quoted name", text: "DEFINE SCHEMA RECORD TYPE \"\" (x STRING);", line: 1, column: 27, message: "a quoted name cannot be empty"),
        Bad(name: "system name unquoted", text: "DEFINE SCHEMA RECORD TYPE A (___recordID REFERENCE);", line: 1, column: 30, message: "names that start with '_' are CloudKit's own"),
        Bad(name: "reserved word as a name", text: "DEFINE SCHEMA RECORD TYPE A (sortable STRING);", line: 1, column: 30, message: "'sortable' is a reserved word"),
        Bad(name: "nested list", text: "DEFINE SCHEMA RECORD TYPE A (x LIST<LIST<STRING>>);", line: 1, column: 37, message: "a LIST holds values of one type that is not itself a LIST"),
        Bad(name: "encrypted reference", text: "DEFINE SCHEMA RECORD TYPE A (x ENCRYPTED REFERENCE);", line: 1, column: 42, message: "ENCRYPTED takes BYTES, STRING, DOUBLE, INT64, LOCATION or TIMESTAMP, found 'REFERENCE'"),
        Bad(name: "encrypted and indexed", text: "DEFINE SCHEMA RECORD TYPE A (x ENCRYPTED STRING QUERYABLE);", line: 1, column: 49, message: "CloudKit does not index encrypted fields"),
        Bad(name: "number preferred as string", text: "DEFINE SCHEMA RECORD TYPE A (x NUMBER PREFERRED AS STRING);", line: 1, column: 52, message: "NUMBER PREFERRED AS takes INT64 or DOUBLE"),
        Bad(name: "option twice", text: "DEFINE SCHEMA RECORD TYPE A (x STRING SORTABLE SORTABLE);", line: 1, column: 48, message: "SORTABLE is written twice for field 'x'"),
        Bad(name: "grant without role", text: "DEFINE SCHEMA RECORD TYPE A (GRANT READ, WRITE);", line: 1, column: 47, message: "expected 'TO' after the permissions of a GRANT, found ')'"),
        Bad(name: "grant of something else", text: "DEFINE SCHEMA RECORD TYPE A (GRANT DELETE TO x);", line: 1, column: 36, message: "expected READ, CREATE or WRITE in a GRANT, found 'DELETE'"),
        Bad(name: "missing type", text: "DEFINE SCHEMA RECORD TYPE A (x);", line: 1, column: 31, message: "expected the type of field 'x', found ')'"),
        Bad(name: "NUL byte", text: "DEFINE SCHEMA\n\u{0}", line: 2, column: 1, message: "unexpected character U+0000"),
        Bad(name: "stray statement", text: "DEFINE SCHEMA\nDROP TYPE A;", line: 2, column: 1, message: "expected 'RECORD TYPE' or 'CREATE ROLE', found 'DROP'"),
    ]

    @Test(arguments: bad)
    func badInputIsOneErrorAtItsPosition(_ bad: Bad) {
        do throws(InputError) {
            _ = try Self.parse(bad.text)
            Issue.record("'\(bad.name)' was read without an error")
        } catch {
            #expect(error.file == "production.ckdb")
            #expect(error.line == bad.line && error.column == bad.column, "\(error.description)")
            #expect(error.message.contains(bad.message), "\(error.message)")
        }
    }

    @Test func bytesThatAreNotUTF8AreAnErrorAtTheirLine() {
        let bytes = Array("DEFINE SCHEMA\nRECORD TYPE A (".utf8) + [0xFF, 0xFE] + Array(" x STRING);".utf8)
        do throws(InputError) {
            _ = try CloudKitSchemaReader.parse(bytes: bytes, file: "binary.ckdb")
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect((error.line, error.column) == (2, 16))
            #expect(error.message.contains("not UTF-8"))
        }
    }

    @Test func deepAndLongInputIsAnErrorOrASchemaNeverACrash() throws {
        // Many opening brackets: the parser does not recurse, so nesting costs nothing.
        let deep = "DEFINE SCHEMA RECORD TYPE A (x " + String(repeating: "LIST<", count: 10_000) + "STRING"
        #expect(throws: InputError.self) { try Self.parse(deep) }
        let many = "DEFINE SCHEMA RECORD TYPE A (" + (0..<5_000).map { "f\($0) STRING" }.joined(separator: ", ") + ");"
        #expect(try Self.parse(many).recordTypes.first?.fields.count == 5_000)
    }
}

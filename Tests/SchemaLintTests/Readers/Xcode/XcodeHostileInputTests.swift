import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// Broken and hostile `contents` files (the kinds fuzzing found, and the classic XML attacks): each is
/// one `InputError` with a position, and through the executable one error line and exit status 2,
/// never a crash.
@Suite struct XcodeHostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        /// Where the error must be (nil: anywhere with a line and column).
        var line: Int?
        var column: Int?
        var message: String
        var testDescription: String { name }
    }

    /// A `contents` file as Xcode writes it, with one entity.
    static let realShaped = XcodeFixtures.contents("""
            <entity name="Note" representedClassName="Note" syncable="YES" codeGenerationType="class">
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="créé" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            </entity>
        """)

    static func replacing(_ target: String, with replacement: [UInt8]) -> [UInt8] {
        let text = Array(realShaped.utf8), needle = Array(target.utf8)
        let start = (0...(text.count - needle.count)).first { Array(text[$0..<($0 + needle.count)]) == needle }!
        return Array(text[..<start]) + replacement + Array(text[(start + needle.count)...])
    }

    static let cases: [Case] = [
        Case(name: "misspelt encoding UTF--8", bytes: replacing(#"encoding="UTF-8""#, with: Array(#"encoding="UTF--8""#.utf8)),
             line: 1, column: 31, message: "unsupported text encoding 'UTF--8'"),
        Case(name: "encoding libxml2 would convert", bytes: replacing(#"encoding="UTF-8""#, with: Array(#"encoding="ISO-8859-1""#.utf8)),
             line: 1, column: 31, message: "unsupported text encoding 'ISO-8859-1'"),
        Case(name: "UTF-16 byte-order mark", bytes: [0xFF, 0xFE] + Array(realShaped.utf8),
             line: 1, column: 1, message: "unsupported text encoding (UTF-16"),
        Case(name: "truncated inside a tag", bytes: Array(Array(realShaped.utf8).prefix(300)),
             line: 3, column: 24, message: "the file ends in the middle of the document (is it truncated?)"),
        Case(name: "truncated before </model>", bytes: Array(realShaped.replacingOccurrences(of: "</model>\n", with: "").utf8),
             line: 7, column: 1, message: "the file ends before <model> (line 2) is closed"),
        Case(name: "NUL byte", bytes: replacing("title", with: [0x74, 0x69, 0x00, 0x74, 0x6C, 0x65]),
             line: 4, column: 28, message: "invalid character"),
        Case(name: "invalid UTF-8", bytes: replacing("title", with: [0x74, 0x69, 0xC3, 0x28, 0x6C, 0x65]),
             line: 4, column: 28, message: "invalid character"),
        Case(name: "deep nesting", bytes: replacing("<attribute name=\"title\"", with: Array((String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "<attribute name=\"title\"").utf8)),
             line: 4, column: nil, message: "nested deeper than the XML parser allows (256 levels)"),
        Case(name: "huge attribute value", bytes: replacing("\"title\"", with: Array(("\"" + String(repeating: "t", count: 10_000_001) + "\"").utf8)),
             line: 4, column: nil, message: "longer than the XML parser allows"),
        Case(name: "billion laughs", bytes: Array(laughs.utf8),
             line: 2, column: nil, message: "declares the entity 'lol'"),
        Case(name: "external entity", bytes: Array(#"<?xml version="1.0"?><!DOCTYPE model [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><model><entity name="&xxe;"/></model>"#.utf8),
             line: 1, column: nil, message: "'xxe' refers to an external file, which is never read"),
        Case(name: "parameter entities", bytes: Array(#"<?xml version="1.0"?><!DOCTYPE model [<!ENTITY % pe "<!ENTITY x 'y'>"> %pe;]><model><entity name="&x;"/></model>"#.utf8),
             line: 1, column: nil, message: "declares the entity 'pe'"),
    ]

    static var laughs: String {
        var entities = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE model [\(entities)]><model><entity name=\"&lol9;\"/></model>"
    }

    @Test(arguments: cases)
    func isOneInputErrorWithAPosition(_ hostile: Case) throws {
        let error = try #require(throws: InputError.self) {
            try XcodeModelReader.parse(Data(hostile.bytes), file: "H.xcdatamodel/contents", model: "H")
        }
        #expect(error.file == "H.xcdatamodel/contents")
        #expect(error.line != nil && error.column != nil, "\(error)")
        if let line = hostile.line { #expect(error.line == line, "\(error)") }
        if let column = hostile.column { #expect(error.column == column, "\(error)") }
        #expect(error.message.contains(hostile.message), "\(error)")
    }

    @Test(arguments: cases)
    func theExecutableReportsItAndExitsWithStatus2(_ hostile: Case) throws {
        let folder = try TemporaryFolder()
        let contents = try folder.write("", to: "H.xcdatamodeld/H.xcdatamodel/contents")
        try Data(hostile.bytes).write(to: URL(fileURLWithPath: contents))
        let run = try Executable.run(["lint", "H.xcdatamodeld"], in: folder.url)
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        let expected = "H.xcdatamodeld/H.xcdatamodel/contents:\(hostile.line.map(String.init) ?? "")"
        #expect(lines.first?.hasPrefix(expected) == true, "\(run.stderr)")
        #expect(lines.first?.contains(": error: ") == true && lines.first?.contains(hostile.message) == true, "\(run.stderr)")
    }

    /// Every prefix of a real-shaped file (cut anywhere, even inside a UTF-8 sequence) is one error.
    @Test func everyTruncationIsAnInputError() throws {
        let bytes = Array(Self.realShaped.utf8)
        let end = bytes.count - "</model>\n".utf8.count + ">".utf8.count - 1
        for length in 1..<end {
            do {
                _ = try XcodeModelReader.parse(Data(bytes[..<length]), file: "c", model: "H")
                Issue.record("a file cut after \(length) bytes was read")
            } catch {
                #expect(error.line != nil && error.column != nil, "\(length): \(error)")
            }
        }
    }
}

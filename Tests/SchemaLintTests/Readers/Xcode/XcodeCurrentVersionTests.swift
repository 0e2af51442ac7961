import Foundation
import Testing
@testable import SchemaLint

/// `.xccurrentversion`, read through the same XML layer as `contents`.
@Suite struct XcodeCurrentVersionTests {
    static func parse(_ text: String) throws(InputError) -> String? {
        try XcodeCurrentVersion.parse(Data(text.utf8), file: "M.xcdatamodeld/.xccurrentversion")
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    @Test func readsTheNameAfterItsKey() throws {
        #expect(try Self.parse(Self.plist("<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>Model 3.xcdatamodel</string>\n</dict>")) == "Model 3")
        // Other keys and nested values are skipped; text with entities is decoded.
        let mixed = """
            <dict><key>other</key><dict><key>_XCCurrentVersionName</key><string>Nested.xcdatamodel</string></dict>
            <key>_XCCurrentVersionName</key><string>A &amp; B.xcdatamodel</string><key>last</key><string>x</string></dict>
            """
        #expect(try Self.parse(Self.plist(mixed)) == "A & B")
    }

    @Test func noNameIsNil() throws {
        #expect(try Self.parse(Self.plist("<dict/>")) == nil)
        #expect(try Self.parse(Self.plist("<dict><key>_XCCurrentVersionName</key><string></string></dict>")) == nil)
        #expect(try Self.parse(Self.plist("<dict><key>_XCCurrentVersionName</key><integer>3</integer></dict>")) == nil)
    }

    @Test func otherFilesAreErrorsWithPositions() throws {
        let root = try #require(throws: InputError.self) { try Self.parse("<?xml version=\"1.0\"?>\n<model/>") }
        #expect(root.line == 2 && root.column == 1 && root.message.contains("not a property list"))
        let array = try #require(throws: InputError.self) { try Self.parse(Self.plist("<array/>")) }
        #expect(array.line == 4 && array.message.contains("not a property-list dictionary"))
        let broken = try #require(throws: InputError.self) { try Self.parse(Self.plist("<dict><key>a</dict>")) }
        #expect(broken.line == 4 && broken.message.hasPrefix("malformed XML"))
        let misspelt = try #require(throws: InputError.self) { try Self.parse("<?xml version=\"1.0\" encoding=\"UTF--8\"?>\n<plist><dict/></plist>") }
        #expect(misspelt.line == 1 && misspelt.column == 31)
    }
}

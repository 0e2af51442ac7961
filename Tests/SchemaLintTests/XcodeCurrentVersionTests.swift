import Foundation
import Testing
@testable import SchemaLint

/// `.xccurrentversion`: the current version's name from a property list in any of its formats.
@Suite struct XcodeCurrentVersionTests {
    static let seeds = Executable.packageRoot.appendingPathComponent("Fuzz/seeds/current-version")

    static func parse(_ text: String) throws(InputError) -> String? {
        try XcodeCurrentVersion.parse(Data(text.utf8), file: "M.xcdatamodeld/.xccurrentversion")
    }

    @Test(arguments: [("xml.plist", "Model 2"), ("binary.plist", "Model 3"), ("openstep.plist", "Model 2")])
    func readsEveryPropertyListFormat(file: String, name: String) throws {
        let data = try Data(contentsOf: Self.seeds.appendingPathComponent(file))
        #expect(try XcodeCurrentVersion.parse(data, file: file) == name)
    }

    @Test func aMissingOrNonStringNameIsNoName() throws {
        #expect(try Self.parse("<plist><dict/></plist>") == nil)
        #expect(try Self.parse("<plist><dict><key>_XCCurrentVersionName</key><integer>3</integer></dict></plist>") == nil)
        #expect(try Self.parse("<plist><dict><key>_XCCurrentVersionName</key><string></string></dict></plist>") == nil)
    }

    @Test func otherPropertyListsAndOtherTextAreErrors() {
        #expect(throws: InputError(file: "M.xcdatamodeld/.xccurrentversion", message: "the current-version file is not a property-list dictionary")) {
            try Self.parse("<plist><array><string>M 2.xcdatamodel</string></array></plist>")
        }
        for text in ["", "<plist><dict>", "not a plist <"] {
            #expect(throws: InputError(file: "M.xcdatamodeld/.xccurrentversion", message: "the current-version file is not a property list")) {
                try Self.parse(text)
            }
        }
    }
}

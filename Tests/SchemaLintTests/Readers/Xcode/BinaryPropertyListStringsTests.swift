import Foundation
import Testing
import SchemaLintXcode

/// The strings of a binary property list, as the keyed archives of mapping model expressions hold
/// them: every string object, short or long, ASCII or not, and nothing from bytes that are no
/// binary property list.
@Suite struct BinaryPropertyListStringsTests {
    @Test func readsEveryStringObject() throws {
        let long = "valueForKeyPath:"
        let objects: [Any] = ["$null", ["NSSelectorName": 2], long, "source", "cardsData", "Größe", 42, ["$classname": "NSFunctionExpression"]]
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": 1], "$objects": objects] as [String: Any], format: .binary, options: 0
        )
        let strings = try #require(BinaryPropertyListStrings.read([UInt8](data)))
        for expected in ["$null", long, "source", "cardsData", "Größe", "NSFunctionExpression", "NSKeyedArchiver", "$objects"] {
            #expect(strings.contains(expected), "\(expected) in \(strings)")
        }
        // Cut short, or not a binary property list at all: nothing read.
        #expect(BinaryPropertyListStrings.read(Array([UInt8](data).dropLast(3))) == nil)
        #expect(BinaryPropertyListStrings.read(Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40)) == nil)
        #expect(BinaryPropertyListStrings.read(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == nil)
    }
}

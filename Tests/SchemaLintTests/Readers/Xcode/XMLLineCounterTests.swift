import Testing
@testable import SchemaLint

/// Byte offsets as lines and character columns, as every XML location is reported.
@Suite struct XMLLineCounterTests {
    /// "ab\n" (bytes 0-2), "é<x>\n" (3-8: `é` is two bytes), "\n" (9), "  <y/>" (10-15).
    static let text = Array("ab\né<x>\n\n  <y/>".utf8)

    func positions(_ offsets: [Int]) -> [[Int]] {
        Self.text.withUnsafeBytes { bytes in
            var counter = XMLLineCounter(bytes)
            return offsets.map { let position = counter.position(of: $0); return [position.line, position.column] }
        }
    }

    @Test func offsetsInIncreasingOrder() {
        // 1: `b`; 3: `é`; 5: `<` after `é` (column 2); 8: the `\n` ending line 2; 9: the empty line 3;
        // 12: `<` of `<y/>`; 16: the end of the text, after `>`.
        #expect(positions([1, 3, 5, 8, 9, 12, 16]) == [[1, 2], [2, 1], [2, 2], [2, 5], [3, 1], [4, 3], [4, 7]])
    }

    @Test func manyLinesInOneStepAndAnOffsetBeforeThePreviousOne() {
        #expect(positions([12, 5, 100]) == [[4, 3], [2, 2], [4, 7]])
    }
}

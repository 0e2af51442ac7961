import Testing
@testable import SchemaLint

/// The quick test that lets a file without suppressions skip the scan: it must say yes for every
/// shape a suppression is written in, and the scan must then find it.
@Suite struct SuppressionScannerTests {
    @Test(arguments: [
        ("a: b  # schemalint:ignore element-removed -- why\n", true, 1),
        ("#schemalint:ignore element-removed -- why\n", true, 1),
        ("a: b\n  #\t \tschemalint:ignore element-removed -- why", true, 1),
        // A marker inside a comment that says something else first is not a suppression; the
        // quick test only lets the scan decide.
        ("# a comment # schemalint:ignore element-removed -- why\n", true, 0),
        ("note: schemalint:ignore is written after a '#'\n", false, 0),
        ("# a comment\nkey: value\n#", false, 0),
        ("", false, 0),
    ])
    func filesThatMayHoldASuppression(text: String, may: Bool, suppressions: Int) throws {
        #expect(SuppressionScanner.mayHoldSuppressions(Array(text.utf8)) == may)
        #expect(try SuppressionScanner.scan(Array(text.utf8), file: "m.yaml").count == suppressions)
    }
}

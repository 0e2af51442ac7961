import Testing
@testable import SchemaLint

@Suite struct VersionNumberTests {
    @Test func ordersNumericallyByComponent() throws {
        let texts = ["10", "2.1", "2", "1.9", "1.10", "2.0.1"]
        let sorted = texts.compactMap(VersionNumber.init).sorted().map(\.text)
        #expect(sorted == ["1.9", "1.10", "2", "2.0.1", "2.1", "10"])
    }

    @Test func trailingZerosAreEqual() {
        #expect(VersionNumber("2") == VersionNumber("2.0"))
        #expect(VersionNumber("2")!.hashValue == VersionNumber("2.0.0")!.hashValue)
    }

    @Test(arguments: ["", "1..2", "v2", "-1", "1.", "2.x", "1e3"])
    func rejectsNonNumericVersions(text: String) {
        #expect(VersionNumber(text) == nil)
    }
}

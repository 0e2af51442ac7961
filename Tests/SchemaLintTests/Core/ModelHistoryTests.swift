import Testing
@testable import SchemaLint

@Suite struct ModelHistoryTests {
    static func file(_ model: String, _ version: String, released: Bool = true) -> String {
        "model: \(model)\nversion: \(version)\nreleased: \(released)\nentities: {}\n"
    }

    @Test func groupsByModelAndOrdersNumerically() throws {
        let versions = try Lint.versions([Self.file("B", "10"), Self.file("A", "1"), Self.file("B", "2.1"), Self.file("B", "2")])
        let histories = try ModelHistory.histories(of: versions)
        #expect(histories.map(\.model) == ["A", "B"])
        #expect(histories[1].versions.map(\.version.text) == ["2", "2.1", "10"])
        #expect(histories[0].comparisons.isEmpty, "a single version has nothing to compare")
        #expect(histories[1].comparisons.map { "\($0.baseline.label)->\($0.version.label)" } == ["2->2.1", "2.1->10"])
    }

    @Test func draftsAreComparedWithTheLastReleaseAndNeverServeAsBaseline() throws {
        let versions = try Lint.versions([
            Self.file("M", "1"), Self.file("M", "2", released: false), Self.file("M", "3", released: false), Self.file("M", "4"),
        ])
        let history = try #require(try ModelHistory.histories(of: versions).first)
        #expect(history.comparisons.map { "\($0.baseline.label)->\($0.version.label)" } == ["1->2", "1->3", "1->4"])
        #expect(history.releasedVersions.map(\.label) == ["1", "4"])
    }

    @Test func aDraftWithNoReleaseBeforeItHasNoBaseline() throws {
        let versions = try Lint.versions([Self.file("M", "1", released: false), Self.file("M", "2")])
        #expect(try ModelHistory.histories(of: versions)[0].comparisons.isEmpty)
    }
}

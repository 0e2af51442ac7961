import Foundation
import Testing
@testable import SchemaLint

@Suite struct ReporterJUnitTests {
    let reporter = JUnitReporter()

    @Test func isWellFormedWithCountsThatMatch() throws {
        let xml = try ParsedXML.parse(reporter.render(ReporterFixtures.result))
        let suites = try #require(xml.all("testsuites").first)
        let suite = try #require(xml.all("testsuite").first)
        let cases = xml.all("testcase")
        // Groups (file, rule): v2/mystery-rule, v3/attribute-removed (2 errors), v3/entity-renamed,
        // spaced/attribute-added; plus relationship-removed, which reported nothing.
        #expect(cases.count == 5)
        #expect(suite.attributes["tests"] == "5")
        #expect(suite.attributes["failures"] == "1")
        #expect(suites.attributes["tests"] == "5")
        #expect(suites.attributes["failures"] == "1")
        #expect(xml.all("failure").count == 1)
        #expect(xml.all("system-out").count == 3)
        #expect(cases.map { "\($0.attributes["classname"] ?? "")|\($0.attributes["name"] ?? "")" } == [
            "models/notes dir/v3 ü,x:y.yaml|attribute-added",
            "models/notes/v2.yaml|mystery-rule",
            "models/notes/v3.yaml|attribute-removed",
            "models/notes/v3.yaml|entity-renamed",
            "schemalint|relationship-removed",
        ])
    }

    @Test func errorsFailWithEveryFindingOfTheGroupInTheBody() throws {
        let xml = try ParsedXML.parse(reporter.render(ReporterFixtures.result))
        let failure = try #require(xml.all("failure").first)
        #expect(failure.attributes["type"] == "error")
        #expect(failure.attributes["message"] == ReporterFixtures.removed.message + " (and 1 more error)")
        #expect(failure.text.hasPrefix("models/notes/v3.yaml:12:5: error: " + ReporterFixtures.removed.message + " [attribute-removed]\n"))
        #expect(failure.text.contains("\n  note: declared here, in v2: 'title' (models/notes/v2.yaml:8:7)\n"))
        #expect(failure.text.contains("\n  suggestion: add renamingIdentifier: \"title\"\n"))
        #expect(failure.text.hasSuffix("models/notes/v3.yaml:40:3: error: Attribute 'title' was removed again [attribute-removed]"))
    }

    @Test func escapedTextRoundTripsExceptForbiddenControlCharacters() throws {
        let xml = try ParsedXML.parse(reporter.render(ReporterFixtures.result))
        let outputs = xml.all("system-out").map(\.text)
        #expect(outputs.contains { $0.contains(ReporterFixtures.renamed.message) })
        let added = ReporterFixtures.added.message.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")
        #expect(outputs.contains { $0.contains(added) })
    }

    @Test func cleanRunStillHasPassingTests() throws {
        let xml = try ParsedXML.parse(reporter.render(ReporterFixtures.empty))
        #expect(xml.all("testcase").count == ReporterFixtures.rules.count)
        #expect(xml.all("testsuite").first?.attributes["failures"] == "0")
        #expect(xml.all("failure").isEmpty)
    }

    @Test func sameResultSameBytes() {
        #expect(reporter.render(ReporterFixtures.result) == reporter.render(ReporterFixtures.result))
        #expect(reporter.render(ReporterFixtures.result).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
    }
}

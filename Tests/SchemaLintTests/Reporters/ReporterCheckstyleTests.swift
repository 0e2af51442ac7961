import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintReport

@Suite struct ReporterCheckstyleTests {
    let reporter = CheckstyleReporter()

    @Test func isWellFormedAndGroupedBySortedFile() throws {
        let output = reporter.render(ReporterFixtures.result)
        #expect(output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"))
        let xml = try ParsedXML.parse(output)
        #expect(xml.all("checkstyle").first?.attributes["version"] == "4.3")
        let files = xml.all("file").compactMap { $0.attributes["name"] }
        #expect(files == ["models/notes dir/v3 ü,x:y.yaml", "models/notes/v2.yaml", "models/notes/v3.yaml"])
        #expect(xml.all("error").count == ReporterFixtures.findings.count)
    }

    @Test func attributesRoundTrip() throws {
        let xml = try ParsedXML.parse(reporter.render(ReporterFixtures.result))
        let byFile = Dictionary(grouping: ReporterFixtures.result.findings, by: \.location.file)
        let expected = byFile.keys.sorted().flatMap { byFile[$0] ?? [] }
        let errors = xml.all("error")
        try #require(errors.count == expected.count)
        for (error, finding) in zip(errors, expected) {
            #expect(error.attributes["line"] == String(finding.location.line))
            #expect(error.attributes["column"] == String(finding.location.column))
            #expect(error.attributes["source"] == "schemalint.\(finding.ruleID)")
            let message = FindingText.detailed(finding).replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")
            #expect(error.attributes["message"] == message)
        }
        #expect(errors.map { $0.attributes["severity"] ?? "" } == expected.map(\.severity.checkstyleSeverity))
        #expect(Set(errors.compactMap { $0.attributes["severity"] }) == ["error", "warning", "info"])
    }

    @Test func emptyResultIsAnEmptyCheckstyleElement() throws {
        let output = reporter.render(ReporterFixtures.empty)
        #expect(output == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\"/>\n")
        #expect(try ParsedXML.parse(output).all("file").isEmpty)
    }
}

import Foundation
import Testing
@testable import SchemaLint

@Suite struct ReporterJUnitTests {
    let reporter = JUnitReporter()

    @Test func isWellFormedWithCountsThatMatch() throws {
        let xml = try ParsedXML.parse(reporter.render(ReporterFixtures.result))
        let suite = try #require(xml.all("testsuite").first)
        let cases = xml.all("testcase")
        // Groups (file, rule): v2/mystery-rule, v3/attribute-removed (2 errors), v3/entity-renamed,
        // spaced/attribute-added; plus relationship-removed, which reported nothing.
        #expect(cases.count == 5)
        #expect(suite.attributes["tests"] == "5")
        #expect(suite.attributes["failures"] == "1")
        #expect(xml.all("failure").count == 1)
        // The findings of the three passing groups are listed once, in the suite's output.
        #expect(xml.all("system-out").count == 1)
        #expect(xml.all("system-out").first?.text.split(separator: "\n").filter { $0.hasPrefix("models/") }.count == 3)
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
        #expect(failure.attributes["message"] == ReporterFixtures.removed.message + " (and 1 more)")
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
        #expect(reporter.render(ReporterFixtures.result).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"))
    }

    /// Both schemas CI tools check JUnit files with (issue 14, defect 5), on findings, on a clean
    /// run, and with warnings failing.
    @Test func passesTheStrictAntSchemaAndJenkinsSchema() throws {
        var strict = ReporterFixtures.result
        strict.failingSeverity = .warning
        for result in [ReporterFixtures.result, ReporterFixtures.empty, strict] {
            let tree = try #require(JUnitSchemas.tree(try ParsedXML.parse(reporter.render(result))))
            #expect(JUnitSchemas.strictAntViolations(tree) == [])
            #expect(JUnitSchemas.jenkinsViolations(tree) == [])
        }
    }

    /// The checks themselves catch what the issue reported: the earlier document failed the strict schema.
    @Test func theStrictSchemaCheckRejectsTheFormerShape() throws {
        let former = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="schemalint" tests="1" failures="0" errors="0">
              <testsuite name="schemalint" tests="1" failures="0" errors="0" skipped="0">
                <testcase classname="m/v2.yaml" name="entity-parent-changed" file="m/v2.yaml">
                  <system-out>m/v2.yaml:5:18: warning: …</system-out>
                </testcase>
              </testsuite>
            </testsuites>
            """
        let tree = try #require(JUnitSchemas.tree(try ParsedXML.parse(former)))
        let problems = JUnitSchemas.strictAntViolations(tree)
        for expected in ["<testsuites> may not have the attribute 'name'", "<testsuite> lacks the required attribute 'hostname'", "<testsuite> lacks the required attribute 'id'", "<testcase> may not have the attribute 'file'", "<testcase> may hold only <error> or <failure>, found <system-out>"] {
            #expect(problems.contains(expected), "\(expected)")
        }
        #expect(JUnitSchemas.jenkinsViolations(tree) == ["<testcase> may not have the attribute 'file'"])
    }

    @Test func timestampAndHostnameComeFromTheRunContext() throws {
        let context = RunContext(time: Date(timeIntervalSince1970: 1_795_000_000), hostname: "ci-runner-7")
        let suite = try #require(try ParsedXML.parse(JUnitReporter(context: context).render(ReporterFixtures.result)).all("testsuite").first)
        // 1 795 000 000 s after the epoch: 20 775 days (to 2026-11-18) and 40 000 s (11:06:40).
        #expect(suite.attributes["timestamp"] == "2026-11-18T11:06:40")
        #expect(suite.attributes["hostname"] == "ci-runner-7")
        #expect(RunContext(time: Date(), hostname: "").hostname == "localhost")
    }
}

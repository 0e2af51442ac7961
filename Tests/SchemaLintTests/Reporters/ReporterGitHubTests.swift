import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintReport

@Suite struct ReporterGitHubTests {
    let reporter = GitHubReporter()

    /// Reverses the runner's escaping (property values also decode `%3A` and `%2C`).
    func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":")
            .replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    @Test func oneWorkflowCommandPerFindingThatRoundTrips() throws {
        let output = reporter.render(ReporterFixtures.result)
        #expect(!output.contains("\r"))
        #expect(output.hasSuffix("\n"))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let findings = ReporterFixtures.result.findings
        try #require(lines.count == findings.count)
        let grammar = /::(error|warning|notice) file=([^,:\n]*),line=(\d+),col=(\d+),title=([^,:\n]*)::(.*)/
        for (line, finding) in zip(lines, findings) {
            let match = try #require(try grammar.wholeMatch(in: String(line)), "not a workflow command: \(line)")
            #expect(match.1 == finding.severity.gitHubCommand)
            #expect(unescape(String(match.2)) == finding.location.file)
            #expect(Int(match.3) == finding.location.line)
            #expect(Int(match.4) == finding.location.column)
            #expect(unescape(String(match.5)) == finding.ruleID)
            #expect(unescape(String(match.6)) == FindingText.detailed(finding))
        }
    }

    @Test func escapesAsTheRunnerExpects() {
        #expect(GitHubReporter.escapeData("100% a:b,c\r\nd") == "100%25 a:b,c%0D%0Ad")
        #expect(GitHubReporter.escapeProperty("100% a:b,c\r\nd") == "100%25 a%3Ab%2Cc%0D%0Ad")
        let annotation = GitHubReporter().annotation(ReporterFixtures.added)
        #expect(annotation.hasPrefix("::notice file=models/notes dir/v3 ü%2Cx%3Ay.yaml,line=1,col=1,title=attribute-added::"))
    }

    @Test func notesAndSuggestionsFollowTheMessage() {
        let annotation = GitHubReporter().annotation(ReporterFixtures.removed)
        #expect(annotation.hasSuffix(
            "%0Anote: declared here, in v2: 'title' (models/notes/v2.yaml:8:7)"
                + "%0Asuggestion: restore 'title' | mark it transient%0Asuggestion: add renamingIdentifier: \"title\""
        ))
    }

    @Test func noFindingsNoOutput() {
        #expect(reporter.render(ReporterFixtures.empty) == "")
    }

    @Test func stepSummaryHasAHeadingCountsAndTheTable() {
        let summary = reporter.stepSummary(ReporterFixtures.result)
        #expect(summary.hasPrefix("## schemalint\n\n**schemalint**: 2 errors, 2 warnings, 1 note in 1 model (3 versions).\n"))
        #expect(summary.contains("| Severity | Location | Rule | Message |"))
        #expect(reporter.stepSummary(ReporterFixtures.empty).contains("No findings"))
    }
}

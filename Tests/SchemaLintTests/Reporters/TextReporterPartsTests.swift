import Testing
@testable import SchemaLint
@testable import SchemaLintReport

/// A long text report is written in parts on all cores (`TextReporter.findingsPerPart` findings
/// each): it must read as the findings written one after another, in order, with one summary.
@Suite struct TextReporterPartsTests {
    /// The report of one finding without its summary line.
    static func lines(of finding: Finding, color: Bool) -> String {
        let single = LintResult(findings: [finding], modelCount: 1, versionCount: 3, rules: ReporterFixtures.rules)
        let text = TextReporter(color: color).render(single)
        let summary = TextReporter.summary(single) + "\n"
        #expect(text.hasSuffix(summary))
        return String(text.dropLast(summary.count))
    }

    @Test(arguments: [false, true])
    func aLongReportIsItsFindingsInOrderThenTheSummary(color: Bool) {
        // Each copy at its own line, so that a part joined out of order would show.
        let findings = (0..<(TextReporter.findingsPerPart * 3 + 7)).map { index in
            var finding = ReporterFixtures.findings[index % ReporterFixtures.findings.count]
            finding.location = SourceLocation(file: finding.location.file, line: index + 1, column: 1)
            return finding
        }
        let result = LintResult(findings: findings, modelCount: 1, versionCount: 3, rules: ReporterFixtures.rules)
        let expected = result.findings.map { Self.lines(of: $0, color: color) }.joined() + TextReporter.summary(result) + "\n"
        #expect(TextReporter(color: color).render(result) == expected)
    }
}

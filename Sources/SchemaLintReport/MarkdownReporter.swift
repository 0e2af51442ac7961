import SchemaLintRules
import SchemaLintCore

/// A Markdown report for pull-request comments and job summaries (GitHub-flavoured Markdown).
///
/// ```markdown
/// **schemalint**: 1 error, 1 warning, 0 notes in 1 model (3 versions).
///
/// | Severity | Location | Rule | Message |
/// | --- | --- | --- | --- |
/// | error | models/notes/v3.yaml:12:5 | attribute-removed | Attribute 'title' was removed |
///
/// <details>
/// <summary>models/notes/v3.yaml:12:5: attribute-removed</summary>
///
/// - note: declared here (models/notes/v2.yaml:8:7)
/// - suggestion: …
///
/// </details>
/// ```
/// One row per finding in the result's order, then a collapsed `<details>` block for each finding that
/// has notes or suggestions. All text is escaped to show literally (see ``MarkdownEscaping``). With no
/// findings, a single line: `**schemalint**: No findings in … .` The counts line ends with the
/// findings about shipped steps that were counted and not listed, as the text summary does.
package struct MarkdownReporter: Reporter {
    package init() {}

    package func render(_ result: LintResult) -> String {
        let scope = "in \(Self.counted(result.modelCount, "model")) (\(Self.counted(result.versionCount, "version")))"
            + ((result.shippedHistory.sentence.map { [$0] } ?? []) + TextReporter.leftOut(result)).map { "; " + MarkdownEscaping.inline($0) }.joined() + "."
        guard !result.findings.isEmpty else {
            return "**schemalint**: No findings \(scope)\n"
        }
        let counts = [Severity.error, .warning, .note]
            .map { Self.counted(result.count(of: $0), $0.rawValue) }
            .joined(separator: ", ")
        var lines = [
            "**schemalint**: \(counts) \(scope)",
            "",
            "| Severity | Location | Rule | Message |",
            "| --- | --- | --- | --- |",
        ]
        lines += result.findings.map { finding in
            let cells = [finding.severity.rawValue, FindingText.position(finding.location), finding.ruleID, finding.message]
            return "| " + cells.map(MarkdownEscaping.inline).joined(separator: " | ") + " |"
        }
        for finding in result.findings {
            let details = FindingText.detailLines(of: finding)
            guard !details.isEmpty else { continue }
            lines += [
                "",
                "<details>",
                "<summary>" + XMLEscaping.text("\(FindingText.position(finding.location)): \(finding.ruleID)") + "</summary>",
                "",
            ]
            lines += details.map { "- " + MarkdownEscaping.inline($0) }
            lines += ["", "</details>"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1 model`, `3 models`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

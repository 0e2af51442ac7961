import SchemaLintRules
import SchemaLintCore

/// GitHub Actions workflow commands: one annotation per finding, shown on the pull request's diff
/// and in the run's summary.
///
/// ```
/// ::error file=models/notes/v3.yaml,line=12,col=5,title=attribute-removed::Attribute 'title' was removed%0Asuggestion: …
/// ```
/// The command is `error`, `warning` or `notice`; the title is the rule id; the message is the
/// finding's message followed by its notes and suggestions on lines of their own (see ``FindingText``),
/// escaped as the runner expects so that each annotation stays on one line.
package struct GitHubReporter: Reporter {
    package init() {}

    /// One line per finding, in the result's order; then, when findings about steps that shipped
    /// were counted and not listed, one notice that says so. Empty when there is nothing to say.
    package func render(_ result: LintResult) -> String {
        result.findings.map { annotation($0) + "\n" }.joined()
            + (result.shippedHistory.sentence.map { "::notice title=schemalint::" + Self.escapeData($0) + "\n" } ?? "")
    }

    /// A Markdown job summary for `$GITHUB_STEP_SUMMARY`: a heading, then the counts and table of
    /// ``MarkdownReporter``.
    package func stepSummary(_ result: LintResult) -> String {
        "## schemalint\n\n" + MarkdownReporter().render(result)
    }

    func annotation(_ finding: Finding) -> String {
        // Line and column are left out when unknown (0), as for a folder that holds no models.
        var properties = ["file=" + Self.escapeProperty(finding.location.file)]
        if finding.location.line >= 1 {
            properties.append("line=\(finding.location.line)")
            if finding.location.column >= 1 { properties.append("col=\(finding.location.column)") }
        }
        properties.append("title=" + Self.escapeProperty(finding.ruleID))
        return "::\(finding.severity.gitHubCommand) \(properties.joined(separator: ","))::"
            + Self.escapeData(FindingText.detailed(finding))
    }

    /// The message part of a command: `%`, CR and LF percent-encoded, as the runner decodes them.
    static func escapeData(_ text: String) -> String {
        escape(text, extra: [:])
    }

    /// A property value: as ``escapeData(_:)``, plus `:` and `,`, which would end the value.
    static func escapeProperty(_ text: String) -> String {
        escape(text, extra: [":": "%3A", ",": "%2C"])
    }

    private static func escape(_ text: String, extra: [Unicode.Scalar: String]) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default:
                if let replacement = extra[scalar] {
                    output += replacement
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}

import SchemaLintRules
import SchemaLintCore

/// Checkstyle XML, for tools that read it (reviewdog, Jenkins Warnings, SonarQube, Danger, …).
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <checkstyle version="4.3">
///   <file name="models/notes/v3.yaml">
///     <error line="12" column="5" severity="error" message="…" source="schemalint.attribute-removed"/>
///   </file>
/// </checkstyle>
/// ```
/// One `<file>` per file with findings, sorted by name; its findings in the result's order. Severity is
/// `error`, `warning` or `info`; the message is the finding's message followed by its notes and
/// suggestions on lines of their own (see ``FindingText``; line feeds are kept as `&#10;`).
package struct CheckstyleReporter: Reporter {
    package init() {}

    package func render(_ result: LintResult) -> String {
        let byFile = Dictionary(grouping: result.findings, by: \.location.file)
        let files = byFile.keys.sorted().map { file in
            XMLTag("file", ["name": file], children: (byFile[file] ?? []).map { finding in
                XMLTag("error", [
                    "line": String(finding.location.line),
                    "column": String(finding.location.column),
                    "severity": finding.severity.checkstyleSeverity,
                    "message": FindingText.detailed(finding),
                    "source": "schemalint.\(finding.ruleID)",
                ])
            })
        }
        return XMLTag("checkstyle", ["version": "4.3"], children: files).document()
    }
}

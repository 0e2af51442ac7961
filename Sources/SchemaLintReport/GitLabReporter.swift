import SchemaLintCore
import SchemaLintRules

/// GitLab Code Quality report (a JSON array, for `artifacts:reports:codequality`), shown in merge
/// request widgets and diffs.
///
/// Each finding is an object with, in this order: `description` (the message), `check_name` (the rule
/// id), `fingerprint` (see ``Fingerprints``: stable across runs, unique within the report), `severity`
/// (error → `critical`, warning → `minor`, note → `info`; see `Severity.gitLabSeverity`) and
/// `location` (`path`, `lines.begin`). Findings keep the result's order.
package struct GitLabReporter: Reporter {
    package init() {}

    package func render(_ result: LintResult) -> String {
        let issues = zip(result.findings, Fingerprints.of(result.findings)).map { finding, fingerprint -> JSONValue in
            [
                "description": .string(finding.message),
                "check_name": .string(finding.ruleID),
                "fingerprint": .string(fingerprint),
                "severity": .string(finding.severity.gitLabSeverity),
                "location": [
                    "path": .string(finding.location.file),
                    "lines": ["begin": .integer(max(1, finding.location.line))],
                ],
            ]
        }
        return JSONValue.array(issues).rendered() + "\n"
    }
}

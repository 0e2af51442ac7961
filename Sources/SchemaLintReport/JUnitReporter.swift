import SchemaLintRules
import SchemaLintCore

/// JUnit XML, for CI test dashboards (GitLab `artifacts:reports:junit`, Jenkins, Azure DevOps, …),
/// valid against both the strict Ant JUnit schema (windyroad/JUnit-Schema) and Jenkins' junit-10.xsd.
///
/// ```xml
/// <testsuites>
///   <testsuite name="schemalint" tests="5" failures="1" errors="0" time="0"
///              timestamp="2026-11-22T23:40:53" hostname="ci-7" id="0" package="schemalint">
///     <properties>…</properties>
///     <testcase classname="models/notes/v3.yaml" name="attribute-removed" time="0">
///       <failure message="…" type="error">…</failure>
///     </testcase>
///     …
///     <system-out>…</system-out>
///     <system-err/>
///   </testsuite>
/// </testsuites>
/// ```
/// The test cases, in this order:
/// - one per rule and file that has findings (`classname` = the file, `name` = the rule id), sorted
///   by file then rule. The case **fails** when one of its findings fails the run
///   (`LintResult.failingSeverity`: errors by default, warnings too with `--strict` or
///   `fail-on: warning`), so that a dashboard turns red exactly when schemalint fails the build:
///   `<failure type="error|warning" message="…">` with every finding of the group in the body;
/// - one passing case per rule in `LintResult.rules` that reported nothing (`classname="schemalint"`),
///   so the dashboard shows what was checked, and a clean run still has tests.
///
/// Findings of passing cases are listed in the suite's `<system-out>` (the strict schema allows no
/// output inside a test case). Each finding is `file:line:column: severity: message [rule]`, then its
/// notes and suggestions indented by two spaces. `timestamp` and `hostname` come from the
/// ``RunContext``; `time` is 0, as the run's duration is not part of its result.
package struct JUnitReporter: Reporter {
    package var context: RunContext

    package init(context: RunContext = .fixed) {
        self.context = context
    }

    package func render(_ result: LintResult) -> String {
        let groups = Dictionary(grouping: result.findings) { GroupKey(file: $0.location.file, ruleID: $0.ruleID) }
        let keys = groups.keys.sorted()
        let reporting = keys.map { key in Self.testCase(key, findings: groups[key] ?? [], result: result) }
        let reportedIDs = Set(result.findings.map(\.ruleID))
        let passing = result.rules.keys.filter { !reportedIDs.contains($0) }.sorted().map { id in
            XMLTag("testcase", ["classname": "schemalint", "name": id, "time": "0"])
        }
        let cases = reporting + passing
        let failures = keys.filter { key in (groups[key] ?? []).contains(where: result.fails) }.count
        let passedFindings = keys.filter { key in !(groups[key] ?? []).contains(where: result.fails) }.flatMap { groups[$0] ?? [] }
        var propertyTags = [
            XMLTag("property", ["name": "fail-on", "value": result.failingSeverity.rawValue]),
            XMLTag("property", ["name": "models", "value": String(result.modelCount)]),
            XMLTag("property", ["name": "versions", "value": String(result.versionCount)]),
        ]
        // Findings about steps that shipped, counted and not listed (`steps: coming`).
        if let sentence = result.shippedHistory.sentence {
            propertyTags.append(XMLTag("property", ["name": "not-listed", "value": sentence]))
        }
        if result.modelBundlesBuiltByNoTarget > 0 {
            propertyTags.append(XMLTag("property", ["name": "skipped-model-bundles", "value": String(result.modelBundlesBuiltByNoTarget)]))
        }
        if result.inputWarnings > 0 {
            propertyTags.append(XMLTag("property", ["name": "input-warnings", "value": String(result.inputWarnings)]))
        }
        let properties = XMLTag("properties", children: propertyTags)
        let output = passedFindings.isEmpty
            ? XMLTag("system-out")
            : XMLTag("system-out", content: .text(passedFindings.map(Self.describe).joined(separator: "\n")))
        let suite = XMLTag(
            "testsuite",
            [
                "name": "schemalint", "tests": String(cases.count), "failures": String(failures), "errors": "0",
                "time": "0", "timestamp": context.timestamp, "hostname": context.hostname, "id": "0", "package": "schemalint",
            ],
            children: [properties] + cases + [output, XMLTag("system-err")]
        )
        return XMLTag("testsuites", children: [suite]).document()
    }

    /// The findings of one rule in one file.
    private struct GroupKey: Hashable, Comparable {
        var file: String
        var ruleID: String

        static func < (lhs: GroupKey, rhs: GroupKey) -> Bool { (lhs.file, lhs.ruleID) < (rhs.file, rhs.ruleID) }
    }

    private static func testCase(_ key: GroupKey, findings: [Finding], result: LintResult) -> XMLTag {
        let failing = findings.filter(result.fails)
        guard let worst = failing.map(\.severity).max(), let first = failing.first(where: { $0.severity == worst }) else {
            return XMLTag("testcase", ["classname": key.file, "name": key.ruleID, "time": "0"])
        }
        let more = failing.count - 1
        let message = more == 0 ? first.message : "\(first.message) (and \(more) more)"
        let body = findings.map(describe).joined(separator: "\n")
        return XMLTag(
            "testcase", ["classname": key.file, "name": key.ruleID, "time": "0"],
            children: [XMLTag("failure", ["message": message, "type": worst.rawValue], content: .text(body))]
        )
    }

    private static func describe(_ finding: Finding) -> String {
        (["\(FindingText.position(finding.location)): \(finding.severity): \(finding.message) [\(finding.ruleID)]"]
            + FindingText.detailLines(of: finding).map { "  " + $0 })
            .joined(separator: "\n")
    }
}

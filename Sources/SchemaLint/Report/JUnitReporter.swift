/// JUnit XML, for CI test dashboards (GitLab `artifacts:reports:junit`, Jenkins, Azure DevOps, …).
///
/// One `<testsuite name="schemalint">` inside `<testsuites>`. Its test cases:
/// - one per rule and file that has findings (`classname` = the file, `name` = the rule id, `file` =
///   the file), sorted by file then rule. The case **fails** when the group has at least one error:
///   `<failure type="error" message="…">` with every finding of the group in the body. A group of
///   only warnings and notes **passes** and lists its findings in `<system-out>`, so that dashboards
///   turn red exactly when schemalint fails the build by default;
/// - one passing case per rule in `LintResult.rules` that reported nothing (`classname="schemalint"`),
///   so the dashboard shows what was checked, and a clean run still has tests.
///
/// Each finding in a body is `file:line:column: severity: message [rule]`, then its notes and
/// suggestions indented by two spaces.
public struct JUnitReporter: Reporter {
    public init() {}

    public func render(_ result: LintResult) -> String {
        let groups = Dictionary(grouping: result.findings) { GroupKey(file: $0.location.file, ruleID: $0.ruleID) }
        let reporting = groups.keys.sorted().map { key in Self.testCase(key, findings: groups[key] ?? []) }
        let reportedIDs = Set(result.findings.map(\.ruleID))
        let passing = result.rules.keys.filter { !reportedIDs.contains($0) }.sorted().map { id in
            XMLTag("testcase", ["classname": "schemalint", "name": id])
        }
        let cases = reporting + passing
        let failures = String(groups.values.filter { $0.contains { $0.severity == .error } }.count)
        let tests = String(cases.count)
        let suite = XMLTag(
            "testsuite", ["name": "schemalint", "tests": tests, "failures": failures, "errors": "0", "skipped": "0"],
            children: cases
        )
        let suites = XMLTag(
            "testsuites", ["name": "schemalint", "tests": tests, "failures": failures, "errors": "0"],
            children: [suite]
        )
        return suites.document()
    }

    /// The findings of one rule in one file.
    private struct GroupKey: Hashable, Comparable {
        var file: String
        var ruleID: String

        static func < (lhs: GroupKey, rhs: GroupKey) -> Bool { (lhs.file, lhs.ruleID) < (rhs.file, rhs.ruleID) }
    }

    private static func testCase(_ key: GroupKey, findings: [Finding]) -> XMLTag {
        let body = findings.map(describe).joined(separator: "\n")
        let errors = findings.filter { $0.severity == .error }
        let child: XMLTag
        if let first = errors.first {
            let more = errors.count - 1
            let message = more == 0 ? first.message : "\(first.message) (and \(more) more error\(more == 1 ? "" : "s"))"
            child = XMLTag("failure", ["message": message, "type": "error"], content: .text(body))
        } else {
            child = XMLTag("system-out", content: .text(body))
        }
        return XMLTag(
            "testcase", ["classname": key.file, "name": key.ruleID, "file": key.file], children: [child]
        )
    }

    private static func describe(_ finding: Finding) -> String {
        (["\(finding.location): \(finding.severity): \(finding.message) [\(finding.ruleID)]"]
            + FindingText.detailLines(of: finding).map { "  " + $0 })
            .joined(separator: "\n")
    }
}

import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintReport

@Suite struct ReporterGitLabTests {
    let reporter = GitLabReporter()

    func issues(_ result: LintResult = ReporterFixtures.result) throws -> [[String: Any]] {
        try #require(try ReporterFixtures.parseJSON(reporter.render(result)) as? [[String: Any]])
    }

    @Test func everyIssueHasTheRequiredKeys() throws {
        let issues = try issues()
        let findings = ReporterFixtures.result.findings
        try #require(issues.count == findings.count)
        for (issue, finding) in zip(issues, findings) {
            #expect(issue["description"] as? String == finding.message)
            #expect(issue["check_name"] as? String == finding.ruleID)
            #expect((issue["fingerprint"] as? String)?.count == 16)
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == finding.location.file)
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == finding.location.line)
        }
    }

    @Test func severitiesMapToGitLabsScale() throws {
        let severities = try issues().compactMap { $0["severity"] as? String }
        let expected = ReporterFixtures.result.findings.map { finding in
            switch finding.severity {
            case .error: "critical"
            case .warning: "minor"
            case .note: "info"
            }
        }
        #expect(severities == expected)
    }

    @Test func fingerprintsAreUniqueEvenForTheSameIdentityAndStable() throws {
        let fingerprints = try issues().compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == ReporterFixtures.findings.count)
        #expect(fingerprints.contains(StableHash.hex(ReporterFixtures.removed.identity)))
        #expect(try self.issues().compactMap { $0["fingerprint"] as? String } == fingerprints)
    }

    @Test func keysAreInAFixedOrder() {
        let output = reporter.render(LintResult(
            findings: [ReporterFixtures.mystery], modelCount: 1, versionCount: 1, rules: [:]
        ))
        #expect(output == """
            [
              {
                "description": "Something odd",
                "check_name": "mystery-rule",
                "fingerprint": "\(StableHash.hex(ReporterFixtures.mystery.identity))",
                "severity": "minor",
                "location": {
                  "path": "models/notes/v2.yaml",
                  "lines": {
                    "begin": 2
                  }
                }
              }
            ]

            """)
    }

    @Test func emptyResultIsAnEmptyArray() throws {
        #expect(reporter.render(ReporterFixtures.empty) == "[]\n")
    }
}

import SchemaLintRules
import SchemaLintCore

/// Everything a reporter needs: the findings of one run, in report order, and what was linted.
public struct LintResult: Sendable {
    /// Sorted with `Finding.reportOrder`.
    public var findings: [Finding]
    public var modelCount: Int
    public var versionCount: Int
    /// Descriptors of every rule that can report, by id (reporters describe the rules they cite).
    package var rules: [String: RuleDescriptor]
    /// The lowest severity that fails the run (`fail-on:`, or warning with `--strict`), so that
    /// reports which pass or fail (JUnit) agree with the exit status.
    public var failingSeverity: Severity
    /// The findings about steps that shipped, counted and not listed (`steps: coming`).
    package var shippedHistory = ShippedHistory()
    /// The warnings the readers gave about the input beside the report (a model in a format no
    /// reader reads, a schema in no plan): the summary counts them, so a passing run with things
    /// left out does not read as a clean one.
    package var inputWarnings = 0
    /// The model bundles the run skipped because no target builds them: the summary counts
    /// them, so "0 models" beside bundles on disk does not read as a failure to read them.
    package var modelBundlesBuiltByNoTarget = 0

    package init(findings: [Finding], modelCount: Int, versionCount: Int, rules: [String: RuleDescriptor], failingSeverity: Severity = .error) {
        self.findings = findings.sorted(by: Finding.reportOrder)
        self.modelCount = modelCount
        self.versionCount = versionCount
        self.rules = rules
        self.failingSeverity = failingSeverity
    }

    /// Whether a finding fails the run (exit status 1).
    public func fails(_ finding: Finding) -> Bool { finding.severity >= failingSeverity }

    /// Whether the run fails: at least one finding at the failing severity or above.
    public var fails: Bool { findings.contains(where: fails) }

    public func count(of severity: Severity) -> Int { findings.lazy.filter { $0.severity == severity }.count }

    /// Descriptors of the rules that reported at least once, sorted by id.
    package var reportedRules: [RuleDescriptor] {
        Set(findings.map(\.ruleID)).sorted().compactMap { rules[$0] }
    }
}

/// Turns a lint result into one output format. Output must be deterministic: same result, same bytes.
public protocol Reporter: Sendable {
    func render(_ result: LintResult) -> String
}

import SchemaLintCore
import SchemaLintRules

/// A run stopped by input errors (exit status 2) still writes the reports it was asked for, so that
/// CI can upload them: each input error becomes an error finding of the pseudo-rule `input-error`,
/// at the error's position (line and column 0 when it has none).
extension LintResult {
    /// The pseudo-rule of input errors. It is not in the rule catalog: it reports that no rule ran.
    package static let inputErrorRule = RuleDescriptor(
        id: "input-error", category: .input, synced: .error, local: .error,
        summary: "schemalint could not read its input (a model, the configuration, the lock or the baseline), so no rule ran"
    )

    /// The result of a run that stopped at its input: one error finding per input error.
    package init(inputErrors: InputErrors) {
        let findings = inputErrors.errors.map { error in
            Finding(
                ruleID: Self.inputErrorRule.id, severity: .error, message: error.message,
                location: SourceLocation(file: error.file, line: error.line ?? 0, column: (error.line ?? 0) > 0 ? error.column ?? 0 : 0),
                model: "", baseline: nil, version: "", path: nil,
                notes: error.notes.map { Finding.Note($0) }
            )
        }
        self.init(findings: findings, modelCount: 0, versionCount: 0, rules: [Self.inputErrorRule.id: Self.inputErrorRule])
    }

    /// Whether the run stopped at its input: no rule ran.
    package var stoppedAtInput: Bool { findings.contains { $0.ruleID == Self.inputErrorRule.id } }
}

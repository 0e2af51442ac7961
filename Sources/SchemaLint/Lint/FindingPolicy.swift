import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// What the project says about findings: rules turned off or set to another severity (.schemalint.yml),
/// and findings accepted on purpose (`ignore:` entries, `# schemalint:ignore` comments).
package struct FindingPolicy: Sendable {
    package var configuration: ProjectConfiguration
    /// The suppression comments of every linted file.
    package var suppressions: [Suppression] = []
    /// The day `until:` dates are compared with.
    var today: CalendarDay

    package init(configuration: ProjectConfiguration, suppressions: [Suppression] = []) {
        self.configuration = configuration
        self.suppressions = suppressions
        self.today = CalendarDay.today()
    }

    init(configuration: ProjectConfiguration, suppressions: [Suppression] = [], today: CalendarDay) {
        self.configuration = configuration
        self.suppressions = suppressions
        self.today = today
    }

    /// The findings that remain, with severities as configured, plus warnings about the policy itself.
    package func apply(to findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        result.reserveCapacity(findings.count)
        let active = configuration.ignores.filter { entry in entry.until.flatMap(CalendarDay.init).map { today < $0 } ?? true }
        var suppressionsByFile: [String: [Int]] = [:]
        for (index, suppression) in suppressions.enumerated() { suppressionsByFile[suppression.location.file, default: []].append(index) }
        var used = [Bool](repeating: false, count: suppressions.count)
        for var finding in findings {
            switch configuration.rules[finding.ruleID] {
            case .off?: continue
            case .severity(let severity)?: finding.severity = severity
            case nil: break
            }
            if active.contains(where: { $0.matches(finding) }) { continue }
            if let index = suppressionsByFile[finding.location.file]?.first(where: { suppressions[$0].rule == finding.ruleID && suppressions[$0].covers(finding.location) }) {
                used[index] = true
                continue
            }
            result.append(finding)
        }
        for (index, suppression) in suppressions.enumerated() where !used[index] {
            result.append(Finding(
                ruleID: RuleDescriptor.unusedSuppression.id, severity: .warning,
                message: "this suppression of '\(suppression.rule)' matches no finding on its line or the next",
                location: suppression.location, model: "", baseline: nil, version: "", path: nil,
                notes: [Finding.Note("its reason was: \(suppression.reason)")],
                suggestions: ["remove the comment if the problem is gone, or move it to the line the finding points at"]
            ))
        }
        for entry in configuration.ignores where !active.contains(entry) {
            let location = entry.location ?? SourceLocation(file: configuration.file ?? ".schemalint.yml", line: 1, column: 1)
            result.append(Finding(
                ruleID: RuleDescriptor.expiredIgnore.id, severity: .warning,
                message: "the ignore entry for '\(entry.rule)'\(entry.element.map { " on '\($0)'" } ?? "") expired on \(entry.until ?? "")",
                location: location, model: entry.model ?? "", baseline: nil, version: "", path: nil,
                notes: [Finding.Note("its reason was: \(entry.reason)")],
                suggestions: ["fix what it accepted, or move its `until:` date if the reason still holds"]
            ))
        }
        return result
    }
}

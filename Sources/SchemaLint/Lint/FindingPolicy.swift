/// What the project's configuration says about findings: rules turned off or set to another
/// severity, and findings accepted on purpose (`ignore:` entries in .schemalint.yml).
public struct FindingPolicy: Sendable {
    public var configuration: ProjectConfiguration
    /// The day `until:` dates are compared with.
    var today: CalendarDay

    public init(configuration: ProjectConfiguration) {
        self.configuration = configuration
        self.today = CalendarDay.today()
    }

    init(configuration: ProjectConfiguration, today: CalendarDay) {
        self.configuration = configuration
        self.today = today
    }

    static let expiredIgnore = RuleDescriptor(
        id: "expired-ignore", category: .input, synced: .warning, local: .warning,
        summary: "An `ignore:` entry in .schemalint.yml is past its `until:` date and no longer applies."
    )

    /// The findings that remain, with severities as configured, plus warnings about the policy itself.
    public func apply(to findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        result.reserveCapacity(findings.count)
        let active = configuration.ignores.filter { entry in entry.until.flatMap(CalendarDay.init).map { today < $0 } ?? true }
        for var finding in findings {
            switch configuration.rules[finding.ruleID] {
            case .off?: continue
            case .severity(let severity)?: finding.severity = severity
            case nil: break
            }
            if active.contains(where: { $0.matches(finding) }) { continue }
            result.append(finding)
        }
        for entry in configuration.ignores where !active.contains(entry) {
            let location = entry.location ?? SourceLocation(file: configuration.file ?? ".schemalint.yml", line: 1, column: 1)
            result.append(Finding(
                ruleID: Self.expiredIgnore.id, severity: .warning,
                message: "the ignore entry for '\(entry.rule)'\(entry.element.map { " on '\($0)'" } ?? "") expired on \(entry.until ?? "")",
                location: location, model: entry.model ?? "", baseline: nil, version: "", path: nil,
                notes: [Finding.Note("its reason was: \(entry.reason)")],
                suggestions: ["fix what it accepted, or move its `until:` date if the reason still holds"]
            ))
        }
        return result
    }
}

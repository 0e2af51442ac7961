import SchemaLintRules
import SchemaLintCore

/// The word each output format uses for a severity: every format's mapping, in one place.
extension Severity {
    /// SARIF `level`: `error`, `warning`, `note`.
    var sarifLevel: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// GitHub code scanning's `problem.severity` rule property: `error`, `warning`, `recommendation`.
    var gitHubProblemSeverity: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "recommendation"
        }
    }

    /// GitHub Actions workflow command: `error`, `warning`, `notice`.
    var gitHubCommand: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// GitLab Code Quality `severity` (one of info, minor, major, critical, blocker).
    ///
    /// An error means a shipped app version breaks (a failed migration, a rejected CloudKit sync, lost
    /// data), which is `critical`; `blocker` is left unused because schemalint cannot know whether the
    /// change ships. A warning is `minor`, a note is `info`.
    var gitLabSeverity: String {
        switch self {
        case .error: "critical"
        case .warning: "minor"
        case .note: "info"
        }
    }

    /// Checkstyle `severity`: `error`, `warning`, `info`.
    var checkstyleSeverity: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}

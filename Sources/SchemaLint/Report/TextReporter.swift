/// Compiler-style text, what Xcode and editors read:
/// `file:line:col: error: message [rule]`, then indented `note:` and `help:` lines, then a summary.
public struct TextReporter: Reporter {
    /// ANSI colours; only for a terminal, never under `NO_COLOR`. The caller decides.
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    public func render(_ result: LintResult) -> String {
        var out = ""
        for finding in result.findings {
            out += paint("\(FindingText.position(finding.location)): ", .bold)
            out += paint("\(finding.severity):", severityStyle(finding.severity))
            out += paint(" \(finding.message)", .bold)
            out += " [\(finding.ruleID)]\n"
            for note in finding.notes {
                out += "    " + paint("note:", .cyan) + " \(note.message)"
                if let location = note.location { out += " (\(location))" }
                out += "\n"
            }
            for suggestion in finding.suggestions {
                out += "    " + paint("help:", .green) + " \(suggestion)\n"
            }
        }
        out += Self.summary(result) + "\n"
        return out
    }

    /// `2 errors, 1 warning in 4 versions of 1 model`.
    public static func summary(_ result: LintResult) -> String {
        let counts = [Severity.error, .warning, .note].compactMap { severity -> String? in
            let count = result.count(of: severity)
            return count == 0 ? nil : plural(count, severity.rawValue)
        }
        let scope = "in \(plural(result.versionCount, "version")) of \(plural(result.modelCount, "model"))"
        return counts.isEmpty ? "no problems \(scope)" : "\(counts.joined(separator: ", ")) \(scope)"
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private enum Style: String {
        case bold = "1", red = "1;31", yellow = "1;33", cyan = "1;36", green = "1;32"
    }

    private func severityStyle(_ severity: Severity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

import SchemaLintCore
import SchemaLintRules

/// Compiler-style text, what Xcode and editors read:
/// `file:line:col: error: message [rule]`, then indented `note:` and `help:` lines, then a summary.
package struct TextReporter: Reporter, Sendable {
    /// ANSI colours; only for a terminal, never under `NO_COLOR`. The caller decides.
    package var color: Bool

    package init(color: Bool = false) {
        self.color = color
    }

    /// A long report is written in parts of this many findings, on all cores, joined in order.
    static let findingsPerPart = 256

    package func render(_ result: LintResult) -> String {
        let findings = result.findings
        let parts = stride(from: 0, to: findings.count, by: Self.findingsPerPart).map { $0..<min($0 + Self.findingsPerPart, findings.count) }
        var out = ""
        if parts.count > 1 {
            let texts = OrderedConcurrentMap.map(count: parts.count) { text(of: findings[parts[$0]]) }
            out.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count } + 80)
            for text in texts { out += text }
        } else {
            out = text(of: findings[...])
        }
        out += Self.summary(result) + "\n"
        return out
    }

    /// The lines of `findings`, without the summary.
    private func text(of findings: ArraySlice<Finding>) -> String {
        // Appended piece by piece: a report of the corpus has thousands of lines, and each piece
        // made as a string of its own (interpolated, painted) cost more than the writing.
        var out = ""
        out.reserveCapacity(findings.count * 160)
        for finding in findings {
            paint(.bold, &out) { $0 += FindingText.position(finding.location); $0 += ": " }
            paint(severityStyle(finding.severity), &out) { $0 += finding.severity.rawValue; $0 += ":" }
            paint(.bold, &out) { $0 += " "; $0 += finding.message }
            out += " ["
            out += finding.ruleID
            out += "]\n"
            for note in finding.notes {
                out += "    "
                paint(.cyan, &out) { $0 += "note:" }
                out += " "
                out += note.message
                if let location = note.location {
                    out += " ("
                    out += location.description
                    out += ")"
                }
                out += "\n"
            }
            for suggestion in finding.suggestions {
                out += "    "
                paint(.green, &out) { $0 += "help:" }
                out += " "
                out += suggestion
                out += "\n"
            }
        }
        return out
    }

    /// `2 errors, 1 warning in 4 versions of 1 model`; `1 warning in the store code; no model
    /// found` where only code was read.
    package static func summary(_ result: LintResult) -> String {
        let counts = [Severity.error, .warning, .note].compactMap { severity -> String? in
            let count = result.count(of: severity)
            return count == 0 ? nil : plural(count, severity.rawValue)
        }
        // Store code read where no model is (a model the code builds itself): its findings are
        // the code's.
        let codeOnly = result.modelCount == 0 && result.findings.contains { $0.ruleID != LintResult.inputErrorRule.id }
        let scope = codeOnly ? "in the store code; no model found" : "in \(plural(result.versionCount, "version")) of \(plural(result.modelCount, "model"))"
        let listed = counts.isEmpty ? "no problems \(scope)" : "\(counts.joined(separator: ", ")) \(scope)"
        return ([listed] + (result.shippedHistory.sentence.map { [$0] } ?? []) + leftOut(result)).joined(separator: "; ")
    }

    /// What the run left out, beside the findings it counts: the model bundles no Xcode project
    /// here builds, and the readers' warnings about input they could not read in full. The
    /// Markdown report's counts line ends with them too.
    package static func leftOut(_ result: LintResult) -> [String] {
        let unbuilt = result.modelBundlesBuiltByNoTarget
        return (unbuilt == 0 ? [] : ["\(plural(unbuilt, "model bundle")) skipped, which no Xcode project here builds (--verbose lists \(unbuilt == 1 ? "it" : "them"))"])
            + (result.inputWarnings == 0 ? [] : ["\(plural(result.inputWarnings, "warning")) on input not read in full, on standard error"])
    }

    package static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

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

    /// Appends what `write` writes, in `style` when in colour.
    private func paint(_ style: Style, _ out: inout String, _ write: (inout String) -> Void) {
        guard color else { return write(&out) }
        out += "\u{1B}["
        out += style.rawValue
        out += "m"
        write(&out)
        out += "\u{1B}[0m"
    }
}

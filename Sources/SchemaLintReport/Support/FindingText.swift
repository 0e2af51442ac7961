import SchemaLintCore
import SchemaLintRules

/// A finding as plain text, for formats that carry one message per finding (GitHub annotations,
/// SARIF `message.text`, JUnit, Checkstyle).
enum FindingText {
    /// The notes and suggestions as lines: `note: … (file:line:column)` (the location only when the
    /// note has one), then `suggestion: …`.
    static func detailLines(of finding: Finding) -> [String] {
        finding.notes.map { note in
            "note: \(note.message)" + (note.location.map { " (\($0))" } ?? "")
        } + finding.suggestions.map { "suggestion: \($0)" }
    }

    /// `file:line:column`, or only as much of it as is known (`file` for a problem with a whole file
    /// or folder, which input errors can be: their line and column are then 0).
    static func position(_ location: SourceLocation) -> String {
        guard location.line >= 1 else { return location.file }
        guard location.column >= 1 else { return "\(location.file):\(location.line)" }
        return location.description
    }

    /// The message, followed by ``detailLines(of:)`` on lines of their own.
    static func detailed(_ finding: Finding) -> String {
        ([finding.message] + detailLines(of: finding)).joined(separator: "\n")
    }
}

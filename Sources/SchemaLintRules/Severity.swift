import SchemaLintCore

/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: String, CaseIterable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    case note, warning, error

    public var description: String { rawValue }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

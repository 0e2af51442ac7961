import Foundation
import SchemaLintCore
import SchemaLintRules

/// When and where a run happened, for the formats whose consumers require it (JUnit's `timestamp`
/// and `hostname`, SARIF's source root). Every other format leaves it out, so that their output
/// depends on the findings only.
public struct RunContext: Hashable, Sendable {
    /// When the run started.
    package var time: Date
    /// The machine's name; `localhost` when it is not known.
    package var hostname: String
    /// The absolute path of the folder the run's relative paths start from (SARIF's `%SRCROOT%`).
    package var sourceRoot: String

    public init(time: Date, hostname: String, sourceRoot: String = "/") {
        self.time = time
        self.hostname = hostname.isEmpty ? "localhost" : hostname
        self.sourceRoot = sourceRoot
    }

    /// A fixed context (the Unix epoch on `localhost`, in `/`), for output that must be the same bytes every run.
    public static let fixed = RunContext(time: Date(timeIntervalSince1970: 0), hostname: "localhost")

    /// `2026-11-22T23:40:53`: UTC to the second, with no zone designator (the strict JUnit schema
    /// allows none).
    package var timestamp: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count < 2 ? "0" + text : text }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}

/// `--verbose`: what a run read, with its kind, then what the folder walk left out and why, a line
/// each, so that a person who wonders why a file was (not) linted sees the answer.
package enum WalkListing {
    package static func text(sources: [ModelSource], skipped: [SkippedPath]) -> String {
        var lines = sources.map { "read: \($0)" }
        lines += skipped.map { "skipped: \($0.path) (\($0.reason.rawValue))" }
        return lines.map { $0 + "\n" }.joined()
    }
}

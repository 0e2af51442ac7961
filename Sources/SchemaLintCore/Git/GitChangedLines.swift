import Foundation

/// The lines that commits added to or removed from a few small files, over the whole history of
/// HEAD: one `git log -p` over a pathspec. It answers "did any commit ever write this text there"
/// for many texts at once, where a `git log -S` per text walks the history once for each (an app
/// with a hundred model versions asked it thirty times, 2 s of a pre-commit run).
package struct GitChangedLines: Sendable, Equatable {
    /// Each added or removed line, without its `+`/`-` and surrounding white space.
    package var lines: Set<String>

    package init(lines: Set<String>) {
        self.lines = lines
    }

    /// Whether any commit added or removed a line holding `text`.
    package func anyLine(containing text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// What the history of HEAD changed in the files `pathspec` matches: with a `cache`, the answer
    /// kept from an earlier run, extended by the commits since. Nil when git is missing or could
    /// not read the history.
    package static func read(_ pathspec: [String], top: String, runner: GitRunner, cache: GitHistoryCache? = nil) -> GitChangedLines? {
        guard let cache else { return log(pathspec, top: top, range: "HEAD", runner: runner) }
        return cache.changedLines(of: pathspec, top: top, runner: runner)
    }

    /// One `git log -p` over `pathspec` in `range`. Merges show no patch (as `git log -S` reads
    /// them): what a merge brings in, the commits it merges changed. `--text` reads a binary
    /// property list's bytes as lines too, so its strings are found as well.
    package static func log(_ pathspec: [String], top: String, range: String, runner: GitRunner) -> GitChangedLines? {
        guard !range.hasPrefix("-"),
              let output = runner.run(["log", "--format=", "-p", "-U0", "--text", "--no-color", "--no-ext-diff", "--no-textconv", range, "--"] + pathspec, in: top),
              output.succeeded else { return nil }
        var lines: Set<String> = []
        var inHunk = false
        for line in output.text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("diff ") {
                inHunk = false
            } else if line.hasPrefix("@@") {
                inHunk = true
            } else if inHunk, let sign = line.first, sign == "+" || sign == "-" {
                let text = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { lines.insert(text) }
            }
        }
        return GitChangedLines(lines: lines)
    }
}

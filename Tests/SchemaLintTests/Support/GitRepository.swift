import Foundation
import Testing
import SchemaLintTestSupport

/// A git repository made for a test: fixed author, fixed commit dates (one day apart), no user or
/// system configuration, so that the history is the same on every machine.
struct GitRepository {
    /// Whether git can be run here; tests of git history are skipped (with this reason) when not.
    static let isAvailable = (try? Executable.runProgram("/usr/bin/env", ["git", "--version"]).status) == 0
    static let missing: Comment = "git is not installed, so the tests of git history order are skipped"

    let path: String
    private let environment: [String: String] = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
    ]
    /// Commits made so far; commit n is dated 2024-01-01 plus n days.
    private(set) var commitCount = 0

    /// Makes `path` (an existing folder) a repository with no commits.
    init(at path: String) throws {
        self.path = path
        try git(["init", "--quiet", "--initial-branch=main"])
    }

    /// Stages `paths` (relative to the repository, `git add -A` when empty) and commits them.
    mutating func commit(_ message: String, adding paths: [String] = []) throws {
        try git(["add", "--all", "--"] + (paths.isEmpty ? ["."] : paths))
        commitCount += 1
        let date = "\(1_704_110_400 + commitCount * 86_400) +0000"
        try git(["commit", "--quiet", "--no-gpg-sign", "--allow-empty", "-m", message], dates: date)
    }

    /// Tags the last commit: a lightweight tag, or an annotated one (never signed, whatever a
    /// configuration says).
    func tag(_ name: String, annotated: Bool = false) throws {
        try git(["-c", "tag.gpgSign=false", "tag"] + (annotated ? ["--annotate", "--message", "release \(name)"] : []) + ["--", name])
    }

    /// Runs git in the repository; throws with git's message when it fails.
    @discardableResult
    func git(_ arguments: [String], dates: String? = nil) throws -> String {
        var environment = environment
        if let dates {
            environment["GIT_AUTHOR_DATE"] = dates
            environment["GIT_COMMITTER_DATE"] = dates
        }
        let run = try Executable.runProgram("/usr/bin/env", ["git"] + arguments, in: URL(fileURLWithPath: path), environment: environment)
        guard run.status == 0 else { throw Failure(message: "git \(arguments.joined(separator: " ")): \(run.stderr)") }
        return run.stdout
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

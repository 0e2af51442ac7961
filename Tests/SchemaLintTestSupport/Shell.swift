import Foundation
import SchemaLintCore

/// Runs a command found on PATH, with standard output and standard error captured.
package enum Shell {
    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// Both streams, for messages and for text that may be on either.
        package var output: String { stdout + stderr }
    }

    package static func succeeds(_ command: String, _ arguments: [String]) -> Bool {
        (try? run(command, arguments, in: FileManager.default.currentDirectoryPath).status) == 0
    }

    package static func run(_ command: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        // A test run from inside a git hook must not act on the outer repository.
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_PREFIX", "SKIP", "PRE_COMMIT"] {
            env.removeValue(forKey: key)
        }
        env["NO_COLOR"] = "1"
        // Child builds of the package (the pre-commit hook, the build-tool plugin's sample) leave
        // out swift-syntax, minutes of compiling: they lint YAML models only (Package.swift).
        env["SCHEMALINT_WITHOUT_SWIFT_SOURCES"] = "1"
        for (key, value) in environment { env[key] = value }
        // `env` finds the command on PATH; the child starts in the folder.
        guard let output = ChildProcess.run("/usr/bin/env", [command] + arguments, environment: env, in: directory) else {
            throw ChildProcessError(program: command)
        }
        return Result(
            status: output.status,
            stdout: String(decoding: output.standardOutput, as: UTF8.self),
            stderr: String(decoding: output.standardError, as: UTF8.self))
    }
}

/// A child process that could not be started.
package struct ChildProcessError: Error, CustomStringConvertible {
    package var program: String
    package var description: String { "could not start \(program)" }

    package init(program: String) { self.program = program }
}

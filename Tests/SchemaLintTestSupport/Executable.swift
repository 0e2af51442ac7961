import Foundation
import SchemaLintCore

/// Runs the built `schemalint` executable, as a person or CI would.
package struct Executable {
    package struct Run {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// The package root (tests run the binary from there, so paths in output are relative).
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the project (CI has it; a fresh clone may not).
    package static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    package static var binary: URL {
        // The test bundle sits in the build products folder, beside the executable.
        for candidate in [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("schemalint")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let url = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("schemalint")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/schemalint")
    }

    package static func run(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:], stdin: String? = nil) throws -> Run {
        try runProgram(binary.path, arguments, in: directory, environment: environment, stdin: stdin)
    }

    /// Runs any program (the tests use it for the executable, and for `script` around it), found
    /// on PATH by `env`, in `directory` (the child's own folder: the tests run many children at
    /// once, from one process).
    package static func runProgram(_ program: String, _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:], stdin: String? = nil) throws -> Run {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        guard let output = ChildProcess.run("/usr/bin/env", [program] + arguments, environment: env, input: stdin.map { Data($0.utf8) }, in: directory.path) else {
            throw ChildProcessError(program: program)
        }
        return Run(status: output.status, stdout: String(decoding: output.standardOutput, as: UTF8.self), stderr: String(decoding: output.standardError, as: UTF8.self))
    }
}


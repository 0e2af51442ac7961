import Foundation

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
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
        process.environment = env
        // Files, not pipes: a chatty child (swift build) cannot fill a pipe and block.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
    }
}

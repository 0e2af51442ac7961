import Foundation

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

    /// Runs any program (the tests use it for the executable, and for `script` around it).
    package static func runProgram(_ program: String, _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:], stdin: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        // Standard error goes to a file, so neither stream can fill up and block the child.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let err = try FileHandle(forWritingTo: errFile)
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errFile)) ?? Data()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}


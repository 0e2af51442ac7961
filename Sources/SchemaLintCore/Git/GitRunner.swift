import Foundation
import Dispatch

/// Runs git as a child process through Foundation's `Process` (no shell), in a given folder.
/// It holds no state: one value serves any number of runs, from any thread.
package struct GitRunner: Sendable {
    /// What one run of git printed, and how it ended.
    package struct Output: Sendable {
        package var status: Int32
        package var standardOutput: Data
        package var standardError: String

        package var succeeded: Bool { status == 0 }
        /// Standard output as text (git writes paths and messages as UTF-8).
        package var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// Variables that point git at another repository than the folder's own: a git hook runs
    /// with `GIT_DIR` and `GIT_INDEX_FILE` set, which must not leak into a run in another folder.
    static let repositoryVariables = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX",
    ]

    /// The exit status `env` gives when it cannot find the program.
    private static let notFound: Int32 = 127

    /// The program run, found on the `PATH`: `git` unless a test or a caller says otherwise.
    package var program: String
    /// Where the `PATH` has it, found once: a run starts git itself rather than through `env`,
    /// which tries each folder of the `PATH` again for each of the hundreds of runs a history takes.
    /// Nil where no folder has it (then `env` says so, as exit status 127).
    private let executable: String?

    package init(program: String = "git") {
        self.program = program
        executable = Self.find(program, in: ProcessInfo.processInfo.environment["PATH"] ?? "")
    }

    /// The first file named `program` that may be run in the folders of `path` (a `PATH`).
    package static func find(_ program: String, in path: String) -> String? {
        guard !program.contains("/") else { return nil }
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder.hasSuffix("/") ? "\(folder)\(program)" : "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `git arguments...`, in `folder` (`git -C folder`, with the repository variables of the
    /// environment removed) or in the current folder, with `input` on its standard input (nothing
    /// when nil). Nil when git cannot be started: not installed, or the input cannot be staged.
    package func run(_ arguments: [String], in folder: String? = nil, input: Data? = nil) -> Output? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? "/usr/bin/env")
        process.arguments = (executable == nil ? [program] : []) + (folder.map { ["-C", $0] } ?? []) + arguments
        if folder != nil {
            var environment = ProcessInfo.processInfo.environment
            for name in Self.repositoryVariables { environment.removeValue(forKey: name) }
            process.environment = environment
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        if let input {
            // From a file, not a pipe: git may stop reading early, and writing to a pipe it closed
            // would end this process (SIGPIPE).
            guard let file = Self.unlinkedFile(holding: input) else { return nil }
            process.standardInput = file
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // Waited for through the termination handler: corelibs Foundation's `waitUntilExit` polls
        // its run loop every 50 ms, which was most of the wall time a run in a git work tree added.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return nil
        }
        // Standard error is read on another thread, so that neither pipe fills up and blocks git.
        let errorText = CollectedData()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            errorText.data = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        exited.wait()
        guard process.terminationStatus != Self.notFound else { return nil }
        return Output(status: process.terminationStatus, standardOutput: data, standardError: String(decoding: errorText.data, as: UTF8.self))
    }

    /// A file opened for reading with `data` in it, already removed from its folder (it goes away
    /// when closed).
    private static func unlinkedFile(holding data: Data) -> FileHandle? {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("schemalint-git-input-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: path, contents: data) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return FileHandle(forReadingAtPath: path)
    }
}

/// Bytes one thread writes and another reads after waiting for it (the wait orders the accesses).
private final class CollectedData: @unchecked Sendable {
    var data = Data()
}

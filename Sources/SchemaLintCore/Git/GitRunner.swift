import Foundation

/// Runs git as a child process (`ChildProcess`, no shell), in a given folder.
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
        var environment = ProcessInfo.processInfo.environment
        if folder != nil {
            for name in Self.repositoryVariables { environment.removeValue(forKey: name) }
        }
        let arguments = (executable == nil ? [program] : []) + (folder.map { ["-C", $0] } ?? []) + arguments
        guard let output = ChildProcess.run(executable ?? "/usr/bin/env", arguments, environment: environment, input: input),
              output.status != Self.notFound else { return nil }
        return Output(status: output.status, standardOutput: output.standardOutput, standardError: String(decoding: output.standardError, as: UTF8.self))
    }
}

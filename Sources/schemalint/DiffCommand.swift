import ArgumentParser
import SchemaLint

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Print the changes between two versions of a model as a changelog (for pull requests)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, json
    }

    @Argument(help: "The older model file (or version folder of an Xcode bundle).")
    var old: String

    @Argument(help: "The newer model file (or version folder of an Xcode bundle).")
    var new: String

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .markdown

    func run() throws {
        let (before, after) = (try Self.version(old), try Self.version(new))
        let changelog = Changelog(old: before, new: after)
        Terminal.write(format == .json ? changelog.json() : changelog.markdown())
    }

    /// The model version read from a file (the loader reads a named file with its history: this
    /// is the one from the file itself); anything else is an input error (exit 2).
    static func version(_ path: String) throws -> ModelVersion {
        let configuration = (try? LintPipeline().loadConfiguration(.init(paths: [path]))) ?? ProjectConfiguration()
        let loaded = ModelLoader(configuration: configuration, readers: ModelReaders.registered).load(paths: [path])
        if !loaded.errors.isEmpty {
            for error in loaded.errors { Terminal.writeError(error.description + "\n" + error.notes.map { "    note: \($0)\n" }.joined()) }
            throw ExitCode(2)
        }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let own = loaded.versions.filter { $0.file == trimmed || $0.file.hasPrefix(trimmed + "/") }
        let candidates = own.isEmpty ? loaded.versions : own
        guard candidates.count == 1 else {
            Terminal.writeError("\(path): error: expected one model version, found \(candidates.count); name a model file or one version of a bundle\n")
            throw ExitCode(2)
        }
        return candidates[0]
    }
}

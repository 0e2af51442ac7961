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

    @Argument(help: "The older model file.")
    var old: String

    @Argument(help: "The newer model file.")
    var new: String

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .markdown

    func run() throws {
        let (before, after) = (try Self.version(old), try Self.version(new))
        let changelog = Changelog(old: before, new: after)
        Terminal.write(format == .json ? changelog.json() : changelog.markdown())
    }

    /// The one model version in a file; anything else is an input error (exit 2).
    static func version(_ path: String) throws -> ModelVersion {
        let loaded = ModelLoader().load(paths: [path])
        if !loaded.errors.isEmpty {
            for error in loaded.errors { Terminal.writeError(error.description + "\n" + error.notes.map { "    note: \($0)\n" }.joined()) }
            throw ExitCode(2)
        }
        guard loaded.versions.count == 1 else {
            Terminal.writeError("\(path): error: expected one model version, found \(loaded.versions.count)\n")
            throw ExitCode(2)
        }
        return loaded.versions[0]
    }
}

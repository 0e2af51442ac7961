import ArgumentParser
import SchemaLint

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint model versions (the default command).",
        discussion: """
        Loads every *.yaml / *.yml model file below the given paths (except .schemalint.yml), groups \
        them by `model`, orders each group by `version`, and checks each version against the newest \
        released version before it. Drafts (`released: false`) are checked but never used as a baseline.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Model files or folders to lint (folders are searched recursively).")
    var paths: [String] = ["."]

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    @Option(help: "Which releases each version must stay compatible with: previous (its baseline), transitive (every earlier release), or window:N (the last N releases).")
    var compatibility: Compatibility = .previous

    @Flag(help: "Fail (exit 1) on warnings as well as errors.")
    var strict = false

    @Flag(help: "Never colour the output (colour is used only on a terminal, and never when NO_COLOR is set).")
    var noColor = false

    func run() throws {
        let loaded = ModelLoader().load(paths: paths)
        var errors = loaded.errors
        var histories: [ModelHistory] = []
        var lock: VersionLock?
        do throws(InputError) { lock = try VersionLock.find(for: paths) } catch { errors.append(error) }
        if errors.isEmpty {
            do throws(InputError) {
                histories = try ModelHistory.histories(of: loaded.versions)
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else {
            for error in errors.sorted(by: { $0.description < $1.description }) {
                Terminal.writeError(error.description + "\n" + error.notes.map { "    note: \($0)\n" }.joined())
            }
            throw ExitCode(2)
        }

        let result = Linter(options: LintOptions(compatibility: compatibility, lock: lock)).lint(histories)
        let reporter: any Reporter = switch format {
        case .text: TextReporter(color: !noColor && Terminal.wantsColor())
        case .json: JSONReporter()
        }
        Terminal.write(reporter.render(result))
        let failing: Severity = strict ? .warning : .error
        if result.findings.contains(where: { $0.severity >= failing }) { throw ExitCode(1) }
    }
}

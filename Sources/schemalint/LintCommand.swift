import ArgumentParser
import SchemaLint

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint model versions (the default command).",
        discussion: """
        Loads every *.yaml / *.yml model file and *.xcdatamodeld bundle below the given paths \
        (except .schemalint.yml and hidden folders), groups the versions by model, orders each \
        group by version, and checks each version against the newest released version before it. \
        Drafts (`released: false`, or `drafts:` of a bundle in .schemalint.yml) are checked but \
        never used as a baseline.

        Settings come from the nearest .schemalint.yml above the first path (docs/configuration.md).
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Model files, Xcode bundles or folders to lint (folders are searched recursively).")
    var paths: [String] = ["."]

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    @Option(name: .customLong("config"), help: ArgumentHelp("The configuration file (default: the nearest .schemalint.yml).", valueName: "file"))
    var configurationFile: String?

    @Flag(help: "Treat models that do not say otherwise as synced with CloudKit (for Xcode bundles whose XML does not mark it).")
    var cloudkit = false

    @Flag(help: "Fail (exit 1) on warnings as well as errors.")
    var strict = false

    @Flag(help: "Never colour the output (colour is used only on a terminal, and never when NO_COLOR is set).")
    var noColor = false

    func run() throws {
        let options = LintPipeline.Options(paths: paths, configurationFile: configurationFile, declaresCloudKit: cloudkit)
        let output: LintPipeline.Output
        switch LintPipeline().run(options) {
        case .success(let value): output = value
        case .failure(let problems):
            Terminal.writeError(problems.description)
            throw ExitCode(2)
        }
        let reporter: any Reporter = switch format {
        case .text: TextReporter(color: !noColor && Terminal.wantsColor())
        case .json: JSONReporter()
        }
        Terminal.write(reporter.render(output.result))
        let failing: Severity = strict ? .warning : output.configuration.failOn
        if output.result.findings.contains(where: { $0.severity >= failing }) { throw ExitCode(1) }
    }
}

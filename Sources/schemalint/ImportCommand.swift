import ArgumentParser
import SchemaLint

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write one YAML model file per version of an Xcode .xcdatamodeld bundle.",
        discussion: """
        The files follow docs/model-format.md, one per version, named after the version \
        (`Model 2.yaml`). Versions are numbered in the bundle's history order; each file keeps \
        the version's name as its `label`. Linting the files finds what linting the bundle finds. \
        Existing files are never replaced unless --force; files are written atomically.
        """
    )

    @Argument(help: "The Xcode model bundle (Name.xcdatamodeld).")
    var bundle: String

    @Option(help: ArgumentHelp("The folder to write the YAML files to.", valueName: "folder"))
    var out: String

    @Flag(help: "Replace files that already exist.")
    var force = false

    @Flag(help: "Mark the model as synced with CloudKit (when the bundle's XML does not say so).")
    var cloudkit = false

    @Option(name: .customLong("config"), help: ArgumentHelp("The configuration file with the bundle's order and drafts (default: the nearest .schemalint.yml).", valueName: "file"))
    var configurationFile: String?

    func run() throws {
        let pipeline = LintPipeline()
        do {
            let configuration = try pipeline.loadConfiguration(.init(paths: [bundle], configurationFile: configurationFile))
            let options = ModelLoader(configuration: configuration, declaresCloudKit: cloudkit).bundleOptions(for: bundle)
            let importer = BundleImporter(options: options)
            let files = try importer.files(for: bundle, into: out)
            try importer.write(files, force: force)
            Terminal.write(files.map { "wrote \($0.path)\n" }.joined())
        } catch let error as InputError {
            Terminal.writeError(InputErrors([error]).description)
            throw ExitCode(2)
        } catch let error as FileWriteError {
            Terminal.writeError(error.description + "\n")
            throw ExitCode(2)
        }
    }
}

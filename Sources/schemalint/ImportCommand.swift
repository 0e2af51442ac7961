import ArgumentParser
import Foundation
import SchemaLint

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write one YAML model file per version of an Xcode .xcdatamodeld bundle or of SwiftData models.",
        discussion: """
        The files follow docs/model-format.md, one per version, named after the version \
        (`Model 2.yaml`, `NotesSchemaV2.yaml`). Versions are numbered in the history's order; each \
        file keeps the version's name as its `label`. Linting the files finds what linting the \
        bundle or the Swift sources finds; a SwiftData MigrationStage.custom is printed as the \
        `migrations:` entry that says so in .schemalint.yml. Existing files are never replaced \
        unless --force; files are written atomically.
        """
    )

    @Argument(help: "The Xcode model bundle (Name.xcdatamodeld), or Swift sources declaring SwiftData models (a folder or .swift files).")
    var bundle: String

    @Option(help: ArgumentHelp("The folder to write the YAML files to.", valueName: "folder"))
    var out: String

    @Flag(help: "Replace files that already exist.")
    var force = false

    @Flag(help: "Mark the model as synced with CloudKit (when the bundle's XML does not say so).")
    var cloudkit = false

    @Option(help: ArgumentHelp("The bundle's history order: a file with one version name per line, oldest first.", valueName: "file"))
    var order: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("The configuration file with the bundle's order and drafts (default: the nearest .schemalint.yml).", valueName: "file"))
    var configurationFile: String?

    func run() throws {
        let pipeline = LintPipeline()
        do {
            let configuration = try pipeline.loadConfiguration(.init(paths: [bundle], configurationFile: configurationFile))
            var loader = ModelLoader(configuration: configuration, declaresCloudKit: cloudkit, readers: ModelReaders.registered)
            if let order { loader.bundleOrder = try ModelLoader.readOrder(file: order) }
            let importer = BundleImporter(options: loader.bundleOptions(for: bundle))
            if URL(fileURLWithPath: bundle).pathExtension == "xcdatamodeld" {
                let files = try importer.files(for: bundle, into: out)
                try importer.write(files, force: force)
                Terminal.write(files.map { "wrote \($0.path)\n" }.joined())
            } else {
                try importSources(with: loader, importer: importer)
            }
        } catch let error as InputError {
            Terminal.writeError(InputErrors([error]).description)
            throw ExitCode(2)
        } catch let error as FileWriteError {
            Terminal.writeError(error.description + "\n")
            throw ExitCode(2)
        }
    }

    /// Swift sources: the SwiftData histories the registered readers find in them.
    private func importSources(with loader: ModelLoader, importer: BundleImporter) throws {
        let loaded = loader.load(paths: [bundle])
        for note in loaded.readingNotes { Terminal.writeError(note.description + "\n") }
        guard loaded.errors.isEmpty else {
            Terminal.writeError(InputErrors(loaded.errors).description)
            throw ExitCode(2)
        }
        let versions = loaded.versions.filter { $0.format == .swiftData }
        guard !versions.isEmpty else {
            throw InputError(file: bundle, message: "no Xcode model bundle and no SwiftData models here: name a .xcdatamodeld bundle, or Swift sources that declare @Model classes")
        }
        let files = BundleImporter.files(for: versions, into: out)
        try importer.write(files, force: force)
        Terminal.write(files.map { "wrote \($0.path)\n" }.joined())
        let migrations = loaded.writtenMigrations.keys.sorted().flatMap { loaded.writtenMigrations[$0] ?? [] }
        if !migrations.isEmpty {
            Terminal.write("the Swift sources migrate these steps with code; say so in .schemalint.yml so the YAML files are judged alike:\nmigrations:\n")
            for migration in migrations {
                if case .staged(let reason) = migration.kind {
                    Terminal.write("  - {model: \(migration.model), from: \(migration.from), to: \(migration.to), how: staged, reason: \"\(reason)\"}\n")
                }
            }
        }
    }
}

import ArgumentParser
import SchemaLint

struct CKSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckschema",
        abstract: "Print the CloudKit schema a model version mirrors to, in the CloudKit Schema Language.",
        discussion: """
        Prints the record types and fields NSPersistentCloudKitContainer creates for one version \
        (the newest, unless --version names another), sorted as `xcrun cktool export-schema` sorts \
        them, so that it can be compared with the production schema: \
        `schemalint ckschema Model.xcdatamodeld | diff - production.ckdb`. System fields and index \
        options are left out (the model does not decide them). See docs/cloudkit-schema.md.
        """
    )

    @Argument(help: "A model file, a folder of one model's YAML files, or an Xcode .xcdatamodeld bundle.")
    var path: String

    @Option(help: "The version to print, by its label or number (default: the newest).")
    var version: String?

    @Flag(help: "The model is synced with CloudKit, though its files do not say so.")
    var cloudkit = false

    @Flag(inversion: .prefixedNo, help: "Include the CD_<attribute>_ckAsset companions of string and binary attributes.")
    var assets = true

    func run() throws {
        var options = LintPipeline.Options(paths: [path])
        options.declaresCloudKit = cloudkit
        let histories: [ModelHistory]
        switch LintPipeline(readers: ModelReaders.registered).load(options) {
        case .success(let input): histories = input.histories
        case .failure(let problems):
            Terminal.writeError(problems.description)
            throw ExitCode(2)
        }
        guard histories.count == 1, let history = histories.first else {
            let names = histories.map(\.model).sorted().joined(separator: ", ")
            Terminal.writeError("\(path): error: expected one model, found \(histories.count)\(names.isEmpty ? "" : " (\(names))"); name one model's file, folder or bundle\n")
            throw ExitCode(2)
        }
        let chosen: ModelVersion
        if let version {
            guard let match = history.versions.last(where: { $0.label == version || $0.version.text == version }) else {
                let known = history.versions.map(\.label)
                Terminal.writeError("\(path): error: model \(history.model) has no version '\(version)'" + Spelling.didYouMean(version, among: known) + " (versions: \(known.joined(separator: ", ")))\n")
                throw ExitCode(2)
            }
            chosen = match
        } else if let newest = history.versions.last {
            chosen = newest
        } else {
            Terminal.writeError("\(path): error: model \(history.model) has no versions\n")
            throw ExitCode(2)
        }
        guard chosen.hasSyncedEntities else {
            Terminal.writeError("\(chosen.location): error: \(chosen.displayName) of \(history.model) syncs nothing with CloudKit (no `cloudkit: true`, no synced configuration); pass --cloudkit if it is synced all the same\n")
            throw ExitCode(2)
        }
        let writer = CloudKitSchemaWriter(includesAssetCompanions: assets)
        Terminal.write(writer.text(of: CloudKitMirror(chosen), heading: "The CloudKit schema Core Data mirrors \(history.model), \(chosen.displayName), to (schemalint ckschema)."))
    }
}

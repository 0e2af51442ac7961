import Foundation
import Testing
@testable import SchemaLint
@testable import schemalint
import SchemaLintTestSupport

/// Synced versions checked against a production schema in the shape cktool exports it, through the
/// real pipeline (configuration, loading, rules), and through the executable.
@Suite struct ProductionSchemaTests {
    static let example = Executable.packageRoot.appendingPathComponent("examples/cloudkit-schema")
    static let ruleIDs: Set<String> = ["production-schema-missing-field", "production-schema-type-mismatch", "production-schema-unexplained-field", "production-schema-field-limit"]

    /// The example's version 1 (and more versions) linted against `schema` named in `.schemalint.yml`.
    static func lint(schema: String, versions: [String]) throws -> (findings: [Finding], folder: TemporaryFolder) {
        let folder = try TemporaryFolder()
        try folder.write("productionSchema: production.ckdb\n", to: ".schemalint.yml")
        try folder.write(schema, to: "production.ckdb")
        for (index, text) in versions.enumerated() { try folder.write(text, to: "v\(index + 1).yaml") }
        switch LintPipeline().run(.init(paths: [folder.path])) {
        case .success(let output): return (output.result.findings.filter { ruleIDs.contains($0.ruleID) }, folder)
        case .failure(let problems):
            Issue.record("does not load: \(problems.description)")
            return ([], folder)
        }
    }

    static func exampleVersion(_ number: Int) throws -> String {
        try String(contentsOf: example.appendingPathComponent("v\(number).yaml"), encoding: .utf8)
    }

    @Test func aDeployedVersionHasNoFinding() throws {
        let (findings, _) = try Self.lint(schema: CloudKitSchemaFixtures.deployedVersion1, versions: [try Self.exampleVersion(1)])
        #expect(findings.map(\.message) == [])
    }

    /// With the production schema known, an addition production already has needs no reminder to
    /// deploy it; one production lacks is the missing-field error, not a note.
    @Test func additionsProductionHasNeedNoReminder() throws {
        let folder = try TemporaryFolder()
        try folder.write("productionSchema: production.ckdb\n", to: ".schemalint.yml")
        try folder.write(CloudKitSchemaFixtures.deployedVersion1.replacingOccurrences(of: "CD_bestBefore TIMESTAMP,", with: "CD_barcode STRING,\n        CD_bestBefore TIMESTAMP,"), to: "production.ckdb")
        try folder.write(try Self.exampleVersion(1), to: "v1.yaml")
        try folder.write(try Self.exampleVersion(1)
            .replacingOccurrences(of: "version: 1", with: "version: 2\nreleased: false")
            .replacingOccurrences(of: "      photo: binary\n", with: "      photo: binary\n      barcode: string\n      note: string\n"), to: "v2.yaml")
        var options = LintPipeline.Options(paths: [folder.path])
        options.steps = .all
        guard case .success(let output) = LintPipeline().run(options) else { Issue.record("does not load"); return }
        let findings = output.result.findings
        #expect(!findings.contains { $0.ruleID == "element-added" }, "\(findings.map(\.message))")
        #expect(findings.filter { $0.ruleID == "production-schema-missing-field" }.map(\.path?.description) == ["Item.note"])
    }

    @Test func aDraftWithAnUndeployedFieldIsAnErrorAtTheAttribute() throws {
        let draft = try Self.exampleVersion(1)
            .replacingOccurrences(of: "version: 1", with: "version: 2\nreleased: false")
            .replacingOccurrences(of: "      photo: binary\n", with: "      photo: binary\n      barcode: string\n")
        let (findings, folder) = try Self.lint(schema: CloudKitSchemaFixtures.deployedVersion1, versions: [try Self.exampleVersion(1), draft])
        let finding = try #require(findings.first)
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(finding.ruleID == "production-schema-missing-field")
        #expect(finding.severity == .error)
        #expect(finding.version == "2")
        #expect(finding.path == ElementPath(entity: "Item", member: "barcode"))
        let expected = try #require(CloudKitSchemaFixtures.position(of: "barcode", in: draft))
        #expect(finding.location == SourceLocation(file: (folder.path as NSString).appendingPathComponent("v2.yaml"), line: expected.line, column: expected.column))
        #expect(finding.message.contains("CD_barcode (STRING) of record type CD_Item"))
        // The note points at the record type in the production schema.
        let recordType = try #require(CloudKitSchemaFixtures.position(of: "CD_Item", onLineWith: "RECORD TYPE", in: CloudKitSchemaFixtures.deployedVersion1))
        #expect(finding.notes.first?.location.map { ($0.line, $0.column) } ?? (0, 0) == (recordType.line, recordType.column))
    }

    /// The fields a version adds to one record type are one deployment: one error that lists
    /// them, a note at each, and each recorded by a baseline.
    @Test func fieldsOneVersionAddsToARecordTypeAreOneError() throws {
        let draft = try Self.exampleVersion(1)
            .replacingOccurrences(of: "version: 1", with: "version: 2\nreleased: false")
            .replacingOccurrences(of: "      photo: binary\n", with: "      photo: binary\n      barcode: string\n      note: string\n")
        let (findings, _) = try Self.lint(schema: CloudKitSchemaFixtures.deployedVersion1, versions: [try Self.exampleVersion(1), draft])
        #expect(findings.count == 1, "\(findings.map(\.message))")
        let finding = try #require(findings.first)
        #expect(finding.message.contains(" fields of record type CD_Item are not in the production schema ") && finding.message.hasPrefix("2 fields"), "\(finding.message)")
        #expect(finding.message.contains("production.ckdb: CD_barcode (STRING), CD_note (STRING); the first time version 2 saves one of them, CloudKit answers"), "\(finding.message)")
        #expect(finding.path == ElementPath(entity: "Item"))
        #expect(finding.notes.prefix(2).map(\.message) == ["CD_barcode is 'Item.barcode'", "CD_note is 'Item.note'"])
        #expect(finding.notes.prefix(2).map { $0.location?.line } == [CloudKitSchemaFixtures.position(of: "barcode", in: draft)?.line, CloudKitSchemaFixtures.position(of: "note", in: draft)?.line])
        #expect(finding.recordedIdentities.sorted() == ["production-schema-missing-field:Pantry:Item.barcode", "production-schema-missing-field:Pantry:Item.note"])
    }

    /// A baseline written with the merged error records each field: read back, it silences the
    /// error, and a third field added since is the error's only field.
    @Test func aBaselineRecordsEachFieldOfTheMergedError() throws {
        let folder = try TemporaryFolder()
        try folder.write("productionSchema: production.ckdb\n", to: ".schemalint.yml")
        try folder.write(CloudKitSchemaFixtures.deployedVersion1, to: "production.ckdb")
        try folder.write(try Self.exampleVersion(1), to: "v1.yaml")
        func draft(_ added: String) throws -> String {
            try Self.exampleVersion(1)
                .replacingOccurrences(of: "version: 1", with: "version: 2\nreleased: false")
                .replacingOccurrences(of: "      photo: binary\n", with: "      photo: binary\n" + added)
        }
        try folder.write(try draft("      barcode: string\n      note: string\n"), to: "v2.yaml")
        let written = try Executable.run([".", "--no-color", "--write-baseline", "baseline.json"], in: folder.url)
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        let quiet = try Executable.run([".", "--no-color", "--baseline", "baseline.json"], in: folder.url)
        #expect(!quiet.stdout.contains("production-schema-missing-field"), "\(quiet.stdout)")
        try folder.write(try draft("      barcode: string\n      note: string\n      aisle: string\n"), to: "v2.yaml")
        let third = try Executable.run([".", "--no-color", "--baseline", "baseline.json"], in: folder.url)
        #expect(third.stdout.contains("error: field CD_aisle (STRING) of record type CD_Item is not in the production schema"), "\(third.stdout)")
    }

    @Test func aFieldDeployedWithAnotherTypeIsAnErrorAtTheAttributesType() throws {
        let schema = CloudKitSchemaFixtures.deployedVersion1.replacingOccurrences(of: "CD_quantity INT64", with: "CD_quantity STRING")
        let version = try Self.exampleVersion(1)
        let (findings, _) = try Self.lint(schema: schema, versions: [version])
        let finding = try #require(findings.first)
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(finding.ruleID == "production-schema-type-mismatch")
        #expect(finding.severity == .error)
        let type = try #require(CloudKitSchemaFixtures.position(of: "int32", onLineWith: "quantity:", in: version))
        #expect((finding.location.line, finding.location.column) == (type.line, type.column))
        #expect(finding.message.contains("is STRING in the production schema"))
        #expect(finding.message.contains("mirrors to INT64"))
        let field = try #require(CloudKitSchemaFixtures.position(of: "CD_quantity", in: schema))
        #expect(finding.notes.first?.location.map { ($0.line, $0.column) } ?? (0, 0) == (field.line, field.column))
    }

    @Test func aFieldNoVersionExplainsIsANoteAtTheSchemaAndOnlyThere() throws {
        let schema = CloudKitSchemaFixtures.deployedVersion1.replacingOccurrences(of: "CD_quantity INT64,", with: "CD_quantity INT64,\n        CD_legacyNotes STRING,\n        CD_legacyNotes_ckAsset ASSET,")
        let (findings, folder) = try Self.lint(schema: schema, versions: [try Self.exampleVersion(1)])
        // One note, for the field (not again for its companion); system fields and Users are left alone.
        #expect(findings.map(\.ruleID) == ["production-schema-unexplained-field"])
        #expect(findings.first?.severity == .note)
        let field = try #require(CloudKitSchemaFixtures.position(of: "CD_legacyNotes STRING", in: schema))
        #expect(findings.first?.location == SourceLocation(file: (folder.path as NSString).appendingPathComponent("production.ckdb"), line: field.line, column: field.column))
    }

    @Test func onlyTheNewestReleaseAndLaterDraftsAreChecked() throws {
        // Version 1 had 'discontinued', version 2 dropped it: production lacking it is no finding,
        // since nobody who runs the newest release writes it.
        let first = try Self.exampleVersion(1).replacingOccurrences(of: "      photo: binary\n", with: "      photo: binary\n      discontinued: boolean\n")
        let (findings, _) = try Self.lint(schema: CloudKitSchemaFixtures.deployedVersion1, versions: [first, try Self.exampleVersion(1).replacingOccurrences(of: "version: 1", with: "version: 2")])
        #expect(findings.map(\.message) == [])
    }

    @Test func theExampleReportsItsDraftsTwoProblems() throws {
        let run = try Executable.run(["examples/cloudkit-schema"])
        #expect(run.status == 1)
        let version2 = try Self.exampleVersion(2)
        let barcode = try #require(CloudKitSchemaFixtures.position(of: "barcode", onLineWith: "barcode: string", in: version2))
        let price = try #require(CloudKitSchemaFixtures.position(of: "double", onLineWith: "price:", in: version2))
        #expect(run.stdout.contains("examples/cloudkit-schema/v2.yaml:\(barcode.line):\(barcode.column): error: field CD_barcode (STRING) of record type CD_Item is not in the production schema examples/cloudkit-schema/production.ckdb"))
        #expect(run.stdout.contains("examples/cloudkit-schema/v2.yaml:\(price.line):\(price.column): error: field CD_price of record type CD_Item is STRING in the production schema examples/cloudkit-schema/production.ckdb, but 'Item.price' (double) mirrors to DOUBLE"))
        #expect(!run.stdout.contains("[production-schema-unexplained-field]"))
        // Both replace the reminder to deploy the added attribute; the other rules stay.
        #expect(!run.stdout.contains("attribute 'Item.barcode' was added"))
        #expect(!run.stdout.contains("attribute 'Item.price' was added"))
        #expect(run.stdout.hasSuffix("2 errors in 2 versions of 1 model\n"))
    }

    @Test func aBadSchemaFileIsOnePositionedErrorAndExitStatus2() throws {
        let folder = try TemporaryFolder()
        try folder.write("productionSchema: schema/production.ckdb\n", to: ".schemalint.yml")
        try folder.write(try Self.exampleVersion(1), to: "v1.yaml")
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE CD_Item (\n        CD_title STRING,\n        CD_count INT,\n    );\n", to: "schema/production.ckdb")
        let run = try Executable.run(["."], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "schema/production.ckdb:4:18: error: unknown type 'INT' of field 'CD_count'; did you mean 'INT64'?\n")
        #expect(run.stdout == "")

        try folder.write("{\"schema\": \"not this\"}\n", to: "schema/production.ckdb")
        let json = try Executable.run(["."], in: folder.url)
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("schema/production.ckdb:1:1: error: "))

        try FileManager.default.removeItem(atPath: (folder.path as NSString).appendingPathComponent("schema/production.ckdb"))
        let missing = try Executable.run(["."], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix(".schemalint.yml:1:19: error: the production schema 'schema/production.ckdb': cannot read the file"))
    }

    @Test func productionSchemaMayBeNamedPerModel() throws {
        let folder = try TemporaryFolder()
        try folder.write("productionSchema:\n  Pantry: pantry.ckdb\n  Other: missing.ckdb\n", to: ".schemalint.yml")
        try folder.write(try Self.exampleVersion(1), to: "v1.yaml")
        try folder.write(CloudKitSchemaFixtures.deployedVersion1.replacingOccurrences(of: "CD_quantity INT64", with: "CD_quantity STRING"), to: "pantry.ckdb")
        let run = try Executable.run(["."], in: folder.url)
        // The schema of a model that is not linted is still read: a missing file is an error.
        #expect(run.status == 2)
        #expect(run.stderr.contains(".schemalint.yml:3:3: error: the production schema 'missing.ckdb'"))
        try folder.write("productionSchema:\n  Pantry: pantry.ckdb\n", to: ".schemalint.yml")
        let fixed = try Executable.run(["."], in: folder.url)
        #expect(fixed.status == 1)
        #expect(fixed.stdout.contains("[production-schema-type-mismatch]"))
        try folder.write("productionSchema: [pantry.ckdb]\n", to: ".schemalint.yml")
        let list = try Executable.run(["."], in: folder.url)
        #expect(list.status == 2)
        #expect(list.stderr.hasPrefix(".schemalint.yml:1:19: error: 'productionSchema' must be the path of a file"))
    }

    @Test func ckschemaPrintsWhatTheReaderReadsBack() throws {
        let run = try Executable.run(["ckschema", "examples/cloudkit-schema", "--version", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let printed = try CloudKitSchemaReader.parse(bytes: Array(run.stdout.utf8), file: "printed.ckdb")
        let deployed = try CloudKitSchemaReader.read(file: Self.example.appendingPathComponent("production.ckdb").path)
        // Version 1 mirrors to exactly the CD_ fields production has, but for CD_price (which only
        // version 2 explains).
        #expect(printed.recordTypes.map(\.name) == ["CD_Item", "CD_Shelf"])
        for recordType in printed.recordTypes {
            let production = try #require(deployed.recordType(named: recordType.name))
            let deployedFields = production.fields.filter { !$0.isSystem && $0.name != "CD_price" }
            #expect(recordType.fields.map(\.name) == deployedFields.map(\.name))
            #expect(recordType.fields.map(\.type) == deployedFields.map(\.type))
        }
        let newest = try Executable.run(["ckschema", "examples/cloudkit-schema"])
        #expect(newest.stdout.contains("        CD_barcode STRING,\n"))
        #expect(newest.stdout.contains("        CD_price DOUBLE,\n"))

        let unknown = try Executable.run(["ckschema", "examples/cloudkit-schema", "--version", "7"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("error: model Pantry has no version '7'"))
        let local = try Executable.run(["ckschema", "examples/journal"])
        #expect(local.status == 2)
        #expect(local.stderr.contains("syncs nothing with CloudKit"))
        // SwiftData sources are read as every command reads them.
        if ModelReaders.registered.contains(where: { $0.name == "SwiftData" }) {
            let swiftData = try Executable.run(["ckschema", "examples/swiftdata", "--cloudkit"])
            #expect(swiftData.status == 0, "\(swiftData.stderr)")
            #expect(swiftData.stdout.contains("    RECORD TYPE CD_Note (\n"), "\(swiftData.stdout)")
        }
        let several = try Executable.run(["ckschema", "examples"])
        #expect(several.status == 2)
        #expect(several.stderr.contains("error: expected one model, found"))
    }

    /// `--against REV` takes the production schema at the revision too, wherever the file lies.
    @Test(.enabled(if: WorkflowTests.hasGit, "needs git"))
    func againstARevisionComparesWithItsProductionSchema() throws {
        let repo = try TemporaryFolder()
        try WorkflowTests.git(["init", "-q"], in: repo)
        try repo.write("productionSchema: cloudkit/production.ckdb\n", to: ".schemalint.yml")
        try repo.write(try Self.exampleVersion(1), to: "models/v1.yaml")
        // Production lacks CD_title: an error that is already there at the revision.
        try repo.write(CloudKitSchemaFixtures.deployedVersion1.replacingOccurrences(of: "        CD_title STRING,\n", with: ""), to: "cloudkit/production.ckdb")
        try WorkflowTests.git(["add", "."], in: repo)
        try WorkflowTests.git(["commit", "-q", "-m", "release 1"], in: repo)
        let plain = try Executable.run(["models"], in: repo.url)
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("field CD_title (STRING) of record type CD_Item is not in the production schema cloudkit/production.ckdb"))
        let unchanged = try Executable.run(["models", "--against", "HEAD"], in: repo.url)
        #expect(unchanged.status == 0, "\(unchanged.stdout)\(unchanged.stderr)")

        let draft = try Self.exampleVersion(1)
            .replacingOccurrences(of: "version: 1", with: "version: 2\nreleased: false")
            .replacingOccurrences(of: "      photo: binary\n", with: "      photo: binary\n      barcode: string\n")
        try repo.write(draft, to: "models/v2.yaml")
        let changed = try Executable.run(["models", "--against", "HEAD"], in: repo.url)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("field CD_barcode (STRING) of record type CD_Item"))
        #expect(!changed.stdout.contains("CD_title"))
    }
}

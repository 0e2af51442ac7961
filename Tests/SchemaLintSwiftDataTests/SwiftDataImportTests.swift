import Foundation
import Testing
import SchemaLintTestSupport

/// `schemalint import` of Swift sources: one YAML file per SwiftData version, which lints as the
/// Swift does.
@Suite struct SwiftDataImportTests {
    static let schemas = [
        ("Schemas/TaskSchemaV1.swift", """
        import SwiftData

        enum TaskSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Task.self, Project.self] }

            @Model final class Task {
                var title: String = ""
                var due: Date = Date.now
                var done = false
                var estimate: Int16 = 0
                var colour: String?
                var project: Project?
                init() {}
            }

            @Model final class Project {
                var name: String?
                @Relationship(deleteRule: .cascade, inverse: \\Task.project) var tasks: [Task]? = []
                init() {}
            }
        }
        """),
        ("Schemas/TaskSchemaV2.swift", """
        import SwiftData

        enum TaskSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Task.self, Project.self] }

            @Model final class Task {
                @Attribute(originalName: "title") var name: String = ""
                var due: Date = Date.now
                var done = false
                var estimate: Double = 0
                var priority: Priority = Priority.normal
                var notes: String
                var project: Project?
                init() {}
            }

            @Model final class Project {
                var name: String?
                @Relationship(deleteRule: .cascade, inverse: \\Task.project) var tasks: [Task]? = []
                init() {}
            }

            enum Priority: String, Codable { case low, normal, high }
        }
        """),
        ("Schemas/TaskMigrationPlan.swift", """
        import SwiftData

        enum TaskMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TaskSchemaV1.self, TaskSchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: TaskSchemaV1.self, toVersion: TaskSchemaV2.self)] }
        }
        """),
    ]

    /// Rule, element, version and severity of each finding of a JSON report.
    static func findings(_ json: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        return findings.map { finding in
            ["rule", "element", "baseline", "version", "severity"].map { finding[$0] as? String ?? "-" }.joined(separator: " ")
        }.sorted()
    }

    @Test(arguments: [false, true])
    func theImportedHistoryLintsAsTheSwiftDoes(cloudKit: Bool) throws {
        let folder = try TemporaryFolder()
        for (name, text) in Self.schemas { try folder.write(text, to: "Sources/" + name) }
        let out = folder.path + "/yaml"
        let imported = try Executable.run(["import", folder.path + "/Sources", "--out", out] + (cloudKit ? ["--cloudkit"] : []))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "wrote \(out)/TaskSchemaV1.yaml\nwrote \(out)/TaskSchemaV2.yaml\n")
        let v2 = try String(contentsOfFile: out + "/TaskSchemaV2.yaml", encoding: .utf8)
        #expect(v2.contains("model: TaskMigrationPlan") && v2.contains("label: TaskSchemaV2"), "\(v2)")
        #expect(v2.contains("renamedFrom: title"), "the originalName is the YAML's renaming identifier: \(v2)")

        let extra = ["--format", "json"] + (cloudKit ? ["--cloudkit"] : [])
        let fromSwift = try Executable.run([folder.path + "/Sources"] + extra)
        let fromYAML = try Executable.run([out] + extra)
        #expect(fromSwift.status != 2 && fromYAML.status != 2, "\(fromSwift.stderr)\(fromYAML.stderr)")
        let swiftFindings = try Self.findings(fromSwift.stdout)
        // The history has findings to compare: the type change and the new required attribute at least.
        // Int16 to Double: widened for a local store, a changed CloudKit field when synced.
        #expect(swiftFindings.contains { $0.hasPrefix((cloudKit ? "attribute-type-changed" : "attribute-type-widened") + " Task.estimate TaskSchemaV1 TaskSchemaV2") }, "\(swiftFindings)")
        #expect(swiftFindings.contains { $0.hasPrefix("attribute-required-without-default Task.notes") }, "\(swiftFindings)")
        #expect(swiftFindings.contains { $0.hasPrefix("attribute-renamed Task.name") } == cloudKit, "\(swiftFindings)")
        #expect(try Self.findings(fromYAML.stdout) == swiftFindings)
    }

    /// A string property set by code (`= UUID().uuidString`) has a default whose value is not
    /// known: the YAML says `computedDefault:`, not a string every new object gets. A string literal
    /// stays the value it is.
    @Test func aComputedStringDefaultIsWrittenAsComputed() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import Foundation
        import SwiftData

        @Model
        final class Item {
            var uid: String = UUID().uuidString
            var title: String = "Untitled"
            init() {}
        }

        """, to: "Sources/Item.swift")
        let out = folder.path + "/yaml"
        let imported = try Executable.run(["import", folder.path + "/Sources", "--out", out])
        #expect(imported.status == 0, "\(imported.stderr)")
        let yaml = try String(contentsOfFile: out + "/current.yaml", encoding: .utf8)
        #expect(yaml.contains(#"uid: {type: string, optional: false, computedDefault: "UUID().uuidString"}"#), "\(yaml)")
        #expect(yaml.contains("title: {type: string, optional: false, default: Untitled}"), "\(yaml)")
    }

    @Test func theImportNeverReplacesFilesWithoutForce() throws {
        let folder = try TemporaryFolder()
        for (name, text) in Self.schemas { try folder.write(text, to: "Sources/" + name) }
        let out = folder.path + "/yaml"
        try folder.write("mine\n", to: "yaml/TaskSchemaV2.yaml")
        let refused = try Executable.run(["import", folder.path + "/Sources", "--out", out])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("TaskSchemaV2.yaml: error: already exists; use --force"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/TaskSchemaV1.yaml"), "nothing is written when one file exists")
        #expect(try String(contentsOfFile: out + "/TaskSchemaV2.yaml", encoding: .utf8) == "mine\n")
        let forced = try Executable.run(["import", folder.path + "/Sources", "--out", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: out + "/TaskSchemaV2.yaml", encoding: .utf8).contains("label: TaskSchemaV2"))
    }

    @Test func aCustomStageIsPrintedAsAMigrationsEntry() throws {
        let folder = try TemporaryFolder()
        for (name, text) in Self.schemas.dropLast() { try folder.write(text, to: "Sources/" + name) }
        try folder.write("""
        import SwiftData

        enum TaskMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TaskSchemaV1.self, TaskSchemaV2.self] }
            static var stages: [MigrationStage] { [toV2] }
            static let toV2 = MigrationStage.custom(fromVersion: TaskSchemaV1.self, toVersion: TaskSchemaV2.self, willMigrate: nil, didMigrate: nil)
        }
        """, to: "Sources/Schemas/TaskMigrationPlan.swift")
        let run = try Executable.run(["import", folder.path + "/Sources", "--out", folder.path + "/yaml"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("migrations:\n  - {model: TaskMigrationPlan, from: TaskSchemaV1, to: TaskSchemaV2, how: staged, reason: \"the MigrationStage.custom from TaskSchemaV1 to TaskSchemaV2\"}\n"), "\(run.stdout)")
    }

    @Test func sourcesWithoutModelsAreAnInputError() throws {
        let folder = try TemporaryFolder()
        try folder.write("struct ContentView {}\n", to: "Sources/ContentView.swift")
        let run = try Executable.run(["import", folder.path + "/Sources", "--out", folder.path + "/yaml"])
        #expect(run.status == 2)
        // The Swift file declares a type, which the store-handling rules may read (a launch path
        // can run through it): no model is among what was found.
        #expect(run.stderr.contains("Sources: error: no Xcode model bundle and no SwiftData models here"), "\(run.stderr)")
    }
}

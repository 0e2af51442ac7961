import Foundation
import Testing
import SchemaLintTestSupport

/// The SwiftData reader through the built `schemalint` executable.
@Suite struct SwiftDataCommandLineTests {
    static func schema(_ version: Int, _ properties: String) -> String {
        """
        import SwiftData

        enum ShopSchemaV\(version): VersionedSchema {
            static var versionIdentifier = Schema.Version(\(version), 0, 0)
            static var models: [any PersistentModel.Type] { [Product.self] }

            @Model
            final class Product {
                \(properties)
                init() {}
            }
        }
        """
    }

    static func lint(_ second: String, extra: [String] = []) throws -> Executable.Run {
        let folder = try TemporaryFolder()
        try folder.write(schema(1, "var name: String = \"\""), to: "Sources/Schema/ShopSchemaV1.swift")
        try folder.write(schema(2, second), to: "Sources/Schema/ShopSchemaV2.swift")
        try folder.write("struct ContentView { var title = \"Shop\" }\n", to: "Sources/ContentView.swift")
        return try Executable.run([folder.path + "/Sources"] + extra)
    }

    /// What the reader could not read for certain is a warning on every run; how it read ordinary
    /// code (a computed default, a collection stored encoded) only with `--verbose`.
    @Test func detailsOfTheReadingAreShownOnlyWhenAsked() throws {
        let properties = "var created: Date = Date()\n    var tags: [String] = []\n    var level: Level = .low"
        let quiet = try Self.lint(properties)
        #expect(quiet.stderr.contains("ShopSchemaV2.swift:11:16: warning: cannot resolve the type 'Level'"), "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("is computed") && !quiet.stderr.contains("collection of values"), "\(quiet.stderr)")
        let verbose = try Self.lint(properties, extra: ["--verbose"])
        #expect(verbose.stderr.contains("ShopSchemaV2.swift:9:29: warning: the default of 'created' is computed (`Date()`), not a literal"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("ShopSchemaV2.swift:10:15: warning: '[String]' is a collection of values"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("warning: cannot resolve the type 'Level'"), "\(verbose.stderr)")
    }

    /// A type a model's property is written with (or whose case is its initial value), declared in
    /// a file that declares no model (an enum in a file of its own, its raw value type) or through
    /// a typealias of a Swift type, is resolved: read as
    /// SwiftData stores it, with no warning. A type declared nowhere still gets one.
    @Test func typesDeclaredInFilesWithoutModelsAreResolved() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.schema(1, "var name: String = \"\""), to: "Sources/Schema/ShopSchemaV1.swift")
        try folder.write(Self.schema(2, "var name: String = \"\"\n    var level: Level = .low\n    var code: ProductCode = \"\"\n    var origin: Origin?\n    var grade: Level.RawValue = \"low\"\n    var tier = Tier.none\n    var planValue = Plan.standard.rawValue\n    var size = Size?.none"), to: "Sources/Schema/ShopSchemaV2.swift")
        try folder.write("enum Level: String, Codable {\n    case low, high\n}\n", to: "Sources/Support/Level.swift")
        try folder.write("enum Tier: Int, Codable {\n    case none, gold\n}\n", to: "Sources/Support/Tier.swift")
        try folder.write("enum Size: Int, Codable {\n    case small, large\n}\n", to: "Sources/Support/Size.swift")
        try folder.write("enum Plan: String {\n    case free, paid\n}\n\nextension Plan {\n    static let standard = Plan.free\n}\n", to: "Sources/Support/Plan.swift")
        try folder.write("typealias ProductCode = String\n", to: "Sources/Support/ProductCode.swift")
        let run = try Executable.run([folder.path + "/Sources", "--verbose"])
        #expect(run.stderr.contains("ShopSchemaV2.swift:10:16: warning: 'Level' is a Codable enum (Level), which SwiftData stores as a composite value"), "\(run.stderr)")
        #expect(!run.stderr.contains("'ProductCode'") && !run.stderr.contains("default of 'code'"), "\(run.stderr)")
        #expect(run.stderr.contains("ShopSchemaV2.swift:12:17: warning: cannot resolve the type 'Origin'"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot resolve the type 'Level"), "\(run.stderr)")
        // Typed by its initial value alone, a case of an enum of another file (`.none` one of its own).
        #expect(run.stderr.contains("ShopSchemaV2.swift:14:16: warning: 'Tier' is a Codable enum (Tier)"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot tell the type of 'tier'"), "\(run.stderr)")
        // The raw value of a constant of an enum of another file is of its raw type.
        #expect(!run.stderr.contains("cannot tell the type of 'planValue'"), "\(run.stderr)")
        #expect(!run.stderr.contains("'Size'") || run.stderr.contains("'Size' is a Codable enum"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot resolve the type 'Size'") && !run.stderr.contains("cannot tell the type of 'size'"), "\(run.stderr)")
    }

    /// A typealias for a dictionary, nested in an extension of a class of another file that
    /// declares no model (`extension Track { typealias Lyrics = [Double: String?] }`), stands for
    /// the dictionary: read as SwiftData stores it, with no "cannot resolve" warning.
    @Test func anAliasOfADictionaryInAnExtensionIsResolved() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.schema(1, "var name: String = \"\"\n    var lyrics: Track.Lyrics?"), to: "Sources/Schema/ShopSchemaV1.swift")
        try folder.write("class Track {\n    var title = \"\"\n}\n\nextension Track {\n    typealias Lyrics = [Double: String?]\n}\n", to: "Sources/Support/Track.swift")
        let plain = try Executable.run([folder.path + "/Sources"])
        #expect(!plain.stderr.contains("cannot resolve the type"), "\(plain.stderr)")
        let verbose = try Executable.run([folder.path + "/Sources", "--verbose"])
        #expect(verbose.stderr.contains("'[Double: String?]' is a dictionary, which SwiftData stores encoded as binary data"), "\(verbose.stderr)")
    }


    /// A top-level typealias of a type nested in an extension of the schema, declared in a file
    /// of its own (`typealias StreamQuality = CurrentSchema.StreamQuality`, the enum in
    /// `extension SchemaV1 { enum StreamQuality ... }`), stands for that enum: its file is read.
    @Test func anAliasOfAnEnumNestedInTheSchemasExtensionIsResolved() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Channel.self] }
        }

        extension SchemaV1 {
            @Model final class Channel {
                var name: String = ""
                var quality: StreamQuality = StreamQuality.sd
                init() {}
            }
        }
        """, to: "Sources/Schema/SchemaV1.swift")
        try folder.write("typealias CurrentSchema = SchemaV1\ntypealias Channel = CurrentSchema.Channel\ntypealias StreamQuality = CurrentSchema.StreamQuality\n", to: "Sources/Schema/SchemaCurrent.swift")
        try folder.write("import Foundation\n\nextension SchemaV1 {\n    enum StreamQuality: String, Codable {\n        case sd, hd\n    }\n}\n", to: "Sources/Support/StreamQuality.swift")
        let run = try Executable.run([folder.path + "/Sources", "--verbose"])
        #expect(!run.stderr.contains("cannot resolve the type 'StreamQuality'"), "\(run.stderr)")
        #expect(run.stderr.contains("'StreamQuality' is a Codable enum"), "\(run.stderr)")
    }

    /// A SwiftData step that migrates at launch is moved off the main thread by making the
    /// container there: SwiftData has no store description to add asynchronously.
    @Test func aMigrationAtLaunchOfSwiftDataIsMovedOffTheMainThreadByTheContainer() throws {
        let run = try Self.lint("var name: String = \"\"\n        var note: String? = nil", extra: ["--all-steps", "--no-color"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let finding = try #require(lines.firstIndex { $0.hasSuffix("[migration-at-launch]") }, "\(run.stdout)")
        #expect(lines[finding + 1] == "    help: create the ModelContainer off the main thread (in a Task, behind a progress screen) and show the user interface when it is ready, so the launch watchdog (0x8badf00d) cannot kill a large migration", "\(run.stdout)")
        #expect(!run.stdout.contains("shouldAddStoreAsynchronously"), "\(run.stdout)")
    }

    @Test func aRenameWithoutOriginalNameLosesTheData() throws {
        let run = try Self.lint("var title: String = \"\"")
        #expect(run.status != 2, "\(run.stderr)")
        let line = run.stdout.split(separator: "\n").first { $0.contains("[attribute-removed]") }.map(String.init) ?? ""
        #expect(line.contains("ShopSchemaV2.swift:") && line.contains("attribute 'Product.name' was removed; its stored data is dropped"), "\(run.stdout)")
        #expect(run.stdout.contains("'Product.title' was added in ShopSchemaV2 and looks like 'name' renamed"), "\(run.stdout)")
    }

    @Test func aRenameWithOriginalNameMigratesLocally() throws {
        let run = try Self.lint("@Attribute(originalName: \"name\") var title: String = \"\"")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("[attribute-removed]") && !run.stdout.contains("[attribute-renamed]"), "\(run.stdout)")
    }

    @Test func aRenameOfASyncedAttributeIsAnErrorEvenWithOriginalName() throws {
        let run = try Self.lint("@Attribute(originalName: \"name\") var title: String = \"\"", extra: ["--cloudkit"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error: attribute 'Product.name' was renamed") && run.stdout.contains("[attribute-renamed]"), "\(run.stdout)")
    }

    /// A schema CloudKit cannot load (`@Attribute(.unique)`) never opened a synced store, though
    /// the code syncs now: its step to the next schema is a local migration. Without the
    /// constraint, the same step is one apps still on it sync through.
    @Test func aSchemaCloudKitCannotLoadNeverSynced() throws {
        for (first, synced) in [("@Attribute(.unique) var sku: String = \"\"", false), ("var sku: String = \"\"", true)] {
            let folder = try TemporaryFolder()
            try folder.write(Self.schema(1, first + "\n    var name: String = \"\""), to: "Sources/Schema/ShopSchemaV1.swift")
            try folder.write(Self.schema(2, "var sku: String = \"\""), to: "Sources/Schema/ShopSchemaV2.swift")
            try folder.write("""
                import SwiftData

                enum ShopPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [ShopSchemaV1.self, ShopSchemaV2.self] }
                    static var stages: [MigrationStage] { [.lightweight(fromVersion: ShopSchemaV1.self, toVersion: ShopSchemaV2.self)] }
                }

                let container = try? ModelContainer(for: Schema(versionedSchema: ShopSchemaV2.self), migrationPlan: ShopPlan.self,
                                                    configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.shop")))
                """, to: "Sources/Store.swift")
            let run = try Executable.run([folder.path + "/Sources", "--all-steps"])
            let removal = run.stdout.split(separator: "\n").first { $0.contains("attribute 'Product.name' was removed") }.map(String.init) ?? ""
            #expect(removal.contains(synced ? "error:" : "note:") || !synced && removal.contains("warning:"), "\(first): \(run.stdout)")
        }
    }

    @Test func theExampleShowsBothRenames() throws {
        let run = try Executable.run(["examples/swiftdata"])
        #expect(run.status != 2, "\(run.stdout)\(run.stderr)")
        // `body` -> `text` with originalName: no finding about `body`.
        #expect(!run.stdout.contains("'Note.body'"), "\(run.stdout)")
        // `isPinned` -> `pinned` without it: the pin is lost.
        #expect(run.stdout.contains("attribute 'Note.isPinned' was removed; its stored data is dropped"), "\(run.stdout)")
        // `priority` changes type from V1 to V2, which the custom stage migrates: no error.
        #expect(!run.stdout.contains("error:"), "\(run.stdout)")
    }

    @Test func badSwiftStopsTheRunWithExitStatus2() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        enum S1: VersionedSchema {
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0 }
        }
        """, to: "S1.swift")
        let run = try Executable.run([folder.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("S1.swift:1:6: error: the VersionedSchema 'S1' has no `static var versionIdentifier`"), "\(run.stderr)")
    }

    /// Older schemas that list the live types are an error per schema, naming each class, when a
    /// migration plan lists them (SwiftData checks the stored checksum against them), and one note
    /// per schema when no plan does (nothing reads their checksums yet).
    @Test func unfrozenSchemasAreErrorsOnlyWhereAPlanListsThem() throws {
        let schemas = """
        @Model final class Note { var title: String = ""; init() {} }
        @Model final class Tag { var name: String = ""; init() {} }
        enum S1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self, Tag.self] }
        }
        enum S2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self, Tag.self] }
        }
        """
        let folder = try TemporaryFolder()
        try folder.write(schemas, to: "Schemas.swift")
        let unplanned = try Executable.run([folder.path, "--no-color"])
        #expect(unplanned.status == 0, "\(unplanned.stderr)")
        let notes = unplanned.stdout.split(separator: "\n").filter { $0.hasSuffix("[versioned-schema-not-frozen]") }
        #expect(notes.count == 1, "\(unplanned.stdout)")
        #expect(notes.first?.contains("Schemas.swift:5:54: note: 'S1' is not the newest version, but its models list 2 classes it does not declare ('Note', 'Tag'): no container is given a SchemaMigrationPlan that lists 'S1'") == true, "\(unplanned.stdout)")

        try folder.write(schemas + """

        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [S1.self, S2.self] }
            static var stages: [MigrationStage] { [] }
        }
        """, to: "Schemas.swift")
        let planned = try Executable.run([folder.path, "--no-color"])
        #expect(planned.status == 1)
        let errors = planned.stdout.split(separator: "\n").filter { $0.contains(": error: ") && $0.hasSuffix("[versioned-schema-not-frozen]") }
        #expect(errors.count == 1, "\(planned.stdout)")
        #expect(errors.first?.contains("Schemas.swift:5:54: error: 'S1' is not the newest version, but its models list 'Note' and 'Tag', the app's live @Model classes, declared in no VersionedSchema: the shape and checksum of 'S1' follow every later edit of those 2 classes") == true, "\(planned.stdout)")
        #expect(planned.stdout.contains("note: 'S1' lists 'Tag' here (\(folder.path)/Schemas.swift:5:65)"), "\(planned.stdout)")

        // A container the files make without the plan never reads it: a note again, until a
        // container is given the plan.
        try folder.write("func makeContainer() throws -> ModelContainer {\n    try ModelContainer(for: Note.self, Tag.self)\n}\n", to: "Store.swift")
        let unread = try Executable.run([folder.path, "--no-color"])
        #expect(unread.stdout.contains("Schemas.swift:5:54: note: 'S1' is not the newest version"), "\(unread.stdout)")
        #expect(!unread.stdout.contains(": error: "), "\(unread.stdout)")
        try folder.write("func makeContainer() throws -> ModelContainer {\n    try ModelContainer(for: Schema(versionedSchema: S2.self), migrationPlan: Plan.self)\n}\n", to: "Store.swift")
        let read = try Executable.run([folder.path, "--no-color"])
        #expect(read.stdout.contains("Schemas.swift:5:54: error: 'S1' is not the newest version"), "\(read.stdout)")
    }
    /// A class added in a store of its own that does not sync (one configuration of several, with
    /// `cloudKitDatabase: .none`) adds nothing to the CloudKit schema, though the version before
    /// it synced every class it had; a class added to the synced store does.
    @Test func aClassAddedToALocalStoreOfASyncedContainerIsNoCloudKitAddition() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [V1.Note.self] }
            @Model final class Note { var title: String = ""; init() {} }
        }
        enum V2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self, Draft.self, Tag.self] }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
            static var stages: [MigrationStage] { [] }
        }
        @Model final class Note { var title: String = ""; init() {} }
        @Model final class Draft { var text: String = ""; init() {} }
        @Model final class Tag { var name: String = ""; init() {} }
        """, to: "Schemas.swift")
        try folder.write("""
        func makeContainer() throws -> ModelContainer {
            let synced = ModelConfiguration("Synced", schema: Schema([Note.self, Tag.self]), cloudKitDatabase: .private("iCloud.notes"))
            let drafts = ModelConfiguration("Drafts", schema: Schema([Draft.self]), cloudKitDatabase: .none)
            return try ModelContainer(for: Schema([Note.self, Draft.self, Tag.self]), migrationPlan: Plan.self, configurations: [synced, drafts])
        }
        """, to: "Stores.swift")
        let run = try Executable.run([folder.path, "--no-color"])
        let added = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[element-added]") }
        #expect(added.count == 1, "\(run.stdout)")
        #expect(added.first?.contains("entity 'Tag' was added") == true, "\(run.stdout)")
        #expect(!run.stdout.contains("CD_Draft"), "\(run.stdout)")
    }
    /// A plan that lists the schemas newest first (to go back to an older version) is the same
    /// history as the plan that goes forward: nothing is removed by going "from" V2 "to" V1.
    @Test func aRollbackPlanIsTheForwardHistoryReadBackwards() throws {
        let folder = try TemporaryFolder()
        try folder.write("""
        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Pet.self] }
            @Model final class Pet { var name: String = ""; init() {} }
        }
        enum V2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Pet.self] }
            @Model final class Pet { var name: String = ""; var feeding: String = ""; init() {} }
        }
        enum ForwardPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
            static var stages: [MigrationStage] { [] }
        }
        enum RollbackPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [V2.self, V1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """, to: "Schemas.swift")
        let run = try Executable.run([folder.path, "--no-color"])
        #expect(!run.stdout.contains("[attribute-removed]"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(run.stdout)")
    }

    /// The shop's two schemas, the second adding a required property with no default, and `code`
    /// beside them (path, text), linted; `withApp` adds an `@main` App that makes no container.
    static func lintWithCode(_ code: [(String, String)], withApp: Bool = true) throws -> Executable.Run {
        let folder = try TemporaryFolder()
        try folder.write(schema(1, "var name: String = \"\""), to: "Sources/Schema/ShopSchemaV1.swift")
        try folder.write(schema(2, "var name: String = \"\"\n    var stock: Int"), to: "Sources/Schema/ShopSchemaV2.swift")
        if withApp { try folder.write("import SwiftUI\n\n@main\nstruct ShopApp: App {\n    var body: some Scene { WindowGroup { Text(\"Shop\") } }\n}\n", to: "Sources/ShopApp.swift") }
        for (path, text) in code { try folder.write(text, to: path) }
        return try Executable.run([folder.path + "/Sources", "--no-color"])
    }

    static let previewContainer = """
        import SwiftData
        import SwiftUI

        #Preview {
            let container = try! ModelContainer(for: ShopSchemaV2.Product.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            return Text("Shop").modelContainer(container)
        }

        """

    /// Where every container the app makes is a preview's, the models are no store's: the change
    /// findings are notes that say so. Where anything may keep a store out of sight (a container
    /// with a configuration on disk beside one in memory, or one chosen at run time; a context
    /// handed to SwiftUI; a document app), or the app itself is not read (a package of models,
    /// files named to a pre-commit run), they stay errors.
    @Test func modelsOnlyPreviewsOpenAreNoStores() throws {
        let preview = ("Sources/ProductRow.swift", Self.previewContainer)
        let onlyPreviews = try Self.lintWithCode([preview])
        #expect(onlyPreviews.stdout.contains("note: attribute 'Product.stock' was added as required with no default"), "\(onlyPreviews.stdout)")
        #expect(onlyPreviews.stdout.contains("but every ModelContainer the code makes is a preview's or a debug build's, and SwiftUI is given none"), "\(onlyPreviews.stdout)")
        #expect(onlyPreviews.stdout.contains("note: a preview's ModelContainer is made here (") && onlyPreviews.stdout.contains("/Sources/ProductRow.swift:5:"), "\(onlyPreviews.stdout)")

        let outOfSight: [String] = [
            // One configuration on disk beside one in memory.
            "import SwiftData\n\nfinal class Stack {\n    let container = try! ModelContainer(for: ShopSchemaV2.Product.self, configurations: ModelConfiguration(\"Scratch\", isStoredInMemoryOnly: true), ModelConfiguration(\"Main\"))\n}\n",
            // A context given to SwiftUI, its container made where the reader does not see it.
            "import SwiftData\nimport SwiftUI\n\nstruct Root: View {\n    let context: ModelContext\n    var body: some View { Text(\"Shop\").environment(\\.modelContext, context) }\n}\n",
            // A document app.
            "import SwiftUI\n\nstruct Documents {\n    var scene: some Scene { DocumentGroup(editing: ShopSchemaV2.Product.self, contentType: .data) { Text(\"Shop\") } }\n}\n",
        ]
        for code in outOfSight {
            let run = try Self.lintWithCode([preview, ("Sources/Store.swift", code)])
            #expect(run.stdout.contains("error: attribute 'Product.stock' was added as required with no default"), "\(code)\n\(run.stdout)")
        }
        let noApp = try Self.lintWithCode([preview], withApp: false)
        #expect(noApp.stdout.contains("error: attribute 'Product.stock' was added as required with no default"), "\(noApp.stdout)")
    }

    /// Two targets that declare the same classes (an app's and its watch app's) are read apart; a
    /// watch app whose only container is a preview's leaves the app's store, which SwiftUI keeps
    /// on disk, a store: its change is still an error.
    @Test func aWatchAppsPreviewLeavesTheAppsStoreAStore() throws {
        let folder = try TemporaryFolder()
        for target in ["Shop", "ShopWatch"] {
            try folder.write(Self.schema(1, "var name: String = \"\""), to: "\(target)/Schema/ShopSchemaV1.swift")
            try folder.write(Self.schema(2, "var name: String = \"\"\n    var stock: Int"), to: "\(target)/Schema/ShopSchemaV2.swift")
        }
        try folder.write("import SwiftData\nimport SwiftUI\n\n@main\nstruct ShopApp: App {\n    var body: some Scene { WindowGroup { Text(\"Shop\") }.modelContainer(for: ShopSchemaV2.Product.self) }\n}\n", to: "Shop/ShopApp.swift")
        try folder.write("import SwiftUI\n\n@main\nstruct ShopWatchApp: App {\n    var body: some Scene { WindowGroup { Text(\"Shop\") } }\n}\n", to: "ShopWatch/ShopWatchApp.swift")
        try folder.write(Self.previewContainer, to: "ShopWatch/ProductRow.swift")
        let run = try Executable.run([folder.path, "--no-color"])
        #expect(run.stdout.contains("Shop/Schema/ShopSchemaV2.swift:10:9: error: attribute 'Product.stock' was added as required with no default"), "\(run.stdout)")
        #expect(!run.stdout.contains("a preview's ModelContainer is made here"), "\(run.stdout)")
    }
}

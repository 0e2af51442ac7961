import SchemaLint
import SchemaLintSwiftSource
import SwiftParser
import SwiftSyntax
import Testing
@testable import SchemaLintSwiftData
import SchemaLintTestSupport

/// Versions, their order, migration stages, CloudKit and bad input.
@Suite struct SwiftDataHistoryTests {
    // Three versions spread over files in the shapes apps write: nested models, models in an
    // extension in another file, top-level classes listed by the newest schema, a typealias,
    // a plan declared as a struct with named stages.
    static let files: [(String, String)] = [
        ("Schema/TripSchemaV1.swift", """
        import SwiftData
        enum TripSchemaV1: VersionedSchema {
            static var versionIdentifier: Schema.Version = .init(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Trip.self] }
            @Model final class Trip {
                var name: String = ""
                init() {}
            }
        }
        """),
        ("Schema/TripSchemaV2.swift", """
        import SwiftData
        enum TripSchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] {
                return [TripSchemaV2.Trip.self]
            }
        }
        """),
        ("Schema/TripSchemaV2+Models.swift", """
        import SwiftData
        extension TripSchemaV2 {
            @Model final class Trip {
                var name: String = ""
                var days: Int = 1
                init() {}
            }
        }
        """),
        ("Schema/TripSchemaV3.swift", """
        import SwiftData
        enum TripSchemaV3: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(3, 0, 0) }
            static var models: [any PersistentModel.Type] { [Trip.self] }
        }
        typealias CurrentTrip = TripSchemaV3.Trip
        """),
        ("Models/Trip.swift", """
        import SwiftData
        @Model final class Trip {
            var name: String = ""
            var days: Int = 1
            var note: String?
            init() {}
        }
        // A plain struct with the same name as a model is not a model.
        struct Leg { var name: String }
        """),
        ("Schema/OldSchema.swift", """
        // enum TripSchemaV0: VersionedSchema {
        //     static var versionIdentifier = Schema.Version(0, 1, 0)
        // }
        """),
        ("Schema/TripMigrationPlan.swift", """
        import SwiftData
        struct TripMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] {
                [TripSchemaV1.self, TripSchemaV2.self, TripSchemaV3.self]
            }
            static var stages: [MigrationStage] { [v1ToV2, v2ToV3] }
            static let v1ToV2 = MigrationStage.lightweight(fromVersion: TripSchemaV1.self, toVersion: TripSchemaV2.self)
            static let v2ToV3 = MigrationStage.custom(
                fromVersion: TripSchemaV2.self,
                toVersion: TripSchemaV3.self,
                willMigrate: migrateNotes,
                didMigrate: nil
            )
            static func migrateNotes(_ context: ModelContext) throws {}
        }
        """),
    ]

    @Test func versionsFollowTheMigrationPlan() throws {
        let reading = readSwift(Self.files)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.versions.map(\.label) == ["TripSchemaV1", "TripSchemaV2", "TripSchemaV3"])
        #expect(reading.versions.map(\.version.text) == ["1.0.0", "2.0.0", "3.0.0"])
        #expect(Set(reading.versions.map(\.history)) == ["swiftdata:TripMigrationPlan"])
        #expect(reading.versions.map { $0.entity(named: "Trip")?.attributes.map(\.name) ?? [] } == [["name"], ["name", "days"], ["name", "days", "note"]])
        let third = try #require(reading.version("TripSchemaV3"))
        #expect(third.file == "Schema/TripSchemaV3.swift")
        #expect(third.location == SourceLocation(file: "Schema/TripSchemaV3.swift", line: 2, column: 6))
        #expect(third.entity(named: "Trip")?.location == SourceLocation(file: "Models/Trip.swift", line: 2, column: 20))
        #expect(third.usesCloudKit == false)
    }

    @Test func customStagesAreWrittenMigrations() throws {
        let reading = readSwift(Self.files)
        let migrations = try #require(reading.writtenMigrations["swiftdata:TripMigrationPlan"])
        #expect(migrations.count == 1)
        let stage = try #require(migrations.first)
        #expect(stage.from == "TripSchemaV2" && stage.to == "TripSchemaV3")
        #expect(stage.location == SourceLocation(file: "Schema/TripMigrationPlan.swift", line: 8, column: 25))
        guard case .staged = stage.kind else {
            Issue.record("a MigrationStage.custom is a staged migration")
            return
        }
        #expect(stage.name.hasPrefix("the MigrationStage.custom from TripSchemaV2 to TripSchemaV3"))
    }

    /// A stage the plan keeps in a property that `stages` leaves out is not run: it is no written
    /// migration.
    @Test func aStageTheStagesLeaveOutIsNoWrittenMigration() throws {
        let files = Self.files.map { name, text in
            (name, name.hasSuffix("TripMigrationPlan.swift") ? text.replacingOccurrences(of: "[v1ToV2, v2ToV3]", with: "[v1ToV2]") : text)
        }
        #expect(files.contains { $0.1.contains("{ [v1ToV2] }") })
        let reading = readSwift(files)
        #expect(reading.writtenMigrations["swiftdata:TripMigrationPlan"] ?? [] == [], "\(reading.writtenMigrations)")
    }

    /// A plan is read only where a container is given it before the store is opened without it:
    /// a plan passed only when the function reopens the same configuration (after deleting the
    /// store) reaches a new store, and its custom stages migrate nobody's data.
    @Test func aPlanGivenOnlyToAReopeningIsNoWrittenMigration() throws {
        func store(_ firstOpening: String) -> (String, String) {
            ("App/Store.swift", """
            import SwiftData
            func makeContainer(schema: Schema, config: ModelConfiguration) -> ModelContainer {
                if CommandLine.arguments.contains("--ui-testing") {
                    return try! ModelContainer(for: schema, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
                }
                do {
                    return try \(firstOpening)
                } catch {
                    deleteStoreFiles()
                    return try! ModelContainer(for: schema, migrationPlan: TripMigrationPlan.self, configurations: [config])
                }
            }
            """)
        }
        let reopened = readSwift(Self.files + [store("ModelContainer(for: schema, configurations: [config])")])
        #expect(reopened.errors.isEmpty, "\(reopened.errors)")
        #expect(reopened.writtenMigrations["swiftdata:TripMigrationPlan"] == nil)
        #expect(reopened.versions.allSatisfy { !$0.isInMigrationPlan })
        // Given the plan at the first opening, the stages run (the in-memory store for UI tests,
        // another configuration, says nothing of it).
        let planned = readSwift(Self.files + [store("ModelContainer(for: schema, migrationPlan: TripMigrationPlan.self, configurations: config)")])
        #expect(planned.writtenMigrations["swiftdata:TripMigrationPlan"]?.count == 1)
        #expect(planned.versions.allSatisfy { $0.isInMigrationPlan })
    }

    /// A document app hands its plan to `DocumentGroup`, in a file that names no container; its
    /// previews make in-memory containers without one. Neither leaves the plan unread.
    /// Schemas and a plan given to no container, while the containers open top-level classes
    /// (`Visit`, not `TripsV2.Visit`) some of which no schema lists: the store holds those
    /// classes, which are the model linted; the schemas are left out with a note. A container
    /// given the plan, one that opens a schema, or top-level classes every one of which a schema
    /// lists, keep the schemas the model.
    @Test func schemasNoContainerOpensBesideLiveClassesAreNotTheModel() throws {
        let schemas = ("Schemas.swift", """
        enum TripsV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Visit.self, Traveller.self] }
            @Model final class Visit { var id: UUID; init(id: UUID) { self.id = id } }
            @Model final class Traveller { var name: String; init(name: String) { self.name = name } }
        }
        enum TripsV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Visit.self, Traveller.self] }
            @Model final class Visit { var id: UUID; var note: String; init(id: UUID) { self.id = id; note = "" } }
        }
        enum TripsPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TripsV1.self, TripsV2.self] }
            static var stages: [MigrationStage] { [] }
        }
        """)
        let live = ("Models.swift", """
        @Model final class Visit { var id: UUID = UUID(); var place: String = ""; init() {} }
        @Model final class Traveller { var name: String = ""; init() {} }
        @Model final class Place { var name: String = ""; init() {} }
        """)
        func app(_ container: String) -> (String, String) {
            ("App.swift", """
            struct TripsApp: App {
                var container: ModelContainer = {
                    let synced = ModelConfiguration("Cloud", schema: Schema([Visit.self, Traveller.self]), cloudKitDatabase: .automatic)
                    return try! \(container)
                }()
            }
            """)
        }
        let unused = readSwift([schemas, live, app("ModelContainer(for: Visit.self, Traveller.self, configurations: synced)")])
        let version = try #require(unused.versions.first)
        #expect(unused.versions.count == 1)
        #expect(version.isDeclaredByItsEntities)
        #expect(version.entities.map(\.name).sorted() == ["Place", "Traveller", "Visit"])
        #expect(version.entity(named: "Visit")?.attributes.map(\.name).sorted() == ["id", "place"])
        #expect(unused.notes.contains { $0.message.hasPrefix("'TripsPlan' is given to no ModelContainer") }, "\(unused.notes)")
        // The same container made by a function of the project whose name ends in ModelContainer:
        // calling that function makes no container of its own.
        let factory = ("App.swift", """
            struct TripsApp: App {
                var container: ModelContainer = try! Self.makeModelContainer()
                static func makeModelContainer() throws -> ModelContainer {
                    try ModelContainer(for: Visit.self, Traveller.self)
                }
            }
            """)
        let throughFactory = readSwift([schemas, live, factory])
        #expect(throughFactory.versions.count == 1 && throughFactory.versions.first?.isDeclaredByItsEntities == true, "\(throughFactory.versions.map(\.label))")
        #expect(throughFactory.notes.contains { $0.message.hasPrefix("'TripsPlan' is given to no ModelContainer") }, "\(throughFactory.notes)")
        // A helper that opens whatever schema and plan it is given says nothing of its own: where
        // nothing calls it with the plan, the live classes stay the model; a call with the plan
        // makes the schemas the model.
        let helper = ("Recovery.swift", """
            enum Recovery {
                static func open(schema: Schema, migrationPlan plan: any SchemaMigrationPlan.Type, configuration: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: schema, migrationPlan: plan, configurations: [configuration])
                }
            }
            """)
        let uncalled = readSwift([schemas, live, app("ModelContainer(for: Visit.self, Traveller.self, configurations: synced)"), helper])
        #expect(uncalled.versions.count == 1 && uncalled.versions.first?.isDeclaredByItsEntities == true, "\(uncalled.versions.map(\.label))")
        let calledWithThePlan = readSwift([schemas, live, app("Recovery.open(schema: Schema(versionedSchema: TripsV2.self), migrationPlan: TripsPlan.self, configuration: synced)"), helper])
        #expect(calledWithThePlan.versions.map(\.label) == ["TripsV1", "TripsV2"], "\(calledWithThePlan.versions.map(\.label))")
        for container in [
            "ModelContainer(for: Visit.self, Traveller.self, migrationPlan: TripsPlan.self, configurations: synced)",
            "ModelContainer(for: Schema(versionedSchema: TripsV2.self), configurations: synced)",
            "ModelContainer(for: TripsV2.Visit.self, configurations: synced)",
        ] {
            let reading = readSwift([schemas, live, app(container)])
            #expect(reading.versions.map(\.label) == ["TripsV1", "TripsV2"], "\(container)")
            #expect(!reading.notes.contains { $0.message.contains("given to no ModelContainer") }, "\(container): \(reading.notes)")
        }
        // The newest schema lists the live classes the container opens: the schemas are the model.
        let listing = (schemas.0, schemas.1.replacingOccurrences(of: "@Model final class Visit { var id: UUID; var note: String; init(id: UUID) { self.id = id; note = \"\" } }", with: ""))
        let listed = readSwift([listing, live, app("ModelContainer(for: Visit.self, Traveller.self, configurations: synced)")])
        #expect(listed.versions.map(\.label) == ["TripsV1", "TripsV2"], "\(listed.notes)")
    }

    @Test func aPlanGivenToADocumentGroupIsRead() throws {
        let previews = ("App/PreviewContainer.swift", """
        import SwiftData
        @MainActor let sampleContainer: ModelContainer = {
            try! ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        }()
        """)
        let exporter = ("App/Exporter.swift", """
        import SwiftData
        func exportContainer(at url: URL) throws -> ModelContainer {
            try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        }
        """)
        let app = ("App/TripsApp.swift", """
        import SwiftUI
        @main struct TripsApp: App {
            var body: some Scene {
                DocumentGroup(editing: .tripDocument, migrationPlan: TripMigrationPlan.self) { ContentView() }
            }
        }
        """)
        #expect(SwiftDataReader().claims(name: app.0, bytes: Array(app.1.utf8)), "the walk hands the reader the file that passes the plan")
        for files in [[previews], [app, previews], [app, exporter]] {
            let reading = readSwift(Self.files + files)
            #expect(reading.errors.isEmpty, "\(reading.errors)")
            #expect(reading.writtenMigrations["swiftdata:TripMigrationPlan"]?.count == 1, "\(files.map(\.0))")
            #expect(reading.versions.allSatisfy { $0.isInMigrationPlan }, "\(files.map(\.0))")
        }
        // A container on disk given no plan, and none given one: the plan is never read.
        let unread = readSwift(Self.files + [exporter])
        #expect(unread.writtenMigrations["swiftdata:TripMigrationPlan"] == nil)
    }

    @Test func withoutAPlanVersionsFollowTheirIdentifiers() throws {
        let reading = readSwift([
            ("B.swift", """
            enum ItemsV10: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 10, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var a: Int = 0; var b: Int = 0 }
            }
            """),
            ("A.swift", """
            enum ItemsV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 2, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var a: Int = 0 }
            }
            """),
        ])
        #expect(reading.errors.isEmpty)
        let histories = try ModelHistory.histories(of: reading.versions)
        #expect(histories.count == 1)
        #expect(histories.first?.model == "Items")
        #expect(histories.first?.versions.map(\.label) == ["ItemsV2", "ItemsV10"])
    }

    /// A schema per model, each at 1.0.0 and in no plan (listed together in the app's `Schema`):
    /// parts of one version, not two files of it.
    @Test func withoutAPlanSchemasOfOneIdentifierAreOneVersion() throws {
        let reading = readSwift([
            ("Models/Author.swift", """
            enum AuthorSchemaV1: VersionedSchema {
                static var versionIdentifier: Schema.Version = .init(1, 0, 0)
                static var models: [any PersistentModel.Type] { [AuthorSchemaV1.Author.self, CardSchemaV1.Card.self] }
                @Model final class Author { var name: String = ""; var cards: [CardSchemaV1.Card] = [] }
            }
            """),
            ("Models/Card.swift", """
            enum CardSchemaV1: VersionedSchema {
                static var versionIdentifier: Schema.Version = .init(1, 0, 0)
                static var models: [any PersistentModel.Type] { [CardSchemaV1.Card.self] }
                @Model final class Card { var title: String = ""; var author: AuthorSchemaV1.Author? }
            }
            """),
        ])
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        let histories = try ModelHistory.histories(of: reading.versions)
        #expect(histories.count == 1)
        #expect(histories.first?.versions.count == 1)
        #expect(histories.first?.versions.first?.entities.map(\.name) == ["Author", "Card"])
    }

    @Test func modelsWithoutAVersionedSchemaAreOneVersion() throws {
        let reading = readSwift("""
        import SwiftData
        @Model class Expense {
            var amount: Double = 0
            var category: Category?
            init() {}
        }
        @Model class Category {
            var name: String = ""
            @Relationship(inverse: \\Expense.category) var expenses: [Expense]?
            init() {}
        }
        """)
        #expect(reading.errors.isEmpty)
        #expect(reading.versions.count == 1)
        #expect(reading.versions.first?.entities.map(\.name) == ["Expense", "Category"])
        #expect(reading.versions.first?.label == "current")
    }

    /// An iPhone app and its watch app each declare a `Tally` of their own: no module compiles
    /// both, so they are two models, each synced or not as its own target's container says, and
    /// a view shared by both folders' targets is read with each.
    @Test func aClassOfOneNameInTwoTargetsIsTwoModels() throws {
        let phone = ("Tally/Models/Tally.swift", "@Model final class Tally {\n    var title: String = \"\"\n    var count: Int = 0\n    init() {}\n}\n")
        let phoneApp = ("Tally/TallyApp.swift", "let container = try! ModelContainer(for: Tally.self, configurations: ModelConfiguration(cloudKitDatabase: .private(\"iCloud.com.example.tally\")))\n")
        let watch = ("Tally Watch App/Models/Tally.swift", "@Model final class Tally {\n    var title: String\n    var count: Int\n    init(title: String, count: Int) { self.title = title; self.count = count }\n}\n")
        let watchApp = ("Tally Watch App/WatchApp.swift", "let container = try! ModelContainer(for: Tally.self, configurations: ModelConfiguration(cloudKitDatabase: .none))\n")
        let reading = readSwift([watch, watchApp, phone, phoneApp])
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        let byFile = Dictionary(uniqueKeysWithValues: reading.versions.map { ($0.file, $0) })
        #expect(byFile.keys.sorted() == ["Tally Watch App/Models/Tally.swift", "Tally/Models/Tally.swift"])
        #expect(byFile["Tally/Models/Tally.swift"]?.usesCloudKit == true)
        #expect(byFile["Tally Watch App/Models/Tally.swift"]?.usesCloudKit == false)
        #expect(Set(reading.versions.map(\.history)).count == 2)
        // The same files under another folder (a release copied out of git) make the same histories.
        let copied = readSwift([watch, watchApp, phone, phoneApp].map { ("/tmp/release/" + $0.0, $0.1) })
        #expect(Set(copied.versions.map(\.history)) == Set(reading.versions.map(\.history)))
        // One declaration of the class (a release before the watch app had its copy): one model,
        // of the same history as the phone's.
        let before = readSwift([phone, phoneApp]).versions
        #expect(before.count == 1 && before.first?.history == byFile["Tally/Models/Tally.swift"]?.history)
    }

    @Test func cloudKitFromTheModelConfiguration() throws {
        let schema = ("Schema.swift", """
        enum S1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0 }
        }
        """)
        func synced(_ app: String, declared: Bool = false) -> Bool? {
            readSwift([schema, ("App.swift", app)], cloudKit: declared).versions.first?.usesCloudKit
        }
        #expect(synced("let c = ModelConfiguration(schema: s, cloudKitDatabase: .private(\"iCloud.com.example\"))") == true)
        // `.automatic` syncs where the entitlements give CloudKit, as the default does: the run
        // decides from the entitlements files it finds.
        let automatic = readSwift([schema, ("App.swift", "let c = ModelConfiguration(cloudKitDatabase: .automatic)")]).versions.first
        #expect(automatic?.usesCloudKit == false && automatic?.syncsByDefault == true)
        #expect(synced("let c = ModelConfiguration(cloudKitDatabase: .none)") == false)
        #expect(synced("let c = ModelConfiguration()") == false)
        #expect(synced("let c = ModelConfiguration()", declared: true) == true)
        // A switch the person sets: synced for those who turn it on, as its syncing branch says.
        let ternary = readSwift([schema, ("App.swift", "let c = ModelConfiguration(cloudKitDatabase: syncOn ? .automatic : .none)")])
        #expect(ternary.versions.first?.usesCloudKit == false && ternary.versions.first?.syncsByDefault == true)
        #expect(ternary.notes.isEmpty, "\(ternary.notes)")
        #expect(synced("let c = ModelConfiguration(cloudKitDatabase: syncOn ? .none : .private(\"iCloud.com.example\"))") == true)
        // `configurations: .init(...)` is a ModelConfiguration written short.
        #expect(synced("let c = try ModelContainer(for: M.self, configurations: .init(cloudKitDatabase: .none))") == false)
        let short = readSwift([schema, ("App.swift", "let c = try ModelContainer(for: M.self, configurations: .init(url: url, cloudKitDatabase: on ? .automatic : database))")])
        #expect(short.notes.map(\.location) == [SourceLocation(file: "App.swift", line: 1, column: 91)])
    }

    /// A configuration made by a function of its own and handed to the function that makes the
    /// container: the `.none` it is made with keeps local what that container opens, whatever
    /// the app's entitlements give.
    @Test func aConfigurationMadeByAFunctionOfItsOwnSaysWhatTheContainerGivenItOpens() throws {
        let schema = ("Schema.swift", """
        enum ChatV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Message.self] }
            @Model final class Message { @Attribute(.unique) var id: UUID = UUID() }
        }
        enum ChatPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ChatV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """)
        func version(configuration: String) -> ModelVersion? {
            let controller = """
            enum ChatStore {
                private static func makeConfiguration() -> ModelConfiguration {
                    \(configuration)
                }

                private static func makeContainer(configuration: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: Schema(ChatV1.models), migrationPlan: ChatPlan.self, configurations: [configuration])
                }

                static func load() throws -> ModelContainer {
                    let configuration = makeConfiguration()
                    return try makeContainer(configuration: configuration)
                }
            }
            """
            return readSwift([schema, ("ChatStore.swift", controller)]).versions.first
        }
        let local = try #require(version(configuration: "ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"chat.store\"), cloudKitDatabase: .none)"))
        #expect(!local.usesCloudKit && !local.syncsByDefault)
        let synced = try #require(version(configuration: "ModelConfiguration(cloudKitDatabase: .private(\"iCloud.com.example.chat\"))"))
        #expect(synced.usesCloudKit)
    }

    /// A schema made of a versioned schema's list (`Schema(CacheV7.models)`) names that schema:
    /// the `.none` of the configuration given it keeps its models local.
    @Test func aSchemaOfAVersionedSchemasModelsNamesIt() throws {
        let schema = ("Schema.swift", """
        enum CacheV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Profile.self] }
            @Model final class Profile { var name: String; init() { name = "" } }
        }
        """)
        let service = ("CacheService.swift", """
        final class CacheService {
            let container: ModelContainer
            init(inMemory: Bool = false) throws {
                let schema = Schema(CacheV1.models)
                let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: inMemory, cloudKitDatabase: .none)
                container = try ModelContainer(for: schema, configurations: config)
            }
        }
        """)
        let version = try #require(readSwift([schema, service]).versions.first)
        #expect(!version.usesCloudKit && !version.syncsByDefault)
    }

    /// A schema, a plan and the collections of models written `[Item]()` read as they compile:
    /// `@preconcurrency VersionedSchema` adopts the protocol.
    @Test func preconcurrencySchemasAndEmptyCollectionsAreRead() throws {
        let reading = readSwift("""
        enum S1: @preconcurrency VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Trip.self, Stop.self] }
            @Model final class Trip {
                var name = ""
                var stops = [Stop]()
                var tags = [String: Int]()
                var kind: Kind.RawValue = Kind.car.rawValue
                init() {}
            }
            @Model final class Stop {
                var trip: Trip?
                init() {}
            }
        }
        enum Kind: String, Codable { case car, train }
        enum Plan: @preconcurrency SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [S1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """)
        #expect(reading.errors.isEmpty)
        let version = try #require(reading.versions.first)
        #expect(version.label == "S1")
        #expect(version.model == "Plan")
        let trip = try #require(version.entities.first { $0.name == "Trip" })
        #expect(trip.relationships.map(\.name) == ["stops"])
        #expect(trip.relationships.first?.isToMany == true)
        #expect(trip.attributes.map(\.name).sorted() == ["kind", "name", "tags"])
        #expect(trip.attributes.first { $0.name == "kind" }?.type == .string)
        #expect(!reading.notes.contains { $0.message.contains("cannot tell the type") }, "\(reading.notes)")
    }

    /// SwiftData links a relationship to the one model that points back, when neither names an
    /// inverse: one each way between two models is one link. Two ways from one side are not.
    @Test func aRelationshipEachWayBetweenTwoModelsIsOneLink() throws {
        let reading = readSwift("""
        @Model final class Trip {
            var name: String = ""
            var stops: [Stop]? = []
            init() {}
        }
        @Model final class Stop {
            var place: String = ""
            var trip: Trip?
            var nextTrip: Place?
            init() {}
        }
        @Model final class Place {
            var title: String = ""
            var first: Stop?
            var second: Stop?
            init() {}
        }
        """)
        #expect(reading.errors.isEmpty)
        let entities = Dictionary(uniqueKeysWithValues: (reading.versions.first?.entities ?? []).map { ($0.name, $0) })
        #expect(entities["Trip"]?.relationship(named: "stops")?.inverse == "trip")
        #expect(entities["Stop"]?.relationship(named: "trip")?.inverse == "stops")
        #expect(entities["Place"]?.relationship(named: "first")?.inverse == nil, "two relationships to Stop: SwiftData cannot tell which")
    }

    /// Which schema's declaration each listed model is: its own (nested in it or an extension of
    /// it), an earlier or later schema's, or the live type's (none) where the newest version lists
    /// it too: what `versioned-schema-not-frozen` judges. A class of no schema that only older
    /// versions list is a frozen copy (`Frozen.Old`), not recorded, however many list it.
    @Test func listedModelsDeclaredElsewhereAreRecorded() throws {
        let reading = readSwift("""
        @Model final class Live { var a: Int = 0; init() {} }
        enum Frozen {
            @Model final class Old { var a: Int = 0; init() {} }
        }
        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Tag.self, V2.Note.self, Live.self, Frozen.Old.self] }
            @Model final class Tag { var name: String = ""; init() {} }
        }
        enum V2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [V1.Tag.self, Note.self, Live.self, Frozen.Old.self] }
        }
        enum V3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [V1.Tag.self, V2.Note.self, Live.self] }
        }
        extension V2 {
            @Model final class Note { var title: String = ""; init() {} }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self, V3.self] }
            static var stages: [MigrationStage] { [] }
        }
        """)
        #expect(reading.errors.isEmpty)
        let borrowed = Dictionary(uniqueKeysWithValues: reading.versions.map { ($0.label, $0.borrowedEntities.map { "\($0.entity) \($0.owner ?? "live")" }) })
        #expect(borrowed == ["V1": ["Note V2", "Live live"], "V2": ["Tag V1", "Live live"], "V3": ["Tag V1", "Note V2", "Live live"]])
    }

    /// Two apps in one repository: the synced one's setting opens its own models, not the other
    /// app's, which says nothing about CloudKit.
    @Test func aSettingSyncsTheModelsOfItsOwnApp() throws {
        func schema(_ name: String) -> String {
            """
            enum \(name)V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [\(name)Item.self] }
                @Model final class \(name)Item { var a: Int = 0 }
            }
            enum \(name)Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [\(name)V1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """
        }
        let reading = readSwift([
            ("Synced/Synced/Persistence/Schema.swift", schema("Synced")),
            ("Synced/Synced/App/Container.swift", "let c = ModelConfiguration(cloudKitDatabase: .private(\"iCloud.synced\"))"),
            ("Local/Local/Data/Schema.swift", schema("Local")),
            ("Local/Local/App/Container.swift", "let c = ModelConfiguration(isStoredInMemoryOnly: false)"),
        ])
        #expect(reading.errors.isEmpty)
        let synced = Dictionary(reading.versions.map { ($0.label, $0.usesCloudKit) }, uniquingKeysWith: { $0 || $1 })
        #expect(synced == ["SyncedV1": true, "LocalV1": false])
    }

    /// A class the container names brings the classes its relationships reach into its store,
    /// as SwiftData's schema does: a book's tags sync with the books, and a cache beside them
    /// that no synced class reaches stays local.
    @Test func aNamedClassBringsTheClassesItsRelationshipsReach() throws {
        let models = ("Models.swift", """
        @Model final class Book {
            var title: String = ""
            @Relationship(inverse: \\Tag.books) var tags: [Tag]? = []
            init() {}
        }
        @Model final class Tag {
            var name: String = ""
            var books: [Book]? = []
            var color: Swatch?
            init() {}
        }
        @Model final class Swatch { var hex: String = ""; init() {} }
        @Model final class CacheEntry { var key: String = ""; init() {} }
        """)
        let app = ("App.swift", """
        struct Stores {
            let books = try! ModelContainer(for: Book.self, configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.books")))
            let cache = try! ModelContainer(for: CacheEntry.self, configurations: ModelConfiguration(cloudKitDatabase: .none))
        }
        """)
        let reading = readSwift([models, app])
        #expect(reading.errors.isEmpty)
        let version = try #require(reading.versions.first)
        #expect(["Book", "Tag", "Swatch"].allSatisfy { version.isSynced(entity: $0) })
        #expect(!version.isSynced(entity: "CacheEntry"))
    }

    /// A configuration given its type's static schema by its bare name (`schema: schema` inside
    /// the type) names that schema's classes: a class of no schema and no container stays local.
    @Test func aStaticSchemaNamedBareNamesItsClasses() throws {
        let models = ("Models.swift", """
        @Model final class Trip { var name: String = ""; init() {} }
        @Model final class ImportProfile { var id: UUID; init() { id = UUID() } }
        """)
        let configuration = ("Configuration.swift", """
        enum StoreConfiguration {
            static let schema = Schema([Trip.self])
            static func configuration() -> ModelConfiguration {
                ModelConfiguration("Logbook", schema: schema, cloudKitDatabase: .private("iCloud.logbook"))
            }
        }
        """)
        let version = try #require(readSwift([models, configuration]).versions.first)
        #expect(version.isSynced(entity: "Trip"))
        #expect(!version.isSynced(entity: "ImportProfile"))
    }

    /// A switch whose value is its declaration's (`static let`, or a `static var` no file sets)
    /// decides the setting: `Sync.enabled ? .private(...) : .none` with `enabled = false` is local.
    /// A switch something sets (`Sync.enabled = true`, a binding `$enabled`) may sync.
    @Test func aConstantSwitchDecidesTheSetting() throws {
        let models = ("Models.swift", """
        @Model final class Page { @Attribute(.unique) var id: UUID = UUID(); init() {} }
        """)
        func app(_ declaration: String) -> (String, String) {
            ("App.swift", """
            enum Sync { \(declaration) }
            let container = try! ModelContainer(for: Page.self, configurations: ModelConfiguration(cloudKitDatabase: Sync.enabled ? .private("iCloud.pages") : .none))
            """)
        }
        for declaration in ["static let enabled = false", "static var enabled = false"] {
            let reading = readSwift([models, app(declaration)])
            let version = try #require(reading.versions.first)
            #expect(!version.isSynced(entity: "Page"), "\(declaration)")
            #expect(!reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(declaration): \(reading.notes)")
        }
        let on = try #require(readSwift([models, app("static let enabled = true")]).versions.first)
        #expect(on.isSynced(entity: "Page"))
        for setter in ["func turnOn() { Sync.enabled = true }", "struct Toggle { var body: some View { Toggle(\"Sync\", isOn: $enabled) } }"] {
            let reading = readSwift([models, app("static var enabled = false"), ("Settings.swift", setter)])
            let version = try #require(reading.versions.first)
            #expect(version.isSynced(entity: "Page"), "\(setter)")
            // A switch the person sets syncs the store for those who turn it on: read as synced,
            // which is no reading left undecided.
            #expect(!reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(setter)")
        }
    }

    /// A setting the code computes in a way no branch says (`Sync.database(for: user)`, a
    /// ternary of two syncing databases) may sync: read as syncing, with a note that says so.
    @Test func aSettingNoBranchDecidesIsReadAsSyncingWithANote() throws {
        let models = ("Models.swift", """
        @Model final class Page { @Attribute(.unique) var id: UUID = UUID(); init() {} }
        """)
        for database in ["Sync.database(for: user)", "shared ? .private(\"iCloud.shared\") : .private(\"iCloud.pages\")"] {
            let reading = readSwift([models, ("App.swift", """
            let container = try! ModelContainer(for: Page.self, configurations: ModelConfiguration(cloudKitDatabase: \(database)))
            """)])
            #expect(try #require(reading.versions.first).isSynced(entity: "Page"), "\(database)")
            #expect(reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(database): \(reading.notes)")
        }
    }

    /// A constant switch in a conjunction with a user setting (`featureEnabled && userEnabled`)
    /// decides it where it is false (`||` where it is true), and the setting bound to a name before
    /// the configuration is that value.
    @Test func aConjunctionWithAConstantDecidesTheSetting() throws {
        let models = ("Models.swift", """
        @Model final class Stay { @Attribute(.unique) var id: UUID = UUID(); init() {} }
        """)
        func app(_ condition: String, feature: String = "false") -> (String, String) {
            ("App.swift", """
            enum AppConfig {
                static let isCloudKitFeatureEnabled = \(feature)
                static var isCloudKitSyncEnabled: Bool { UserDefaults.standard.bool(forKey: "sync") }
            }
            func makeContainer() throws -> ModelContainer {
                let database: ModelConfiguration.CloudKitDatabase =
                    (\(condition)) ? .private("iCloud.stays") : .none
                return try ModelContainer(for: Stay.self, configurations: ModelConfiguration(cloudKitDatabase: database))
            }
            """)
        }
        for condition in ["AppConfig.isCloudKitFeatureEnabled && AppConfig.isCloudKitSyncEnabled", "AppConfig.isCloudKitSyncEnabled && AppConfig.isCloudKitFeatureEnabled"] {
            let reading = readSwift([models, app(condition)])
            let version = try #require(reading.versions.first)
            #expect(!version.isSynced(entity: "Stay"), "\(condition)")
            #expect(!reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(condition): \(reading.notes)")
        }
        // Where the constant is true, the user's setting decides: undecided, read as syncing.
        let undecided = readSwift([models, app("AppConfig.isCloudKitFeatureEnabled && AppConfig.isCloudKitSyncEnabled", feature: "true")])
        #expect(try #require(undecided.versions.first).isSynced(entity: "Stay"))
        #expect(!undecided.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(undecided.notes)")
        let either = readSwift([models, app("AppConfig.isCloudKitSyncEnabled || AppConfig.isCloudKitFeatureEnabled", feature: "true")])
        #expect(try #require(either.versions.first).isSynced(entity: "Stay"))
        #expect(!either.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(either.notes)")
    }

    /// A switch that is a parameter of the initializer around the setting takes what its callers
    /// pass: a flag declared `false` in a file of its own, or the parameter's default, keeps the
    /// store local; one caller passing `true` syncs it; a caller passing what the code does not
    /// fix (a user default) leaves it undecided, read as syncing with a note.
    @Test func aSwitchPassedByEveryCallerDecidesTheSetting() throws {
        let models = ("Models.swift", """
        @Model final class Page { @Attribute(.unique) var id: UUID = UUID(); init() {} }
        """)
        let provider = ("DataProvider.swift", """
        final class DataProvider {
            let container: ModelContainer
            init(inMemory: Bool = false, enableCloudKit: Bool = false) {
                let configuration = ModelConfiguration(isStoredInMemoryOnly: inMemory, cloudKitDatabase: enableCloudKit ? .private("iCloud.pages") : .none)
                container = try! ModelContainer(for: Page.self, configurations: configuration)
            }
        }
        """)
        // The callers and the flags are in files the reader does not claim: it looks them up.
        func read(_ callers: String, flags: String = "struct Flags { static var cloudKit = false }") throws -> ModelSourceReading {
            let folder = try TemporaryFolder()
            var options = ModelSourceReadingOptions()
            options.unclaimedFiles = [try folder.write(callers, to: "Callers.swift"), try folder.write(flags, to: "Flags.swift")].sorted()
            return SwiftDataReader().read(sources: [models, provider].map { ($0.0, Array($0.1.utf8)) }, options: options)
        }
        for callers in [
            "extension DataProvider { static let shared = DataProvider(enableCloudKit: Flags.cloudKit); static let preview = DataProvider(inMemory: true) }",
            "let shared = DataProvider(inMemory: false, enableCloudKit: !true)",
            "let shared = DataProvider()",
        ] {
            let reading = try read(callers)
            let version = try #require(reading.versions.first)
            #expect(!version.isSynced(entity: "Page"), "\(callers)")
            #expect(!reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(callers): \(reading.notes)")
        }
        let on = try read("let shared = DataProvider(enableCloudKit: Flags.cloudKit); let preview = DataProvider(inMemory: true)", flags: "enum Flags { static let cloudKit = true }")
        #expect(try #require(on.versions.first).isSynced(entity: "Page"))
        #expect(!on.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(on.notes)")
        for undecided in [
            "let shared = DataProvider(enableCloudKit: UserDefaults.standard.bool(forKey: \"sync\"))",
            "let shared = DataProvider(enableCloudKit: Flags.cloudKit); func turnOn() { Flags.cloudKit = true }",
        ] {
            let reading = try read(undecided)
            #expect(try #require(reading.versions.first).isSynced(entity: "Page"), "\(undecided)")
            #expect(!reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(undecided): \(reading.notes)")
        }
    }

    /// A setting that is a parameter of the function around it (`cloudKitDatabase:
    /// cloudKitDatabase`) takes what its callers pass, through other functions' parameters: `.none`
    /// from every caller keeps the store local; a choice between `.private` and `.none` in one
    /// caller syncs it, whatever another passes that the code does not fix; with no caller that
    /// syncs and one the code does not fix, it stays undecided, read as syncing with a note.
    @Test func aDatabaseParameterTakesWhatItsCallersPass() throws {
        let models = ("Models.swift", """
        @Model final class Recipe { @Attribute(.unique) var id: UUID = UUID(); init() {} }
        """)
        let factory = ("Factory.swift", """
        enum Factory {
            static func make(cloudKitDatabase: ModelConfiguration.CloudKitDatabase = .none) throws -> ModelContainer {
                try ModelContainer(for: Recipe.self, configurations: .init(cloudKitDatabase: cloudKitDatabase))
            }
            static func appContainer(cloudKitDatabase: ModelConfiguration.CloudKitDatabase) throws -> ModelContainer {
                try make(cloudKitDatabase: cloudKitDatabase)
            }
        }
        """)
        func read(_ callers: String) throws -> ModelSourceReading {
            let folder = try TemporaryFolder()
            var options = ModelSourceReadingOptions()
            options.unclaimedFiles = [try folder.write(callers, to: "Callers.swift")]
            return SwiftDataReader().read(sources: [models, factory].map { ($0.0, Array($0.1.utf8)) }, options: options)
        }
        let local = try read("let shared = try! Factory.make(); let app = try! Factory.appContainer(cloudKitDatabase: .none)")
        #expect(!(try #require(local.versions.first).isSynced(entity: "Recipe")))
        #expect(!local.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(local.notes)")
        let synced = try read("""
        func load(isOn: Bool, other: ModelConfiguration.CloudKitDatabase) throws {
            let database: ModelConfiguration.CloudKitDatabase = isOn ? .private("iCloud.recipes") : .none
            _ = try Factory.appContainer(cloudKitDatabase: database)
            _ = try Factory.make(cloudKitDatabase: other)
        }
        """)
        #expect(try #require(synced.versions.first).isSynced(entity: "Recipe"))
        #expect(!synced.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(synced.notes)")
        let undecided = try read("func load(other: ModelConfiguration.CloudKitDatabase) throws { _ = try Factory.make(); _ = try Factory.make(cloudKitDatabase: Settings.database(other)) }")
        #expect(try #require(undecided.versions.first).isSynced(entity: "Recipe"))
        #expect(undecided.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(undecided.notes)")
    }

    /// A setting bound to a name declared in each clause of `#if targetEnvironment(simulator)`
    /// (or `#if DEBUG`) and its `#else` is the value of the `#else`, the builds people run.
    @Test func aSettingDeclaredPerBuildIsTheShippedBuilds() throws {
        let models = ("Models.swift", """
        @Model final class Tank { @Attribute(.unique) var id: UUID = UUID(); init() {} }
        """)
        for (flag, shipped, synced) in [("targetEnvironment(simulator)", ".private(\"iCloud.tanks\")", true), ("DEBUG", ".none", false)] {
            let other = synced ? ".none" : ".private(\"iCloud.tanks\")"
            let reading = readSwift([models, ("App.swift", """
            func makeContainer() throws -> ModelContainer {
                #if \(flag)
                let database: ModelConfiguration.CloudKitDatabase = \(other)
                #else
                let database: ModelConfiguration.CloudKitDatabase = \(shipped)
                #endif
                return try ModelContainer(for: Tank.self, configurations: ModelConfiguration(cloudKitDatabase: database))
            }
            """)])
            #expect(try #require(reading.versions.first).isSynced(entity: "Tank") == synced, "\(flag)")
            #expect(!reading.notes.map(\.message).contains { $0.hasPrefix("cannot tell statically") }, "\(flag): \(reading.notes)")
        }
    }

    /// A container's schema held in a stored property of the type around it, written through an
    /// alias that another namespace also declares (`Cards.ActiveSchema`, `ActiveSchema`): the
    /// setting opens the schema the alias means there. A schema no plan lists is not read, so the
    /// setting syncs none of the models read, rather than the nearest.
    @Test func aSettingOpensTheSchemaItsTypesPropertyMeans() throws {
        let app = ("AppSchemas.swift", """
        enum Schemas {
            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { @Attribute(.unique) var identifier: String; init(identifier: String) { self.identifier = identifier } }
            }
        }
        typealias ActiveSchema = Schemas.V1
        enum AppPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [Schemas.V1.self] }
            static var stages: [MigrationStage] { [] }
        }
        let currentSchema = Schema(versionedSchema: ActiveSchema.self)
        """)
        let cards = ("CardStore.swift", """
        enum Cards {
            typealias ActiveSchema = V1
            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card { var front: String = ""; init() {} }
            }
        }
        final class CardStore {
            let container: ModelContainer
            private let currentSchema = Schema(versionedSchema: Cards.ActiveSchema.self)
            init() throws {
                let configuration = ModelConfiguration("cards", cloudKitDatabase: .private("iCloud.cards"))
                container = try ModelContainer(for: currentSchema, configurations: configuration)
            }
        }
        """)
        let reading = readSwift([app, cards])
        let version = try #require(reading.versions.first { $0.label == "V1" && $0.entities.contains { $0.name == "Item" } })
        #expect(!version.isSynced(entity: "Item"), "\(reading.versions.map(\.label))")
    }

    /// A setting applies to the models the code around it names: a cache opened with `.none`
    /// stays local beside models a setting that may sync opens, in one history or in two.
    @Test func aSettingAppliesToTheModelsItsContainerNames() throws {
        let models = ("Models.swift", """
        @Model final class Note { var title: String = ""; init() {} }
        @Model final class CacheEntry { @Attribute(.unique) var key: String = ""; init() {} }
        """)
        let app = ("App.swift", """
        struct Stores {
            let notes = try! ModelContainer(for: Note.self, configurations: ModelConfiguration(cloudKitDatabase: enableSync ? .private("iCloud.notes") : .none))
            func cache() -> ModelContainer {
                let configuration = ModelConfiguration("Cache", schema: Schema([CacheEntry.self]), cloudKitDatabase: .none)
                return try! ModelContainer(for: CacheEntry.self, configurations: configuration)
            }
        }
        """)
        let reading = readSwift([models, app])
        #expect(reading.errors.isEmpty)
        let version = try #require(reading.versions.first)
        #expect(!version.usesCloudKit)
        #expect(version.isSynced(entity: "Note"))
        #expect(!version.isSynced(entity: "CacheEntry"))

        // A container whose code names no model applies to the nearest models, but not to what
        // a `.none` setting names.
        let elsewhere = ("App.swift", """
        let synced = ModelConfiguration(cloudKitDatabase: .private("iCloud.notes"))
        let cache = try! ModelContainer(for: CacheEntry.self, configurations: ModelConfiguration(cloudKitDatabase: .none))
        """)
        let nearest = try #require(readSwift([models, elsewhere]).versions.first)
        #expect(nearest.isSynced(entity: "Note") && !nearest.isSynced(entity: "CacheEntry"))

        // A schema handed to a factory names the classes where it is built; a class no code
        // names (the template's `Item` left beside the app's models) is in no store.
        let template = ("Item.swift", """
        @Model final class Item { var timestamp: Date; init(timestamp: Date) { self.timestamp = timestamp } }
        """)
        let factory = ("App.swift", """
        enum Containers {
            static func make(schema: Schema) throws -> ModelContainer {
                try ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema, cloudKitDatabase: .private("iCloud.notes"))])
            }
        }
        struct NotesApp { let container = try? Containers.make(schema: Schema([Note.self])) }
        """)
        let unnamed = try #require(readSwift([models, template, factory]).versions.first)
        #expect(unnamed.isSynced(entity: "Note"))
        #expect(!unnamed.isSynced(entity: "Item"))

        // One container of several stores: each configuration's schema names its models.
        let stores = ("App.swift", """
        let container: ModelContainer = {
            let synced = ModelConfiguration("Synced", schema: Schema([Note.self]), cloudKitDatabase: .private("iCloud.notes"))
            let local = ModelConfiguration("Local", schema: Schema([CacheEntry.self]), cloudKitDatabase: .none)
            return try! ModelContainer(for: Schema([Note.self, CacheEntry.self]), configurations: [synced, local])
        }()
        """)
        let split = try #require(readSwift([models, stores]).versions.first)
        #expect(split.isSynced(entity: "Note") && !split.isSynced(entity: "CacheEntry"))

        // The schemas' models listed in local names first, one setting undecidable.
        let listed = ("App.swift", """
        struct AppStores {
            init(enableSync: Bool) throws {
                let syncedModels: [any PersistentModel.Type] = [Note.self]
                let localModels: [any PersistentModel.Type] = [CacheEntry.self]
                let allModels = syncedModels + localModels
                let synced = ModelConfiguration("Main", schema: Schema(syncedModels), cloudKitDatabase: enableSync ? .private("iCloud.notes") : .none)
                let local = ModelConfiguration("Local", schema: Schema(localModels), cloudKitDatabase: .none)
                _ = try ModelContainer(for: Schema(allModels), configurations: [synced, local])
            }
        }
        """)
        let byName = try #require(readSwift([models, listed]).versions.first)
        #expect(byName.isSynced(entity: "Note") && !byName.isSynced(entity: "CacheEntry"))

        // Each schema kept in a static property, one of another type in another file.
        let cacheSchema = ("CacheSchema.swift", """
        enum CacheSchema {
            static var schema: Schema { Schema([CacheEntry.self]) }
        }
        """)
        let properties = ("Persistence.swift", """
        final class Persistence {
            static let schema = Schema([Note.self])
            func makeContainer(sync: Bool) throws -> ModelContainer {
                let configuration = ModelConfiguration("Main", schema: Self.schema, cloudKitDatabase: sync ? .private("iCloud.notes") : .none)
                return try ModelContainer(for: Self.schema, configurations: [configuration])
            }
            func makeCache(at url: URL) throws -> ModelContainer {
                let configuration = ModelConfiguration("Cache", schema: CacheSchema.schema, url: url, cloudKitDatabase: .none)
                return try ModelContainer(for: CacheSchema.schema, configurations: [configuration])
            }
        }
        """)
        let byProperty = try #require(readSwift([models, cacheSchema, properties]).versions.first)
        #expect(byProperty.isSynced(entity: "Note") && !byProperty.isSynced(entity: "CacheEntry"))
    }

    /// A test target's schemas (copies of shipped versions, to test a migration) are not the app's:
    /// a file that imports XCTest or Testing is not read for models.
    @Test func schemasOfTestsAreNotTheAppsModels() throws {
        let app = ("App/Schemas.swift", """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { var title: String = ""; init() {} }
        }
        """)
        let test = ("AppTests/MigrationTests.swift", """
        import Testing
        import SwiftData
        @testable import App
        private enum ShippedV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { var title: String = ""; init() {} }
        }
        private enum ShippedPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ShippedV1.self, SchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """)
        let reading = readSwift([app, test])
        #expect(reading.errors.isEmpty)
        #expect(reading.versions.map(\.label) == ["SchemaV1"])
    }

    /// An identifier schemalint cannot read (computed, or the `String` of the SDK's betas) leaves
    /// the order to the plan's `schemas`, with a warning at each, and the versions are linted.
    @Test func anUnreadableVersionIdentifierFollowsThePlansOrder() {
        let reading = readSwift("""
        enum Old: VersionedSchema {
            static var versionIdentifier = "DataModel-10"
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0 }
        }
        enum New: VersionedSchema {
            static var versionIdentifier = Schema.Version(major, 0, 0)
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0; var b: Int = 0 }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [Old.self, New.self] }
            static var stages: [MigrationStage] { [] }
        }
        """, name: "S.swift")
        #expect(reading.errors.isEmpty)
        #expect(reading.versions.map(\.label) == ["Old", "New"])
        #expect(reading.versions.map(\.version.text) == ["1", "2"])
        #expect(reading.notes.map(\.description) == [
            "S.swift:2:16: warning: cannot read this versionIdentifier (schemalint reads `Schema.Version(1, 0, 0)` with integer literals): the versions of 'Plan' are ordered as the `schemas` of 'Plan' lists them",
            "S.swift:7:16: warning: cannot read this versionIdentifier (schemalint reads `Schema.Version(1, 0, 0)` with integer literals): the versions of 'Plan' are ordered as the `schemas` of 'Plan' lists them",
        ])
    }

    /// With no plan, the schemas' names order them (`V2` before `V10`).
    @Test func anUnreadableVersionIdentifierWithNoPlanFollowsTheNames() {
        let reading = readSwift("""
        enum NotesV10: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0; var b: Int = 0 }
        }
        enum NotesV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(two, 0, 0)
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0 }
        }
        """, name: "S.swift")
        #expect(reading.errors.isEmpty)
        #expect(reading.versions.map(\.label) == ["NotesV2", "NotesV10"])
        #expect(reading.notes.map(\.message).contains("cannot read this versionIdentifier (schemalint reads `Schema.Version(1, 0, 0)` with integer literals): the versions of 'Notes' are ordered by their names"))
    }

    /// Swift that compiles is never refused: a model declared where schemalint does not read is a
    /// warning, and the history is left out rather than read with that model missing (which would
    /// report it removed).
    @Test func anUnknownModelIsAWarningAndItsHistoryIsLeftOut() {
        let reading = readSwift("""
        enum S1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Missing.self, M.self] }
            @Model final class M { var a: Int = 0 }
        }
        enum S2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [M.self] }
            @Model final class M { var a: Int = 0 }
        }
        """, name: "S1.swift")
        #expect(reading.errors.isEmpty)
        #expect(reading.versions.isEmpty)
        #expect(reading.notes.map(\.description) == ["S1.swift:3:54: warning: cannot find 'Missing' of the models of 'S1' among the @Model classes in the files read: the versions of 'S' are not linted, since this one would lack it"])
    }

    /// `typealias CurrentSchema = Version4Schema` with the models declared in extensions of the
    /// alias in other files: the models are the schema's.
    @Test func modelsDeclaredInExtensionsOfASchemaAliasAreTheSchemas() {
        let reading = readSwift([
            ("Schema.swift", """
            typealias CurrentSchema = Version2Schema
            enum Version1Schema: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Recipe.self] }
                @Model final class Recipe { var name: String = "" }
            }
            enum Version2Schema: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Recipe.self, Ingredient.self] }
            }
            """),
            ("Recipe.swift", """
            extension CurrentSchema {
                @Model final class Recipe {
                    var name: String = ""
                    var ingredients: [Ingredient]? = []
                }
            }
            """),
            ("Ingredient.swift", """
            extension CurrentSchema {
                @Model final class Ingredient { var amount: Double = 0 }
            }
            """),
        ])
        #expect(reading.errors.isEmpty)
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        let newest = reading.versions.last
        #expect(reading.versions.map(\.label) == ["Version1Schema", "Version2Schema"])
        #expect(newest?.entities.map(\.name).sorted() == ["Ingredient", "Recipe"])
        #expect(newest?.entities.first { $0.name == "Recipe" }?.relationships.map(\.destination) == ["Ingredient"])
    }

    /// In a schema's static members `self.Note` and `Self.Note` are the schema's own nested class,
    /// as `Note` is.
    @Test func modelsListedThroughSelfAreTheSchemasNestedClasses() {
        let reading = readSwift([
            ("Schema.swift", """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier: Schema.Version { .init(1, 0, 0) }
                static var models: [any PersistentModel.Type] { [self.Note.self] }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
                static var models: [any PersistentModel.Type] { [Self.Note.self, Self.Tag.self] }
            }
            """),
            ("Models.swift", """
            extension SchemaV1 {
                @Model final class Note { var text: String? = nil }
            }
            extension SchemaV2 {
                @Model final class Note { var text: String? = nil }
                @Model final class Tag { var name: String = "" }
            }
            """),
        ])
        #expect(reading.errors.isEmpty)
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        #expect(reading.versions.map(\.label) == ["SchemaV1", "SchemaV2"])
        #expect(reading.versions.map { $0.entities.map(\.name).sorted() } == [["Note"], ["Note", "Tag"]])
    }

    @Test func modelsBuiltFromAnotherSchemasOrATypesListAreFollowed() throws {
        let reading = readSwift([
            ("Schema.swift", """
            enum AllModels {
                static let models: [any PersistentModel.Type] = [Note.self, Tag.self, Link.self]
            }
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self, Tag.self] }
            }
            enum SchemaV1_5: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 5, 0)
                static var models: [any PersistentModel.Type] { SchemaV1.models + [Link.self] }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { AllModels.models }
            }
            """),
            ("Models.swift", """
            @Model final class Note { var text: String? = nil }
            @Model final class Tag { var name: String = "" }
            @Model final class Link { var url: URL? = nil }
            """),
        ])
        #expect(reading.errors.isEmpty)
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        #expect(reading.versions.map(\.label) == ["SchemaV1", "SchemaV1_5", "SchemaV2"])
        #expect(reading.versions.map { $0.entities.map(\.name).sorted() } == [["Note", "Tag"], ["Link", "Note", "Tag"], ["Link", "Note", "Tag"]])
        // The live classes SchemaV1_5 lists through SchemaV1's list are listed where it names that list.
        let borrowed = try #require(reading.version("SchemaV1_5")?.borrowedEntities)
        #expect(borrowed.map(\.entity).sorted() == ["Link", "Note", "Tag"])
        #expect(borrowed.first { $0.entity == "Note" }.map { ($0.location.line, $0.location.column) } ?? (0, 0) == (10, 53))
        #expect(borrowed.first { $0.entity == "Link" }.map { ($0.location.line, $0.location.column) } ?? (0, 0) == (10, 72))
    }

    @Test func schemasAndAPlanDeclaredAsActorsAreRead() throws {
        let reading = readSwift([
            ("Schema.swift", """
            actor SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String? = nil }
            }
            actor SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String? = nil; var pinned: Bool = false }
            }
            actor Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] { [] }
            }
            """),
        ])
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.versions.map(\.label) == ["SchemaV1", "SchemaV2"])
        #expect(reading.versions.last?.entities.first?.attributes.map(\.name).sorted() == ["pinned", "text"])
    }

    /// Apps that add one model a version write each schema's list as the one before plus the new
    /// class, so the newest list is reached through every earlier one.
    @Test func aChainOfSchemasEachBuiltOnTheOneBeforeIsFollowedToItsFirst() throws {
        let count = 12
        let schemas = (1...count).map { version in
            let list = version == 1 ? "[Model1.self]" : "SchemaV\(version - 1).models + [Model\(version).self]"
            return """
                enum SchemaV\(version): VersionedSchema {
                    static var versionIdentifier = Schema.Version(\(version), 0, 0)
                    static var models: [any PersistentModel.Type] { \(list) }
                }
                """
        }
        let models = (1...count).map { "@Model final class Model\($0) { var name: String? = nil }" }
        let reading = readSwift([
            ("Schema.swift", schemas.joined(separator: "\n")),
            ("Models.swift", models.joined(separator: "\n")),
        ])
        #expect(reading.errors.isEmpty)
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        #expect(reading.versions.count == count)
        #expect(reading.versions.last?.entities.count == count)
    }

    @Test func modelsFromAListItCannotReadLeaveTheHistoryUnlinted() throws {
        let reading = readSwift([
            ("Schema.swift", """
            let everyModel: [any PersistentModel.Type] = [Note.self, Tag.self]
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self, Tag.self] }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { everyModel }
            }
            """),
            ("Models.swift", """
            @Model final class Note { var text: String? = nil }
            @Model final class Tag { var name: String = "" }
            """),
        ])
        #expect(reading.errors.isEmpty)
        // Read as no models, SchemaV2 would remove both: the history is left out, and says why.
        #expect(reading.versions.isEmpty)
        let note = try #require(reading.notes.first)
        #expect(note.message.hasPrefix("cannot read what 'everyModel' adds to the models of 'SchemaV2'"))
        #expect(note.location.line == 8)
    }

    /// Lists of lists flattened by a library method that keeps every element (`flatMap { $0 }`,
    /// `flatMap(\.self)`, `joined()`) are the lists' elements; one that may drop some (`filter`)
    /// is not read.
    @Test func listsOfListsFlattenedAreRead() throws {
        func reading(_ models: String) -> ModelSourceReading {
            readSwift([
                ("Schema.swift", """
                enum Common {
                    static let shared: [any PersistentModel.Type] = [Note.self]
                }
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { \(models) }
                }
                """),
                ("Models.swift", """
                @Model final class Note { var text: String? = nil }
                @Model final class Tag { var name: String = "" }
                """),
            ])
        }
        for models in ["[Common.shared, [Tag.self]].flatMap { $0 }", "[Common.shared, [Tag.self]].flatMap(\\.self)", "Array([Common.shared, [Tag.self]].joined())"] {
            let read = reading(models)
            #expect(read.notes.isEmpty, "\(models): \(read.notes)")
            #expect(read.versions.first?.entities.map(\.name).sorted() == ["Note", "Tag"], "\(models)")
        }
        let filtered = reading("[Common.shared, [Tag.self]].flatMap { $0 }.filter { $0 != Tag.self }")
        #expect(filtered.notes.first?.message.hasPrefix("cannot read what") == true, "\(filtered.notes)")
    }

    @Test func modelsAppendedToAListOfTheBodysOwnAndPlatformClausesAreRead() throws {
        let reading = readSwift([
            ("Schema.swift", """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] {
                    var allModels: [any PersistentModel.Type] = [Session.self]
                    #if os(iOS)
                    allModels.append(Analysis.self)
                    #endif
                    return allModels
                }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] {
                    var allModels = SchemaV1.models
                    #if !os(watchOS) && canImport(UIKit)
                    allModels += [Goal.self]
                    #elseif DEBUG
                    allModels.append(contentsOf: [DebugOnly.self])
                    #endif
                    return allModels
                }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] {
                    #if os(watchOS)
                    return [SchemaV2.self]
                    #else
                    return [SchemaV1.self, SchemaV2.self]
                    #endif
                }
                static var stages: [MigrationStage] { [] }
            }
            """),
            ("Models.swift", """
            @Model final class Session { var name: String? = nil }
            @Model final class Analysis { var name: String? = nil }
            @Model final class Goal { var name: String? = nil }
            @Model final class DebugOnly { var name: String? = nil }
            """),
        ])
        #expect(reading.errors.isEmpty)
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        // The iPhone app's clauses: the watch's list is not read beside the other.
        #expect(reading.versions.map(\.label) == ["SchemaV1", "SchemaV2"])
        #expect(reading.versions.map { $0.entities.map(\.name).sorted() } == [["Analysis", "Session"], ["Analysis", "Goal", "Session"]])
    }

    @Test func buildConditionsAreDecidedForTheIPhoneAppsReleaseBuildOrLeftOpen() throws {
        func clauses(_ source: String) -> [String] {
            let file = Parser.parse(source: source)
            guard let conditional = file.statements.first?.item.as(IfConfigDeclSyntax.self) else { return [] }
            return CompiledClauses.of(conditional).map { $0.condition?.trimmedDescription ?? "else" }
        }
        #expect(clauses("#if os(iOS)\na()\n#endif") == ["os(iOS)"])
        #expect(clauses("#if os(watchOS)\na()\n#else\nb()\n#endif") == ["else"])
        #expect(clauses("#if DEBUG\na()\n#elseif targetEnvironment(simulator)\nb()\n#endif").isEmpty)
        // What the source cannot say (a flag of the team's, the Mac) leaves its clause and those after it.
        #expect(clauses("#if BETA\na()\n#else\nb()\n#endif") == ["BETA", "else"])
        #expect(clauses("#if os(macOS)\na()\n#elseif os(iOS)\nb()\n#else\nc()\n#endif") == ["os(macOS)", "os(iOS)"])
        #expect(clauses("#if os(macOS) || os(iOS)\na()\n#endif") == ["os(macOS) || os(iOS)"])
        #expect(clauses("#if !(os(tvOS) || os(watchOS)) && swift(>=5.9)\na()\n#endif") == ["!(os(tvOS) || os(watchOS)) && swift(>=5.9)"])
        #expect(clauses("#if os(macOS) && canImport(AppKit)\na()\n#else\nb()\n#endif") == ["os(macOS) && canImport(AppKit)", "else"])
    }

    @Test func swiftThatDoesNotParseIsAnInputErrorWithAPosition() {
        let reading = readSwift("""
        enum S1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            @Model final class M {
                var a: Int = = 0
            }
        }
        """, name: "Broken.swift")
        #expect(reading.versions.isEmpty)
        #expect(reading.errors.count == 1)
        #expect(reading.errors.first?.file == "Broken.swift")
        #expect(reading.errors.first?.line == 4)
        #expect(reading.errors.first?.message.hasPrefix("this Swift source does not parse") == true)
    }

    /// A file that only uses a container (a view, a test of the store) and does not parse is no
    /// model source: it is left out with a warning at its position, and the models are read.
    @Test func swiftThatDoesNotParseAndDeclaresNoModelIsLeftOutWithAWarning() throws {
        let models = ("Models.swift", "@Model final class Note { var title: String = \"\"; init() {} }\n")
        for (name, text, reason) in [
            ("StoreTests.swift", "import XCTest\nfinal class StoreTests: XCTestCase {\n    func testLoad() {\n        let container = Stack.makeModelContainer(inMemory: true)\n", "it is test code"),
            ("NotesView.swift", "import SwiftUI\nstruct NotesView: View {\n    var body: some View { Text(\"x\").modelContainer(for: Note.self\n", "it declares no model"),
        ] {
            let reading = readSwift([models, (name, text)])
            #expect(reading.errors.isEmpty, "\(name): \(reading.errors)")
            #expect(try #require(reading.versions.first).entities.map(\.name) == ["Note"])
            let note = try #require(reading.notes.first { $0.location.file == name }, "\(name): \(reading.notes)")
            #expect(note.message.hasPrefix("this Swift source does not parse") && note.message.contains(reason), "\(note.message)")
            #expect(!note.isDetail)
        }
    }

    @Test func bytesThatAreNotSwiftNeverCrash() {
        for text in ["", "\u{0}\u{1}\u{2}", "@Model", "enum E: VersionedSchema {", String(repeating: "(", count: 5000), "@Model class { var : = }"] {
            let reading = readSwift(text)
            #expect(reading.versions.isEmpty)
        }
    }

    /// A file claimed for its `typealias` alone is read only beside files that declare models: an
    /// app without SwiftData has typealiases too, and they cost a parse each. Its broken line shows
    /// whether it was read (a warning: it declares no model).
    @Test func aTypealiasFileIsReadOnlyBesideModelDeclarations() {
        let alias = ("Aliases.swift", "typealias Handler = (Int) -> Void\nlet broken = (1,\n")
        #expect(readSwift([alias]).notes.filter { $0.location.file == "Aliases.swift" } == [])
        let model = ("Card.swift", "import SwiftData\n@Model final class Card { var name: String = \"\" }\n")
        let reading = readSwift([alias, model])
        #expect(reading.errors == [])
        #expect(reading.notes.filter { $0.location.file == "Aliases.swift" }.map { $0.message.hasPrefix("this Swift source does not parse") } == [true])
    }

    @Test func filesAreClaimedOnlyWhenTheyMentionModels() throws {
        let folder = try TemporaryFolder()
        let reader = SwiftDataReader()
        #expect(reader.claims(file: try folder.write("@Model final class A {}", to: "A.swift")))
        #expect(reader.claims(file: try folder.write("enum V: VersionedSchema {}", to: "V.swift")))
        #expect(reader.claims(file: try folder.write("let c = ModelConfiguration(cloudKitDatabase: .none)", to: "App.swift")))
        #expect(reader.claims(file: try folder.write("typealias Card = PackSchemaV2.Card", to: "Card.swift")))
        #expect(!reader.claims(file: try folder.write("struct View { var body: Int }", to: "View.swift")))
        #expect(!reader.claims(file: try folder.write("@Model final class A {}", to: "A.txt")))
    }

    /// A shape from a real app: the current models are named by typealiases in a file of their
    /// own, and a top-level model (outside the schemas) relates to a schema's model through one.
    static let packFiles = [
        ("Schema.swift", """
        import SwiftData

        enum PackSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Card.self, Die.self] }
        }

        extension PackSchemaV1 {
            @Model final class Card {
                var title: String = ""
                @Relationship(inverse: \\Die.cards) var dice: [Die] = []
                init() {}
            }
        }
        """),
        ("Die.swift", """
        import SwiftData

        @Model
        class Die {
            var face: Int = 1
            var cards: [CardModel] = []
            init() {}
        }
        """),
        ("Card.swift", """
        import Foundation

        typealias CardModel = PackSchemaV1.Card
        """),
    ]

    @Test func aTypealiasInAFileOfItsOwnResolvesTheOtherSide() throws {
        let reading = readSwift(Self.packFiles)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        let version = try #require(reading.version("PackSchemaV1"))
        let cards = try #require(version.entity(named: "Die")?.relationship(named: "cards"))
        #expect(cards.destination == "Card" && cards.isToMany && cards.inverse == "dice")
        #expect(version.entity(named: "Card")?.relationship(named: "dice")?.inverse == "cards")
    }

    @Test func anInverseToASideNotReadIsLeftOutWithAWarning() throws {
        // Without the typealias's file, `[CardModel]` cannot be resolved: Swift compiles it, so the
        // inverse that names it is dropped with a warning, not refused.
        let reading = readSwift(Array(Self.packFiles.dropLast()))
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        let version = try #require(reading.version("PackSchemaV1"))
        #expect(version.entity(named: "Card")?.relationship(named: "dice")?.inverse == nil)
        #expect(version.entity(named: "Die")?.attribute(named: "cards")?.type == .transformable)
        #expect(reading.notes.map(\.message).contains("the inverse 'cards' of 'Card.dice' is no relationship schemalint could read in 'Die': read without an inverse"), "\(reading.notes)")
        #expect(reading.notes.contains { $0.location.file == "Die.swift" && $0.message.hasPrefix("'[CardModel]' is a collection of values") }, "\(reading.notes)")
    }

    /// One side names the other as its inverse; the other names an attribute (`\Plan.id`), which
    /// is no relationship back: the pair is one link, as the first side says.
    @Test func anInverseThatNamesAnAttributeGivesWayToTheOtherSides() throws {
        let reading = readSwift("""
        import SwiftData
        import Foundation
        @Model final class Plan {
            var id: String = ""
            @Relationship(deleteRule: .cascade, inverse: \\Bill.plan) var bills: [Bill]?
            init() {}
        }
        @Model final class Bill {
            @Relationship(inverse: \\Plan.id) var plan: Plan?
            init() {}
        }
        """)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        let version = try #require(reading.versions.first)
        #expect(version.entity(named: "Bill")?.relationship(named: "plan")?.inverse == "bills")
        #expect(version.entity(named: "Plan")?.relationship(named: "bills")?.inverse == "plan")
        #expect(reading.notes.isEmpty, "\(reading.notes)")
    }

    @Test func twoClassesOfOneNameInOneVersionAreAnInputError() {
        // Every loader's checks hold for Swift too: one version cannot hold two entities 'Note'.
        let reading = readSwift("""
        import SwiftData
        enum A { @Model final class Note { var title: String = ""; init() {} } }
        enum B { @Model final class Note { var body: String = ""; init() {} } }
        enum NotesSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [A.Note.self, B.Note.self] }
        }
        """)
        #expect(reading.errors.map(\.message) == ["'B.Note' and 'A.Note' in the models of 'NotesSchemaV1' are both the entity 'Note': SwiftData names an entity after its class"])
        #expect(reading.errors.first?.line == 6)
    }

    @Test func aPlanWithAStageForEveryStepMigratesStepByStep() throws {
        func reading(stages: String) throws -> [Bool] {
            let text = (1...3).map { version in """
            enum BookSchemaV\(version): VersionedSchema {
                static var versionIdentifier = Schema.Version(\(version), 0, 0)
                static var models: [any PersistentModel.Type] { [Book.self] }
                @Model final class Book { var title: String = ""; init() {} }
            }
            """ }.joined(separator: "\n") + """

            enum BookMigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [BookSchemaV1.self, BookSchemaV2.self, BookSchemaV3.self] }
                static var stages: [MigrationStage] { [\(stages)] }
            }
            """
            let result = readSwift(text)
            #expect(result.errors.isEmpty, "\(result.errors)")
            return result.versions.map(\.migratesStepByStep)
        }
        let both = ".lightweight(fromVersion: BookSchemaV1.self, toVersion: BookSchemaV2.self), .custom(fromVersion: BookSchemaV2.self, toVersion: BookSchemaV3.self, willMigrate: nil, didMigrate: nil)"
        #expect(try reading(stages: both) == [true, true, true])
        // Without a stage from V2 to V3, SwiftData may migrate a V1 store to V3 in one go.
        #expect(try reading(stages: ".lightweight(fromVersion: BookSchemaV1.self, toVersion: BookSchemaV2.self)") == [false, false, false])
    }
    // Apps that keep each step in a type of its own (a `MigrationStep` protocol of their own) list
    // `MigrateToV2.toVersion` in `schemas` and `MigrateToV2.stage` in `stages`.
    static let stepTypes: [(String, String)] = [
        ("Schemas.swift", (1...3).map { version in """
        enum ShelfSchemaV\(version): VersionedSchema {
            static let versionIdentifier = Schema.Version(\(version), 0, 0)
            static var models: [any PersistentModel.Type] { [Shelf.self] }
            @Model final class Shelf { var title: String = ""\(version > 1 ? "; var width: Double = 0" : ""); init() {} }
        }
        """ }.joined(separator: "\n")),
        ("Steps.swift", """
        protocol MigrationStep {
            static var toVersion: any VersionedSchema.Type { get }
            static var stage: MigrationStage { get }
        }
        enum MigrateToV2: MigrationStep {
            static let toVersion: any VersionedSchema.Type = ShelfSchemaV2.self
            static let stage = MigrationStage.custom(fromVersion: ShelfSchemaV1.self, toVersion: toVersion, willMigrate: nil, didMigrate: nil)
        }
        enum MigrateToV3: MigrationStep {
            static var toVersion: any VersionedSchema.Type { ShelfSchemaV3.self }
            static var stage: MigrationStage { .lightweight(fromVersion: MigrateToV2.toVersion, toVersion: Self.toVersion) }
        }
        """),
        ("Plan.swift", """
        enum ShelfMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, MigrateToV2.toVersion, MigrateToV3.toVersion] }
            static var stages: [MigrationStage] { [MigrateToV2.stage, MigrateToV3.stage] }
        }
        """),
    ]

    @Test func schemasAndStagesKeptInStepTypesAreFollowed() throws {
        let reading = readSwift(Self.stepTypes)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        #expect(reading.versions.map(\.label) == ["ShelfSchemaV1", "ShelfSchemaV2", "ShelfSchemaV3"])
        #expect(reading.versions.map(\.migratesStepByStep) == [true, true, true])
        let migrations = try #require(reading.writtenMigrations["swiftdata:ShelfMigrationPlan"])
        #expect(migrations.map { "\($0.from) \($0.to)" } == ["ShelfSchemaV1 ShelfSchemaV2"])
        #expect(migrations.first?.location == SourceLocation(file: "Steps.swift", line: 7, column: 24))
    }

    /// Stages made by static functions (`extension MigrationStage { static func toV2() -> ... }`),
    /// as apps write them to keep closures out of the plan: followed as static properties are.
    @Test func stagesMadeByStaticFunctionsAreFollowed() throws {
        var files = Self.stepTypes
        files[1].1 = """
        extension MigrationStage {
            static func toV2() -> MigrationStage {
                .custom(fromVersion: ShelfSchemaV1.self, toVersion: ShelfSchemaV2.self, willMigrate: nil, didMigrate: nil)
            }
        }
        enum Stages {
            static func toV3() -> MigrationStage { .lightweight(fromVersion: ShelfSchemaV2.self, toVersion: ShelfSchemaV3.self) }
        }
        """
        files[2].1 = """
        enum ShelfMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, ShelfSchemaV2.self, ShelfSchemaV3.self] }
            static var stages: [MigrationStage] { [.toV2(), Stages.toV3()] }
        }
        """
        let reading = readSwift(files)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.versions.map(\.migratesStepByStep) == [true, true, true])
        let migrations = try #require(reading.writtenMigrations["swiftdata:ShelfMigrationPlan"])
        #expect(migrations.map { "\($0.from) \($0.to)" } == ["ShelfSchemaV1 ShelfSchemaV2"])
        #expect(migrations.first?.location == SourceLocation(file: "Steps.swift", line: 3, column: 9))
    }

    @Test func aSchemaListedInAWayNotReadIsAWarningOnItsLine() throws {
        var files = Self.stepTypes
        files[2].1 = """
        enum ShelfMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] {
                [ShelfSchemaV1.self,
                 steps[0].toVersion]
            }
            static var stages: [MigrationStage] { [] }
        }
        """
        let reading = readSwift(files)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.versions.map(\.label) == ["ShelfSchemaV1"])
        let unread = reading.notes.filter { $0.message.hasPrefix("cannot read 'steps[0].toVersion' in the schemas of 'ShelfMigrationPlan'") }
        #expect(unread.map(\.location) == [SourceLocation(file: "Plan.swift", line: 4, column: 10)], "\(reading.notes)")
    }
    @Test func plansThatListTheSameSchemasAreOneHistory() throws {
        var files = Self.stepTypes
        files[2].1 = """
        enum UpgradePlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, ShelfSchemaV2.self, ShelfSchemaV3.self] }
            static var stages: [MigrationStage] { [MigrateToV2.stage] }
        }
        // Used by the tests to go back: the same schemas, a stage the other way.
        enum DowngradePlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, ShelfSchemaV2.self, ShelfSchemaV3.self] }
            static var stages: [MigrationStage] { [.custom(fromVersion: ShelfSchemaV3.self, toVersion: ShelfSchemaV2.self, willMigrate: nil, didMigrate: nil), MigrateToV3.stage] }
        }
        """
        let reading = readSwift(files)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        #expect(reading.versions.map(\.label) == ["ShelfSchemaV1", "ShelfSchemaV2", "ShelfSchemaV3"])
        #expect(Set(reading.versions.map(\.history)) == ["swiftdata:UpgradePlan"])
        // The stages of both plans: every step has one.
        #expect(reading.versions.map(\.migratesStepByStep) == [true, true, true])
        let migrations = try #require(reading.writtenMigrations["swiftdata:UpgradePlan"])
        #expect(Set(migrations.map { "\($0.from) \($0.to)" }) == ["ShelfSchemaV1 ShelfSchemaV2", "ShelfSchemaV3 ShelfSchemaV2"])
    }
}

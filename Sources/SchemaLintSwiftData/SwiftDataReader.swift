import SchemaLint
import SwiftSyntax

/// Reads SwiftData model histories from Swift source: `VersionedSchema`s with their `@Model`
/// classes, ordered by a `SchemaMigrationPlan` (docs/swiftdata.md). Registered by the executable;
/// the core knows it only as a `ModelSourceReader`.
public struct SwiftDataReader: ModelSourceReader {
    public init() {}

    public var name: String { "SwiftData" }

    /// What a Swift file must contain to be parsed: anything that declares models, schemas, a
    /// migration plan, the store's CloudKit setting, or a typealias (apps name their current models
    /// in a file of their own: `typealias CardModel = SchemaV3.CardModel`). Every other file is
    /// skipped unparsed.
    static let markers: [[UInt8]] = ["VersionedSchema", "@Model", "SchemaMigrationPlan", "cloudKitDatabase", "typealias"].map { Array($0.utf8) }

    public func claims(file path: String) -> Bool {
        path.hasSuffix(".swift") && ByteSearch.file(path, containsAny: Self.markers)
    }

    public func read(files: [String], options: ModelSourceReadingOptions) -> ModelSourceReading {
        let (sources, errors) = Self.sources(of: files)
        var reading = read(sources: sources, options: options)
        reading.errors = (errors + reading.errors)
        return reading
    }

    /// The in-memory entry point (for tests and a fuzzer): Swift sources as bytes with the names
    /// messages should show.
    public func read(sources: [(name: String, bytes: [UInt8])], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        var declarations = SwiftDeclarations()
        var errors: [InputError] = []
        for source in sources {
            let file = SwiftSourceFile(name: source.name, bytes: source.bytes)
            if let error = file.syntaxError() {
                errors.append(error)
                continue
            }
            declarations.collect(file)
        }
        guard errors.isEmpty else { return ModelSourceReading(errors: errors) }
        let cloudKit = CloudKitSetting(declarations.cloudKitDatabases)
        var reading = VersionedSchemaHistory(declarations: declarations, usesCloudKit: options.declaresCloudKit || cloudKit.isSynced).read()
        // The same checks as every loader's (a class declared twice in one version's models, a
        // #Unique naming no property): Swift that compiles passes them.
        for version in reading.versions {
            do throws(InputError) {
                try ModelValidator.validate(version)
            } catch {
                reading.errors.append(error)
            }
        }
        reading.notes = Array(Set(reading.notes + cloudKit.notes)).sorted()
        return reading
    }
}

/// What the `ModelConfiguration(cloudKitDatabase:)` calls in the sources say about sync:
/// `.none` is not synced; `.automatic`, `.private("iCloud...")` are.
struct CloudKitSetting {
    var isSynced = false
    var notes: [ReadingNote] = []

    init(_ databases: [Declared<ExprSyntax>]) {
        for database in databases {
            let expression = database.node
            let option = (expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text
            switch option {
            case "none": break
            case "automatic", "private": isSynced = true
            default:
                isSynced = true
                notes.append(ReadingNote(at: database.file.location(of: expression), "cannot tell statically whether `cloudKitDatabase: \(expression.trimmedDescription)` syncs: the models are read as synced with CloudKit"))
            }
        }
    }
}

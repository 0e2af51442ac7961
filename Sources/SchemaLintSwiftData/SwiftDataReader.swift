import SchemaLint
import SchemaLintSwiftSource
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
    static let markers = words(declaringModels + besideModels + ["typealias"])
    static let markersBesideTypealias = words(declaringModels + besideModels)
    static let modelDeclarations = words(declaringModels)
    private static let declaringModels = ["VersionedSchema", "@Model"]
    private static let besideModels = ["SchemaMigrationPlan", "cloudKitDatabase"]
    private static func words(_ list: [String]) -> ByteSearch.Words { ByteSearch.Words(list.map { Array($0.utf8) }) }

    public var fileNameSuffixes: [String] { [".swift"] }

    public func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.markers, in: bytes)
    }

    /// Swift sources as bytes with the names messages should show (paths of the working tree,
    /// `tag:path` at a git tag, or a fuzzer's names).
    ///
    /// A file claimed only for a `typealias` names models declared elsewhere: when no file of the
    /// run declares models, it is not parsed (apps that never use SwiftData have typealiases too).
    public func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        let declaresModels = sources.contains { ByteSearch.containsAny(Self.modelDeclarations, in: $0.bytes) }
        let sources = declaresModels ? sources : sources.filter { ByteSearch.containsAny(Self.markersBesideTypealias, in: $0.bytes) }
        var declarations = SwiftDeclarations()
        var errors: [InputError] = []
        // Files are parsed and checked on all cores when there is enough of them; their declarations
        // are collected in file order.
        let parsed = OrderedConcurrentMap.map(count: sources.count, concurrently: ParsedSwiftFile.isWorthSharingOut(sources)) { index in
            ParsedSwiftFile.parse(sources[index], options: options).flatMap { file in file.syntaxError().map { .failure($0) } ?? .success(file) }
        }
        for result in parsed {
            switch result {
            case .success(let file): declarations.collect(file)
            case .failure(let error): errors.append(error)
            }
        }
        guard errors.isEmpty else { return ModelSourceReading(errors: errors) }
        declarations = declarations.resolvingAliasedScopes()
        let cloudKit = CloudKitSetting(declarations.cloudKitDatabases)
        var reading = VersionedSchemaHistory(declarations: declarations, usesCloudKit: options.declaresCloudKit).read()
        let synced = cloudKit.syncedHistories(filesByHistory: Dictionary(grouping: reading.versions, by: \.history).mapValues { $0.map(\.file) })
        for index in reading.versions.indices where synced.contains(reading.versions[index].history) {
            reading.versions[index].usesCloudKit = true
        }
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
    /// Each setting: the file it is written in, and whether it syncs.
    var settings: [(file: String, syncs: Bool)] = []
    var notes: [ReadingNote] = []

    init(_ databases: [Declared<ExprSyntax>]) {
        for database in databases {
            let expression = database.node
            let option = (expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text
            switch option {
            case "none": settings.append((database.file.name, false))
            case "automatic", "private": settings.append((database.file.name, true))
            default:
                settings.append((database.file.name, true))
                notes.append(ReadingNote(at: database.file.location(of: expression), "cannot tell statically whether `cloudKitDatabase: \(expression.trimmedText)` syncs: the models it opens are read as synced with CloudKit"))
            }
        }
    }

    /// The histories a syncing setting applies to. A repository can hold several apps (or an app
    /// and its extensions' own stores): a setting is taken to open the models declared nearest to
    /// it, those whose files share the deepest folder with its file, and not every model of the
    /// run.
    func syncedHistories(filesByHistory: [String: [String]]) -> Set<String> {
        var synced: Set<String> = []
        for setting in settings where setting.syncs {
            let folders = setting.file.split(separator: "/").dropLast()
            func shared(_ file: String) -> Int { zip(file.split(separator: "/").dropLast(), folders).prefix { $0 == $1 }.count }
            let depths = filesByHistory.mapValues { files in files.map(shared).max() ?? -1 }
            guard let deepest = depths.values.max() else { continue }
            synced.formUnion(depths.filter { $0.value == deepest }.keys)
        }
        return synced
    }
}

import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// Reads SwiftData model histories from Swift source: `VersionedSchema`s with their `@Model`
/// classes, ordered by a `SchemaMigrationPlan` (docs/swiftdata.md). Registered by the executable;
/// the core knows it only as a `ModelSourceReader`.
package struct SwiftDataReader: ModelSourceReader {
    package init() {}

    package var name: String { "SwiftData" }

    /// A file read may declare no model (a `ModelContainer` made, a `typealias` naming one).
    package var sourceDescription: String { "Swift read for SwiftData models" }

    /// What a Swift file must contain to be parsed: anything that declares models, schemas, a
    /// migration plan or hands one on (`DocumentGroup(editing: ..., migrationPlan: ...)` names no
    /// container), the store's CloudKit setting, or a typealias (apps name their current models in a
    /// file of their own: `typealias CardModel = SchemaV3.CardModel`). Every other file is skipped
    /// unparsed.
    static let markers = words(declaringModels + besideModels + ["typealias"])
    static let markersBesideTypealias = words(declaringModels + besideModels)
    static let modelDeclarations = words(declaringModels)
    private static let declaringModels = ["VersionedSchema", "@Model"]
    private static let besideModels = ["SchemaMigrationPlan", "migrationPlan", "cloudKitDatabase", "ModelContainer", "modelContainer"]
    /// Whether a file's `@Model` is another module's macro of that name (a persistence framework
    /// of the app's own: `import M3Data`): it imports no SwiftData, and imports a module that is
    /// none of Apple's. A file importing only Apple's frameworks may have SwiftData from a module
    /// of the run that re-exports it, and is read.
    static func usesAnotherModelMacro(_ bytes: [UInt8]) -> Bool {
        guard ByteSearch.firstIndex(of: Array("@Model".utf8), in: bytes) != nil else { return false }
        let modules = importedModules(bytes)
        return !modules.contains(where: swiftDataModules.contains) && modules.contains { !appleModules.contains($0) }
    }

    /// The modules whose `@Model` is SwiftData's: SwiftData, and a backport of it onto Core Data.
    static let swiftDataModules: Set<String> = ["SwiftData", "ManagedModels"]

    /// Apple's frameworks and Swift's own modules that an app's model files import beside SwiftData.
    static let appleModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Darwin", "Dispatch", "Observation", "Combine", "SwiftUI", "SwiftUICore", "UIKit", "AppKit",
        "CoreData", "CloudKit", "OSLog", "os", "CoreGraphics", "CoreImage", "CoreLocation", "MapKit", "UniformTypeIdentifiers", "CoreTransferable",
        "Photos", "PhotosUI", "AVFoundation", "AVKit", "WidgetKit", "AppIntents", "Charts", "StoreKit", "UserNotifications", "CryptoKit", "HealthKit",
        "EventKit", "Contacts", "MusicKit", "PDFKit", "WebKit", "Vision", "CoreML", "NaturalLanguage", "TipKit", "ActivityKit", "GameKit",
        "LocalAuthentication", "Network", "Security", "CoreMotion", "CoreBluetooth", "RealityKit", "SceneKit", "SpriteKit", "CoreText", "QuartzCore",
        "ImageIO", "AuthenticationServices", "FamilyControls", "ManagedSettings", "DeviceActivity", "CoreSpotlight", "BackgroundTasks", "XCTest", "Testing",
    ]

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`),
    /// read line by line; a name that is no identifier is left out.
    static func importedModules(_ bytes: [UInt8]) -> Set<String> {
        var modules: Set<String> = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            // `import struct Module.Type`: the kind, then the qualified name.
            let name = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(String(words[1])) && words.count >= 3 ? words[2] : words[1]
            // (A line that names no module, as code that does not compile may hold, imports none.)
            if let module = name.split(separator: ".").first, module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { modules.insert(String(module)) }
        }
        return modules
    }

    /// What code that opens a store says: without it, no container of the run opens the models,
    /// and SwiftData's default sync decides nothing.
    static let opensContainers = words(["ModelContainer", "modelContainer"])

    /// What marks an app's entry point.
    private static let entryPoints = words(["@main", "@UIApplicationMain", "@NSApplicationMain"])

    /// Whether the run reads the app (a Swift file marks its entry point) and no Swift file of it,
    /// read or not, gives SwiftUI a container or a context, or makes a document app, outside
    /// previews (`StoresOutOfSight`). The files not read are read once, for both; only files whose
    /// bytes hold such a word are parsed.
    static func readsTheAppKeepingNoStoreOutOfSight(_ sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> Bool {
        var readsTheEntryPoint = false
        func keepsAStore(_ source: ModelSourceFile) -> Bool {
            readsTheEntryPoint = readsTheEntryPoint || ByteSearch.containsAny(entryPoints, in: source.bytes)
            guard ByteSearch.containsAny(StoresOutOfSight.words, in: source.bytes), case .success(let file) = ParsedSwiftFile.parse(source, options: options) else { return false }
            let finder = StoresOutOfSight(viewMode: .sourceAccurate)
            finder.walk(file.tree)
            return finder.found
        }
        if sources.contains(where: keepsAStore) { return false }
        let unclaimed = options.unclaimedFiles.lazy.filter { $0.hasSuffix(".swift") }
        for path in unclaimed {
            guard case .success(let data) = options.tree.contents(of: path) else { continue }
            if keepsAStore((path, [UInt8](data))) { return false }
        }
        return readsTheEntryPoint
    }
    private static func words(_ list: [String]) -> ByteSearch.Words { ByteSearch.Words(list.map { Array($0.utf8) }) }

    /// The files among `paths` that declare a struct or an enum named one of `names`, parsed (a
    /// file that does not parse is not the reader's to refuse, and is left out).
    static func files(declaring names: Set<String>, among paths: [String], options: ModelSourceReadingOptions) -> [ParsedSwiftFile] {
        guard !names.isEmpty, !paths.isEmpty else { return [] }
        let declarations = words(names.sorted().flatMap { ["enum \($0)", "struct \($0)"] })
        return paths.compactMap { path -> ParsedSwiftFile? in
            guard case .success(let data) = options.tree.contents(of: path) else { return nil }
            let bytes = [UInt8](data)
            guard ByteSearch.containsAny(declarations, in: bytes) else { return nil }
            return try? ParsedSwiftFile.parse((path, bytes), options: options).get()
        }
    }

    /// Whether some Swift file of the run gives the property `name` a value other than its
    /// declared one: `name = ...` (not `==`) outside its declaration, `name.toggle()`, or `$name`
    /// (a binding a control sets). The sources read first, then the run's other Swift files.
    static func assigns(_ name: String, in sources: [ModelSourceFile], orIn options: ModelSourceReadingOptions) -> Bool {
        let word = Array(name.utf8)
        func assigns(in bytes: [UInt8]) -> Bool {
            guard ByteSearch.containsAny([word], in: bytes) else { return false }
            var start = 0
            while start + word.count <= bytes.count, let found = bytes[start...].firstRange(of: word) {
                start = found.lowerBound + 1
                let before = found.lowerBound > 0 ? bytes[found.lowerBound - 1] : 0x20
                guard !ByteSearch.isIdentifierByte(before), found.upperBound == bytes.count || !ByteSearch.isIdentifierByte(bytes[found.upperBound]) else { continue }
                if before == UInt8(ascii: "$") { return true }
                var next = found.upperBound
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if bytes[next...].starts(with: Array(".toggle(".utf8)) { return true }
                guard next < bytes.count, bytes[next] == UInt8(ascii: "="), next + 1 >= bytes.count || bytes[next + 1] != UInt8(ascii: "=") else { continue }
                // `var name = false` declares, `name = true` assigns.
                let line = bytes[..<found.lowerBound].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let text = String(decoding: bytes[line..<found.lowerBound], as: UTF8.self)
                if !(text.hasSuffix("var ") || text.hasSuffix("let ")) { return true }
            }
            return false
        }
        if sources.contains(where: { assigns(in: $0.bytes) }) { return true }
        let read = Set(sources.map(\.name))
        return options.unclaimedFiles.contains { path in
            guard !read.contains(path), path.hasSuffix(".swift"), case .success(let data) = options.tree.contents(of: path) else { return false }
            return assigns(in: [UInt8](data))
        }
    }

    private static func location(of error: InputError) -> SchemaLintCore.SourceLocation {
        SchemaLintCore.SourceLocation(file: error.file, line: error.line ?? 1, column: error.column ?? 1)
    }

    /// The Swift files of the run whose text holds `word`, parsed: the sources read first, then
    /// the run's other Swift files.
    static func parsedFiles(mentioning word: String, in sources: [ModelSourceFile], orIn options: ModelSourceReadingOptions) -> [ParsedSwiftFile] {
        let needle = [Array(word.utf8)]
        let read = Set(sources.map(\.name))
        var found = sources.filter { ByteSearch.containsAny(needle, in: $0.bytes) }
        for path in options.unclaimedFiles where !read.contains(path) && path.hasSuffix(".swift") {
            guard case .success(let data) = options.tree.contents(of: path) else { continue }
            let bytes = [UInt8](data)
            if ByteSearch.containsAny(needle, in: bytes) { found.append((path, bytes)) }
        }
        return found.compactMap { try? ParsedSwiftFile.parse($0, options: options).get() }
    }

    package var fileNameSuffixes: [String] { [".swift"] }

    /// The classes among `classes` that some Swift file writes as a type value (`Item.self`): the
    /// sources read first, then the run's other Swift files for those not found there.
    static func classesNamedAsTypes(_ classes: Set<String>, in sources: [ModelSourceFile], orIn options: ModelSourceReadingOptions) -> Set<String> {
        var pending = classes.sorted().map { (name: $0, word: words(["\($0).self"])) }
        var named: Set<String> = []
        func look(in bytes: [UInt8]) {
            pending.removeAll { entry in
                guard ByteSearch.containsAny(entry.word, in: bytes) else { return false }
                named.insert(entry.name)
                return true
            }
        }
        for source in sources where !pending.isEmpty { look(in: source.bytes) }
        for path in options.unclaimedFiles where !pending.isEmpty && path.hasSuffix(".swift") {
            if case .success(let data) = options.tree.contents(of: path) { look(in: [UInt8](data)) }
        }
        return named
    }

    package func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.markers, in: bytes)
    }

    /// Swift sources as bytes with the names messages should show (paths of the working tree,
    /// `tag:path` at a git tag, or a fuzzer's names).
    ///
    /// A file claimed only for a `typealias` names models declared elsewhere: when no file of the
    /// run declares models, it is not parsed (apps that never use SwiftData have typealiases too).
    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        let reexported = sources.contains { ByteSearch.firstIndex(of: Array("@_exported import SwiftData".utf8), in: $0.bytes) != nil }
        let swiftData = reexported ? sources : sources.filter { !Self.usesAnotherModelMacro($0.bytes) }
        let declaresModels = swiftData.contains { ByteSearch.containsAny(Self.modelDeclarations, in: $0.bytes) }
        let sources = declaresModels ? swiftData : swiftData.filter { ByteSearch.containsAny(Self.markersBesideTypealias, in: $0.bytes) }
        let (collected, errors, notes) = Self.collect(sources, options: options)
        var declarations = collected
        guard errors.isEmpty else { return ModelSourceReading(errors: errors) }
        if let targets = TargetGroups(sources: sources.map(\.name), declaringTwice: collected.modelClassFiles) {
            return read(targets, of: sources, options: options)
        }
        // A type a model's property is written with may be declared in a file that declares no
        // model (`enum Priority: String, Codable` in a file of its own): such files are parsed
        // too, for their structs and enums alone.
        let unresolved = declarations.unresolvedPropertyTypeNames(known: PropertyTypeMapper.standardNames)
        let supporting = Self.files(declaring: unresolved, among: options.unclaimedFiles, options: options)
        for file in supporting { declarations.collectValueTypes(file) }
        declarations = declarations.resolvingAliasedScopes()
        let switches = SyncSwitch(declarations: declarations, assigns: { Self.assigns($0, in: sources, orIn: options) }, files: { Self.parsedFiles(mentioning: $0, in: sources, orIn: options) })
        let cloudKit = CloudKitSetting(declarations.cloudKitDatabases, declarations: declarations, switches: switches)
        var reading = VersionedSchemaHistory(declarations: declarations, usesCloudKit: options.declaresCloudKit).read()
        Self.decideSync(of: &reading, cloudKit: cloudKit, declarations: declarations, sources: sources, options: options)
        // The same checks as every loader's (a class declared twice in one version's models, a
        // #Unique naming no property): Swift that compiles passes them.
        for version in reading.versions {
            do throws(InputError) {
                try ModelValidator.validate(version)
            } catch {
                reading.errors.append(error)
            }
        }
        reading.notes = Array(Set(reading.notes + cloudKit.notes + notes)).sorted()
        reading.supportingFiles = supporting.map(\.name)
        if !reading.versions.isEmpty {
            // Only where the run reads the app (its entry point): a package of models, or files
            // named to a pre-commit run, leave its containers out of sight.
            if let place = declarations.keptOnlyInPreviews, Self.readsTheAppKeepingNoStoreOutOfSight(sources, options: options) {
                reading.storeCode.swiftDataKeptOnlyInPreviews = place
            } else {
                reading.storeCode.swiftDataMayKeepAStore = true
            }
        }
        return reading
    }

    /// Each target's models read on their own, as histories of their own: the classes of one name
    /// in two targets are two models, each opened by its own target's containers with its own
    /// settings. The target whose folder is the shortest (the app's, beside its watch app's or an
    /// extension's) keeps the key the models have without a split, so that a release from before
    /// the other target declared its copy is that target's; the others' keys name their folder.
    private func read(_ targets: TargetGroups, of sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        var reading = ModelSourceReading()
        for (label, names) in targets.groups {
            var part = read(sources: sources.filter { names.contains($0.name) }, options: options)
            if label != targets.main {
                for index in part.versions.indices { part.versions[index].history += "@" + label }
            }
            reading.versions += part.versions
            reading.errors += part.errors
            reading.notes += part.notes
            reading.supportingFiles += part.supportingFiles
            reading.storeCode.append(part.storeCode)
        }
        reading.notes = Array(Set(reading.notes)).sorted()
        reading.supportingFiles = Array(Set(reading.supportingFiles)).sorted()
        return reading
    }

    /// The declarations of `sources`, parsed (on all cores when there is enough of them) and
    /// collected in file order; the input errors; and the files left out with a warning.
    private static func collect(_ sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> (SwiftDeclarations, [InputError], [ReadingNote]) {
        var declarations = SwiftDeclarations()
        var errors: [InputError] = []
        let parsed = OrderedConcurrentMap.map(count: sources.count, concurrently: OrderedConcurrentMap.isWorthSharingOut(sources)) { index in
            ParsedSwiftFile.parse(sources[index], options: options)
        }
        var notes: [ReadingNote] = []
        for (source, result) in zip(sources, parsed) {
            switch result {
            // A test's schemas (copies of shipped versions to test a migration) are no app's models.
            case .success(let file) where file.isTestCode:
                if let error = file.syntaxError() { notes.append(ReadingNote(at: Self.location(of: error), "\(error.message); it is test code, which holds no model of the app's: left out")) }
            case .success(let file):
                guard let error = file.syntaxError() else {
                    declarations.collect(file)
                    continue
                }
                // Only a file that declares models is the reader's input; one that merely uses a
                // container (a view, a store) is left out with a warning.
                if ByteSearch.containsAny(Self.modelDeclarations, in: source.bytes) {
                    errors.append(error)
                } else {
                    notes.append(ReadingNote(at: Self.location(of: error), "\(error.message); it declares no model: left out"))
                }
            case .failure(let error): errors.append(error)
            }
        }
        return (declarations, errors, notes)
    }

    /// Marks what syncs in each version of `reading`: what the settings (`cloudKitDatabase:`)
    /// name, and what SwiftData's default leaves to the entitlements, which the run decides.
    private static func decideSync(of reading: inout ModelSourceReading, cloudKit: CloudKitSetting, declarations: SwiftDeclarations, sources: [ModelSourceFile], options: ModelSourceReadingOptions) {
        // What code names a history by: its versions (schemas) and its plan; and its classes.
        func last(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
        // A version is labelled with its schema's last name; a setting names a schema qualified.
        func qualifiedSchemas(of version: ModelVersion) -> [String] {
            declarations.schemas.filter { last($0) == version.label && declarations.schemaDeclarations[$0]?.file.name == version.file }
        }
        let histories = Dictionary(grouping: reading.versions, by: \.history).mapValues { versions in
            (
                files: versions.map(\.file), names: Set(versions.flatMap { [last($0.label), last($0.model)] + qualifiedSchemas(of: $0) }), entities: Set(versions.flatMap { $0.entities.map(\.name) }),
                links: versions.flatMap(\.entities).reduce(into: [String: Set<String>]()) { links, entity in links[entity.name, default: []].formUnion(entity.relationships.map(\.destination)) }
            )
        }
        // `.automatic` syncs as SwiftData's default does: where the entitlements give CloudKit.
        let (explicit, automatic) = cloudKit.byEntitlements
        var (synced, local) = explicit.synced(histories: histories)
        let syncedByEntitlements = automatic.synced(histories: histories).synced
        // A class no code hands to SwiftData (`Item.self` written nowhere: the template's class
        // beside the app's own) is in no store, whatever setting is nearest to it; the classes
        // named and what their relationships reach are. Where no class is named at all, the code
        // that opens the store is not here, and every class may be.
        let candidates = Set(synced.values.joined())
        let namedCandidates = candidates.isEmpty ? [] : Self.classesNamedAsTypes(candidates, in: sources, orIn: options)
        if !namedCandidates.isEmpty {
            for (key, entities) in synced {
                synced[key] = CloudKitSetting.reached(from: entities.intersection(namedCandidates), through: histories[key]?.links ?? [:]).intersection(entities)
            }
        }
        let opensContainers = sources.contains { ByteSearch.containsAny(Self.opensContainers, in: $0.bytes) }
        for index in reading.versions.indices {
            guard let entities = synced[reading.versions[index].history] else {
                // No setting decides: SwiftData's default syncs with the app's CloudKit
                // entitlement, where a container opens the models; `.automatic` says the same of
                // the classes it names.
                if let automatic = syncedByEntitlements[reading.versions[index].history] {
                    reading.versions[index].syncsByDefault = true
                    reading.versions[index].openedEntities = automatic.intersection(reading.versions[index].entities.map(\.name))
                } else {
                    reading.versions[index].syncsByDefault = opensContainers && !local.contains(reading.versions[index].history)
                }
                continue
            }
            let version = reading.versions[index]
            // Where a setting keeps some of the history's classes local, an older version without
            // them is synced class by class too: a class it lacks is no synced one when it comes.
            if version.entities.allSatisfy({ entities.contains($0.name) }) && !local.contains(version.history) {
                reading.versions[index].usesCloudKit = true
            } else {
                reading.versions[index].markSynced(entities: entities, at: version.location)
            }
        }
        // A class no code hands to SwiftData (`Item.self` written nowhere: in no schema, container
        // or version's list of models) is in no store, and SwiftData's default sync does not reach
        // it: only the classes named, and what their relationships reach, sync by default. Where no
        // class is named at all, the code that opens the store is not here, and every class may be.
        let syncingByDefault = reading.versions.indices.filter { reading.versions[$0].syncsByDefault }
        if !syncingByDefault.isEmpty {
            let classes = Set(syncingByDefault.flatMap { reading.versions[$0].entities.map(\.name) })
            let named = Self.classesNamedAsTypes(classes, in: sources, orIn: options)
            if !named.isEmpty {
                for index in syncingByDefault {
                    let version = reading.versions[index]
                    let own = Set(version.entities.map(\.name))
                    let opened = CloudKitSetting.reached(from: own.intersection(named), through: histories[version.history]?.links ?? [:]).intersection(own)
                    reading.versions[index].openedEntities = version.openedEntities.map { $0.intersection(opened) } ?? opened
                }
            }
        }
    }
}

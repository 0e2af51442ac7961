/// One version of a data model, as loaded from one YAML file or one `.xcdatamodel` folder.
package struct ModelVersion: Sendable, Codable {
    /// The model's name, as messages show it.
    package var model: String
    /// Versions with the same key form one history: the model's name for YAML files (so files of
    /// one model may live anywhere), the bundle's path for an Xcode bundle (two apps' bundles may
    /// share a name).
    package var history: String
    package var version: VersionNumber
    /// How people name the version: the YAML `label`, or the Xcode version folder ("Model 9"); else the number.
    package var label: String
    /// False for a draft that no user runs yet: it is checked, but never a baseline.
    package var isReleased: Bool
    /// The whole model is synced with CloudKit.
    package var usesCloudKit: Bool
    /// What the version was written in (so advice speaks its language).
    package var format: ModelFormat
    /// In declaration order; names are unique.
    package let entities: [Entity]
    package private(set) var configurations: [Configuration]
    /// The file the version was read from (as given on the command line, or found below it).
    package var file: String
    /// Where the version itself is declared (the `version` key, or the top of the file).
    package var location: SourceLocation
    package var propertyLocations: PropertyLocations
    /// The git tag the version was read at (`--history git`), its file then `tag:path`; nil for a
    /// version read from the files.
    package var releaseTag: String?
    /// A store of any earlier version of the history reaches this one through every version in
    /// between, one step at a time (a SwiftData migration plan with a stage for each step), never
    /// in one jump.
    package var migratesStepByStep = false
    /// Findings accepted in the version's file (`# schemalint:ignore <rule> -- <reason>` comments).
    package var suppressions: [Suppression] = []
    /// Entities the version lists but whose declaration is not its own and that the newest version
    /// lists too (a SwiftData `VersionedSchema` naming the app's live `@Model` class, or another
    /// schema's): the version follows every later edit of that declaration.
    package var borrowedEntities: [BorrowedEntity] = []
    /// A SwiftData version that a `SchemaMigrationPlan` lists in its `schemas`, where some
    /// container is given a plan: SwiftData checks a store's checksum against it when it migrates.
    /// False for a version no plan lists, or whose plan no container is given: its checksum
    /// nothing reads (and for formats without plans).
    package var isInMigrationPlan = false
    /// Opened with SwiftData's default, `cloudKitDatabase: .automatic`, by no setting that says
    /// otherwise: synced when the app has the CloudKit entitlement, which a reader of Swift does
    /// not see (the run decides, from the entitlements files it finds).
    package var syncsByDefault = false
    /// Of a version that syncs by default, the entities a store holds where the code names the
    /// classes it opens (`Schema([Item.self])`): those named and what their relationships reach. A
    /// class no code hands to SwiftData is in no store. Nil: every entity.
    package var openedEntities: Set<String>?
    /// Declared by nothing but its entities (SwiftData `@Model` classes with no `VersionedSchema`):
    /// `location` is only the first of them.
    package var isDeclaredByItsEntities = false

    private let entityIndex: [String: Int]
    private var syncedByConfiguration: Set<String>

    package init(
        model: String, version: VersionNumber, label: String? = nil, isReleased: Bool = true, usesCloudKit: Bool = false,
        format: ModelFormat = .yaml, entities: [Entity], configurations: [Configuration] = [], file: String,
        location: SourceLocation, propertyLocations: PropertyLocations = [:]
    ) {
        self.model = model
        self.history = model
        self.version = version
        self.label = label ?? version.text
        self.isReleased = isReleased
        self.usesCloudKit = usesCloudKit
        self.format = format
        self.entities = entities
        self.configurations = configurations
        self.file = file
        self.location = location
        self.propertyLocations = propertyLocations
        var index: [String: Int] = [:]
        index.reserveCapacity(entities.count)
        for offset in entities.indices { index[entities[offset].name] = offset }
        self.entityIndex = index
        self.syncedByConfiguration = Set(configurations.filter(\.usesCloudKit).flatMap(\.entities))
    }

    package func entity(named name: String) -> Entity? { entityIndex[name].map { entities[$0] } }

    /// Where a change to the entities `names` shows: the first of them declared apart from the
    /// version (a version declared by its entities, or the app's live `@Model` class a schema
    /// lists), else the version's own declaration.
    package func declaration(ofChangesTo names: [String]) -> (entity: String?, location: SourceLocation) {
        for name in names {
            if let entity = entity(named: name), isDeclaredByItsEntities || entity.location.file != location.file { return (name, entity.location) }
        }
        return (nil, location)
    }

    /// Whether an entity is named `name` (without copying it, as `entity(named:)` does).
    package func containsEntity(named name: String) -> Bool { entityIndex[name] != nil }

    /// Whether two entities share a name (the index holds one position a name).
    package var hasDuplicateEntityNames: Bool { entityIndex.count != entities.count }

    /// Whether the version is the model of Xcode's new-project template, untouched: one entity
    /// `Item` with one attribute, `timestamp`, a date (Core Data's template and SwiftData's alike).
    /// A store of it holds nothing of an app's own: the app keeps its data elsewhere and left the
    /// template's stack in place, or it is the template.
    package var isProjectTemplate: Bool {
        guard entities.count == 1, let item = entities.first, item.name == "Item", item.relationships.isEmpty,
              item.attributes.count == 1, let timestamp = item.attributes.first else { return false }
        return timestamp.name == "timestamp" && timestamp.type == .date
    }

    /// The position in `entities` of the entity named `name`.
    package func index(ofEntity name: String) -> Int? { entityIndex[name] }

    /// The parent of the entity named `name`, if both exist (without copying the entity).
    package func parent(ofEntity name: String) -> String? { entityIndex[name].flatMap { entities[$0].parent } }

    package func location(of property: String) -> SourceLocation { propertyLocations[property] ?? location }

    /// `version 3`, `Model 9`, or the release tag `v1.2`: how messages name a version.
    package var displayName: String { label == version.text && releaseTag == nil ? "version \(label)" : label }

    /// The root of the entity's inheritance tree: the entity whose record type `CD_<root>` stores it.
    package func rootEntity(of name: String) -> String {
        // Most entities have no parent: no set for them.
        guard let first = parent(ofEntity: name), containsEntity(named: first) else { return name }
        var current = name
        var seen: Set<String> = [current]
        while let next = parent(ofEntity: current), containsEntity(named: next), seen.insert(next).inserted {
            current = next
        }
        return current
    }

    /// Whether the entity is synced with CloudKit: the model is, or a synced configuration lists it.
    package func isSynced(entity name: String) -> Bool {
        usesCloudKit || syncedByConfiguration.contains(name)
    }

    /// Whether anything in the version is synced.
    package var hasSyncedEntities: Bool { usesCloudKit || configurations.contains(where: \.usesCloudKit) }

    /// Makes the entities named synced, and the others local, as two configurations of a reader's
    /// making (`CloudKit`, `Local`): for stores opened with different settings (a SwiftData cache
    /// opened with `cloudKitDatabase: .none` beside the synced models).
    package mutating func markSynced(entities synced: Set<String>, at location: SourceLocation) {
        let names = entities.map(\.name)
        configurations = [
            Configuration(name: "CloudKit", usesCloudKit: true, entities: names.filter(synced.contains), location: location),
            Configuration(name: "Local", usesCloudKit: false, entities: names.filter { !synced.contains($0) }, location: location),
        ]
        syncedByConfiguration = synced.intersection(names)
    }

    /// Makes the configurations named synced and the others local, as the code that opens each
    /// configuration's store decides.
    package mutating func markSynced(configurations names: Set<String>) {
        usesCloudKit = false
        for index in configurations.indices { configurations[index].usesCloudKit = names.contains(configurations[index].name) }
        syncedByConfiguration = Set(configurations.filter(\.usesCloudKit).flatMap(\.entities))
    }

    /// Takes `other`'s sync settings, whole and by configuration: for a SwiftData version, whose
    /// configurations the reader makes from the code that opens the store, so that two readings
    /// compare by their schemas alone.
    package mutating func takeSyncSettings(of other: ModelVersion) {
        usesCloudKit = other.usesCloudKit
        configurations = other.configurations
        syncedByConfiguration = other.syncedByConfiguration
    }

    /// Makes every entity local: for a version that shipped before the app turned CloudKit on,
    /// whose records never reached CloudKit, whatever its configurations say now.
    package mutating func markLocal() {
        usesCloudKit = false
        for index in configurations.indices { configurations[index].usesCloudKit = false }
        syncedByConfiguration = []
    }
}

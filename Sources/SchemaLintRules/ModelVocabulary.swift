import SchemaLintCore

/// The words advice uses for a model's parts in the format its user edits: a key of schemalint's
/// YAML, a field of Xcode's Data Model inspector, or a SwiftData macro. One place, so that every
/// rule says the same thing the same way, and a SwiftData user is never told to write YAML.
struct ModelVocabulary {
    let format: ModelFormat

    init(_ format: ModelFormat) {
        self.format = format
    }

    /// The declaration that an element is `old` renamed (the renaming identifier), to add to the
    /// element; nil where the format has none (SwiftData, for a model class).
    func renamingIdentifier(kind: String, old: String) -> String? {
        switch format {
        case .yaml: "`renamedFrom: \(old)`"
        case .xcode: "the Renaming ID '\(old)' (Xcode's Data Model inspector)"
        case .swiftData:
            switch kind {
            case "attribute": "`@Attribute(originalName: \"\(old)\")`"
            case "relationship": "`@Relationship(originalName: \"\(old)\")`"
            default: nil
            }
        }
    }

    /// Keeping an entity that is no longer wanted.
    func keepUnusedEntity(_ name: String) -> String {
        switch format {
        case .yaml: "keep entity '\(name)' in the model (mark it `deprecated:`) and stop using it in code"
        case .xcode: "keep entity '\(name)' in the model and stop using it in code"
        case .swiftData: "keep the @Model class '\(name)' in the schema's models and stop using it in code"
        }
    }

    /// Why a SwiftData model class cannot be declared renamed, and what to do instead.
    static let swiftDataClassRename = "SwiftData has no renaming identifier for a @Model class (its entity is named after the class)"

    /// Keeping an element that is no longer wanted, and saying so.
    func keepUnused(_ name: String) -> String {
        switch format {
        case .yaml: "keep '\(name)' in the model (mark it `deprecated:`) and stop using it in code"
        case .xcode: "keep '\(name)' in the model and stop using it in code"
        case .swiftData: "keep '\(name)' in the @Model class and stop using it in code"
        }
    }

    /// For an attribute that is required with no default (CloudKit needs one or the other).
    func optionalOrDefault(_ attribute: String, type: AttributeType) -> String {
        switch format {
        case .yaml: return "make '\(attribute)' optional, or give it a default value (`default:`)"
        case .xcode: return "make '\(attribute)' optional, or give it a Default Value (Xcode's Data Model inspector)"
        case .swiftData:
            guard let swiftType = Self.swiftSpelling(of: type) else {
                return "make '\(attribute)' optional (`?` after its declared type), or give it an initial value where it is declared (`var \(attribute): <its type> = ...`), which SwiftData stores as its default"
            }
            return "make '\(attribute)' optional (`\(attribute): \(swiftType)?`), or give it an initial value where it is declared (`var \(attribute): \(swiftType) = ...`), which SwiftData stores as its default"
        }
    }

    /// For several attributes of one entity that are required with no default.
    func optionalOrDefault(each attributes: [String]) -> String {
        let names = attributes.map { "'\($0)'" }.joined(separator: ", ")
        switch format {
        case .yaml: return "make each of \(names) optional, or give it a default value (`default:`)"
        case .xcode: return "make each of \(names) optional, or give it a Default Value (Xcode's Data Model inspector)"
        case .swiftData: return "make each of \(names) optional (`name: Type?`), or give it an initial value where it is declared (`var name: Type = ...`), which SwiftData stores as its default"
        }
    }

    /// The Swift type a @Model property of `type` is usually declared with; nil where many are
    /// (a Codable value is stored transformable or composite, and the model keeps no Swift type).
    private static func swiftSpelling(of type: AttributeType) -> String? {
        switch type {
        case .int16: "Int16"
        case .int32: "Int32"
        case .int64: "Int"
        case .decimal: "Decimal"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Bool"
        case .date: "Date"
        case .binary: "Data"
        case .uuid: "UUID"
        case .uri: "URL"
        case .transformable, .objectID, .undefined, .composite: nil
        }
    }

    /// Declaring both sides of a relationship as each other's inverse.
    func inverse(of relationship: String, to destination: String) -> String {
        switch format {
        case .yaml: "add an inverse relationship to '\(destination)' and name it in `inverse:` on both sides"
        case .xcode: "add an inverse relationship to '\(destination)' and choose it as the Inverse of '\(relationship)' (Xcode's Data Model inspector)"
        case .swiftData: "add a property for the inverse to '\(destination)' and declare it on one side, `@Relationship(inverse: \\\(destination).<property>) var \(relationship)`"
        }
    }

    /// An attribute encrypted in CloudKit.
    var cloudEncryption: String {
        switch format {
        case .yaml: "`allowsCloudEncryption: true`"
        case .xcode: "Allows Cloud Encryption checked"
        case .swiftData: "`@Attribute(.allowsCloudEncryption)`"
        }
    }

    /// A `version` attribute on `root` (strategy 2), and the fetch that skips newer records.
    func versionAttribute(on root: String) -> (attribute: String, fetch: String) {
        switch format {
        case .yaml: ("a 'version' attribute to '\(root)' (int16, default 0)", "NSPredicate(format: \"version <= %d\", maxCompatibleVersion)")
        case .xcode: ("a 'version' attribute to '\(root)' (Integer 16, Default Value 0)", "NSPredicate(format: \"version <= %d\", maxCompatibleVersion)")
        case .swiftData: ("`var version: Int16 = 0` to '\(root)'", "#Predicate<\(root)> { $0.version <= maxCompatibleVersion }")
        }
    }

    /// Migrating one step with code (where lightweight migration cannot).
    var stagedMigration: String {
        switch format {
        case .yaml, .xcode: "a staged migration (NSStagedMigrationManager)"
        case .swiftData: "a `MigrationStage.custom` stage in the SchemaMigrationPlan"
        }
    }

    /// Migrating through every version of `path` in turn, each step a lightweight one.
    /// `mapped`: the steps of `path` a mapping model migrates (`A -> B`), custom stages.
    func stagesThrough(_ path: [String], mapped: [String] = []) -> String {
        // A long path reads as its ends: every version between them is a stage, in order.
        let written = path.count <= 6 ? path.joined(separator: " -> ") : "\(path[0]) -> \(path[1]) -> ... -> \(path[path.count - 1]) (each of the \(path.count) versions in order)"
        // NSStagedMigrationManager needs iOS 17 or macOS 14; before them the app steps through the
        // versions itself, one NSMigrationManager run per step.
        let before17 = "; before iOS 17, open the store's own version (from its metadata) and migrate one version at a time with NSMigrationManager, each step with its mapping model or NSMappingModel.inferredMappingModel(forSourceModel:destinationModel:)"
        switch format {
        case .yaml where mapped.isEmpty, .xcode where mapped.isEmpty: return "migrate in stages with NSStagedMigrationManager (iOS 17): \(written), each a lightweight stage" + before17
        case .yaml, .xcode:
            return "migrate in stages with NSStagedMigrationManager (iOS 17): \(written), each a lightweight stage but \(mapped.joined(separator: ", ")), "
                + (mapped.count == 1 ? "a custom stage (NSCustomMigrationStage) that runs its mapping model" : "custom stages (NSCustomMigrationStage) that run their mapping models") + before17
        case .swiftData: return "migrate in stages: list \(written) in the SchemaMigrationPlan's `schemas`, with a `MigrationStage.lightweight` for each step"
        }
    }

    /// Moving to a new CloudKit container (strategy 3).
    package var newContainer: String {
        switch format {
        case .yaml, .xcode: "a new CloudKit container (NSPersistentCloudKitContainerOptions(containerIdentifier:)) with a new local store"
        case .swiftData: "a new CloudKit container (`ModelConfiguration(url: <a new store file>, cloudKitDatabase: .private(\"iCloud.<new container>\"))`)"
        }
    }
}

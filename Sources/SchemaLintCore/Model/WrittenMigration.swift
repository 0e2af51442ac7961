/// A migration a team wrote for one step of a local store's history, so the step does not rely on
/// lightweight migration's inference: a Core Data mapping model found beside the model, a custom
/// or staged migration declared in `.schemalint.yml` (`migrations:`) or SwiftData's
/// `MigrationStage.custom`, or the app's code that prepares each old store before it migrates.
///
/// It changes local verdicts only: a mapping model migrates the store on the device, never the
/// CloudKit production schema.
package struct WrittenMigration: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// A Core Data mapping model.
        case mappingModel(MappingModel)
        /// Migration code of the app's own (a custom `NSMigrationManager` run, a copy between stores).
        case custom(reason: String)
        /// A custom stage of `NSStagedMigrationManager` (iOS 17), or SwiftData's `MigrationStage.custom`.
        case staged(reason: String)
        /// Code of the app's that opens the old store with the model it was made with before the
        /// store migrates (`mergedModel(from:forStoreMetadata:)`): it can remove what the migration
        /// would refuse (duplicates), and migrates nothing itself.
        case prepared(reason: String)
    }

    /// The model the step belongs to.
    package var model: String
    /// The version names the migration leads from and to.
    package var from: String
    package var to: String
    package var kind: Kind
    /// The mapping model's file, or the configuration entry.
    package var location: SourceLocation
    /// A mapping model that no longer matches the versions it maps (`mapping-model-stale`): Core
    /// Data does not use it, so it migrates nothing, and its step is judged as one no migration
    /// was written for.
    package var isStale = false

    package init(model: String, from: String, to: String, kind: Kind, location: SourceLocation) {
        self.model = model
        self.from = from
        self.to = to
        self.kind = kind
        self.location = location
    }

    /// The app's code at `location` that opens each old store with its own model before it
    /// migrates, as the migration of the step from `from` to `to` of `model`.
    package init(preparingStoresOf model: String, from: String, to: String, at location: SourceLocation) {
        self.init(model: model, from: from, to: to, kind: .prepared(reason: "the app's code at \(location.file):\(location.line)"), location: location)
    }

    /// How findings name it: `handled by Model 1 to 2.xcmappingmodel`.
    package var name: String {
        switch kind {
        case .mappingModel(let mapping): mapping.name
        case .custom: "the custom migration declared in .schemalint.yml"
        // A stage written in the model's own source (SwiftData's `MigrationStage.custom`) names itself.
        case .staged(let reason): location.file.hasSuffix(".swift") ? reason : "the staged migration declared in .schemalint.yml"
        case .prepared(let reason): reason
        }
    }

    package var mappingModel: MappingModel? {
        if case .mappingModel(let mapping) = kind { return mapping }
        return nil
    }

    /// Whether it covers the migration of a store of `from` to `to` (version names or numbers).
    package func covers(from baseline: ModelVersion, to version: ModelVersion) -> Bool {
        baseline.answers(to: from) && version.answers(to: to)
    }
}

extension ModelVersion {
    /// Whether `name` names this version: its label (`Model 3`), or for a YAML version its
    /// number however written (`3`, `3.0`).
    package func answers(to name: String) -> Bool {
        if label == name { return true }
        return label == version.text && VersionNumber(name).map { $0 == version } == true
    }
}

import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// Puts each migration a team wrote on the history step it migrates: mapping models by the
/// version folders their paths name (never by their file names), declared migrations by model
/// and version names.
struct WrittenMigrationMatcher {
    /// A mapping model that names a model or version that is not there.
    struct Unmatched: Error, Hashable, Sendable {
        var mappingModel: MappingModel
        var problem: String
        /// The model it was meant for, when that model was found.
        var model: String?
        /// The bundle of the model it names that the walk left out (no Xcode project lists it),
        /// when that is why no bundle linted has the name.
        var skippedModel: SkippedPath?
    }

    var histories: [ModelHistory]
    var bundles: [XcodeModelBundle]
    /// What the walk left out: a mapping model may name a bundle among them.
    var skipped: [SkippedPath] = []

    /// The histories with their written migrations, and the mapping models that fit none; a
    /// declared migration that names versions no history has is an input error.
    func match(mappingModels: [MappingModel], declared: [ProjectConfiguration.DeclaredMigration]) throws(InputError) -> (histories: [ModelHistory], unmatched: [Unmatched]) {
        var result = histories
        let indexByKey = Dictionary(histories.enumerated().compactMap { index, history in history.key.map { ($0, index) } }, uniquingKeysWith: { first, _ in first })
        var unmatched: [Unmatched] = []
        for mapping in mappingModels {
            switch place(mapping) {
            case .success(let (bundle, from, to)):
                guard let index = indexByKey["bundle:" + bundle.path] else { continue }
                var written = WrittenMigration(
                    model: bundle.name, from: from, to: to, kind: .mappingModel(mapping),
                    location: mapping.source?.location ?? mapping.location
                )
                // One that no longer matches its step migrates nothing (mapping-model-stale says
                // so): the step's other findings are judged as where none was written.
                if let source = result[index].versions.first(where: { $0.label == from }), let destination = result[index].versions.first(where: { $0.label == to }) {
                    written.isStale = !mapping.mismatches(from: source, to: destination).isEmpty
                }
                result[index].writtenMigrations.append(written)
            case .failure(let problem):
                unmatched.append(problem)
            case nil:
                continue
            }
        }
        for migration in declared {
            let candidates = result.indices.filter { index in
                let history = result[index]
                return (migration.model == nil || migration.model == history.model)
                    && history.versions.contains { $0.answers(to: migration.from) }
                    && history.versions.contains { $0.answers(to: migration.to) }
            }
            let location = migration.location ?? SourceLocation(file: ConfigurationLoader.fileName, line: 1, column: 1)
            guard let index = candidates.first else {
                // A model that is not linted in this run (another folder) has nothing to match.
                if let model = migration.model, !result.contains(where: { $0.model == model }) { continue }
                throw InputError(at: location, "the migration from '\(migration.from)' to '\(migration.to)' names versions that no linted model has" + (migration.model.map { " ('\($0)')" } ?? ""),
                                 notes: ["name each version as its file or folder does (`Model 3`, or a YAML file's `version:`)"])
            }
            guard candidates.count == 1 else {
                throw InputError(at: location, "the migration from '\(migration.from)' to '\(migration.to)' fits the versions of several models (\(candidates.map { "'\(result[$0].model)'" }.joined(separator: ", "))): say which with `model:`")
            }
            let kind: WrittenMigration.Kind = migration.how == .custom ? .custom(reason: migration.reason) : .staged(reason: migration.reason)
            result[index].writtenMigrations.append(WrittenMigration(model: result[index].model, from: migration.from, to: migration.to, kind: kind, location: location))
        }
        return (result, unmatched.sorted { $0.mappingModel.file < $1.mappingModel.file })
    }

    /// Every mapping model with its place: the step of the history it migrates, or why it fits none.
    /// Where the app runs its own migration (`migratesItself`, an `NSMigrationManager` in its
    /// code), each is placed with the other mapping models of its step, which that migration may
    /// run in turn.
    static func placements(of histories: [ModelHistory], unmatched: [Unmatched], migratesItself: Bool = false) -> [(MappingModel, MappingModelPlacement)] {
        var result: [(MappingModel, MappingModelPlacement)] = []
        for history in histories {
            for migration in history.writtenMigrations {
                guard let mapping = migration.mappingModel,
                      let from = history.versions.first(where: { $0.label == migration.from }),
                      let to = history.versions.first(where: { $0.label == migration.to })
                else { continue }
                let otherPasses = !migratesItself ? [] : history.writtenMigrations.compactMap { other in
                    other.from == migration.from && other.to == migration.to && other.mappingModel?.file != mapping.file ? other.mappingModel : nil
                }
                result.append((mapping, .step(history: history, from: from, to: to, otherPasses: otherPasses)))
            }
        }
        result += unmatched.map { ($0.mappingModel, .unmatched(problem: $0.problem, model: $0.model, skippedModel: $0.skippedModel)) }
        return result.sorted { $0.0.file < $1.0.file }
    }

    /// The bundle and the two version names a mapping model maps, or why it fits none; nil when
    /// its bundle has no steps to put it on (a shallow clone whose version order is unknown checks
    /// the current version alone).
    private func place(_ mapping: MappingModel) -> Result<(XcodeModelBundle, String, String), Unmatched>? {
        guard let source = mapping.source, let destination = mapping.destination else {
            return .failure(Unmatched(mappingModel: mapping, problem: "names no source or no destination model"))
        }
        guard let model = source.model ?? destination.model else {
            return .failure(Unmatched(mappingModel: mapping, problem: "maps '\(source.path)' to '\(destination.path)', which name no .xcdatamodeld bundle"))
        }
        let named = bundles.filter { $0.name == model }
        guard !named.isEmpty else {
            let bundleName = model + XcodeModelBundle.bundleExtension
            if let left = skipped.filter({ ($0.path as NSString).lastPathComponent == bundleName }).min(by: { $0.path < $1.path }) {
                return .failure(Unmatched(
                    mappingModel: mapping, problem: "maps versions of '\(bundleName)', whose copy at \(left.path) is not linted (\(left.reason.rawValue))",
                    skippedModel: left))
            }
            return .failure(Unmatched(mappingModel: mapping, problem: "maps versions of '\(bundleName)', which is not among the models linted"))
        }
        let fitting = named.filter { bundle in
            [source, destination].allSatisfy { reference in (reference.model ?? model) == model && bundle.versions.contains { $0.label == reference.version } }
        }
        guard let bundle = Self.nearest(fitting, to: mapping.file) else {
            if let step = stepFitting(mapping, source: source, destination: destination, in: named) { return .success(step) }
            if named.contains(where: \.ordering.checksCurrentOnly) { return nil }
            let known = Set(named.flatMap { $0.versions.map(\.label) })
            let missing = [source, destination].filter { !known.contains($0.version) }.map { "'\($0.version)'" }
            return .failure(Unmatched(
                mappingModel: mapping,
                problem: "maps \(missing.isEmpty ? "versions" : missing.joined(separator: " and ")) of '\(model).xcdatamodeld' that the bundle does not have",
                model: model
            ))
        }
        return .success((bundle, source.version, destination.version))
    }

    /// The step a mapping model migrates when one of the versions it names is gone (its folder
    /// renamed since the mapping model was made): Core Data finds a mapping model by the models
    /// it embeds, not by these paths. The step from the source it names to the version after it,
    /// or into the destination it names from the version before, when the mapping's entities and
    /// properties are exactly the destination version's and its source entities are the source
    /// version's: the mapping was made for those two models.
    private func stepFitting(
        _ mapping: MappingModel, source: MappingModel.VersionReference, destination: MappingModel.VersionReference, in named: [XcodeModelBundle]
    ) -> (XcodeModelBundle, String, String)? {
        for bundle in named {
            guard let versions = histories.first(where: { $0.key == "bundle:" + bundle.path })?.versions else { continue }
            let steps = zip(versions, versions.dropFirst()).filter { from, to in
                from.label == source.version && !versions.contains { $0.label == destination.version }
                    || to.label == destination.version && !versions.contains { $0.label == source.version }
            }
            if let (from, to) = steps.first(where: { Self.fits(mapping, from: $0.0, to: $0.1) }) {
                return (bundle, from.label, to.label)
            }
        }
        return nil
    }

    /// Whether the mapping's destination entities are exactly those of `to`, each mapping the
    /// entity's own stored attributes and relationships and nothing it lacks (inherited ones
    /// count), and its source entities are entities of `from`.
    static func fits(_ mapping: MappingModel, from: ModelVersion, to: ModelVersion) -> Bool {
        let made = mapping.entityMappings.filter { $0.destination != nil }
        guard !made.isEmpty, Set(made.compactMap(\.destination)) == Set(to.entities.map(\.name)) else { return false }
        let sources = Set(from.entities.map(\.name))
        return mapping.entityMappings.allSatisfy { entityMapping in
            guard entityMapping.source.map(sources.contains) ?? true else { return false }
            guard let name = entityMapping.destination else { return true }
            guard let entity = to.entity(named: name) else { return false }
            var lineage: [Entity] = [], next: Entity? = entity
            while let current = next, lineage.count < 32 {
                lineage.append(current)
                next = current.parent.flatMap(to.entity(named:))
            }
            let attributes = Set(entityMapping.attributes.map(\.name)), relationships = Set(entityMapping.relationships.map(\.name))
            let own = Set(entity.attributes.filter { !$0.isTransient }.map(\.name))
            return own.isSubset(of: attributes) && attributes.isSubset(of: Set(lineage.flatMap { $0.attributes.map(\.name) }))
                && Set(entity.relationships.map(\.name)).isSubset(of: relationships)
                && relationships.isSubset(of: Set(lineage.flatMap { $0.relationships.map(\.name) }))
        }
    }

    /// The bundle whose path shares the longest folder prefix with the mapping model's.
    static func nearest(_ bundles: [XcodeModelBundle], to file: String) -> XcodeModelBundle? {
        let folders = PathResolution.canonical(file).split(separator: "/")
        func shared(_ bundle: XcodeModelBundle) -> Int {
            zip(folders, PathResolution.canonical(bundle.path).split(separator: "/")).prefix { $0 == $1 }.count
        }
        return bundles.max { (shared($0), $1.path) < (shared($1), $0.path) }
    }
}

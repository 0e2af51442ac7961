import SchemaLintCore

/// `migration-path-not-inferable`: for a local store, every step between two releases is a
/// lightweight migration, but the jump from an older release straight to the newest version is
/// not. Core Data migrates from the store's model directly to the app's current one, so a person
/// who skipped the versions in between needs a staged migration. A jump is blocked by what the
/// change rules report as errors for it; for type changes that is `TypeConversion`'s table, so a
/// jump whose type changes are all between numeric types and Boolean is inferable.
struct MigrationPathRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "migration-path-not-inferable", category: .history, synced: nil, local: .error,
        summary: "Each step is a lightweight migration, but the jump from an older release to the newest version is not."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        let versions = context.history.versions
        guard let elements = context.elements, let newestIndex = versions.indices.last,
              let last = context.steps.last, last.version == newestIndex
        else { return [] }
        let newest = versions[newestIndex]
        if let addition = context.code.migratesWithoutInference {
            return withoutInference(context, newestIndex: newestIndex, previous: last.baseline, addedAt: addition)
        }
        // SwiftData runs a plan's stages in order: no store jumps over a version.
        guard !newest.migratesStepByStep else { return [] }
        guard newest.entities.contains(where: { !newest.isSynced(entity: $0.name) }) else { return [] }
        let byLabel = Dictionary(versions.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        let isBlocking = { (finding: Finding) -> Bool in
            finding.severity == .error && !(byLabel[finding.version]?.isSynced(entity: finding.path?.entity ?? "") ?? true)
        }
        // The steps on the way to the newest version: between consecutive releases, then to the newest.
        let releases = elements.released.filter { $0 < newestIndex }
        guard releases.count >= 2 else { return [] }
        var blockedFrom: [Int: Bool] = [:]
        // A release whose path to the newest version has a written migration is migrated step by
        // step by the app's own code (Core Data alone would need a mapping model for the jump).
        // Where the code read opens the store with Core Data's migration and runs none of its own,
        // a mapping model serves its own two versions only.
        var writtenFrom: [Int: Bool] = [:]
        let history = context.history
        let chainsMappingModels = context.code.migratesInOneJump == nil
        let runsSteps = { (migration: WrittenMigration?) in migration.map { chainsMappingModels || $0.mappingModel == nil } ?? false }
        var blocked = last.findings.contains(where: isBlocking)
        var written = runsSteps(history.writtenMigration(from: versions[last.baseline], to: newest))
        blockedFrom[last.baseline] = blocked
        writtenFrom[last.baseline] = written
        for step in context.steps.reversed() where versions[step.version].isReleased && step.version <= last.baseline {
            blocked = blocked || step.findings.contains(where: isBlocking)
            written = written || runsSteps(history.writtenMigration(from: versions[step.baseline], to: versions[step.version]))
            blockedFrom[step.baseline] = blocked
            writtenFrom[step.baseline] = written
        }
        let alive = aliveIdentities(elements, newest: newest, newestIndex: newestIndex, lastStep: last)
        let renamedAway = elements.identitiesByKey()

        var failing: [(index: Int, problems: [Finding.Note])] = []
        // Stores whose jump Core Data infers, past a mapping model that computes values.
        var skipping: [(index: Int, skipped: [(step: String, computed: [Finding.Note])])] = []
        // Each jump is to the newest version: an entity whose definition a jump from an older
        // release compared is not compared again for the next release that holds it.
        var comparisons: EntityComparisons? = EntityComparisons()
        for (ordinal, index) in releases.enumerated() where index != last.baseline && blockedFrom[index] == false {
            let old = versions[index]
            if writtenFrom[index] == true || history.writtenMigration(from: old, to: newest) != nil { continue }
            // Only errors can block a jump: the notes and warnings of the other rules are not made.
            let jump = context.changeFindings(from: old, to: newest, only: .error, reusing: &comparisons)
            var problems: [Finding.Note] = jump.findings.filter(isBlocking).map { Finding.Note($0.message, at: $0.location) }
            for change in jump.changes where change.new == nil {
                guard let removed = change.old, !removed.isTransient, !old.isSynced(entity: (change.oldPath ?? change.path).entity) else { continue }
                let key = ElementKey(removed, at: change.oldPath ?? change.path)
                guard let id = renamedAway[key]?.first(where: { alive.contains($0) && elements.key(of: $0, atOrdinal: ordinal) == key }) else { continue }
                let now = elements.key(of: id, atOrdinal: elements.released.count - 1) ?? key
                problems.append(Finding.Note(
                    "\(removed.kind) '\(key.path)' of \(old.displayName) is '\(now.path)' in \(newest.displayName) through a chain of renames, but no renaming identifier in \(newest.displayName) names '\(key.path.member ?? key.path.entity)': migrating straight from \(old.displayName) drops its data",
                    at: change.location
                ))
            }
            if !problems.isEmpty {
                failing.append((index, problems))
            } else if !chainsMappingModels {
                let skipped = Self.computingMappingModels(from: index, through: releases, to: newestIndex, in: history)
                if !skipped.isEmpty { skipping.append((index, skipped)) }
            }
        }
        var findings: [Finding] = []
        if let first = skipping.first {
            let names = skipping.map { versions[$0.index].displayName }
            let steps = first.skipped.map(\.step)
            findings.append(Finding(
                ruleID: descriptor.id, severity: .warning,
                message: "stores of \(names.joined(separator: ", ")) migrate to \(newest.displayName) in one lightweight migration Core Data infers, which skips \(steps.joined(separator: ", ")): Core Data uses a mapping model only for a store of its own source version, so what \(steps.count == 1 ? "it computes" : "they compute") is never done for those stores, whose objects get the destination's defaults instead",
                location: newest.location, model: newest.model, baseline: versions[first.index].label, version: newest.label, path: nil,
                notes: first.skipped.flatMap(\.computed),
                suggestions: [ModelVocabulary(newest.format).stagesThrough([versions[first.index].displayName] + releases.filter { $0 > first.index }.map { versions[$0].displayName } + [newest.displayName], mapped: steps)]
            ))
        }
        guard let oldest = failing.first else { return findings }
        let names = failing.map { versions[$0.index].displayName }
        let steps = [oldest.index] + releases.filter { $0 > oldest.index }
        let path = steps.map { versions[$0].displayName } + [newest.displayName]
        // The steps a mapping model of the bundle migrates: they migrate, but not by inference.
        let mapped = zip(steps, steps.dropFirst().map { versions[$0] } + [newest]).compactMap { from, to -> String? in
            history.writtenMigration(from: versions[from], to: to)?.mappingModel == nil ? nil : "\(versions[from].displayName) -> \(to.displayName)"
        }
        let between = mapped.isEmpty
            ? "although every step in between can"
            : "although each step in between migrates, by inference or with its mapping model (\(mapped.joined(separator: ", ")))"
        return findings + [Finding(
            ruleID: descriptor.id, severity: descriptor.localSeverity ?? .error,
            message: "stores of \(names.joined(separator: ", ")) cannot migrate to \(newest.displayName) in one lightweight migration, \(between): Core Data migrates straight from the store's version to the current one",
            location: newest.location, model: newest.model, baseline: versions[oldest.index].label, version: newest.label, path: nil,
            notes: oldest.problems,
            suggestions: [ModelVocabulary(newest.format).stagesThrough(path, mapped: mapped)]
        )]
    }

    /// With Core Data's inference off, a store migrates only with a mapping model from its own
    /// version straight to the current one, the jump from the previous version included: the
    /// stores of the released versions with none, whose entities the newest changes, do not open.
    private func withoutInference(_ context: HistoryContext, newestIndex: Int, previous: Int, addedAt addition: SourceLocation) -> [Finding] {
        let history = context.history, versions = history.versions, newest = versions[newestIndex]
        let failing = versions.indices.filter { index in
            index < newestIndex && (versions[index].isReleased || index == previous)
                && history.writtenMigration(from: versions[index], to: newest) == nil
                && !newest.entitiesNeedingMigration(from: versions[index]).isEmpty
        }
        guard let oldest = failing.first else { return [] }
        let names = failing.map { versions[$0].displayName }
        var notes = [Finding.Note("the store is added here with automatic migration and without inference: NSInferMappingModelAutomaticallyOption is not true among the options (the coordinator's options default it to false), or shouldInferMappingModelAutomatically is false", at: addition)]
        // The mapping models that start from a failing version and lead elsewhere, in the order of
        // the versions they start from.
        let starts = { (migration: WrittenMigration) in versions.firstIndex { $0.answers(to: migration.from) } ?? versions.count }
        let failingSet = Set(failing)
        for migration in history.writtenMigrations.filter({ !$0.isStale && failingSet.contains(starts($0)) }).sorted(by: { starts($0) < starts($1) }) {
            guard let mapping = migration.mappingModel else { continue }
            notes.append(Finding.Note("\(mapping.name) maps \(migration.from) to \(migration.to), not to \(newest.displayName): Core Data migrates a store with one mapping model, never a chain of them", at: migration.location))
        }
        return [Finding(
            ruleID: descriptor.id, severity: descriptor.localSeverity ?? .error,
            message: "stores of \(names.joined(separator: ", ")) do not open with \(newest.displayName): with inference off, Core Data migrates a store only with a mapping model from its own version to the current one, and none leads from \(failing.count == 1 ? "it" : "these")",
            location: newest.location, model: newest.model, baseline: versions[oldest].label, version: newest.label, path: nil,
            notes: notes,
            suggestions: [
                "turn inference on beside automatic migration (NSInferMappingModelAutomaticallyOption: true, in Objective-C @YES, or leave NSPersistentStoreDescription's shouldInferMappingModelAutomatically at its default), so Core Data infers each jump it can",
                "or add a mapping model from each of \(names.joined(separator: ", ")) straight to \(newest.displayName)",
            ]
        )]
    }

    /// The mapping models of the steps from release `index` through the later `releases` to the
    /// newest version that do what inference cannot (a policy's code, a converting function, an
    /// entity or property carried to a new name that the newest version's renaming identifiers
    /// do not give, which inference drops), as `A -> B (mapping model)`, each with what it does as
    /// notes.
    static func computingMappingModels(from index: Int, through releases: [Int], to newestIndex: Int, in history: ModelHistory) -> [(step: String, computed: [Finding.Note])] {
        let versions = history.versions
        let start = versions[index], newest = versions[newestIndex]
        let stops = [index] + releases.filter { $0 > index } + [newestIndex]
        return zip(stops, stops.dropFirst()).compactMap { from, to in
            guard let mapping = history.writtenMigration(from: versions[from], to: versions[to])?.mappingModel else { return nil }
            var computed: [Finding.Note] = []
            for entity in mapping.entityMappings {
                let name = entity.destination ?? entity.source ?? ""
                if let policy = entity.policyClass {
                    computed.append(Finding.Note("\(mapping.name) runs \(policy) for entity '\(name)'", at: entity.location))
                }
                for property in entity.attributes + entity.relationships where property.converts {
                    computed.append(Finding.Note("\(mapping.name) computes '\(name).\(property.name)' with a function", at: property.location))
                }
                // `Thing` mapped to `Product`: the jump pairs the stores' `Thing` with nothing of
                // the newest version, unless a renaming identifier there names it.
                if let source = entity.source, let destination = entity.destination, source != destination,
                   start.entity(named: source) != nil, newest.entity(named: source) == nil,
                   let arrived = newest.entity(named: destination), arrived.renamedFrom != source {
                    let outcome = start.entity(named: destination) == nil ? " and starts '\(destination)' empty" : ", and makes none of them into '\(destination)' objects"
                    computed.append(Finding.Note("\(mapping.name) carries entity '\(source)' to '\(destination)', which no renaming identifier of \(newest.displayName) gives: the inferred migration drops the stores' '\(source)' objects\(outcome)", at: entity.location))
                } else if let source = entity.source, let destination = entity.destination, let before = start.entity(named: source), let arrived = newest.entity(named: destination) {
                    for property in entity.attributes {
                        for old in before.attributes where property.carries(old.name) && arrived.attribute(named: old.name) == nil {
                            guard let now = arrived.attribute(named: property.name), now.renamedFrom != old.name else { continue }
                            computed.append(Finding.Note("\(mapping.name) carries '\(source).\(old.name)' to '\(destination).\(property.name)', which no renaming identifier of \(newest.displayName) gives: the inferred migration drops what the stores hold in it", at: property.location))
                        }
                    }
                }
            }
            return computed.isEmpty ? nil : ("\(versions[from].displayName) -> \(versions[to].displayName) (\(mapping.name))", computed)
        }
    }

    private func aliveIdentities(_ elements: ElementHistory, newest: ModelVersion, newestIndex: Int, lastStep: HistoryContext.Step) -> Set<Int> {
        if newest.isReleased {
            return Set(elements.records.indices.filter { elements.records[$0].removedAt == nil })
        }
        return Set(elements.identities(ofDraft: newest, changes: lastStep.changes).values)
    }
}

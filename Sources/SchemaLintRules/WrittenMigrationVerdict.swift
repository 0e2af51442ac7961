import SchemaLintCore

/// What a written migration changes in the verdicts of its step: a local-store error says that
/// lightweight migration cannot infer the change, and for this step the team wrote the migration,
/// so it becomes a note that names it. So does a local warning about what lightweight migration
/// does to relationships it pairs anew, where a mapping model sets each relationship itself.
/// Synced findings stay: a mapping model migrates the store on the device, never the CloudKit
/// production schema. The step into the first synced version is a local one (no record of the
/// baseline ever reached CloudKit), and the migration written for it settles it.
package enum WrittenMigrationVerdict {
    /// What a finding of a step the app's own migration makes is told, before the migration's
    /// name: the findings gathered into one afterwards keep it.
    static let handledBy = "; handled by "

    /// Local warnings about inference that a mapping model settles: relationships paired anew,
    /// an entity moved into another hierarchy (the mapping says where each object goes), an
    /// element whose renaming identifier changed (the mapping pairs each element itself).
    static let settledByMappingModels: Set<String> = ["relationship-inverse-changed", "entity-parent-changed", "renaming-identifier-changed"]
    /// Local warnings that code run in the migration settles: duplicates a new uniqueness
    /// constraint would refuse, which a `MigrationStage.custom`'s `willMigrate` removes first
    /// (what the rule's page tells to do).
    static let settledByCustomStages: Set<String> = ["uniqueness-changed"]

    package static func apply(_ migration: WrittenMigration, to findings: [Finding], in comparison: Comparison) -> [Finding] {
        settle(migration, findings, in: comparison).map { finding in
            guard case .mappingModel(let mapping) = migration.kind else { return finding }
            return renamesByMapping(migratedByMapping(finding, mapping), mapping, in: comparison)
        }
    }

    /// A note that says lightweight migration infers a change, in a step a mapping model migrates:
    /// the mapping model migrates it (Core Data uses the mapping model it finds, and infers nothing).
    private static func migratedByMapping(_ finding: Finding, _ mapping: MappingModel) -> Finding {
        guard finding.severity == .note, let range = finding.message.range(of: "; lightweight migration infers it") else { return finding }
        var settled = finding
        settled.message.replaceSubrange(range, with: "; \(mapping.name) migrates it")
        return settled
    }

    /// A property removed in a step a mapping model migrates, beside one added that looks like it
    /// renamed: a renaming identifier carries nothing there (the mapping decides each value), so
    /// the advice is the value expression that would.
    private static func renamesByMapping(_ finding: Finding, _ mapping: MappingModel, in comparison: Comparison) -> Finding {
        guard [ElementRemovedRule.attribute.descriptor.id, ElementRemovedRule.relationship.descriptor.id].contains(finding.ruleID), let path = finding.path,
              let old = path.member,
              let removal = comparison.changes.first(where: { [.attributeRemoved, .relationshipRemoved].contains($0.kind) && ($0.oldPath ?? $0.path) == path })
        else { return finding }
        let candidates = comparison.renameCandidates(for: removal).compactMap(\.path.member)
        guard !candidates.isEmpty else { return finding }
        var settled = finding
        // Code of the app's that gets each whole object decides where its values go.
        if codeReadingWholeObjects(of: path.entity, in: mapping, baseline: comparison.baseline) != nil {
            settled.suggestions = []
            return settled
        }
        settled.notes = finding.notes.map { note in
            guard ByteSearch.contains(" looks like '", in: note.message), let looks = note.message.split(separator: ";").first else { return note }
            return Finding.Note("\(looks); \(mapping.name) migrates this step, so its data is lost unless the mapping gives the new one the old value", at: note.location)
        }
        settled.suggestions = candidates.map { candidate in
            "if '\(candidate)' is '\(old)' renamed, give '\(candidate)' the value expression `$source.\(old)` in \(mapping.name) (a Renaming ID does nothing where a mapping model migrates the step)"
        }
        return settled
    }

    private static func settle(_ migration: WrittenMigration, _ findings: [Finding], in comparison: Comparison) -> [Finding] {
        findings.map { finding in
            // A transformer change whose values the mapping model computes (a custom function
            // that decodes the old archive and encodes the new one) is converted, not misread.
            if finding.ruleID == PropertyChangeRule.transformerChanged.descriptor.id, case .mappingModel(let mapping) = migration.kind, let path = finding.path,
               let attribute = path.member,
               mapping.entityMappings.contains(where: { $0.destination == path.entity && $0.attributes.contains { $0.name == attribute && $0.converts } }) {
                var settled = finding
                settled.severity = .note
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); \(migration.name) computes its value in the migration (a function in its value expression), which converts what the old transformer stored"
                settled.notes.append(Finding.Note(description(of: migration), at: migration.location))
                settled.suggestions = []
                return settled
            }
            // A property removed in the step whose value the mapping model reads into another
            // (`historyDate` from `$source.historyServerDate`): its data is not dropped, and it is
            // no rename to declare.
            if [ElementRemovedRule.attribute.descriptor.id, ElementRemovedRule.relationship.descriptor.id].contains(finding.ruleID), finding.severity == .note,
               case .mappingModel(let mapping) = migration.kind, let path = finding.path, let member = path.member,
               let carrier = mapping.entityMappings.lazy.filter({ $0.source == path.entity })
                   .compactMap({ entity in (entity.attributes + entity.relationships).first { $0.carries(member) }.map { (entity, $0) } }).first {
                var settled = finding
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); \(migration.name) carries its value into '\(carrier.0.destination ?? path.entity).\(carrier.1.name)'"
                settled.notes = [Finding.Note(description(of: migration), at: carrier.1.location)]
                settled.suggestions = []
                return settled
            }
            // A property removed in the step of an entity whose mapping hands each whole source
            // object to code of the app's (`FUNCTION($entityPolicy, "createFrequencies:", $manager,
            // $source)`, or a migration policy): that code may read it and carry its value over,
            // which schemalint cannot see.
            if [ElementRemovedRule.attribute.descriptor.id, ElementRemovedRule.relationship.descriptor.id].contains(finding.ruleID), finding.severity == .note,
               case .mappingModel(let mapping) = migration.kind, let path = finding.path, path.member != nil,
               let reader = Self.codeReadingWholeObjects(of: path.entity, in: mapping, baseline: comparison.baseline) {
                var settled = finding
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); \(migration.name) hands each whole '\(path.entity)' to \(reader.code), which may carry its value over: schemalint cannot see what it reads"
                settled.notes = [Finding.Note(description(of: migration), at: reader.location)]
                return settled
            }
            // An entity removed in the step whose objects the mapping model makes into another's
            // (`User` to `SRGUser`): they are not dropped.
            if finding.ruleID == ElementRemovedRule.entity.descriptor.id, finding.severity == .note, case .mappingModel(let mapping) = migration.kind,
               let path = finding.path, path.member == nil,
               let carrier = mapping.entityMappings.first(where: { $0.source == path.entity && $0.destination.map { $0 != path.entity } ?? false }),
               let destination = carrier.destination {
                var settled = finding
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); \(migration.name) makes its objects into '\(destination)' objects"
                settled.notes = [Finding.Note(description(of: migration), at: carrier.location)]
                settled.suggestions = []
                return settled
            }
            // A new uniqueness constraint on an attribute the step adds, whose value the app's code
            // gives each object in the migration (a migration policy, a function in the value
            // expression): no stored value can repeat, unless that code repeats one.
            if finding.ruleID == UniquenessChangedRule().descriptor.id, finding.severity == .warning, case .mappingModel(let mapping) = migration.kind,
               let path = finding.path, let entity = comparison.version.entity(named: path.entity),
               let given = Self.codeGivingNewValues(to: entity, in: mapping, baseline: comparison.baseline) {
                var settled = finding
                settled.severity = .note
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); '\(given.attribute)' is new in the step and \(given.code) of \(migration.name) gives each migrated object its value, so the constraint holds if that code gives each its own"
                settled.notes = [Finding.Note(description(of: migration), at: given.location)]
                settled.suggestions = []
                return settled
            }
            let mapped = if case .mappingModel = migration.kind { true } else { false }
            // A widened attribute in a step a mapping model migrates: the mapping carries the value,
            // nothing is inferred.
            if finding.ruleID == AttributeTypeWidenedRule().descriptor.id, mapped {
                var settled = finding
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); \(migration.name) migrates the step, not an inferred migration, and a value mapped to the wider type keeps what it held"
                settled.notes.append(Finding.Note(description(of: migration), at: migration.location))
                return settled
            }
            // A relationship's cardinality changed, or an entity moved within its hierarchy, in a
            // step a mapping model migrates: what lightweight migration would infer is the
            // mapping's to decide.
            if mapped, finding.severity == .note, [RelationshipCardinalityChangedRule().descriptor.id, EntityParentChangedRule().descriptor.id].contains(finding.ruleID),
               ByteSearch.contains("lightweight migration", in: finding.message) {
                var settled = finding
                let what = finding.message.components(separatedBy: "; ").first ?? finding.message
                settled.message = "\(what); \(migration.name) migrates the step, not an inferred migration, and its mapping decides what each migrated object holds"
                settled.notes.append(Finding.Note(description(of: migration), at: migration.location))
                return settled
            }
            let staged = if case .staged = migration.kind { true } else { false }
            // Code that only prepares the old store settles what it can remove, never what
            // lightweight migration cannot infer.
            let prepared = if case .prepared = migration.kind { true } else { false }
            guard finding.severity == .error && !prepared || finding.severity == .warning && mapped && settledByMappingModels.contains(finding.ruleID)
                    || finding.severity == .warning && (staged || prepared) && settledByCustomStages.contains(finding.ruleID),
                  let path = finding.path, !comparison.baseline.isSynced(entity: path.entity)
            else { return finding }
            var settled = finding
            settled.severity = .note
            settled.message += Self.handledBy + migration.name
            settled.notes.append(Finding.Note(description(of: migration), at: migration.location))
            settled.suggestions = []
            return settled
        }
    }

    /// The code of the app's that a mapping of `entity` hands each whole source object to: a
    /// migration policy, or a function in a value expression that takes `$source` itself (no
    /// property of it), with where it is named.
    static func codeReadingWholeObjects(of entity: String, in mapping: MappingModel, baseline: ModelVersion) -> (code: String, location: SourceLocation)? {
        let properties = Set(baseline.attributes(ofObjectsOf: entity).map(\.name) + baseline.relationships(ofObjectsOf: entity).map(\.name))
        for entityMapping in mapping.entityMappings where entityMapping.source == entity {
            if let policy = entityMapping.policyClass { return ("its migration policy \(policy)", entityMapping.location) }
            if let whole = (entityMapping.attributes + entityMapping.relationships).first(where: { $0.converts && $0.expressionNames.contains("source") && $0.expressionNames.isDisjoint(with: properties) }) {
                return ("a function in the value expression of '\(entityMapping.destination ?? entity).\(whole.name)'", whole.location)
            }
        }
        return nil
    }

    /// An attribute of a new uniqueness constraint of `entity` that the source objects did not
    /// have, and the code of the app's that the mapping runs to give it a value: the entity
    /// mapping's migration policy, or a function in the attribute's value expression.
    static func codeGivingNewValues(to entity: Entity, in mapping: MappingModel, baseline: ModelVersion) -> (attribute: String, code: String, location: SourceLocation)? {
        for entityMapping in mapping.entityMappings where entityMapping.destination == entity.name {
            let had = Set(entityMapping.source.map { baseline.attributes(ofObjectsOf: $0).map(\.name) } ?? [])
            for constraint in entity.uniquenessConstraints {
                for attribute in constraint where !had.contains(attribute) {
                    if let expression = entityMapping.attributes.first(where: { $0.name == attribute && $0.converts }) {
                        return (attribute, "the function in its value expression", expression.location)
                    }
                    if let policy = entityMapping.policyClass { return (attribute, "the migration policy \(policy)", entityMapping.location) }
                }
            }
        }
        return nil
    }

    /// One line on what the written migration is, for notes.
    static func description(of migration: WrittenMigration) -> String {
        switch migration.kind {
        case .mappingModel(let mapping):
            "\(mapping.name) maps \(migration.from) to \(migration.to): the store is migrated with it, not by inference"
        case .custom(let reason):
            "declared as a custom migration from \(migration.from) to \(migration.to): \(reason)"
        case .staged(let reason):
            "declared as a staged migration from \(migration.from) to \(migration.to): \(reason)"
        case .prepared(let reason):
            "\(reason) opens each store with the model it was made with before it migrates, where it can remove the duplicates first"
        }
    }
}

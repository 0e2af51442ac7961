import SchemaLintCore

/// `mapping-model-unmatched`: a mapping model whose source or destination names a model or a
/// version that is not there. It migrates no step, and the step it was written for (if any) is
/// judged as lightweight migration.
struct MappingModelUnmatchedRule: MappingModelRule {
    let descriptor = RuleDescriptor(
        id: "mapping-model-unmatched", category: .migration, synced: .warning, local: .warning,
        summary: "A mapping model names a model or version that is not there, so it migrates no step."
    )

    func check(_ mappingModel: MappingModel, _ placement: MappingModelPlacement) -> [Finding] {
        guard case .unmatched(let problem, _, let skippedModel) = placement else { return [] }
        // The model lies in the repository but builds into no app of it (the app takes it from a
        // package, or a copy was left behind): what this mapping model migrates is not linted here.
        if let skippedModel {
            return [finding(
                mappingModel, placement, severity: .note, message: "mapping model '\(mappingModel.name)' \(problem), so the steps it migrates are not checked",
                suggestions: [skippedModel.reason == .unreadable
                    ? "restore the model files of \(skippedModel.path)'s versions (contents, or Xcode 3's elements) from the release that shipped them, so that its steps and this mapping model can be checked"
                    : "if the app builds this model from elsewhere (a Swift package), lint it there; if it builds this copy, run `schemalint \(skippedModel.path)`, or add it to `include:` in .schemalint.yml"]
            )]
        }
        return [finding(
            mappingModel, placement, message: "mapping model '\(mappingModel.name)' \(problem); it migrates no step of any history linted",
            suggestions: ["set its source and destination to the versions it migrates (Xcode's mapping model inspector), list the folder holding the model under `mappingModels:` in .schemalint.yml if it is elsewhere, or delete the mapping model if no release uses it"]
        )]
    }
}

/// `mapping-model-stale`: a mapping model names entities or properties that its versions no
/// longer have: it was made for an earlier state of a version that was edited since, and Core
/// Data will not use it for stores of the version as it ships.
struct MappingModelStaleRule: MappingModelRule {
    let descriptor = RuleDescriptor(
        id: "mapping-model-stale", category: .migration, synced: .error, local: .error,
        summary: "A mapping model no longer matches the versions it names: one of them changed since it was made."
    )

    func check(_ mappingModel: MappingModel, _ placement: MappingModelPlacement) -> [Finding] {
        guard case .step(_, let from, let to, _) = placement else { return [] }
        let problems = mappingModel.mismatches(from: from, to: to)
        guard let first = problems.first else { return [] }
        let stale = "mapping model '\(mappingModel.name)' no longer matches \(from.displayName) -> \(to.displayName): \(first.message); a version changed after the mapping model was made, so Core Data does not use it"
        // A step lightweight migration can infer is one Core Data infers where no mapping model
        // matches (inference is on by default for NSPersistentContainer): the stores open, and
        // what the mapping model does beyond that does not run.
        if Self.isInferable(from: from, to: to) {
            return [finding(
                mappingModel, placement, severity: .warning,
                message: stale + ": with inference on (NSPersistentContainer's default), it infers this step, which lightweight migration can do, and stores of \(from.displayName) open; whatever the mapping model does beyond that (values it computes, a migration policy) does not run",
                at: first.location, notes: Array(problems.dropFirst()),
                suggestions: [
                    "if the mapping model carries custom work, open it in Xcode, set its source and destination to these versions again, and redo the mappings it reports",
                    "otherwise delete it: the step needs none",
                ]
            )]
        }
        return [finding(
            mappingModel, placement,
            message: stale + ", and stores of \(from.displayName) fail to open",
            at: first.location, notes: Array(problems.dropFirst()),
            suggestions: ["open the mapping model in Xcode, set its source and destination to these versions again, and redo the mappings it reports; never edit a version that has shipped (put the change in a new version)"]
        )]
    }

    /// Whether lightweight migration infers every change of the step (DOMAIN: adding or removing
    /// entities and properties, renames with a renaming identifier, a property made optional or
    /// required with a default, cardinality and order, a type change `TypeConversion` infers);
    /// a change of parent, abstractness or destination is taken as not inferred.
    static func isInferable(from: ModelVersion, to: ModelVersion) -> Bool {
        let changes = ModelDiffer().changes(from: from, to: to)
        return !changes.isEmpty && changes.allSatisfy { change in
            switch change.kind {
            case .entityAdded, .entityRemoved, .entityRenamed, .attributeRemoved, .attributeRenamed, .relationshipRemoved, .relationshipRenamed,
                 .relationshipInverseChanged, .relationshipCardinalityChanged, .relationshipOrderedChanged, .relationshipDeleteRuleChanged,
                 .attributeDefaultChanged, .attributeTransformerChanged, .attributeCloudEncryptionChanged, .entityVersionHashModifierChanged,
                 .attributeVersionHashModifierChanged, .entityUniquenessChanged, .entitySyncChanged, .attributeTransienceChanged, .relationshipTransienceChanged:
                true
            case .attributeAdded, .attributeOptionalityChanged: change.new?.attribute.map { $0.isOptional || $0.defaultValue != nil } ?? false
            case .relationshipAdded, .relationshipOptionalityChanged: change.new?.relationship.map { $0.isOptional || $0.isToMany } ?? false
            case .attributeTypeChanged:
                if let old = change.old?.attribute, let new = change.new?.attribute { TypeConversion.classify(from: old.type, to: new.type).isInferable } else { false }
            default: false
            }
        }
    }
}

/// `mapping-model-unmapped-property`: a destination entity or property whose data exists in the
/// source version but which the mapping model does not fill: the migration drops that data.
struct MappingModelUnmappedPropertyRule: MappingModelRule {
    let descriptor = RuleDescriptor(
        id: "mapping-model-unmapped-property", category: .migration, synced: .warning, local: .warning,
        summary: "A mapping model leaves out an entity or property whose data the source version has: the migration drops it."
    )

    /// Whether entity `name` of `version` has `ancestor` among its parents.
    private static func descends(_ name: String, from ancestor: String, in version: ModelVersion) -> Bool {
        var parent = version.entity(named: name)?.parent
        var seen: Set<String> = [name]
        while let current = parent, seen.insert(current).inserted {
            if current == ancestor { return true }
            parent = version.entity(named: current)?.parent
        }
        return false
    }

    func check(_ mappingModel: MappingModel, _ placement: MappingModelPlacement) -> [Finding] {
        guard case .step(_, let from, let to, let otherPasses) = placement else { return [] }
        var findings: [Finding] = []
        let mappedDestinations = Set(mappingModel.entityMappings.compactMap(\.destination))
        // Entities the mapping model makes no objects of: a relationship to one of them has
        // nothing to point to, which their own finding says.
        var unmade: Set<String> = []
        for entity in to.entities {
            guard let sourceEntity = from.entity(named: entity.renamedFrom ?? entity.name) ?? from.entity(named: entity.name) else { continue }
            // The source's objects made into a subentity (`Attachment` to `ImageAttachment`, whose
            // parent it is) are kept, as objects of the entity too.
            let madeAsASubentity = mappingModel.entityMappings.contains { mapping in
                mapping.source == sourceEntity.name && mapping.destination.map { Self.descends($0, from: entity.name, in: to) } == true
            }
            if !mappedDestinations.contains(entity.name), !entity.isAbstract, !madeAsASubentity {
                unmade.insert(entity.name)
                // Made by another mapping model of the step, which the app's own migration may
                // run in a pass of its own: dropped only if it runs this one alone.
                if let pass = otherPasses.first(where: { $0.entityMappings.contains { $0.destination == entity.name } }) {
                    findings.append(finding(
                        mappingModel, placement, severity: .note,
                        message: "mapping model '\(mappingModel.name)' makes no objects of entity '\(entity.name)', which '\(pass.name)' of the same step makes: the app migrates its stores itself, and loses no '\(sourceEntity.name)' of \(from.displayName) where it runs both mapping models in turn (a migration in passes), every '\(sourceEntity.name)' where it runs this one alone",
                        path: ElementPath(entity: mappingModel.name, member: entity.name),
                        notes: [Finding.Note("'\(pass.name)' makes '\(entity.name)' objects", at: pass.location)],
                        suggestions: ["check that the app's migration runs every mapping model of the step, one after the other, as each makes only some of the entities"]
                    ))
                    continue
                }
                findings.append(finding(
                    mappingModel, placement,
                    message: "mapping model '\(mappingModel.name)' makes no objects of entity '\(entity.name)', so the migration drops every '\(sourceEntity.name)' of \(from.displayName)",
                    path: ElementPath(entity: mappingModel.name, member: entity.name),
                    notes: [Finding.Note("'\(entity.name)' as declared in \(to.displayName)", at: entity.location)],
                    suggestions: ["add an entity mapping from '\(sourceEntity.name)' to '\(entity.name)' (in Xcode: Editor > Add Entity Mapping)"]
                ))
            }
        }
        // A relationship is filled where its inverse is: the destination context keeps both ends
        // of a relationship, so setting one (a value expression, or a policy of the app's own in
        // the mapping of the entity at the other end) sets the other.
        func fillsInverse(of relationship: Relationship, in entity: String) -> Bool {
            guard let inverse = relationship.inverse else { return false }
            let kinds = Set(ModelValidator.ancestry(of: entity, in: to))
            return mappingModel.entityMappings.contains { mapping in
                // A mapping that makes objects of the other end (or of a subentity of it), whose
                // inverse leads back here.
                guard let destination = mapping.destination, ModelValidator.ancestry(of: destination, in: to).contains(relationship.destination),
                      to.relationships(ofObjectsOf: destination).contains(where: { $0.name == inverse && kinds.contains($0.destination) }) else { return false }
                if mapping.policyClass != nil { return true }
                guard let mapped = mapping.relationships.first(where: { $0.name == inverse }) else { return false }
                return mapped.hasValue || mapping.generatesValues && mapping.source.map { source in from.relationships(ofObjectsOf: source).contains { $0.name == inverse } } ?? false
            }
        }
        // A mapping that runs a policy of the app's own may set any property itself
        // (`createDestinationInstances`): `mapping-model-custom-policy` says what cannot be seen.
        for mapping in mappingModel.entityMappings where mapping.policyClass == nil {
            guard let sourceName = mapping.source, let destinationName = mapping.destination,
                  let source = from.entity(named: sourceName), let destination = to.entity(named: destinationName)
            else { continue }
            let generated = mapping.generatesValues
            let attributes = Dictionary(mapping.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let relationships = Dictionary(mapping.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let sourceAttributes = Set(from.attributes(ofObjectsOf: sourceName).map(\.name))
            let sourceRelationships = Set(from.relationships(ofObjectsOf: sourceName).map(\.name))
            let members: [(name: String, renamedFrom: String?, kind: String, inSource: (String) -> Bool, mapped: MappingModel.PropertyMapping?, location: SourceLocation)] =
                to.locatedAttributes(ofObjectsOf: destinationName).filter { !$0.member.isTransient }.map { ($0.member.name, $0.member.renamedFrom, "attribute", { sourceAttributes.contains($0) }, attributes[$0.member.name], $0.location) }
                + to.locatedRelationships(ofObjectsOf: destinationName).filter {
                    !$0.member.isTransient && !unmade.contains($0.member.destination) && !fillsInverse(of: $0.member, in: destinationName)
                }.map { ($0.member.name, $0.member.renamedFrom, "relationship", { sourceRelationships.contains($0) }, relationships[$0.member.name], $0.location) }
            for member in members {
                // The source's property of the same name is the one mapped, though a leftover
                // bears the name the renaming identifier gives.
                let sourceName = [member.name, member.renamedFrom].compactMap { $0 }.first(where: member.inSource)
                guard let sourceName else { continue }
                // Xcode generates `$source.<name>` for a mapping of a property the source has under the same name.
                let hasValue = member.mapped.map { $0.hasValue || (generated && sourceName == member.name) } ?? false
                guard !hasValue else { continue }
                let lost = sourceName == member.name ? "'\(source.name).\(sourceName)'" : "'\(source.name).\(sourceName)' (renamed to '\(member.name)')"
                findings.append(finding(
                    mappingModel, placement,
                    message: "mapping model '\(mappingModel.name)' gives \(member.kind) '\(destination.name).\(member.name)' no value, so the migration drops \(lost) of every object of \(from.displayName)",
                    at: member.mapped?.location ?? mapping.location,
                    path: ElementPath(entity: mappingModel.name, member: "\(destination.name).\(member.name)"),
                    notes: [Finding.Note("'\(destination.name).\(member.name)' as declared in \(to.displayName)", at: member.location)],
                    suggestions: ["give it the value expression `$source.\(sourceName)` in the mapping \(mapping.name.map { "'\($0)'" } ?? "of '\(destination.name)'")" + (member.kind == "relationship" ? " (for a relationship: FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"<mapping>\", $source.\(sourceName)))" : "")]
                ))
            }
        }
        return findings
    }
}

/// `mapping-model-custom-policy`: an entity mapping runs code of the app's own (an
/// `NSEntityMigrationPolicy` subclass); schemalint cannot see what it does with the data.
struct MappingModelCustomPolicyRule: MappingModelRule {
    let descriptor = RuleDescriptor(
        id: "mapping-model-custom-policy", category: .migration, synced: .note, local: .note,
        summary: "An entity mapping runs a custom NSEntityMigrationPolicy: code schemalint cannot check, to be tested with a real store."
    )

    func check(_ mappingModel: MappingModel, _ placement: MappingModelPlacement) -> [Finding] {
        guard case .step(_, let from, _, _) = placement else { return [] }
        return mappingModel.entityMappings.compactMap { mapping in
            guard let policy = mapping.policyClass else { return nil }
            let entity = mapping.destination ?? mapping.source ?? "?"
            // No class name holds a space: the runtime finds no class by it, and the migration runs
            // with the default policy, without the custom code and without an error.
            if policy.contains(where: \.isWhitespace) {
                let meant = policy.filter { !$0.isWhitespace }
                return finding(
                    mappingModel, placement, severity: .warning,
                    message: "mapping model '\(mappingModel.name)' migrates '\(entity)' with the policy class '\(policy)', which no class is named (a class name holds no space): Core Data finds no such class and migrates '\(entity)' with the default policy, without the custom code and without an error",
                    at: mapping.location, path: ElementPath(entity: mappingModel.name, member: entity),
                    suggestions: ["name the class '\(meant)' in the entity mapping (a Swift class by its module and name, or by the name its `@objc(...)` gives it)"]
                )
            }
            return finding(
                mappingModel, placement,
                message: "mapping model '\(mappingModel.name)' migrates '\(entity)' with custom code (\(policy)); schemalint cannot see what it does with the data",
                at: mapping.location, path: ElementPath(entity: mappingModel.name, member: entity),
                suggestions: ["test the migration with a store written by \(from.displayName), with real-sized data, and keep that test (the policy runs once per object, in memory)"]
            )
        }
    }
}

import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// Builds model versions from the declarations of a run: one version per `VersionedSchema`,
/// ordered by the `schemas` of a `SchemaMigrationPlan` when one lists them, else by
/// `versionIdentifier`; `MigrationStage.custom` stages become written migrations. `@Model`
/// classes with no `VersionedSchema` anywhere form a history of one version.
struct VersionedSchemaHistory {
    var declarations: SwiftDeclarations
    var usesCloudKit: Bool
    /// Each model class mapped once, by its declaration: the live classes an app's every schema
    /// lists (25 schemas of 50 classes) are read the same for each, from the same declarations.
    private let mappedClasses = MappedClasses()

    private final class MappedClasses {
        var byDeclaration: [String: ModelClassMapper.Mapped] = [:]
    }

    func read() -> ModelSourceReading {
        var reading = ModelSourceReading()
        guard !declarations.schemas.isEmpty else {
            readUnversioned(into: &reading)
            return reading
        }
        if let live = liveClassesOpenedInstead() {
            readUnversioned(live, into: &reading)
            let schemas = declarations.plans.isEmpty ? declarations.schemas : declarations.plans
            if let first = schemas.first, let declared = declarations.schemaDeclarations[first] ?? declarations.planDeclarations[first] {
                let quoted = schemas.map { "'\($0)'" }
                let named = quoted.count > 3 ? quoted.prefix(3).joined(separator: ", ") + " and \(quoted.count - 3) more" : quoted.joined(separator: ", ")
                reading.notes.append(ReadingNote(at: declared.file.location(of: declared.node), "\(named) \(schemas.count == 1 ? "is" : "are") given to no ModelContainer: \(declarations.containers.count == 1 ? "the container opens" : "the containers open") only @Model classes declared outside every VersionedSchema, some listed by none, so those classes are linted as the store's model, and the schemas are not"))
            }
            return reading
        }
        var listed: Set<String> = []
        var plansBySchemas: [(schemas: [String], plans: [String])] = []
        for plan in declarations.plans {
            guard let declared = declarations.planDeclarations[plan] else { continue }
            guard let property = declarations.staticProperties[plan]?["schemas"] else {
                reading.errors.append(InputError(at: declared.file.location(of: declared.node), "the migration plan '\(plan)' has no `static var schemas` that schemalint can read"))
                continue
            }
            var schemas: [String] = []
            var unresolved: [ReadingNote] = []
            for reference in StaticReferences(in: property.node, file: property.file, scope: property.scope, declarations: declarations).types {
                guard let schema = resolveSchema(reference.name, in: reference.scope) else {
                    // Swift that compiles is never refused: the schema lies in code schemalint
                    // does not read (another package, generated code), so the history has a gap.
                    unresolved.append(ReadingNote(at: reference.location, "cannot find '\(reference.name)' of the schemas of '\(plan)' among the VersionedSchemas in the files read: the versions of '\(plan)' are not linted, since a step would be missing", lacksADeclaration: true))
                    continue
                }
                schemas.append(schema)
            }
            guard unresolved.isEmpty else {
                reading.notes += unresolved
                listed.formUnion(schemas)
                continue
            }
            for element in Self.listElements(of: property.node)
            where StaticReferences(in: element, file: property.file, scope: property.scope, declarations: declarations).types.isEmpty {
                reading.notes.append(ReadingNote(at: property.file.location(of: element), "cannot read '\(element.expression.trimmedText)' in the schemas of '\(plan)': schemalint reads a schema written as `SchemaV2.self`, or a static property set to one; the versions it stands for are not linted"))
            }
            listed.formUnion(schemas)
            // Plans that list the same schemas (one for upgrades and one for tests or downgrades,
            // which lists them newest first) are one history: its versions are linted once, with
            // the stages of both.
            if let same = plansBySchemas.firstIndex(where: { Set($0.schemas) == Set(schemas) }) {
                plansBySchemas[same].plans.append(plan)
            } else {
                plansBySchemas.append((schemas, [plan]))
            }
        }
        for (schemas, plans) in plansBySchemas {
            readHistory(model: plans[0], schemas: schemas, ordered: true, plans: plans, into: &reading)
        }
        let unlisted = declarations.schemas.filter { !listed.contains($0) }
        if !unlisted.isEmpty {
            if declarations.plans.isEmpty {
                readHistory(model: Self.familyName(of: unlisted), schemas: unlisted, ordered: false, plans: [], into: &reading)
            } else {
                for schema in unlisted {
                    if let declared = declarations.schemaDeclarations[schema] {
                        reading.notes.append(ReadingNote(at: declared.file.location(of: declared.node), "'\(schema)' is in no migration plan's `schemas`: it is not linted"))
                    }
                }
            }
        }
        return reading
    }

    /// `NotesSchema` for `NotesSchemaV1`, `NotesSchemaV2`: the shared name without the version suffix.
    static func familyName(of schemas: [String]) -> String {
        let names = schemas.map { String($0.split(separator: ".").last ?? "") }
        var prefix = names[0]
        for name in names.dropFirst() { prefix = String(prefix.commonPrefix(with: name)) }
        while let last = prefix.last, last.isNumber || last == "_" { prefix.removeLast() }
        if prefix.count > 1, prefix.last == "V" { prefix.removeLast() }
        return prefix.isEmpty ? ModelName.unnamedSwiftData : prefix
    }

    /// The schema a model class is declared in (nested in it or in an extension of it), or nil
    /// for a class of no schema: the app's live type.
    private func owningSchema(of model: Declared<ClassDeclSyntax>) -> String? {
        let scope = model.scope
        return declarations.schemas.filter { schema in
            let parts = schema.split(separator: ".").map(String.init)
            return scope.count >= parts.count && Array(scope.prefix(parts.count)) == parts
        }.max { $0.count < $1.count }
    }

    private func resolveSchema(_ name: String, in scope: [String]) -> String? {
        for length in stride(from: scope.count, through: 0, by: -1) {
            let qualified = (scope.prefix(length) + [name]).joined(separator: ".")
            if declarations.schemaDeclarations[qualified] != nil { return qualified }
            if let target = declarations.typeAliases[qualified], declarations.schemaDeclarations[target] != nil { return target }
        }
        return nil
    }

    private func readHistory(model: String, schemas: [String], ordered: Bool, plans: [String], into reading: inout ModelSourceReading) {
        let history = "swiftdata:" + model
        var versions: [(identifier: VersionNumber, version: ModelVersion, classes: Set<String>, borrowed: [(entity: BorrowedEntity, declaration: String)])] = []
        var unresolvedModels: [ReadingNote] = []
        var unreadIdentifiers: [SchemaLintCore.SourceLocation] = []
        for schema in schemas {
            guard let declared = declarations.schemaDeclarations[schema] else { continue }
            let schemaLocation = declared.file.location(of: declared.node)
            guard let identifierProperty = declarations.staticProperties[schema]?["versionIdentifier"] else {
                reading.errors.append(InputError(at: schemaLocation, "the VersionedSchema '\(schema)' has no `static var versionIdentifier`"))
                continue
            }
            // An identifier computed, or a string of the SDK's betas, leaves the order to the plan's
            // list (or, with no plan, to the schemas' names): the versions are still linted.
            let identifier: VersionNumber
            if let text = SwiftExpressions.schemaVersion(in: identifierProperty.node), let read = VersionNumber(text) {
                identifier = read
            } else {
                identifier = VersionNumber(ordinal: versions.count + 1)
                unreadIdentifiers.append(identifierProperty.file.location(of: identifierProperty.node))
            }
            guard let modelsProperty = declarations.staticProperties[schema]?["models"] else {
                reading.errors.append(InputError(at: schemaLocation, "the VersionedSchema '\(schema)' has no `static var models`"))
                continue
            }
            var classes: [Declared<ClassDeclSyntax>] = []
            var borrowed: [(entity: BorrowedEntity, declaration: String)] = []
            var listedAs: [String: (reference: String, declaration: Declared<ClassDeclSyntax>)] = [:]
            // A version read without one of its models would report the model removed.
            let listed = StaticReferences(in: modelsProperty.node, file: modelsProperty.file, scope: modelsProperty.scope, declarations: declarations)
            if let unread = listed.unread.first {
                unresolvedModels.append(ReadingNote(at: unread.location, "cannot read what '\(unread.name)' adds to the models of '\(schema)' (a list of `Model.self`, or another schema's or type's static `models`, is read): the versions of '\(model)' are not linted, since this one may lack models", lacksADeclaration: true))
            }
            for reference in listed.types {
                guard let found = declarations.modelClass(named: reference.name, in: reference.scope) else {
                    unresolvedModels.append(ReadingNote(at: reference.location, "cannot find '\(reference.name)' of the models of '\(schema)' among the @Model classes in the files read: the versions of '\(model)' are not linted, since this one would lack it", lacksADeclaration: true))
                    continue
                }
                let entity = found.node.name.text
                if let first = listedAs[entity], first.declaration.file.name != found.file.name || first.declaration.node.id != found.node.id {
                    reading.errors.append(InputError(at: reference.location, "'\(reference.name)' and '\(first.reference)' in the models of '\(schema)' are both the entity '\(entity)': SwiftData names an entity after its class"))
                    continue
                }
                listedAs[entity] = listedAs[entity] ?? (reference.name, found)
                classes.append(found)
                let owner = owningSchema(of: found)
                if owner != schema {
                    let entity = BorrowedEntity(entity: entity, owner: owner.map { String($0.split(separator: ".").last ?? "") }, location: reference.listedAt)
                    borrowed.append((entity, Self.declarationKey(found)))
                }
            }
            var version = ModelVersion(
                model: model, version: identifier, label: String(schema.split(separator: ".").last ?? ""),
                usesCloudKit: usesCloudKit, format: .swiftData, entities: entities(of: classes, notes: &reading.notes),
                file: declared.file.name, location: schemaLocation
            )
            version.history = history
            version.isInMigrationPlan = !plans.isEmpty && declarations.plansAreRead
            versions.append((identifier, version, Set(classes.map(Self.declarationKey)), borrowed))
        }
        guard unresolvedModels.isEmpty else {
            reading.notes += unresolvedModels
            return
        }
        if !unreadIdentifiers.isEmpty {
            let orderedBy = ordered ? "as the `schemas` of '\(plans[0])' lists them" : "by their names"
            if !ordered { versions.sort { NaturalOrder.precedes($0.version.label, $1.version.label) } }
            for index in versions.indices { versions[index].identifier = VersionNumber(ordinal: index + 1) }
            for index in versions.indices { versions[index].version.version = versions[index].identifier }
            for location in unreadIdentifiers {
                reading.notes.append(ReadingNote(
                    at: location, "cannot read this versionIdentifier (schemalint reads `Schema.Version(1, 0, 0)` with integer literals): the versions of '\(model)' are ordered \(orderedBy)",
                    detail: versions.count < 2
                ))
            }
        }
        // Without a plan, schemas that share a version identifier are parts of one version (an
        // enum per model, each at 1.0.0, listed together in one `Schema`): it holds all their classes.
        if plans.isEmpty { versions = Self.joiningEqualIdentifiers(versions, history: history) }
        // In the plan's order: the numbers say so when they agree with it (or with its reverse, in a
        // plan that goes back to older versions), else the plan's positions do.
        let pairs = zip(versions, versions.dropFirst())
        if ordered, !pairs.allSatisfy({ $0.identifier < $1.identifier }), !pairs.allSatisfy({ $0.identifier > $1.identifier }) {
            for index in versions.indices { versions[index].version.version = VersionNumber(ordinal: index + 1) }
        }
        // A plan no container is given migrates nothing: its stages are no written migration.
        if !plans.isEmpty, declarations.plansAreRead {
            let written = plans.flatMap { stagesWritten(in: $0) }
            reading.writtenMigrations[history, default: []] += customStages(written, model: model)
            // SwiftData migrates a store through the plan's stages in order: with a stage for every
            // step, no store jumps over a version.
            let steps = Set(written.compactMap { step(of: $0) }.map { "\($0.from) \($0.to)" })
            let labels = versions.map(\.version.label)
            if labels.count > 1, zip(labels, labels.dropFirst()).allSatisfy({ steps.contains("\($0) \($1)") }) {
                for index in versions.indices { versions[index].version.migratesStepByStep = true }
            }
        }
        // A class a version does not declare follows later edits when the newest version lists it
        // too: the newest is the one the app works with and edits (the live type, or the newest
        // schema's own class). One the newest does not list is frozen: a copy kept apart (`enum
        // FrozenModels { @Model final class Note { ... } }`) or a class of an older schema, which
        // other old versions may share and nothing edits.
        let live = versions.max { $0.version.version < $1.version.version }?.classes ?? []
        for index in versions.indices {
            versions[index].version.borrowedEntities = versions[index].borrowed.filter { live.contains($0.declaration) }.map(\.entity)
        }
        reading.versions += versions.map(\.version)
    }

    /// `versions` with those of one identifier made one, named and placed as the first of them,
    /// with the entities of each (a class two of them list, once).
    private static func joiningEqualIdentifiers(
        _ versions: [(identifier: VersionNumber, version: ModelVersion, classes: Set<String>, borrowed: [(entity: BorrowedEntity, declaration: String)])], history: String
    ) -> [(identifier: VersionNumber, version: ModelVersion, classes: Set<String>, borrowed: [(entity: BorrowedEntity, declaration: String)])] {
        var joined: [(identifier: VersionNumber, version: ModelVersion, classes: Set<String>, borrowed: [(entity: BorrowedEntity, declaration: String)])] = []
        for part in versions {
            guard let index = joined.firstIndex(where: { $0.identifier == part.identifier }) else {
                joined.append(part)
                continue
            }
            let first = joined[index].version
            let known = Set(first.entities.map(\.name))
            var version = ModelVersion(
                model: first.model, version: first.version, label: first.label, usesCloudKit: first.usesCloudKit, format: first.format,
                entities: first.entities + part.version.entities.filter { !known.contains($0.name) }, file: first.file, location: first.location
            )
            version.history = history
            joined[index].version = version
            joined[index].classes.formUnion(part.classes)
            joined[index].borrowed += part.borrowed.filter { borrowed in !joined[index].borrowed.contains { $0.declaration == borrowed.declaration } }
        }
        return joined
    }

    /// What tells one class declaration from another of the same name: its file and position.
    private static func declarationKey(_ declared: Declared<ClassDeclSyntax>) -> String {
        "\(declared.file.name):\(declared.node.position.utf8Offset)"
    }

    /// The `MigrationStage.custom` stages among those written.
    private func customStages(_ written: [Declared<FunctionCallExprSyntax>], model: String) -> [WrittenMigration] {
        written.compactMap { stage in
            guard stage.node.calledExpression.trimmedText.hasSuffix("custom"), let step = step(of: stage) else { return nil }
            return WrittenMigration(
                model: model, from: step.from, to: step.to,
                kind: .staged(reason: "the MigrationStage.custom from \(step.from) to \(step.to)"),
                location: stage.file.location(of: stage.node)
            )
        }
    }

    /// The stages written in the plan's body or its extensions, and those in static properties its
    /// `stages` refers to (`MigrateToV2.stage`), in the order of the files.
    private func stagesWritten(in plan: String) -> [Declared<FunctionCallExprSyntax>] {
        let planScope = plan.split(separator: ".").map(String.init)
        let referenced = declarations.staticProperties[plan]?["stages"].map { property in
            StaticReferences(in: property.node, file: property.file, scope: property.scope, declarations: declarations)
        }
        // Its code without comments: a stage named only in a comment (`// [migrateV1toV2]`) is not listed.
        let listed = declarations.staticProperties[plan]?["stages"]?.node.tokens(viewMode: .sourceAccurate).map(\.text).joined(separator: " ")
        return declarations.stages.filter { stage in
            if referenced?.followed(contains: stage.node, in: stage.file) == true { return true }
            guard stage.scope.starts(with: planScope) else { return false }
            // A stage the plan keeps in a property that its `stages` never names (`static let
            // migrateV2toV3 = ...`, left out of `[migrateV1toV2]`) is not one SwiftData runs.
            if let listed, let name = Self.propertyName(holding: stage.node), ByteSearch.wholeWordCount(of: name, in: Array(listed.utf8)) == 0 { return false }
            return true
        }
    }

    /// The name of the property whose value `node` is (`static let migrateV1toV2 = MigrationStage.custom(...)`).
    private static func propertyName(holding node: some SyntaxProtocol) -> String? {
        node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The schema labels a stage migrates from and to, when both can be read.
    private func step(of stage: Declared<FunctionCallExprSyntax>) -> (from: String, to: String)? {
        func schema(_ label: String) -> String? {
            guard let argument = stage.node.arguments.first(where: { $0.label?.text == label }),
                  let reference = StaticReferences(in: argument, file: stage.file, scope: stage.scope, declarations: declarations).types.first,
                  let schema = resolveSchema(reference.name, in: reference.scope)
            else { return nil }
            return String(schema.split(separator: ".").last ?? "")
        }
        guard let from = schema("fromVersion"), let to = schema("toVersion") else { return nil }
        return (from, to)
    }

    /// The elements of the array literal a property holds (`[A.self, B.self]`, as its value or
    /// what its getter returns).
    static func listElements(of node: some SyntaxProtocol) -> [ArrayElementSyntax] {
        for child in node.children(viewMode: .sourceAccurate) {
            if let array = child.as(ArrayExprSyntax.self) { return Array(array.elements) }
            let found = listElements(of: child)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The entities of the classes and of every model their relationships lead to, each once.
    private func entities(of classes: [Declared<ClassDeclSyntax>], notes: inout [ReadingNote]) -> [Entity] {
        let mapper = ModelClassMapper(declarations: declarations)
        var queue = classes
        var seen: Set<String> = []
        var entities: [Entity] = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next.node.name.text).inserted else { continue }
            let key = Self.declarationKey(next)
            let mapped = mappedClasses.byDeclaration[key] ?? mapper.map(next)
            mappedClasses.byDeclaration[key] = mapped
            entities.append(mapped.entity)
            notes += mapped.notes
            queue += mapped.destinations
        }
        return Self.droppingUnreadInverses(Self.inferringInverses(Self.completingInverses(entities)), notes: &notes)
    }

    /// An inverse key path (`\DieModel.cards`) names a relationship on the other side, which Swift
    /// checks; when schemalint read no such relationship there, it misread that side (a type it
    /// could not resolve is read as transformable, with a warning of its own). The inverse is left
    /// out with a warning, rather than refusing Swift that compiles.
    static func droppingUnreadInverses(_ entities: [Entity], notes: inout [ReadingNote]) -> [Entity] {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func hasRelationship(_ name: String, in entity: String) -> Bool {
            var current = byName[entity]
            var seen: Set<String> = []
            while let next = current, seen.insert(next.name).inserted {
                if next.relationship(named: name) != nil { return true }
                current = next.parent.flatMap { byName[$0] }
            }
            return false
        }
        var result = entities
        for entityIndex in result.indices {
            for index in result[entityIndex].relationships.indices {
                let relationship = result[entityIndex].relationships[index]
                guard let inverse = relationship.inverse, byName[relationship.destination] != nil,
                      !hasRelationship(inverse, in: relationship.destination)
                else { continue }
                result[entityIndex].relationships[index].inverse = nil
                notes.append(ReadingNote(at: result[entityIndex].location(of: relationship), "the inverse '\(inverse)' of '\(result[entityIndex].name).\(relationship.name)' is no relationship schemalint could read in '\(relationship.destination)': read without an inverse"))
            }
        }
        return result
    }

    /// SwiftData links two models' relationships by itself when each has exactly one relationship
    /// to the other and neither names an inverse: they are one link, each the other's inverse.
    static func inferringInverses(_ entities: [Entity]) -> [Entity] {
        var result = entities
        let index = Dictionary(entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (entityIndex, entity) in entities.enumerated() {
            let toward = entity.relationships.indices.filter { entity.relationships[$0].destination != entity.name }
            for relationshipIndex in toward {
                let relationship = entity.relationships[relationshipIndex]
                guard relationship.inverse == nil, let destination = index[relationship.destination],
                      entity.relationships.filter({ $0.destination == relationship.destination }).count == 1
                else { continue }
                let back = result[destination].relationships.indices.filter { result[destination].relationships[$0].destination == entity.name }
                guard back.count == 1, result[destination].relationships[back[0]].inverse == nil else { continue }
                result[entityIndex].relationships[relationshipIndex].inverse = result[destination].relationships[back[0]].name
                result[destination].relationships[back[0]].inverse = relationship.name
            }
        }
        return result
    }

    /// SwiftData needs an inverse written on one side only: the other side gets it too, also
    /// where it names one that is no relationship back (`inverse: \Subscription.id`, an attribute).
    static func completingInverses(_ entities: [Entity]) -> [Entity] {
        var result = entities
        let index = Dictionary(entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities {
            for relationship in entity.relationships {
                guard let inverse = relationship.inverse, let destination = index[relationship.destination],
                      let other = result[destination].relationships.firstIndex(where: { $0.name == inverse }),
                      result[destination].relationships[other].inverse.map({ written in !entity.relationships.contains { $0.name == written } }) ?? true
                else { continue }
                result[destination].relationships[other].inverse = relationship.name
            }
        }
        return result
    }

    /// The app's live `@Model` classes, where the containers open only them, and a class no
    /// schema lists: containers are made, none is given a plan, every class each opens is
    /// declared outside every schema, and some is listed by none (`Visit` beside
    /// `CloudKitSchemaV2.Visit`). No schema then holds what the store holds (the schemas are an
    /// example, or a plan not wired in yet): the live classes are its model, as where no schema
    /// is declared. Nil where a container opens a schema, a class of one, or nothing the code says.
    private func liveClassesOpenedInstead() -> [Declared<ClassDeclSyntax>]? {
        guard declarations.makesContainers, !declarations.passesMigrationPlan, !declarations.containers.isEmpty else { return nil }
        var opened: Set<String> = []
        for container in declarations.containers {
            let types = CloudKitSetting.typesOpened(by: container, declarations: declarations)
            guard !types.isEmpty, types.allSatisfy({ declarations.modelClasses[$0].map { owningSchema(of: $0) == nil } ?? false }) else { return nil }
            opened.formUnion(types)
        }
        guard !opened.isSubset(of: classesListedBySchemas()) else { return nil }
        return declarations.modelClasses.values.filter { owningSchema(of: $0) == nil }
    }

    /// The qualified names of the classes the schemas' `models` list.
    private func classesListedBySchemas() -> Set<String> {
        var listed: Set<String> = []
        for schema in declarations.schemas {
            guard let models = declarations.staticProperties[schema]?["models"] else { continue }
            for reference in StaticReferences(in: models.node, file: models.file, scope: models.scope, declarations: declarations).types {
                if let found = declarations.modelClass(named: reference.name, in: reference.scope) {
                    listed.insert((found.scope + [found.node.name.text]).joined(separator: "."))
                }
            }
        }
        return listed
    }

    /// `@Model` classes and no `VersionedSchema`: the app's one version.
    private func readUnversioned(_ declared: [Declared<ClassDeclSyntax>]? = nil, into reading: inout ModelSourceReading) {
        let classes = (declared ?? declarations.modelClasses.keys.sorted().compactMap { declarations.modelClasses[$0] })
            .sorted { ($0.file.name, $0.file.location(of: $0.node).line) < ($1.file.name, $1.file.location(of: $1.node).line) }
        guard let first = classes.first else { return }
        var version = ModelVersion(
            model: ModelName.unnamedSwiftData, version: VersionNumber(ordinal: 1), label: "current", usesCloudKit: usesCloudKit, format: .swiftData,
            entities: entities(of: classes, notes: &reading.notes), file: first.file.name, location: first.file.location(of: first.node.name)
        )
        version.history = "swiftdata:\(ModelName.unnamedSwiftData)"
        version.isDeclaredByItsEntities = true
        reading.versions.append(version)
    }
}

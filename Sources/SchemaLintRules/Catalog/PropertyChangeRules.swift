import Foundation
import SchemaLintCore

/// Rules about one property of an element that changed between a version and its baseline, each
/// with its own message: one generic struct, since only the wording and the condition differ.
package struct PropertyChangeRule: ChangeRule {
    struct Context {
        let change: Change
        let comparison: Comparison
        let synced: Bool
        var path: ElementPath { change.path }
        var olderApps: String { comparison.olderApps }
        var suggestions: Suggestions { Suggestions(comparison: comparison, change: change) }
    }

    package let descriptor: RuleDescriptor
    package let kinds: Set<Change.Kind>
    /// The finding's message and advice, or nil when the change is fine (or another rule reports it).
    let describe: @Sendable (Context) -> (message: String, suggestions: [String])?
    /// The finding as the project's code leaves it (a lower severity where the code decides what
    /// the model file does not say), or nil for the finding as described.
    let weighByCode: (@Sendable (Context, Finding) -> Finding?)?

    init(
        id: String, kind: Change.Kind, category: RuleCategory = .modification, synced: Severity?, local: Severity?, summary: String,
        weighByCode: (@Sendable (Context, Finding) -> Finding?)? = nil,
        describe: @escaping @Sendable (Context) -> (message: String, suggestions: [String])?
    ) {
        self.init(id: id, kinds: [kind], category: category, synced: synced, local: local, summary: summary, weighByCode: weighByCode, describe: describe)
    }

    init(
        id: String, kinds: Set<Change.Kind>, category: RuleCategory = .modification, synced: Severity?, local: Severity?, summary: String,
        weighByCode: (@Sendable (Context, Finding) -> Finding?)? = nil,
        describe: @escaping @Sendable (Context) -> (message: String, suggestions: [String])?
    ) {
        self.descriptor = RuleDescriptor(id: id, category: category, synced: synced, local: local, summary: summary)
        self.kinds = kinds
        self.weighByCode = weighByCode
        self.describe = describe
    }

    package func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        let context = Context(change: change, comparison: comparison, synced: comparison.isSynced(change))
        guard let described = describe(context) else { return [] }
        let found = finding(change, in: comparison, severity: severity, message: described.message, suggestions: described.suggestions)
        return [weighByCode?(context, found) ?? found]
    }

    static let all: [any ChangeRule] = [
        optionalToRequired, requiredToOptional, defaultChanged, transformerChanged, versionHashModifierChanged,
        cloudEncryptionChanged, orderedChanged, inverseChanged, abstractChanged,
    ]

    package static let optionalToRequired = PropertyChangeRule(
        id: "attribute-optional-to-required", kind: .attributeOptionalityChanged, synced: .warning, local: .note,
        summary: "An optional attribute became required (with a default)."
    ) { context in
        guard let old = context.change.old?.attribute, let new = context.change.new?.attribute,
              old.isOptional, !new.isOptional, new.defaultValue != nil, !new.isTransient, !new.isDerived
        else { return nil }
        let fill = "default \(Self.quoted(new.defaultValue))"
        if context.synced {
            return ("attribute '\(context.path)' became required (\(fill)); \(context.olderApps) may still clear it, and a record without a value fails validation when this version imports it",
                    ["keep '\(new.name)' optional and treat a missing value as \(Self.quoted(new.defaultValue)) in code, until apps older than this version are gone"])
        }
        return ("attribute '\(context.path)' became required; lightweight migration fills existing empty values with the \(fill)", [])
    }

    static let requiredToOptional = PropertyChangeRule(
        id: "attribute-required-to-optional", kind: .attributeOptionalityChanged, synced: .warning, local: nil,
        summary: "A required synced attribute became optional: older apps still expect a value."
    ) { context in
        guard let old = context.change.old?.attribute, let new = context.change.new?.attribute, !old.isOptional, new.isOptional, !new.isTransient else { return nil }
        return ("attribute '\(context.path)' became optional; \(context.olderApps) still treat it as required, and records this version writes without a value fail their validation or read as \(Self.quoted(old.defaultValue))",
                ["keep writing a value (\(old.defaultValue.map { "the default \(Self.quoted($0))" } ?? "a placeholder")) until apps older than this version are gone"])
    }

    static let defaultChanged = PropertyChangeRule(
        id: "attribute-default-changed", kind: .attributeDefaultChanged, synced: .warning, local: nil,
        summary: "A synced attribute's default value changed: older apps keep creating records with the old one."
    ) { context in
        guard let old = context.change.old?.attribute, let new = context.change.new?.attribute, !new.isTransient, !new.isDerived else { return nil }
        // A required attribute that lost its default is attribute-required-without-default's; with
        // a new type, the type change is what matters (attribute-type-changed).
        if !new.isOptional, new.defaultValue == nil { return nil }
        if old.type != new.type { return nil }
        // An optional attribute with no default that became required with one: older apps write
        // no value at all, which attribute-optional-to-required reports with the new default.
        if old.isOptional, !new.isOptional, old.defaultValue == nil { return nil }
        // What apps create is what matters: a SwiftData model's initializers override the default
        // written on a property they set. Where both versions create the same value, or the caller
        // chooses it, no default mixes into synced data.
        guard let (oldCreated, _) = Attribute.changedCreation(from: old, to: new) else { return nil }
        let (before, after) = (Self.quoted(old.defaultValue, type: old.type), Self.quoted(new.defaultValue, type: new.type))
        let created = oldCreated == old.defaultValue ? before : "\(Self.quoted(oldCreated, type: old.type)) (what their initializers give)"
        return ("attribute '\(context.path)' changed its default from \(before) to \(after); \(context.olderApps) keep creating records with \(created), so synced data holds both",
                ["treat both values alike in code, or keep the default \(before) and set the new value explicitly when creating objects"])
    }

    package static let transformerChanged = PropertyChangeRule(
        id: "attribute-transformer-changed", kind: .attributeTransformerChanged, synced: .error, local: .warning,
        summary: "A transformable attribute's transformer or class changed: no version-hash change, so no migration runs.",
        weighByCode: transformerGivenByCode
    ) { context in
        guard let old = context.change.old?.attribute, let new = context.change.new?.attribute else { return nil }
        // The move Apple asked for: the default (NSKeyedUnarchiveFromData) to the secure unarchiver
        // or a subclass of it (Foundation's, or the project's own) reads the same keyed archives.
        // A class named where there was none, or no longer named, only types the property in
        // code: the archive says what it holds.
        let project = context.comparison.keyedArchiveTransformers
        if old.className == new.className || (old.className ?? "").isEmpty || (new.className ?? "").isEmpty,
           Self.readsKeyedArchives(old.transformer, project: project), Self.readsKeyedArchives(new.transformer, project: project) { return nil }
        let (property, before, after) = old.transformer != new.transformer
            ? ("value transformer", old.transformer, new.transformer)
            : ("class", old.className, new.className)
        let what = "attribute '\(context.path)' changed its \(property) from \(Self.quoted(before)) to \(Self.quoted(after))"
        // A versionHashModifier changed in the same step makes a migration run, which copies the
        // bytes as they are; so does any other change of the entity's hash in the step.
        let forced = context.comparison.changes.contains { change in
            change.kind == .entityVersionHashModifierChanged && change.path.entity == context.path.entity
                || change.kind == .attributeVersionHashModifierChanged && change.path == context.path
        }
        let migrates = !forced && context.comparison.version.entitiesNeedingMigration(from: context.comparison.baseline).contains(context.path.entity)
        let hash = forced
            ? "the migration the changed versionHashModifier forces copies the stored bytes as they are, so values stored the old way are decoded the new way"
            : migrates
            ? "the migration the entity's other changes make copies the stored bytes as they are, so values stored the old way are decoded the new way"
            : "the version hash does not cover it, so no migration runs and values stored the old way are decoded the new way"
        let advice = context.suggestions.addReplacement("the new \(property)") + " in code"
        if context.synced {
            return ("\(what); \(hash), and \(context.olderApps) keep writing values encoded the old way", [advice])
        }
        return ("\(what); \(hash)", [advice, "or set `versionHashModifier` on '\(context.path.entity)' and convert the values in a staged migration"])
    }

    /// A transformer the model file no longer names, where the project's code gives attribute
    /// descriptions their transformers (an app that keeps the names elsewhere, such as in the
    /// attributes' User Info, and puts them back before it opens the stores): the transformer that
    /// decodes the stored values is the one the code gives, which the file does not show. A note
    /// that names the code.
    @Sendable static func transformerGivenByCode(_ context: Context, _ finding: Finding) -> Finding? {
        guard let code = context.comparison.code.setsTransformerNames, let old = context.change.old?.attribute, let new = context.change.new?.attribute,
              let before = old.transformer, !before.isEmpty, (new.transformer ?? "").isEmpty, old.className == new.className
        else { return nil }
        var weighed = finding
        weighed.severity = .note
        weighed.message = "attribute '\(context.path)' names no value transformer in \(context.comparison.version.displayName)'s model file, where \(context.comparison.baseline.displayName) named \(quoted(before)); the app's code sets valueTransformerName at run time (\(code.file):\(code.line)), so the transformer that decodes the stored values is the one it gives: if that is the one named before, nothing changes"
        weighed.notes.append(Finding.Note("the app's code gives attribute descriptions their value transformers here", at: code))
        weighed.suggestions = []
        return weighed
    }

    /// One finding per entity for its attributes' transformer changes in one step (a commit that
    /// moves every transformable attribute of an entity to another transformer is one change),
    /// at the first, naming each with what it changed from and to. `findings` may hold other
    /// steps' findings, which are left as they are.
    static func transformerChangesPerEntity(_ findings: [Finding], _ comparison: Comparison) -> [Finding] {
        let changes = Dictionary(comparison.changes.map { ($0.path.description, $0) }, uniquingKeysWith: { first, _ in first })
        return perEntity(findings, of: transformerChanged, comparison) { entity, sorted in
            var first = sorted[0]
            let described = sorted.compactMap { finding -> String? in
                guard let path = finding.path, let old = changes[path.description]?.old?.attribute, let new = changes[path.description]?.new?.attribute else { return nil }
                return old.transformer != new.transformer
                    ? "'\(path.member ?? "")' (transformer \(quoted(old.transformer)) to \(quoted(new.transformer)))"
                    : "'\(path.member ?? "")' (class \(quoted(old.className)) to \(quoted(new.className)))"
            }
            let consequence = first.message.split(separator: ";", maxSplits: 1).dropFirst().first.map { ";" + $0 } ?? ""
            first.message = "\(sorted.count) attributes of '\(entity)' changed their value transformer or class: \(described.joined(separator: ", "))\(consequence)"
            let code = comparison.code.setsTransformerNames.flatMap { code in first.notes.first { $0.location == code } }
            first.notes = sorted.map { Finding.Note("'\($0.path?.description ?? "")' is declared here", at: $0.location) } + (code.map { [$0] } ?? [])
            if !first.suggestions.isEmpty {
                first.suggestions = ["keep each of them as it is and add a new attribute beside it with the new transformer or class; write both, and read the new one falling back to the old one in code"]
                    + first.suggestions.dropFirst()
            }
            return first
        }
    }

    /// The findings of `rule` on attributes, one finding per entity and severity where a step
    /// gives several (`merge` makes it of them, sorted by place, and names the entity as its
    /// path); the others, and other steps' findings, as they are.
    private static func perEntity(_ findings: [Finding], of rule: PropertyChangeRule, _ comparison: Comparison, merge: (String, [Finding]) -> Finding) -> [Finding] {
        let id = rule.descriptor.id
        func isChange(_ finding: Finding) -> Bool { finding.path?.member != nil && comparison.ownsElementFinding(finding, of: id) }
        // (Those the code gives transformers, notes, apart from the others.)
        struct Group: Hashable { let entity: String, severity: Severity }
        let byEntity = Dictionary(grouping: findings.filter(isChange), by: { Group(entity: $0.path?.entity ?? "", severity: $0.severity) }).filter { $0.value.count > 1 }
        guard !byEntity.isEmpty else { return findings }
        let merged = byEntity.sorted(by: { ($0.key.entity, $0.key.severity) < ($1.key.entity, $1.key.severity) }).map { key, group in
            var finding = merge(key.entity, group.sorted { $0.location < $1.location })
            finding.path = ElementPath(entity: key.entity)
            return finding
        }
        let mergedGroups = Set(byEntity.keys)
        return findings.filter { !(isChange($0) && mergedGroups.contains(Group(entity: $0.path?.entity ?? "", severity: $0.severity))) } + merged
    }

    /// One finding per entity for its attributes that one step made required with a default (a
    /// class whose stored properties all lost their `?` is one change), at the first, naming each
    /// with its default. Findings of other steps, or a lone one, are left as they are.
    static func madeRequiredPerEntity(_ findings: [Finding], _ comparison: Comparison) -> [Finding] {
        perEntity(findings, of: optionalToRequired, comparison) { entity, sorted in
            var first = sorted[0]
            let described = sorted.compactMap { finding -> String? in
                guard let path = finding.path, let member = path.member, let new = comparison.version.entity(named: path.entity)?.attribute(named: member) else { return nil }
                return "'\(member)' (default \(quoted(new.defaultValue)))"
            }
            let synced = !first.suggestions.isEmpty
            first.message = synced
                ? "\(sorted.count) attributes of '\(entity)' became required: \(described.joined(separator: ", ")); \(comparison.olderApps) may still clear them, and a record without a value for one of them fails validation when this version imports it"
                : "\(sorted.count) attributes of '\(entity)' became required: \(described.joined(separator: ", ")); lightweight migration fills existing empty values with their defaults"
            first.notes = sorted.map { Finding.Note("'\($0.path?.description ?? "")' is declared here", at: $0.location) }
            if synced {
                first.suggestions = ["keep them optional and treat a missing value as the default in code, until apps older than this version are gone"]
            }
            return first
        }
    }

    /// Whether a transformable attribute's value transformer (nil: Core Data's default) reads
    /// values as keyed archives: the default NSKeyedUnarchiveFromData, NSSecureUnarchiveFromData,
    /// and subclasses of NSSecureUnarchiveFromDataTransformer, which are named after it by custom
    /// (`ExtendedSecureUnarchiveFromData`). Moving between them decodes the same bytes.
    /// `project`: the names of the project's own such transformers (`StoreCodeFacts.keyedArchiveTransformers`).
    static func readsKeyedArchives(_ transformer: String?, project: Set<String> = []) -> Bool {
        guard let transformer, !transformer.isEmpty else { return true }
        let name = transformer.split(separator: ".").last.map(String.init) ?? transformer
        return project.contains(transformer) || project.contains(name) || ["NSKeyedUnarchiveFromData", "NSKeyedUnarchiveFromDataTransformerName", "NSSecureUnarchiveFromDataTransformerName"].contains(name)
            || name.hasSuffix("SecureUnarchiveFromData") || name.hasSuffix("SecureUnarchiveFromDataTransformer")
    }

    static let versionHashModifierChanged = PropertyChangeRule(
        id: "version-hash-modifier-changed", kinds: [.entityVersionHashModifierChanged, .attributeVersionHashModifierChanged], synced: .error, local: .note,
        summary: "An entity's or attribute's versionHashModifier changed: it forces a migration that CloudKit data does not get."
    ) { context in
        // The same step changes what the version hash covers anyway (an attribute added): the
        // modifier forces no migration that would not happen, and CloudKit gets an ordinary change.
        guard !Self.hashChangesAnyway(context.change, context.comparison.changes) else { return nil }
        let what: String
        switch (context.change.old, context.change.new) {
        case (.entity(let old)?, .entity(let new)?):
            what = "entity '\(context.path)' changed its versionHashModifier from \(Self.quoted(old.versionHashModifier)) to \(Self.quoted(new.versionHashModifier))"
        case (.attribute(let old)?, .attribute(let new)?):
            what = "attribute '\(context.path)' changed its versionHashModifier from \(Self.quoted(old.versionHashModifier)) to \(Self.quoted(new.versionHashModifier))"
        default:
            return nil
        }
        // The modifier forces the migration that builds an index the step adds (indexes are
        // outside the hash, so a store gets one only from a migration): a local matter, and
        // CloudKit keeps no indexes.
        let indexes = Self.indexesAdded(for: context.change, in: context.comparison)
        if !indexes.isEmpty {
            if context.synced { return nil }
            return ("\(what); stores of \(context.comparison.baseline.displayName) migrate, which builds the index\(indexes.count == 1 ? "" : "es") the step adds (\(indexes.joined(separator: "; ")))", [])
        }
        if context.synced {
            return ("\(what); that forces a local migration for a change Core Data cannot see, but records in CloudKit are not migrated and \(context.olderApps) keep writing them the old way",
                    [context.suggestions.addReplacement("the new representation"), context.suggestions.versionAttribute])
        }
        return ("\(what); stores of \(context.comparison.baseline.displayName) migrate even if nothing else changed (intended when forcing a migration)", [])
    }

    /// The indexes the step adds to the entity of `change` (fetch indexes, attributes marked
    /// indexed) that hold the attribute whose modifier changed, or any for the entity's modifier:
    /// each as its properties (`url, isPendingDeletion`).
    static func indexesAdded(for change: Change, in comparison: Comparison) -> [String] {
        guard let new = comparison.version.entity(named: change.path.entity) else { return [] }
        let old = comparison.baseline.entity(named: change.path.entity)
        let before = Set((old?.fetchIndexes ?? []) + (old?.attributes.filter(\.isIndexed).map { [$0.name] } ?? []))
        let after = new.fetchIndexes + new.attributes.filter(\.isIndexed).map { [$0.name] }
        return after.filter { index in !before.contains(index) && (change.path.member.map(index.contains) ?? true) }
            .map { $0.joined(separator: ", ") }
    }

    /// The changes to what an element's version hash is made of (Core Data's `versionHash`: an
    /// entity's name, parent, abstractness and stored properties; a property's name, type,
    /// optionality and transience, a relationship's destination and cardinality).
    static let hashChanges: Set<Change.Kind> = [
        .entityParentChanged, .entityAbstractChanged,
        .attributeAdded, .attributeRemoved, .attributeRenamed, .attributeTypeChanged, .attributeOptionalityChanged, .attributeTransienceChanged,
        .relationshipAdded, .relationshipRemoved, .relationshipRenamed, .relationshipDestinationChanged, .relationshipCardinalityChanged,
        .relationshipOrderedChanged, .relationshipOptionalityChanged, .relationshipTransienceChanged,
    ]

    /// Whether `changes` change the version hash of the element whose modifier `change` changed
    /// (of the entity, through any of its stored properties, for an entity's modifier).
    static func hashChangesAnyway(_ change: Change, _ changes: [Change]) -> Bool {
        changes.contains { other in
            guard hashChanges.contains(other.kind), other.path.entity == change.path.entity,
                  change.path.member == nil || other.path.member == change.path.member else { return false }
            // A transient property is stored nowhere and is in no hash.
            return !((other.old?.isTransient ?? true) && (other.new?.isTransient ?? true))
        }
    }

    static let cloudEncryptionChanged = PropertyChangeRule(
        id: "attribute-cloud-encryption-changed", kind: .attributeCloudEncryptionChanged, synced: .error, local: nil,
        summary: "A synced attribute's allowsCloudEncryption changed: a deployed field cannot change to or from encrypted."
    ) { context in
        guard let new = context.change.new?.attribute else { return nil }
        let state = new.allowsCloudEncryption ? "is now encrypted in CloudKit" : "is no longer encrypted in CloudKit"
        return ("attribute '\(context.path)' \(state); an encrypted field is a different kind of CloudKit field, and a field deployed to production cannot change, so this schema cannot be deployed",
                [context.suggestions.addReplacement(new.allowsCloudEncryption ? ModelVocabulary(context.comparison.version.format).cloudEncryption : "no encryption")])
    }

    static let orderedChanged = PropertyChangeRule(
        id: "relationship-ordered-changed", kind: .relationshipOrderedChanged, synced: .error, local: .note,
        summary: "A relationship changed between ordered and unordered."
    ) { context in
        guard let new = context.change.new?.relationship else { return nil }
        // A synced relationship becoming ordered is cloudkit-ordered-relationship's.
        if context.synced, new.isOrdered { return nil }
        // Both ends of a many-to-many link changed alike: one finding, at the end whose path
        // sorts first, naming both.
        var what = "relationship '\(context.path)'"
        var verb = "is"
        var built = "an ordered relationship"
        var destinations = "'\(new.destination)'"
        if let inverse = context.comparison.sameChange(atInverseOf: context.change), let other = inverse.new?.relationship, other.isOrdered == new.isOrdered {
            if inverse.path < context.path { return nil }
            what = "relationship '\(context.path)' and its inverse '\(inverse.path)'"
            verb = "are"
            built = "ordered relationships"
            destinations += " and '\(other.destination)'"
        }
        if context.synced {
            return ("\(what) \(verb) no longer ordered; \(context.olderApps) were built for \(built), which CloudKit never stored, so their model cannot sync",
                    ["keep the order in an attribute of \(destinations) (say 'position', double, default 0)"])
        }
        return new.isOrdered
            ? ("\(what) became ordered; lightweight migration infers it, with the existing objects in no particular order", [])
            : ("\(what) \(verb) no longer ordered; lightweight migration infers it, and the order is lost", ["if the order matters, copy it into an attribute of \(destinations) first"])
    }

    static let inverseChanged = PropertyChangeRule(
        id: "relationship-inverse-changed", kind: .relationshipInverseChanged, synced: .error, local: .warning,
        summary: "A relationship's inverse changed: the link is stored on the other side under another name."
    ) { context in
        guard let old = context.change.old?.relationship, let new = context.change.new?.relationship else { return nil }
        // A synced relationship that lost its inverse is cloudkit-missing-inverse's.
        if context.synced, new.inverse == nil { return nil }
        // One that now points to another entity is relationship-destination-changed's: its links
        // are decided by that change, whatever it is paired with.
        if old.destination != new.destination { return nil }
        // A to-one whose inverse is now a to-many new in this version, where it was none or a
        // to-many this version no longer has (the to-many side added, or renamed): the link stays
        // stored where it was (the to-one side's column), and a to-many stores nothing.
        let (baseline, version) = (context.comparison.baseline, context.comparison.version)
        // A local to-one whose to-many inverse was removed, or paired with another relationship
        // (it is one-way now): the link stays in its own column, which migration copies; no
        // pairing is left to disagree with. The to-many that changed pairs is a finding of its own.
        if !context.synced, !old.isToMany, !new.isToMany, new.inverse == nil, let gone = old.inverse,
           baseline.entity(named: old.destination)?.relationship(named: gone)?.isToMany == true,
           version.entity(named: old.destination)?.relationship(named: gone).map({ $0.inverse != new.name }) ?? true {
            return nil
        }
        if !old.isToMany, !new.isToMany, old.destination == new.destination, let inverse = new.inverse,
           version.entity(named: new.destination)?.relationship(named: inverse)?.isToMany == true,
           baseline.entity(named: new.destination)?.relationship(named: inverse) == nil,
           old.inverse.map({ gone in
               baseline.entity(named: old.destination)?.relationship(named: gone)?.isToMany == true
                   && version.entity(named: old.destination)?.relationship(named: gone) == nil
           }) ?? true {
            return nil
        }
        // Any other relationship whose inverse was none, or one this version no longer has, that
        // is paired with a relationship new in this version (a one-way to-many and a new to-one
        // paired with it; a to-one whose to-one inverse gave way to a new to-many, or to a to-one
        // under another name): it keeps its name and destination, migration copies its links, and
        // Core Data fills the new inverse from them; no old pairing is left to disagree with. A new
        // to-one in place of a to-many (`gameCollections` giving way to `gameCollection`) holds
        // fewer links than the old pairing did: that stays a finding. So does any of it in a synced
        // store, where the renamed to-one is another field that older apps still write.
        if old.destination == new.destination, old.isToMany == new.isToMany, let inverse = new.inverse,
           baseline.entity(named: new.destination)?.relationship(named: inverse) == nil {
            let newInverseIsToMany = version.entity(named: new.destination)?.relationship(named: inverse)?.isToMany == true
            if let gone = old.inverse, !context.synced {
                let oldInverse = baseline.entity(named: old.destination)?.relationship(named: gone)
                if version.entity(named: old.destination)?.relationship(named: gone) == nil, newInverseIsToMany || oldInverse?.isToMany == false { return nil }
            } else if old.inverse == nil {
                return nil
            }
        }
        var what = "relationship '\(context.path)' changed its inverse from \(Self.quoted(old.inverse)) to \(Self.quoted(new.inverse))"
        // Two relationships that became each other's inverse are one link: said once, by the end
        // whose name comes first, naming both.
        let owner = context.path.entity
        if let inverse = new.inverse, let other = context.comparison.version.entity(named: new.destination)?.relationship(named: inverse),
           other.inverse == new.name, other.destination == owner,
           let otherBefore = context.comparison.baseline.entity(named: new.destination)?.relationship(named: inverse), otherBefore.inverse != other.inverse {
            if (new.destination, inverse) < (owner, new.name) { return nil }
            what = "relationships '\(context.path)' and '\(new.destination).\(inverse)' became each other's inverse (before: \(Self.quoted(old.inverse)) and \(Self.quoted(otherBefore.inverse)))"
        }
        if context.synced {
            return ("\(what); CloudKit keeps a link in the to-one side's field, so \(context.olderApps) keep linking through \(Self.quoted(old.inverse)) and this version does not see those links",
                    [context.suggestions.addReplacement("the new inverse"), context.suggestions.versionAttribute])
        }
        return ("\(what); lightweight migration pairs the relationships anew, and existing links survive only where the old inverse matches the new one", [context.suggestions.stagedMigration])
    }

    static let abstractChanged = PropertyChangeRule(
        id: "entity-abstract-changed", kind: .entityAbstractChanged, synced: .warning, local: .warning,
        summary: "An entity became abstract, or stopped being abstract."
    ) { context in
        guard let new = context.change.new?.entity else { return nil }
        if new.isAbstract {
            let whose = context.synced ? "existing objects of '\(new.name)' and records \(context.olderApps) still create" : "existing objects of '\(new.name)'"
            return ("entity '\(context.path)' became abstract; \(whose) can no longer be instantiated as '\(new.name)'",
                    ["keep '\(new.name)' concrete and stop creating it in code, or move its objects to a concrete subentity in a staged migration first"])
        }
        // A local entity that keeps no subentity (they were merged into it in the same step):
        // nothing is left that fetched only them, and their removal is their own finding.
        if !context.synced, !context.comparison.version.entities.contains(where: { $0.parent == new.name }) { return nil }
        return ("entity '\(context.path)' is no longer abstract; code and fetch requests that expect only its subentities now also get '\(new.name)' objects" + (context.synced ? ", which \(context.olderApps) cannot read" : ""), [])
    }

    /// `'blue'`, `0`, or `none`.
    static func quoted(_ value: String?) -> String { value.map { "'\($0)'" } ?? "none" }

    /// A default as written, and for a date the moment it names: Core Data writes a date's default
    /// as seconds since 2001-01-01 (`'665122680' (2022-01-29 04:18:00 UTC)`).
    static func quoted(_ value: String?, type: AttributeType) -> String {
        guard type == .date, let value, let seconds = Double(value), seconds.isFinite, abs(seconds) < 1e11 else { return quoted(value) }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return "\(quoted(value)) (\(format.string(from: Date(timeIntervalSinceReferenceDate: seconds))) UTC)"
    }
}


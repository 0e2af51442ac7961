import SchemaLintCore

/// CloudKit's requirements on a synced model, checked in each version on its own (Apple,
/// "Creating a Core Data Model for CloudKit"; a store that breaks them does not load, with
/// `NSCocoaErrorDomain` error 134060). Simple per-element checks share `CloudKitElementRule`;
/// the record-type checks have files of their own.
package enum CloudKitModelRules {
    static let all: [any VersionRule] = [
        uniqueConstraint, unsupportedType, requiredAttribute, requiredRelationship, missingInverse,
        denyDeleteRule, orderedRelationship,
        CrossConfigurationRelationshipRule(), RecordFieldLimitRule(), HierarchyFieldConflictRule(),
    ]

    package static let uniqueConstraint = CloudKitElementRule(
        id: "cloudkit-unique-constraint",
        summary: "A synced entity has a uniqueness constraint, which CloudKit cannot enforce."
    ) { entity, _ in
        guard !entity.uniquenessConstraints.isEmpty else { return [] }
        let list = entity.uniquenessConstraints.map { "(\($0.joined(separator: ", ")))" }.joined(separator: ", ")
        return [(
            ElementPath(entity: entity.name), entity.location(of: "uniqueness"),
            "entity '\(entity.name)' has a uniqueness constraint \(list); CloudKit cannot enforce uniqueness across devices, so a synced store with constraints does not load",
            ["remove the constraint and deduplicate in code after each import (for example on NSPersistentStoreRemoteChange notifications)"]
        )]
    }

    package static let unsupportedType = CloudKitElementRule(
        id: "cloudkit-unsupported-type",
        summary: "A synced attribute has type undefined or objectID, which CloudKit cannot store."
    ) { entity, _ in
        entity.attributes.filter { !$0.isTransient && ($0.type == .undefined || $0.type == .objectID) }.map { attribute in (
            ElementPath(entity: entity.name, member: attribute.name), entity.location(of: "type", of: attribute),
            "attribute '\(entity.name).\(attribute.name)' has type \(attribute.type), which CloudKit cannot store; a synced store with it does not load",
            [attribute.type == .objectID
                ? "store a stable identifier instead (a uuid attribute, or the object's URI as a uri), or make '\(attribute.name)' transient"
                : "give '\(attribute.name)' a concrete type, or make it transient"]
        ) }
    }

    package static let requiredAttribute = CloudKitElementRule(
        id: "cloudkit-required-attribute",
        summary: "A synced attribute is required and has no default value.",
        supersededBy: ["attribute-required-without-default"],
        together: CloudKitElementRule.Together(
            problem: { count, entity in "\(count) attributes of '\(entity)' are required with no default" },
            consequence: "CloudKit requires every attribute to be optional or to have a default, so a synced store with them does not load",
            suggestion: { format, names in ModelVocabulary(format).optionalOrDefault(each: names) }
        )
    ) { entity, version in
        entity.attributes.filter { !$0.isOptional && $0.defaultValue == nil && !$0.isTransient && !$0.isDerived }.map { attribute in (
            ElementPath(entity: entity.name, member: attribute.name), entity.location(of: "optional", of: attribute),
            "attribute '\(entity.name).\(attribute.name)' is required with no default; CloudKit requires every attribute to be optional or to have a default, so a synced store with it does not load",
            [ModelVocabulary(version.format).optionalOrDefault(attribute.name, type: attribute.type)]
        ) }
    }

    package static let requiredRelationship = CloudKitElementRule(
        id: "cloudkit-required-relationship",
        summary: "A synced relationship is required.",
        together: CloudKitElementRule.Together(
            problem: { count, entity in "\(count) relationships of '\(entity)' are required" },
            consequence: "CloudKit requires every relationship to be optional (a record can arrive before the records it links to), so a synced store with them does not load",
            suggestion: { _, names in "make each of \(names.map { "'\($0)'" }.joined(separator: ", ")) optional, and check in code (for example in validateForInsert/validateForUpdate) where the link matters" }
        )
    ) { entity, _ in
        // CloudKit's check when the store loads reads `optional` alone: a count limit on an
        // optional relationship (older Xcode's `minCount="1" maxCount="1"` on every to-one, a
        // SwiftData `minimumModelCount:` on an optional array) loads and syncs.
        entity.relationships.filter { !$0.isTransient && !$0.isOptional }.map { relationship in (
            ElementPath(entity: entity.name, member: relationship.name),
            entity.location(of: "optional", of: relationship),
            "relationship '\(entity.name).\(relationship.name)' is required; CloudKit requires every relationship to be optional (a record can arrive before the records it links to), so a synced store with it does not load",
            ["make '\(relationship.name)' optional, and check in code (for example in validateForInsert/validateForUpdate) where the link matters"]
        ) }
    }

    package static let missingInverse = CloudKitElementRule(
        id: "cloudkit-missing-inverse",
        summary: "A synced relationship has no inverse."
    ) { entity, version in
        entity.relationships.filter { !$0.isTransient && $0.inverse == nil }.map { relationship in (
            ElementPath(entity: entity.name, member: relationship.name), entity.location(of: relationship),
            "relationship '\(entity.name).\(relationship.name)' has no inverse; CloudKit requires an inverse for every relationship, so a synced store with it does not load",
            [ModelVocabulary(version.format).inverse(of: relationship.name, to: relationship.destination)]
        ) }
    }

    package static let denyDeleteRule = CloudKitElementRule(
        id: "cloudkit-deny-delete-rule",
        summary: "A synced relationship uses the Deny delete rule."
    ) { entity, _ in
        entity.relationships.filter { !$0.isTransient && $0.deleteRule == .deny }.map { relationship in (
            ElementPath(entity: entity.name, member: relationship.name), entity.location(of: "deleteRule", of: relationship),
            "relationship '\(entity.name).\(relationship.name)' uses the deny delete rule; CloudKit does not support it (another device may delete the related records regardless), so a synced store with it does not load",
            ["use nullify or cascade, and check in code before deleting where the deletion must be refused"]
        ) }
    }

    package static let orderedRelationship = CloudKitElementRule(
        id: "cloudkit-ordered-relationship",
        summary: "A synced relationship is ordered."
    ) { entity, _ in
        entity.relationships.filter { !$0.isTransient && $0.isOrdered }.map { relationship in (
            ElementPath(entity: entity.name, member: relationship.name), entity.location(of: "ordered", of: relationship),
            "relationship '\(entity.name).\(relationship.name)' is ordered; CloudKit does not support ordered relationships, so a synced store with it does not load",
            ["make it unordered and keep the order in an attribute of '\(relationship.destination)' (say 'position', double, default 0)"]
        ) }
    }
}

/// A CloudKit requirement checked element by element in each synced entity.
package struct CloudKitElementRule: EntityVersionRule {
    typealias Problem = (path: ElementPath, location: SourceLocation, message: String, suggestions: [String])

    /// How the rule says several of its problems in one entity of one version at once: one
    /// entity's five stored properties declared without defaults are one thing to fix, not five.
    struct Together: Sendable {
        /// The problem, from the number of members and the entity's name.
        let problem: @Sendable (Int, String) -> String
        /// What follows from it, as one sentence about all of them.
        let consequence: String
        /// What to do, from the model's format and the members' names.
        let suggestion: @Sendable (ModelFormat, [String]) -> String
    }

    package let descriptor: RuleDescriptor
    package let supersededBy: Set<String>
    let together: Together?
    let problems: @Sendable (Entity, ModelVersion) -> [Problem]

    init(id: String, summary: String, supersededBy: Set<String> = [], together: Together? = nil, problems: @escaping @Sendable (Entity, ModelVersion) -> [Problem]) {
        self.descriptor = RuleDescriptor(id: id, category: .cloudkitModel, synced: .error, local: nil, summary: summary)
        self.supersededBy = supersededBy
        self.together = together
        self.problems = problems
    }

    package func check(_ entity: Entity, in version: ModelVersion) -> [Finding] {
        problems(entity, version).map { problem in
            finding(in: version, path: problem.path, at: problem.location, message: problem.message, suggestions: problem.suggestions)
        }
    }
}

extension CloudKitElementRule {
    /// The findings of a run, with those of a rule that says them `together` merged: one per
    /// entity of a version, at its first member, naming each, with a note at each member and the
    /// other notes of the members once each. Other findings are left as they are. `formats`: each
    /// version's, by model and label (joined by a NUL).
    static func perEntity(_ findings: [Finding], rules: [CloudKitElementRule], formats: [String: ModelFormat]) -> [Finding] {
        let together = Dictionary(rules.compactMap { rule in rule.together.map { (rule.descriptor.id, $0) } }, uniquingKeysWith: { first, _ in first })
        struct Group: Hashable { let rule: String, model: String, version: String, entity: String }
        func group(of finding: Finding) -> Group? {
            guard together[finding.ruleID] != nil, let path = finding.path, path.member != nil else { return nil }
            return Group(rule: finding.ruleID, model: finding.model, version: finding.version, entity: path.entity)
        }
        let groups = Dictionary(grouping: findings.indices.filter { group(of: findings[$0]) != nil }, by: { group(of: findings[$0])! }).filter { $0.value.count > 1 }
        guard !groups.isEmpty else { return findings }
        var merged: [Int: Finding] = [:]
        var dropped = Set<Int>()
        for (key, members) in groups {
            let sorted = members.sorted { findings[$0].location < findings[$1].location }
            let names = sorted.compactMap { findings[$0].path?.member }
            let wording = together[key.rule]!
            var first = findings[sorted[0]]
            first.message = "\(wording.problem(names.count, key.entity)): \(names.map { "'\($0)'" }.joined(separator: ", ")); \(wording.consequence)"
            first.memberIdentities = sorted.map { findings[$0].identity }
            first.path = ElementPath(entity: key.entity)
            var told = Set<String>()
            let others = sorted.flatMap { findings[$0].notes }.filter { told.insert($0.message).inserted }
            first.notes = sorted.map { Finding.Note("'\(findings[$0].path?.description ?? "")' is declared here", at: findings[$0].location) } + others
            first.suggestions = [wording.suggestion(formats[key.model + "\u{0}" + key.version] ?? .yaml, names)]
            merged[sorted[0]] = first
            dropped.formUnion(sorted.dropFirst())
        }
        return findings.indices.filter { !dropped.contains($0) }.map { merged[$0] ?? findings[$0] }
    }
}


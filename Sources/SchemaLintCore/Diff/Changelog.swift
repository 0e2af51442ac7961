/// The typed changes between two versions as a readable changelog, grouped by entity: for pull
/// request descriptions (`schemalint diff OLD NEW`), as markdown or JSON.
package struct Changelog: Sendable {
    package let old: ModelVersion
    package let new: ModelVersion
    package let changes: [Change]

    package init(old: ModelVersion, new: ModelVersion) {
        self.old = old
        self.new = new
        // An element kept under its name with a new renaming identifier is one line, its removal's.
        self.changes = ModelDiffer().changes(from: old, to: new).filter { !($0.isReidentified && $0.old == nil) }
    }

    /// Changes by entity (the newer name; a removed entity's old name), entities sorted by name;
    /// within an entity removals, then renames, then other changes, then additions.
    var groups: [(entity: String, changes: [Change])] {
        func rank(_ change: Change) -> Int {
            if change.new == nil { return 0 }
            if change.old == nil { return 3 }
            return [.entityRenamed, .attributeRenamed, .relationshipRenamed].contains(change.kind) ? 1 : 2
        }
        var byEntity: [String: [(offset: Int, change: Change)]] = [:]
        for (offset, change) in changes.enumerated() { byEntity[change.path.entity, default: []].append((offset, change)) }
        return byEntity.keys.sorted().map { entity in
            (entity, byEntity[entity]!.sorted { (rank($0.change), $0.offset) < (rank($1.change), $1.offset) }.map(\.change))
        }
    }

    package func markdown() -> String {
        var out = "# \(old.model): \(old.displayName) -> \(new.displayName)\n"
        if changes.isEmpty { return out + "\nNo changes.\n" }
        for (entity, changes) in groups {
            out += "\n## \(entity)\n\n"
            for change in changes { out += "- \(Self.describe(change))\n" }
        }
        let count = groups.count
        out += "\n\(changes.count) change\(changes.count == 1 ? "" : "s") in \(count) entit\(count == 1 ? "y" : "ies").\n"
        return out
    }

    package func json() -> String {
        let document: JSONValue = [
            "model": .string(old.model),
            "from": .string(old.label),
            "to": .string(new.label),
            "changes": .array(groups.flatMap(\.changes).map { change in
                .object(omittingNils: [
                    "kind": .string(change.kind.rawValue),
                    "entity": .string(change.path.entity),
                    "element": .string(change.path.description),
                    "oldElement": change.oldPath.map { .string($0.description) },
                    "description": .string(Self.describe(change)),
                    "file": .string(change.location.file),
                    "line": .integer(change.location.line),
                    "column": .integer(change.location.column),
                ])
            }),
        ]
        return document.rendered() + "\n"
    }

    /// One line about one change, in the model format's words.
    package static func describe(_ change: Change) -> String {
        let old = change.old, new = change.new
        let name = "`\(change.path.member ?? change.path.entity)`"
        let oldName = "`\((change.oldPath ?? change.path).member ?? (change.oldPath ?? change.path).entity)`"
        func code(_ value: String?) -> String { value.map { "`\($0)`" } ?? "none" }
        func from<T: Equatable>(_ property: String, _ before: T?, _ after: T?, _ text: (T) -> String) -> String {
            "\(new?.kind ?? old?.kind ?? "element") \(name): \(property) \(code(before.map(text))) -> \(code(after.map(text)))"
        }
        // One element of one name both sides, which a migration does not pair: said once, on the removal.
        if change.isReidentified {
            guard let element = old else { return "\(new?.kind ?? "element") \(name) kept its name under a new renaming identifier" }
            return "\(element.kind) \(oldName) kept its name but not its renaming identifier, so a migration drops its data"
        }
        switch change.kind {
        case .entityAdded:
            return "added entity \(name)" + (new?.entity?.parent.map { " (parent `\($0)`)" } ?? "")
        case .entityRemoved:
            return "removed entity \(oldName)"
        case .entityRenamed, .attributeRenamed, .relationshipRenamed:
            return "renamed \(new?.kind ?? "element") \(oldName) to \(name)"
        case .entityParentChanged:
            return from("parent", old?.entity?.parent, new?.entity?.parent) { $0 }
        case .entityAbstractChanged:
            return "entity \(name) " + (new?.entity?.isAbstract == true ? "became abstract" : "is no longer abstract")
        case .entityVersionHashModifierChanged:
            return from("versionHashModifier", old?.entity?.versionHashModifier, new?.entity?.versionHashModifier) { $0 }
        case .entityUniquenessChanged:
            func list(_ entity: Entity?) -> String? {
                guard let constraints = entity?.uniquenessConstraints, !constraints.isEmpty else { return nil }
                return constraints.map { "(\($0.joined(separator: ", ")))" }.joined(separator: ", ")
            }
            return from("uniqueness", list(old?.entity), list(new?.entity)) { $0 }
        case .entitySyncChanged:
            return "entity \(name) moved between a synced and a local configuration"
        case .attributeAdded, .relationshipAdded:
            return "added \(new?.kind ?? "element") \(name) (\(summary(of: new)))"
        case .attributeRemoved, .relationshipRemoved:
            return "removed \(old?.kind ?? "element") \(oldName)"
        case .attributeTypeChanged:
            return from("type", old?.attribute?.type, new?.attribute?.type) { $0.rawValue }
        case .attributeOptionalityChanged:
            return "attribute \(name) made " + (new?.attribute?.isOptional == true ? "optional" : "required")
        case .attributeDefaultChanged:
            // An empty string is written as one, not as an empty pair of backticks.
            return from("default", old?.attribute?.defaultValue, new?.attribute?.defaultValue) { $0.isEmpty ? "\"\"" : $0 }
        case .attributeTransienceChanged:
            return "attribute \(name) " + (new?.attribute?.isTransient == true ? "made transient" : "no longer transient")
        case .attributeTransformerChanged:
            if old?.attribute?.transformer != new?.attribute?.transformer {
                return from("transformer", old?.attribute?.transformer, new?.attribute?.transformer) { $0 }
            }
            return from("className", old?.attribute?.className, new?.attribute?.className) { $0 }
        case .attributeCloudEncryptionChanged:
            return "attribute \(name) " + (new?.attribute?.allowsCloudEncryption == true ? "encrypted in CloudKit" : "no longer encrypted in CloudKit")
        case .attributeVersionHashModifierChanged:
            return "attribute \(name): versionHashModifier changed"
        case .relationshipDestinationChanged:
            return from("destination", old?.relationship?.destination, new?.relationship?.destination) { $0 }
        case .relationshipCardinalityChanged:
            return "relationship \(name) made " + (new?.relationship?.isToMany == true ? "to-many" : "to-one")
        case .relationshipOrderedChanged:
            return "relationship \(name) made " + (new?.relationship?.isOrdered == true ? "ordered" : "unordered")
        case .relationshipInverseChanged:
            return from("inverse", old?.relationship?.inverse, new?.relationship?.inverse) { $0 }
        case .relationshipDeleteRuleChanged:
            return from("deleteRule", old?.relationship?.deleteRule, new?.relationship?.deleteRule) { $0.rawValue }
        case .relationshipOptionalityChanged:
            func text(_ relationship: Relationship?) -> String? {
                relationship.map { "\($0.isOptional ? "optional" : "required")\(($0.minCount ?? 0) > 0 ? ", minCount \($0.minCount!)" : "")" }
            }
            return from("optionality", text(old?.relationship), text(new?.relationship)) { $0 }
        case .relationshipTransienceChanged:
            return "relationship \(name) " + (new?.relationship?.isTransient == true ? "made transient" : "no longer transient")
        }
    }

    private static func summary(of element: Element?) -> String {
        switch element {
        case .attribute(let attribute)?:
            var parts = [attribute.type.rawValue]
            if !attribute.isOptional { parts.append("required") }
            if let value = attribute.defaultValue { parts.append("default `\(value)`") }
            if attribute.isTransient { parts.append("transient") }
            return parts.joined(separator: ", ")
        case .relationship(let relationship)?:
            return "\(relationship.isToMany ? "to-many" : "to-one") to `\(relationship.destination)`" + (relationship.inverse.map { ", inverse `\($0)`" } ?? "")
        default:
            return ""
        }
    }
}

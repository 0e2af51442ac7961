import Foundation
import SchemaLintCore

/// `attribute-required-without-default`: an attribute added as, or made, required with no default:
/// existing records and objects have no value for it.
package struct AttributeRequiredWithoutDefaultRule: ChangeRule {
    package init() {}

    package let descriptor = RuleDescriptor(
        id: "attribute-required-without-default", category: .modification, synced: .error, local: .error,
        summary: "An attribute is added as, or made, required with no default: existing data has no value for it."
    )
    package let kinds: Set<Change.Kind> = [.attributeAdded, .attributeOptionalityChanged, .attributeDefaultChanged, .attributeTransienceChanged]

    package func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let new = change.new?.attribute, !new.isOptional, new.defaultValue == nil, !new.isTransient, !new.isDerived else { return [] }
        let synced = comparison.isSynced(change)
        let what: String
        if let old = change.old?.attribute {
            // One finding per attribute, from the most telling of its changes.
            switch change.kind {
            case .attributeTransienceChanged:
                what = "became stored as required with no default"
            case .attributeOptionalityChanged where old.isTransient == new.isTransient:
                what = "became required with no default"
            case .attributeDefaultChanged where old.isTransient == new.isTransient && old.isOptional == new.isOptional:
                // Defaults are not part of the version hash and existing rows keep their values:
                // only CloudKit, which needs a default for every required field, is affected.
                guard synced else { return [] }
                what = "is required and lost its default"
            default:
                return []
            }
        } else {
            what = "was added as required with no default"
        }
        // An attribute made required may hold a value in every stored object (one the app always
        // sets): the migration fails at the first that has none.
        let madeRequired = change.kind == .attributeOptionalityChanged
        let consequence = synced
            ? "CloudKit requires every attribute to be optional or to have a default, and records from \(comparison.olderApps) have no value for it"
            : madeRequired ? "lightweight migration fails at the first stored object that has no value for it" : "existing objects have no value for it, so lightweight migration fails"
        var made = finding(
            change, in: comparison, severity: severity,
            message: "attribute '\(change.path)' \(what); \(consequence)",
            suggestions: [ModelVocabulary(comparison.version.format).optionalOrDefault(new.name, type: new.type)]
        )
        made.needsAStoredObjectWithoutAValue = madeRequired && !synced
        return [made]
    }
}

extension AttributeRequiredWithoutDefaultRule {
    /// One finding per entity for its attributes that one step adds or makes required with no
    /// default (a class that gains five stored properties is one change), at the first, naming
    /// each. `findings` may hold other steps' findings, which are left as they are.
    static func perEntity(_ findings: [Finding], _ comparison: Comparison) -> [Finding] {
        let id = AttributeRequiredWithoutDefaultRule().descriptor.id
        func isMember(_ finding: Finding) -> Bool { finding.path?.member != nil && comparison.ownsElementFinding(finding, of: id) }
        let byEntity = Dictionary(grouping: findings.filter(isMember), by: { $0.path?.entity ?? "" }).filter { $0.value.count > 1 }
        guard !byEntity.isEmpty else { return findings }
        let added = Set(comparison.changes.filter { $0.kind == .attributeAdded }.map(\.path.description))
        var merged: [Finding] = []
        for (entity, group) in byEntity.sorted(by: { $0.key < $1.key }) {
            let sorted = group.sorted { $0.location < $1.location }
            let names = sorted.compactMap { $0.path?.member }
            let everyOneAdded = sorted.allSatisfy { added.contains($0.path?.description ?? "") }
            var first = sorted[0]
            let anyAdded = sorted.contains { added.contains($0.path?.description ?? "") }
            let consequence = comparison.version.isSynced(entity: entity)
                ? (first.message.split(separator: ";", maxSplits: 1).dropFirst().first.map { ";" + $0 } ?? "").replacingOccurrences(of: "no value for it", with: "no value for them")
                : everyOneAdded ? "; existing objects have no value for them, so lightweight migration fails"
                : anyAdded ? "; existing objects have no value for the added ones, so lightweight migration fails"
                : "; lightweight migration fails at the first stored object that has no value for one of them"
            let listed = names.map { "'\($0)'" }.joined(separator: ", ")
            // A step the app's own migration makes (a mapping model, a custom stage) handles them
            // all alike (`WrittenMigrationVerdict`): the group says so, as each of them did.
            let handled = sorted.allSatisfy { ByteSearch.contains(WrittenMigrationVerdict.handledBy, in: $0.message) }
                ? first.message.range(of: WrittenMigrationVerdict.handledBy).map { String(first.message[$0.lowerBound...]) } : nil
            let migrationNotes = handled == nil ? [] : first.notes.filter { !$0.message.hasPrefix("'\(first.path?.description ?? "")'") }
            first.message = everyOneAdded
                ? "\(sorted.count) attributes of '\(entity)' were added as required with no default: \(listed)\(consequence)"
                : "\(sorted.count) attributes of '\(entity)' are required with no default, added or made so: \(listed)\(consequence)"
            first.message += handled ?? ""
            first.path = ElementPath(entity: entity)
            first.notes = sorted.map { Finding.Note("'\($0.path?.description ?? "")' is declared here", at: $0.location) } + migrationNotes
            first.suggestions = handled == nil ? [ModelVocabulary(comparison.version.format).optionalOrDefault(each: names)] : []
            first.needsAStoredObjectWithoutAValue = sorted.allSatisfy(\.needsAStoredObjectWithoutAValue)
            merged.append(first)
        }
        let entities = Set(byEntity.keys)
        return findings.filter { !(isMember($0) && entities.contains($0.path?.entity ?? "")) } + merged
    }
}

import SchemaLintCore

/// Why a store of one version migrates when the next opens it, in the model's own terms: which
/// entities were added or removed, and for the others what changed among the inputs of Core Data's
/// entity version hash (``EntityVersionHash``): a team reads "'Item': 'notes' added", not "the
/// version hash of 'Item' changed".
enum MigrationCause {
    /// `entity 'Tag' added, entity 'Item' (added 'notes' and 'due'; 'title' became optional)`, for
    /// the entities `entities` (those whose version hash differs between the two versions), at
    /// most four.
    static func describe(_ entities: [String], from baseline: ModelVersion, to version: ModelVersion) -> String {
        // An entity renamed with a renaming identifier is one table carried over, not one removed
        // and another added: it is listed once, under its new name.
        func renamedFrom(_ name: String) -> String? {
            guard let old = version.entity(named: name)?.renamedFrom, old != name, baseline.containsEntity(named: old), !version.containsEntity(named: old) else { return nil }
            return old
        }
        let carriedOver = Set(entities.compactMap(renamedFrom))
        let listed = entities.filter { !carriedOver.contains($0) }
        var clauses = listed.prefix(4).map { name -> String in
            let before = renamedFrom(name)
            switch (baseline.entity(named: before ?? name), version.entity(named: name)) {
            case (nil, _): return "entity '\(name)' added"
            case (_, nil): return "entity '\(name)' removed"
            case let (old?, new?):
                let changes = changes(from: old, to: new)
                let title = before.map { "entity '\($0)' renamed to '\(name)'" } ?? "entity '\(name)'"
                if before != nil, changes == [Self.storedFormChanged] { return title }
                return title + " (" + changes.prefix(4).joined(separator: "; ") + (changes.count > 5 ? "; \(changes.count - 4) more changes" : changes.count == 5 ? "; " + changes[4] : "") + ")"
            }
        }
        if listed.count > 4 { clauses.append("\(listed.count - 4) more entities") }
        return clauses.joined(separator: ", ")
    }

    /// What `changes` says when nothing it names changed but the version hash did.
    static let storedFormChanged = "its stored form changed"

    /// What changed among the inputs of the entity's version hash.
    package static func changes(from old: Entity, to new: Entity) -> [String] {
        var changes: [String] = []
        if old.parent != new.parent {
            changes.append(new.parent.map { "moved under '\($0)'" } ?? "no longer under '\(old.parent ?? "")'")
        }
        if old.isAbstract != new.isAbstract { changes.append(new.isAbstract ? "became abstract" : "is no longer abstract") }
        if (old.versionHashModifier ?? "") != (new.versionHashModifier ?? "") { changes.append("its versionHashModifier changed") }
        let newNames = Set(new.attributes.map(\.name) + new.relationships.map(\.name))
        // A property renamed, paired as the differ pairs it (by renaming identifier: declared
        // renamed from one the older version had, or carrying the same identifier as an older one).
        let renamedTo = NameMatcher.match(old: old.attributes, new: new.attributes).renamedTo
            .merging(NameMatcher.match(old: old.relationships, new: new.relationships).renamedTo) { first, _ in first }
        let renamedFrom = Dictionary(renamedTo.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        let renamed = Set(renamedTo.keys)
        var added: [String] = []
        // What a property was in the older version: under its own name, or under the old name it
        // was renamed from (the rename is told, then what else changed); a property with neither
        // is told added.
        func before<Property: RenamableElement>(_ property: Property, among older: [Property]) -> Property? {
            if let same = older.first(where: { $0.name == property.name }) { return same }
            guard let name = renamedFrom[property.name], let was = older.first(where: { $0.name == name }) else {
                added.append(property.name)
                return nil
            }
            changes.append("'\(name)' renamed to '\(property.name)'")
            return was
        }
        for attribute in new.attributes {
            guard let before = before(attribute, among: old.attributes) else { continue }
            if before.type != attribute.type {
                changes.append("'\(attribute.name)' changed from \(before.type) to \(attribute.type)")
            }
            if before.isOptional != attribute.isOptional {
                changes.append("'\(attribute.name)' became \(attribute.isOptional ? "optional" : "required")")
            }
            if before.isTransient != attribute.isTransient {
                changes.append("'\(attribute.name)' \(attribute.isTransient ? "became transient" : "is no longer transient")")
            }
            if (before.versionHashModifier ?? "") != (attribute.versionHashModifier ?? "") {
                changes.append("the versionHashModifier of '\(attribute.name)' changed")
            }
        }
        for relationship in new.relationships {
            guard let before = before(relationship, among: old.relationships) else { continue }
            // (A renamed relationship's inverse is most often renamed with it: its name says nothing.)
            changes += relationshipChanges(from: before, to: relationship, comparingInverses: before.name == relationship.name)
        }
        let removed = (old.attributes.map(\.name) + old.relationships.map(\.name)).filter { !newNames.contains($0) && !renamed.contains($0) }
        var lists: [String] = []
        if !added.isEmpty { lists.append("added " + EnglishList.join(added.map { "'\($0)'" }, limit: 3)) }
        if !removed.isEmpty { lists.append("removed " + EnglishList.join(removed.map { "'\($0)'" }, limit: 3)) }
        changes = lists + changes
        // A property that moved between attribute and relationship under one name, or only its
        // kind of storage: the hash differs, the lists above say nothing.
        return changes.isEmpty ? [storedFormChanged] : changes
    }

    private static func relationshipChanges(from old: Relationship, to new: Relationship, comparingInverses: Bool) -> [String] {
        let name = "'\(new.name)'"
        var changes: [String] = []
        if old.destination != new.destination { changes.append("\(name) now points to '\(new.destination)'") }
        if comparingInverses, old.inverse != new.inverse {
            changes.append(new.inverse.map { "\(name) has the inverse '\($0)'" } ?? "\(name) lost its inverse '\(old.inverse ?? "")'")
        }
        if old.isToMany != new.isToMany { changes.append("\(name) became \(new.isToMany ? "to-many" : "to-one")") }
        if old.isOrdered != new.isOrdered { changes.append("\(name) became \(new.isOrdered ? "ordered" : "unordered")") }
        if old.isOptional != new.isOptional { changes.append("\(name) became \(new.isOptional ? "optional" : "required")") }
        if old.isTransient != new.isTransient { changes.append("\(name) \(new.isTransient ? "became transient" : "is no longer transient")") }
        if old.minCount != new.minCount || old.maxCount != new.maxCount { changes.append("\(name) has other count limits") }
        return changes
    }

}

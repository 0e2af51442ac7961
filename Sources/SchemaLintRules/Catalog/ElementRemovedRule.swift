import SchemaLintCore

/// `entity-removed`, `attribute-removed`, `relationship-removed`: a stored element disappears.
package struct ElementRemovedRule: ChangeRule {
    package let descriptor: RuleDescriptor
    package let kinds: Set<Change.Kind>

    static let entity = ElementRemovedRule(
        id: "entity-removed", kind: .entityRemoved,
        summary: "An entity was removed: its record type stays in CloudKit and older apps keep syncing it."
    )
    package static let attribute = ElementRemovedRule(
        id: "attribute-removed", kind: .attributeRemoved,
        summary: "An attribute was removed: its CloudKit field stays and older apps keep writing it."
    )
    static let relationship = ElementRemovedRule(
        id: "relationship-removed", kind: .relationshipRemoved,
        summary: "A relationship was removed: older apps keep writing the link."
    )

    private init(id: String, kind: Change.Kind, summary: String) {
        descriptor = RuleDescriptor(id: id, category: .removal, synced: .error, local: .note, summary: summary)
        kinds = [kind]
    }

    package func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        // An element kept under its name whose renaming identifier changed is
        // renaming-identifier-changed's.
        guard let removed = change.old, !change.isReidentified else { return [] }
        let synced = comparison.isSynced(change)
        // A synced element that was deprecated is deprecated-element-removed's.
        if synced, removed.deprecation != nil { return [] }
        var what = "\(removed.kind) '\(change.oldPath ?? change.path)'"
        var isPair = false
        var related: [Finding.Note] = []
        // One change, one finding: a relationship that went with the entity it led to is that
        // entity's removal, and a relationship removed with its inverse is one removal of the link.
        if let relationship = removed.relationship {
            let owner = (change.oldPath ?? change.path).entity
            if comparison.baseline.entity(named: relationship.destination) != nil, comparison.version.entity(named: relationship.destination) == nil { return [] }
            if let inverse = relationship.inverse, comparison.baseline.entity(named: relationship.destination)?.relationship(named: inverse) != nil,
               let destination = comparison.version.entity(named: relationship.destination), destination.relationship(named: inverse) == nil {
                if (relationship.destination, inverse) < (owner, relationship.name) { return [] }
                what = "relationship '\(owner).\(relationship.name)' and its inverse '\(relationship.destination).\(inverse)'"
                isPair = true
            }
        } else if let entity = removed.entity {
            let links = Self.relationshipsRemoved(with: entity.name, in: comparison)
            if !links.isEmpty { related.append(Finding.Note("the relationships to it went with it: \(links.map { "'\($0)'" }.joined(separator: ", "))")) }
            let moved = synced ? Self.relationshipsRedirected(from: entity.name, in: comparison) : [:]
            for (destination, names) in moved.sorted(by: { $0.key < $1.key }) {
                // The sync is the message's; what the step does to the stores on the device is the note's.
                related.append(Finding.Note("the relationships to it now point to '\(destination)', added in \(comparison.version.displayName): \(names.map { "'\($0)'" }.joined(separator: ", ")); lightweight migration cannot infer a change of destination, so it cannot migrate a store of \(comparison.baseline.displayName) to \(comparison.version.displayName) on its own"))
            }
        }
        let consequence: String
        if synced {
            consequence = removed.entity != nil
                ? "\(comparison.olderApps) keep syncing its records"
                : "\(comparison.olderApps) keep writing \(isPair ? "them" : "it")"
        } else if let relationship = removed.relationship, relationship.isToMany, !isPair, let inverse = relationship.inverse,
                  comparison.version.entity(named: relationship.destination)?.relationship(named: inverse)?.isToMany == false {
            // A to-many relationship has no column of its own: the links are its to-one
            // inverse's foreign key.
            consequence = "a to-many relationship keeps no column of its own, and the links stay in its inverse '\(relationship.destination).\(inverse)', which \(comparison.version.displayName) keeps"
                + (relationship.isOrdered ? "; their order is dropped when a store migrates to \(comparison.version.displayName)" : "")
        } else {
            consequence = "\(isPair ? "their" : "its") stored data is dropped when a store migrates to \(comparison.version.displayName)"
        }
        let suggestions = Suggestions(comparison: comparison, change: change)
        let candidates = comparison.renameCandidates(for: change)
        let notes = candidates.map { candidate in
            Finding.Note(
                "'\(candidate.path)' was added in \(comparison.version.displayName) and looks like '\(removed.name)' renamed; \(suggestions.undeclaredRename(as: candidate.path.member ?? candidate.path.entity))",
                at: candidate.location
            )
        }
        let advice = synced
            ? [suggestions.keepRemoved, suggestions.versionAttribute]
            : candidates.map { suggestions.declareRename(as: $0.path.member ?? $0.path.entity) }
        return [finding(change, in: comparison, severity: severity, message: "\(what) \(isPair ? "were" : "was") removed; \(consequence)", notes: related + notes, suggestions: advice)]
    }

    /// One change, one finding: the attributes of one entity removed in one step, each a note
    /// that says the same of it (its data dropped, the same mapping handing it on) and names no
    /// rename, are one note that lists them.
    static func attributesPerEntity(_ findings: [Finding], _ comparison: Comparison) -> [Finding] {
        let id = attribute.descriptor.id
        func consequence(_ finding: Finding) -> String { finding.message.split(separator: ";", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
        // Where each was declared (`'E.a' as declared in V1`) is its own; any other note is shared.
        func isOwn(_ note: Finding.Note, of finding: Finding) -> Bool { note.message.hasPrefix("'\(finding.path?.description ?? "")' as ") }
        func key(_ finding: Finding) -> String? {
            guard comparison.ownsElementFinding(finding, of: id), finding.severity == .note, let path = finding.path, path.member != nil,
                  finding.suggestions.isEmpty, !finding.notes.contains(where: { ByteSearch.contains(" looks like ", in: $0.message) }) else { return nil }
            return ([path.entity, consequence(finding)] + finding.notes.filter { !isOwn($0, of: finding) }.map(\.message)).joined(separator: "\u{0}")
        }
        let groups = Dictionary(grouping: findings.filter { key($0) != nil }, by: { key($0) ?? "" }).filter { $0.value.count > 1 }
        guard !groups.isEmpty else { return findings }
        var merged: [Finding] = []
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            let sorted = group.sorted { ($0.location, $0.path?.description ?? "") < ($1.location, $1.path?.description ?? "") }
            var first = sorted[0]
            let entity = first.path?.entity ?? ""
            let listed = sorted.compactMap { $0.path?.member }.map { "'\($0)'" }.joined(separator: ", ")
            let rest = consequence(first)
                .replacingOccurrences(of: " its stored data is dropped", with: " their stored data is dropped")
                .replacingOccurrences(of: "carry its value over", with: "carry their values over")
            first.message = "\(sorted.count) attributes of '\(entity)' were removed: \(listed);\(rest)"
            first.notes = first.notes.filter { !isOwn($0, of: first) } + sorted.flatMap { finding in finding.notes.filter { isOwn($0, of: finding) } }
            first.path = ElementPath(entity: entity)
            merged.append(first)
        }
        let gathered = Set(groups.values.joined().map { "\($0.location) \($0.path?.description ?? "")" })
        return findings.filter { !gathered.contains("\($0.location) \($0.path?.description ?? "")") || key($0) == nil } + merged
    }

    /// Whether `old` was removed and `new` added in this step: what a relationship pointing from
    /// one to the other follows.
    static func replaced(_ old: String, by new: String, in comparison: Comparison) -> Bool {
        comparison.version.entity(named: old) == nil && comparison.baseline.entity(named: new) == nil
            && comparison.baseline.entity(named: old) != nil && comparison.version.entity(named: new) != nil
    }

    /// The relationships of the entities that remain which led to `entity` and now lead to an
    /// entity added in this step, by that entity.
    static func relationshipsRedirected(from entity: String, in comparison: Comparison) -> [String: [String]] {
        var moved: [String: [String]] = [:]
        for source in comparison.baseline.entities {
            guard let kept = comparison.version.entity(named: source.name) else { continue }
            for relationship in source.relationships where relationship.destination == entity {
                guard let now = kept.relationship(named: relationship.name), replaced(entity, by: now.destination, in: comparison) else { continue }
                moved[now.destination, default: []].append("\(source.name).\(relationship.name)")
            }
        }
        return moved.mapValues { $0.sorted() }
    }

    /// The relationships of the entities that remain which led to `entity` and were removed with it.
    static func relationshipsRemoved(with entity: String, in comparison: Comparison) -> [String] {
        comparison.baseline.entities.flatMap { source -> [String] in
            guard let kept = comparison.version.entity(named: source.name) else { return [] }
            return source.relationships.filter { $0.destination == entity && kept.relationship(named: $0.name) == nil }.map { "\(source.name).\($0.name)" }
        }.sorted()
    }
}

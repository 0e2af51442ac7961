/// One element's place in a version: kind, entity and member name.
package struct ElementKey: Hashable, Sendable {
    package enum Kind: UInt8, Sendable { case entity, attribute, relationship }
    var kind: Kind
    var entity: String
    var member: String

    package init(_ kind: Kind, _ entity: String, _ member: String = "") {
        self.kind = kind
        self.entity = entity
        self.member = member
    }

    package init(_ element: Element, at path: ElementPath) {
        switch element {
        case .entity: self.init(.entity, path.entity)
        case .attribute: self.init(.attribute, path.entity, path.member ?? element.name)
        case .relationship: self.init(.relationship, path.entity, path.member ?? element.name)
        }
    }

    package var path: ElementPath { ElementPath(entity: entity, member: kind == .entity ? nil : member) }
}

/// Every element of one history with a stable identity that follows renames (`renamedFrom`, so a
/// chain of renames stays one element), and the distinct definitions it had in released versions.
///
/// Built in one walk, oldest to newest, from the changes the linter computes anyway: the first
/// release costs work in its size, every later one in the size of its changes, so checks against
/// every earlier release (the `transitive` compatibility mode) stay linear in the size of the
/// whole history.
package struct ElementHistory: Sendable {
    package init() {}

    /// One definition of an element, and the released versions that had it.
    package struct Definition: Sendable {
        package var element: Element
        /// The element's entity when the definition appeared.
        package var entity: String
        /// The version (index in the history) where it appeared.
        var versionIndex: Int
        /// Released ordinals: the first and the last release with this definition (nil: still current).
        package var start: Int
        package var end: Int?
    }

    package struct Record: Sendable {
        package var definitions: [Definition]
        /// The element's key from each released ordinal on.
        var names: [(from: Int, key: ElementKey)]
        /// The released ordinal that removed it, if one did.
        package var removedAt: Int?
    }

    package private(set) var records: [Record] = []
    /// Identities in the last released version.
    private(set) var current: [ElementKey: Int] = [:]
    /// History indices of the released versions, by released ordinal.
    package private(set) var released: [Int] = []

    /// The identity an element of the last released version has.
    package func identity(of key: ElementKey) -> Int? { current[key] }

    /// Adds a released version, given its changes against the previous release (empty for the
    /// first). Only what changed is touched: unchanged elements keep their identity and definition
    /// without being visited, so a release costs work in the size of its changes.
    package mutating func record(_ version: ModelVersion, at index: Int, changes: [Change]) {
        let ordinal = released.count
        released.append(index)
        guard ordinal > 0 else {
            Links([]).walk(version) { key, _, element, entity in add(key, element, entity, index: index, ordinal: ordinal) }
            return
        }
        let links = Links(changes)
        var touched: Set<Int> = []
        func move(_ old: ElementKey, to new: ElementKey) {
            guard old != new, let id = current.removeValue(forKey: old) else { return }
            current[new] = id
            records[id].names.append((ordinal, new))
        }
        for change in changes {
            switch change.kind {
            case .entityRemoved, .attributeRemoved, .relationshipRemoved:
                guard let old = change.old else { continue }
                let path = change.oldPath ?? change.path
                remove(ElementKey(old, at: path), ordinal: ordinal)
                if let entity = old.entity {
                    for attribute in entity.attributes { remove(ElementKey(.attribute, entity.name, attribute.name), ordinal: ordinal) }
                    for relationship in entity.relationships { remove(ElementKey(.relationship, entity.name, relationship.name), ordinal: ordinal) }
                }
            case .entityRenamed:
                guard let entity = change.new?.entity else { continue }
                let oldName = (change.oldPath ?? change.path).entity
                move(ElementKey(.entity, oldName), to: ElementKey(.entity, entity.name))
                for attribute in entity.attributes {
                    let key = ElementKey(.attribute, entity.name, attribute.name)
                    move(links.renamedMembers[key] ?? ElementKey(.attribute, oldName, attribute.name), to: key)
                }
                for relationship in entity.relationships {
                    let key = ElementKey(.relationship, entity.name, relationship.name)
                    move(links.renamedMembers[key] ?? ElementKey(.relationship, oldName, relationship.name), to: key)
                }
            case .attributeRenamed, .relationshipRenamed:
                guard let old = change.old, let new = change.new else { continue }
                move(ElementKey(old, at: change.oldPath ?? change.path), to: ElementKey(new, at: change.path))
            default:
                continue
            }
        }
        for change in changes {
            guard let new = change.new else { continue }
            let key = ElementKey(new, at: change.path)
            if change.old == nil {
                guard current[key] == nil else { continue }
                add(key, new, change.path.entity, index: index, ordinal: ordinal)
                if let entity = new.entity {
                    for attribute in entity.attributes {
                        add(ElementKey(.attribute, entity.name, attribute.name), .attribute(attribute), entity.name, index: index, ordinal: ordinal)
                    }
                    for relationship in entity.relationships {
                        add(ElementKey(.relationship, entity.name, relationship.name), .relationship(relationship), entity.name, index: index, ordinal: ordinal)
                    }
                }
            } else if let id = current[key], touched.insert(id).inserted {
                // One new definition per element and release, however many of its properties changed.
                records[id].definitions[records[id].definitions.count - 1].end = ordinal - 1
                records[id].definitions.append(Definition(element: new, entity: change.path.entity, versionIndex: index, start: ordinal, end: nil))
            }
        }
    }

    private mutating func add(_ key: ElementKey, _ element: Element, _ entity: String, index: Int, ordinal: Int) {
        guard current[key] == nil else { return }
        current[key] = records.count
        records.append(Record(
            definitions: [Definition(element: element, entity: entity, versionIndex: index, start: ordinal, end: nil)],
            names: [(ordinal, key)], removedAt: nil
        ))
    }

    private mutating func remove(_ key: ElementKey, ordinal: Int) {
        guard let id = current.removeValue(forKey: key) else { return }
        records[id].removedAt = ordinal
        records[id].definitions[records[id].definitions.count - 1].end = ordinal - 1
    }

    /// Identities of a draft's elements (changes against the last release), without recording it.
    package func identities(ofDraft version: ModelVersion, changes: [Change]) -> [ElementKey: Int] {
        var result: [ElementKey: Int] = [:]
        Links(changes).walk(version) { key, oldKey, _, _ in
            if let id = current[oldKey] { result[key] = id }
        }
        return result
    }

    /// For each key, the identities that had it in some released version: to find where an element
    /// of an old release lives on under another name.
    package func identitiesByKey() -> [ElementKey: [Int]] {
        var table: [ElementKey: [Int]] = [:]
        for (id, record) in records.enumerated() where record.names.count > 1 {
            for name in record.names { table[name.key, default: []].append(id) }
        }
        return table
    }

    /// The element's key at a released ordinal, if it existed then.
    package func key(of id: Int, atOrdinal ordinal: Int) -> ElementKey? {
        let record = records[id]
        guard let first = record.definitions.first, first.start <= ordinal else { return nil }
        if let removed = record.removedAt, ordinal >= removed { return nil }
        return record.names.last { $0.from <= ordinal }?.key
    }

    /// How one version's elements link to the previous release's: entity and member renames.
    private struct Links {
        var renamedEntities: [String: String] = [:]
        var renamedMembers: [ElementKey: ElementKey] = [:]

        init(_ changes: [Change]) {
            for change in changes {
                guard let old = change.old, let new = change.new else { continue }
                switch change.kind {
                case .entityRenamed: renamedEntities[change.path.entity] = (change.oldPath ?? change.path).entity
                case .attributeRenamed, .relationshipRenamed: renamedMembers[ElementKey(new, at: change.path)] = ElementKey(old, at: change.oldPath ?? change.path)
                default: break
                }
            }
        }

        func walk(_ version: ModelVersion, _ visit: (ElementKey, ElementKey, Element, String) -> Void) {
            for entity in version.entities {
                let oldEntity = renamedEntities[entity.name] ?? entity.name
                visit(ElementKey(.entity, entity.name), ElementKey(.entity, oldEntity), .entity(entity), entity.name)
                for attribute in entity.attributes {
                    let key = ElementKey(.attribute, entity.name, attribute.name)
                    visit(key, renamedMembers[key] ?? ElementKey(.attribute, oldEntity, attribute.name), .attribute(attribute), entity.name)
                }
                for relationship in entity.relationships {
                    let key = ElementKey(.relationship, entity.name, relationship.name)
                    visit(key, renamedMembers[key] ?? ElementKey(.relationship, oldEntity, relationship.name), .relationship(relationship), entity.name)
                }
            }
        }
    }
}

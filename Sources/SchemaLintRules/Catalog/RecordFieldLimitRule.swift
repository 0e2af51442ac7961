import SchemaLintCore

/// `cloudkit-record-field-limit`: a CloudKit record type holds at most 256 fields, and every
/// entity of an inheritance tree adds its fields to the root's record type.
struct RecordFieldLimitRule: VersionRule {
    static let limit = 256
    static let warningThreshold = 200

    let descriptor = RuleDescriptor(
        id: "cloudkit-record-field-limit", category: .cloudkitModel, synced: .error, local: nil,
        summary: "A record type has more than 256 fields (a warning above 200), counting the whole inheritance tree."
    )

    /// The fields of one record type: CD_<name> per stored attribute and to-one relationship (one
    /// field per name: entities of one tree share it), CD_<name>_ckAsset per string, binary or
    /// transformable attribute, and CD_entityName.
    static func fields(of entities: [Entity]) -> (total: Int, values: Int, assets: Int, links: Int) {
        var values: Set<String> = []
        var assets: Set<String> = []
        var links: Set<String> = []
        for entity in entities {
            for attribute in entity.attributes where !attribute.isTransient {
                values.insert(attribute.name)
                if attribute.type.mayUseCloudKitAsset { assets.insert(attribute.name) }
            }
            for relationship in entity.relationships where !relationship.isTransient && !relationship.isToMany {
                links.insert(relationship.name)
            }
        }
        let plain = values.union(links)
        return (plain.count + assets.count + 1, values.count, assets.count, links.subtracting(values).count)
    }

    func check(_ version: ModelVersion) -> [Finding] {
        guard version.hasSyncedEntities else { return [] }
        // Each attribute adds at most two fields and each relationship one: a record type whose
        // bound stays at the threshold needs no count (nor its entities gathered).
        var bounds: [String: Int] = [:]
        for index in version.entities.indices {
            let members = 2 * version.entities[index].attributes.count + version.entities[index].relationships.count
            bounds[version.rootEntity(of: version.entities[index].name), default: 1] += members
        }
        guard bounds.values.contains(where: { $0 > Self.warningThreshold }) else { return [] }
        var findings: [Finding] = []
        for (root, entities) in version.recordTypes where entities.contains(where: { version.isSynced(entity: $0.name) }) {
            guard bounds[root, default: 0] > Self.warningThreshold else { continue }
            let fields = Self.fields(of: entities)
            guard fields.total > Self.warningThreshold, let rootEntity = version.entity(named: root) else { continue }
            let severity: Severity = fields.total > Self.limit ? .error : .warning
            let tree = entities.count == 1 ? "" : " (the \(entities.count) entities of its inheritance tree)"
            let consequence = severity == .error
                ? "CloudKit allows at most \(Self.limit), so the schema cannot be deployed"
                : "CloudKit allows at most \(Self.limit), and fields can never be removed once deployed"
            findings.append(finding(
                in: version, path: ElementPath(entity: root), at: rootEntity.location,
                message: "record type CD_\(root)\(tree) has \(fields.total) fields: \(fields.values) attributes, \(fields.assets) _ckAsset companions of string, binary and transformable attributes, \(fields.links) to-one relationships and CD_entityName; \(consequence)",
                severity: severity,
                suggestions: [
                    "move rarely used attributes to a separate entity linked to-one (its own record type)",
                    entities.count > 1 ? "or give large subentities their own root entity instead of inheriting from '\(root)'" : "or split '\(root)' into several entities",
                ]
            ))
        }
        return findings
    }
}

import SchemaLintCore

/// `cloudkit-hierarchy-field-conflict`: entities of one inheritance tree share the root's record
/// type, so two attributes of the same name in it are one CloudKit field, which has one type. The
/// types compared are the fields' as Core Data mirrors them: a Boolean and an Integer 16 are both
/// `INT64`, one field of one type.
struct HierarchyFieldConflictRule: VersionRule {
    let descriptor = RuleDescriptor(
        id: "cloudkit-hierarchy-field-conflict", category: .cloudkitModel, synced: .error, local: nil,
        summary: "Two entities of one inheritance tree define the same attribute name with different types."
    )

    func check(_ version: ModelVersion) -> [Finding] {
        // Only a tree of several entities can hold two attributes of one name.
        guard version.hasSyncedEntities, version.entities.contains(where: { $0.parent != nil }) else { return [] }
        var findings: [Finding] = []
        for (root, entities) in version.recordTypes where entities.count > 1 && entities.contains(where: { version.isSynced(entity: $0.name) }) {
            var first: [String: (entity: Entity, attribute: Attribute)] = [:]
            var reported: Set<String> = []
            for entity in entities {
                for attribute in entity.attributes where !attribute.isTransient {
                    guard let earlier = first[attribute.name] else {
                        first[attribute.name] = (entity, attribute)
                        continue
                    }
                    let (field, earlierField) = (Self.field(of: attribute), Self.field(of: earlier.attribute))
                    guard field != earlierField, reported.insert(attribute.name).inserted else { continue }
                    findings.append(finding(
                        in: version, path: ElementPath(entity: entity.name, member: attribute.name), at: entity.location(of: "type", of: attribute),
                        message: "attribute '\(entity.name).\(attribute.name)' (\(attribute.type), \(field)) and '\(earlier.entity.name).\(attribute.name)' (\(earlier.attribute.type), \(earlierField)) are one field CD_\(attribute.name) of record type CD_\(root), which can have only one type",
                        notes: [Finding.Note("'\(earlier.entity.name).\(attribute.name)' is declared here", at: earlier.entity.location(of: earlier.attribute))],
                        suggestions: ["rename one of them (say '\(entity.name.prefix(1).lowercased() + entity.name.dropFirst())\(attribute.name.prefix(1).uppercased() + attribute.name.dropFirst())'), or give both the same type"]
                    ))
                }
            }
        }
        return findings
    }

    /// The CloudKit field type an attribute mirrors to (`INT64`); its own type where Apple
    /// documents no mirror (a composite attribute).
    private static func field(of attribute: Attribute) -> String {
        CloudKitMirror.fieldType(of: attribute).map { "\($0.0)" } ?? "\(attribute.type)"
    }
}

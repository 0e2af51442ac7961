import SchemaLintCore

/// `cloudkit-cross-configuration-relationship`: a synced entity links to an entity that lives in
/// another configuration (another store); Core Data cannot relate objects across stores.
package struct CrossConfigurationRelationshipRule: VersionRule {
    package init() {}

    package let descriptor = RuleDescriptor(
        id: "cloudkit-cross-configuration-relationship", category: .cloudkitModel, synced: .error, local: nil,
        summary: "A synced relationship points to an entity of another configuration."
    )

    package func check(_ version: ModelVersion) -> [Finding] {
        guard !version.configurations.isEmpty else { return [] }
        var memberships: [String: Set<Int>] = [:]
        for (offset, configuration) in version.configurations.enumerated() {
            for entity in configuration.entities { memberships[entity, default: []].insert(offset) }
        }
        var findings: [Finding] = []
        for entity in version.syncedEntities {
            guard let own = memberships[entity.name] else { continue }
            for relationship in entity.relationships where !relationship.isTransient {
                guard let other = memberships[relationship.destination], own.isDisjoint(with: other) else { continue }
                let name = { (set: Set<Int>) in set.sorted().map { "'\(version.configurations[$0].name)'" }.joined(separator: ", ") }
                findings.append(finding(
                    in: version, path: ElementPath(entity: entity.name, member: relationship.name), at: entity.location(of: "destination", of: relationship),
                    message: "relationship '\(entity.name).\(relationship.name)' links '\(entity.name)' (configuration \(name(own))) to '\(relationship.destination)' (configuration \(name(other))); objects in different configurations live in different stores and cannot be related, so a synced store with it does not load",
                    suggestions: [
                        "put '\(relationship.destination)' in the same configuration as '\(entity.name)'",
                        "or replace the relationship with an identifier attribute (say '\(relationship.name)ID', uuid) and fetch the other object in code",
                    ]
                ))
            }
        }
        return findings
    }
}

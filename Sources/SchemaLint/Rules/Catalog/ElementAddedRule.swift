/// `element-added`: an addition to a synced model is compatible, but the new record type or field
/// must be in the CloudKit production schema before the release.
struct ElementAddedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "element-added", category: .addition, synced: .note, local: nil,
        summary: "A synced entity, attribute or relationship was added: deploy the schema to CloudKit production before the release."
    )
    let kinds: Set<Change.Kind> = [.entityAdded, .attributeAdded, .relationshipAdded]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let added = change.new else { return [] }
        // A required attribute with no default is attribute-required-without-default's error.
        if let attribute = added.attribute, !attribute.isOptional, attribute.defaultValue == nil, !attribute.isDerived { return [] }
        let field: String
        switch added {
        case .entity(let entity):
            let root = comparison.version.rootEntity(of: entity.name)
            field = root == entity.name ? "record type CD_\(entity.name)" : "its fields in record type CD_\(root)"
        case .attribute(let attribute):
            field = "field CD_\(attribute.name)"
        case .relationship(let relationship):
            // A to-many side whose inverse is to-one is stored in the inverse's field, noted there.
            if comparison.isStoredOnTheOtherSide(relationship) { return [] }
            field = relationship.isToMany ? "its CDMR link records" : "field CD_\(relationship.name)"
        }
        return [finding(
            change, in: comparison, severity: severity,
            message: "\(added.kind) '\(change.path)' was added; deploy the schema (\(field)) to the CloudKit production environment before \(comparison.version.displayName) reaches people, or sync stops with \"Cannot create or modify field\"",
            suggestions: ["run the app against the development environment, then deploy the schema changes to production in CloudKit Console (or with initializeCloudKitSchema and cktool)"]
        )]
    }
}

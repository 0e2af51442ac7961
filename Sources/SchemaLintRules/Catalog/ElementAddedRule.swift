import SchemaLintCore

/// `element-added`: an addition to a synced model is compatible, but the new record type or field
/// must be in the CloudKit production schema before the release.
package struct ElementAddedRule: ChangeRule {
    package init() {}

    package let descriptor = RuleDescriptor(
        id: "element-added", category: .addition, synced: .note, local: nil,
        summary: "A synced entity, attribute or relationship was added: deploy the schema to CloudKit production before the release."
    )
    package let kinds: Set<Change.Kind> = [.entityAdded, .attributeAdded, .relationshipAdded]

    package func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        // The same name stood in the older version (its renaming identifier changed): nothing new to deploy.
        guard let added = change.new, !change.isReidentified, let field = Self.field(of: change, in: comparison) else { return [] }
        return [finding(
            change, in: comparison, severity: severity,
            message: "\(added.kind) '\(change.path)' was added; deploy the schema (\(field)) to the CloudKit production environment before \(comparison.version.displayName) reaches people, or sync stops with \"Cannot create or modify field\"",
            suggestions: [Self.advice]
        )]
    }

    static let advice = "run the app against the development environment, then deploy the schema changes to production in CloudKit Console (or with initializeCloudKitSchema and cktool)"

    /// What an addition puts in the CloudKit schema (`field CD_name`, `record type CD_Entity`), or
    /// nil when it adds nothing to deploy (another rule's error, or a link kept on the other side).
    static func field(of change: Change, in comparison: Comparison) -> String? {
        guard let added = change.new else { return nil }
        // A required attribute with no default is attribute-required-without-default's error.
        if let attribute = added.attribute, !attribute.isOptional, attribute.defaultValue == nil, !attribute.isDerived { return nil }
        switch added {
        case .entity(let entity):
            let root = comparison.version.rootEntity(of: entity.name)
            return root == entity.name ? "record type CD_\(entity.name)" : "its fields in record type CD_\(root)"
        case .attribute(let attribute):
            return "field CD_\(attribute.name)"
        case .relationship(let relationship):
            // A to-many side whose inverse is to-one is stored in the inverse's field, noted there.
            if comparison.isStoredOnTheOtherSide(relationship) { return nil }
            return relationship.isToMany ? "its CDMR link records" : "field CD_\(relationship.name)"
        }
    }

    /// Whether an addition `finding` of `version` is in the production schema already: its record
    /// type, or its field in its entity's record type. Nothing is left to deploy for it.
    package static func isDeployed(_ finding: Finding, of version: ModelVersion, in production: CloudKitSchema) -> Bool {
        guard finding.ruleID == ElementAddedRule().descriptor.id, let path = finding.path,
              let recordType = production.recordType(named: "CD_" + version.rootEntity(of: path.entity))
        else { return false }
        guard let member = path.member else { return version.rootEntity(of: path.entity) == path.entity }
        return recordType.field(named: "CD_" + member) != nil
    }

    /// One reminder per step: the additions of one version are one deployment of the schema, so
    /// they are one note listing them, at the first, rather than a note each. `findings` may hold
    /// other steps' findings, which are left as they are.
    static func oneNotePerStep(_ findings: [Finding], _ comparison: Comparison) -> [Finding] {
        let id = ElementAddedRule().descriptor.id
        func isAddition(_ finding: Finding) -> Bool { comparison.ownsElementFinding(finding, of: id) }
        let additions = findings.filter(isAddition)
        guard additions.count > 1, let first = additions.min(by: { $0.location < $1.location }) else { return findings }
        let changes = Dictionary(comparison.changes.map { ($0.path.description, $0) }, uniquingKeysWith: { first, _ in first })
        var fields: [String] = []
        let listed = additions.sorted { $0.location < $1.location }.compactMap { finding -> Finding.Note? in
            guard let path = finding.path, let change = changes[path.description], let field = field(of: change, in: comparison) else { return nil }
            // A new record type by its name; anything else by the element (two entities' fields
            // may share a name).
            fields.append(path.member == nil && !field.hasPrefix("its ") ? field : "'\(path)'")
            return Finding.Note("\(change.new?.kind ?? "element") '\(path)' was added: \(field)", at: finding.location)
        }
        // The reminder names what to deploy: the first few, and how many more.
        let named = fields.count > 5 ? fields.prefix(5).joined(separator: ", ") + " and \(fields.count - 5) more" : fields.joined(separator: ", ")
        var merged = first
        merged.path = nil
        merged.message = "\(comparison.version.displayName) adds \(additions.count) elements to the CloudKit schema\(named.isEmpty ? "" : " (\(named))"); deploy them to the CloudKit production environment before \(comparison.version.displayName) reaches people, or sync stops with \"Cannot create or modify field\""
        merged.notes = listed
        return findings.filter { !isAddition($0) } + [merged]
    }
}

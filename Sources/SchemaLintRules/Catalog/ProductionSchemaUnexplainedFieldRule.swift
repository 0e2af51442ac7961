import SchemaLintCore

/// `production-schema-unexplained-field`: a field of a record type the model mirrors to is in the
/// CloudKit production schema, but no version of the history declares what would write it.
struct ProductionSchemaUnexplainedFieldRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "production-schema-unexplained-field", category: .productionSchema, synced: .note, local: nil,
        summary: "A field in the CloudKit production schema that no version in the history explains."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        guard let comparison = ProductionSchemaComparison(context), let (newest, newestMirror) = comparison.checked.last else { return [] }
        // Every field any version (released or draft) mirrors to, by record type.
        var explained: [String: Set<String>] = [:]
        var roots: [String: ElementPath] = [:]
        for version in comparison.history.versions where version.hasSyncedEntities {
            let mirror = version.model == newest.model && version.label == newest.label ? newestMirror : CloudKitMirror(version)
            for recordType in mirror.recordTypes where recordType.fieldsAreKnown {
                explained[recordType.name, default: []].formUnion(recordType.fields.map(\.name))
                roots[recordType.name] = recordType.path
            }
        }
        var findings: [Finding] = []
        for deployed in comparison.schema.recordTypes {
            guard let known = explained[deployed.name], let root = roots[deployed.name] else { continue }
            for field in deployed.fields where !field.isSystem && !known.contains(field.name) {
                // A companion goes with its field: explained by it, or reported with it.
                if let owner = CloudKitMirror.assetOwner(of: field.name), known.contains(owner) || deployed.field(named: owner) != nil { continue }
                let member = field.name.hasPrefix("CD_") ? String(field.name.dropFirst(3)) : field.name
                findings.append(comparison.finding(
                    descriptor, in: newest, path: ElementPath(entity: root.entity, member: member), at: field.location,
                    message: "field \(field.name) of record type \(deployed.name) is in the production schema, but no version of \(comparison.history.model) declares an attribute or to-one relationship '\(member)' in the tree of '\(root.entity)'",
                    suggestions: [
                        "if a version that shipped used it, add that version to the history so that its changes are checked",
                        "production fields are never deleted: leave it unused, and do not give a new attribute of another type this name",
                    ]
                ))
            }
        }
        return findings
    }
}

import SchemaLintCore

/// `production-schema-type-mismatch`: a field is in the CloudKit production schema with another
/// type than the one the version's attribute mirrors to; deployed types never change, so the
/// version cannot sync the attribute.
struct ProductionSchemaTypeMismatchRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "production-schema-type-mismatch", category: .productionSchema, synced: .error, local: nil,
        summary: "A field's type in the CloudKit production schema differs from what the synced version's attribute mirrors to."
    )
    /// An added attribute whose name production already has with another type cannot be deployed at all.
    let supersedes: Set<String> = ["element-added"]

    func check(_ context: HistoryContext) -> [Finding] {
        guard let comparison = ProductionSchemaComparison(context) else { return [] }
        var findings: [Finding] = []
        var reported: Set<String> = []
        for (version, mirror) in comparison.checked {
            for recordType in mirror.recordTypes {
                guard let deployed = comparison.schema.recordType(named: recordType.name) else { continue }
                for field in recordType.fields where field.isTypeVerified {
                    guard let existing = deployed.field(named: field.name), !existing.type.holds(field.type),
                          reported.insert("\(recordType.name).\(field.name) \(field.type)").inserted
                    else { continue }
                    let source = Self.source(of: field, in: version)
                    findings.append(comparison.finding(
                        descriptor, in: version, path: field.path, at: field.typeLocation,
                        message: "field \(field.name) of record type \(recordType.name) is \(existing.type) in the production schema \(comparison.fileName), but \(source) mirrors to \(field.type); a deployed field's type never changes, so \(version.displayName) cannot sync it",
                        notes: [Finding.Note("\(field.name) \(existing.type) in the production schema", at: existing.location)],
                        suggestions: [
                            "keep the type that production has for '\(field.path)'",
                            "or store the value in a new attribute with a new name (a new field) and leave '\(field.path)' unused",
                        ]
                    ))
                }
            }
        }
        return findings
    }

    /// How the message names what the field mirrors: the attribute with its type, the to-one relationship, or the companion.
    static func source(of field: CloudKitMirror.Field, in version: ModelVersion) -> String {
        guard let member = field.path.member, let entity = version.entity(named: field.path.entity) else { return "Core Data's \(field.name)" }
        if field.isOptional { return "the large-value companion of '\(field.path)'" }
        if let attribute = entity.attribute(named: member) {
            return "'\(field.path)' (\(attribute.type)\(attribute.allowsCloudEncryption ? ", encrypted" : ""))"
        }
        return "the to-one relationship '\(field.path)'"
    }
}

import SchemaLintCore

/// `production-schema-missing-field`: a synced version needs a record type or field that the
/// CloudKit production schema lacks, so the first save of such a value stops sync
/// ("Cannot create or modify field ... in production schema", TN3164).
struct ProductionSchemaMissingFieldRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "production-schema-missing-field", category: .productionSchema, synced: .error, local: nil,
        summary: "A synced version needs a record type or field the CloudKit production schema lacks: deploy it first, or sync stops."
    )
    /// The reminder to deploy an added element says less than this rule's finding about it.
    let supersedes: Set<String> = ["element-added"]

    func check(_ context: HistoryContext) -> [Finding] {
        guard let comparison = ProductionSchemaComparison(context) else { return [] }
        var findings: [Finding] = []
        var reported: Set<String> = []
        for (version, mirror) in comparison.checked {
            for recordType in mirror.recordTypes {
                guard let deployed = comparison.schema.recordType(named: recordType.name) else {
                    guard reported.insert(recordType.name).inserted else { continue }
                    let what = recordType.root.map { "the objects of '\($0)'" } ?? "its many-to-many relationships ('\(recordType.path)')"
                    findings.append(comparison.finding(
                        descriptor, in: version, path: recordType.path, at: recordType.location,
                        message: "record type \(recordType.name) is not in the production schema \(comparison.fileName); \(version.displayName) cannot sync \(what): CloudKit refuses to create it in production and sync stops",
                        suggestions: ProductionSchemaComparison.deployAdvice(version)
                    ))
                    continue
                }
                for field in recordType.fields where !field.isOptional && deployed.field(named: field.name) == nil {
                    guard reported.insert("\(recordType.name).\(field.name)").inserted else { continue }
                    let element = field.name == CloudKitMirror.entityNameField ? "which entity a record holds" : "'\(field.path)'"
                    var finding = comparison.finding(
                        descriptor, in: version, path: field.path, at: field.location,
                        message: "field \(field.name) (\(field.type)) of record type \(recordType.name) is not in the production schema \(comparison.fileName); the first time \(version.displayName) saves \(element), CloudKit answers \"Cannot create or modify field '\(field.name)' in record '\(recordType.name)' in production schema\" and sync stops",
                        notes: [Finding.Note("record type \(recordType.name) in the production schema", at: deployed.location)],
                        suggestions: ProductionSchemaComparison.deployAdvice(version)
                    )
                    // The fields one version adds to one record type are one deployment: one finding.
                    finding.gathering = Finding.Gathering(
                        key: field.path.entity, item: "\(field.name) (\(field.type))",
                        note: field.name == CloudKitMirror.entityNameField ? "\(field.name) says which entity a record holds" : "\(field.name) is '\(field.path)'",
                        problem: "fields of record type \(recordType.name) are not in the production schema \(comparison.fileName)",
                        consequence: "the first time \(version.displayName) saves one of them, CloudKit answers \"Cannot create or modify field '<field>' in record '\(recordType.name)' in production schema\" and sync stops"
                    )
                    findings.append(finding)
                }
            }
        }
        return findings
    }
}

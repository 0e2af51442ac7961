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
                let missing = recordType.fields.filter { field in
                    !field.isOptional && deployed.field(named: field.name) == nil && reported.insert("\(recordType.name).\(field.name)").inserted
                }.sorted { ($0.location, $0.name) < ($1.location, $1.name) }
                guard let field = missing.first else { continue }
                let deployedNote = Finding.Note("record type \(recordType.name) in the production schema", at: deployed.location)
                if missing.count == 1 {
                    let element = field.name == CloudKitMirror.entityNameField ? "which entity a record holds" : "'\(field.path)'"
                    findings.append(comparison.finding(
                        descriptor, in: version, path: field.path, at: field.location,
                        message: "field \(field.name) (\(field.type)) of record type \(recordType.name) is not in the production schema \(comparison.fileName); the first time \(version.displayName) saves \(element), CloudKit answers \"Cannot create or modify field '\(field.name)' in record '\(recordType.name)' in production schema\" and sync stops",
                        notes: [deployedNote],
                        suggestions: ProductionSchemaComparison.deployAdvice(version)
                    ))
                    continue
                }
                // The fields one version adds to one record type are one deployment: one finding
                // that lists them, with a note at each (a baseline records each field).
                var merged = comparison.finding(
                    descriptor, in: version, path: ElementPath(entity: field.path.entity), at: field.location,
                    message: "\(missing.count) fields of record type \(recordType.name) are not in the production schema \(comparison.fileName): \(missing.map { "\($0.name) (\($0.type))" }.joined(separator: ", ")); the first time \(version.displayName) saves one of them, CloudKit answers \"Cannot create or modify field '<field>' in record '\(recordType.name)' in production schema\" and sync stops",
                    notes: missing.map { Finding.Note("\($0.name) is '\($0.name == CloudKitMirror.entityNameField ? "which entity a record holds" : $0.path.description)'", at: $0.location) } + [deployedNote],
                    suggestions: ProductionSchemaComparison.deployAdvice(version)
                )
                merged.memberIdentities = missing.map { comparison.finding(descriptor, in: version, path: $0.path, at: $0.location, message: "").identity }
                findings.append(merged)
            }
        }
        return findings
    }
}

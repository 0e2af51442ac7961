import SchemaLintCore

/// `production-schema-field-limit`: CloudKit's 256 fields per record type counted on what
/// production already has (fields are never removed) plus the fields a synced version adds.
/// The model's own count is `cloudkit-record-field-limit`'s: this rule reports only record types
/// that production's old fields push over a threshold the model alone stays under.
struct ProductionSchemaFieldLimitRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "production-schema-field-limit", category: .productionSchema, synced: .error, local: nil,
        summary: "Production's fields plus the ones a synced version adds exceed 256 in a record type (a warning above 200)."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        guard let comparison = ProductionSchemaComparison(context) else { return [] }
        var byRecordType: [String: Finding] = [:]
        var order: [String] = []
        for (version, mirror) in comparison.checked {
            for recordType in mirror.recordTypes where recordType.fieldsAreKnown {
                guard let deployed = comparison.schema.recordType(named: recordType.name) else { continue }
                let inProduction = Set(deployed.fields.filter { !$0.isSystem }.map(\.name))
                let added = recordType.fields.map(\.name).filter { !inProduction.contains($0) }
                let total = inProduction.count + added.count
                guard let severity = Self.severity(total), severity != Self.severity(recordType.fields.count) else { continue }
                let finding = comparison.finding(
                    descriptor, in: version, path: recordType.path, at: recordType.location,
                    message: "record type \(recordType.name) would have \(total) fields: \(inProduction.count) in the production schema \(comparison.fileName), which are never removed, and \(added.count) that \(version.displayName) adds; CloudKit allows at most \(RecordFieldLimitRule.limit)\(severity == .error ? ", so the schema cannot be deployed" : "")",
                    severity: severity,
                    notes: [Finding.Note("record type \(recordType.name) in the production schema", at: deployed.location)],
                    suggestions: [
                        "put new attributes in a new entity linked to-one (its own record type)",
                        "and reuse no old field: production keeps every field a version ever deployed",
                    ]
                )
                if let earlier = byRecordType[recordType.name] {
                    if earlier.severity == .warning, severity == .error { byRecordType[recordType.name] = finding }
                } else {
                    order.append(recordType.name)
                    byRecordType[recordType.name] = finding
                }
            }
        }
        return order.compactMap { byRecordType[$0] }
    }

    /// Error above the limit, warning above the threshold of `cloudkit-record-field-limit`.
    static func severity(_ count: Int) -> Severity? {
        count > RecordFieldLimitRule.limit ? .error : count > RecordFieldLimitRule.warningThreshold ? .warning : nil
    }
}

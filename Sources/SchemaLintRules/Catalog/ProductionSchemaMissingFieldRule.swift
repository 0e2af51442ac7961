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
                    findings.append(comparison.finding(
                        descriptor, in: version, path: field.path, at: field.location,
                        message: "field \(field.name) (\(field.type)) of record type \(recordType.name) is not in the production schema \(comparison.fileName); the first time \(version.displayName) saves \(element), CloudKit answers \"Cannot create or modify field '\(field.name)' in record '\(recordType.name)' in production schema\" and sync stops",
                        notes: [Finding.Note("record type \(recordType.name) in the production schema", at: deployed.location)],
                        suggestions: ProductionSchemaComparison.deployAdvice(version)
                    ))
                }
            }
        }
        return findings
    }

    /// One change, one finding: the fields one version adds to one record type are one
    /// deployment, so their findings are one, at the first, listing each with a note where it is
    /// declared (the members' identities kept for baselines). Run once suppressions, the baseline
    /// and `--against` weighed each field.
    static func perRecordType(_ findings: [Finding]) -> [Finding] {
        let id = ProductionSchemaMissingFieldRule().descriptor.id
        struct Group: Hashable { let model: String, version: String, entity: String }
        /// `field CD_x (STRING) of record type CD_Note is not in the production schema F; the first time V saves ...`
        func parts(_ finding: Finding) -> (field: String, recordType: String, schema: String, versionName: String)? {
            guard finding.ruleID == id, finding.path?.member != nil, finding.message.hasPrefix("field "),
                  let typeEnd = finding.message.range(of: " of record type "),
                  let schemaStart = finding.message.range(of: " is not in the production schema ", range: typeEnd.upperBound..<finding.message.endIndex),
                  let schemaEnd = finding.message.range(of: "; the first time ", range: schemaStart.upperBound..<finding.message.endIndex),
                  let saves = finding.message.range(of: " saves ", range: schemaEnd.upperBound..<finding.message.endIndex)
            else { return nil }
            return (String(finding.message[finding.message.index(finding.message.startIndex, offsetBy: 6)..<typeEnd.lowerBound]),
                    String(finding.message[typeEnd.upperBound..<schemaStart.lowerBound]),
                    String(finding.message[schemaStart.upperBound..<schemaEnd.lowerBound]),
                    String(finding.message[schemaEnd.upperBound..<saves.lowerBound]))
        }
        func group(of finding: Finding) -> Group? {
            guard parts(finding) != nil, let path = finding.path else { return nil }
            return Group(model: finding.model, version: finding.version, entity: path.entity)
        }
        let groups = Dictionary(grouping: findings.indices.filter { group(of: findings[$0]) != nil }, by: { group(of: findings[$0])! }).filter { $0.value.count > 1 }
        guard !groups.isEmpty else { return findings }
        var merged: [Int: Finding] = [:]
        var dropped = Set<Int>()
        for members in groups.values {
            let sorted = members.sorted { (findings[$0].location, findings[$0].identity) < (findings[$1].location, findings[$1].identity) }
            guard let first = parts(findings[sorted[0]]) else { continue }
            var finding = findings[sorted[0]]
            let fields = sorted.compactMap { parts(findings[$0])?.field }
            finding.message = "\(sorted.count) fields of record type \(first.recordType) are not in the production schema \(first.schema): \(fields.joined(separator: ", ")); the first time \(first.versionName) saves one of them, CloudKit answers \"Cannot create or modify field '<field>' in record '\(first.recordType)' in production schema\" and sync stops"
            finding.path = findings[sorted[0]].path.map { ElementPath(entity: $0.entity) }
            finding.memberIdentities = sorted.map { findings[$0].identity }
            var told = Set<String>()
            let shared = sorted.flatMap { findings[$0].notes }.filter { told.insert($0.message).inserted }
            finding.notes = sorted.map { index in
                let field = parts(findings[index])?.field.split(separator: " ").first.map(String.init) ?? ""
                let element = field == CloudKitMirror.entityNameField ? "says which entity a record holds" : "is '\(findings[index].path?.description ?? "")'"
                return Finding.Note("\(field) \(element)", at: findings[index].location)
            } + shared
            merged[sorted[0]] = finding
            dropped.formUnion(sorted.dropFirst())
        }
        return findings.indices.filter { !dropped.contains($0) }.map { merged[$0] ?? findings[$0] }
    }
}

/// `versioned-schema-not-frozen`: a version that is not the newest lists a model whose
/// declaration is not its own: the live `@Model` type, or a class of a later version. SwiftData
/// computes a schema's checksum from the classes it lists, so the shipped version's checksum moves
/// with every later edit of them: stores stamped with the shipped one no longer match it, and a
/// staged migration fails with an unknown model version, or two versions come out the same.
/// While no `SchemaMigrationPlan` lists the schemas, nothing reads the older checksums: one note
/// per schema says what to freeze before a plan lists it.
struct VersionedSchemaNotFrozenRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "versioned-schema-not-frozen", category: .history, synced: .error, local: .error,
        summary: "A VersionedSchema that is not the newest lists the live @Model types (or a later schema's): its shape follows their edits."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        let versions = context.history.versions
        guard versions.count > 1 else { return [] }
        let position = Dictionary(versions.enumerated().map { ($1.label, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        for (index, version) in versions.enumerated().dropLast() {
            if !version.isInMigrationPlan, let first = version.borrowedEntities.first {
                findings.append(unplannedNote(version, first: first))
                continue
            }
            for borrowed in version.borrowedEntities {
                let whose: String
                if let owner = borrowed.owner {
                    guard let ownerPosition = position[owner], ownerPosition > index else { continue }
                    whose = "the class of '\(owner)', a later version"
                } else {
                    whose = "the app's live @Model class, declared in no VersionedSchema"
                }
                findings.append(Finding(
                    ruleID: descriptor.id, severity: descriptor.severity(synced: version.usesCloudKit) ?? .error,
                    message: "'\(version.label)' is not the newest version, but its models list '\(borrowed.entity)', \(whose): the shape and checksum of '\(version.label)' follow every later edit of that class, so stores written by the release that shipped '\(version.label)' stop matching it, and SwiftData cannot migrate them",
                    location: borrowed.location, model: version.model, baseline: nil, version: version.label,
                    path: ElementPath(entity: borrowed.entity),
                    suggestions: [
                        "freeze '\(version.label)': declare '\(borrowed.entity)' inside it (`extension \(version.label) { @Model final class \(borrowed.entity) { ... } }`) with the properties it had when '\(version.label)' shipped, and list that class",
                        "only the newest VersionedSchema may list the live types",
                    ]
                ))
            }
        }
        return findings
    }

    /// The note on a schema no migration plan lists: SwiftData opens the store with the newest
    /// schema and migrates it without reading the older ones, until a plan lists them.
    private func unplannedNote(_ version: ModelVersion, first: BorrowedEntity) -> Finding {
        let entities = version.borrowedEntities.map(\.entity)
        let listed = entities.count == 1 ? "'\(first.entity)'" : "\(entities.count) classes it does not declare (\(entities.map { "'\($0)'" }.joined(separator: ", ")))"
        return Finding(
            ruleID: descriptor.id, severity: .note,
            message: "'\(version.label)' is not the newest version, but its models list \(listed): no SchemaMigrationPlan lists '\(version.label)', so SwiftData reads no checksum of it now, but once a plan lists it, its shape will be that of the live classes, not the one that shipped",
            location: first.location, model: version.model, baseline: nil, version: version.label,
            path: ElementPath(entity: first.entity),
            suggestions: [
                "before a SchemaMigrationPlan lists '\(version.label)', freeze it: declare its models inside it (`extension \(version.label) { @Model final class \(first.entity) { ... } }`) with the properties they had when '\(version.label)' shipped",
                "or, if no store was ever written with '\(version.label)', delete the schema",
            ]
        )
    }
}

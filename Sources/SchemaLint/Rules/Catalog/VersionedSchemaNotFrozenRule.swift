/// `versioned-schema-not-frozen`: a version that is not the newest lists a model whose
/// declaration is not its own: the live `@Model` type, or a class of a later version. SwiftData
/// computes a schema's checksum from the classes it lists, so the shipped version's checksum moves
/// with every later edit of them: stores stamped with the shipped one no longer match it, and a
/// staged migration fails with an unknown model version, or two versions come out the same.
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
}

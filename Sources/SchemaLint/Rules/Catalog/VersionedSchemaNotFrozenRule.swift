import SchemaLintCore

/// `versioned-schema-not-frozen`: a version that is not the newest lists a model whose
/// declaration is not its own and that the newest version lists too (the reader records only
/// those): the live `@Model` type, or a class of a later version. SwiftData
/// computes a schema's checksum from the classes it lists, so the shipped version's checksum moves
/// with every later edit of them: stores stamped with the shipped one no longer match it, and a
/// staged migration fails with an unknown model version, or two versions come out the same. One
/// finding per schema, naming every such class: the schema is frozen in one change.
/// While no `SchemaMigrationPlan` lists the schemas, nothing reads the older checksums: one note
/// per schema says what to freeze before a plan lists it.
struct VersionedSchemaNotFrozenRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "versioned-schema-not-frozen", category: .history, synced: .error, local: .error,
        summary: "A VersionedSchema that is not the newest lists the live @Model types (or the newest schema's): its shape follows their edits."
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
            // The classes the schema lists that follow later edits: live ones, and those of a
            // later version. One finding per schema, which is frozen in one change.
            let followers = version.borrowedEntities.filter { borrowed in
                borrowed.owner.map { owner in position[owner].map { $0 > index } ?? false } ?? true
            }
            guard let first = followers.first else { continue }
            let live = followers.filter { $0.owner == nil }.map { "'\($0.entity)'" }
            let later = followers.filter { $0.owner != nil }.map { "'\($0.entity)' (of '\($0.owner ?? "")', a later version)" }
            let whose = [
                live.isEmpty ? nil : "\(EnglishList.join(live)), \(live.count == 1 ? "the app's live @Model class" : "the app's live @Model classes"), declared in no VersionedSchema",
                later.isEmpty ? nil : EnglishList.join(later),
            ].compactMap { $0 }.joined(separator: ", and ")
            let classes = followers.count == 1 ? "that class" : "those \(followers.count) classes"
            findings.append(Finding(
                ruleID: descriptor.id, severity: descriptor.severity(synced: version.usesCloudKit) ?? .error,
                message: "'\(version.label)' is not the newest version, but its models list \(whose): the shape and checksum of '\(version.label)' follow every later edit of \(classes), so stores written by the release that shipped '\(version.label)' stop matching it, and SwiftData cannot migrate them",
                location: first.location, model: version.model, baseline: nil, version: version.label,
                path: nil,
                notes: followers.dropFirst().map { Finding.Note("'\(version.label)' lists '\($0.entity)' here", at: $0.location) },
                suggestions: [
                    "freeze '\(version.label)': declare \(followers.count == 1 ? "'\(first.entity)'" : "each of them") inside it (`extension \(version.label) { @Model final class \(first.entity) { ... } }`) with the properties \(followers.count == 1 ? "it" : "they") had when '\(version.label)' shipped, and list \(followers.count == 1 ? "that class" : "those classes")",
                    "only the newest VersionedSchema may list the live types",
                ]
            ))
        }
        return findings
    }

    /// The note on a schema no migration plan a container is given lists: SwiftData opens the
    /// store with the newest schema and migrates it without reading the older ones, until then.
    private func unplannedNote(_ version: ModelVersion, first: BorrowedEntity) -> Finding {
        let entities = version.borrowedEntities.map(\.entity)
        let listed = entities.count == 1 ? "'\(first.entity)'" : "\(entities.count) classes it does not declare (\(entities.map { "'\($0)'" }.joined(separator: ", ")))"
        return Finding(
            ruleID: descriptor.id, severity: .note,
            message: "'\(version.label)' is not the newest version, but its models list \(listed): no container is given a SchemaMigrationPlan that lists '\(version.label)', so SwiftData reads no checksum of it now, but once one is, its shape will be that of the live classes, not the one that shipped",
            location: first.location, model: version.model, baseline: nil, version: version.label,
            path: ElementPath(entity: first.entity),
            suggestions: [
                "before a container is given a SchemaMigrationPlan that lists '\(version.label)', freeze it: declare its models inside it (`extension \(version.label) { @Model final class \(first.entity) { ... } }`) with the properties they had when '\(version.label)' shipped",
                "or, if no store was ever written with '\(version.label)', delete the schema",
            ]
        )
    }
}

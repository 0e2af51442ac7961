import SchemaLintCore

/// `versioned-schema-not-frozen`: a version that is not the newest lists a model whose
/// declaration is not its own and that the newest version lists too (the reader records only
/// those): the live `@Model` type, or a class of a later version. SwiftData
/// computes a schema's checksum from the classes it lists, so the shipped version's checksum moves
/// with every later edit of them: stores stamped with the shipped one no longer match it, and a
/// staged migration fails with an unknown model version, or two versions come out the same. One
/// finding for all such schemas of a model, with a note where each lists them: they are one
/// mistake, made as each version was added.
/// While no `SchemaMigrationPlan` lists the schemas, nothing reads the older checksums: one note
/// says what to freeze before a plan lists them.
struct VersionedSchemaNotFrozenRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "versioned-schema-not-frozen", category: .history, synced: .error, local: .error,
        summary: "A VersionedSchema that is not the newest lists the live @Model types (or the newest schema's): its shape follows their edits."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        let versions = context.history.versions
        guard versions.count > 1 else { return [] }
        let position = Dictionary(versions.enumerated().map { ($1.label, $0) }, uniquingKeysWith: { first, _ in first })
        var unplanned: [ModelVersion] = []
        var unfrozen: [(version: ModelVersion, followers: [BorrowedEntity])] = []
        for (index, version) in versions.enumerated().dropLast() {
            if !version.isInMigrationPlan, !version.borrowedEntities.isEmpty {
                unplanned.append(version)
                continue
            }
            // The classes the schema lists that follow later edits: live ones, and those of a
            // later version.
            let followers = version.borrowedEntities.filter { borrowed in
                borrowed.owner.map { owner in position[owner].map { $0 > index } ?? false } ?? true
            }
            if !followers.isEmpty { unfrozen.append((version, followers)) }
        }
        // Schemas that list the live types are one mistake, made when each was added: one
        // finding for all of them, with a note where each lists them.
        var findings: [Finding] = []
        if !unplanned.isEmpty { findings.append(unplannedNote(unplanned)) }
        if unfrozen.count == 1, let (version, followers) = unfrozen.first {
            findings.append(error(version, followers: followers))
        } else if !unfrozen.isEmpty {
            findings.append(error(unfrozen))
        }
        return findings
    }

    /// What the classes a schema lists and does not own are: live, or of a later version.
    private func describe(_ followers: [BorrowedEntity]) -> String {
        var live: [String] = []
        var later: [String] = []
        for follower in followers {
            if let owner = follower.owner {
                let named = "'\(follower.entity)' (of '\(owner)', a later version)"
                if !later.contains(named) { later.append(named) }
            } else if !live.contains("'\(follower.entity)'") {
                live.append("'\(follower.entity)'")
            }
        }
        return [
            live.isEmpty ? nil : "\(EnglishList.join(live)), \(live.count == 1 ? "the app's live @Model class" : "the app's live @Model classes"), declared in no VersionedSchema",
            later.isEmpty ? nil : EnglishList.join(later),
        ].compactMap { $0 }.joined(separator: ", and ")
    }

    private func error(_ version: ModelVersion, followers: [BorrowedEntity]) -> Finding {
        let first = followers[0]
        let classes = followers.count == 1 ? "that class" : "those \(followers.count) classes"
        return Finding(
            ruleID: descriptor.id, severity: descriptor.severity(synced: version.usesCloudKit) ?? .error,
            message: "'\(version.label)' is not the newest version, but its models list \(describe(followers)): the shape and checksum of '\(version.label)' follow every later edit of \(classes), so stores written by the release that shipped '\(version.label)' stop matching it, and SwiftData cannot migrate them",
            location: first.location, model: version.model, baseline: nil, version: version.label,
            path: nil,
            notes: followers.dropFirst().map { Finding.Note("'\(version.label)' lists '\($0.entity)' here", at: $0.location) },
            suggestions: [
                "freeze '\(version.label)': declare \(followers.count == 1 ? "'\(first.entity)'" : "each of them") inside it (`extension \(version.label) { @Model final class \(first.entity) { ... } }`) with the properties \(followers.count == 1 ? "it" : "they") had when '\(version.label)' shipped, and list \(followers.count == 1 ? "that class" : "those classes")",
                "only the newest VersionedSchema may list the live types",
            ]
        )
    }

    /// The finding for several schemas that list classes they do not own, at the oldest.
    private func error(_ unfrozen: [(version: ModelVersion, followers: [BorrowedEntity])]) -> Finding {
        let (oldest, oldestFollowers) = unfrozen[0]
        let first = oldestFollowers[0]
        let labels = unfrozen.map { "'\($0.version.label)'" }
        let classes = Set(unfrozen.flatMap { $0.followers.map(\.entity) }).count
        let notes = unfrozen.map { version, followers in
            Finding.Note("'\(version.label)' lists \(EnglishList.join(followers.map { "'\($0.entity)'" }, limit: 4)) here", at: followers[0].location)
        }.dropFirst()
        return Finding(
            ruleID: descriptor.id,
            severity: descriptor.severity(synced: unfrozen.contains { $0.version.usesCloudKit }) ?? .error,
            message: "\(EnglishList.join(labels)) are not the newest version, but their models list \(describe(unfrozen.flatMap(\.followers))): the shapes and checksums of those \(unfrozen.count) schemas follow every later edit of \(classes == 1 ? "that class" : "those \(classes) classes"), so stores written by the releases that shipped them stop matching them, and SwiftData cannot migrate them",
            location: first.location, model: oldest.model, baseline: nil, version: oldest.label,
            path: nil,
            notes: Array(notes),
            suggestions: [
                "freeze each of \(EnglishList.join(labels)): declare the classes it lists inside it (`extension \(oldest.label) { @Model final class \(first.entity) { ... } }`) with the properties they had when it shipped, and list those classes",
                "only the newest VersionedSchema may list the live types",
            ]
        )
    }

    /// The note on the schemas no migration plan a container is given lists: SwiftData opens the
    /// store with the newest schema and migrates it without reading the older ones, until then.
    private func unplannedNote(_ versions: [ModelVersion]) -> Finding {
        let oldest = versions[0]
        let first = oldest.borrowedEntities[0]
        let entities = versions.flatMap(\.borrowedEntities).map(\.entity).reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        let listed = entities.count == 1 ? "'\(first.entity)'" : "\(entities.count) classes \(versions.count == 1 ? "it does" : "they do") not declare (\(entities.map { "'\($0)'" }.joined(separator: ", ")))"
        let labels = EnglishList.join(versions.map { "'\($0.label)'" })
        let one = versions.count == 1
        return Finding(
            ruleID: descriptor.id, severity: .note,
            message: "\(labels) \(one ? "is" : "are") not the newest version, but \(one ? "its" : "their") models list \(listed): no container is given a SchemaMigrationPlan that lists \(labels), so SwiftData reads no checksum of \(one ? "it" : "them") now, but once one is, \(one ? "its shape" : "their shapes") will be that of the live classes, not the one\(one ? "" : "s") that shipped",
            location: first.location, model: oldest.model, baseline: nil, version: oldest.label,
            path: ElementPath(entity: first.entity),
            notes: versions.dropFirst().map { Finding.Note("'\($0.label)' lists \(EnglishList.join($0.borrowedEntities.map { "'\($0.entity)'" }, limit: 4)) here", at: $0.borrowedEntities[0].location) },
            suggestions: [
                "before a container is given a SchemaMigrationPlan that lists \(labels), freeze \(one ? "it" : "each"): declare \(one ? "its" : "the") models inside it (`extension \(oldest.label) { @Model final class \(first.entity) { ... } }`) with the properties they had when \(one ? "'\(oldest.label)'" : "it") shipped",
                "or, if no store was ever written with \(one ? "'\(oldest.label)'" : "one of them"), delete \(one ? "the schema" : "it")",
            ]
        )
    }
}

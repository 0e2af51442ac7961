/// All versions of one model, oldest first, and which version each is checked against.
package struct ModelHistory: Sendable {
    package let model: String
    /// Sorted by version number.
    package private(set) var versions: [ModelVersion]
    /// The migrations the team wrote for steps of this history (mapping models, declared
    /// custom or staged migrations).
    package var writtenMigrations: [WrittenMigration] = []
    /// For a history whose releases were read from git tags (`--history git`), what was read.
    package var gitReleases: GitReleaseReading?
    /// What the code that opens the model's store, and `syncedSince:`, decided about its sync.
    package var syncDecision: StoreSyncDecision?

    package init(model: String, versions: [ModelVersion], writtenMigrations: [WrittenMigration] = []) {
        self.model = model
        self.versions = versions
        self.writtenMigrations = writtenMigrations
    }

    /// The migration written for a store of `baseline` opened with `version`, if any.
    package func writtenMigration(from baseline: ModelVersion, to version: ModelVersion) -> WrittenMigration? {
        writtenMigrations.first { !$0.isStale && $0.covers(from: baseline, to: version) }
    }

    /// Makes the versions `labels` names drafts: versions no store ever had are checked, and
    /// never a baseline.
    package mutating func unrelease(labeled labels: Set<String>) {
        for index in versions.indices where labels.contains(versions[index].label) { versions[index].isReleased = false }
    }

    /// Leaves out the versions `labels` names: no store was ever made with them, so no step
    /// starts or ends there.
    package mutating func leaveOut(labeled labels: Set<String>) {
        versions.removeAll { labels.contains($0.label) }
    }

    /// The history the versions of `path`'s bundle form (`ModelVersion.history`).
    package var key: String? { versions.first?.history }

    /// Groups versions by model and orders each group; two files with the same model and version are an error.
    package static func histories(of versions: [ModelVersion]) throws(InputError) -> [ModelHistory] {
        var groups: [String: [ModelVersion]] = [:]
        for version in versions { groups[version.history, default: []].append(version) }
        var result: [ModelHistory] = []
        for key in groups.keys.sorted() {
            // Sorted by index, so that the comparisons read each key in place and the versions
            // themselves move once.
            let group = groups[key]!
            let sorted = group.indices.sorted { (group[$0].version, group[$0].file) < (group[$1].version, group[$1].file) }.map { group[$0] }
            let model = sorted[0].model
            for (previous, current) in zip(sorted, sorted.dropFirst()) where previous.version == current.version {
                throw InputError(
                    at: current.location,
                    "model '\(model)' has two files for version \(current.version)",
                    notes: ["the other is \(previous.location)"]
                )
            }
            result.append(ModelHistory(model: model, versions: sorted))
        }
        return result
    }

    /// Each version paired with the newest released version before it (its baseline).
    /// Drafts are checked against the last release but never serve as a baseline themselves;
    /// the first version, and drafts with no release before them, have no baseline.
    package var comparisons: [(baseline: ModelVersion, version: ModelVersion)] {
        var result: [(baseline: ModelVersion, version: ModelVersion)] = []
        var lastRelease: ModelVersion?
        for version in versions {
            if let lastRelease { result.append((lastRelease, version)) }
            if version.isReleased { lastRelease = version }
        }
        return result
    }

    /// Released versions, oldest first: what people may still run.
    package var releasedVersions: [ModelVersion] { versions.filter(\.isReleased) }

    /// Whether the model is versioned in its files, so that each released version is compared
    /// with what shipped: several versions, a schema a migration plan lists, or an Xcode model
    /// (of one version too). A YAML file or SwiftData classes with no schema change by editing.
    /// The copies read at release tags (`--history git`) are not in its files.
    package var isVersionedInItsFiles: Bool {
        let inFiles = versions.filter { $0.releaseTag == nil }
        return inFiles.count > 1 || inFiles.contains(where: \.isInMigrationPlan) || inFiles.first?.format == .xcode
    }

    /// Whether the model is edited in place and a run asked for no history source compares it
    /// with its copy at the newest release tag: a YAML model of one file, or SwiftData classes
    /// without a `VersionedSchema` (a bundle of one version is compared as a released version).
    package var isComparedWithNewestReleaseByDefault: Bool {
        !isVersionedInItsFiles && versions.allSatisfy(\.isComparedWithNewestReleaseByDefault)
    }
}

extension ModelVersion {
    /// The version's format and shape are those of a model edited in place that a run asked for
    /// no history source compares with the newest release (`ModelHistory.isComparedWithNewestReleaseByDefault`).
    package var isComparedWithNewestReleaseByDefault: Bool {
        (format == .yaml || format == .swiftData) && !isInMigrationPlan
    }
}

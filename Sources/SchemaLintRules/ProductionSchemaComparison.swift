import SchemaLintCore

/// What the production-schema rules look at: the history's CloudKit production schema, and the
/// versions that must sync with it, each with the record types it mirrors to. Those versions are
/// the newest released version that syncs anything (people run it now) and every draft after it
/// (people will run it once it ships).
struct ProductionSchemaComparison {
    let schema: CloudKitSchema
    let history: ModelHistory
    /// Oldest first.
    let checked: [(version: ModelVersion, mirror: CloudKitMirror)]

    init?(_ context: HistoryContext) {
        guard let schema = context.productionSchema else { return nil }
        let versions = context.history.versions
        let newestRelease = versions.lastIndex { $0.isReleased && $0.hasSyncedEntities }
        let candidates = versions.indices.filter { index in
            guard versions[index].hasSyncedEntities else { return false }
            guard let newestRelease else { return !versions[index].isReleased }
            return index == newestRelease || (index > newestRelease && !versions[index].isReleased)
        }
        guard !candidates.isEmpty else { return nil }
        self.schema = schema
        self.history = context.history
        self.checked = candidates.map { (versions[$0], CloudKitMirror(versions[$0])) }
    }

    /// A finding of `descriptor`'s rule in `version`.
    func finding(
        _ descriptor: RuleDescriptor, in version: ModelVersion, path: ElementPath, at location: SourceLocation, message: String,
        severity: Severity? = nil, notes: [Finding.Note] = [], suggestions: [String] = []
    ) -> Finding {
        Finding(
            ruleID: descriptor.id, severity: severity ?? descriptor.syncedSeverity ?? .error, message: message, location: location,
            model: version.model, baseline: nil, version: version.label, path: path, notes: notes, suggestions: suggestions
        )
    }

    /// How messages name the production schema file.
    var fileName: String { schema.file }

    /// What to do when production lacks what a version needs.
    static func deployAdvice(_ version: ModelVersion) -> [String] {
        let when = version.isReleased
            ? "now: people running \(version.displayName) cannot sync until it is there"
            : "before \(version.displayName) ships"
        return [
            "deploy the development schema to production in the CloudKit Console (Deploy Schema Changes) \(when); in development, first save a record with every field set, or call initializeCloudKitSchema(), so that every field exists there",
            "then export production again (xcrun cktool export-schema --environment production) and commit the file",
        ]
    }
}

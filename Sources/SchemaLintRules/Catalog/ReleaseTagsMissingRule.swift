import SchemaLintCore

/// `release-tags-missing`: `--history git` found no release tag, so the model is linted as its
/// working tree alone and nothing is checked against what people run.
struct ReleaseTagsMissingRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "release-tags-missing", category: .input, synced: .note, local: .note,
        summary: "--history git found no release tag matching the pattern: the model is checked against no release."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        guard let reading = context.history.gitReleases, reading.matchingTags.isEmpty, let current = context.history.versions.last else { return [] }
        return [Finding(
            ruleID: descriptor.id, severity: descriptor.severity(synced: current.hasSyncedEntities) ?? .note,
            message: "no release tags match '\(reading.pattern)' in the history of \(reading.revision), so \(current.displayName) of \(ModelName.spoken(current.model)) is checked against no release",
            location: current.location, model: current.model, baseline: nil, version: current.label, path: nil,
            suggestions: [
                "in CI, fetch the tags with the history (actions/checkout with `fetch-depth: 0`, or `git fetch --tags`): a shallow clone has none",
                "if releases are tagged another way, give the pattern: `history: {from: git, tags: \"release-*\"}` in .schemalint.yml, or --history-tags 'release-*'",
            ]
        )]
    }
}

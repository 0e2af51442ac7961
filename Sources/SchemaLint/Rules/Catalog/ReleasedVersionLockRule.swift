/// `released-version-modified`, `released-version-removed`: released versions are immutable.
/// `schemalint lock` records a hash of each released version's canonical content; lint compares.
struct ReleasedVersionLockRule: HistoryRule {
    enum Check: Sendable { case modified, removed }

    let descriptor: RuleDescriptor
    let check: Check

    static let modified = ReleasedVersionLockRule(
        descriptor: RuleDescriptor(
            id: "released-version-modified", category: .input, synced: .error, local: .error,
            summary: "A released version no longer matches schemalint.lock: people run it as it was."
        ),
        check: .modified
    )
    static let removed = ReleasedVersionLockRule(
        descriptor: RuleDescriptor(
            id: "released-version-removed", category: .input, synced: .error, local: .error,
            summary: "A released version in schemalint.lock is gone: later versions are no longer checked against it."
        ),
        check: .removed
    )

    func check(_ context: HistoryContext) -> [Finding] {
        guard let entries = context.lock else { return [] }
        let history = context.history
        let byNumber = Dictionary(history.versions.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        for entry in entries {
            let version = entry.versionNumber.flatMap { byNumber[$0] }
            switch (check, version) {
            case (.removed, nil):
                let location = entry.location ?? SourceLocation(file: VersionLock.fileName, line: 1, column: 1)
                let anyVersion = history.versions.last
                findings.append(Finding(
                    ruleID: descriptor.id, severity: severity(anyVersion), message: "released version \(entry.version) of model '\(entry.model)' is locked but no longer in the models; people still run it, and later versions are no longer checked against it",
                    location: location, model: entry.model, baseline: nil, version: anyVersion?.label ?? entry.version, path: nil,
                    suggestions: ["restore the version's model file (from version control)", "if the version was never shipped, run `schemalint lock --force` to drop it from the lock"]
                ))
            case (.modified, let version?):
                let hash = VersionLock.hash(of: version)
                guard !version.isReleased || hash != entry.hash else { continue }
                let what = version.isReleased
                    ? "its content no longer matches \(entry.isFromLockFile ? "the hash in \(VersionLock.fileName)" : "the released copy at \(entry.location?.file ?? "")")"
                    : "it is locked as released but is now marked `released: false`"
                findings.append(Finding(
                    ruleID: descriptor.id, severity: severity(version),
                    message: "released \(version.displayName) was modified: \(what); people run it as it was released, so later versions must be checked against the original",
                    location: version.location, model: version.model, baseline: nil, version: version.label, path: nil,
                    notes: entry.location.map { [Finding.Note(entry.isFromLockFile ? "locked here" : "as released", at: $0)] } ?? [],
                    suggestions: ["restore the released file (from version control) and make the change in a new version"]
                        + (entry.isFromLockFile ? ["if the edit changes nothing people run (a mistake in the file), run `schemalint lock --force`"] : [])
                ))
            default:
                continue
            }
        }
        return findings
    }

    private func severity(_ version: ModelVersion?) -> Severity {
        (version?.usesCloudKit ?? false ? descriptor.syncedSeverity : descriptor.localSeverity) ?? .error
    }
}

extension VersionLock.Entry {
    /// Read from a `schemalint.lock` file, rather than taken from a git revision (`--against`).
    var isFromLockFile: Bool { location.map { $0.file.hasSuffix(VersionLock.fileName) } ?? true }
}

import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// The SwiftData side of `GitVersionEdits`: with no record of what shipped (no lock, no release
/// tag), a `VersionedSchema` older than the newest whose shape changed since the newest came.
///
/// A team adds a schema when the one before shipped, and freezes the one before then, copying its
/// classes into it. A copy that differs from the classes as they were (a property the release did
/// not have, one it had left out) gives the schema a checksum no store of that release has, and
/// SwiftData refuses those stores ("Cannot use staged migration with an unknown model version",
/// 134504). So each older schema is compared, by what its stores record (`hashedOnly`), with
/// itself as the commit before the newest came read it (whatever types it listed then), and one
/// that differs is reported as edited after the newest came, in the commit that did it: the first
/// of those since that reads it changed, found by halving them, or the working tree's uncommitted
/// edit.
///
/// A schema that is again the shape it came with (read at the commit that brought its name in) was
/// put back: the edit before the newest came is what was undone, and it is not reported.
///
/// One `git log -S` for the commit that brought the newest schema's name into the files of the
/// history, one `git log` of the commits since, and a reading of the files at a few commits: the
/// one before, the newest that touched them, and, where a schema changed, the halvings between and
/// the commit that introduced it (one more `git log -S`).
extension LintPipeline {
    /// The most commits whose Swift files are read for one history, the one before the newest
    /// schema came included.
    static let swiftDataEditReadingsAtMost = 12
    /// The most readings of the commits that introduced changed schemas, for one history.
    static let swiftDataIntroductionReadingsAtMost = 4

    /// Lock entries for the older schemas of the SwiftData histories of `histories` (not of the
    /// models in `skipping`) changed since their newest schema was added, each with the schema as
    /// it was before.
    func swiftDataVersionEdits(histories: [ModelHistory], skipping models: Set<String>, _ options: Options, configuration: ProjectConfiguration) -> [VersionLock.Entry] {
        let versioned = histories.filter { history in
            history.versions.count > 1 && history.versions.allSatisfy { $0.format == .swiftData } && !models.contains(history.model) && history.key != nil
        }
        guard !versioned.isEmpty, let top = GitWorkTree.root(containing: Self.repositoryFolder(options)), !GitWorkTree.isShallow(top: top) else { return [] }
        // Plans that share their schemas (a plan and a fallback holding its first ones) are asked once.
        var asked: Set<String> = []
        return versioned.flatMap { history -> [VersionLock.Entry] in
            guard asked.insert(history.versions.map { "\($0.location)" }.joined(separator: "\n")).inserted else { return [] }
            return swiftDataVersionEdits(of: history, top: top, options, configuration: configuration)
        }
    }

    private func swiftDataVersionEdits(of history: ModelHistory, top: String, _ options: Options, configuration: ProjectConfiguration) -> [VersionLock.Entry] {
        guard let newest = history.versions.last, let key = history.key else { return [] }
        let runner = GitRunner()
        let files = Set(history.versions.flatMap { [$0.file] + $0.entities.map(\.location.file) })
        let relative = files.map { PathResolution.relative(PathResolution.canonical($0), to: PathResolution.canonical(top)) }.sorted()
        func commits(_ arguments: [String]) -> [GitFileOrigins.Commit] {
            guard let log = runner.run(["log", "--first-parent", "--reverse", "--no-color", "--format=%h %cs"] + arguments + ["--"] + relative, in: top), log.succeeded else { return [] }
            return log.text.split(separator: "\n").enumerated().compactMap { index, line in
                let words = line.split(separator: " ")
                return words.count == 2 ? GitFileOrigins.Commit(position: index, id: String(words[0]), date: String(words[1])) : nil
            }
        }
        // The schema's name came in with it (a name in a comment before it makes the search begin
        // earlier, which only reads more).
        guard let added = commits(["-S", newest.label]).first,
              let parent = runner.run(["rev-parse", "--verify", "--quiet", "\(added.id)^^{commit}"], in: top), parent.succeeded
        else { return [] }
        var earlier = options
        earlier.paths = files.sorted()
        earlier.history = .files
        // A schema no plan that a container is given lists has its checksum read by nothing.
        let older = history.versions.dropLast().filter { $0.isReleased && $0.isInMigrationPlan }
        let labels = Set(older.map(\.label))
        // Each commit's older schemas by label, as entries located at `commit:path`.
        var readings: [String: [String: VersionLock.Entry]] = [:]
        // The readings at the commits that introduced a changed schema (`cameWith`) have their own
        // few: the search for the edit's commit keeps its budget.
        var introductions = 0
        func read(_ revision: String, introducing: Bool = false) -> [String: VersionLock.Entry] {
            if let known = readings[revision] { return known }
            var found: [String: VersionLock.Entry] = [:]
            if introducing { introductions += 1 }
            if introducing ? introductions <= Self.swiftDataIntroductionReadingsAtMost : readings.count - introductions < Self.swiftDataEditReadingsAtMost,
               let reference = try? reference(at: revision, earlier, configuration: configuration, namingFiles: false, repository: top, releasedOnly: true) {
                for entry in reference.released {
                    guard let copy = entry.releasedCopy, copy.format == .swiftData, labels.contains(copy.label), found[copy.label] == nil else { continue }
                    found[copy.label] = entry
                }
            }
            readings[revision] = found
            return found
        }
        func differs(_ copy: ModelVersion, _ version: ModelVersion) -> Bool {
            !ReleasedVersionLockRule.changes(from: copy, to: version, hashedOnly: true).isEmpty
        }
        let before = read(added.id + "^")
        // A schema that then listed the live classes though a later schema was already the newest
        // had the shape of the live classes, which its release never had: freezing it since (in
        // copies of what it shipped) repairs it, and its shape then says nothing of what shipped.
        // The newest schema then (the one before the newest now) listed them as a newest does.
        func followedTheLiveClasses(_ copy: ModelVersion) -> Bool {
            !copy.borrowedEntities.isEmpty && copy.label != older.last?.label
        }
        // A schema whose shape now is the one it came with was put back: the edit before the newest
        // came (a property made stored, then transient again) is what is undone, and whatever
        // shipped, the shape it came with did not change.
        func cameWith(_ version: ModelVersion) -> Bool {
            guard let introduced = commits(["-S", version.label]).first, introduced.id != added.id,
                  let copy = read(introduced.id, introducing: true)[version.label]?.releasedCopy else { return false }
            return !differs(copy, version)
        }
        let changed = older.filter { version in
            before[version.label]?.releasedCopy.map { differs($0, version) && !followedTheLiveClasses($0) } ?? false
        }
        guard !changed.isEmpty else { return [] }
        // The commits that may have made the edit: the one that added the newest schema, then
        // those since that touched the files.
        let candidates = [added] + commits(["\(added.id)..HEAD"])
        func holdsUncommittedSwift() -> Bool {
            let changed = runner.run(["diff", "--quiet", "HEAD", "--", "*.swift"], in: top)?.status != 0
            let new = runner.run(["ls-files", "--others", "--exclude-standard", "--", "*.swift"], in: top).map { !$0.text.isEmpty } ?? true
            return changed || new
        }
        return changed.compactMap { version -> VersionLock.Entry? in
            guard var entry = before[version.label], let copy = entry.releasedCopy, !cameWith(version) else { return nil }
            func changedAt(_ index: Int) -> Bool? {
                read(candidates[index].id)[version.label]?.releasedCopy.map { differs(copy, $0) }
            }
            // The last commit reads it as it was: the working tree holds the edit, uncommitted.
            var edit: GitFileOrigins.Commit?
            if changedAt(candidates.count - 1) == true {
                // The first commit that reads it changed, where it changed once (a shape edited
                // and restored between two readings that agree goes unseen).
                var low = -1
                var high = candidates.count - 1
                while high - low > 1 {
                    let middle = (low + high) / 2
                    guard let answer = changedAt(middle) else { break }
                    if answer { high = middle } else { low = middle }
                }
                edit = candidates[high]
            } else if changedAt(candidates.count - 1) == nil || !holdsUncommittedSwift() {
                // Where no Swift is changed or new in the working tree, the reading of the last
                // commit is the working tree's: what differs is how the two were read, no edit.
                return nil
            }
            entry.editedAfterSuccessor = VersionEdit(commit: edit, successor: newest.displayName, successorAdded: added, copiedBeforeSuccessor: true)
            entry.history = key
            return entry
        }
    }
}

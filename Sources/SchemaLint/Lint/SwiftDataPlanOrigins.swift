import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// SwiftData apps begin with `@Model` classes and no `VersionedSchema`: the store those classes
/// made records their shape. When the app later adds a `SchemaMigrationPlan`, SwiftData matches
/// each store against the plan's schemas, so the first schema must be those classes exactly as
/// they shipped (same class names, same stored properties); a plan whose first schema renamed a
/// class or added a property leaves every store of the releases before it at an unknown model
/// version (134504, "Cannot use staged migration with an unknown model version").
///
/// Git says what the classes were: the commit of the plan's files that first wrote
/// `VersionedSchema` on the first-parent line of HEAD, and the Swift files at the newest release
/// tag before it (or just before it, with no such tag), where the repository had no
/// `VersionedSchema` anywhere then. One `git log -S` over the plan's files and one reading of the
/// classes. Plans that share their first schema (a plan and a fallback holding only its first
/// schema) are one finding: the plan with the most schemas.
extension LintPipeline {
    /// For each SwiftData plan history of `histories` (by key) that came to classes which had no
    /// schema, those classes as they were just before the plan.
    func swiftDataPlanOrigins(histories: [ModelHistory], tagPattern: String, _ options: Options, configuration: ProjectConfiguration) -> [String: ShippedBeforePlan] {
        let plans = histories.filter { history in !history.versions.isEmpty && history.versions.allSatisfy { $0.format == .swiftData && $0.isInMigrationPlan } }
        guard !plans.isEmpty, let top = GitWorkTree.root(containing: Self.repositoryFolder(options)), !GitWorkTree.isShallow(top: top) else { return [:] }
        let runner = GitRunner()
        // Every question below names HEAD's commit, or commits and tags found from it: kept with
        // it, a later run on the same commit (a pre-commit hook, a CI job run again) asks none.
        guard let head = CommitQuestions(top: top, cache: options.gitCache) else { return [:] }
        var found: [String: ShippedBeforePlan] = [:]
        var firstSchemas: Set<String> = []
        for history in plans.sorted(by: { ($0.versions.count, $1.key ?? "") > ($1.versions.count, $0.key ?? "") }) {
            guard let key = history.key, let first = history.versions.first, firstSchemas.insert("\(first.location)").inserted else { continue }
            let files = Set(history.versions.flatMap { [$0.file] + $0.entities.map(\.location.file) })
            let relative = files.map { PathResolution.relative(PathResolution.canonical($0), to: PathResolution.canonical(top)) }.sorted()
            guard let log = head.run(["log", "--first-parent", "--reverse", "--no-color", "--format=%h %cs", "-S", "VersionedSchema", head.commit, "--"] + relative),
                  log.succeeded, let line = log.text.split(separator: "\n").first else { continue }
            let words = line.split(separator: " ")
            guard words.count == 2 else { continue }
            let added = GitFileOrigins.Commit(position: 0, id: String(words[0]), date: String(words[1]))
            let parent = added.id + "^"
            guard let exists = head.run(["rev-parse", "--verify", "--quiet", parent + "^{commit}"]), exists.succeeded else { continue }
            let release: GitReleaseTags.Tag? = if case .success(let tags)? = GitReleaseTags.read(matching: tagPattern, mergedInto: parent, top: top, runner: runner, cache: options.gitCache) {
                tags.upToNewestRelease.last
            } else { nil }
            // Releases are tagged, and none was before the plan: the classes never shipped.
            if release == nil, case .success(let tags)? = GitReleaseTags.read(matching: tagPattern, mergedInto: head.commit, top: top, runner: runner, cache: options.gitCache), !tags.tags.isEmpty { continue }
            let revision = release?.name ?? parent
            // The repository had no schema at all then: the classes were the app's whole model.
            // Asked of the tag's object, which names its files for good (a tag moved since names another).
            guard let grep = head.run(["grep", "-l", "-w", "VersionedSchema", release?.object ?? parent, "--", "*.swift"]), grep.status == 1 else { continue }
            var earlier = options
            // The classes then were the app's whole model, wherever they lay: a class whose file
            // moved since (into the plan's first schema) is read from where it was.
            let atRevision = GitRevision(listed: release?.object ?? parent, top: top, runner: runner)
            let declaring = Self.builtAtRevision(atRevision.swiftFiles(mentioning: ["@Model"]), git: atRevision)
            earlier.paths = Set((Array(files) + declaring).map(PathResolution.canonical)).sorted()
            earlier.history = .files
            guard let reference = try? reference(at: revision, earlier, configuration: configuration, namingFiles: false, repository: top, releasedOnly: true) else { continue }
            let read = reference.released.filter { $0.releasedCopy?.format == .swiftData }
            guard read.count == 1, let entry = read.first, let copy = entry.releasedCopy, !copy.entities.isEmpty else { continue }
            let matched = history.versions.contains { ReleasedVersionLockRule.changes(from: copy, to: $0, hashedOnly: true).isEmpty }
            // Known to have had no store: a release shipped the classes, or the first schema has
            // a class the app never had (`ExpenseV1`). Without a release, a first schema that
            // only lacks what the classes had may be an older release's, rebuilt.
            let strangerFirst = first.entities.contains { copy.entity(named: $0.name) == nil }
            let storeless = matched || release == nil && !strangerFirst ? [] : Self.schemasCameTogether(history, in: added.id, files: relative, top: top, runner: runner).dropLast()
            found[key] = ShippedBeforePlan(
                copy: copy, place: entry.location ?? SourceLocation(file: parent + ":", line: 1, column: 1), planAdded: added, release: release?.name,
                storeless: Array(storeless)
            )
        }
        return found
    }

    /// The first schemas of `history` that `commit` holds (by name, in the plan's files), when
    /// they are its first ones in order: the schemas the plan came in with.
    private static func schemasCameTogether(_ history: ModelHistory, in commit: String, files: [String], top: String, runner: GitRunner) -> [ModelVersion] {
        let names = history.versions.map(\.label)
        guard names.count > 1, Set(names).count == names.count,
              let grep = runner.run(["grep", "-o", "-h", "-w"] + names.flatMap { ["-e", $0] } + [commit, "--"] + files, in: top), grep.succeeded else { return [] }
        let present = Set(grep.text.split(separator: "\n").map(String.init))
        return Array(history.versions.prefix { present.contains($0.label) })
    }
}

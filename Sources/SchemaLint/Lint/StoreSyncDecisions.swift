import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// Which Xcode models sync with CloudKit, decided from the code that opens their stores and from
/// the configuration, before the versions form histories. A model file need not say it syncs:
/// Xcode's "Used with CloudKit" only adds the editor's checks, and an app that creates an
/// `NSPersistentCloudKitContainer` syncs its model whether or not it is ticked. The other way
/// round, versions that shipped before the app turned CloudKit on (`syncedSince:`, or the day git
/// first saw the container code) never reached CloudKit, and are checked as the local stores they
/// were.
///
/// `cloudkit:` for the bundle in `.schemalint.yml`, `cloudkit: true` for the run and `--cloudkit`
/// win over the code; `cloudkit: false` for the run is what models neither their files nor code
/// decide are.
struct StoreSyncDecisions {
    var configuration: ProjectConfiguration
    /// `--cloudkit` on the command line.
    var declaresCloudKit: Bool
    /// The run's bundles: when git ordered them, the day each version was first committed.
    var bundles: [XcodeModelBundle] = []
    var git = GitRunner()

    /// Applies the code's containers, the CloudKit entitlements and `syncedSince:` to `versions`;
    /// the decisions by history key.
    func apply(_ facts: StoreCodeFacts, to versions: inout [ModelVersion]) throws(InputError) -> [String: StoreSyncDecision] {
        let projects = (signers: facts.entitlementProjectFolders, folders: facts.xcodeProjectFolders)
        var decisions = syncByDefault(facts.cloudKitEntitlements, projects: projects, in: &versions)
        if facts.cloudKitEntitlements.isEmpty { decisions.merge(localForWantOfAContainer(facts.cloudKitWithoutContainer, projects: projects, in: versions)) { first, _ in first } }
        let containers = facts.cloudKitContainers
        var indicesByKey: [String: [Int]] = [:]
        for index in versions.indices where versions[index].history.hasPrefix("bundle:") {
            indicesByKey[versions[index].history, default: []].append(index)
        }
        let assigned = assign(containers, to: indicesByKey, in: versions)
        for (key, containers) in assigned {
            let indices = indicesByKey[key] ?? []
            let path = String(key.dropFirst("bundle:".count))
            guard !declaresCloudKit, configuration.cloudKit != true, configuration.settings(forBundle: path)?.cloudKit == nil else { continue }
            let syncs = Set(containers.map(\.sync))
            let sync: CloudKitContainerUse.Sync = syncs.count == 1 ? syncs.first! : .depends
            let marks = indices.contains { versions[$0].hasSyncedEntities }
            // The container gives its store CloudKit options only from the app's CloudKit
            // entitlement: where the app's entitlements are here and give none, and no code sets
            // the options, the store is local.
            // (A description the code puts in place of the container's sets no options either.)
            let setsNoOptions = containers.allSatisfy { $0.settings.allSatisfy(\.replacesDescriptions) }
            // (So are they where no entitlements file is here and the Xcode projects name none.)
            let unsigned = facts.entitlementsWithoutCloudKit.isEmpty
            let files = unsigned ? facts.projectsSigningWithoutEntitlements : facts.entitlementsWithoutCloudKit
            if sync != .local, setsNoOptions, facts.cloudKitEntitlements.isEmpty, !files.isEmpty {
                let nearest = NearestFiles.nearest(to: containers[0].location.file, among: Dictionary(uniqueKeysWithValues: files.indices.map { ($0, [files[$0].file]) }))
                for index in indices { versions[index].markLocal() }
                var decision = StoreSyncDecision(
                    containers: containers, sync: .local, modelMarksCloudKit: marks,
                    byName: containers.allSatisfy { $0.model == versions[indices[0]].model }, entitlementsWithoutCloudKit: files[nearest.first ?? 0]
                )
                decision.signedWithoutEntitlements = unsigned
                decisions[key] = decision
                continue
            }
            decisions[key] = StoreSyncDecision(
                containers: containers, sync: sync, modelMarksCloudKit: marks,
                byName: containers.allSatisfy { $0.model == versions[indices[0]].model }
            )
            guard sync != .local, !marks else { continue }
            let byConfiguration = Self.configurationSyncs(of: containers)
            for index in indices {
                // The file's own descriptions open the model's configurations apart: only those
                // that sync are checked as synced (a cache of server data beside them).
                let named = Set(versions[index].configurations.map(\.name))
                if !byConfiguration.isEmpty, !named.isDisjoint(with: byConfiguration.keys) {
                    versions[index].markSynced(configurations: Set(byConfiguration.filter { $0.value != .local }.keys))
                } else {
                    versions[index].usesCloudKit = true
                }
            }
            decisions[key]?.configurationSyncs = byConfiguration
            guard configuration.settings(forBundle: path)?.syncedSince == nil else { continue }
            let ordered = indices.sorted { versions[$0].version < versions[$1].version }
            // Without `syncedSince:`, git may say when the code started syncing: the version that
            // was newest then is the first whose stores synced. And whatever git says or cannot
            // say (a shallow clone), a version with what CloudKit refuses to load never synced.
            let start = firstSynced(bundle: path, containers: containers, onlySyncedBundle: assigned.count == 1)
            let byGit = start.flatMap { start in ordered.firstIndex { versions[$0].label == start.version } } ?? 0
            let byLoading = ordered.firstIndex { Self.cloudKitCanLoad(versions[$0]) } ?? 0
            let position = max(byGit, byLoading)
            guard position > 0 else { continue }
            for index in ordered[..<position] { versions[index].markLocal() }
            decisions[key]?.syncedSince = versions[ordered[position]].label
            if position == byGit, let start {
                decisions[key]?.syncStartedOn = start.day
            } else {
                decisions[key]?.startsWhereCloudKitCanLoad = true
            }
        }
        decisions.merge(unsynced(by: facts, in: &versions, indicesByKey: indicesByKey)) { decided, _ in decided }
        for (key, indices) in indicesByKey {
            let path = String(key.dropFirst("bundle:".count))
            guard let settings = configuration.settings(forBundle: path), let first = settings.syncedSince else { continue }
            let ordered = indices.sorted { versions[$0].version < versions[$1].version }
            guard let position = ordered.firstIndex(where: { versions[$0].label == first }) else {
                throw InputError(
                    at: settings.syncedSinceLocation ?? settings.location ?? SourceLocation(file: configuration.file ?? path, line: 1, column: 1),
                    "'syncedSince' of bundle '\(settings.path)' names '\(first)', which is no version of it" + Spelling.didYouMean(first, among: ordered.map { versions[$0].label })
                )
            }
            for index in ordered[..<position] { versions[index].markLocal() }
            if position > 0 { decisions[key, default: StoreSyncDecision(containers: [], sync: .syncs, modelMarksCloudKit: true, byName: true)].syncedSince = first }
        }
        // A SwiftData schema CloudKit cannot load (`@Attribute(.unique)`, a required attribute
        // without a default) never opened a synced store: the schemas before the first one it can
        // load were local stores, whatever the code opens them with now.
        var swiftData: [String: [Int]] = [:]
        for index in versions.indices where !declaresCloudKit && configuration.cloudKit != true
            && versions[index].format == .swiftData && versions[index].hasSyncedEntities {
            swiftData[versions[index].history, default: []].append(index)
        }
        for (key, indices) in swiftData where indices.count > 1 && configuration.settings(forBundle: key)?.syncedSince == nil {
            let ordered = indices.sorted { versions[$0].version < versions[$1].version }
            guard let position = ordered.firstIndex(where: { Self.cloudKitCanLoad(versions[$0]) }), position > 0 else { continue }
            for index in ordered[..<position] { versions[index].markLocal() }
            decisions[key]?.syncedSince = versions[ordered[position]].label
            decisions[key]?.startsWhereCloudKitCanLoad = true
        }
        return decisions
    }

    /// Models marked Used with CloudKit in a repository whose code syncs nothing: it opens Core
    /// Data stores, but never with an `NSPersistentCloudKitContainer`, and no entitlements file
    /// gives the app CloudKit. Only that container syncs a Core Data store, so the mark is the
    /// editor's checkbox, and the stores are the local ones they are. Each such model is checked
    /// as local, with the opening nearest to it named in the note that says so.
    /// Where the code that opens the stores is not here (a package of another repository) but
    /// the app's entitlements are, and give it no CloudKit container, no code can sync the store
    /// either: the model is checked as local, with the entitlements file nearest to it named.
    private func unsynced(by facts: StoreCodeFacts, in versions: inout [ModelVersion], indicesByKey: [String: [Int]]) -> [String: StoreSyncDecision] {
        guard facts.cloudKitContainers.isEmpty, facts.cloudKitEntitlements.isEmpty, !declaresCloudKit, configuration.cloudKit != true else { return [:] }
        let openings = facts.openings.filter { $0.call != .modelContainer }.map(\.place.location).sorted()
        let entitlements = facts.entitlementsWithoutCloudKit
        guard !openings.isEmpty || !entitlements.isEmpty else { return [:] }
        var decisions: [String: StoreSyncDecision] = [:]
        for (key, indices) in indicesByKey where indices.contains(where: { versions[$0].hasSyncedEntities }) {
            let settings = configuration.settings(forBundle: String(key.dropFirst("bundle:".count)))
            guard settings?.cloudKit == nil, settings?.syncedSince == nil else { continue }
            for index in indices { versions[index].markLocal() }
            let places = openings.isEmpty ? entitlements : openings
            let nearest = NearestFiles.nearest(to: versions[indices[0]].file, among: Dictionary(uniqueKeysWithValues: places.indices.map { ($0, [places[$0].file]) }))
            let place = places[nearest.first ?? 0]
            var decision = StoreSyncDecision(containers: [], sync: .local, modelMarksCloudKit: true, byName: false, openedWithoutCloudKit: openings.isEmpty ? nil : place)
            if openings.isEmpty { decision.unopenedWithoutCloudKit = place }
            decisions[key] = decision
        }
        return decisions
    }

    /// SwiftData models opened with the default `.automatic` sync when the app has the CloudKit
    /// entitlement: those nearest to an entitlements file that gives it (a repository can hold
    /// several apps, one of them synced).
    private func syncByDefault(_ entitlements: [SourceLocation], projects: EntitlementProjects, in versions: inout [ModelVersion]) -> [String: StoreSyncDecision] {
        var decisions: [String: StoreSyncDecision] = [:]
        for (key, indices, entitlement) in openedByDefault(nearest: entitlements, projects: projects, in: versions) {
            for index in indices {
                if let opened = versions[index].openedEntities, !versions[index].entities.allSatisfy({ opened.contains($0.name) }) {
                    versions[index].markSynced(entities: opened, at: versions[index].location)
                } else {
                    versions[index].usesCloudKit = true
                }
            }
            decisions[key] = StoreSyncDecision(containers: [], sync: .syncs, modelMarksCloudKit: false, byName: false, entitlement: entitlement)
        }
        return decisions
    }

    /// SwiftData models opened with the default `.automatic` in an app whose entitlements turn
    /// CloudKit on but name no container: nothing syncs until one is chosen, and then every such
    /// store does. They stay local; the note says why, nearest to each entitlements file.
    private func localForWantOfAContainer(_ entitlements: [SourceLocation], projects: EntitlementProjects, in versions: [ModelVersion]) -> [String: StoreSyncDecision] {
        var decisions: [String: StoreSyncDecision] = [:]
        for (key, _, entitlement) in openedByDefault(nearest: entitlements, projects: projects, in: versions) {
            decisions[key] = StoreSyncDecision(containers: [], sync: .local, modelMarksCloudKit: false, byName: false, entitlementsWithoutCloudKit: entitlement)
        }
        return decisions
    }

    /// The SwiftData histories that `.automatic` opens (every version syncs by default and marks
    /// no synced entity, but for releases read at their tags that synced by a setting of their
    /// own, and code opens some of its classes: classes no code opens are in no store), each with
    /// the indices of its versions that sync by default and the entitlements file nearest to it. Nearest
    /// among every SwiftData history: another app's models, synced by a setting of their own, may
    /// be the ones an entitlements file belongs to. None where CloudKit is declared for the run.
    private func openedByDefault(nearest entitlements: [SourceLocation], projects: EntitlementProjects, in versions: [ModelVersion]) -> [(key: String, indices: [Int], entitlement: SourceLocation)] {
        guard !entitlements.isEmpty, !declaresCloudKit, configuration.cloudKit != true else { return [] }
        var indicesByKey: [String: [Int]] = [:]
        for index in versions.indices where versions[index].format == .swiftData {
            indicesByKey[versions[index].history, default: []].append(index)
        }
        var found: [(key: String, indices: [Int], entitlement: SourceLocation)] = []
        var taken: Set<String> = []
        for entitlement in entitlements {
            // Models another Xcode project builds (the nearest project to their files is not the
            // one that signs with this file) are that app's, not this one's.
            let signedBy = projects.signers[entitlement.file]
            let ownModels = indicesByKey.filter { _, indices in
                guard let signedBy else { return true }
                return indices.allSatisfy { index in Self.nearestProjectFolder(of: versions[index].file, among: projects.folders).map { $0 == signedBy } ?? true }
            }
            for key in nearest(to: entitlement.file, among: ownModels, in: versions) where !taken.contains(key) {
                // A release read at its tag that named its container (`.private("iCloud...")`)
                // synced already: the versions that sync by default are decided beside it.
                guard let indices = indicesByKey[key] else { continue }
                let byDefault = indices.filter { versions[$0].syncsByDefault && !versions[$0].hasSyncedEntities }
                guard !byDefault.isEmpty, indices.allSatisfy({ byDefault.contains($0) || versions[$0].releaseTag != nil && versions[$0].hasSyncedEntities }),
                      byDefault.contains(where: { versions[$0].openedEntities.map { !$0.isEmpty } ?? true })
                else { continue }
                taken.insert(key)
                found.append((key, byDefault, entitlement))
            }
        }
        return found
    }

    /// The folder of the Xcode project that signs with each entitlements file, by its path, and
    /// the folders that hold a project (`StoreCodeFacts.entitlementProjectFolders`).
    typealias EntitlementProjects = (signers: [String: String], folders: Set<String>)

    /// The deepest of `folders` (each one that holds an Xcode project, `""` the top) that holds
    /// `file`; nil where none does.
    static func nearestProjectFolder(of file: String, among folders: Set<String>) -> String? {
        folders.filter { $0.isEmpty || file.hasPrefix($0 + "/") }.max { $0.count < $1.count }
    }

    /// The checks `NSPersistentCloudKitContainer` makes when it loads a store (DOMAIN.md, "What
    /// CloudKit-backed models may not contain"): a model that fails one never opened a synced store.
    static let loadChecks: [any VersionRule] = [
        CloudKitModelRules.uniqueConstraint, CloudKitModelRules.unsupportedType, CloudKitModelRules.requiredAttribute,
        CloudKitModelRules.requiredRelationship, CloudKitModelRules.missingInverse, CloudKitModelRules.denyDeleteRule,
        CloudKitModelRules.orderedRelationship, CrossConfigurationRelationshipRule(),
    ]

    /// The sync of each configuration the containers' own descriptions open, where every
    /// container says it; a configuration two containers open differently may sync.
    static func configurationSyncs(of containers: [CloudKitContainerUse]) -> [String: CloudKitContainerUse.Sync] {
        guard containers.allSatisfy({ !$0.configurationSyncs.isEmpty }) else { return [:] }
        return containers.reduce(into: [:]) { merged, container in
            merged.merge(container.configurationSyncs) { $0 == $1 ? $0 : ($0 == .local ? $1 : ($1 == .local ? $0 : .depends)) }
        }
    }

    /// Whether CloudKit could load a store of `version`, checked as synced.
    static func cloudKitCanLoad(_ version: ModelVersion) -> Bool {
        loadChecks.allSatisfy { $0.check(version).isEmpty }
    }

    /// Each container's model: the bundle its literal names (`NSPersistentCloudKitContainer(name:
    /// "Notes")` opens `Notes.momd`, built from `Notes.xcdatamodeld`); without a literal, the
    /// bundles nearest to the code (a repository can hold several apps); of several bundles it
    /// could be, the nearest. A literal that names no bundle of the run (a model of a package, of
    /// another repository) assigns nothing.
    private func assign(_ containers: [CloudKitContainerUse], to indicesByKey: [String: [Int]], in versions: [ModelVersion]) -> [String: [CloudKitContainerUse]] {
        var byKey: [String: [CloudKitContainerUse]] = [:]
        for container in containers {
            // A store wrapper's container: the models its calls hand it that may sync, and none
            // that only calls passing `nil` or `false` open (those stores are local).
            if let calls = container.wrapperCalls {
                let syncing = Set(calls.syncing.flatMap(\.models).flatMap { histories(handed: $0, among: indicesByKey, in: versions) })
                var found = calls.syncingModelsAreKnown ? syncing : Set(nearest(to: container.location.file, among: indicesByKey, in: versions))
                found.subtract(Set(calls.local.flatMap { histories(handed: $0, among: indicesByKey, in: versions) }).subtracting(syncing))
                for key in found.sorted() { byKey[key, default: []].append(container) }
                continue
            }
            // A model the code builds is no bundle's.
            if container.modelIsBuiltInCode { continue }
            var candidates = container.model == nil ? indicesByKey : indicesByKey.filter { versions[$0.value[0]].model == container.model }
            let named = container.model != nil && !candidates.isEmpty
            if !named, container.modelIsGiven { candidates = indicesByKey }
            var keys = nearest(to: container.location.file, among: candidates, in: versions)
            // Several models as near as each other, and the code names none of them: a container
            // over a model merged from several bundles (one store description a configuration,
            // a bundle each). Where some of them mark themselves Used with CloudKit and others do
            // not, the marks tell which stores the team syncs; the others are the local or
            // read-only stores beside them.
            if !named, keys.count > 1 {
                let marked = keys.filter { key in (indicesByKey[key] ?? []).contains { versions[$0].hasSyncedEntities } }
                if !marked.isEmpty { keys = marked }
            }
            for key in keys { byKey[key, default: []].append(container) }
        }
        return byKey
    }

    /// The histories a call of a store wrapper hands it: by the model's name, or the bundles
    /// nearest to the file that declares the module's bundle.
    private func histories(handed model: CloudKitContainerUse.WrapperCalls.Model, among indicesByKey: [String: [Int]], in versions: [ModelVersion]) -> [String] {
        switch model {
        case .named(let name): indicesByKey.filter { versions[$0.value[0]].model == name }.keys.sorted()
        case .nearest(let file): nearest(to: file, among: indicesByKey, in: versions)
        }
    }

    /// The histories whose files share the most leading folders with `file`.
    private func nearest(to file: String, among indicesByKey: [String: [Int]], in versions: [ModelVersion]) -> [String] {
        NearestFiles.nearest(to: file, among: indicesByKey.mapValues { indices in indices.map { versions[$0].file } })
    }

    /// The version that was newest when the containers' code first created an
    /// `NSPersistentCloudKitContainer` (the first commit of their files that mentions it, by
    /// `git log -S`), and that day; nil without git dates for the bundle's versions or the code.
    /// Git is asked for the versions' dates here when the names settled their order without it.
    /// Code moves between files (the app delegate's container into a shared module): where that
    /// day is after the first version and the bundle is the only one that syncs, the first commit
    /// anywhere in the repository's code that mentions the container counts too.
    private func firstSynced(bundle path: String, containers: [CloudKitContainerUse], onlySyncedBundle: Bool) -> (version: String, day: String)? {
        guard let bundle = bundles.first(where: { PathResolution.canonical($0.path) == PathResolution.canonical(path) }), bundle.ordering.history.count > 1 else { return nil }
        let commits = bundle.ordering.commits.isEmpty ? XcodeVersionCommits.read(bundle: bundle.path, runner: git).commits : bundle.ordering.commits
        guard !commits.isEmpty else { return nil }
        var start: String?
        for file in Set(containers.map(\.location.file)).sorted() {
            let folder = PathResolution.parent(of: file)
            // Through renames (code moved to another folder synced since it was first written),
            // newest first: git's `--follow` does not mix with `--reverse`. Where following fails
            // (a clone without some old contents), the file's own path.
            let name = (file as NSString).lastPathComponent, here = folder.isEmpty ? "." : folder
            let followed = git.run(["log", "--follow", "--format=%cs", "-S", "NSPersistentCloudKitContainer", "--", name], in: here)
                .flatMap { $0.succeeded ? $0.text.split(separator: "\n").last.map(String.init) : nil }
            guard let day = followed ?? git.run(["log", "--reverse", "--format=%cs", "-S", "NSPersistentCloudKitContainer", "--", name], in: here)
                .flatMap({ $0.succeeded ? $0.text.split(separator: "\n").first.map(String.init) : nil }) else { continue }
            start = min(start ?? day, day)
        }
        guard var start else { return nil }
        // Days only: a version first committed on the day sync started counts as newest then.
        let history = bundle.ordering.history
        // Code that synced from the day the model's first version came (an app that synced from
        // its start, or a repository brought in by one commit) synced every version.
        if let first = history.first, let came = commits[first]?.date, came >= start { return nil }
        func dated(by day: String) -> [String] { history.filter { commits[$0].map { $0.date <= day } ?? false } }
        let folder = PathResolution.parent(of: path)
        if onlySyncedBundle, dated(by: start).count > 1,
           let output = git.run(["log", "--reverse", "--format=%cs", "-S", "NSPersistentCloudKitContainer", "--", ":(top)*.swift", ":(top)*.m", ":(top)*.mm"], in: folder.isEmpty ? "." : folder),
           output.succeeded, let anywhere = output.text.split(separator: "\n").first.map(String.init) {
            start = min(start, anywhere)
        }
        let dated = dated(by: start)
        guard let version = dated.last ?? history.first else { return nil }
        return (version, start)
    }
}

import Foundation
import SchemaLintCore

/// A rule about the app code that handles stores (opening, protecting, moving, deleting them),
/// judged on the facts the readers found in the whole run and, where it matters, the model histories.
package protocol StoreCodeRule: Rule {
    func check(_ context: StoreCodeContext) -> [Finding]
}

/// What a store-code rule looks at: the facts of every file read, and the model histories of the run.
package struct StoreCodeContext: Sendable {
    package var facts: StoreCodeFacts
    package var histories: [ModelHistory]
    /// The versions recorded as shipped (a release tag or the lock holds them), by model, then
    /// label: their stores migrated when people updated to that release.
    package var shippedVersions: [String: Set<String>]
    /// Why the run could not read which versions shipped, when it could not.
    package var unreadReleases: UnreadReleases?
    /// The model bundles the run skipped because no Xcode project of it builds them.
    package var modelBundlesBuiltByNoTarget: [String] = []
    /// Whether a store of the first version fails to open with the second, of the history: the
    /// change rules' errors for that step, the store local, and no mapping model for it. Such a
    /// store fails at once, which those errors report: no migration runs at launch.
    package var failsToMigrate: @Sendable (ModelHistory, ModelVersion, ModelVersion) -> Bool = { _, _, _ in false }

    package init(facts: StoreCodeFacts, histories: [ModelHistory], shippedVersions: [String: Set<String>] = [:], unreadReleases: UnreadReleases? = nil) {
        self.facts = facts
        self.histories = histories
        self.shippedVersions = shippedVersions
        self.unreadReleases = unreadReleases
    }

    func isShipped(_ version: ModelVersion, of history: ModelHistory) -> Bool {
        shippedVersions[history.model]?.contains(version.label) ?? false
    }

    /// The models most likely opened by code in `file`: those whose newest version lies in the
    /// deepest folder shared with the file (a run over several projects, such as `examples/`, holds
    /// models the code never opens; the code does not say which model it opens).
    /// Where the code names the model it loads (`opening.modelName`), only that model's histories:
    /// none where the run holds no model of that name (one of a package, or of an app the run
    /// leaves out).
    static func openedHistories(by opening: StoreOpening, in histories: [ModelHistory]) -> [ModelHistory] {
        let named = opening.modelName.map { name in histories.filter { Self.isCompiled(as: name, $0) } } ?? histories
        return nearestHistories(to: opening.place.location.file, in: named)
    }

    /// The openings that add a store with options that ask for no migration
    /// (`StoreOpening.declinesMigration`), each with the Core Data histories it opens; none where
    /// the app runs a migration of its own (`migrateStore`), which brings the store to the newest
    /// version before it is added.
    static func openingsDecliningMigration(_ facts: StoreCodeFacts, in histories: [ModelHistory]) -> [(opening: StoreOpening, histories: [ModelHistory])] {
        // (Objective-C's `migrateStoreFromURL:` is recorded as a hand-run migration only.)
        guard !facts.openings.contains(where: { $0.call == .migrateStore }), facts.handRunMigrations.isEmpty else { return [] }
        let coreData = histories.filter { $0.versions.last?.format != .swiftData }
        // Code that names no model, as near to several models as to one: which store it adds (the
        // app's, an extension's, a tool's) is not known, nor which versions it meets.
        return facts.openings.filter(\.declinesMigration).map { ($0, openedHistories(by: $0, in: coreData)) }
            .filter { opening, opened in opening.modelName != nil || opened.count <= 1 }
    }

    /// Whether `history` builds into `name.momd`: a bundle named so, or a model of that name.
    static func isCompiled(as name: String, _ history: ModelHistory) -> Bool {
        if let key = history.key, key.hasPrefix("bundle:") {
            return ((String(key.dropFirst("bundle:".count)) as NSString).lastPathComponent as NSString).deletingPathExtension == name
        }
        return history.model == name
    }

    /// The skipped bundle that is the only model of the name `opening` loads, where it names one
    /// and no model read compiles under that name: no app holds that model, so the code opens no
    /// store anyone has.
    func bundleBuiltByNoTarget(openedBy opening: StoreOpening) -> String? {
        guard let name = opening.modelName, !histories.contains(where: { Self.isCompiled(as: name, $0) }) else { return nil }
        return modelBundlesBuiltByNoTarget.filter { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension == name }.min()
    }

    /// The name of the model `opening` loads by name, where every version of it read declares no
    /// entity (an Xcode template's model left empty): its store holds nothing, and no migration of
    /// it can fail.
    func modelWithNoEntities(openedBy opening: StoreOpening) -> String? {
        guard let name = opening.modelName else { return nil }
        let compiled = histories.filter { Self.isCompiled(as: name, $0) }
        guard !compiled.isEmpty, compiled.allSatisfy({ $0.versions.allSatisfy(\.entities.isEmpty) }) else { return nil }
        return name
    }

    static func nearestHistories(to file: String, in histories: [ModelHistory]) -> [ModelHistory] {
        let nearest = Set(NearestFiles.nearest(to: file, among: Dictionary(histories.indices.map { ($0, histories[$0].versions.last.map { [$0.file] } ?? []) }, uniquingKeysWith: { first, _ in first })))
        return histories.indices.filter(nearest.contains).map { histories[$0] }
    }
}

extension StoreCodeRule {
    /// A finding of this rule at `place`. Its identity is the rule, the file's name and the
    /// declaration (`store-opened-at-launch::version AppDelegate.swift AppDelegate.persistentContainer`),
    /// so baselines survive edits that move lines.
    func finding(
        at place: CodePlace, severity: Severity? = nil, subject: String, message: String,
        notes: [Finding.Note] = [], suggestions: [String] = []
    ) -> Finding {
        let file = place.location.file.split(separator: "/").last.map(String.init) ?? place.location.file
        return Finding(
            ruleID: descriptor.id, severity: severity ?? descriptor.localSeverity ?? .warning, message: message,
            location: place.location, model: "", baseline: nil, version: "\(file) \(place.declaration) \(subject)", path: nil,
            notes: notes, suggestions: suggestions
        )
    }
}

extension StoreCodeRule {
    package func add(to kinds: inout RuleKinds) {
        kinds.storeCode.append(self)
    }
}

import SchemaLintCore

/// What the project's code says that decides what a model change does to the stores.
package struct ChangeCodeFacts: Sendable {
    /// `StoreCodeFacts.keyedArchiveTransformers`: moving an attribute to one of them decodes the same bytes.
    package var keyedArchiveTransformers: Set<String> = []
    /// `StoreCodeFacts.openedConfigurations`: the configurations stores are opened with by name.
    package var openedConfigurations: Set<String> = []

    /// Where the app adds the store of the history these facts are for with options that ask
    /// for no migration, running no migration of its own and opening it nowhere else with
    /// migration: a store that matches none of the model's versions does not open.
    package var addsWithoutMigration: SourceLocation?

    /// Where the app opens the store of the history these facts are for with Core Data's own
    /// migration, and migrates no store itself (no `NSMigrationManager` run): Core Data then uses a
    /// mapping model only for a store of its source version opened with its destination, and never
    /// chains two.
    package var migratesInOneJump: SourceLocation?

    /// Where the app adds the store of the history these facts are for off the main thread
    /// (`shouldAddStoreAsynchronously = true`), where every opening of it does.
    package var addsAsynchronously: SourceLocation?

    /// Where the app runs its own migration (`NSMigrationManager`) and opens the store of the
    /// history these facts are for with Core Data's own migration, or its inference, off: a store that matches no
    /// version in the bundle has no source model that code can find, and fails to open.
    package var migratesOnlyItself: SourceLocation?
    /// `migratesOnlyItself` with Core Data's own migration on and only its inference off: it
    /// migrates a store with a mapping model from the store's own version, none other.
    package var infersNoMigration = false
    /// Where the app adds the store of the history these facts are for with Core Data's own
    /// migration on and its inference off (`NSInferMappingModelAutomaticallyOption` left out of
    /// the coordinator's options, or false; `shouldInferMappingModelAutomatically = false`), where
    /// every opening of it does and the app migrates no store itself: a store migrates only where a
    /// mapping model leads from its version straight to the current one.
    package var migratesWithoutInference: SourceLocation?
    /// Where the app opens a Core Data store with the model it was made with before it migrates
    /// (`StoreCodeFacts.sourceModelPasses`).
    package var preparesWithSourceModel: SourceLocation?
    /// Where the project's code gives attribute descriptions their value transformers
    /// (`StoreCodeFacts.transformerNamesSetInCode`): a model file's empty transformer field is
    /// then not what the stores are opened with.
    package var setsTransformerNames: SourceLocation?

    /// Whether every opening of the store of the history these facts are for is reached at
    /// launch by a path built for macOS only, where no watchdog ends a slow launch.
    package var launchesOnMacOSOnly = false

    /// Where the code opens the Core Data model of the history these facts are for in memory
    /// (at `/dev/null`, of the in-memory type), where it opens it nowhere else: no store keeps
    /// any of its versions, so nothing of its evolution reaches anyone. Nil where any opening on
    /// disk is of this model or of a model the reader could not name.
    package var keptOnlyInMemory: SourceLocation?

    /// What says the store of the history these facts are for is a cache (`StoreOpening.cache`),
    /// where every opening of it says so: a store of a shape no version matches any more is one
    /// the app fills again, and the person loses nothing of theirs when it fails to open.
    package var cache: CacheEvidence?

    /// Where the code deletes the store of the history these facts are for before it calls what
    /// opens it (`StoreOpening.deletedBeforeItsOpenerIsCalled`), where every opening of it follows
    /// such a deletion: the stores it catches are emptied, not migrated.
    package var deletedBeforeOpening: SourceLocation?

    package init(keyedArchiveTransformers: Set<String> = [], openedConfigurations: Set<String> = []) {
        self.keyedArchiveTransformers = keyedArchiveTransformers
        self.openedConfigurations = openedConfigurations
    }

    package init(_ facts: StoreCodeFacts) {
        self.init(keyedArchiveTransformers: facts.keyedArchiveTransformers, openedConfigurations: facts.openedConfigurations)
    }

    /// The facts for `history`'s changes, among the run's `histories` (an opening holds the
    /// models nearest its code).
    package init(_ facts: StoreCodeFacts, for history: ModelHistory, among histories: [ModelHistory]) {
        self.init(facts)
        let isThisHistory = { (other: ModelHistory) in other.key == history.key && other.model == history.model }
        // Where another opening of the store migrates it (the app's own stack, beside a probe
        // that opens the store without migration to copy it), its stores do open. The retry on a
        // new store made after deleting the old one opens none of them.
        let migratedElsewhere = facts.openings.contains { opening in
            [.loadPersistentStores, .addPersistentStore].contains(opening.call) && !opening.declinesMigration && !opening.opensANewStore
                && StoreCodeContext.openedHistories(by: opening, in: histories).contains(where: isThisHistory)
        }
        addsWithoutMigration = migratedElsewhere ? nil : StoreCodeContext.openingsDecliningMigration(facts, in: histories).first { _, opened in
            opened.contains(where: isThisHistory)
        }?.opening.place.location
        let opened = facts.openings.filter { opening in
            [.loadPersistentStores, .addPersistentStore, .modelContainer].contains(opening.call) && StoreCodeContext.openedHistories(by: opening, in: histories).contains(where: isThisHistory)
        }
        launchesOnMacOSOnly = !opened.isEmpty && opened.allSatisfy(\.launchesOnMacOS)
        // A store deleted when it fails to open and made again at once from what the app keeps
        // elsewhere (an index of files on the device) is one too; a retry after the deletion
        // opens a new store, none a release made.
        func cacheEvidence(_ opening: StoreOpening) -> CacheEvidence? {
            opening.cache ?? facts.failureActions.first { action in
                action.action == .deletesTheStore && action.openingLocation.file == opening.place.location.file && action.openingLocation.line == opening.place.location.line
            }?.cache
        }
        let reopened = opened.filter { !$0.opensANewStore }
        cache = reopened.allSatisfy { cacheEvidence($0) != nil } ? reopened.first.flatMap(cacheEvidence) : nil
        deletedBeforeOpening = reopened.allSatisfy { $0.deletedBeforeItsOpenerIsCalled != nil } ? reopened.first?.deletedBeforeItsOpenerIsCalled : nil
        let storesOnDisk = facts.openings.filter { [.loadPersistentStores, .addPersistentStore].contains($0.call) }
        if opened.isEmpty, history.versions.last?.format == .xcode, storesOnDisk.allSatisfy({ $0.modelName != nil }) {
            let coreDataModels = Set(histories.filter { $0.versions.last?.format == .xcode }.map(\.key))
            keptOnlyInMemory = facts.modelsOpenedInMemory.filter { StoreCodeContext.isCompiled(as: $0.key, history) }.values.min()
                ?? (coreDataModels.count == 1 ? facts.unnamedModelOpenedInMemory : nil)
        }
        // SwiftData's classes, where every container the code makes is a preview's and nothing
        // else may keep a store.
        if history.versions.last?.format == .swiftData, !facts.swiftDataMayKeepAStore, !opened.contains(where: { $0.call == .modelContainer }) {
            keptOnlyInMemory = facts.swiftDataKeptOnlyInPreviews
        }
        guard history.versions.last?.format != .swiftData else { return }
        preparesWithSourceModel = facts.sourceModelPasses.first
        setsTransformerNames = facts.transformerNamesSetInCode.first
        let coreData = histories.filter { $0.versions.last?.format != .swiftData }
        let added = facts.openings.filter { opening in
            [.loadPersistentStores, .addPersistentStore].contains(opening.call) && StoreCodeContext.openedHistories(by: opening, in: coreData).contains(where: isThisHistory)
        }
        if !added.isEmpty, added.allSatisfy(\.addsAsynchronously) { addsAsynchronously = added[0].place.location }
        // (With inference off, Core Data migrates only a store its mapping models start from.)
        if let migration = facts.handRunMigrations.first, !added.isEmpty, added.allSatisfy({ (!$0.migratesAutomatically || !$0.infersMappingModels) && $0.unreadContainerClass == nil }) {
            migratesOnlyItself = migration
            infersNoMigration = added.allSatisfy(\.migratesAutomatically)
        }
        guard facts.handRunMigrations.isEmpty else { return }
        if !added.isEmpty, added.allSatisfy({ $0.migratesAutomatically && !$0.infersMappingModels && $0.unreadContainerClass == nil }) {
            migratesWithoutInference = added[0].place.location
        }
        // (A container class of code not read may migrate step by step itself.)
        migratesInOneJump = facts.openings.first { opening in
            [.loadPersistentStores, .addPersistentStore, .magicalRecordAutoMigratingSetup].contains(opening.call) && !opening.declinesMigration
                && opening.unreadContainerClass == nil
                && StoreCodeContext.openedHistories(by: opening, in: coreData).contains(where: isThisHistory)
        }?.place.location
    }
}

/// One version checked against its baseline: the two versions, their typed changes, and what
/// rules need to phrase findings (sync status, renames, undeclared-rename candidates).
package struct Comparison: Sendable {
    package let baseline: ModelVersion
    package let version: ModelVersion
    package let changes: [Change]
    /// What the project's code says that decides what a change does.
    package let code: ChangeCodeFacts
    /// The project's value transformers that read keyed archives (`StoreCodeFacts.keyedArchiveTransformers`).
    package var keyedArchiveTransformers: Set<String> { code.keyedArchiveTransformers }
    /// Additions by entity, for spotting removals that look like undeclared renames.
    private let additionsByEntity: [String: [Change]]

    package init(baseline: ModelVersion, version: ModelVersion, changes: [Change], code: ChangeCodeFacts = ChangeCodeFacts()) {
        self.baseline = baseline
        self.version = version
        self.changes = changes
        self.code = code
        var additions: [String: [Change]] = [:]
        for change in changes where change.kind == .attributeAdded || change.kind == .relationshipAdded || change.kind == .entityAdded {
            additions[change.kind == .entityAdded ? "" : change.path.entity, default: []].append(change)
        }
        self.additionsByEntity = additions
    }

    /// Whether the change touches synced data: its entity was synced in the baseline. Apps still
    /// on the baseline are the ones that keep reading and writing the old shape in CloudKit; an
    /// entity that starts syncing with this version (the app turned CloudKit on, or moved it into
    /// a synced configuration) has no records there yet, and its step is a local migration. A
    /// move between a synced and a local store is about both: synced when either side is. An
    /// added entity is synced when the version syncs it: the baseline never had it.
    package func isSynced(_ change: Change) -> Bool {
        // An added entity was in no configuration of the baseline: where it is now decides (a
        // baseline synced whole says nothing of an entity a later version keeps in a local one).
        if change.kind == .entityAdded { return version.isSynced(entity: change.path.entity) }
        return baseline.isSynced(entity: (change.oldPath ?? change.path).entity)
            || change.kind == .entitySyncChanged && version.isSynced(entity: change.path.entity)
    }

    /// Elements added in the same step that could be the removed element under a new name:
    /// same kind and type (attributes), same destination (relationships), same attribute names
    /// (entities; or, where none has the same, a name sharing a word and every attribute kept
    /// beside one or two new ones, since a renamed class often gains one). An attribute's type
    /// alone says little where the entity gains and loses several of it, or where it is a flag
    /// (`isFavorite` removed, `isPendingDeletion` added are two features): there the names must
    /// share a word.
    package func renameCandidates(for removal: Change) -> [Change] {
        guard let removed = removal.old else { return [] }
        if case .entity(let before) = removed {
            let additions = (additionsByEntity[""] ?? []).compactMap { addition -> (Change, Entity)? in
                guard case .entity(let after) = addition.new else { return nil }
                return (addition, after)
            }
            let names = Set(before.attributes.map(\.name))
            guard !names.isEmpty else { return [] }
            let same = additions.filter { Set($0.1.attributes.map(\.name)) == names }
            if !same.isEmpty { return same.map(\.0) }
            return additions.filter { _, after in
                let kept = Set(after.attributes.map(\.name))
                return names.count >= 2 && names.isSubset(of: kept) && kept.count - names.count <= 2 && NameWords.share(before.name, after.name)
            }.map(\.0)
        }
        let key = removed.entity != nil ? "" : removal.path.entity
        let additions = additionsByEntity[key] ?? []
        return additions.filter { addition in
            guard let added = addition.new, !added.isTransient else { return false }
            switch (removed, added) {
            case (.attribute(let before), .attribute(let after)):
                guard before.type == after.type else { return false }
                if NameWords.share(before.name, after.name) { return true }
                return before.type != .boolean
                    && attributes(of: before.type, in: additions) == 1
                    && attributes(of: before.type, in: changes.filter { $0.kind == .attributeRemoved && $0.path.entity == removal.path.entity }) == 1
            case (.relationship(let before), .relationship(let after)):
                return before.destination == after.destination && before.isToMany == after.isToMany
            default:
                return false
            }
        }
    }

    /// How many of `changes` are about a stored attribute of `type`.
    private func attributes(of type: AttributeType, in changes: [Change]) -> Int {
        changes.count { change in
            guard case .attribute(let attribute) = change.old ?? change.new else { return false }
            return attribute.type == type && !attribute.isTransient
        }
    }

    /// A to-many relationship whose inverse is to-one: CloudKit keeps the link only in the inverse's
    /// field on the other record, so this side's name is not stored anywhere.
    package func isStoredOnTheOtherSide(_ relationship: Relationship) -> Bool {
        guard relationship.isToMany, let inverse = inverse(of: relationship) else { return false }
        return !inverse.isToMany
    }

    /// The change of the same kind this step made to `change`'s inverse (a link renamed, turned,
    /// reordered or given another delete rule at both ends): one change of the link, which its
    /// rule reports once, naming both ends.
    package func sameChange(atInverseOf change: Change) -> Change? {
        guard let new = change.new?.relationship, let inverse = new.inverse, let member = change.path.member else { return nil }
        let owners = Set(ModelValidator.ancestry(of: new.destination, in: version))
        return changes.first { other in
            other.kind == change.kind && other.path != change.path && other.path.member == inverse
                && owners.contains(other.path.entity) && other.new?.relationship?.inverse == member
        }
    }

    /// The inverse relationship in the newer version, looked up in the destination and its ancestors.
    package func inverse(of relationship: Relationship) -> Relationship? {
        guard let name = relationship.inverse else { return nil }
        for entity in ModelValidator.ancestry(of: relationship.destination, in: version) {
            if let found = version.entity(named: entity)?.relationship(named: name) { return found }
        }
        return nil
    }

    /// `apps on version 2`: who still runs the baseline.
    package var olderApps: String { "apps still on \(baseline.displayName)" }

    /// Whether `finding` (of a rule with the id `rule`) is about one element of this step: the
    /// findings a rule gathers into one for the step (`ElementAddedRule.oneNotePerStep`).
    func ownsElementFinding(_ finding: Finding, of rule: String) -> Bool {
        finding.ruleID == rule && finding.path != nil && finding.version == version.label && finding.baseline == baseline.label
    }
}

/// The words of a property's name (`isPendingDeletion`: pending, deletion), for telling a rename
/// (`isPinned` → `pinned`, `createdAt` → `createdDate`) from a removal beside an unrelated addition.
enum NameWords {
    /// Words that start flags and dates in every model and say nothing of what a property holds.
    private static let common: Set<String> = ["is", "has", "should", "can", "did", "was", "at", "on", "the", "of", "id"]

    static func share(_ first: String, _ second: String) -> Bool {
        let a = first.lowercased(), b = second.lowercased()
        if min(a.count, b.count) >= 3, a.contains(b) || b.contains(a) { return true }
        return !words(first).isDisjoint(with: words(second))
    }

    static func words(_ name: String) -> Set<String> {
        var found: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let boundary = character == "_" || character == "-"
                || (character.isUppercase && (previous.map { $0.isLowercase || $0.isNumber } ?? false))
            if boundary, !current.isEmpty { found.append(current); current = "" }
            if character.isLetter || character.isNumber { current.append(character) }
            previous = character
        }
        if !current.isEmpty { found.append(current) }
        return Set(found.map { $0.lowercased() }).subtracting(common)
    }
}

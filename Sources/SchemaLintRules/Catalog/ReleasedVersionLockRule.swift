import SchemaLintCore

/// `released-version-modified`, `released-version-removed`: released versions are immutable.
/// `schemalint lock` records a hash of each released version's canonical content; lint compares.
package struct ReleasedVersionLockRule: HistoryRule {
    enum Check: Sendable { case modified, removed }

    package let descriptor: RuleDescriptor
    let check: Check

    /// A version removed before the newest release is about the step that removed it (its
    /// `baseline` the version removed, its `version` the one current after); the lock's and the
    /// newest release's removals are about the coming release.
    package func isAboutOneStep(_ finding: Finding) -> Bool { check == .removed && finding.baseline != nil }

    static let modified = ReleasedVersionLockRule(
        descriptor: RuleDescriptor(
            id: "released-version-modified", category: .input, synced: .error, local: .error,
            summary: "A version that shipped (a release tag, git history or schemalint.lock says so) was edited since: people run it as it was, and the stores it made may match no version."
        ),
        check: .modified
    )
    package static let removed = ReleasedVersionLockRule(
        descriptor: RuleDescriptor(
            id: "released-version-removed", category: .input, synced: .error, local: .error,
            summary: "A version that shipped (a release tag or schemalint.lock says so) is gone from the models: later versions are no longer checked against it."
        ),
        check: .removed
    )

    package func check(_ context: HistoryContext) -> [Finding] {
        let beforePlan = check == .modified ? context.shippedBeforePlan.flatMap { classesBeforePlan($0, in: context) } : nil
        // Where nothing records what shipped, the plan's finding says so and how to tag.
        guard let beforePlan else { return checkReleases(context) }
        return [beforePlan] + (context.lock == nil ? [] : checkReleases(context))
    }

    /// A SwiftData plan none of whose schemas is the `@Model` classes as they were before the plan
    /// came: the stores those classes made match no schema, and SwiftData refuses them. An error
    /// where a release tag held the classes, a note where the repository tags no release (a plan
    /// is often added before the first release).
    private func classesBeforePlan(_ shipped: ShippedBeforePlan, in context: HistoryContext) -> Finding? {
        let versions = context.history.versions
        guard let first = versions.first,
              !versions.contains(where: { Self.changes(from: shipped.copy, to: $0, hashedOnly: true).isEmpty }) else { return nil }
        let changes = Self.changes(from: shipped.copy, to: first, hashedOnly: true)
        let commit = "\(shipped.planAdded.id) (\(shipped.planAdded.date))"
        let who = shipped.release.map { "the release at \($0) shipped them" } ?? "the app had them"
        return Finding(
            ruleID: descriptor.id, severity: shipped.release == nil ? .note : .error,
            message: "no schema of \(ModelName.quoted(context.history.model)) is the @Model classes as \(who) before the plan came in \(commit); \(first.displayName), its first, differs: \(Self.summary(changes)); a store those classes made matches no schema of the plan, and SwiftData refuses to open it (\"Cannot use staged migration with an unknown model version\", 134504)",
            location: first.location, model: context.history.model, baseline: nil, version: first.label, path: nil,
            notes: [Finding.Note(shipped.release.map { "the classes as the release at \($0) shipped them" } ?? "the classes as they were before \(shipped.planAdded.id)", at: shipped.place)],
            suggestions: [
                "make \(first.displayName) the classes exactly as they were before \(shipped.planAdded.id) (the same class names and stored properties, copied into the schema), and make each change in a later schema, with a stage that migrates to it",
            ] + (shipped.release == nil ? ["if no release shipped before \(shipped.planAdded.id), nothing is stranded: tag your releases (`v1.2`) so that what shipped is known"] : [])
        )
    }

    private func checkReleases(_ context: HistoryContext) -> [Finding] {
        let findings = releaseFindings(context)
        // A cache's stores hold what the app fetches or makes again: one that no longer opens
        // costs the app a refill, not the person their data.
        // (Without releases to compare, the findings say only what was not checked.)
        if let deletion = context.code.deletedBeforeOpening, context.code.cache == nil, context.lock != nil {
            // A reset gate (`if savedVersion < 4 { removeItem(at: storeURL) }` before the store
            // opens): the releases it catches have their stores emptied, and how far back it
            // reaches is a value the code keeps, which is not read here.
            return findings.map { finding in
                var reminder = finding
                reminder.severity = .note
                reminder.message += "; the initializer that makes the store deletes it before it opens it where the code decides so (\(deletion)): the stores of the releases it deletes are emptied, not opened as they were, and what they held comes back only from where else it is kept (iCloud, a server)"
                return reminder
            }
        }
        guard let cache = context.code.cache else { return findings }
        return findings.map { finding in
            guard finding.severity != .note else { return finding }
            var reminder = finding
            reminder.severity = .note
            reminder.message += "; \(cache.said) says the store is a cache, whose content the app makes again, so a store that no longer opens costs a refill, not the person's data"
            return reminder
        }
    }

    private func releaseFindings(_ context: HistoryContext) -> [Finding] {
        guard let entries = context.lock else { return check == .modified ? unread(context) : [] }
        let history = context.history
        var findings: [Finding] = []
        // Released versions changed the same way (one commit that edited every version): one finding.
        var sameChange: [String: [Edit]] = [:]
        // Released versions gone from the models, grouped by the lock or the release that holds
        // them: one finding a group (a bundle whose versions were all deleted but the first is one
        // change).
        var removed: [(source: String, entries: [VersionLock.Entry])] = []
        for entry in entries {
            let version = history.versions.first { entry.names($0) }
            switch (check, version) {
            case (.removed, nil) where entry.removedFromBundle != nil:
                findings.append(removedBeforeNewestRelease(entry, in: context))
            // A released Core Data version renamed, its shape kept under the new name: the stores
            // find their model by its hashes, and later versions are checked against it.
            case (.removed, nil) where entry.releasedCopy.map { copy in
                copy.format == .xcode && history.versions.contains { $0.format == .xcode && $0.releaseTag == nil && $0.entitiesNeedingMigration(from: copy).isEmpty }
            } ?? false:
                continue
            case (.removed, nil):
                let source = entry.isFromLockFile ? VersionLock.fileName : Self.tag(of: entry)
                if let group = removed.firstIndex(where: { $0.source == source }) {
                    removed[group].entries.append(entry)
                } else {
                    removed.append((source, [entry]))
                }
            case (.modified, let version?):
                var changes: [String] = []
                // A version a later release already holds changed: the stores of each shape an
                // older release shipped it in hold what the version hash covers of that shape.
                // A version edited since the newest tag that a later change of the app's version
                // shows shipped as it is now: that release is one more shape, and nothing is coming.
                let shippedSince = entry.shippedSinceTheTag.flatMap { change in
                    entry.releasedCopy.map { copy in (change, ShippedShape(tag: Self.tag(of: entry), copy: copy, place: entry.location?.file ?? "")) }
                }
                if version.isReleased, let first = entry.firstRelease ?? shippedSince.map({ FirstRelease(shapes: [$0.1]) }) {
                    let allShapes = first.shapes + (shippedSince.map { change, _ in
                        [ShippedShape(tag: Self.release(before: change), copy: version, place: version.location.file)]
                    } ?? [])
                    // A shape with no entity (the template's empty model, shipped before the app
                    // used it), or the new-project template's untouched `Item` where the app
                    // keeps no `Item`, holds nothing of the app's in any store: the releases
                    // begin with the first that held more.
                    let shapes = Array(Self.shapesTheStoresTell(apart: allShapes).drop { shape in
                        shape.copy.entities.isEmpty || Self.isProjectTemplate(shape.copy, replacedIn: version)
                    })
                    // Those of every shape but the newest release's match no version in the bundle,
                    // unless one holds that shape under a name of its own (added back), or another
                    // bundle of the app does (kept as a legacy model to copy the old stores from).
                    // A SwiftData store records its schema's version identifier, and a plan that
                    // still has a schema of that identifier takes the store as that schema's (the
                    // app that edited a lone schema's live models at each release, keeping 1.0.0,
                    // opens its stores): only stores of an identifier no schema has any more are
                    // of an unknown model version.
                    // A release that held the version as an older one made no store of that shape.
                    let stranded = shapes.dropLast().filter { shape in
                        shape.madeStores && !(history.versions + (shape.copy.format == .xcode ? context.otherBundleVersions : [])).contains { Self.changes(from: shape.copy, to: $0, hashedOnly: true).isEmpty }
                            && (shape.copy.format != .swiftData || !history.versions.contains { $0.version == shape.copy.version })
                    }
                    if !stranded.isEmpty {
                        let steps = zip(shapes, shapes.dropFirst()).map { (tag: $1.tag, changes: Self.changes(from: $0.copy, to: $1.copy, hashedOnly: true)) }
                        // What the working tree changed since the newest release (found where the
                        // releases had the bundle, should it have moved since): the same finding
                        // says it, as what the coming release adds.
                        let newest = allShapes[allShapes.count - 1]
                        let since = Self.changes(from: newest.copy, to: version)
                        var edit = Edit(version: version, entry: entry, changes: steps.flatMap(\.changes), firstShipped: shapes[0].tag, stranded: Array(stranded), steps: steps)
                        if !since.isEmpty { edit.sinceNewest = (entry.releasedCopy == nil ? newest.tag : Self.tag(of: entry), since, newest.copy) }
                        edit.shapes = shapes
                        let key = "first\u{0}" + shapes[0].tag + "\u{0}" + stranded.map(\.tag).joined(separator: " ") + steps.map { "\u{0}\($0.tag)\u{0}" + $0.changes.joined(separator: "\n") }.joined()
                            + "\u{0}since\u{0}" + since.joined(separator: "\n")
                        sameChange[key, default: []].append(edit)
                        continue
                    }
                    // The stores the tag made match a version still in the bundle.
                    if shippedSince != nil { continue }
                }
                // What the newest release holds and the working tree changed since: what the coming
                // release changes, whatever older releases did.
                if version.isReleased, let copy = entry.releasedCopy {
                    // A release of the untouched project template made stores of nothing the app
                    // keeps, and the app's model only adds entities to it: nothing to restore.
                    if Self.isProjectTemplate(copy, replacedIn: version) { continue }
                    // The release's own copy: what differs is said element by element, and only
                    // the elements count (its model's name, its place in the order and whether
                    // the code syncs it are not the version's content).
                    changes = Self.changes(from: copy, to: version)
                    guard !changes.isEmpty else { continue }
                } else {
                    guard !version.isReleased || VersionLock.hash(of: version) != entry.hash else { continue }
                }
                if !changes.isEmpty {
                    let key = (entry.editedAfterSuccessor.map { ($0.commit?.id ?? "") + "\u{0}" } ?? "") + (entry.location.map { $0.file.prefix { $0 != ":" } } ?? "") + "\u{0}" + changes.joined(separator: "\n")
                    sameChange[key, default: []].append(Edit(version: version, entry: entry, changes: changes, shipped: entry.releasedCopy))
                    continue
                }
                let what = version.isReleased
                    ? "its content no longer matches \(entry.isFromLockFile ? "the hash in \(VersionLock.fileName)" : "the released copy at \(entry.location?.file ?? "")")"
                    : "it is locked as released but is now marked `released: false`"
                findings.append(modified(version, what: what, entry: entry))
            default:
                continue
            }
        }
        let position = Dictionary(history.versions.enumerated().map { ($1.label, $0) }, uniquingKeysWith: { first, _ in first })
        for group in sameChange.values {
            let ordered = group.sorted { (position[$0.version.label] ?? .max, $0.version.label) < (position[$1.version.label] ?? .max, $1.version.label) }
            let first = ordered[0]
            var finding: Finding
            if let edit = first.entry.editedAfterSuccessor {
                finding = editedAfterSuccessor(
                    first.version, edit: edit, changes: first.changes, entry: first.entry, unmatchedTags: context.unmatchedReleaseTags,
                    migration: first.entry.releasedCopy.flatMap { migration(from: $0, of: first.version, in: context) })
            } else if !first.stranded.isEmpty {
                // The stores the older shapes made are local ones to open, synced or not.
                let migrations = first.stranded.map { migration(from: $0.copy, of: first.version, in: context, evenSynced: true) }
                let coming = first.sinceNewest.flatMap { migration(from: $0.copy, of: first.version, in: context) }
                // Said once for the versions edited the same way: asked of the first alone.
                var first = first
                first.syncBreaks = Self.syncBreaks(of: first.shapes, since: first.sinceNewest?.copy, to: first.version, in: context)
                finding = changedAfterRelease(first.version, edit: first, migrations: migrations, coming: coming)
            } else {
                finding = modified(
                    first.version, what: "it changed since \(Self.release(holding: first.entry)): " + Self.summary(first.changes), entry: first.entry,
                    migration: first.shipped.flatMap { migration(from: $0, of: first.version, in: context) }
                )
            }
            let others = ordered.dropFirst()
            if !others.isEmpty {
                finding.message += "; \(others.count) more released version\(others.count == 1 ? "" : "s") changed the same way: \(others.map(\.version.label).joined(separator: ", "))"
                finding.notes += others.map { Finding.Note("changed the same way: \($0.version.displayName)", at: $0.version.location) }
            }
            findings.append(finding)
        }
        let anyVersion = history.versions.last
        for (source, group) in removed {
            let first = group[0]
            let names = group.map { $0.isFromLockFile ? $0.version : $0.label ?? $0.version }
            let several = names.count > 1
            let versions = several ? "versions \(EnglishList.join(names))" : "version \(names[0])"
            let place = first.isFromLockFile
                ? "\(several ? "are" : "is") locked"
                : "\(several ? "are" : "is") in the release at \(several ? source : first.location?.file ?? "")"
            findings.append(Finding(
                ruleID: descriptor.id, severity: severity(anyVersion),
                message: "released \(versions) of \(ModelName.spoken(first.model)) \(place) but no longer in the models; people still run \(several ? "them" : "it"), and later versions are no longer checked against \(several ? "them" : "it")",
                location: first.location ?? SourceLocation(file: VersionLock.fileName, line: 1, column: 1),
                model: first.model, baseline: nil, version: anyVersion?.label ?? first.version, path: nil,
                notes: group.dropFirst().compactMap { entry in entry.location.map { Finding.Note("also released: \(entry.label ?? entry.version)", at: $0) } },
                suggestions: ["restore the \(several ? "versions'" : "version's") model \(several ? "files" : "file") (from version control)"]
                    + (first.isFromLockFile ? ["if \(several ? "they were" : "the version was") never shipped, run `schemalint lock --force` to drop \(several ? "them" : "it") from the lock"] : [])
            ))
        }
        if check == .modified { findings += unread(context) }
        return findings
    }

    /// A version older releases shipped as their current one, gone from the bundle under any
    /// name: Core Data looks for the model of a store among the bundle's versions by their entity
    /// hashes, and finds none for the stores those releases made. A warning: only people who
    /// skipped every release since run into it, and a team may have dropped them on purpose. The
    /// removal shipped with the release after them: a step the default lists only while it has
    /// not (`ComingSteps`).
    private func removedBeforeNewestRelease(_ entry: VersionLock.Entry, in context: HistoryContext) -> Finding {
        let (first, last, next) = entry.removedFromBundle ?? ("", "", nil)
        let releases = first == last ? "release \(first)" : "releases \(first) to \(last)"
        let name = entry.label ?? entry.version
        let anyVersion = context.history.versions.last
        let place = entry.location?.file ?? ""
        let folder = place.split(separator: ":", maxSplits: 1).last.map { String($0.dropLast("/contents".count)) } ?? name
        return Finding(
            ruleID: descriptor.id, severity: .warning,
            message: "version \(name) of \(ModelName.spoken(entry.model)) was the current version of \(releases) and is no longer in the bundle, under any name: Core Data finds no model for the stores those releases made, so the people who update from them cannot open their store (NSMigrationMissingSourceModelError, 134130) unless the app migrates it by itself",
            location: entry.location ?? anyVersion?.location ?? SourceLocation(file: place, line: 1, column: 1),
            // The step that removed it: into the version current in the first release without it.
            model: entry.model, baseline: name, version: next ?? anyVersion?.label ?? entry.version, path: nil,
            suggestions: [
                "put the version back in the bundle as \(last) holds it (\(folder)), and keep every version that shipped",
                "if no one can still run \(releases), accept the finding with `--write-baseline`",
            ]
        )
    }

    /// The note on a history whose releases the run could not read: one versioned in its files,
    /// whose released versions were not checked, or one edited in place that the run would have
    /// compared with its newest release; a passing run says nothing about them.
    private func unread(_ context: HistoryContext) -> [Finding] {
        guard let newest = context.history.versions.last else { return [] }
        // Checked against the release a change of the app's version shows.
        if context.lock?.contains(where: { $0.releasedBefore != nil }) == true { return [] }
        // A model edited in place, read at its newest release tag too (the clone's one commit
        // carries it), was compared with that release, as a full clone would compare it.
        let own = context.history.versions.filter { $0.releaseTag == nil }
        if own.count < context.history.versions.count, own.allSatisfy(\.isComparedWithNewestReleaseByDefault) { return [] }
        guard let unread = context.unreadReleases else { return [] }
        let message: String
        switch unread {
        case .shallowCloneAtNewestRelease where context.history.isVersionedInItsFiles:
            message = "the versions of \(ModelName.spoken(context.history.model)) that shipped before the newest release were not checked for edits since: \(unread.reason)"
        case .shallowCloneAtNewestRelease:
            // Compared with the newest release, which the clone holds.
            return []
        case .shallowClone where context.history.isVersionedInItsFiles:
            message = "the released versions of \(ModelName.spoken(context.history.model)) were not checked for edits since they shipped: \(unread.reason)"
        case .shallowClone where context.comparesEditedInPlaceWithNewestRelease && context.history.isComparedWithNewestReleaseByDefault:
            message = "\(ModelName.spoken(context.history.model)) was not checked against its newest release, so what the next release changes for the people who run it is not reported: \(unread.reason)"
        // A model of one version, where nothing records what shipped: an edit to it since a release
        // strands that release's stores unseen. (The steps of a model of several versions are
        // taken as shipped, which the summary says; a model SwiftData migrates by itself as it
        // changes is compared with a release only where one is tagged.)
        case _ where unread.isWholeHistoryWithoutRelease && context.history.isVersionedInItsFiles && context.history.versions.count == 1:
            message = Self.uncheckedOneVersionMessage(models: [context.history.model], reason: unread.reason, swiftData: context.history.versions.last?.format == .swiftData)
        // A model SwiftData migrates by itself as it changes (its @Model classes, no schema) is
        // compared with the newest release where one is tagged; with none, the shallow clone's
        // note holds for the whole history too.
        case _ where unread.isWholeHistoryWithoutRelease && context.comparesEditedInPlaceWithNewestRelease && context.history.isComparedWithNewestReleaseByDefault:
            message = "\(ModelName.spoken(context.history.model)) was not checked against a release, so what the next release changes for the people who run it is not reported: \(unread.reason)"
        default:
            return []
        }
        return [Finding(
            ruleID: descriptor.id, severity: .note,
            message: message,
            location: newest.location, model: newest.model, baseline: nil, version: newest.label, path: nil,
            suggestions: unread.suggestions
        )]
    }

    /// The note that the one version of each of `models` was not checked for edits since a
    /// release, for `reason`.
    /// A SwiftData plan's lone schema (`swiftData`) strands its stores differently from a bundle's
    /// lone version: SwiftData finds no schema of the plan for them.
    static func uncheckedOneVersionMessage(models: [String], reason: String, swiftData: Bool = false) -> String {
        var spoken: [String] = []
        for name in models.map(ModelName.spoken) where !spoken.contains(name) { spoken.append(name) }
        let what = swiftData ? "schema" : "version"
        let which = models.count == 1 ? "the one \(what) of \(spoken[0])" : "the one \(what) of each of \(models.count) models, \(EnglishList.join(spoken, limit: 4)),"
        let stranded = swiftData
            ? "recording a version no schema of the plan has, so SwiftData refuses to open them (\"Cannot use staged migration with an unknown model version\")"
            : "matching no version in the bundle, to be opened only by a migration Core Data infers from the model each store keeps"
        return "\(which) was not checked for edits since a release, which leave the stores that release made \(stranded): \(reason)"
    }

    /// The notes of one run that one-version models were not checked for edits since a release,
    /// for one reason (no tag, no lock): a reminder said once, at the first of them, naming them
    /// all, each model's version a note beside it.
    package static func oneNoteForUncheckedOneVersionModels(_ findings: [Finding], reason: String?) -> [Finding] {
        guard let reason else { return findings }
        var merged = findings
        // Bundles' lone versions, and SwiftData plans' lone schemas, each a note of their own wording.
        for swiftData in [false, true] {
            let unchecked = merged.indices.filter { index in
                merged[index].ruleID == "released-version-modified" && merged[index].severity == .note
                    && merged[index].message == uncheckedOneVersionMessage(models: [merged[index].model], reason: reason, swiftData: swiftData)
            }.sorted { Finding.reportOrder(merged[$0], merged[$1]) }
            guard unchecked.count > 1, var first = unchecked.first.map({ merged[$0] }) else { continue }
            let others = unchecked.dropFirst().map { merged[$0] }
            first.message = uncheckedOneVersionMessage(models: [first.model] + others.map(\.model), reason: reason, swiftData: swiftData)
            first.notes += others.map { Finding.Note("the one \(swiftData ? "schema" : "version") of \(ModelName.spoken($0.model))", at: $0.location) }
            let dropped = Set(unchecked)
            merged = merged.indices.compactMap { index in index == unchecked[0] ? first : dropped.contains(index) ? nil : merged[index] }
        }
        return merged
    }

    /// How the stores a local Core Data version made as it shipped reach the app's current
    /// version once the version was edited: their hashes match no version in the bundle, so Core
    /// Data can only infer a migration from the model each store keeps (WWDC22 10120: a change
    /// lightweight migration infers may be made in the shipping model itself). Nil where that
    /// does not apply: the other formats, and a synced store whose edit CloudKit cannot take (the
    /// change rules' errors for it, as for a new version: older apps syncing the same records
    /// break whatever the store does), unless `evenSynced` (the stores older releases made, which
    /// open the same way). A synced edit CloudKit takes (a new optional attribute) leaves the
    /// local store to migrate, as a local model's does.
    private func migration(from shipped: ModelVersion, of version: ModelVersion, in context: HistoryContext, evenSynced: Bool = false) -> ShippedStoresMigration? {
        // SwiftData given no migration plan opens a store as Core Data does: it infers the
        // migration from the model the store keeps. With a plan, it looks the store's version up
        // in the plan's schemas instead.
        let swiftDataWithoutAPlan = version.format == .swiftData && !version.isInMigrationPlan
        guard version.format == .xcode || swiftDataWithoutAPlan else { return nil }
        if !evenSynced, version.entities.contains(where: { version.isSynced(entity: $0.name) }) {
            var syncedCopy = shipped
            syncedCopy.usesCloudKit = version.usesCloudKit
            var comparisons: EntityComparisons?
            guard context.changeFindings(from: syncedCopy, to: version, only: .error, reusing: &comparisons).findings.isEmpty else { return nil }
        }
        // The store that migrates is local even where the current version syncs (sync turned on
        // later): what blocks it is what a local migration cannot infer.
        var current = context.history.versions.last(where: \.isReleased) ?? version
        // An edit the version hash leaves out (a relationship's inverse): the stores still match.
        if Self.changes(from: shipped, to: version, hashedOnly: true).isEmpty {
            var unchanged = ShippedStoresMigration(current: version.displayName, blockers: [], outsideTheHash: true)
            unchanged.editsTheCurrentVersion = Self.isTheShippingModel(version, of: context.history)
            return unchanged
        }
        current.markLocal()
        var shipped = shipped
        shipped.markLocal()
        var comparisons: EntityComparisons?
        var blockers = context.changeFindings(from: shipped, to: current, only: .error, reusing: &comparisons).findings
        // Core Data infers one jump from the store's model to the current one, edited or not, so
        // what blocks it blocked the stores of the unedited version as well. The edit is to blame
        // only for what it hides from the steps the bundle shows (an attribute made required in
        // place, as the later version has it): a blocker the jump from the version as it is now
        // meets too, on the same element (added as required there, made required here), is a
        // step's, which the change rules report, and restoring the shape undoes nothing of it.
        if !blockers.isEmpty, version.label != current.label {
            var edited = version
            edited.markLocal()
            var comparisons: EntityComparisons?
            let ofTheVersionItself = context.changeFindings(from: edited, to: current, only: .error, reusing: &comparisons).findings
            blockers.removeAll { blocker in
                ofTheVersionItself.contains { other in
                    other.ruleID == blocker.ruleID && (blocker.path.map { other.path == $0 } ?? (other.message == blocker.message))
                }
            }
        }
        guard !swiftDataWithoutAPlan else {
            var migration = ShippedStoresMigration(current: current.displayName, blockers: blockers)
            migration.inSwiftData = true
            migration.editsTheCurrentVersion = Self.isTheShippingModel(version, of: context.history)
            return migration
        }
        var migration = ShippedStoresMigration(current: current.displayName, blockers: blockers, addedWithoutMigration: context.code.addsWithoutMigration)
        migration.editsTheCurrentVersion = Self.isTheShippingModel(version, of: context.history)
        migration.infersFromTheKeptModel = context.code.migratesWithoutInference == nil && !context.code.infersNoMigration
        // An element whose renaming identifier the current version gives to none of its own
        // (`Note`, identified as `CDNote` now) is paired with nothing: the inferred migration
        // drops what the stores hold of it.
        migration.dropped = ModelDiffer(pairsByIdentifier: true).changes(from: shipped, to: current)
            .filter { $0.isReidentified && $0.old != nil && !($0.old?.isTransient ?? false) }
            .map { "\($0.old?.kind ?? "element") `\($0.path)`" }
        migration.migratedOnlyByTheApp = context.code.migratesOnlyItself
        migration.coreDataInfersNothing = context.code.infersNoMigration
        return migration
    }

    /// What Core Data does with the stores a local version made as it shipped: infer a migration
    /// to `current` from the model each store keeps, unless `blockers` (the change rules' errors
    /// for that jump) say it cannot.
    struct ShippedStoresMigration {
        var current: String
        var blockers: [Finding]
        /// The edit is all outside the version hash: the stores still match the version.
        var outsideTheHash = false
        /// Where the app adds the store with options that ask for no migration: nothing is inferred.
        var addedWithoutMigration: SourceLocation?
        /// Where the app runs its own migration, Core Data's own being off: it migrates from the
        /// bundled version a store matches, and a store that matches none has no such version.
        var migratedOnlyByTheApp: SourceLocation?
        /// Core Data's own migration is on, its inference off (`shouldInferMappingModelAutomatically = false`).
        var coreDataInfersNothing = false
        /// The stored elements the inferred migration pairs with nothing of `current`, their
        /// renaming identifier gone from it (`entity `Note``): what the stores hold of them is dropped.
        var dropped: [String] = []
        /// The edited version is the current one, the model the app ships: Apple allows a change
        /// lightweight migration infers to be made in it, in place (WWDC22 session 10120).
        var editsTheCurrentVersion = false
        /// Core Data infers the stores' migration from the model each keeps: inference is not off
        /// (`shouldInferMappingModelAutomatically = false`, or options without
        /// `NSInferMappingModelAutomaticallyOption`), where only a mapping model from the store's
        /// own version, which an edit in place has none of, would migrate it.
        var infersFromTheKeptModel = true
        /// The versions are SwiftData schemas the app opens with no migration plan: the code, not
        /// a bundle, holds them, and SwiftData infers the migration.
        var inSwiftData = false

        /// Whether the stores the release made fail to open.
        var failsToOpen: Bool { !outsideTheHash && (!blockers.isEmpty || addedWithoutMigration != nil || migratedOnlyByTheApp != nil) }

        /// An error where the stores cannot open. Where they open, an older version edited is a
        /// warning (later versions are checked against what those people never ran, and a
        /// mapping model from it no longer matches their stores); the current version edited is
        /// a note, the way Apple allows a change lightweight migration infers to be made, whose
        /// advice is for the next change.
        var severity: Severity { failsToOpen ? .error : opensAsTheShippingModelEdited ? .note : .warning }

        /// The stores open from the current version edited in place, as Apple allows.
        var opensAsTheShippingModelEdited: Bool { editsTheCurrentVersion && infersFromTheKeptModel && !failsToOpen && dropped.isEmpty }

        /// What happens to the stores `release` made.
        func consequence(for release: String) -> String {
            if outsideTheHash {
                return "the stores \(release) made still match it, since the version hash leaves this out, so no migration runs for them, and later versions are checked against something those people never ran"
            }
            if addedWithoutMigration != nil {
                return "the stores \(release) made match no version in the bundle now, and the app adds its store with options that ask for no migration, so Core Data infers none and they fail to open (NSPersistentStoreIncompatibleVersionHashError, 134100)"
            }
            if let migration = migratedOnlyByTheApp, coreDataInfersNothing {
                return "the stores \(release) made match no version in the bundle now, and the app migrates its stores itself (NSMigrationManager at \(migration)) with Core Data's inference off (`shouldInferMappingModelAutomatically = false`): it finds no version in the bundle to migrate them from, and Core Data, which then migrates only with a mapping model from the store's own version, finds none, so they fail to open"
            }
            if let migration = migratedOnlyByTheApp {
                return "the stores \(release) made match no version in the bundle now, and the app migrates its stores itself (NSMigrationManager at \(migration)) with Core Data's own migration off: it finds no version in the bundle to migrate them from, and Core Data infers nothing, so they fail to open"
            }
            let matchNone = inSwiftData ? "match no schema in the code now" : "match no version in the bundle now"
            let framework = inSwiftData ? "SwiftData, given no migration plan," : "Core Data"
            guard let blocker = blockers.first else {
                return "the stores \(release) made \(matchNone); \(framework) opens them only by inferring a migration to \(current) from the model each store keeps, which works while that change stays inferable, and later versions are checked against something those people never ran"
            }
            if blockers.allSatisfy(\.needsAStoredObjectWithoutAValue) {
                return "the stores \(release) made \(matchNone), and \(framework) can infer their migration to \(current) from the model each store keeps only where every stored object has a value for what became required (\(blocker.message)): a store with an object that has none fails to open"
            }
            return "the stores \(release) made \(matchNone), and \(framework) cannot infer their migration to \(current) from the model each store keeps (\(blocker.message)), so they fail to open"
        }

        var notes: [Finding.Note] {
            // A few blockers name the problem; past them, how many more there are.
            let shown = blockers.count > 4 ? Array(blockers.prefix(3)) : blockers
            return (addedWithoutMigration.map { [Finding.Note("the store is added here with options that ask for no migration", at: $0)] } ?? [])
                + (migratedOnlyByTheApp.map { [Finding.Note("the app's own migration, which starts from a version in the bundle, runs here", at: $0)] } ?? [])
                + shown.map { Finding.Note("blocks inferring the migration from what shipped: \($0.message)", at: $0.location) }
                + (blockers.count > shown.count ? [Finding.Note("and \(blockers.count - shown.count) more changes block inferring it")] : [])
        }
    }

    /// A released version that differs from what was released (`what`).
    private func modified(_ version: ModelVersion, what: String, entry: VersionLock.Entry, migration: ShippedStoresMigration? = nil) -> Finding {
        Finding(
            ruleID: descriptor.id, severity: migration?.severity ?? severity(version),
            message: "released \(version.displayName) was modified: \(what); "
                + (migration?.consequence(for: Self.tag(of: entry)) ?? "people run it as it was released, so later versions must be checked against the original"),
            location: version.location, model: version.model, baseline: nil, version: version.label, path: nil,
            notes: (entry.location.map { [Finding.Note(entry.isFromLockFile ? "locked here" : "as released", at: $0)] } ?? []) + (migration?.notes ?? []),
            suggestions: (migration?.opensAsTheShippingModelEdited == true
                ? [Self.nextChangeInANewVersion(version)]
                : ["restore the released file (from version control) and make the change in a new version"])
                + (entry.isFromLockFile ? ["if the edit changes nothing people run (a mistake in the file), run `schemalint lock --force`"] : [])
        )
    }

    /// One released version's edit, gathered so that versions edited the same way are one finding.
    private struct Edit {
        var version: ModelVersion
        var entry: VersionLock.Entry
        /// What differs, one line per change.
        package var changes: [String]
        /// The newest release's copy the edit is against, for an edit since it.
        var shipped: ModelVersion?
        /// The release that first shipped the version, in a shape a later one may have come back
        /// to (then not among the stranded).
        var firstShipped = ""
        /// For an edit a later release shipped: the shapes older releases shipped whose stores
        /// match no version in the bundle now, oldest first.
        var stranded: [ShippedShape] = []
        /// Every shape the releases shipped it in, oldest first (the stranded ones and the newest).
        var shapes: [ShippedShape] = []
        /// The release that first held each later shape, and what it changed.
        var steps: [(tag: String, changes: [String])] = []
        /// Beside an edit a later release shipped: the newest release, what the working tree
        /// changed since, and the version as that release holds it.
        var sinceNewest: (tag: String, changes: [String], copy: ModelVersion)?
        /// For a version that syncs with CloudKit: the change rules' errors of each step between
        /// the shapes releases shipped (by the release that first held the later shape), and of
        /// the working tree's edit since the newest release (by nil): the same change made in a
        /// version of its own is judged so.
        var syncBreaks: [(tag: String?, finding: Finding)] = []
    }

    /// The change rules' errors of each step between `shapes` (oldest first) where the later
    /// shape syncs with CloudKit, and of `version` against `newest` where given: a renamed
    /// attribute is a field older releases never write, whether or not the version was renamed.
    private static func syncBreaks(of shapes: [ShippedShape], since newest: ModelVersion?, to version: ModelVersion, in context: HistoryContext) -> [(tag: String?, finding: Finding)] {
        // Each shape is named by the release that shipped it: the version's own name is the same
        // at every release.
        func named(_ copy: ModelVersion, _ tag: String) -> ModelVersion {
            var named = copy
            named.label = tag
            return named
        }
        // The working tree's version says whether the run syncs the model: one the code opens
        // without CloudKit is checked as the local store it is, whatever a release's file said.
        guard version.hasSyncedEntities else { return [] }
        var breaks: [(tag: String?, finding: Finding)] = []
        for (earlier, later) in zip(shapes, shapes.dropFirst()) where later.copy.hasSyncedEntities {
            var comparisons: EntityComparisons?
            // From the last release before the later shape: what the version hash does not cover
            // (an entity moved to another configuration) may have changed within the earlier one.
            breaks += context.changeFindings(from: named(earlier.lastCopy ?? earlier.copy, earlier.lastTag ?? earlier.tag), to: named(later.copy, later.tag), only: .error, reusing: &comparisons).findings.map { (later.tag, $0) }
        }
        if let newest = newest.map({ named($0, shapes.last?.lastTag ?? shapes.last?.tag ?? "the newest release") }) {
            var comparisons: EntityComparisons?
            breaks += context.changeFindings(from: newest, to: version, only: .error, reusing: &comparisons).findings.map { (nil, $0) }
        }
        return breaks
    }

    /// Whether `shipped` is the new-project template's untouched model (`ModelVersion
    /// .isProjectTemplate`) and `version` keeps no `Item` of it: the template's stores hold only
    /// the template's objects, and opening them with `version` drops them and adds its entities,
    /// which lightweight migration infers.
    private static func isProjectTemplate(_ shipped: ModelVersion, replacedIn version: ModelVersion) -> Bool {
        shipped.isProjectTemplate && !version.containsEntity(named: "Item")
    }

    /// The tag of a release's entry, whose place is `tag:path`; for an entry read at a change of
    /// the app's version, the release before that change.
    private static func tag(of entry: VersionLock.Entry) -> String {
        if let change = entry.releasedBefore { return release(before: change) }
        return entry.location.map { String($0.file.prefix { $0 != ":" }) } ?? "the release"
    }

    /// The release an entry holds a version as, with where the copy is: `the release at
    /// v1.0:path`, or `the release before a1b2c3d (MARKETING_VERSION 1.1 to 1.2, ...), as
    /// a1b2c3d:path holds it`.
    private static func release(holding entry: VersionLock.Entry) -> String {
        let place = entry.location?.file ?? ""
        guard let change = entry.releasedBefore else { return "the release at \(place)" }
        return "\(release(before: change)), as \(place) holds it"
    }

    /// The release a change of the app's version shows, named as messages name a tag: the
    /// version the change left (`the release before a1b2c3d (MARKETING_VERSION 3.2.2 to 4.0.0)`).
    static func release(before change: AppVersionChange) -> String {
        "the release before \(change.commit) (\(change.setting) \(change.from) to \(change.to), \(change.date))"
    }

    /// The shapes a version shipped in, as far as the version hash tells them apart (a store made
    /// by either of two shapes that differ in nothing it covers opens with both).
    static func shapesTheStoresTell(apart shapes: [ShippedShape]) -> [ShippedShape] {
        var kept: [ShippedShape] = []
        for shape in shapes {
            if let last = kept.last, changes(from: last.copy, to: shape.copy, hashedOnly: true).isEmpty {
                // The stores of both are one shape's: the releases that made them run on.
                if shape.madeStores {
                    kept[kept.count - 1].lastTag = shape.lastTag ?? shape.tag
                    kept[kept.count - 1].lastCopy = shape.lastCopy ?? shape.copy
                }
                continue
            }
            kept.append(shape)
        }
        return kept
    }

    /// A version later releases shipped changed from what older releases shipped: every shape is
    /// in people's stores now, so the fix is to add each stranded one back beside it. A warning,
    /// even where the stores of a stranded shape cannot migrate (the message says so): the edits
    /// shipped already, and the coming release adds nothing to them.
    /// With an edit since the newest release beside it (`coming`, how the stores that release
    /// made reach the current version), the finding says that too, and is an error where those
    /// stores cannot migrate, or where the model syncs and CloudKit cannot take the edit: the
    /// coming release makes it.
    /// `migrations` says, for each stranded shape in turn, how its stores reach the version.
    private func changedAfterRelease(_ version: ModelVersion, edit: Edit, migrations: [ShippedStoresMigration?], coming: ShippedStoresMigration?) -> Finding {
        let shapesAndMigrations = Array(zip(edit.stranded, migrations))
        let failing = shapesAndMigrations.filter { $0.1?.failsToOpen ?? false }
        let opening = shapesAndMigrations.filter { $0.1.map { !$0.failsToOpen && !$0.outsideTheHash } ?? false }
        let migration = failing.first?.1 ?? migrations.lazy.compactMap { $0 }.first
        let shown = 3
        var history = edit.steps.prefix(shown).enumerated().map { index, step in
            "\(step.tag) \(index == 0 ? "shipped it changed" : "changed it again") by: \(Self.summary(step.changes))"
        }
        if edit.steps.count > shown { history.append("and \(edit.steps.count - shown) more release\(edit.steps.count - shown == 1 ? "" : "s") changed it again") }
        if let since = edit.sinceNewest { history.append("and since \(since.tag) the working tree changed it by: \(Self.summary(since.changes))") }
        // Each shape's stores, made by the releases from the one that first shipped it to the
        // last that did (`3.12 to 3.16`).
        let strandedTags = edit.stranded.map(\.tag) + (edit.sinceNewest.map { [$0.tag] } ?? [])
        func span(_ shape: ShippedShape) -> String { shape.lastTag.map { "\(shape.tag) to \($0)" } ?? shape.tag }
        let spans = edit.stranded.map(span) + (edit.sinceNewest.map { [$0.tag] } ?? [])
        let tags = strandedTags.count <= Self.listed ? Self.list(spans) : Self.releases(strandedTags)
        func named(_ shapes: [ShippedShape]) -> String { shapes.count <= Self.listed ? Self.list(shapes.map(span)) : Self.releases(shapes.map(\.tag)) }
        let copies = edit.stranded.map { "as \($0.tag) shipped it (`git show \($0.place)`)" }
        // A version edited at many releases: the oldest and newest shapes, and how many between.
        let stranded = edit.stranded
        let shapeNotes = stranded.count <= Self.listed ? stranded.map(Self.shapeNote) :
            stranded.prefix(2).map(Self.shapeNote) + [Finding.Note("and \(stranded.count - 4) more releases, between \(stranded[1].tag) and \(stranded[stranded.count - 2].tag), shipped it in shapes of their own")] + stranded.suffix(2).map(Self.shapeNote)
        // A SwiftData schema goes back as a schema of its own in the plan; an Xcode version as a
        // version folder of the bundle.
        let swiftData = version.format == .swiftData
        let asOwn = swiftData
            ? (copies.count == 1 ? "as a VersionedSchema of its own (a new name, its models nested in it), listed in the migration plan before it" : "as VersionedSchemas of their own (new names, their models nested in them), listed in the migration plan before it")
            : (copies.count == 1 ? "to the bundle as a version of its own, ordered before it" : "to the bundle as versions of their own, ordered before it")
        let addBack = copies.count <= 3
            ? "add \(version.displayName) \(Self.list(copies)) back \(asOwn), so the stores made with \(copies.count == 1 ? "it" : "them") can migrate"
            : "add \(version.displayName) back\(swiftData ? "" : " to the bundle") as each of the \(copies.count) releases shipped it that people still run (`git show TAG:path`, from `git show \(stranded[0].place)` to `git show \(stranded[stranded.count - 1].place)`), \(swiftData ? "as VersionedSchemas of their own listed in the migration plan before it" : "as versions of their own ordered before it"), so their stores can migrate"
        let stranding = swiftData
            ? "the stores \(tags) made record a version identifier (\(Self.list(Array(Set(edit.stranded.map(\.copy.version.text))).sorted()))) that no schema of the migration plan has now, so SwiftData refuses to open them (\"Cannot use staged migration with an unknown model version\"), and later versions are checked against something those people never ran"
            : "the stores \(tags) made match no version in the bundle now, and later versions are checked against something those people never ran"
        let worst = [coming, migration].compactMap { $0 }.first(where: \.failsToOpen) ?? migration ?? coming
        // Every shape shipped opens by inference: adding each back is no fix anyone needs; the
        // next change is what to make in a version of its own.
        let inferred = migration.map { !$0.failsToOpen && !$0.outsideTheHash } ?? false
        // Shipped history where every shape opens by inference and the coming release edits
        // nothing: a note, whose advice is for the next change.
        let shippedSeverity: Severity = inferred ? .note : .warning
        // Where the stores of some shapes fail to open and the others' open by inference, each
        // is said of its own releases (what blocks the oldest shape is no blocker of the newer).
        // The newest release's stores, where the working tree changed the version since, are
        // among those that open when the coming step is inferable.
        let newestOpens = edit.sinceNewest.flatMap { since in coming.map { !$0.failsToOpen && !$0.outsideTheHash ? since.tag : nil } } ?? nil
        let openingTags = opening.map(\.0.tag) + (newestOpens.map { [$0] } ?? [])
        let openingSpans = opening.map { span($0.0) } + (newestOpens.map { [$0] } ?? [])
        var consequence: String
        if let worst, let migration, worst.failsToOpen, !(coming?.failsToOpen ?? false), !failing.isEmpty, !openingSpans.isEmpty, edit.sinceNewest == nil || newestOpens != nil {
            let opens = openingSpans.count <= Self.listed ? Self.list(openingSpans) : Self.releases(openingTags)
            consequence = migration.consequence(for: named(failing.map(\.0)))
                + "; the stores \(opens) made open by inferring a migration to \(migration.current) from the model each store keeps, while that change stays inferable"
        } else {
            consequence = worst?.consequence(for: tags) ?? stranding
        }
        // What an inferred migration drops, said of the stores it drops it from.
        var dropping: [(spans: [String], dropped: [String])] = []
        for (shape, migration) in shapesAndMigrations {
            guard let migration, !migration.failsToOpen, !migration.outsideTheHash, !migration.dropped.isEmpty else { continue }
            if let same = dropping.firstIndex(where: { $0.dropped == migration.dropped }) {
                dropping[same].spans.append(span(shape))
            } else {
                dropping.append(([span(shape)], migration.dropped))
            }
        }
        let drops = dropping.map { "what the stores \(Self.list($0.spans)) made hold of \(Self.list($0.dropped))" }
        if !drops.isEmpty {
            consequence += "; that migration drops \(Self.list(drops)): Core Data pairs a stored element with the one of the same renaming identifier (its name where none is set), and \(migration?.current ?? version.displayName) gives that identifier to none of its own"
        }
        // What CloudKit makes of the same changes: the change rules' own words, as notes.
        let shippedBreaks = edit.syncBreaks.filter { $0.tag != nil }
        let comingBreaks = edit.syncBreaks.filter { $0.tag == nil }
        var syncing: [String] = []
        if !shippedBreaks.isEmpty {
            let tags = Self.list(shippedBreaks.compactMap(\.tag).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
            syncing.append("\(tags) changed what syncs with CloudKit in ways devices still on the release before cannot follow (\(Self.counted(shippedBreaks.count, "change")), in the notes), as each change in a version of its own would have been reported")
        }
        if !comingBreaks.isEmpty {
            syncing.append("the working tree's edit changes what syncs with CloudKit in ways devices on \(edit.sinceNewest?.tag ?? "the newest release") cannot follow (\(Self.counted(comingBreaks.count, "change")), in the notes)")
        }
        // The working tree's first, then the oldest releases'; past `listed`, how many more.
        let ordered = comingBreaks + shippedBreaks
        var syncNotes = ordered.prefix(Self.listed).map { step, finding in
            Finding.Note("\(step.map { "at \($0)" } ?? "in the working tree"): \(finding.message) [\(finding.ruleID)]", at: finding.location)
        }
        if ordered.count > Self.listed {
            let rest = ordered.dropFirst(Self.listed)
            syncNotes.append(Finding.Note("and \(Self.counted(rest.count, "more change")) of the same kind, the first of them here", at: rest[rest.startIndex].finding.location))
        }
        return Finding(
            // An edit since the newest release is judged as that edit alone: by how the stores the
            // release made reach it, or, where CloudKit cannot take it, the rule's severity.
            // Stores an older release made that fail to open keep it a warning at least.
            ruleID: descriptor.id,
            severity: edit.sinceNewest == nil ? shippedSeverity : !comingBreaks.isEmpty ? .error
                : coming.map { $0.severity == .note && !failing.isEmpty ? .warning : $0.severity } ?? severity(version),
            message: "released \(version.displayName) was modified after it shipped: \(edit.firstShipped) shipped it, \(history.joined(separator: "; ")); "
                + consequence + syncing.map { "; " + $0 }.joined(),
            location: version.location, model: version.model, baseline: nil, version: version.label, path: nil,
            notes: shapeNotes + (worst?.notes ?? []) + syncNotes,
            suggestions: (inferred
                ? [
                    "the stores open while each change to \(version.displayName) is one lightweight migration infers, so nothing needs restoring now: make the next change in a new version (Editor > Add Model Version), so that later versions are checked against what people run",
                    addBack + ", should a later change be one lightweight migration cannot infer",
                ]
                : [addBack + "; restoring it in place would strand the stores made since \(edit.steps[0].tag)"])
                + (edit.sinceNewest.map { ["make what changed since \($0.tag) in a new version instead, so that the stores \($0.tag) made keep theirs"] } ?? [])
                + (inferred ? [] : ["make each later change in a new version"])
        )
    }

    /// Whether `version` is the model the app ships as it stands: the history's last version,
    /// no later one beside it (a draft the team means to ship next, which an edit of the version
    /// before it should have gone into).
    private static func isTheShippingModel(_ version: ModelVersion, of history: ModelHistory) -> Bool {
        history.versions.last?.label == version.label && version.isReleased
    }

    /// The advice where the stores open from the current version edited in place: nothing to
    /// restore (that would strand the stores made since), the next change in a version of its own.
    private static func nextChangeInANewVersion(_ version: ModelVersion) -> String {
        "the stores open while each change to \(version.displayName) is one lightweight migration infers, so nothing needs restoring: make the next change in a new version (Editor > Add Model Version), so that later versions are checked against what people run"
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// How many releases a finding names one by one; past it, the first and the last.
    private static let listed = 5

    /// The releases whose stores a finding speaks of: each up to `listed`, else how many, from
    /// the first to the last (`the 23 releases from 0.1.0 to v3.19.0`).
    private static func releases(_ tags: [String]) -> String {
        tags.count <= listed ? list(tags) : "the \(tags.count) releases from \(tags[0]) to \(tags[tags.count - 1])"
    }

    /// Where a release's shape of a version is.
    private static func shapeNote(_ shape: ShippedShape) -> Finding.Note {
        Finding.Note("as \(shape.tag) shipped it", at: SourceLocation(file: shape.place, line: 1, column: 1))
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// A version git shows edited after its successor was added, or the newest after the app's
    /// version changed: a warning, since the successor may have come before the version shipped,
    /// and a version number may change before a release. `migration`: what Core Data does with
    /// the stores a local version made as it was, where the app's version shows it shipped.
    private func editedAfterSuccessor(
        _ version: ModelVersion, edit: VersionEdit, changes: [String], entry: VersionLock.Entry, unmatchedTags: (pattern: String, tags: [String])?,
        migration: ShippedStoresMigration? = nil
    ) -> Finding {
        let shown = Self.summary(changes)
        var record = "tag your releases (`v1.2`) or run `schemalint lock` after each release"
        if let (pattern, tags) = unmatchedTags, let newest = tags.last {
            let glob = Self.glob(naming: newest)
            record = "the tags in the history of HEAD (the newest: `\(newest)`) do not match the release-tag pattern `\(pattern)`"
                + (glob.map { ": give yours with `--history-tags '\($0)'`, or `history: {from: git, tags: \"\($0)\"}` in .schemalint.yml" } ?? "; give yours with `--history-tags`")
        }
        let when: String
        let consequence: String
        let copy: String
        let shipped: String
        if let change = edit.afterAppVersionChange {
            // The newest version, after the app's version changed: the release before had it.
            when = edit.commit?.id == change.commit
                ? "the commit that changed \(change.setting) from \(change.from) to \(change.to)"
                : "after \(change.setting) went from \(change.from) to \(change.to) in \(change.commit) (\(change.date))"
            let shippedAsItWas = "a team changes the app's version once the release before went out, so the app's release \(change.from) shipped \(version.displayName) as it was"
            // Where no local migration was weighed (a synced version whose change the CloudKit
            // rules report), the stores still keep their model: what is known is that they match
            // no version now.
            let opened = version.format == .swiftData && version.isInMigrationPlan
                ? "SwiftData finds no schema of the plan with their checksum and refuses to open them (\"Cannot use staged migration with an unknown model version\", 134504)"
                : "Core Data opens them only by inferring a migration from the model each store keeps, and later versions are checked against something those people never ran"
            consequence = migration.map { shippedAsItWas + ", and " + $0.consequence(for: "it") }
                ?? shippedAsItWas + ", and the stores it made match no version \(version.format == .swiftData ? "of the plan" : "in the bundle") now; " + opened
            copy = "as it was before \(edit.commit?.id ?? "the working tree's edit")"
            shipped = "if the app's release \(change.from) did not ship \(version.displayName)"
        } else {
            if let added = edit.successorAdded {
                when = edit.commit?.id == added.id
                    ? "the commit that added \(edit.successor)"
                    : "after \(edit.successor) was added in \(added.id) (\(added.date))"
            } else {
                when = "beside \(edit.successor), which the working tree adds"
            }
            // A SwiftData store records its schema's checksum, and a plan with no schema of that
            // checksum refuses the store.
            consequence = version.format == .swiftData
                ? "if \(version.displayName) shipped, the stores it made record a checksum that no schema of the plan has now, and SwiftData refuses to open them (\"Cannot use staged migration with an unknown model version\", 134504)"
                : "if \(version.displayName) shipped, the stores it made no longer match it, and later versions are checked against something nobody runs"
            copy = edit.copiedBeforeSuccessor || edit.successorAdded == nil || edit.commit?.id == edit.successorAdded?.id
                ? "as it was before \(edit.successor) was added" : "as it was when \(edit.successor) was added"
            shipped = "if \(version.displayName) never shipped"
        }
        // The newest version edited after a release in a way its stores open from, as Apple allows
        // the shipping model to be edited: a note, its advice for the next change.
        let asAllowed = migration?.opensAsTheShippingModelEdited ?? false
        return Finding(
            ruleID: descriptor.id, severity: asAllowed ? .note : .warning,
            // A schema's shape changes with the classes it lists, written in it or not.
            // Edits in several commits are reported together: the first and the last are named,
            // and what is said of the first commit (`the commit that changed ...`) stays by it.
            message: (edit.commit.map { first in
                let named = "\(version.displayName) \(version.format == .swiftData ? "changed" : "was edited") in \(first.id) (\(first.date))"
                guard let last = edit.lastCommit else { return named + ", \(when)" }
                let later = "in later commits up to \(last.id) (\(last.date))"
                return when.hasPrefix("the commit that") ? "\(named), \(when), and \(later)" : "\(named) and \(later), \(when)"
            }
                ?? "\(version.displayName) \(version.format == .swiftData ? "is changed" : "is edited") in the working tree, not yet committed, \(when)")
                + ": \(shown); \(consequence)",
            location: version.location, model: version.model, baseline: nil, version: version.label, path: nil,
            notes: (entry.location.map { [Finding.Note(copy, at: $0)] } ?? []) + (migration?.notes ?? []),
            suggestions: asAllowed ? [Self.nextChangeInANewVersion(version), "\(shipped), or to record what did, \(record)"] : [
                edit.afterAppVersionChange == nil && version.format == .swiftData
                    ? "give \(version.displayName) the classes as they were \(edit.successorAdded.map { edit.copiedBeforeSuccessor ? "before \($0.id)" : "at \($0.id)" } ?? "at HEAD") (copies nested in it, with the stored properties they had then), and make the change in a later schema"
                    : edit.afterAppVersionChange == nil
                    ? "restore \(version.displayName) as it was (from version control) and make the change in a new version"
                    : "if no release has shipped the edit yet, restore \(version.displayName) as it was (from version control) and make the change in a new version; if one has, restoring it in place would strand the stores made since: add it back, as it was, as a version of its own ordered before it",
                "\(shipped), or to record what did, \(record)",
            ]
        )
    }

    /// A pattern for the tags named like `tag`: its text before the version number, then `*`
    /// (`ios-v*` for `ios-v2.14.3`); nil when no number follows a prefix.
    static func glob(naming tag: String) -> String? {
        guard let digit = tag.firstIndex(where: \.isNumber), digit > tag.startIndex else { return nil }
        return tag[..<digit] + "*"
    }

    /// The first three changes, and how many more (counted as changes: after "removed attribute
    /// `file`", "and 16 more" would read as 16 more removals).
    static func summary(_ changes: [String]) -> String {
        let more = changes.count - 3
        return changes.prefix(3).joined(separator: "; ") + (more > 0 ? "; and \(more) more change\(more == 1 ? "" : "s")" : "")
    }

    /// What the released copy and the working tree's version differ in, one line per change as
    /// `schemalint diff` says it (`Note: added attribute `x` (string)`).
    ///
    /// A SwiftData copy was read from a revision's model files alone, where a property's Codable
    /// type declared elsewhere reads as transformable: such a type against a composite is no
    /// change.
    package static func changes(from copy: ModelVersion, to version: ModelVersion, hashedOnly: Bool = false) -> [String] {
        let storedTypesUnread = copy.format == .swiftData
        var copy = copy
        copy.usesCloudKit = version.usesCloudKit
        // A SwiftData schema has no configurations: the reader makes them from the code that
        // opens the store, which is no part of the version.
        if version.format == .swiftData { copy.takeSyncSettings(of: version) }
        // A delete rule is what the app does when it deletes an object, not what its store or
        // CloudKit holds (no part of the version hash): people's stores match either file. So is a
        // default value, which only a synced store's later versions compare
        // (`attribute-default-changed`): the app as released keeps the default it was built with.
        // A transformer reads the bytes the store holds whatever its class (no part of the hash
        // either), so switching one migrates nothing. `hashedOnly` leaves out all the hash does
        // not cover: what a store made by the copy still opens with.
        var unseen: Set<Change.Kind> = version.usesCloudKit ? [.relationshipDeleteRuleChanged, .attributeTransformerChanged] : [.relationshipDeleteRuleChanged, .attributeDefaultChanged, .attributeTransformerChanged]
        if hashedOnly { unseen.formUnion(outsideTheVersionHash) }
        let unread: Set<AttributeType> = [.transformable, .composite]
        // A renaming identifier is no part of the hash either: stores of the copy match a version
        // that differs from it in identifiers alone, and only a migration pairs by them.
        let kept = ModelDiffer(pairsByIdentifier: !hashedOnly).changes(from: copy, to: version).filter { change in
            guard !unseen.contains(change.kind), !(change.isReidentified && change.old == nil) else { return false }
            // A synced default counts where it changes what apps create, as `attribute-default-changed`
            // judges it: a SwiftData initializer that sets the property creates what it always did.
            if change.kind == .attributeDefaultChanged, let old = change.old?.attribute, let new = change.new?.attribute,
               Attribute.changedCreation(from: old, to: new) == nil { return false }
            guard storedTypesUnread, change.kind == .attributeTypeChanged, let old = change.old?.attribute?.type, let new = change.new?.attribute?.type else { return true }
            return !(unread.contains(old) && unread.contains(new))
        }
        // What the stores record comes first: a message shows the first few.
        let ordered = kept.filter { !outsideTheVersionHash.contains($0.kind) } + kept.filter { outsideTheVersionHash.contains($0.kind) }
        return ordered.map { change in
            (change.path.member == nil ? "" : change.path.entity + ": ") + Changelog.describe(change)
        }
    }

    /// The changes the version hash does not cover: DOMAIN.md lists what it covers (names, parent,
    /// abstractness, types, optionality, transience, destinations, cardinality, the modifier), and
    /// these are none of that. An entity's uniqueness constraints are part of its hash (Apple's
    /// `NSEntityDescription.uniquenessConstraints`: "This value forms part of the entity's
    /// version hash"), so a store made before a constraint changed no longer matches.
    static let outsideTheVersionHash: Set<Change.Kind> = [
        .entitySyncChanged, .attributeDefaultChanged, .attributeTransformerChanged,
        .attributeCloudEncryptionChanged, .relationshipInverseChanged, .relationshipDeleteRuleChanged,
    ]

    private func severity(_ version: ModelVersion?) -> Severity {
        (version?.usesCloudKit ?? false ? descriptor.syncedSeverity : descriptor.localSeverity) ?? .error
    }
}

extension VersionLock.Entry {
    /// Read from a `schemalint.lock` file, rather than taken from a git revision (`--against`).
    var isFromLockFile: Bool { location.map { $0.file.hasSuffix(VersionLock.fileName) } ?? true }
}

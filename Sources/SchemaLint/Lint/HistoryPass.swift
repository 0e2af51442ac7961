import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// Lints one history in a single walk, oldest to newest:
/// 1. each version against its baseline (change rules), and with a compatibility window against
///    the earlier releases too, through the per-element history instead of re-diffing them;
/// 2. each version on its own (version rules), reporting only problems its baseline did not have;
/// 3. the whole history (history rules), from what the walk computed.
struct HistoryPass {
    let history: ModelHistory
    let catalog: RuleCatalog
    let options: LintOptions
    /// What the run's code says that decides what a change does.
    var code = ChangeCodeFacts()
    /// `StoreCodeFacts.handRunMigrations` of the run.
    var handRunMigrations: [SourceLocation] = []
    /// `HistoryContext.otherBundleVersions`.
    var otherBundleVersions: [ModelVersion] = []

    func run() -> [Finding] {
        let versions = history.versions
        let dispatch = catalog.rulesByKind
        // Identities are needed to check against older releases, and to follow renames for the
        // migration-path check of local stores; a synced history linted `previous` needs neither.
        let tracksElements = options.compatibility != .previous || versions.contains { !$0.usesCloudKit }
        var elements = ElementHistory()
        var steps: [HistoryContext.Step] = []
        var findings: [Finding] = []
        var lastRelease: Int?
        var baselineKeys: Set<String> = []
        /// The keys of the entity rules' findings in the last release, by entity (those of entities
        /// it shared with its own baseline included).
        var baselineEntityKeys: [String: [String]] = [:]
        let entityRules = catalog.versionRules.compactMap { $0 as? any EntityVersionRule }
        let otherVersionRules = catalog.versionRules.filter { !($0 is any EntityVersionRule) }
        /// For each element, its problems with older releases as of the last release (compatibility windows).
        var outstanding: [Int: Set<String>] = [:]
        let supersededBy = Dictionary(uniqueKeysWithValues: catalog.versionRules.map { ($0.descriptor.id, $0.supersededBy) })

        for (index, version) in versions.enumerated() {
            var changes: [Change] = []
            var changeFindings: [Finding] = []
            if let baselineIndex = lastRelease {
                let comparison = Comparison(
                    baseline: versions[baselineIndex], version: version, changes: ModelDiffer().changes(from: versions[baselineIndex], to: version),
                    code: code
                )
                changes = comparison.changes
                var core = comparison.findings(by: dispatch)
                let prepared = code.preparesWithSourceModel.map {
                    WrittenMigration(preparingStoresOf: history.model, from: versions[baselineIndex].displayName, to: version.displayName, at: $0)
                }
                if let migration = history.writtenMigration(from: versions[baselineIndex], to: version) ?? prepared {
                    core = WrittenMigrationVerdict.apply(migration, to: core, in: comparison)
                }
                Linter.addContainerAdvice(to: &core, comparison)
                steps.append(HistoryContext.Step(baseline: baselineIndex, version: index, changes: changes, findings: core))
                changeFindings = core
                if options.compatibility != .previous {
                    // A problem with an older release that the element already had in the last release
                    // (it changed since, but not in the way that matters here) was reported there.
                    let identities = Self.identities(of: changes, in: elements)
                    let older = windowFindings(version, changes: changes, elements: elements, dispatch: dispatch)
                    let olderKeys = older.map { Self.key($0.finding, against: $0.definition, versions[$0.baseline]) }
                    let fresh = zip(older, olderKeys).filter { !(outstanding[$0.0.element]?.contains($0.1) ?? false) }.map(\.0)
                    if version.isReleased {
                        var now: [Int: Set<String>] = [:]
                        for finding in core {
                            guard let id = finding.path.flatMap({ identities[$0] }), let current = elements.records[id].definitions.last else { continue }
                            now[id, default: []].insert(Self.key(finding, against: current.start, versions[baselineIndex]))
                        }
                        for (item, key) in zip(older, olderKeys) { now[item.element, default: []].insert(key) }
                        for id in Set(identities.values) { outstanding[id] = now[id] ?? [] }
                    }
                    changeFindings = Self.merge(core.map { ($0, baselineIndex) } + fresh.map { ($0.finding, $0.baseline) }, versions: versions)
                }
            }

            // An entity unchanged since a baseline whose findings it would repeat is not checked again.
            let shared = lastRelease.map { versions[$0] }.flatMap { $0.releaseTag == nil ? $0 : nil }
            let (entityFindings, entityKeys) = Self.entityRuleFindings(entityRules, in: version, sharedWith: shared, keys: baselineEntityKeys)
            let own = otherVersionRules.flatMap { $0.check(version) } + entityFindings
            let superseded = Set(changeFindings.map { "\($0.ruleID) \($0.path?.description ?? "")" })
            findings += changeFindings
            findings += own.filter { finding in
                !baselineKeys.contains(finding.dedupKey)
                    && !(supersededBy[finding.ruleID] ?? []).contains { superseded.contains("\($0) \(finding.path?.description ?? "")") }
            }

            if version.isReleased {
                if tracksElements { elements.record(version, at: index, changes: changes) }
                lastRelease = index
                // A release read at a git tag is never reported in, so the next version reports its problems itself.
                baselineKeys = version.releaseTag == nil ? Set(own.map(\.dedupKey) + entityKeys.values.joined()) : []
                baselineEntityKeys = entityKeys
            }
        }

        let context = HistoryContext(
            history: history, steps: steps, elements: tracksElements ? elements : nil,
            lock: options.lock.map { $0.entries.filter { $0.history.map { $0 == history.key } ?? ($0.model == history.model) } }, catalog: catalog,
            productionSchema: options.productionSchemas[history.model], unreadReleases: options.unreadReleases,
            comparesEditedInPlaceWithNewestRelease: options.comparesEditedInPlaceWithNewestRelease,
            unmatchedReleaseTags: options.unmatchedReleaseTags, shippedBeforePlan: history.key.flatMap { options.shippedBeforePlans[$0] },
            code: code, handRunMigrations: handRunMigrations, otherBundleVersions: otherBundleVersions
        )
        var replaced: Set<String> = []
        for rule in catalog.historyRules {
            let found = rule.check(context)
            for finding in found {
                for other in rule.supersedes { replaced.insert("\(other) \(finding.version) \(finding.path?.description ?? "")") }
            }
            findings += found
        }
        var kept = findings.filter { !replaced.contains("\($0.ruleID) \($0.version) \($0.path?.description ?? "")") }
        if let production = context.productionSchema {
            // Nothing to deploy for what production already has.
            let byLabel = Dictionary(versions.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
            kept.removeAll { finding in byLabel[finding.version].map { ElementAddedRule.isDeployed(finding, of: $0, in: production) } ?? false }
        }
        for step in steps where OneChangeOneFinding.gathers(step.findings) {
            let comparison = Comparison(baseline: versions[step.baseline], version: versions[step.version], changes: step.changes, code: code)
            kept = OneChangeOneFinding.perStep(kept, comparison)
        }
        let stepRules = Set(catalog.changeRules.map(\.descriptor.id) + catalog.versionRules.map(\.descriptor.id) + [MigrationAtLaunchRule().descriptor.id])
        return Self.withoutTaggedReleases(Self.oncePerDraftChange(kept, of: versions), of: versions, keeping: stepRules)
    }

    /// One finding per change that several drafts share. Every draft is checked against the same
    /// last release, so an edit made in the first draft and kept in the next ones would be
    /// reported once per draft, though it is one change the coming release makes. The first draft
    /// that has it keeps the finding, with a note naming the later ones; a change that differs
    /// between drafts (another type, another message) stays a finding of its own. The migration
    /// each draft would run at launch is one reminder too, whatever the draft adds.
    static func oncePerDraftChange(_ findings: [Finding], of versions: [ModelVersion]) -> [Finding] {
        let drafts = versions.filter { !$0.isReleased }.map(\.label)
        guard drafts.count > 1 else { return findings }
        let order = Dictionary(drafts.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let migrationAtLaunch = MigrationAtLaunchRule().descriptor.id
        func key(_ finding: Finding) -> String? {
            guard order[finding.version] != nil, let baseline = finding.baseline else { return nil }
            let message = finding.ruleID == migrationAtLaunch ? "" : finding.message.replacingOccurrences(of: finding.version, with: "\u{0}")
            return [finding.ruleID, "\(finding.severity)", baseline, finding.path?.description ?? "", message].joined(separator: "\u{1}")
        }
        var groups: [String: [Int]] = [:]
        for (index, finding) in findings.enumerated() {
            if let key = key(finding) { groups[key, default: []].append(index) }
        }
        var dropped = Set<Int>()
        var result = findings
        for members in groups.values where members.count > 1 {
            let sorted = members.sorted { order[findings[$0].version]! < order[findings[$1].version]! }
            let later = sorted.dropFirst().map { findings[$0].version }
            let names = later.count <= 3 ? later.map { "'\($0)'" }.joined(separator: ", ") : "'\(later[0])' to '\(later[later.count - 1])'"
            result[sorted[0]].notes.append(Finding.Note("the same in \(later.count) later draft\(later.count == 1 ? "" : "s") (\(names)), each checked against '\(findings[sorted[0]].baseline!)'"))
            dropped.formUnion(sorted.dropFirst())
        }
        guard !dropped.isEmpty else { return findings }
        return result.indices.filter { !dropped.contains($0) }.map { result[$0] }
    }

    /// The findings of the entity rules in `version`, about the synced entities that are not the
    /// same as in `baseline` (the last release, when its own findings are the ones to leave out),
    /// and the keys of every synced entity's findings: computed, or the baseline's (`keys`) for an
    /// entity with the same members and constraints, synced in both, whose findings are the same.
    static func entityRuleFindings(
        _ rules: [any EntityVersionRule], in version: ModelVersion, sharedWith baseline: ModelVersion?, keys: [String: [String]]
    ) -> (findings: [Finding], keys: [String: [String]]) {
        var changed: [Int] = []
        var entityKeys: [String: [String]] = [:]
        for index in version.entities.indices {
            // By index, not by a copy of each entity: this runs for every entity of every version.
            let name = version.entities[index].name
            guard version.isSynced(entity: name) else { continue }
            if let baseline, baseline.isSynced(entity: name), let before = baseline.index(ofEntity: name),
               baseline.entities[before].memberStorage == version.entities[index].memberStorage,
               baseline.entities[before].uniquenessConstraints == version.entities[index].uniquenessConstraints {
                entityKeys[name] = keys[name] ?? []
            } else {
                changed.append(index)
                entityKeys[name] = []
            }
        }
        var findings: [Finding] = []
        for rule in rules {
            for index in changed {
                let found = rule.check(version.entities[index], in: version)
                entityKeys[version.entities[index].name]! += found.map(\.dedupKey)
                findings += found
            }
        }
        return (findings, entityKeys)
    }

    /// The findings not located in a release read at a git tag (`--history git`), but those of
    /// `stepRules` about the step into it: such a release shipped as it is and its file is history,
    /// so whole-history checks report only what the working tree does, while the step between two
    /// releases is counted as shipped (and listed with `--all-steps`), as a bundle's are.
    static func withoutTaggedReleases(_ findings: [Finding], of versions: [ModelVersion], keeping stepRules: Set<String>) -> [Finding] {
        let tagged = Set(versions.filter { $0.releaseTag != nil }.map(\.file))
        guard !tagged.isEmpty else { return findings }
        return findings.filter { !tagged.contains($0.location.file) || stepRules.contains($0.ruleID) }
    }

    /// The changed elements of `version` checked against their definitions in the releases of the
    /// compatibility window other than the baseline (the baseline's are checked by the core pass).
    /// Elements unchanged since the baseline need no check: any problem they have with an older
    /// release, the baseline had too, and it was reported there.
    private func windowFindings(
        _ version: ModelVersion, changes: [Change], elements: ElementHistory, dispatch: [Change.Kind: [any ChangeRule]]
    ) -> [(finding: Finding, baseline: Int, element: Int, definition: Int)] {
        let versions = history.versions
        let releases = elements.released.count
        let windowStart = options.compatibility.releaseCount.map { max(0, releases - $0) } ?? 0
        let renamedBack = Dictionary(changes.filter { $0.kind == .entityRenamed }.map { ($0.path.entity, ($0.oldPath ?? $0.path).entity) }, uniquingKeysWith: { first, _ in first })
        var result: [(finding: Finding, baseline: Int, element: Int, definition: Int)] = []
        for change in changes {
            guard let old = change.old, let new = change.new, !(old.isTransient && new.isTransient),
                  let id = elements.identity(of: ElementKey(old, at: change.oldPath ?? change.path)),
                  let newEntity = version.entity(named: change.path.entity)
            else { continue }
            for definition in elements.records[id].definitions.dropLast() where (definition.end ?? .max) >= windowStart {
                var ordinal = max(definition.start, windowStart)
                if !versions[elements.released[ordinal]].containsEntity(named: definition.entity) { ordinal = definition.start }
                let baselineIndex = elements.released[ordinal]
                let baseline = versions[baselineIndex]
                guard let oldEntity = baseline.entity(named: definition.entity) else { continue }
                // A destination renamed between the two releases is the same entity.
                var renamed: [String: String] = [:]
                if let before = definition.element.relationship, let after = new.relationship, before.destination != after.destination,
                   let destination = elements.identity(of: ElementKey(.entity, renamedBack[after.destination] ?? after.destination)),
                   elements.key(of: destination, atOrdinal: ordinal) == ElementKey(.entity, before.destination) {
                    renamed[before.destination] = after.destination
                }
                let elementChanges = ModelDiffer().changes(
                    from: definition.element, in: oldEntity, of: baseline,
                    to: new, in: newEntity, of: version, renamedEntities: renamed
                )
                guard !elementChanges.isEmpty else { continue }
                let comparison = Comparison(baseline: baseline, version: version, changes: elementChanges, code: code)
                result += comparison.findings(by: dispatch).map { ($0, baselineIndex, id, definition.start) }
            }
        }
        return result
    }

    /// The identity (in the last release) of each element the changes modify, by its path in the newer version.
    static func identities(of changes: [Change], in elements: ElementHistory) -> [ElementPath: Int] {
        var result: [ElementPath: Int] = [:]
        for change in changes {
            guard let old = change.old, change.new != nil, let id = elements.identity(of: ElementKey(old, at: change.oldPath ?? change.path)) else { continue }
            result[change.path] = id
        }
        return result
    }

    /// What makes a finding against an older definition of an element (by the released ordinal
    /// where that definition appeared) the same problem in a later version. The release compared
    /// with may be any of those that had the definition, so its name is left out of the message.
    static func key(_ finding: Finding, against definition: Int, _ baseline: ModelVersion) -> String {
        "\(finding.ruleID)|\(definition)|\(blanking(baseline.displayName, in: finding.message))"
    }

    /// `text` with each occurrence of `name` (left to right, not overlapping) replaced by a NUL.
    /// Byte by byte: Foundation's `replacingOccurrences` goes through `NSString` on Linux and took a
    /// sixth of a `transitive` lint of 2,000 versions, which makes a key for every finding against
    /// an older release.
    static func blanking(_ name: String, in text: String) -> String {
        let pattern = Array(name.utf8)
        guard let first = pattern.first else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var copied = 0
        var index = 0
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: bytes[copied..<index])
                result.append(0)
                index += pattern.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return text }
        result.append(contentsOf: bytes[copied...])
        return String(decoding: result, as: UTF8.self)
    }

    /// One finding per rule and element: the one against the oldest release, with a note naming
    /// the other releases it was found against too.
    static func merge(_ findings: [(Finding, Int)], versions: [ModelVersion]) -> [Finding] {
        var order: [String] = []
        var groups: [String: [(Finding, Int)]] = [:]
        for (finding, baseline) in findings {
            let key = "\(finding.ruleID) \(finding.path?.description ?? finding.location.description)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((finding, baseline))
        }
        return order.map { key in
            let group = groups[key]!.sorted { $0.1 < $1.1 }
            var kept = group[0].0
            let others = Array(Set(group.dropFirst().map(\.1).filter { $0 != group[0].1 })).sorted()
            if !others.isEmpty {
                let names = others.map { versions[$0].displayName }.joined(separator: ", ")
                kept.notes.append(Finding.Note("found against \(names) as well"))
            }
            return kept
        }
    }
}

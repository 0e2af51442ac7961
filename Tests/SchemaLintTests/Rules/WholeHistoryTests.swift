import Testing
@testable import SchemaLint
@testable import SchemaLintRules

/// Compatibility windows, whole-history rules, and single-version rules reported once.
@Suite struct WholeHistoryTests {
    static func model(_ version: Int, _ attributes: String, cloudkit: Bool = false, released: Bool = true) -> String {
        "model: M\nversion: \(version)\nreleased: \(released)\ncloudkit: \(cloudkit)\nentities:\n  Note:\n    attributes:\n"
            + attributes.split(separator: "\n").map { "      \($0)\n" }.joined()
    }

    /// Which rules reported in which versions; the migration-at-launch notes (one per local step
    /// that changes a version hash) are left out, as these tests are about other rules.
    static func rules(_ findings: [Finding]) -> [String] {
        findings.filter { $0.ruleID != "migration-at-launch" }.map { "\($0.version):\($0.ruleID)" }.sorted()
    }

    // MARK: Compatibility windows

    /// Optional -> required with a default -> the default removed: each step is fine for a local
    /// store, but stores of version 1 have empty values that version 3 requires.
    static let requiredByStages = [
        Self.model(1, "score: int16"),
        Self.model(2, "score: {type: int16, optional: false, default: 0}"),
        Self.model(3, "score: {type: int16, optional: false}"),
    ]

    @Test func previousPassesWhereTransitiveFails() throws {
        let previous = try Lint.result(Self.requiredByStages, compatibility: .previous).findings
        #expect(!previous.contains { $0.ruleID == "attribute-required-without-default" })
        let transitive = try Lint.result(Self.requiredByStages, compatibility: .transitive).findings
        let hit = try #require(transitive.first { $0.ruleID == "attribute-required-without-default" })
        #expect(hit.version == "3")
        #expect(hit.baseline == "1", "the finding names the release it breaks")
        #expect(hit.message == "attribute 'Note.score' became required with no default; lightweight migration fails at the first stored object that has no value for it")
        #expect(hit.notes.first?.message == "'Note.score' as declared in version 1")
    }

    @Test func windowsReachBackAsFarAsTheyAreWide() throws {
        let history = Self.requiredByStages + [Self.model(4, "score: {type: int16, optional: false}\nbody: string")]
        let wide = try Lint.result(history, compatibility: .window(2)).findings
        #expect(wide.contains { $0.ruleID == "attribute-required-without-default" && $0.version == "3" })
        // Version 4 changes nothing about score, so nothing new is reported there.
        #expect(!wide.contains { $0.ruleID == "attribute-required-without-default" && $0.version == "4" })
        // A later change of score, with version 1 out of a window of 2, is checked only against 2 and 3.
        let later = Self.requiredByStages + [Self.model(4, "score: {type: int16, optional: false, default: 5}"), Self.model(5, "score: {type: int16, optional: false}")]
        let narrow = try Lint.result(later, compatibility: .window(2)).findings.filter { $0.version == "5" && $0.ruleID == "attribute-required-without-default" }
        #expect(narrow.isEmpty, "\(narrow.map(\.message))")
        let all = try Lint.result(later, compatibility: .transitive).findings.filter { $0.version == "5" && $0.ruleID == "attribute-required-without-default" }
        #expect(all.map(\.baseline) == ["1"])
    }

    @Test func oneFindingPerElementNamingTheOldestRelease() throws {
        let history = [
            Self.model(1, "color: int16", cloudkit: true),
            Self.model(2, "color: string", cloudkit: true),
            Self.model(3, "color: date", cloudkit: true),
        ]
        let findings = try Lint.result(history, compatibility: .transitive).findings.filter { $0.version == "3" }
        let typeChanges = findings.filter { $0.ruleID == "attribute-type-changed" }
        #expect(typeChanges.count == 1)
        #expect(typeChanges.first?.baseline == "1")
        #expect(typeChanges.first?.message.hasPrefix("attribute 'Note.color' changed type from int16 to date;") == true)
        #expect(typeChanges.first?.notes.contains { $0.message == "found against version 2 as well" } == true)
        // The default mode reports the step only.
        let previous = try Lint.result(history).findings.filter { $0.version == "3" && $0.ruleID == "attribute-type-changed" }
        #expect(previous.map(\.baseline) == ["2"])
    }

    /// An element that changes again in a way unrelated to an older problem does not bring the
    /// older problem back: it was reported where it appeared.
    @Test func olderProblemsAreNotReportedAgainWhenAnotherPropertyChanges() throws {
        let history = [
            Self.model(1, "score: int16"),
            Self.model(2, "score: {type: int16, optional: false, default: 0}"),
            Self.model(3, "score: {type: int16, optional: false}"),
            Self.model(4, "score: {type: int16, optional: false, allowsCloudEncryption: true}"),
            Self.model(5, "score: {type: int16, optional: false}"),
        ]
        let hits = try Lint.result(history, compatibility: .transitive).findings.filter { $0.ruleID == "attribute-required-without-default" }
        #expect(hits.map(\.version) == ["3"])
    }

    @Test func renamesAreFollowedAcrossReleases() throws {
        // Renamed in 2 (reported there), type changed in 3: against version 1 it is the same element.
        let history = [
            Self.model(1, "count: int16"),
            Self.model(2, "total: {type: int16, renamedFrom: count}"),
            Self.model(3, "total: {type: string, renamedFrom: count}"),
        ]
        let findings = try Lint.result(history, compatibility: .transitive).findings.filter { $0.ruleID == "attribute-type-changed" }
        #expect(findings.count == 1)
        #expect(findings.first?.baseline == "1")
        #expect(findings.first?.notes.first?.message == "'Note.count' as declared in version 1")
    }

    @Test func draftsAreCheckedButNeverRemembered() throws {
        let history = [
            Self.model(1, "score: int16"),
            Self.model(2, "score: {type: int16, optional: false, default: 0}"),
            Self.model(3, "score: string", released: false),
            Self.model(4, "score: {type: int16, optional: false}"),
        ]
        let findings = try Lint.result(history, compatibility: .transitive).findings
        #expect(findings.contains { $0.version == "3" && $0.ruleID == "attribute-type-changed" })
        #expect(findings.contains { $0.version == "4" && $0.ruleID == "attribute-required-without-default" && $0.baseline == "1" })
        #expect(!findings.contains { $0.version == "4" && $0.ruleID == "attribute-type-changed" }, "the draft is no baseline")
    }

    @Test func compatibilityArguments() {
        #expect(Compatibility(argument: "previous") == .previous)
        #expect(Compatibility(argument: "transitive") == .transitive)
        #expect(Compatibility(argument: "window:3") == .window(3))
        #expect(Compatibility(argument: "window:1") == .previous)
        #expect(Compatibility(argument: "window:0") == nil)
        #expect(Compatibility(argument: "window:") == nil)
        #expect(Compatibility(argument: "window:x") == nil)
        #expect(Compatibility(argument: "all") == nil)
    }

    // MARK: name-reused

    @Test func aNameComingBackWithAnotherTypeIsFoundHoweverFarApart() throws {
        var history = [Self.model(1, "title: string\ncolor: int16", cloudkit: true), Self.model(2, "title: string", cloudkit: true)]
        for version in 3...9 {
            let attributes = "title: string\nv\(version): string"
            history.append(Self.model(version, attributes, cloudkit: true))
        }
        history.append(Self.model(10, "title: string\ncolor: string", cloudkit: true))
        for compatibility in [Compatibility.previous, .transitive] {
            let hits = try Lint.result(history, compatibility: compatibility).findings.filter { $0.ruleID == "name-reused" }
            #expect(hits.count == 1)
            #expect(hits.first?.version == "10")
            #expect(!(try Lint.result(history, compatibility: compatibility).findings.contains { $0.ruleID == "element-added" && $0.version == "10" && $0.path?.member == "color" }), "one finding for the re-added name")
            #expect(hits.first?.message == "attribute 'Note.color' comes back in version 10 as an attribute of type string, but it was an attribute of type int16 until version 2 removed it; the CloudKit production schema keeps CD_color as it was for all time, and apps still on version 1 keep writing it")
        }
    }

    @Test func aRenamedAwayNameCountsAsVacated() throws {
        let history = [
            Self.model(1, "color: int16", cloudkit: true),
            Self.model(2, "hue: {type: int16, renamedFrom: color}", cloudkit: true),
            Self.model(3, "hue: {type: int16, renamedFrom: color}\ncolor: string", cloudkit: true),
        ]
        #expect(try Lint.result(history).findings.contains { $0.ruleID == "name-reused" && $0.version == "3" })
    }

    // MARK: migration-path-not-inferable

    @Test func renameChainsNeedAStagedMigration() throws {
        let history = [
            Self.model(1, "title: string"),
            Self.model(2, "heading: {type: string, renamedFrom: title}"),
            Self.model(3, "headline: {type: string, renamedFrom: heading}"),
        ]
        let previous = try Lint.result(history).findings.filter { $0.severity == .error && $0.ruleID != "migration-path-not-inferable" }
        #expect(previous.isEmpty, "every step is lightweight")
        let hit = try #require(try Lint.result(history).findings.first { $0.ruleID == "migration-path-not-inferable" })
        #expect(hit.version == "3")
        #expect(hit.message.hasPrefix("stores of version 1 cannot migrate to version 3 in one lightweight migration"))
        #expect(hit.notes.map(\.message) == ["attribute 'Note.title' of version 1 is 'Note.headline' in version 3 through a chain of renames, but no renaming identifier in version 3 names 'title': migrating straight from version 1 drops its data"])
        #expect(hit.suggestions == ["migrate in stages with NSStagedMigrationManager (iOS 17): version 1 -> version 2 -> version 3, each a lightweight stage; before iOS 17, open the store's own version (from its metadata) and migrate one version at a time with NSMigrationManager, each step with its mapping model or NSMappingModel.inferredMappingModel(forSourceModel:destinationModel:)"])
    }

    /// A long path is written by its ends: every version between is a stage, in order.
    @Test func aLongStagedPathIsWrittenByItsEnds() {
        let advice = ModelVocabulary(.xcode).stagesThrough((1...8).map { "v\($0)" })
        #expect(advice.hasPrefix("migrate in stages with NSStagedMigrationManager (iOS 17): v1 -> v2 -> ... -> v8 (each of the 8 versions in order), each a lightweight stage; before iOS 17,"), "\(advice)")
        #expect(ModelVocabulary(.xcode).stagesThrough(["v1", "v2", "v3"]).contains(": v1 -> v2 -> v3, each"))
    }

    @Test func aHistoryMigratedStepByStepHasNoJumps() throws {
        // A SwiftData plan with a stage for every step: stores go through each version in turn.
        let history = [
            Self.model(1, "title: string"),
            Self.model(2, "heading: {type: string, renamedFrom: title}"),
            Self.model(3, "headline: {type: string, renamedFrom: heading}"),
        ]
        let versions = try Lint.versions(history).map { version in
            var version = version
            version.migratesStepByStep = true
            return version
        }
        let findings = Linter().lint(try ModelHistory.histories(of: versions)).findings
        #expect(!findings.contains { $0.ruleID == "migration-path-not-inferable" })
        #expect(findings.filter { $0.severity == .error }.isEmpty)
    }

    /// The jump from an older release is judged by the same conversion table as each step: a type
    /// that only ever changed between numeric types and Boolean migrates in one go.
    @Test func numericTypeChangesOnThePathMigrateInOneGo() throws {
        let widened = [Self.model(1, "count: int16"), Self.model(2, "count: int32"), Self.model(3, "count: int64")]
        let findings = try Lint.result(widened).findings
        #expect(Self.rules(findings) == ["2:attribute-type-widened", "3:attribute-type-widened"])
        let mixed = [Self.model(1, "count: int64"), Self.model(2, "count: double"), Self.model(3, "count: boolean")]
        #expect(Self.rules(try Lint.result(mixed).findings) == ["2:attribute-type-narrowed", "3:attribute-type-narrowed"])
        // A name that comes back with a numeric type is a numeric conversion for stores of version 1.
        let returned = [Self.model(1, "count: int16"), Self.model(2, "title: string"), Self.model(3, "count: double")]
        #expect(!(try Lint.result(returned).findings.contains { $0.ruleID == "migration-path-not-inferable" }))
    }

    @Test func aNameBackWithAnIncompatibleTypeBlocksTheJump() throws {
        let history = [Self.model(1, "mood: string"), Self.model(2, "title: string"), Self.model(3, "mood: int16")]
        let findings = try Lint.result(history).findings
        #expect(!findings.contains { $0.severity == .error && $0.ruleID != "migration-path-not-inferable" }, "removing and adding are lightweight")
        let hit = try #require(findings.first { $0.ruleID == "migration-path-not-inferable" })
        #expect(hit.version == "3")
        #expect(hit.message.hasPrefix("stores of version 1 cannot migrate to version 3 in one lightweight migration"))
        #expect(hit.notes.map(\.message) == ["attribute 'Note.mood' changed type from string to int16; lightweight migration converts only between numeric and Boolean types, so it cannot infer this change and opening a store of version 1 fails"])
    }

    // MARK: Single-version rules

    /// Each test reads its files twice: on their own, and sharing the entities written the same
    /// way, as a load of a folder does (the linter then checks only the entities that changed).
    static let entitySharing = [false, true]

    @Test(arguments: entitySharing) func inheritedProblemsAreReportedOnceWhereTheyAppear(sharing: Bool) throws {
        let entity = "model: M\nversion: %d\ncloudkit: true\nentities:\n  Tag:\n    attributes:\n      name: string\n    uniqueness: [[name]]\n"
        var history = (1...3).map { String(format: entity, $0) }
        history.append(String(format: entity, 4) + "  Label:\n    attributes:\n      name: string\n    uniqueness: [[name]]\n")
        let hits = try Lint.result(history, entities: sharing ? EntityTextCache() : nil).findings.filter { $0.ruleID == "cloudkit-unique-constraint" }
        #expect(hits.map { "\($0.version) \($0.path!)" } == ["1 Tag", "4 Label"])
    }

    @Test(arguments: entitySharing) func aProblemFixedAndReintroducedIsReportedAgain(sharing: Bool) throws {
        let history = [Self.model(1, "ref: objectID", cloudkit: true), Self.model(2, "ref: uuid", cloudkit: true), Self.model(3, "ref: objectID", cloudkit: true)]
        let hits = try Lint.result(history, entities: sharing ? EntityTextCache() : nil).findings.filter { $0.ruleID == "cloudkit-unsupported-type" }
        #expect(hits.map(\.version) == ["1", "3"])
    }

    /// An entity shared by versions 1 to 3 is checked in version 1 only; when it changes in version 4
    /// (a member added), its old problem is still the one version 1 reported, so it is not reported
    /// again, and the new member's problem is. A release read at a git tag reports nothing, so the
    /// version after it reports what it has.
    @Test(arguments: entitySharing) func aSharedEntityKeepsItsProblemsUntilItChanges(sharing: Bool) throws {
        let file = { (version: Int, extra: String) in
            "model: M\nversion: \(version)\ncloudkit: true\nentities:\n  Note:\n    attributes:\n      ref: objectID\n\(extra)"
        }
        let history = [file(1, ""), file(2, ""), file(3, ""), file(4, "      link: undefined\n")]
        let hits = try Lint.result(history, entities: sharing ? EntityTextCache() : nil).findings.filter { $0.ruleID == "cloudkit-unsupported-type" }
        #expect(hits.map { "\($0.version) \($0.path!)" } == ["1 Note.ref", "4 Note.link"])

        var versions = try Lint.versions(history, entities: sharing ? EntityTextCache() : nil)
        versions[1].releaseTag = "v2"
        let afterTag = Linter().lint(try ModelHistory.histories(of: versions)).findings.filter { $0.ruleID == "cloudkit-unsupported-type" }
        #expect(afterTag.map { "\($0.version) \($0.path!)" } == ["1 Note.ref", "3 Note.ref", "4 Note.link"])
    }

    @Test func recordFieldLimitWarnsAbove200AndCountsTheTree() throws {
        let attributes = (1...101).map { "f\($0): binary" }.joined(separator: ", ")
        let file = "model: M\nversion: 1\ncloudkit: true\nentities:\n  Item: {attributes: {a: int16}}\n  Blob: {parent: Item, attributes: {\(attributes)}}\n"
        let hit = try #require(try Lint.result([file]).findings.first { $0.ruleID == "cloudkit-record-field-limit" })
        #expect(hit.severity == .warning)
        #expect(hit.message.hasPrefix("record type CD_Item (the 2 entities of its inheritance tree) has 204 fields: 102 attributes, 101 _ckAsset companions of string, binary and transformable attributes, 0 to-one relationships and CD_entityName;"))
    }

    @Test func theChangeRuleSupersedesTheVersionRuleForRequiredAttributes() throws {
        let history = [Self.model(1, "title: string", cloudkit: true), Self.model(2, "title: string\npriority: {type: int16, optional: false}", cloudkit: true)]
        let findings = try Lint.result(history).findings
        #expect(Self.rules(findings) == ["2:attribute-required-without-default"])
    }
}

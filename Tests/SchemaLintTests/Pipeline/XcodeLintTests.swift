import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// Linting real bundles: the same findings through import -> YAML as directly, declared renames
/// seen as renames, and declared CloudKit sync checked as synced.
@Suite struct XcodeLintTests {
    static let needsCorpus: Comment = "needs ../shared/corpus/xcdatamodeld beside the project"

    /// What a finding says, without where it is written (YAML and XML put it on other lines).
    struct Essence: Hashable, CustomStringConvertible {
        var rule: String
        var severity: Severity
        var element: String
        var versions: String
        var description: String { "\(rule) \(severity) \(element) \(versions)" }

        init(_ finding: Finding) {
            rule = finding.ruleID
            severity = finding.severity
            element = finding.path?.description ?? ""
            versions = "\(finding.baseline ?? "-") -> \(finding.version)"
        }
    }

    static func lint(_ paths: [String], cloudKit: Bool) -> LintResult? {
        switch LintPipeline().run(.init(paths: paths, declaresCloudKit: cloudKit)) {
        case .success(let output): return output.result
        case .failure(let problems):
            Issue.record("does not load: \(problems.description)")
            return nil
        }
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, needsCorpus), arguments: XcodeCorpusTests.manifest)
    func importedYAMLLintsLikeTheBundle(entry: XcodeCorpusTests.Entry) throws {
        guard let direct = Self.lint([entry.path], cloudKit: entry.cloudKit) else { return }
        let folder = try TemporaryFolder()
        let importer = BundleImporter(options: XcodeBundleOptions(cloudKit: entry.cloudKit))
        let files = try importer.files(for: entry.path, into: folder.path)
        #expect(files.count == entry.versions)
        try importer.write(files, force: false)
        guard let imported = Self.lint([folder.path], cloudKit: false) else { return }
        // Checks of the bundle itself (its current version, legacy versions) and of the mapping
        // models beside it have no YAML counterpart.
        let bundleRules = Set(RuleCatalog.standard.bundleRules.map(\.descriptor.id) + RuleCatalog.standard.mappingModelRules.map(\.descriptor.id))
        let fromBundle = direct.findings.filter { !bundleRules.contains($0.ruleID) }.map(Essence.init)
        let fromYAML = imported.findings.map(Essence.init)
        #expect(Set(fromYAML) == Set(fromBundle))
        #expect(fromYAML.count == fromBundle.count)
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, needsCorpus))
    func declaredRenamesThroughElementIDAreRenames() throws {
        let path = (XcodeCorpusTests.corpus as NSString).appendingPathComponent("BLeeEZ__amperfy/AmperfyKit/Storage/ManagedObjects/Amperfy.xcdatamodeld")
        let bundle = try XcodeBundleLoader.load(path)
        let v11 = try #require(bundle.versions.first { $0.label == "Amperfy v11" })
        let v12 = try #require(bundle.versions.first { $0.label == "Amperfy v12" })
        let changes = ModelDiffer().changes(from: v11, to: v12)
        let rename = try #require(changes.first { $0.kind == .attributeRenamed && $0.path == ElementPath(entity: "AbstractPlayable", member: "remoteDuration") })
        #expect(rename.oldPath == ElementPath(entity: "AbstractPlayable", member: "duration"))
        #expect(!changes.contains { $0.kind == .attributeRemoved && $0.path.member == "duration" && $0.path.entity == "AbstractPlayable" })
        #expect(!changes.contains { $0.kind == .attributeAdded && $0.path.member == "remoteDuration" && $0.path.entity == "AbstractPlayable" })
        // In later versions the identifier stays, naming a name the previous version no longer has: no rename.
        let v13 = try #require(bundle.versions.first { $0.label == "Amperfy v13" })
        #expect(!ModelDiffer().changes(from: v12, to: v13).contains { $0.kind == .attributeRenamed && $0.path.member == "remoteDuration" })
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, needsCorpus), arguments: XcodeCorpusTests.manifest.filter(\.cloudKit))
    func bundlesDeclaredSyncedAreCheckedAsSynced(entry: XcodeCorpusTests.Entry) throws {
        let loaded = ModelLoader(declaresCloudKit: true).load(paths: [entry.path])
        #expect(loaded.errors.isEmpty)
        #expect(!loaded.versions.isEmpty && loaded.versions.allSatisfy(\.usesCloudKit))
        let histories = try ModelHistory.histories(of: loaded.versions)
        let result = Linter().lint(histories)
        let catalog = RuleCatalog.standard.descriptorsByID
        for finding in result.findings {
            #expect(finding.severity == catalog[finding.ruleID]?.syncedSeverity, "\(finding.ruleID) in \(entry.testDescription)")
        }
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, needsCorpus))
    func aBundleIsItsOwnHistoryEvenWhenAnotherHasTheSameName() throws {
        let loaded = ModelLoader().load(paths: [XcodeCorpusTests.corpus])
        #expect(loaded.errors.isEmpty)
        let histories = try ModelHistory.histories(of: loaded.versions)
        #expect(histories.count == XcodeCorpusTests.manifest.count)
        #expect(histories.filter { $0.model == "Model" }.count > 1)
    }

    /// Property-level `versionHashModifier` is part of the version hash; real bundles use it.
    @Test(.enabled(if: XcodeCorpusTests.exists, needsCorpus))
    func attributeVersionHashModifiersAreRead() throws {
        let path = (XcodeCorpusTests.corpus as NSString).appendingPathComponent("wireapp__wire-ios-data-model/Resources/zmessaging.xcdatamodeld")
        let bundle = try XcodeBundleLoader.load(path)
        let modified = bundle.versions.last!.entities.flatMap(\.attributes).filter { $0.versionHashModifier != nil }
        #expect(!modified.isEmpty)
        let yaml = ModelYAMLWriter.render(bundle.versions.last!)
        #expect(yaml.contains("versionHashModifier: "))
    }
}

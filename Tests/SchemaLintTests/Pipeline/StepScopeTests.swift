import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// What a run lists by default: the steps a coming release takes. Steps that shipped are counted
/// in the summary, and `steps: .all` (`--all-steps`) lists them.
@Suite struct StepScopeTests {
    /// A synced history in which every version removes one attribute of `Note`, an error each:
    /// version k lacks attribute ak-1 (version 1 has a1 ... a4).
    static func version(_ number: Int, released: Bool = true) -> String {
        let attributes = (number...4).map { "a\($0): {type: string, optional: true}" }.joined(separator: ", ")
        return "model: Notes\nversion: \(number)\n\(released ? "" : "released: false\n")cloudkit: true\nentities:\n  Note:\n    attributes: {\(attributes)}\n"
    }

    static func lint(_ folder: TemporaryFolder, steps: StepScope? = nil) throws -> LintResult {
        var options = LintPipeline.Options(paths: [folder.path + "/models"])
        options.steps = steps
        switch LintPipeline().run(options) {
        case .success(let output): return output.result
        case .failure(let problems): throw problems
        }
    }

    /// The versions whose steps were listed, by the removals reported.
    static func listedVersions(_ result: LintResult) -> [String] {
        result.findings.filter { $0.ruleID == "attribute-removed" }.map(\.version)
    }

    /// A whole-history finding about versions that shipped is no step's: a synced field removed
    /// at version 2 and back with another type at version 3 is listed by default, while the
    /// removal's own step (shipped) is counted.
    @Test func aWholeHistoryFindingOnShippedVersionsIsListed() throws {
        let folder = try TemporaryFolder()
        let attributes = ["color: {type: string, optional: true}", "", "color: {type: int64, optional: true}", "color: {type: int64, optional: true}, title: {type: string, optional: true}"]
        for (index, attribute) in attributes.enumerated() {
            let body = attribute.isEmpty ? "body: {type: string, optional: true}" : "body: {type: string, optional: true}, \(attribute)"
            try folder.write("model: Notes\nversion: \(index + 1)\ncloudkit: true\nentities:\n  Note:\n    attributes: {\(body)}\n", to: "models/v\(index + 1).yaml")
        }
        let result = try Self.lint(folder)
        #expect(result.findings.contains { $0.ruleID == "name-reused" && $0.severity == .error }, "\(result.findings.map(\.message))")
        #expect(!result.findings.contains { $0.ruleID == "attribute-removed" }, "\(result.findings.map(\.message))")
        #expect(result.shippedHistory.errors >= 1)
    }

    @Test func withoutARecordOfWhatShippedOnlyTheNewestStepIsListed() throws {
        let folder = try TemporaryFolder()
        for number in 1...4 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        let result = try Self.lint(folder)
        #expect(Self.listedVersions(result) == ["4"])
        #expect(result.shippedHistory.errors == 2 && result.shippedHistory.warnings == 0 && result.shippedHistory.notes == 0)
        // Nothing records what shipped: the sentence says the earlier steps are only taken as shipped.
        #expect(result.shippedHistory.assumed)
        #expect(TextReporter.summary(result) == "1 error in 4 versions of 1 model; not listed: 2 errors in earlier steps, taken as shipped (no lock or release tag in the history of HEAD records what did; --all-steps lists them)")

        let all = try Self.lint(folder, steps: .all)
        #expect(Self.listedVersions(all) == ["2", "3", "4"])
        #expect(all.shippedHistory.isEmpty)
        #expect(TextReporter.summary(all) == "3 errors in 4 versions of 1 model")
    }

    /// The step that turned sync on is a step like another: once it shipped, it is counted.
    @Test func syncTurnedOnInAStepThatShippedIsCounted() throws {
        let folder = try TemporaryFolder()
        for number in 1...3 {
            let attributes = (1...number).map { "a\($0): {type: string, optional: true}" }.joined(separator: ", ")
            try folder.write("model: Notes\nversion: \(number)\ncloudkit: \(number > 1)\nentities:\n  Note:\n    attributes: {\(attributes)}\n", to: "models/v\(number).yaml")
        }
        let result = try Self.lint(folder)
        #expect(!result.findings.contains { $0.ruleID == "cloudkit-sync-started" }, "\(result.findings.map(\.message))")
        #expect(result.shippedHistory.warnings == 1)
        let all = try Self.lint(folder, steps: .all)
        #expect(all.findings.filter { $0.ruleID == "cloudkit-sync-started" }.map(\.version) == ["2"])
    }

    /// Tags that all miss the release-tag pattern are the likely reason nothing records what
    /// shipped: the sentence names the newest and the pattern.
    @Test func tagsThatMissThePatternAreNamedInTheSentence() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        for number in 1...3 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        try repository.commit("three versions")
        try repository.tag("release")
        try folder.write(Self.version(4), to: "models/v4.yaml")
        try repository.commit("a fourth")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("taken as shipped (no lock records what did, and the tags in the history of HEAD (the newest: `release`) do not match the release-tag pattern `v* [0-9]*.*`: give yours with `--history-tags`; --all-steps lists them)"), "\(run.stdout)")
    }

    /// A model added after the newest release: no release tag holds a version of it, so its
    /// earlier steps reached no one, which the sentence says rather than "taken as shipped".
    @Test func aModelTheNewestReleaseHasNoVersionOfIsSaidToBeUnreleased() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("An app before its model.\n", to: "README.md")
        try repository.commit("first release")
        try repository.tag("v1.0")
        for number in 1...3 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        try repository.commit("a model")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.stdout.contains("in earlier steps of a model no release has yet (the newest release tag, v1.0, holds no version of it; --all-steps lists them)"), "\(run.stdout)")
        #expect(!run.stdout.contains("taken as shipped"), "\(run.stdout)")

        // A release that shipped another model (SwiftData classes this run does not match to
        // the YAML model) is no release without models: nothing is said of what it shipped.
        let other = try TemporaryFolder()
        var otherRepository = try GitRepository(at: other.path)
        try other.write("import SwiftData\n\n@Model final class Entry { var title = \"\"; init() {} }\n", to: "Old/Entry.swift")
        try otherRepository.commit("the old model")
        try otherRepository.tag("v1.0")
        for number in 1...3 { try other.write(Self.version(number), to: "models/v\(number).yaml") }
        try otherRepository.commit("a model")
        let shipped = try Executable.run(["--no-color", "models"], in: other.url)
        #expect(shipped.stdout.contains("taken as shipped") && !shipped.stdout.contains("no release has yet"), "\(shipped.stdout)")
        // Nor does it say that no tag records releases: one does, of something else.
        #expect(shipped.stdout.contains("taken as shipped (the newest release tag, v1.0, holds no version of the model; --all-steps lists them)"), "\(shipped.stdout)")
    }

    @Test func aDraftAndTheNewestReleaseAreListed() throws {
        let folder = try TemporaryFolder()
        for number in 1...3 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        try folder.write(Self.version(4, released: false), to: "models/v4.yaml")
        #expect(Self.listedVersions(try Self.lint(folder)) == ["3", "4"])
    }

    /// The lock records versions 1 and 2 as released: the steps into 3 and 4 are coming.
    @Test func versionsAfterTheLockedOnesAreListed() throws {
        let folder = try TemporaryFolder()
        for number in 1...2 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        #expect(try Executable.run(["lock", "models"], in: folder.url).status == 0)
        for number in 3...4 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        let result = try Self.lint(folder)
        #expect(Self.listedVersions(result) == ["3", "4"])
        #expect(result.shippedHistory == ShippedHistory(errors: 1))

        // A released version changed since it shipped is reported, however old: it protects the
        // coming release.
        try folder.write(Self.version(1).replacingOccurrences(of: "a1: {type: string, optional: true}", with: "a1: {type: int16, optional: true}"), to: "models/v1.yaml")
        let modified = try Self.lint(folder)
        #expect(modified.findings.contains { $0.ruleID == "released-version-modified" && $0.version == "1" })
    }

    /// A check of one version finds in the newest what the next release still ships, though
    /// the lock says every version shipped and the problem is reported in the first version that
    /// had it: it is listed, where the newest version has it (an older one is frozen), with a note
    /// of the first. A problem the newest version no longer has is shipped history.
    @Test func whatAVersionCheckFindsInTheNewestVersionIsListed() throws {
        let folder = try TemporaryFolder()
        for number in 1...3 {
            let links = number < 3 ? "      links: {destination: Tag, toMany: true}\n" : ""
            try folder.write(
                "model: Notes\nversion: \(number)\ncloudkit: true\nentities:\n  Note:\n    attributes:\n      a: {type: string, optional: true}\n"
                    + "    relationships:\n      tags: {destination: Tag, toMany: true}\n\(links)  Tag:\n    attributes:\n      name: {type: string, optional: true}\n",
                to: "models/v\(number).yaml"
            )
        }
        #expect(try Executable.run(["lock", "models"], in: folder.url).status == 0)
        let missing = try Self.lint(folder).findings.filter { $0.ruleID == "cloudkit-missing-inverse" }
        #expect(missing.map(\.version) == ["3"] && missing.allSatisfy { $0.message.contains("'Note.tags'") }, "\(missing)")
        #expect(missing.first?.location.file.hasSuffix("v3.yaml") ?? false, "\(missing)")
        #expect(missing.first?.notes.map(\.message) == ["first in version 1; the versions since kept it"], "\(missing)")
        #expect(missing.first?.notes.first?.location?.file.hasSuffix("v1.yaml") ?? false, "\(missing)")
        let all = try Self.lint(folder, steps: .all).findings.filter { $0.ruleID == "cloudkit-missing-inverse" }
        #expect(all.count == 2 && all.contains { $0.message.contains("'Note.links'") } && all.allSatisfy { $0.version == "1" }, "\(all)")
    }

    /// Steps an Xcode bundle took before its current version shipped; the step into the current
    /// version and into a draft after it are listed.
    @Test func aBundleListsTheStepsIntoItsCurrentVersionAndItsDrafts() throws {
        let folder = try TemporaryFolder()
        let names = ["Model", "Model 2", "Model 3", "Model 4"]
        for (index, name) in names.enumerated() {
            let attributes = ((index + 1)...4).map { #"        <attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }.joined(separator: "\n")
            try folder.write(XcodeFixtures.contents("    <entity name=\"Note\">\n\(attributes)\n    </entity>", cloudKit: true), to: "models/Model.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model 3"), to: "models/Model.xcdatamodeld/.xccurrentversion")
        let result = try Self.lint(folder)
        #expect(Self.listedVersions(result) == ["Model 3", "Model 4"])
        #expect(result.shippedHistory.errors == 1)
    }

    /// Every draft is checked against the last release: a removal the first draft made and the
    /// next ones kept is one finding, on the first draft, naming the others; a change only a later
    /// draft makes is its own.
    @Test func aChangeSeveralDraftsShareIsOneFinding() throws {
        let folder = try TemporaryFolder()
        let attributes = ["Model": ["a1", "a2"], "Model 2": ["a1", "a2"], "Model 3": ["a2"], "Model 4": ["a2", "b"], "Model 5": ["b"]]
        for (name, names) in attributes {
            let declared = names.map { #"        <attribute name="\#($0)" optional="YES" attributeType="String"/>"# }.joined(separator: "\n")
            try folder.write(XcodeFixtures.contents("    <entity name=\"Note\">\n\(declared)\n    </entity>", cloudKit: true), to: "models/Model.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model 2"), to: "models/Model.xcdatamodeld/.xccurrentversion")
        let removals = try Self.lint(folder).findings.filter { $0.ruleID == "attribute-removed" }
        #expect(removals.map { "\($0.version) \($0.path?.description ?? "")" } == ["Model 3 Note.a1", "Model 5 Note.a2"])
        #expect(removals.first?.notes.map(\.message).contains("the same in 2 later drafts ('Model 4', 'Model 5'), each checked against 'Model 2'") == true)
        #expect(removals.last?.notes.contains { $0.message.hasPrefix("the same in") } == false)
    }

    /// `--compatibility transitive` checks the coming version against every earlier one, and
    /// what only that finds is about the coming version: listed under the default scope, where
    /// the step from version 1 to 2 is not (examples/journal: `mood` is optional in 1, and
    /// required with no default in 3).
    @Test func aTransitiveFindingAboutTheComingVersionIsListed() throws {
        var options = LintPipeline.Options(paths: [Executable.packageRoot.appendingPathComponent("examples/journal").path])
        options.compatibility = .transitive
        guard case .success(let output) = LintPipeline().run(options) else { Issue.record("does not load"); return }
        let required = output.result.findings.filter { $0.ruleID == "attribute-required-without-default" }
        #expect(required.map { "\($0.baseline ?? "") \($0.version) \($0.path?.description ?? "")" } == ["1 3 Entry.mood"])
        #expect(!output.result.findings.contains { $0.version == "2" }, "\(output.result.findings.map(\.message))")
        options.compatibility = .previous
        guard case .success(let previous) = LintPipeline().run(options) else { Issue.record("does not load"); return }
        #expect(!previous.result.findings.contains { $0.ruleID == "attribute-required-without-default" })
    }

    /// Every report that has a summary carries what was counted and not listed; with nothing left
    /// out, none says anything about it.
    @Test func everyReportWithASummarySaysWhatWasNotListed() throws {
        let folder = try TemporaryFolder()
        for number in 1...4 { try folder.write(Self.version(number), to: "models/v\(number).yaml") }
        let result = try Self.lint(folder)
        let sentence = "not listed: 2 errors in earlier steps, taken as shipped (no lock or release tag in the history of HEAD records what did; --all-steps lists them)"
        #expect(result.shippedHistory.sentence == sentence)

        let sarif = try JSONSerialization.jsonObject(with: Data(SARIFReporter(toolVersion: "1").render(result).utf8)) as? [String: Any]
        let run = (sarif?["runs"] as? [[String: Any]])?.first
        #expect(((run?["properties"] as? [String: Any])?["notListed"] as? NSDictionary) == ["errors": 2, "warnings": 0, "notes": 0, "takenAsShipped": true, "message": sentence] as NSDictionary)
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().render(result).utf8)) as? [String: Any]
        #expect(((json?["summary"] as? [String: Any])?["notListed"] as? NSDictionary) == ["errors": 2, "warnings": 0, "notes": 0, "takenAsShipped": true, "message": sentence] as NSDictionary)
        #expect(MarkdownReporter().render(result).hasPrefix("**schemalint**: 1 error, 0 warnings, 0 notes in 1 model (4 versions); \(sentence).\n"))
        #expect(JUnitReporter().render(result).contains("<property name=\"not-listed\" value=\"\(sentence)\"/>"))
        #expect(GitHubReporter().render(result).hasSuffix("::notice title=schemalint::\(sentence)\n"))

        // The reports with no summary list the coming findings alone, as the others do.
        let gitLab = try JSONSerialization.jsonObject(with: Data(GitLabReporter().render(result).utf8)) as? [[String: Any]]
        #expect(gitLab?.count == result.findings.count && result.count(of: .error) == 1, "\(String(describing: gitLab))")
        #expect(CheckstyleReporter().render(result).components(separatedBy: "<error ").count - 1 == result.findings.count)

        let all = try Self.lint(folder, steps: .all)
        #expect(all.shippedHistory.sentence == nil)
        #expect(all.count(of: .error) == 3)
        let allGitLab = try JSONSerialization.jsonObject(with: Data(GitLabReporter().render(all).utf8)) as? [[String: Any]]
        #expect(allGitLab?.count == all.findings.count && (allGitLab?.count ?? 0) > (gitLab?.count ?? 0))
        #expect(CheckstyleReporter().render(all).components(separatedBy: "<error ").count - 1 == all.findings.count)
        let allSARIF = try JSONSerialization.jsonObject(with: Data(SARIFReporter(toolVersion: "1").render(all).utf8)) as? [String: Any]
        #expect((allSARIF?["runs"] as? [[String: Any]])?.first?["properties"] == nil)
        #expect(!MarkdownReporter().render(all).contains("not listed"))
        #expect(!JUnitReporter().render(all).contains("not-listed"))
        #expect(!GitHubReporter().render(all).contains("::notice title=schemalint::"))
    }
}

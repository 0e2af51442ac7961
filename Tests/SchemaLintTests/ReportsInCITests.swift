import Foundation
import Testing
@testable import SchemaLint

/// The reports as CI systems consume them, through the built executable (issue 14): the JUnit
/// dashboard agrees with the exit status, input errors still produce every report, report files are
/// replaced, and a report never replaces a file the user owns.
@Suite struct ReportsInCITests {
    /// A local history whose only finding is a warning (a changed parent entity).
    static func warningOnlyHistory() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("model: M\nversion: 1\nentities:\n  Base: {}\n  Note: {}\n", to: "m/v1.yaml")
        try folder.write("model: M\nversion: 2\nentities:\n  Base: {}\n  Note: {parent: Base}\n", to: "m/v2.yaml")
        return folder
    }

    static func read(_ folder: TemporaryFolder, _ file: String) throws -> String {
        try String(contentsOfFile: folder.path + "/" + file, encoding: .utf8)
    }

    /// docs/ci.md: the dashboard turns red exactly when the build fails, with --strict and fail-on too.
    @Test func junitFailsExactlyWhenTheRunFails() throws {
        let folder = try Self.warningOnlyHistory()
        let plain = try Executable.run(["m", "--report", "junit=plain.xml"], in: folder.url)
        #expect(plain.status == 0)
        let plainXML = try ParsedXML.parse(try Self.read(folder, "plain.xml"))
        #expect(plainXML.all("testsuite").first?.attributes["failures"] == "0")
        #expect(plainXML.all("failure").isEmpty)

        let strict = try Executable.run(["m", "--strict", "--report", "junit=strict.xml"], in: folder.url)
        #expect(strict.status == 1)
        let strictXML = try ParsedXML.parse(try Self.read(folder, "strict.xml"))
        #expect(strictXML.all("testsuite").first?.attributes["failures"] == "1")
        let failure = try #require(strictXML.all("failure").first)
        #expect(failure.attributes["type"] == "warning")
        #expect(failure.text.contains("m/v2.yaml:5:18: warning: entity 'Note' changed its parent from none to 'Base'"))

        try folder.write("fail-on: warning\n", to: ".schemalint.yml")
        let configured = try Executable.run(["m", "--report", "junit=configured.xml"], in: folder.url)
        #expect(configured.status == 1)
        #expect(try ParsedXML.parse(try Self.read(folder, "configured.xml")).all("testsuite").first?.attributes["failures"] == "1")
    }
}

extension ReportsInCITests {
    /// The executable's JUnit on every example, strict and not, against both schemas (defect 5).
    @Test(arguments: [[], ["--strict"]])
    func junitOfTheExamplesPassesBothSchemas(extra: [String]) throws {
        let run = try Executable.run(["examples", "--format", "junit"] + extra)
        #expect(run.status == 1)
        let tree = try #require(JUnitSchemas.tree(try ParsedXML.parse(run.stdout)))
        #expect(JUnitSchemas.strictAntViolations(tree) == [])
        #expect(JUnitSchemas.jenkinsViolations(tree) == [])
    }
}

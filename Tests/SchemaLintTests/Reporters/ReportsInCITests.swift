import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

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

extension ReportsInCITests {
    static let unparseable = "model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: {type: string, optional: maybe}\n"
    static let unparseableMessage = "'optional' of attribute 'Note.title' must be true or false, found 'maybe'"

    /// Input errors (exit 2) still write every requested report, so CI can upload them (defect 3):
    /// an annotation for GitHub, a SARIF result, a Code Quality issue, a failing JUnit test.
    @Test func inputErrorsStillWriteEveryReport() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unparseable, to: "m/v1.yaml")
        let run = try Executable.run(
            ["m", "--format", "github", "--report", "sarif=out/schemalint.sarif", "--report", "gitlab=gl.json", "--report", "junit=junit.xml", "--report", "json=report.json"],
            in: folder.url
        )
        #expect(run.status == 2)
        #expect(run.stderr == "m/v1.yaml:6:39: error: \(Self.unparseableMessage)\n")
        #expect(run.stdout == "::error file=m/v1.yaml,line=6,col=39,title=input-error::\(Self.unparseableMessage)\n")

        let sarifText = try Self.read(folder, "out/schemalint.sarif")
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(sarifText.utf8)) as? [String: Any])
        let sarifRun = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect((sarifRun["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
        let result = try #require((sarifRun["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "input-error")
        #expect(result["level"] as? String == "error")
        let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 6)
        #expect(region?["startColumn"] as? Int == 39)
        if SARIFSchema.isPresent, SARIFSchema.canValidate {
            let validation = try SARIFSchema.validate(sarifText)
            #expect(validation.status == 0, "\(validation.output)")
        }

        let gitlab = try #require(try JSONSerialization.jsonObject(with: Data(try Self.read(folder, "gl.json").utf8)) as? [[String: Any]])
        #expect(gitlab.count == 1)
        #expect(gitlab.first?["check_name"] as? String == "input-error")
        #expect(gitlab.first?["severity"] as? String == "critical")
        #expect(((gitlab.first?["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int == 6)

        // As docs/json-format.md describes it.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try Self.read(folder, "report.json").utf8)) as? [String: Any])
        #expect((json["summary"] as? NSDictionary) == ["errors": 1, "warnings": 0, "notes": 0, "models": 0, "versions": 0, "notListed": ["errors": 0, "warnings": 0, "notes": 0, "takenAsShipped": false], "skippedModelBundles": 0, "inputWarnings": 0] as NSDictionary)
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "input-error")
        #expect(finding["file"] as? String == "m/v1.yaml")
        #expect(finding["line"] as? Int == 6 && finding["column"] as? Int == 39)
        #expect(finding["model"] as? String == "" && finding["version"] as? String == "" && finding["element"] == nil)

        let junit = try ParsedXML.parse(try Self.read(folder, "junit.xml"))
        #expect(junit.all("testsuite").first?.attributes["failures"] == "1")
        #expect(junit.all("testcase").first { $0.attributes["name"] == "input-error" }?.attributes["classname"] == "m/v1.yaml")
    }

    /// A problem with no line (a folder without models) is an annotation on the file alone.
    @Test func anInputErrorWithoutALineIsAnnotatedOnItsPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a model", to: "docs/readme.txt")
        let run = try Executable.run(["docs", "--format", "github", "--report", "sarif=schemalint.sarif"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "::error file=docs,title=input-error::no model files (*.yaml, *.yml, *.xcdatamodeld or *.xcdatamodel) and no Swift sources in this folder\n")
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(try Self.read(folder, "schemalint.sarif").utf8)) as? [String: Any])
        let result = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "docs")
        // No line is known; code scanning shows only results with one, so the whole file's line 1.
        #expect((location["region"] as? NSDictionary) == ["startLine": 1, "endLine": 1] as NSDictionary)
        #expect(GitHubCodeScanning.problems(sarif, sourceRoot: folder.url.resolvingSymlinksInPath().path).filter { !$0.hasPrefix("originalUriBaseIds") } == [])
    }

    /// Reports are outputs the user asked for: a second run replaces them, atomically (defect 4).
    @Test func reportFilesAreReplaced() throws {
        let folder = try Self.warningOnlyHistory()
        try folder.write("stale\n", to: "junit.xml")
        try folder.write("stale\n", to: "report.sarif")
        for _ in 0..<2 {
            let run = try Executable.run(["m", "--strict", "--report", "junit=junit.xml", "--output", "report.sarif", "--format", "sarif"], in: folder.url)
            #expect(run.status == 1)
            #expect(run.stderr == "")
        }
        #expect(try Self.read(folder, "junit.xml").hasPrefix("<?xml"))
        #expect(try Self.read(folder, "report.sarif").hasPrefix("{"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [], "no temporary files are left behind")
    }

    /// ... but never a file the user owns: a model, the configuration, the lock, the baseline.
    @Test(arguments: ["m/v1.yaml", "./m/v2.yaml", ".schemalint.yml", "m/schemalint.lock", "baseline.json"])
    func aReportNeverReplacesAnInputOfTheRun(target: String) throws {
        let folder = try Self.warningOnlyHistory()
        try folder.write("rules: {}\n", to: ".schemalint.yml")
        #expect(try Executable.run(["lock", "m"], in: folder.url).status == 0)
        #expect(try Executable.run(["m", "--write-baseline", "baseline.json"], in: folder.url).status == 0)
        let before = try Self.read(folder, target)
        let run = try Executable.run(["m", "--baseline", "baseline.json", "--report", "json=\(target)"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "\(target): error: is an input of this run (a model, configuration, lock or baseline file); a report never replaces it\n")
        #expect(try Self.read(folder, target) == before)
    }
}

extension ReportsInCITests {
    /// A link to an input is the input: the report would replace the file it points at.
    @Test func aReportNeverReplacesAnInputThroughALink() throws {
        let folder = try Self.warningOnlyHistory()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.yaml", withDestinationPath: folder.path + "/m/v1.yaml")
        let before = try Self.read(folder, "m/v1.yaml")
        let linked = try Executable.run(["m", "--report", "json=link.yaml"], in: folder.url)
        #expect(linked.status == 2)
        #expect(linked.stderr == "link.yaml: error: is an input of this run (a model, configuration, lock or baseline file); a report never replaces it\n")
        #expect(try Self.read(folder, "m/v1.yaml") == before)
    }

    /// An input error without a line is placed at its path alone, never at `path:0:0`.
    @Test func reportsOfAnInputErrorWithoutALineNameOnlyThePath() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a model", to: "docs/readme.txt")
        let run = try Executable.run(["docs", "--output", "report.txt", "--report", "junit=junit.xml", "--report", "markdown=report.md"], in: folder.url)
        #expect(run.status == 2)
        let message = "no model files (*.yaml, *.yml, *.xcdatamodeld or *.xcdatamodel) and no Swift sources in this folder"
        #expect(try Self.read(folder, "report.txt") == "docs: error: \(message) [input-error]\n1 error in 0 versions of 0 models\n")
        #expect(try ParsedXML.parse(try Self.read(folder, "junit.xml")).all("failure").first?.text == "docs: error: \(message) [input-error]")
        #expect(try Self.read(folder, "report.md").contains("| error | docs | input-error |"))
    }
}

extension ReportsInCITests {
    /// JUnit's `timestamp` is when the run happened (`SOURCE_DATE_EPOCH` stands for it) and
    /// `hostname` the machine's name, as `hostname` prints it.
    @Test func junitSaysWhenAndWhereTheRunHappened() throws {
        let run = try Executable.run(["examples/clean", "--format", "junit"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        let suite = try #require(try ParsedXML.parse(run.stdout).all("testsuite").first)
        #expect(suite.attributes["timestamp"] == "2026-11-18T11:06:40")
        let hostname = try Executable.runProgram("/bin/sh", ["-c", "hostname"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if !hostname.isEmpty { #expect(suite.attributes["hostname"] == hostname) }
    }
}

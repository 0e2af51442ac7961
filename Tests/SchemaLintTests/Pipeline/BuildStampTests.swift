import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// `schemalint lint --stamp FILE`, the declared output of the build-tool plugin: written after a run
/// that passes, removed after one that does not, never written over or in place of another file.
@Suite struct BuildStampTests {
    @Test func aPassingRunWritesTheStampWithItsSummary() throws {
        let folder = try TemporaryFolder()
        let stamp = (folder.path as NSString).appendingPathComponent("plugin/schemalint-stamp.swift")
        let run = try Executable.run(["examples/clean", "--stamp", stamp])
        #expect(run.status == 0, "\(run.stderr)")
        // examples/clean passes; the reminder to deploy its additions shipped (README, docs/ci.md).
        let summary = "no problems in 2 versions of 1 model; not listed: 1 note in steps that shipped (--all-steps lists them)"
        #expect(run.stdout.hasSuffix(summary + "\n"))
        let text = try String(contentsOfFile: stamp, encoding: .utf8)
        #expect(text == "// Written by schemalint --stamp: the models linted passed.\n// \(summary)\n")
        #expect(text == BuildStamp.text(summary: summary))
    }

    @Test func aFailingRunRemovesTheStamp() throws {
        let folder = try TemporaryFolder()
        let stamp = (folder.path as NSString).appendingPathComponent("schemalint-stamp.swift")
        #expect(try Executable.run(["examples/clean", "--stamp", stamp]).status == 0)
        #expect(FileManager.default.fileExists(atPath: stamp))
        // examples/notes has errors (exit 1).
        let failing = try Executable.run(["examples/notes", "--stamp", stamp])
        #expect(failing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp))

        #expect(try Executable.run(["examples/clean", "--stamp", stamp]).status == 0)
        // A path that does not exist stops the run before any rule (exit 2).
        let unreadable = try Executable.run(["examples/no-such-folder", "--stamp", stamp])
        #expect(unreadable.status == 2)
        #expect(!FileManager.default.fileExists(atPath: stamp))
    }

    @Test func anotherFileIsNeitherReplacedNorRemoved() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("public let answer = 42\n", to: "Answer.swift")
        let passing = try Executable.run(["examples/clean", "--stamp", file])
        #expect(passing.status == 2)
        #expect(passing.stderr.contains("\(file): error: is not a schemalint stamp"), "\(passing.stderr)")
        let failing = try Executable.run(["examples/notes", "--stamp", file])
        #expect(failing.status == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "public let answer = 42\n")
    }

    @Test func anInputOfTheRunIsRefused() throws {
        let model = Executable.packageRoot.appendingPathComponent("examples/clean/v2.yaml").path
        let before = try Data(contentsOf: URL(fileURLWithPath: model))
        let run = try Executable.run(["examples/clean", "--stamp", "examples/clean/v2.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("examples/clean/v2.yaml: error: is an input of this run"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: model)) == before)
    }

    /// A run that records a baseline writes no report: asking for one is refused, not ignored.
    @Test(arguments: [["--output", "report.txt"], ["--report", "json=report.json"], ["--format", "sarif"]])
    func aBaselineRunRefusesAReportItWouldNotWrite(_ report: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(WorkflowTests.v1, to: "models/v1.yaml")
        let run = try Executable.run(["models", "--write-baseline", "baseline.json"] + report, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--write-baseline records findings and writes no report"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("baseline.json").path))
    }

    @Test func aBaselineRunTakesNoStamp() throws {
        let run = try Executable.run(["examples/clean", "--stamp", "stamp.swift", "--write-baseline", "baseline.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--stamp records a run that passed"), "\(run.stderr)")
    }
}

import Foundation
import Testing
@testable import SchemaLint
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every report format, from the built executable on the examples.
@Suite struct ReportFormatsOnExamplesTests {
    @Test(
        .enabled(if: SARIFSchema.isPresent, "SARIF schema not found at <project>/../shared/schemas/sarif-schema-2.1.0.json"),
        .enabled(if: SARIFSchema.canValidate, "python3 cannot import jsonschema: run `python3 -m pip install jsonschema`")
    )
    func sarifOfTheExamplesValidates() throws {
        let run = try Executable.run(["examples", "--format", "sarif"])
        #expect(run.status == 1)
        let validation = try SARIFSchema.validate(run.stdout)
        #expect(validation.status == 0, "SARIF of the examples does not validate:\n\(validation.output)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let text = try Executable.run(["examples"]).stdout
        #expect(results.count == text.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: ") }.count)
    }

    /// GitHub workflow commands: one line per finding, the documented grammar, nothing unescaped.
    @Test func githubLinesFollowTheWorkflowCommandGrammar() throws {
        let run = try Executable.run(["examples", "--format", "github"])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.range(of: #"^::(error|warning|notice) file=[^,:\r\n]+,line=\d+,col=\d+,title=[^,:\r\n]+::[^\r\n]*$"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test(arguments: ["gitlab", "json"])
    func jsonFormatsParse(format: String) throws {
        let run = try Executable.run(["examples", "--format", format])
        #expect(run.status == 1)
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(format) output is not JSON")
    }

    @Test(arguments: ["junit", "checkstyle"])
    func xmlFormatsAreWellFormed(format: String) throws {
        let run = try Executable.run(["examples", "--format", format])
        #expect(run.status == 1)
        let parser = XMLParser(data: Data(run.stdout.utf8))
        #expect(parser.parse(), "\(format) output is not well-formed XML: \(String(describing: parser.parserError))")
    }

    @Test func markdownIsATable() throws {
        let run = try Executable.run(["examples", "--format", "markdown"])
        #expect(run.stdout.contains("| Severity | Location | Rule | Message |"))
    }
}

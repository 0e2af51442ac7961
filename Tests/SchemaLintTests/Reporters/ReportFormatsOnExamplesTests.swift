import Foundation
import Testing
@testable import SchemaLint
#if canImport(FoundationXML)
import FoundationXML
import SchemaLintTestSupport
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
        #expect(GitHubCodeScanning.problems(log, sourceRoot: Executable.packageRoot.path) == [])
    }

    /// Paths as given (`..`, absolute) become the same normalized URIs against `%SRCROOT%`.
    @Test(arguments: ["examples/../examples/notes", "./examples/notes", Executable.packageRoot.path + "/examples/notes"])
    func sarifURIsAreNormalized(path: String) throws {
        let run = try Executable.run([path, "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(GitHubCodeScanning.problems(log, sourceRoot: Executable.packageRoot.path) == [])
        let uris = Set(GitHubCodeScanning.artifactLocations(log).compactMap { $0["uri"] as? String })
        #expect(uris == ["examples/notes/v2.yaml", "examples/notes/v3.yaml", "examples/notes/v4.yaml"])
    }

    /// Code scanning follows an alert by `primaryLocationLineHash`: schemalint puts the finding's
    /// identity there, so the alert survives its line moving.
    @Test func primaryLocationLineHashSurvivesLineMoves() throws {
        let folder = try TemporaryFolder()
        try folder.write(WorkflowTests.v1, to: "models/v1.yaml")
        try folder.write(WorkflowTests.v2, to: "models/v2.yaml")
        func hashesAndLines() throws -> [(String, Int)] {
            let run = try Executable.run(["models", "--format", "sarif"], in: folder.url)
            let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return GitHubCodeScanning.results(log).map { result in
                let hash = (result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String ?? ""
                let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
                return (hash, region?["startLine"] as? Int ?? 0)
            }
        }
        let before = try hashesAndLines()
        try folder.write("# moved down\n# by two lines\n" + WorkflowTests.v2, to: "models/v2.yaml")
        let after = try hashesAndLines()
        #expect(before.count == 1 && after.count == 1)
        #expect(before.map(\.0) == after.map(\.0))
        #expect(!(before.first?.0.isEmpty ?? true))
        #expect(after.first?.1 == (before.first?.1 ?? 0) + 2)
    }

    /// GitHub workflow commands: one line per finding, the documented grammar, nothing unescaped;
    /// then one notice, with no file, that counts what steps that shipped left out.
    @Test func githubLinesFollowTheWorkflowCommandGrammar() throws {
        let run = try Executable.run(["examples", "--format", "github"])
        var lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.last?.hasPrefix("::notice title=schemalint::not listed: ") == true, "\(run.stdout)")
        lines = lines.dropLast()
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

/// What GitHub code scanning's SARIF page asks for beyond the schema, checked on a parsed log.
enum GitHubCodeScanning {
    static func runs(_ log: [String: Any]) -> [[String: Any]] { log["runs"] as? [[String: Any]] ?? [] }
    static func results(_ log: [String: Any]) -> [[String: Any]] { runs(log).flatMap { $0["results"] as? [[String: Any]] ?? [] } }

    /// Every `artifactLocation` of results and related locations.
    static func artifactLocations(_ log: [String: Any]) -> [[String: Any]] {
        results(log).flatMap { result in
            ((result["locations"] as? [[String: Any]] ?? []) + (result["relatedLocations"] as? [[String: Any]] ?? []))
                .compactMap { ($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any] }
        }
    }

    /// The expectations not met, as messages.
    static func problems(_ log: [String: Any], sourceRoot: String) -> [String] {
        var problems: [String] = []
        for run in runs(log) {
            let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
            let expected = "file://" + (sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/")
            if base?["uri"] as? String != expected { problems.append("originalUriBaseIds[%SRCROOT%] is \(String(describing: base)), not \(expected)") }
            for rule in (run["tool"] as? [String: Any]).flatMap({ ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]] }) ?? [] {
                let properties = rule["properties"] as? [String: Any] ?? [:]
                if !["very-high", "high", "medium", "low"].contains(properties["precision"] as? String ?? "") { problems.append("rule \(rule["id"] ?? "") has no precision") }
                if !["error", "warning", "recommendation"].contains(properties["problem.severity"] as? String ?? "") { problems.append("rule \(rule["id"] ?? "") has no problem.severity") }
            }
        }
        var hashes: [String] = []
        for result in results(log) {
            let id = result["ruleId"] as? String ?? "?"
            guard let hash = (result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String, !hash.isEmpty else {
                problems.append("\(id): no partialFingerprints.primaryLocationLineHash"); continue
            }
            hashes.append(hash)
            for location in result["locations"] as? [[String: Any]] ?? [] {
                let region = (location["physicalLocation"] as? [String: Any])?["region"] as? [String: Any] ?? [:]
                // Code scanning shows only results whose region has a start line.
                guard let startLine = region["startLine"] as? Int, let endLine = region["endLine"] as? Int, startLine >= 1
                else { problems.append("\(id): region without start and end lines \(region)"); continue }
                if let startColumn = region["startColumn"] as? Int {
                    guard let endColumn = region["endColumn"] as? Int else { problems.append("\(id): region without an end column"); continue }
                    if (endLine, endColumn) <= (startLine, startColumn) { problems.append("\(id): region ends before it starts") }
                } else if endLine < startLine {
                    problems.append("\(id): region ends before it starts")
                }
            }
            let text = (result["message"] as? [String: Any])?["text"] as? String ?? ""
            for related in result["relatedLocations"] as? [[String: Any]] ?? [] {
                guard let relatedID = related["id"] as? Int else { problems.append("\(id): related location without id"); continue }
                if !text.contains("](\(relatedID))") { problems.append("\(id): message does not link related location \(relatedID)") }
            }
        }
        if Set(hashes).count != hashes.count { problems.append("primaryLocationLineHash values are not unique") }
        for artifact in artifactLocations(log) {
            let uri = artifact["uri"] as? String ?? ""
            if uri.hasPrefix("file:") || uri.hasPrefix("/") { problems.append("absolute URI \(uri)") }
            if uri.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) { problems.append("URI not normalized: \(uri)") }
            if artifact["uriBaseId"] as? String != "%SRCROOT%" { problems.append("\(uri) is not relative to %SRCROOT%") }
        }
        return problems
    }
}

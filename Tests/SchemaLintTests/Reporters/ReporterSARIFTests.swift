import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintReport
@testable import SchemaLintRules
import SchemaLintCore
import SchemaLintTestSupport

/// Validates SARIF documents against the official SARIF 2.1.0 JSON schema with Python's `jsonschema`
/// (there is no JSON-schema validator for Swift here). Needs `python3` with `pip install jsonschema`.
enum SARIFSchema {
    /// `<root>/../shared/schemas/sarif-schema-2.1.0.json`.
    static let url = Executable.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")

    static let isPresent = FileManager.default.fileExists(atPath: url.path)

    static let canValidate: Bool = (try? python(["-c", "import jsonschema"]).status) == 0

    /// Whether `jsonschema` checks `format: uri-reference` (it needs `rfc3986-validator` or `rfc3987`).
    static let checksURIs: Bool = (try? python([
        "-c", "import sys, jsonschema; sys.exit('uri-reference' not in jsonschema.FormatChecker().checkers)",
    ]).status) == 0

    /// Validator from the schema's own `$schema` (Draft 7), with format checks where the installed
    /// packages support them. Prints at most 20 errors; exits 1 when the document is invalid.
    ///
    /// Guards against vacuous validation: a schema whose root has no validation keywords accepts every
    /// document. The copy in `shared/schemas` is such a file (upstream keeps the log's constraints at the
    /// root; this copy moved them to `definitions/Root` and nothing refers to them), so the document is
    /// then validated against `#/definitions/Root`; with no such definition the script exits 2.
    private static let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        document = json.load(open(sys.argv[2], encoding="utf-8"))
        constraining = {"type", "properties", "required", "additionalProperties", "$ref", "allOf", "anyOf",
                        "oneOf", "not", "enum", "const", "items", "patternProperties", "if"}
        if not constraining & schema.keys():
            if "Root" not in schema.get("definitions", {}):
                print("schema root constrains nothing: validation would accept any document")
                sys.exit(2)
            print("note: schema root constrains nothing; validating against #/definitions/Root")
            schema = dict(schema, allOf=[{"$ref": "#/definitions/Root"}])
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        errors = list(cls(schema, format_checker=jsonschema.FormatChecker()).iter_errors(document))
        for error in errors[:20]:
            print("/".join(map(str, error.absolute_path)) + ": " + error.message[:300])
        print(cls.__name__, len(errors), "errors")
        sys.exit(1 if errors else 0)
        """

    /// The validator's exit status and output for `sarif`.
    static func validate(_ sarif: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-\(UUID().uuidString).sarif")
        try Data(sarif.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try python(["-c", script, url.path, file.path])
    }

    private static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let output = ChildProcess.run("/usr/bin/env", ["python3"] + arguments, environment: ProcessInfo.processInfo.environment) else {
            throw ChildProcessError(program: "python3")
        }
        return (output.status, String(decoding: output.standardOutput + output.standardError, as: UTF8.self))
    }
}

@Suite struct ReporterSARIFTests {
    let reporter = SARIFReporter(toolVersion: "1.2.3")

    func document(_ result: LintResult = ReporterFixtures.result) throws -> [String: Any] {
        try #require(try ReporterFixtures.parseJSON(reporter.render(result)) as? [String: Any])
    }

    func run(_ result: LintResult = ReporterFixtures.result) throws -> [String: Any] {
        let runs = try #require(try document(result)["runs"] as? [[String: Any]])
        try #require(runs.count == 1)
        return runs[0]
    }

    func rules(_ run: [String: Any]) throws -> [[String: Any]] {
        let tool = try #require(run["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        return try #require(driver["rules"] as? [[String: Any]])
    }

    // MARK: Schema

    @Test(
        .enabled(if: SARIFSchema.isPresent, "SARIF schema not found at <worktree>/../shared/schemas/sarif-schema-2.1.0.json"),
        .enabled(if: SARIFSchema.canValidate, "python3 cannot import jsonschema: run `python3 -m pip install jsonschema`"),
        arguments: [ReporterFixtures.result, ReporterFixtures.empty]
    )
    func validatesAgainstTheOfficialSchema(result: LintResult) throws {
        let validation = try SARIFSchema.validate(reporter.render(result))
        #expect(validation.status == 0, "SARIF does not validate:\n\(validation.output)")
    }

    /// Proves the validation is not vacuous: documents the schema forbids, deep inside and at the root,
    /// must be rejected.
    @Test(
        .enabled(if: SARIFSchema.isPresent, "SARIF schema not found at <worktree>/../shared/schemas/sarif-schema-2.1.0.json"),
        .enabled(if: SARIFSchema.canValidate, "python3 cannot import jsonschema: run `python3 -m pip install jsonschema`"),
        arguments: [
            (#""level": "error""#, #""level": "fatal""#),
            (#""version": "2.1.0""#, #""version": "2.0.0""#),
            (#""runs": ["#, #""unexpected": true, "runs": ["#),
            (#""startLine": 12"#, #""startLine": 0"#),
        ]
    )
    func schemaValidationRejectsAnInvalidDocument(original: String, replacement: String) throws {
        let valid = reporter.render(ReporterFixtures.result)
        let invalid = valid.replacingOccurrences(of: original, with: replacement)
        try #require(invalid != valid)
        let validation = try SARIFSchema.validate(invalid)
        #expect(validation.status == 1, "expected a schema violation, got:\n\(validation.output)")
    }

    @Test(
        .enabled(if: SARIFSchema.isPresent, "SARIF schema not found at <worktree>/../shared/schemas/sarif-schema-2.1.0.json"),
        .enabled(if: SARIFSchema.checksURIs, "jsonschema does not check URI formats: run `python3 -m pip install rfc3986-validator`")
    )
    func schemaValidationRejectsAnUnencodedURI() throws {
        let valid = reporter.render(ReporterFixtures.result)
        let invalid = valid.replacingOccurrences(of: "models/notes%20dir/v3%20%C3%BC%2Cx%3Ay.yaml", with: "models/notes dir/v3 ü.yaml")
        try #require(invalid != valid)
        let validation = try SARIFSchema.validate(invalid)
        #expect(validation.status == 1, "expected a format violation, got:\n\(validation.output)")
        #expect(validation.output.contains("is not a 'uri-reference'"))
    }

    // MARK: Fields

    @Test func hasTheSARIFEnvelopeAndDriver() throws {
        let document = try document()
        #expect(document["version"] as? String == "2.1.0")
        #expect((document["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let driver = try #require((try run()["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "schemalint")
        #expect(driver["version"] as? String == "1.2.3")
        #expect(driver["informationUri"] as? String == SARIFReporter.defaultInformationURI)
    }

    @Test func rulesAreTheReportedRulesSortedWithDescriptions() throws {
        let rules = try rules(try run())
        #expect(rules.map { $0["id"] as? String } == ["attribute-added", "attribute-removed", "entity-renamed", "mystery-rule"])
        let removed = rules[1]
        #expect(removed["name"] as? String == "AttributeRemoved")
        #expect((removed["shortDescription"] as? [String: Any])?["text"] as? String
            == "An attribute disappears while older app versions still read it")
        let full = try #require((removed["fullDescription"] as? [String: Any])?["text"] as? String)
        #expect(full == "An attribute disappears while older app versions still read it."
            + " Severity: error when synced through CloudKit, warning for local-only stores.")
        #expect((removed["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect((removed["properties"] as? [String: Any])?["category"] as? String == "removal")
        // The rule's page from rules/ is its help; a rule without a page (mystery-rule) has none.
        let help = try #require(removed["help"] as? [String: Any])
        #expect(help["markdown"] as? String == RulePages.all["attribute-removed"])
        #expect(help["text"] as? String == RulePages.all["attribute-removed"])
        let added = rules[0]
        #expect((added["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        let mystery = rules[3]
        #expect(mystery.keys.sorted() == ["id", "name"])
        #expect(mystery["name"] as? String == "MysteryRule")
    }

    @Test func helpComesFromTheRulePageWhenThereIsOne() {
        let descriptor = RuleDescriptor(id: "x-y", category: .history, synced: nil, local: .note, summary: "S")
        #expect(descriptor.page == nil, "no rule pages are embedded yet")
        let withoutPage = SARIFReporter.rule(id: "x-y", descriptor: descriptor, page: nil).rendered(.compact)
        #expect(!withoutPage.contains(#""help""#))
        #expect(withoutPage.contains(#""fullDescription":{"text":"S. Applies only to local-only stores. Severity: note."}"#))
        let page = "# x-y\n\nWhy it *matters*."
        let withPage = SARIFReporter.rule(id: "x-y", descriptor: descriptor, page: page).rendered(.compact)
        #expect(withPage.contains(##""help":{"text":"# x-y\n\nWhy it *matters*.","markdown":"# x-y\n\nWhy it *matters*."}"##))
        #expect(SARIFReporter.upperCamelName("cloudkit-model-2x") == "CloudkitModel2x")
    }

    @Test func ruleIndexPointsAtTheResultsRule() throws {
        let run = try run()
        let rules = try rules(run)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == ReporterFixtures.findings.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
    }

    @Test func resultsFollowTheResultOrderWithLevelsMessagesAndLocations() throws {
        let results = try #require(try run()["results"] as? [[String: Any]])
        let findings = ReporterFixtures.result.findings
        #expect(results.map { $0["ruleId"] as? String } == findings.map(\.ruleID))
        #expect(results.map { $0["level"] as? String } == findings.map { $0.severity == .note ? "note" : $0.severity.rawValue })
        for (result, finding) in zip(results, findings) {
            // No fixture message has brackets or backslashes, so each is carried as it is.
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(finding.message + (finding.notes.isEmpty && finding.suggestions.isEmpty ? "" : "\n")) == true)
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let physical = try #require(location["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let url = try #require(URL(string: uri), "not a URI reference: \(uri)")
            #expect(url.scheme == nil && !uri.hasPrefix("/"), "not relative: \(uri)")
            #expect(uri.removingPercentEncoding == finding.location.file)
            let region = try #require(physical["region"] as? [String: Any])
            #expect(region["startLine"] as? Int == finding.location.line)
            #expect(region["startColumn"] as? Int == finding.location.column)
            #expect(region["endLine"] as? Int == finding.location.line)
            #expect(region["endColumn"] as? Int == finding.location.column + 1)
        }
    }

    /// GitHub renders `[text](id)` in a message as a link to the related location with that id, so a
    /// note with a location is such a link, and brackets of the text itself are escaped.
    @Test func messagesLinkTheirRelatedLocationsAndEscapeBrackets() throws {
        #expect(SARIFReporter.messageText(ReporterFixtures.removed) == """
            Attribute 'title' was removed: 100% of "Note" rows, <b>bold</b> & a|b, ok
            note: [declared here, in v2: 'title'](0)
            suggestion: restore 'title' | mark it transient
            suggestion: add renamingIdentifier: "title"
            """)
        var bracketed = ReporterFixtures.renamed
        bracketed.message = #"see [docs](x) at C:\models"#
        bracketed.notes = [.init("no place"), .init("first [place]", at: SourceLocation(file: "a.yaml", line: 1, column: 1)), .init("second", at: SourceLocation(file: "b.yaml", line: 2, column: 1))]
        #expect(SARIFReporter.messageText(bracketed) == #"""
            see \[docs\](x) at C:\\models
            note: no place
            note: [first \[place\]](0)
            note: [second](1)
            """#)
    }

    @Test func locationsNameTheElementAndRelatedLocationsTheNotes() throws {
        let results = try #require(try run()["results"] as? [[String: Any]])
        let removed = try #require(results.first { ($0["message"] as? [String: Any])?["text"] as? String
            == SARIFReporter.messageText(ReporterFixtures.removed) })
        let location = try #require((removed["locations"] as? [[String: Any]])?.first)
        let logical = try #require((location["logicalLocations"] as? [[String: Any]])?.first)
        #expect(logical["fullyQualifiedName"] as? String == "Notes/Note.title")
        #expect(logical["name"] as? String == "title")
        #expect(logical["kind"] as? String == "member")
        let related = try #require(removed["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 0)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "declared here, in v2: 'title'")
        let relatedArtifact = (related[0]["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        #expect(relatedArtifact?["uri"] as? String == "models/notes/v2.yaml")
        let properties = try #require(removed["properties"] as? [String: Any])
        #expect(properties["suggestions"] as? [String] == ReporterFixtures.removed.suggestions)
        #expect(properties["model"] as? String == "Notes")
        #expect(properties["baseline"] as? String == "2")
        #expect(removed["fixes"] == nil)

        let added = try #require(results.first { $0["ruleId"] as? String == "attribute-added" })
        let addedLocation = try #require((added["locations"] as? [[String: Any]])?.first)
        let version = try #require((addedLocation["logicalLocations"] as? [[String: Any]])?.first)
        #expect(version["kind"] as? String == "module")
        #expect(added["relatedLocations"] == nil)
        let artifact = (addedLocation["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "models/notes%20dir/v3%20%C3%BC%2Cx%3Ay.yaml")
    }

    @Test func fingerprintsAreStableAndUnique() throws {
        let results = try #require(try run()["results"] as? [[String: Any]])
        let fingerprints = results.compactMap {
            ($0["partialFingerprints"] as? [String: String])?["schemalintIdentity/v1"]
        }
        #expect(fingerprints.count == results.count)
        #expect(Set(fingerprints).count == fingerprints.count)
        #expect(fingerprints == Fingerprints.of(ReporterFixtures.result.findings))
        let gitHubHashes = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        #expect(gitHubHashes == fingerprints, "code scanning tracks alerts by the identity, not by a line")
        // A fixed value: a change here breaks alert tracking in code scanning, so it must be deliberate.
        // Computed independently (Python FNV-1a 64). A change here breaks alert tracking in code
        // scanning, so it must be deliberate.
        #expect(fingerprints.contains("b4d116f5b85f0d5d"))
    }

    @Test func sameResultSameBytes() {
        let shuffled = LintResult(
            findings: ReporterFixtures.findings.reversed(), modelCount: 1, versionCount: 3, rules: ReporterFixtures.rules
        )
        #expect(reporter.render(ReporterFixtures.result) == reporter.render(shuffled))
        #expect(reporter.render(ReporterFixtures.result) == SARIFReporter(toolVersion: "1.2.3").render(ReporterFixtures.result))
    }

    @Test func emptyResultHasAnEmptyResultsArray() throws {
        let run = try run(ReporterFixtures.empty)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        #expect(try rules(run).isEmpty)
    }
}

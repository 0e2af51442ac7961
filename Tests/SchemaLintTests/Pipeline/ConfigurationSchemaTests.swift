import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// schema/schemalint.schema.json, the JSON Schema editors use for `.schemalint.yml`: it accepts
/// every configuration the docs and examples show, rejects what schemalint rejects, and names
/// exactly the rules schemalint has. Validation runs Python's `jsonschema` (with PyYAML to read
/// the YAML); the test skips when they are missing (`make test` installs them).
@Suite struct ConfigurationSchemaTests {
    static let schema = Executable.packageRoot.appendingPathComponent("schema/schemalint.schema.json")
    static let canValidate = ((try? Executable.runProgram("/usr/bin/env", ["python3", "-c", "import jsonschema, yaml"]).status) ?? 1) == 0

    /// The errors the schema finds in a YAML configuration, one a line (empty when valid).
    static func errors(in yaml: String) throws -> String {
        let folder = try TemporaryFolder()
        let file = try folder.write(yaml, to: "config.yml")
        let script = """
            import json, sys, yaml, jsonschema
            # YAML 1.2, as editors read it: `2027-01-01` is a string, not a date.
            class Loader(yaml.SafeLoader): pass
            Loader.yaml_implicit_resolvers = {key: [r for r in rules if r[0] != "tag:yaml.org,2002:timestamp"] for key, rules in yaml.SafeLoader.yaml_implicit_resolvers.items()}
            schema = json.load(open(sys.argv[1]))
            document = yaml.load(open(sys.argv[2]), Loader=Loader) or {}
            validator = jsonschema.validators.validator_for(schema)(schema)
            for error in validator.iter_errors(document):
                print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
            """
        let run = try Executable.runProgram("/usr/bin/env", ["python3", "-c", script, schema.path, file])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// Every `.schemalint.yml` of the repository and the YAML sample of docs/configuration.md.
    static func shownConfigurations() throws -> [(String, String)] {
        var found: [(String, String)] = []
        let root = Executable.packageRoot
        for path in [".schemalint.yml"] + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples").path)) ?? []).sorted().map({ "examples/\($0)/.schemalint.yml" }) {
            let url = root.appendingPathComponent(path)
            if let text = try? String(contentsOf: url, encoding: .utf8) { found.append((path, text)) }
        }
        let page = try String(contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let sample = try #require(CommandLineTests.fencedBlocks(in: page, language: "yaml").first)
        found.append(("docs/configuration.md", sample))
        found.append(("schemalint init", StarterConfiguration.text))
        return found
    }

    @Test(.enabled(if: canValidate, "needs python3 with jsonschema and PyYAML (make test installs them)"))
    func acceptsEveryConfigurationTheProjectShows() throws {
        let shown = try Self.shownConfigurations()
        #expect(shown.count >= 3)
        for (name, text) in shown {
            #expect(try Self.errors(in: text) == "", "\(name)")
        }
    }

    @Test(.enabled(if: canValidate, "needs python3 with jsonschema and PyYAML (make test installs them)"), arguments: [
        ("cloudkit: true\nfail-on: note\n", "fail-on"),
        ("compatibility: window:0\n", "compatibility"),
        ("history: tags\n", "history"),
        ("history:\n  from: files\n  tags: v*\n", "history"),
        ("rules:\n  attribute-renamd: off\n", "rules"),
        ("rules:\n  attribute-renamed: fatal\n", "rules/attribute-renamed"),
        ("exclud:\n  - legacy\n", ""),
        ("ignore:\n  - rule: attribute-removed\n    model: Notes\n", "ignore/0"),
        ("bundles:\n  App/Model.xcdatamodeld:\n    ordr: [A, B]\n", "bundles/App/Model.xcdatamodeld"),
        ("migrations:\n  - from: A\n    to: B\n    how: manual\n    reason: code\n", "migrations/0/how"),
    ])
    func rejectsWhatSchemalintRejects(yaml: String, path: String) throws {
        let errors = try Self.errors(in: yaml)
        #expect(!errors.isEmpty, "the schema accepts \(yaml)")
        #expect(errors.split(separator: "\n").contains { $0.hasPrefix(path + ":") }, "\(errors)")
        // schemalint itself refuses the same file.
        let known = Set(RuleCatalog.standard.descriptors.map(\.id))
        #expect(throws: InputError.self) { try ConfigurationLoader.parse(bytes: Array(yaml.utf8), file: ".schemalint.yml", knownRules: known) }
    }

    @Test func namesEveryKeyAndEveryRule() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema)) as? [String: Any])
        let properties = try #require(json["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(ConfigurationLoader.keys))
        let definitions = try #require(json["$defs"] as? [String: Any])
        let ruleID = try #require(definitions["ruleID"] as? [String: Any])
        #expect(Set(try #require(ruleID["enum"] as? [String])) == Set(RuleCatalog.standard.descriptors.map(\.id)))
    }

    @Test func initWritesTheSchemaLineForEditors() {
        #expect(StarterConfiguration.text.hasPrefix("# yaml-language-server: $schema=\(StarterConfiguration.schemaURL)\n"))
    }
}

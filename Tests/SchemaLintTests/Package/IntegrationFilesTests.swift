import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// The files that other tools read from the repository's root: the pre-commit hook manifest and the
/// GitHub Action. They parse as YAML (with schemalint's own parser) and carry what those tools need.
@Suite struct IntegrationFilesTests {
    static func load(_ name: String) throws -> YAMLNode {
        let url = Executable.packageRoot.appendingPathComponent(name)
        let bytes = try [UInt8](Data(contentsOf: url))
        return try YAMLParser().parse(bytes, file: name)  // a syntax error fails the test at its line and column
    }

    // MARK: - .pre-commit-hooks.yaml

    @Test func preCommitHookManifest() throws {
        let manifest = try Self.load(".pre-commit-hooks.yaml")
        let hooks = try #require(manifest.list, "the manifest is a list of hooks")
        let hook = try #require(hooks.first { $0["id"]?.scalar == "schemalint" }, "a hook with id schemalint")
        for key in ["name", "description", "entry", "language", "files"] {
            #expect(hook[key]?.scalar?.isEmpty == false, "hook key '\(key)' is a non-empty string")
        }
        #expect(hook["language"]?.scalar == "swift")
        #expect(hook["entry"]?.scalar?.split(separator: " ").first == "schemalint")
        #expect(["true", "false"].contains(hook["pass_filenames"]?.scalar ?? ""), "pass_filenames is a boolean")
        if let args = hook["args"] { #expect(args.list != nil, "args is a list") }

        // pre-commit matches `files` and `exclude` with Python's re.search against repository-relative paths.
        let files = try NSRegularExpression(pattern: try #require(hook["files"]?.scalar))
        let exclude = try NSRegularExpression(pattern: try #require(hook["exclude"]?.scalar))
        func runs(on path: String) -> Bool {
            let range = NSRange(path.startIndex..., in: path)
            return files.firstMatch(in: path, range: range) != nil && exclude.firstMatch(in: path, range: range) == nil
        }
        for path in ["models/v1.yaml", "Models/Notes/v2.yml", "v3.yaml", "App/Model.xcdatamodeld/Model 2.xcdatamodel/contents"] {
            #expect(runs(on: path), "the hook runs when \(path) changes")
        }
        for path in [".pre-commit-config.yaml", ".schemalint.yml", "app/.schemalint.yml", ".github/workflows/ci.yml",
                     ".gitlab-ci.yml", "README.md", "App/Model.xcdatamodeld/.xccurrentversion", "models/v1.yaml.orig"] {
            #expect(!runs(on: path), "the hook does not run when only \(path) changes")
        }
    }

    // MARK: - action.yml

    @Test func gitHubActionManifest() throws {
        let action = try Self.load("action.yml")
        #expect(action["name"]?.scalar == "schemalint")
        #expect(action["description"]?.scalar?.isEmpty == false)

        let inputs = try #require(action["inputs"]?.keys, "inputs is a mapping")
        for input in ["paths", "format", "args", "sarif-file", "cloudkit", "configuration", "working-directory", "cache", "fail-on-error"] {
            #expect(inputs.contains(input), "input '\(input)'")
            #expect(action["inputs"]?[input]?["description"]?.scalar?.isEmpty == false, "input '\(input)' has a description")
            #expect(action["inputs"]?[input]?["default"]?.scalar != nil, "input '\(input)' has a default")
        }
        #expect(action["inputs"]?["format"]?["default"]?.scalar == "github")
        #expect(action["inputs"]?["configuration"]?["default"]?.scalar == "release")

        for output in ["sarif-file", "exit-code"] {
            #expect(action["outputs"]?[output]?["description"]?.scalar?.isEmpty == false, "output '\(output)' has a description")
            #expect(action["outputs"]?[output]?["value"]?.scalar?.contains("steps.lint.outputs.\(output)") == true, "output '\(output)' comes from the lint step")
        }

        let runs = try #require(action["runs"])
        #expect(runs["using"]?.scalar == "composite")
        let steps = try #require(runs["steps"]?.list, "runs.steps is a list")
        #expect(steps.count >= 3)
        for step in steps {
            if let uses = step["uses"]?.scalar {
                // Another action, at a major version of its own.
                #expect(uses.contains("@v") && step["run"] == nil, "step '\(step["name"]?.scalar ?? "?")' uses \(uses)")
                continue
            }
            // A composite action's `run` step must name its shell.
            #expect(step["run"]?.scalar != nil && step["shell"]?.scalar == "bash", "step '\(step["name"]?.scalar ?? "?")' runs bash")
        }
        // The folder the cache step restores is the one the lint step keeps git's answers in.
        let cached = try #require(steps.first { $0["uses"]?.scalar?.hasPrefix("actions/cache@") == true }?["with"]?["path"]?.scalar)
        #expect(steps.first { $0["id"]?.scalar == "lint" }?["env"]?["CACHE_FOLDER"]?.scalar == cached)
        let scripts = steps.compactMap { $0["run"]?.scalar }.joined(separator: "\n")
        #expect(scripts.contains("apt-get install") && scripts.contains("libyaml-dev"))
        #expect(scripts.contains("brew install libyaml"))
        #expect(scripts.contains(#"swift build -c "$CONFIGURATION" --package-path "$GITHUB_ACTION_PATH""#))
        #expect(scripts.contains(#"--report "sarif=$sarif""#))

        // Every `${{ inputs.X }}` names an input, and every `steps.ID.outputs` a step with that id.
        let text = try String(contentsOf: Executable.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let ids = Set(steps.compactMap { $0["id"]?.scalar })
        for name in Self.matches(of: #"inputs\.([A-Za-z0-9_-]+)"#, in: text) {
            #expect(inputs.contains(name), "inputs.\(name) is declared")
        }
        for id in Self.matches(of: #"steps\.([A-Za-z0-9_-]+)\.outputs"#, in: text) {
            #expect(ids.contains(id), "a step has id '\(id)'")
        }
    }

    static func matches(of pattern: String, in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: pattern)
        let results = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(results.compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }
}

private extension YAMLNode {
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalar == key }?.value
    }

    var keys: [String]? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.compactMap(\.key.scalar)
    }

    var list: [YAMLNode]? {
        guard case .sequence(let items) = content else { return nil }
        return items
    }
}

import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintRules
@testable import schemalint
import SchemaLintTestSupport

/// Every rule's page carries its rationale and examples; the examples are the rule's tests.
@Suite struct RulePageTests {
    static let catalog = RuleCatalog.standard
    static let ids = catalog.descriptors.map(\.id)

    @Test func everyRuleHasAPageAndEveryPageARule() {
        let pages = Set(RulePages.all.keys)
        let rules = Set(Self.ids)
        #expect(rules.subtracting(pages).sorted() == [], "rules without a page in rules/")
        #expect(pages.subtracting(rules).sorted() == [], "pages in rules/ that name no rule")
    }

    /// The catalog lists each rule once, and each rule is of one kind: the linter asks each kind
    /// for its own findings, so a rule of two kinds would report twice.
    @Test func everyRuleIsListedOnceAndIsOfOneKind() {
        let rules = Self.catalog.rules
        #expect(Set(rules.map(\.descriptor.id)).count == rules.count)
        let kinds = Self.catalog.changeRules.count + Self.catalog.versionRules.count + Self.catalog.historyRules.count
            + Self.catalog.bundleRules.count + Self.catalog.mappingModelRules.count + Self.catalog.storeCodeRules.count
        #expect(kinds == rules.count)
    }

    /// `↓` marks where a finding must land: read without the marks, each at its file, line and
    /// column (in characters) in the example's files.
    @Test func marksAreTakenOutAndKeptAsPositions() {
        let page = RulePage(markdown: """
            # some-rule

            ## Examples

            ### Triggers: two marks

            ```yaml
            model: Notes
            ```

            ```yaml
            entities:
              Note: {a: ↓b, ↓c: d}
            ```

            ```swift path=App/Store.swift
            let é = 1; ↓fatalError()
            ```

            """)
        let example = page.examples[0]
        #expect(example.files == ["model: Notes\n", "entities:\n  Note: {a: b, c: d}\n"])
        #expect(example.tree.map(\.text) == ["let é = 1; fatalError()\n"])
        #expect(example.markers.map(\.description) == ["v2.yaml:2:13", "v2.yaml:2:16", "App/Store.swift:1:12"])
    }

    /// The pages the binary carries (Rules/RulePages.generated.swift) are the files in rules/, byte for byte.
    @Test func embeddedPagesMatchTheFilesInRules() throws {
        let folder = Executable.packageRoot.appendingPathComponent("rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        var files: [String: String] = [:]
        for name in names {
            files[String(name.dropLast(3))] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let stale = Set(files.keys).union(RulePages.all.keys).filter { files[$0] != RulePages.all[$0] }.sorted()
        #expect(stale == [], "rule pages differ from the embedded copies: run scripts/embed-rule-pages.sh")
    }

    @Test(arguments: ids)
    func pageHasTheRequiredParts(id: String) throws {
        let markdown = try #require(RulePages.all[id], "rules/\(id).md is missing")
        let page = RulePage(markdown: markdown)
        #expect(page.id == id, "the page's heading must be '# \(id)'")
        for section in ["Why", "What to do instead", "Examples"] {
            #expect(page.sections.contains(section), "rules/\(id).md has no '## \(section)' section")
        }
        let triggering = page.examples.filter(\.triggers).count
        #expect(triggering > 0, "rules/\(id).md has no '### Triggers' example")
        #expect(page.examples.count > triggering, "rules/\(id).md has no '### Does not trigger' example")
        for example in page.examples {
            #expect(example.files.count + example.tree.count >= 1, "example '\(example.title)' in rules/\(id).md has no file")
        }
        // A page never excuses what its rule reports: a change that is fine is not reported.
        let why = markdown.components(separatedBy: "\n## Why").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        for excuse in ["acceptable", "harmless", "usually fine", "usually safe"] {
            #expect(!why.lowercased().contains(excuse), "rules/\(id).md's Why calls what it reports \(excuse)")
        }
    }

    /// The severity a title ends with: `(a note)`, `(a warning)`, `(an error)`.
    static func severitySaid(in title: String) -> Severity? {
        for (words, severity) in [("(a note)", Severity.note), ("(a warning)", .warning), ("(an error)", .error)] where title.hasSuffix(words) {
            return severity
        }
        return nil
    }

    @Test(arguments: ids)
    func examplesBehaveAsDocumented(id: String) throws {
        let markdown = try #require(RulePages.all[id])
        let descriptor = try #require(Self.catalog.descriptorsByID[id])
        for example in RulePage(markdown: markdown).examples {
            guard let (result, versions, folder) = try Self.run(example, of: id) else { continue }
            let hits = result.findings.filter { $0.ruleID == id }
            if example.triggers {
                #expect(!hits.isEmpty, "example '\(example.title)' in rules/\(id).md should trigger \(id)")
                // Where `↓` marks the example, each finding lands at a mark, and one at each.
                if !example.markers.isEmpty {
                    let landed = hits.map { hit in
                        RulePage.Marker(file: PathResolution.relative(hit.location.file, to: folder), line: hit.location.line, column: hit.location.column)
                    }
                    #expect(Set(landed) == Set(example.markers), "example '\(example.title)' in rules/\(id).md: findings at \(landed.map(\.description).sorted()), marked \(example.markers.map(\.description).sorted())")
                }
                // A title that ends with the severity (`... (a note)`) says what each finding is.
                if let said = Self.severitySaid(in: example.title) {
                    for hit in hits { #expect(hit.severity == said, "severity of \(id) in '\(example.title)': \(hit.severity) at \(hit.location)") }
                }
                // Else each finding has the severity of its kind of store.
                for hit in hits where descriptor.syncedSeverity != descriptor.localSeverity && Self.severitySaid(in: example.title) == nil {
                    let entity = hit.path?.entity ?? ""
                    let synced = versions.contains { ($0.label == hit.version || $0.label == hit.baseline) && $0.model == hit.model && $0.isSynced(entity: entity) }
                    #expect(hit.severity == descriptor.severity(synced: synced), "severity of \(id) in '\(example.title)'")
                }
            } else {
                #expect(hits.isEmpty, "example '\(example.title)' in rules/\(id).md should not trigger \(id), but: \(hits.map(\.message))")
            }
        }
    }

    /// Writes the example's files into a temporary folder (YAML versions as `v<N>.yaml`), commits
    /// those with `commit=N` in a git repository there, and lints the folder through the real
    /// pipeline with the readers the executable registers, configuration included. Examples with
    /// commits are skipped when git is missing, examples with Swift files in a build without the
    /// Swift readers (`SCHEMALINT_WITHOUT_SWIFT_SOURCES`).
    static func run(_ example: RulePage.Example, of id: String) throws -> (LintResult, [ModelVersion], folder: String)? {
        if example.tree.contains(where: { $0.path.hasSuffix(".swift") }), !ModelReaders.registered.contains(where: { $0.name == "Swift store code" }) {
            print("skipped example '\(example.title)' in rules/\(id).md: this build reads no Swift sources")
            return nil
        }
        let folder = try TemporaryFolder()
        for (index, text) in example.files.enumerated() { try folder.write(text, to: "v\(index + 1).yaml") }
        let commits = Set(example.tree.compactMap(\.commit)).sorted()
        if !commits.isEmpty {
            guard GitRepository.isAvailable else {
                print("skipped example '\(example.title)' in rules/\(id).md: \(GitRepository.missing)")
                return nil
            }
            var repository = try GitRepository(at: folder.path)
            for number in commits {
                let files = example.tree.filter { $0.commit == number }
                for file in files { try folder.write(file.text, to: file.path) }
                try repository.commit("commit \(number)", adding: files.map(\.path))
                for tag in Set(files.compactMap(\.tag)).sorted() { try repository.tag(tag) }
            }
        }
        for file in example.tree where file.commit == nil { try folder.write(file.text, to: file.path) }
        var options = LintPipeline.Options(paths: [folder.path])
        // An example shows a rule at whatever step it is written, shipped or coming.
        options.steps = .all
        switch LintPipeline(readers: ModelReaders.registered).run(options) {
        case .success(let output):
            let versions = ModelLoader(configuration: output.configuration).load(paths: [folder.path]).versions
            return (output.result, versions, folder.path)
        case .failure(let problems):
            Issue.record("example '\(example.title)' in rules/\(id).md does not load: \(problems.description)")
            return nil
        }
    }
}

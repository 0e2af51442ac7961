import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// The official YAML test suite, read from `../shared/corpus/yaml-test-suite` beside the project.
/// Each case is a folder (or a numbered subfolder) holding `in.yaml`; a file named `error` marks
/// input that a parser must reject.
private enum YAMLTestSuite {
    struct Case: Sendable {
        var id: String
        var bytes: [UInt8]
        var mustFail: Bool
    }

    /// `<worktree root>/../shared/corpus/yaml-test-suite`.
    static let directory = Executable.shared.appendingPathComponent("corpus/yaml-test-suite").standardizedFileURL

    static var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every case, sorted by id (`229Q`, `2G84/00`).
    static func cases() throws -> [Case] {
        let files = FileManager.default
        var cases: [Case] = []
        for name in try files.contentsOfDirectory(atPath: directory.path).sorted() {
            let folder = directory.appendingPathComponent(name)
            if files.fileExists(atPath: folder.appendingPathComponent("in.yaml").path) {
                cases.append(try load(id: name, folder: folder))
                continue
            }
            let subfolders = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
            for sub in subfolders.sorted() where files.fileExists(atPath: folder.appendingPathComponent("\(sub)/in.yaml").path) {
                cases.append(try load(id: "\(name)/\(sub)", folder: folder.appendingPathComponent(sub)))
            }
        }
        return cases
    }

    private static func load(id: String, folder: URL) throws -> Case {
        let bytes = try Data(contentsOf: folder.appendingPathComponent("in.yaml"))
        let mustFail = FileManager.default.fileExists(atPath: folder.appendingPathComponent("error").path)
        return Case(id: id, bytes: [UInt8](bytes), mustFail: mustFail)
    }

    /// Error cases that libyaml 0.2.5 parses without complaint (it implements YAML 1.1 and is
    /// lenient here); nothing in our layer rejects them either.
    static let acceptedByLibyaml: Set<String> = [
        "9C9N",      // Wrong indented flow sequence
        "9JBA",      // Invalid comment after end of flow sequence
        "CVW2",      // Invalid comment after comma
        "DK95/01",   // Tabs that look like indentation (inside a double-quoted scalar)
        "G5U8",      // Plain dashes in flow sequence
        "MUS6/00",   // Directive variants (`%YAML 1.1#...`)
        "QB6E",      // Wrong indented multiline quoted scalar
        "S98Z",      // Block scalar with more spaces than first content line
        "SU5Z",      // Comment without whitespace after double-quoted scalar
        "X4QW",      // Comment without whitespace after block scalar indicator
        "Y79Y/003",  // Tabs in various contexts (tab-indented flow sequence entry)
        "YJV2",      // Dash in flow sequence
    ]
}

@Suite struct YAMLTestSuiteTests {
    @Test(.enabled(if: YAMLTestSuite.isPresent, "needs ../shared/corpus/yaml-test-suite beside the project"))
    func everyCaseParsesOrThrowsAPositionedError() throws {
        let cases = try YAMLTestSuite.cases()
        #expect(!cases.isEmpty, "no cases found in \(YAMLTestSuite.directory.path)")
        for testCase in cases {
            do {
                _ = try YAMLParser().parse(testCase.bytes, file: testCase.id)
            } catch {
                #expect(!error.message.isEmpty, "\(testCase.id): empty message")
                #expect(error.file == testCase.id)
                #expect((error.line ?? 0) >= 1, "\(testCase.id): \(error)")
                #expect((error.column ?? 0) >= 1, "\(testCase.id): \(error)")
            }
        }
    }

    @Test(.enabled(if: YAMLTestSuite.isPresent, "needs ../shared/corpus/yaml-test-suite beside the project"))
    func errorCasesAreRejected() throws {
        let errorCases = try YAMLTestSuite.cases().filter(\.mustFail)
        #expect(!errorCases.isEmpty)
        let ids = Set(errorCases.map(\.id))
        #expect(YAMLTestSuite.acceptedByLibyaml.subtracting(ids).isEmpty, "listed cases that are not error cases")
        for testCase in errorCases {
            let result = Result { () throws(InputError) in try YAMLParser().parse(testCase.bytes, file: testCase.id) }
            if YAMLTestSuite.acceptedByLibyaml.contains(testCase.id) {
                // Keeps the list exact: a newer libyaml that rejects the case should shrink it.
                if case .failure(let error) = result {
                    Issue.record("\(testCase.id) is now rejected (\(error)); remove it from acceptedByLibyaml")
                }
            } else if case .success = result {
                Issue.record("\(testCase.id) must be rejected, but it parsed")
            }
        }
    }

    /// Fed in as model files, every case loads cleanly or ends in one positioned message: the
    /// whole loader (parse, decode, validate), never a crash.
    @Test(.enabled(if: YAMLTestSuite.isPresent, "needs ../shared/corpus/yaml-test-suite beside the project"))
    func everyCaseAsAModelFileLoadsOrGivesOnePositionedError() throws {
        for testCase in try YAMLTestSuite.cases() {
            do {
                _ = try YAMLModelLoader().load(bytes: testCase.bytes, file: testCase.id)
            } catch {
                #expect(!error.message.isEmpty, "\(testCase.id): empty message")
                #expect((error.line ?? 0) >= 1 && (error.column ?? 0) >= 1, "\(testCase.id): \(error)")
            }
        }
    }

    /// The built executable on a sample of cases copied as model files: exit 2 with
    /// `file:line:column: error:` on standard error, never a crash or a stack trace.
    @Test(.enabled(if: YAMLTestSuite.isPresent, "needs ../shared/corpus/yaml-test-suite beside the project"))
    func theExecutableRejectsCasesWithExitTwo() throws {
        let cases = try YAMLTestSuite.cases()
        let folder = try TemporaryFolder()
        // Every eighth case, as separate one-file model folders; the run lints them all at once.
        var paths: [String] = []
        for (index, testCase) in cases.enumerated() where index % 8 == 0 {
            let name = "case\(index)/model.yaml"
            try folder.folder("case\(index)")
            try Data(testCase.bytes).write(to: folder.url.appendingPathComponent(name))
            paths.append(name)
        }
        let run = try Executable.run(paths, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("    note:") }
        #expect(lines.count == paths.count, "one message per file")
        for line in lines {
            #expect(line.range(of: #"^case\d+/model\.yaml:\d+:\d+: error: "#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrac"))
    }
}

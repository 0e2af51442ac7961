import Foundation
import SyntheticHistory
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// The findings of real runs must not change when the code that computes them is made faster:
/// `schemalint lint` on the benchmark's generated history (small), the examples and the
/// xcdatamodeld corpus prints exactly what the code printed before (Fixtures/findings, produced
/// once by the release binary of commit e350123, before the speed work, and checked by hand in
/// samples: positions against the files, counts against what the generator writes). A change
/// that means to change findings updates them, and says why in its commit: the merge of the
/// SwiftData reader and the store-handling rules did (new findings in examples/swiftdata; advice
/// in Xcode's and SwiftData's words; the finding lines of the corpus report stayed identical).
@Suite struct UnchangedFindingsTests {
    static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/SchemaLintTests/Fixtures/findings")
    static let corpus = Executable.shared.appendingPathComponent("corpus/xcdatamodeld")
    static let corpusExists = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path)

    /// 30 versions x 8 entities x 6 attributes with churn: 29 changed defaults, 29 added
    /// attributes, two renames (added9 in version 11, added19 in version 21).
    static let history = SyntheticHistory(versions: 30, entities: 8, attributes: 6, churn: true)

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// Where the first difference is, so a failure says more than "not equal".
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let (a, e) = (actual.split(separator: "\n", omittingEmptySubsequences: false), expected.split(separator: "\n", omittingEmptySubsequences: false))
        for index in 0..<max(a.count, e.count) where index >= a.count || index >= e.count || a[index] != e[index] {
            return "line \(index + 1): got '\(index < a.count ? a[index] : "(end)")', expected '\(index < e.count ? e[index] : "(end)")'"
        }
        return "no difference"
    }

    @Test(arguments: [("previous", "synthetic-previous.txt"), ("transitive", "synthetic-transitive.txt"), ("window:3", "synthetic-window-3.txt")])
    func syntheticHistory(mode: String, fixture: String) throws {
        let folder = try TemporaryFolder()
        let files = folder.url.appendingPathComponent("history")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for version in 1...Self.history.versions {
            try Data(Self.history.file(version: version).utf8).write(to: files.appendingPathComponent(SyntheticHistory.fileName(version: version)))
        }
        let run = try Executable.run(["lint", "history", "--no-color", "--all-steps", "--compatibility", mode], in: folder.url)
        let expected = try Self.expected(fixture)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == expected, "\(Self.firstDifference(run.stdout, expected))")
    }

    @Test(arguments: [("previous", "examples-previous.txt"), ("transitive", "examples-transitive.txt")])
    func examples(mode: String, fixture: String) throws {
        let run = try Executable.run(["lint", "examples", "--no-color", "--all-steps", "--compatibility", mode])
        let expected = try Self.expected(fixture)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == expected, "\(Self.firstDifference(run.stdout, expected))")
    }

    /// The corpus's report is large (3,322 lines): the fixture holds its SHA-256, its line count
    /// and its summary line.
    @Test(.enabled(if: corpusExists, "needs ../shared/corpus/xcdatamodeld beside the project"))
    func xcodeCorpus() throws {
        let run = try Executable.run(["lint", "../shared/corpus/xcdatamodeld", "--no-color", "--all-steps"])
        let fixture = try Self.expected("corpus-previous.sha256").split(separator: "\n").map(String.init)
        let digestAndCount = fixture[0].split(separator: " ").map(String.init)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(run.status == 1, "\(run.stderr)")
        #expect(lines.last.map(String.init) == fixture[1])
        #expect(lines.count == Int(digestAndCount[1]))
        #expect(SHA256.hex(Array(run.stdout.utf8)) == digestAndCount[0])
    }
}

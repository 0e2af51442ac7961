import Foundation
import Testing
@testable import schemalint_fuzz
@testable import SchemaLint
import SchemaLintTestSupport

/// The fuzzing harnesses (Fuzz/, docs/fuzzing.md): their seeds and dictionaries, and the inputs
/// the fuzzer found that once crashed a reader.
@Suite struct FuzzHarnessTests {
    static let fuzz = Executable.packageRoot.appendingPathComponent("Fuzz")

    static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: Harness.allCases)
    func seedsAreAcceptedByTheirReader(harness: Harness) throws {
        // A seed the reader refuses would start the fuzzer in front of the first error instead of
        // deep in the reader.
        let seeds = try Self.files(in: Self.fuzz.appendingPathComponent("seeds/\(harness.rawValue)"))
        #expect(!seeds.isEmpty)
        for seed in seeds {
            let error = harness.run(Array(try Data(contentsOf: seed)))
            #expect(error == nil, "\(seed.lastPathComponent): \(error?.description ?? "")")
        }
    }

    @Test func everyHarnessHasADictionary() throws {
        // swift-source is the SwiftData reader's, in its own executable (schemalint-fuzz-swift).
        let dictionaries = try Self.files(in: Self.fuzz.appendingPathComponent("dictionaries")).map { $0.deletingPathExtension().lastPathComponent }
        #expect(dictionaries == (Harness.allCases.map(\.rawValue) + ["swift-source"]).sorted())
    }

    @Test(arguments: Harness.allCases.map(\.rawValue) + ["swift-source"])
    func dictionaryIsOneQuotedEntryALine(harness: String) throws {
        // libFuzzer refuses to start on a dictionary line it cannot parse.
        let text = try String(contentsOf: Self.fuzz.appendingPathComponent("dictionaries/\(harness).dict"), encoding: .utf8)
        let entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(entries.count > 10)
        for entry in entries {
            #expect(entry.count >= 3 && entry.hasPrefix("\"") && entry.hasSuffix("\""), "\(entry)")
            let inner = Array(entry.dropFirst().dropLast())
            var index = 0
            while index < inner.count {
                defer { index += 1 }
                #expect(inner[index] != "\"", "unescaped quote in \(entry)")
                guard inner[index] == "\\" else { continue }
                // libFuzzer reads `\\`, `\"` and `\xAB` only (`\n` stops it before the first run).
                let next = index + 1 < inner.count ? inner[index + 1] : nil
                if next == "\\" || next == "\"" {
                    index += 1
                } else {
                    let hex = inner.dropFirst(index + 2).prefix(2)
                    #expect(next == "x" && hex.count == 2 && hex.allSatisfy(\.isHexDigit), "an escape libFuzzer cannot read in \(entry)")
                    index += 3
                }
            }
        }
    }

    /// What each reader does with the inputs fuzzing found (Fixtures/fuzz/HARNESS/NAME): the
    /// error it must report, or nil where the input is a valid file. The bug each one showed is
    /// in docs/fuzzing.md; scripts/fuzz.sh also seeds the fuzzer with them, so the sanitizers see
    /// them again in every fuzz run.
    static let found: [String: String?] = [
        // PropertyListSerialization leaked an error object for this OpenStep text with a byte
        // that is not UTF-8; the reader on libxml2 reads only XML property lists.
        "current-version/openstep-invalid-utf8.plist": "malformed XML: the file does not start with an XML element (is it XML?)",
        // Foundation's XMLParser crashed (SEGV in libxml2's xmlSwitchToEncoding) on an XML
        // declaration naming an encoding libxml2 switches to; the reader on libxml2 reads UTF-8 only.
        "xcode-contents/declared-encoding-UTF-08.xml": "unsupported text encoding 'UTF-08' in the XML declaration; model files are UTF-8",
        "xcode-contents/declared-encoding-UTF-7-1.xml": "unsupported text encoding 'UTF-7' in the XML declaration; model files are UTF-8",
        "xcode-contents/declared-encoding-UTF-7-2.xml": "unsupported text encoding 'UTF-7' in the XML declaration; model files are UTF-8",
        "xcode-contents/declared-encoding-UTF-7-3.xml": "unsupported text encoding 'UTF-7' in the XML declaration; model files are UTF-8",
        "xcode-contents/declared-encoding-UTF-7-4.xml": "unsupported text encoding 'UTF-7' in the XML declaration; model files are UTF-8",
        // Objective-C shapes that took the store-code reader time growing with the square (or
        // more) of the file's length: CI's 20-second fuzz run hit a 10 s timeout in this reader
        // (docs/fuzzing.md). Each is valid input for the reader: no error.
        "objc-store-code/unmatched-closers.m": nil,
        "objc-store-code/nested-blocks-on-the-launch-path.m": nil,
        "objc-store-code/many-add-persistent-store-results.m": nil,
        "objc-store-code/nested-error-branches.m": nil,
        "objc-store-code/nested-completion-blocks.m": nil,
        "objc-store-code/chained-assignments.m": nil,
        "objc-store-code/chained-assignments-of-store-options.m": nil,
        // XMLParser leaked on its error path for this truncated model.
        "xcode-contents/truncated-XMLParser-leak.xml": "malformed XML: the file ends in the middle of the document (is it truncated?)",
    ]

    static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/SchemaLintTests/Fixtures/fuzz")

    @Test func everyFoundInputHasItsExpectedOutcome() throws {
        var onDisk: Set<String> = []
        for harness in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path) {
            for file in try Self.files(in: Self.fixtures.appendingPathComponent(harness)) {
                onDisk.insert("\(harness)/\(file.lastPathComponent)")
            }
        }
        #expect(onDisk == Set(Self.found.keys))
    }

    @Test(arguments: found.keys.sorted())
    func foundInputIsReadWithoutACrash(fixture: String) throws {
        let harness = try #require(Harness(rawValue: String(fixture.prefix { $0 != "/" })))
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture)))
        let error = harness.run(bytes)
        #expect(error?.message == Self.found[fixture]!, "\(error?.description ?? "accepted")")
    }

    @Test func harnessReportsTheReadersInputError() {
        // The harness hands back the reader's error: bad input is a normal outcome, not a crash.
        #expect(Harness.lock.run(Array("lock: 2\nmodels: {}\n".utf8))?.line == 1)
        #expect(Harness.baseline.run(Array("[]".utf8))?.message.contains("the baseline") == true)
        #expect(Harness.currentVersion.run(Array("<plist><array/></plist>".utf8))?.message == "the current-version file is not a property-list dictionary")
    }
}

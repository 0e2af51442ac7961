import Foundation
import Testing
import SchemaLint
import SchemaLintSwiftData
@testable import schemalint_fuzz_swift
import SchemaLintTestSupport

/// The SwiftData reader's fuzzing harness (Fuzz/schemalint-fuzz-swift, docs/fuzzing.md): its
/// seeds, how it splits an input into files, and the inputs the fuzzer found.
@Suite struct SwiftSourceFuzzHarnessTests {
    static let seeds = Executable.packageRoot.appendingPathComponent("Fuzz/seeds/swift-source")
    static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/SchemaLintSwiftDataTests/Fixtures/fuzz/swift-source")

    static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func seedsAreAcceptedByTheReader() throws {
        // A seed the reader refuses would start the fuzzer in front of the first error instead of
        // deep in the reader.
        let seeds = try Self.files(in: Self.seeds)
        #expect(!seeds.isEmpty)
        for seed in seeds {
            let error = SwiftSourceHarness.run(Array(try Data(contentsOf: seed)))
            #expect(error == nil, "\(seed.lastPathComponent): \(error?.description ?? "")")
        }
    }

    @Test func theSeedSpansFilesAsAppsDo() throws {
        // The seed's schema V2 lists models declared in an extension, and its plan is in a third
        // file: read apart, the files would not make the history.
        let bytes = Array(try Data(contentsOf: Self.seeds.appendingPathComponent("garden-three-files.swift")))
        let sources = SwiftSourceHarness.sources(bytes)
        #expect(sources.map(\.name) == ["Source1.swift", "Source2.swift", "Source3.swift"])
        #expect(SwiftSourceHarness.run(sources[0].bytes) == nil)
        let withoutTheExtension = sources[0].bytes + [0] + sources[2].bytes
        let reading = SwiftDataReader().read(sources: SwiftSourceHarness.sources(withoutTheExtension))
        #expect(reading.errors.isEmpty && reading.versions.isEmpty)
        #expect(reading.notes.map(\.message).contains { $0.hasPrefix("cannot find 'GardenSchemaV2' of the schemas of 'GardenMigrationPlan'") })
    }

    @Test func errorsNameTheFileOfTheirInput() {
        let input = Array("enum A: VersionedSchema {}\n".utf8) + [0] + Array("@Model final class B { let x = (\n".utf8)
        let error = SwiftSourceHarness.run(input)
        #expect(error?.file == "Source2.swift", "\(error?.description ?? "accepted")")
    }

    @Test func bytesThatAreNotSwiftAreReadWithoutACrash() {
        for input: [UInt8] in [[], [0], [0, 0, 0], [0xFF, 0xFE, 0x00, 0x40], Array("@Model class".utf8) + [0xC3], Array("enum V: VersionedSchema { static var models = [X.self] }".utf8)] {
            _ = SwiftSourceHarness.run(input)
        }
    }

    /// What the reader does with the inputs fuzzing found (Fixtures/fuzz/swift-source/NAME): the
    /// error it must report, or nil where the input is accepted. The bug each one showed is in
    /// docs/fuzzing.md; scripts/fuzz.sh seeds every run with them.
    static let found: [String: String?] = [
        // 56 nested '[' took swift-syntax's parser over 13 s (exponential in the depth).
        "nested-square-brackets-timeout": "'[' nested more than 12 deep; schemalint does not read this file",
        // Names bound to names (`let container = ... moveItem(at: x)`, repeated by the fuzzer) were
        // followed again for every path to them: 17 s and 11 s (debug). Now each name once. The
        // first declares no models and names no plan or CloudKit setting, so the SwiftData reader
        // leaves it alone, and the lenient store-code reader accepts it.
        "store-name-bindings-timeout": nil,
        "store-name-bindings-slow": "this Swift source does not parse: unexpected ', error) in'",
        // A file moved whose name is made of many names, each bound to long expressions of many
        // names: whether it lies in a temporary folder was worked out again per name per step
        // (0.66 s in a release build for 4 KB). Now each expression and each binding once.
        "store-no-store-places-slow": nil,
    ]

    @Test func everyFoundInputHasItsExpectedOutcome() throws {
        let onDisk = (try? Self.files(in: Self.fixtures).map(\.lastPathComponent)) ?? []
        #expect(Set(onDisk) == Set(Self.found.keys))
        for (name, expected) in Self.found {
            let error = SwiftSourceHarness.run(Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
            #expect(error?.message == expected, "\(name): \(error?.description ?? "accepted")")
        }
    }
}

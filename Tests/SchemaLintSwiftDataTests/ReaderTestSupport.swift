import Foundation
import SchemaLint
import SchemaLintTestSupport
@testable import SchemaLintSwiftData

/// Reads Swift sources given as text through the reader's in-memory entry point.
func readSwift(_ files: [(String, String)], cloudKit: Bool = false) -> ModelSourceReading {
    SwiftDataReader().read(sources: files.map { ($0.0, Array($0.1.utf8)) }, options: ModelSourceReadingOptions(declaresCloudKit: cloudKit))
}

func readSwift(_ text: String, name: String = "Models.swift", cloudKit: Bool = false) -> ModelSourceReading {
    readSwift([(name, text)], cloudKit: cloudKit)
}

extension ModelSourceReading {
    func version(_ label: String) -> ModelVersion? { versions.first { $0.label == label } }
}

/// The Swift files of `examples/swiftdata` and of the store-code fixtures: real shapes of code
/// for tests that check something of every node or position.
func exampleAndStoreFixtureSwiftFiles() -> [URL] {
    var files: [URL] = []
    for folder in ["examples/swiftdata", "Tests/SchemaLintTests/Fixtures/store-code"] {
        let enumerator = FileManager.default.enumerator(at: Executable.packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
    }
    return files
}

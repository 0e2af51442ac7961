import Foundation
import SchemaLint
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

/// A folder under the system's temporary folder, removed when the value is released.
final class ScratchFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-swiftdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

/// Runs the built `schemalint` executable from the package root.
enum SchemaLintExecutable {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift files of `examples/swiftdata` and of the store-code fixtures: real shapes of code
    /// for tests that check something of every node or position.
    static func exampleAndStoreFixtureSwiftFiles() -> [URL] {
        var files: [URL] = []
        for folder in ["examples/swiftdata", "Tests/SchemaLintTests/Fixtures/store-code"] {
            let enumerator = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url) }
            }
        }
        return files
    }

    static var binary: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let url = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("schemalint")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        for candidate in [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("schemalint")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/schemalint")
    }

    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GITHUB_STEP_SUMMARY")
        process.environment = environment
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-swiftdata-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? Data(contentsOf: errors)) ?? Data()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

import FuzzDriver
import SchemaLint
import SchemaLintSwiftData

/// The SwiftData reader fed bytes from memory: Swift sources, several files in one input
/// separated by NUL bytes (a history spans files: a schema in one, its models in an extension in
/// another, the plan in a third). An input error is the reader refusing bad input, a normal
/// outcome; a crash, a sanitizer report or a hang is a bug.
enum SwiftSourceHarness {
    static let name = "swift-source"

    /// The files of one input: split at NUL bytes, named `Source1.swift`, `Source2.swift`, ...
    static func sources(_ bytes: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).enumerated().map { index, part in
            ("Source\(index + 1).swift", Array(part))
        }
    }

    /// Reads the input and checks every version it makes as the loaders do; the first error, or
    /// nil when the reader accepted it.
    static func run(_ bytes: [UInt8]) -> InputError? {
        let reading = SwiftDataReader().read(sources: sources(bytes))
        return reading.errors.first
    }

    /// `run` as a C function, as libFuzzer calls it.
    static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        _ = SwiftSourceHarness.run(fuzzerInput(data, size))
        return 0
    }
}

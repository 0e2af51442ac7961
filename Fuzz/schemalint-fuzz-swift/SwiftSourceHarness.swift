import FuzzDriver
import SchemaLint
import SchemaLintStoreCode
import SchemaLintSwiftData

/// The two Swift readers, SwiftData's and the store-handling code's, fed bytes from memory: Swift
/// sources, several files in one input separated by NUL bytes (a history spans files: a schema in
/// one, its models in an extension in another, the plan in a third; a store opened in one file is
/// reached from the `App` in another). Both read every input, as both read an app's Swift files, sharing one parse of each. An
/// input error is a reader refusing bad input, a normal outcome; a crash, a sanitizer report or a
/// hang is a bug.
enum SwiftSourceHarness {
    static let name = "swift-source"

    /// The files of one input: split at NUL bytes, named `Source1.swift`, `Source2.swift`, ...
    static func sources(_ bytes: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).enumerated().map { index, part in
            ("Source\(index + 1).swift", Array(part))
        }
    }

    /// Reads the input with both readers; the SwiftData reader's first error, else the store-code
    /// reader's, or nil when both accepted it.
    static func run(_ bytes: [UInt8]) -> InputError? {
        let files = sources(bytes)
        // One run's options: the two readers share each file's parse, as in a lint.
        let options = ModelSourceReadingOptions()
        let models = SwiftDataReader().read(sources: files, options: options)
        let storeCode = SwiftStoreCodeReader().read(sources: files, options: options)
        // The same files in two folders, as two targets' (`T1/`, `T2/`): a class both declare is
        // read as each target's model (`TargetGroups`).
        _ = SwiftDataReader().read(sources: files.enumerated().map { ("T\($0.offset % 2 + 1)/" + $0.element.name, $0.element.bytes) }, options: options)
        return models.errors.first ?? storeCode.errors.first
    }

    /// `run` as a C function, as libFuzzer calls it.
    static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        _ = SwiftSourceHarness.run(fuzzerInput(data, size))
        return 0
    }
}

import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// The file a build system tracks to know that the models have passed (`schemalint --stamp FILE`):
/// written after a run that passes, removed after one that does not, so the build runs schemalint
/// again only when an input changed or the last run failed.
///
/// The build-tool plugin declares it as its command's output. SwiftPM and Xcode compile the Swift
/// files a plugin outputs into the target (an output of another kind would be copied into its
/// resources), so the stamp is a Swift file holding only comments. It never replaces or removes a
/// file that is not a stamp: a mistyped path cannot cost a model file.
package struct BuildStamp: Sendable {
    /// The first line of every stamp; how a stamp is told from any other file.
    package static let marker = "// Written by schemalint --stamp: the models linted passed."

    package var file: String

    package init(file: String) {
        self.file = file
    }

    /// The stamp's text: the marker, then the run's summary (`no problems in 3 versions of 1 model`).
    package static func text(summary: String) -> String {
        "\(marker)\n// \(summary)\n"
    }

    /// Writes the stamp after a run that passed.
    package func record(summary: String) throws(FileWriteError) {
        guard isAbsentOrStamp else {
            throw FileWriteError(path: file, message: "is not a schemalint stamp; --stamp replaces only a file it wrote")
        }
        let folder = PathResolution.parent(of: file)
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try AtomicFileWriter.write(Self.text(summary: summary), to: file, force: true)
    }

    /// Removes the stamp after a run that did not pass (any other file at the path stays).
    package func remove() {
        guard FileManager.default.fileExists(atPath: file), isAbsentOrStamp else { return }
        try? FileManager.default.removeItem(atPath: file)
    }

    private var isAbsentOrStamp: Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else { return true }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: Self.marker.utf8.count)) ?? Data()
        return head == Data(Self.marker.utf8)
    }
}

import Foundation
import SchemaLintCore
import SchemaLintRules

/// The files no report may replace: the inputs of the run (model files, the configuration, the lock,
/// the baseline). Report files are outputs the user asked for and are replaced; these are the user's own.
///
/// Nothing is worked out until a report file is about to be written: a run of 530 model files
/// spent 45 ms resolving every input's path up front, and most runs write no report file.
package struct ProtectedFiles: Sendable {
    private let files: [String]

    package init(_ files: [String]) {
        self.files = files
    }

    /// The refusal to write a report to `file`, or nil when it may be written.
    package func refusal(toReplace file: String) -> InputError? {
        guard isInput(file) else { return nil }
        return InputError(file: file, message: "is an input of this run (a model, configuration, lock or baseline file); a report never replaces it")
    }

    /// Whether `file` is an input: the same file on disk (device and inode, so a symbolic or hard
    /// link to an input is the input). Where nothing is, no input is lost by writing.
    private func isInput(_ file: String) -> Bool {
        guard let identity = FileIdentity(path: file) else { return false }
        return files.contains { FileIdentity(path: $0) == identity }
    }
}

/// A file as the file system knows it, whatever path names it.
private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    /// The file at `path` (links followed), or nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

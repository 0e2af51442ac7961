import Foundation

/// A folder under the system's temporary folder for one test, removed when the value is released.
package final class TemporaryFolder {
    package let path: String
    package var url: URL { URL(fileURLWithPath: path) }

    package init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("schemalint-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` at `relative` (creating folders) and returns the full path.
    @discardableResult
    package func write(_ text: String, to relative: String) throws -> String {
        try write(Data(text.utf8), to: relative)
    }

    /// Writes `bytes` at `relative` (creating folders) and returns the full path.
    @discardableResult
    package func write(_ bytes: Data, to relative: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `text` at `relative` as a program (mode 0755) and returns the full path. The file is
    /// opened close-on-exec: a child that another test spawns while it is open must not keep it
    /// open, or running the program fails with "Text file busy" (ETXTBSY) for as long as that
    /// child runs.
    @discardableResult
    package func writeProgram(_ text: String, to relative: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
        defer { close(descriptor) }
        try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
        guard fchmod(descriptor, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file]) }
        return file
    }

    /// Creates the folder `relative` and returns its full path.
    @discardableResult
    package func folder(_ relative: String) throws -> String {
        let folder = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

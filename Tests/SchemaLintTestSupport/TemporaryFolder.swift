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

    /// Creates the folder `relative` and returns its full path.
    @discardableResult
    package func folder(_ relative: String) throws -> String {
        let folder = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

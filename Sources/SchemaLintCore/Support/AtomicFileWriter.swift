import Foundation

/// Writes files so that readers see either the old file or the complete new one, never a part:
/// the text goes to a temporary file in the same folder, which then takes the file's name.
package enum AtomicFileWriter {
    /// Writes `text` (UTF-8) to `path`. An existing file is replaced only when `force` is true.
    package static func write(_ text: String, to path: String, force: Bool = false) throws(FileWriteError) {
        try write(Data(text.utf8), to: path, force: force)
    }

    /// Writes `data` to `path`. An existing file is replaced only when `force` is true; a folder never is.
    package static func write(_ data: Data, to path: String, force: Bool = false) throws(FileWriteError) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { throw FileWriteError(path: path, message: "is a folder; not replacing it") }
        if exists, !force { throw alreadyExists(path) }

        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            throw FileWriteError(path: path, message: "cannot write: \(FileProblem.describe(error))")
        }
        defer { unlink(temporary) }

        if force {
            if exists, let permissions = try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] {
                try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary)
            }
            guard rename(temporary, path) == 0 else { throw failure(path, errno) }
            return
        }
        // A hard link fails if the name exists, so a file created meanwhile is not clobbered either.
        if link(temporary, path) == 0 { return }
        let code = errno
        if code == EEXIST { throw alreadyExists(path) }
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV || code == EMLINK else {
            throw failure(path, code)
        }
        // The file system has no hard links: check, then rename.
        guard !FileManager.default.fileExists(atPath: path) else { throw alreadyExists(path) }
        guard rename(temporary, path) == 0 else { throw failure(path, errno) }
    }

    private static func alreadyExists(_ path: String) -> FileWriteError {
        FileWriteError(path: path, message: "file already exists; refusing to replace it without force")
    }

    private static func failure(_ path: String, _ code: Int32) -> FileWriteError {
        FileWriteError(path: path, message: "cannot write: \(String(cString: strerror(code)))")
    }
}

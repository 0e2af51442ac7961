/// A file that could not be written: reported as `path: error: message`.
package struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): error: \(message)" }
}

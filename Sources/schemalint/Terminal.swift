import Foundation

/// The process's terminal: where output goes and whether it may be coloured.
enum Terminal {
    /// Colour only on a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    static func wantsColor() -> Bool {
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Ends the process with `status`, without freeing `value` (the reports are written straight
    /// to their files and descriptors; `exit` flushes what C's streams hold).
    static func exit<Value>(_ status: Int32, keeping value: Value) -> Never {
        withExtendedLifetime(value) { Foundation.exit(status) }
    }
}

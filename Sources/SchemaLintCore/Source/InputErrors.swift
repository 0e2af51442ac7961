import Foundation

/// Every problem with the input of one run, sorted by file and position.
public struct InputErrors: Error, Sendable {
    public var errors: [InputError]

    package init(_ errors: [InputError]) {
        self.errors = errors.sorted { ($0.file, $0.line ?? 0, $0.column ?? 0, $0.message) < ($1.file, $1.line ?? 0, $1.column ?? 0, $1.message) }
    }

    /// Runs a step that can fail with one input problem, as a step failing with this list.
    package static func collect<Value>(_ step: () throws(InputError) -> Value) throws(InputErrors) -> Value {
        do throws(InputError) {
            return try step()
        } catch {
            throw InputErrors([error])
        }
    }

    /// `file:line:column: error: message` lines with their notes, as compilers print them.
    package var description: String {
        errors.map { error in error.description + "\n" + error.notes.map { "    note: \($0)\n" }.joined() }.joined()
    }
}

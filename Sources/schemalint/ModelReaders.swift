import SchemaLint
import SchemaLintSwiftData

/// The readers of formats the core does not know itself, registered for every command that
/// loads models. A new format adds its reader here.
enum ModelReaders {
    static var registered: [any ModelSourceReader] { [SwiftDataReader()] }
}

import SchemaLint
#if SCHEMALINT_SWIFT_SOURCES
import SchemaLintStoreCode
import SchemaLintSwiftData
#endif

/// The readers of formats the core does not know itself, registered for every command that
/// loads models. A new format adds its reader here. (A build with
/// `SCHEMALINT_WITHOUT_SWIFT_SOURCES=1` leaves out the SwiftData reader and swift-syntax: see
/// Package.swift.)
enum ModelReaders {
    static var registered: [any ModelSourceReader] {
        #if SCHEMALINT_SWIFT_SOURCES
        [SwiftDataReader(), SwiftStoreCodeReader()]
        #else
        []
        #endif
    }
}

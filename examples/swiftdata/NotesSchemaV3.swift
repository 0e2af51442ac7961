import Foundation
import SwiftData

// The third release: the newest schema lists top-level classes (Models.swift).
enum NotesSchemaV3: VersionedSchema {
    static var versionIdentifier: Schema.Version {
        Schema.Version(3, 0, 0)
    }

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }
}

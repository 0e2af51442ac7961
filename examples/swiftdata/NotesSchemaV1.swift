import Foundation
import SwiftData

// The first release: models nested in the schema enum.
enum NotesSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }

    @Model
    final class Note {
        var title: String = ""
        var body: String = ""
        var createdAt: Date = Date.now
        var isPinned = false
        var priority: Int = 0
        var folder: Folder?

        init(title: String) {
            self.title = title
        }
    }

    @Model
    final class Folder {
        @Attribute(.unique) var name: String
        @Relationship(deleteRule: .cascade, inverse: \Note.folder)
        var notes: [Note]? = []

        init(name: String) {
            self.name = name
        }
    }
}

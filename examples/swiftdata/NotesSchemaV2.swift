import Foundation
import SwiftData

// The second release: the schema declares its models in an extension, `body` is renamed to
// `text` with its original name, and `priority` becomes an enum (a custom stage converts it).
enum NotesSchemaV2: VersionedSchema {
    static let versionIdentifier: Schema.Version = .init(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }
}

enum Priority: Int, Codable {
    case low, normal, high
}

extension NotesSchemaV2 {
    @Model
    final class Note {
        var title: String = ""
        @Attribute(originalName: "body") var text: String = ""
        var createdAt: Date = Date.now
        var isPinned = false
        var priority: Priority = Priority.normal
        var folder: Folder?

        /// Not stored: computed from the title.
        var isUntitled: Bool { title.isEmpty }

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

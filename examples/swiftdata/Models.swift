import Foundation
import SwiftData

// The current models. `isPinned` was renamed to `pinned` without `originalName`:
// SwiftData sees a new attribute, and every note loses its pin.
@Model
final class Note {
    var title: String = ""
    @Attribute(originalName: "body") var text: String = ""
    var createdAt: Date = Date.now
    var pinned = false
    var priority: Priority = Priority.normal
    var folder: Folder?
    @Transient var isSelected = false

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

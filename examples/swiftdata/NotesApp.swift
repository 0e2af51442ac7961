import SwiftData
import SwiftUI

@main
struct NotesApp: App {
    let container: ModelContainer = {
        // A local store: nothing is synced with CloudKit.
        let configuration = ModelConfiguration(cloudKitDatabase: .none)
        return try! ModelContainer(
            for: Schema(versionedSchema: NotesSchemaV3.self),
            migrationPlan: NotesMigrationPlan.self,
            configurations: configuration
        )
    }()

    var body: some Scene {
        WindowGroup {
            Text("Notes")
        }
        .modelContainer(container)
    }
}

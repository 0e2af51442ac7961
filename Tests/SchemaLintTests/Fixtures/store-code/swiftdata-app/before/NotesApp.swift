import SwiftData
import SwiftUI

@main
struct NotesApp: App {
    var sharedModelContainer: ModelContainer = {
        let schema = Schema(versionedSchema: NotesSchemaV2.self)
        let modelConfiguration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
        do {
            return try ModelContainer(for: schema, migrationPlan: NotesMigrationPlan.self, configurations: [modelConfiguration])
        } catch {
            fatalError("Could not create ModelContainer: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
        .modelContainer(sharedModelContainer)
    }
}

#Preview {
    ContentView()
        .modelContainer(try! ModelContainer(for: NotesSchemaV2.Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true)))
}

import SwiftData
import SwiftUI

@main
struct NotesApp: App {
    @State private var store = NotesStore()

    var body: some Scene {
        WindowGroup {
            RootView(store: store)
                .task { await store.open() }
        }
    }
}

@Observable
final class NotesStore {
    var container: ModelContainer?
    var openingError: Error?

    /// Opens (and migrates) the store after the first frame, behind a progress view.
    func open() async {
        do {
            let schema = Schema(versionedSchema: NotesSchemaV2.self)
            container = try ModelContainer(for: schema, migrationPlan: NotesMigrationPlan.self)
        } catch {
            openingError = error
        }
    }
}

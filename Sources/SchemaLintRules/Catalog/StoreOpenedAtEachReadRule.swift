import SchemaLintCore

/// `store-opened-at-each-read`: a computed property whose getter makes the container that opens
/// the store, read on the launch path, or a SwiftUI view's initializer or `body` that makes one.
/// Every read opens the store again in a new container with a coordinator of its own, and SwiftUI
/// reads the property, and makes the view, again with each update: views, widgets and intents work
/// on containers that do not see each other's unsaved objects.
struct StoreOpenedAtEachReadRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-opened-at-each-read", category: .storeHandling, synced: .warning, local: .warning,
        summary: "A computed property, or a SwiftUI view as it is made, makes the container that opens the store, so every read or update opens the store again in a container of its own."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        // The getter's fallbacks (a local store when CloudKit fails) are one property: one finding.
        var reported: Set<CodePlace> = []
        return context.facts.openings.compactMap { opening -> Finding? in
            if opening.madeAtEachReadOf == nil, let view = opening.madeAtEachViewUpdateIn {
                guard reported.insert(view).inserted else { return nil }
                return madeByAView(opening, in: view)
            }
            guard let property = opening.madeAtEachReadOf, reported.insert(property).inserted else { return nil }
            let root = opening.launchPath[0]
            var notes = [Finding.Note("\(property.declaration) is a computed property: its getter runs at each read and keeps nothing it made", at: property.location)]
            // The way to the getter reads it; from the getter on, functions it calls make the container.
            let getter = opening.launchPath.firstIndex(of: property) ?? opening.launchPath.count - 1
            notes += opening.launchPath[..<getter].map { step in Finding.Note("read from \(step.declaration)", at: step.location) }
            notes += opening.launchPath.dropLast().dropFirst(getter + 1).map { step in Finding.Note("the getter calls \(step.declaration), which keeps nothing it made either", at: step.location) }
            return finding(
                at: opening.place, subject: property.declaration,
                message: "\(opening.call.displayName) makes a new container at each read of \(property.declaration), first on the launch path (\(root.declaration)): each container opens the store again with a coordinator of its own, and what a context of one holds unsaved, the others never see",
                notes: notes,
                suggestions: [
                    "make the container once and keep it: a stored property (`static let shared: ModelContainer = { ... }()`, `let container = ...` in the App, or `lazy var`), and hand that one container to every scene, widget timeline and intent",
                ]
            )
        }
    }

    private func madeByAView(_ opening: StoreOpening, in view: CodePlace) -> Finding {
        let made = opening.place.declaration == view.declaration ? "" : " through \(opening.place.declaration)"
        return finding(
            at: opening.place, subject: view.declaration,
            message: "\(opening.call.displayName) makes a new container each time SwiftUI makes the view again, in \(view.declaration)\(made): a view's initializer and body run with each update of the views above it, each container opens the store again with a coordinator of its own, and what a context of one holds unsaved, the others never see",
            notes: made.isEmpty ? [] : [Finding.Note("\(view.declaration) calls \(opening.place.declaration) here, each time the view is made", at: view.location)],
            suggestions: [
                "make the container once, where the app starts (a stored property of the App, or `static let shared`), and hand it to the view: `.modelContainer(container)` above it, or a parameter; a view reads it with `@Environment(\\.modelContext)`",
            ]
        )
    }
}

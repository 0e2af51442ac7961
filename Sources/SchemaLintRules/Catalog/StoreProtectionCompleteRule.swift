import SchemaLintCore

/// `store-protection-complete`: a store with file protection `complete` in an app that runs in the
/// background. While the device is locked the store cannot be read, so a background launch fails
/// to open it (and the usual reaction to that failure crashes or deletes the store).
struct StoreProtectionCompleteRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-protection-complete", category: .storeHandling, synced: .error, local: .error,
        summary: "A store has file protection `complete` in an app that runs in the background, where the locked device cannot open it."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        let evidence = context.facts.backgroundEvidence
        guard !evidence.isEmpty else { return [] }
        return context.facts.protections.map { protection in
            var notes = evidence.prefix(3).map { Finding.Note("the app runs in the background: \($0.what)", at: $0.location) }
            if evidence.count > 3 { notes.append(Finding.Note("and \(evidence.count - 3) more signs of background work")) }
            return finding(
                at: protection.place, subject: "file protection",
                message: "the store gets file protection \(protection.written), but the app runs in the background: launched while the device is locked, it cannot open the store",
                notes: notes,
                suggestions: [
                    "use FileProtectionType.completeUntilFirstUserAuthentication (NSFileProtectionCompleteUntilFirstUserAuthentication), the class most stores use",
                    "if the data must stay locked, check UIApplication.shared.isProtectedDataAvailable before opening the store and wait for protectedDataDidBecomeAvailableNotification instead of failing",
                ]
            )
        }
    }
}

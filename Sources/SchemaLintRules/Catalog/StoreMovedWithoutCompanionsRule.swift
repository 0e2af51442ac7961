import SchemaLintCore

/// `store-moved-without-companions`: a SQLite store moved, copied or deleted with `FileManager`
/// without its `-wal` file. The committed changes not yet checkpointed live in the `-wal`: moved
/// without it they are lost; deleted without it, the stale `-wal` is read with a database put at
/// that path (a new, empty store discards it).
struct StoreMovedWithoutCompanionsRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-moved-without-companions", category: .storeHandling, synced: .error, local: .error,
        summary: "A SQLite store is moved, copied or deleted with FileManager without its -wal and -shm files: changes not yet checkpointed are lost."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        removalsAfterAFailedMigration(context)
            + Self.byDeclaration(context.facts.fileOperations.filter { !$0.handlesWAL && !$0.evenWhenTheMigrationFails }).map(Self.backupMadeAnew).map { operation, others in
            var finding = withoutCompanions(operation)
            // The other moves of one function (a migrator that moves the store aside, the new one
            // in, and back on failure) are one way of handling the store: one finding.
            finding.notes += others.map { other in
                Finding.Note("\(other.written) \(Self.verb(other.operation)) \(other.store) here too, without its -wal and -shm files", at: other.place.location)
            }
            return finding
        }
    }

    /// A backup made anew: the last backup removed, then the store copied to its place (to upload
    /// it, to share it). No store is opened at the backup's path, so no stale `-wal` is read
    /// there: the copy of the store without its `-wal`, which leaves the backup without the
    /// changes not yet checkpointed, is what the finding is about, and the removal is left out.
    private static func backupMadeAnew(_ group: (StoreFileOperation, [StoreFileOperation])) -> (StoreFileOperation, [StoreFileOperation]) {
        let (first, others) = group
        // The URL's own name, not its type's (`BackupManager.storeURL` is the store).
        func namesABackup(_ operation: StoreFileOperation) -> Bool {
            let name = (operation.store.split(separator: ".").last.map(String.init) ?? operation.store).lowercased()
            return ["backup", "export"].contains { name.contains($0) }
        }
        guard first.operation == .remove, first.refilled, namesABackup(first),
              let copy = others.firstIndex(where: { $0.operation != .remove && !namesABackup($0) }) else { return group }
        return (others[copy], others.enumerated().filter { $0.offset != copy && !($0.element.operation == .remove && namesABackup($0.element)) }.map(\.element))
    }

    private static func verb(_ operation: StoreFileOperation.Operation) -> String {
        switch operation {
        case .move: "moves"
        case .copy: "copies"
        case .remove: "deletes"
        }
    }

    /// The operations, the first of each declaration with the others of it that would be judged
    /// the same way (not after a migration, not a cache's, not in code nothing calls, or all so).
    private static func byDeclaration(_ operations: [StoreFileOperation]) -> [(StoreFileOperation, [StoreFileOperation])] {
        var groups: [(StoreFileOperation, [StoreFileOperation])] = []
        var index: [String: Int] = [:]
        for operation in operations {
            let key = [operation.place.location.file, operation.place.declaration, "\(operation.afterMigration)", operation.cache?.said ?? "", "\(operation.inUnusedCode)", operation.inUnusedType ?? "", operation.offByConstant ?? "",
                       "\(operation.childPathMistake != nil || operation.extensionMistake != nil)"].joined(separator: "\u{0}")
            if let at = index[key] {
                groups[at].1.append(operation)
            } else {
                index[key] = groups.count
                groups.append((operation, []))
            }
        }
        return groups
    }

    private func withoutCompanions(_ operation: StoreFileOperation) -> Finding {
        let (verb, replacement): (String, String) = switch operation.operation {
        case .move: ("moves", "NSPersistentStoreCoordinator.migratePersistentStore(_:to:options:type:) (or replacePersistentStore(at:withPersistentStoreFrom:type:) and then destroyPersistentStore(at:type:))")
        case .copy: ("copies", "NSPersistentStoreCoordinator.replacePersistentStore(at:withPersistentStoreFrom:type:) or migratePersistentStore(_:to:options:type:), which copy the whole store")
        case .remove: ("deletes", "NSPersistentStoreCoordinator.destroyPersistentStore(at:type:), which deletes the store with its companions")
        }
        var notes: [Finding.Note] = []
        if let mistake = operation.childPathMistake {
            let suffix = operation.childPathMistakeSuffix
            notes.append(Finding.Note("appending \"\(suffix)\" as a path component names a file inside a folder named like the store, not the store's \(suffix) file", at: mistake))
        }
        if let mistake = operation.extensionMistake {
            let added = operation.extensionMistakeText
            notes.append(Finding.Note("a path extension comes after a dot: appendingPathExtension(\"\(added)\") names the store's file with \".\(added)\" added, not its -wal file, which SQLite names after the store with \"-wal\" added", at: mistake))
        }
        // SQLite deletes a -wal it finds beside an empty database (`pagerOpenWalIfPresent`), so a
        // store created anew at the path discards the leftovers; a database put there with data
        // is opened with them, and their pages are read in place of its own.
        let leftovers = "the -wal and -shm files stay behind; SQLite discards them when it creates a new, empty store at that path, but a database copied or moved there later (a seed, a backup) is opened with the stale -wal, whose pages it reads in place of its own"
        let refilled = operation.operation != .copy && operation.refilled
        var outcome = refilled
            ? "the -wal and -shm files stay behind, and the database this code then copies or moves to that path is opened with the stale -wal, whose pages SQLite reads in place of its own: the store reads as corrupt or with old data"
                + (operation.operation == .move ? ", and the store moved away is missing what its -wal held" : "")
            : operation.afterMigration
            ? "migratePersistentStore copied its data first, so nothing is lost; " + leftovers
            : operation.operation == .remove
            ? leftovers
            : "the changes still in its -wal file are lost"
        var severity: Severity? = operation.operation == .remove && !refilled ? .note : nil
        // A cache's leftovers cost a cache the app makes again, no person's data.
        if let cache = operation.cache {
            outcome += "; \(cache.said) says the store is a cache, whose content the app can make again, so the person loses nothing"
            severity = .note
        }
        // Code behind a constant that is false never runs: a reminder, for when it is turned on.
        if let constant = operation.offByConstant {
            outcome += "; this runs only when \(constant) is true, and the code declares it false"
            severity = .note
        }
        if let type = operation.inUnusedType {
            outcome += "; no other Swift file names \(type), so nothing makes one, and this runs only if code elsewhere does"
            severity = .note
        }
        // Code nothing calls never runs: a reminder, in case code elsewhere calls it.
        if operation.inUnusedCode {
            outcome += "; no file read calls \(operation.place.declaration), so this runs only if code elsewhere does"
            severity = .note
        }
        return finding(
            at: operation.place, severity: severity, subject: "\(operation.operation.rawValue) \(operation.store)",
            message: "\(operation.written) \(verb) the store file \(operation.store) but not its -wal and -shm files: \(outcome)",
            notes: notes,
            suggestions: (operation.inUnusedCode ? ["remove \(operation.place.declaration) if nothing calls it"] : [])
                + (operation.inUnusedType.map { ["remove \($0) if nothing uses it"] } ?? []) + [
                "use \(replacement)",
                "or do the same to the files named like the store plus \"-wal\" and \"-shm\" (`URL(fileURLWithPath: store.path + \"-wal\")`), with the store closed",
            ]
        )
    }

    /// One finding each, but where the app's own code does it too, an extension's copy of that
    /// code (the move into the app group pasted into a widget or an intent extension) is a note of
    /// the app's finding: the extension's default location, which it moves from, holds only a store
    /// that extension made itself, not the person's store the app kept there.
    private func removalsAfterAFailedMigration(_ context: StoreCodeContext) -> [Finding] {
        let removals = context.facts.fileOperations.filter(\.evenWhenTheMigrationFails)
        let inTheApp = removals.filter { context.facts.appExtension(containing: $0.place.location.file) == nil }
        guard !inTheApp.isEmpty else { return removals.map(removalAfterAFailedMigration) }
        var findings = inTheApp.map(removalAfterAFailedMigration)
        for copy in removals where !inTheApp.contains(copy) {
            let kind = context.facts.appExtension(containing: copy.place.location.file)?.kind ?? "app"
            findings[0].notes.append(Finding.Note(
                "the \(kind) extension's copy of this code does the same here, from the extension's own default location, which holds only a store the extension made itself",
                at: copy.place.location))
        }
        return findings
    }

    /// The old store removed after a `migratePersistentStore` whose failure the code lets through:
    /// when the copy fails, the store is deleted with nothing copied, its companions or not.
    private func removalAfterAFailedMigration(_ operation: StoreFileOperation) -> Finding {
        finding(
            at: operation.place, severity: .error, subject: "\(operation.operation.rawValue) \(operation.store)",
            message: "\(operation.written) deletes the store file \(operation.store) even when migratePersistentStore failed (its error is caught or ignored and the code goes on): nothing was copied then, and the person's data is gone",
            notes: [],
            suggestions: [
                "remove the old store only once migratePersistentStore returned: after the `try` in the same `do`, or `return` from its `catch`",
                "use NSPersistentStoreCoordinator.destroyPersistentStore(at:type:) there, which deletes the store with its -wal and -shm",
            ]
        )
    }
}

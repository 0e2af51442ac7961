import SchemaLintCore

/// `store-load-failure-destructive`: the code that runs when opening a store fails stops the app
/// or deletes the store. A failed migration then becomes a crash at every launch, or the loss of
/// everything the person stored.
struct StoreFailureDestructiveRule: StoreCodeRule {
    let descriptor = RuleDescriptor(
        id: "store-load-failure-destructive", category: .storeHandling, synced: .warning, local: .warning,
        summary: "When opening the store fails, the code stops the app or deletes the store: a failed migration becomes a crash loop or lost data."
    )

    func check(_ context: StoreCodeContext) -> [Finding] {
        // Where a migration the app runs itself fails, removing or replacing what it wrote is
        // cleaning up its destination, not losing the store; a stop, or removing the store it
        // migrates from, is the rule's.
        let actions = context.facts.failureActions.filter { !$0.opening.isMigration || $0.action == .stopsTheApp || $0.removesTheMigrationSource }
        return Self.oneStopPerStore(Self.oneStopPerFailure(zip(actions, actions.map { finding(of: $0, context) }).map { ($0, $1) }), context)
    }

    /// One finding for the same stop of one store in several declarations: each view model
    /// making its own `try! ModelContainer(for: Book.self, ...)` of the same types opens the same
    /// store, and one change (a container made once, whose failure is reported to the person)
    /// mends them all. The store is the same where the openings are `ModelContainer`s of the same
    /// model types given no configuration (SwiftData's default store); the one on the launch path
    /// (else the first) is reported, the others are its notes.
    private static func oneStopPerStore(_ found: [(action: StoreFailureAction, finding: Finding)], _ context: StoreCodeContext) -> [Finding] {
        // Each action's opening, looked up once.
        let openings = found.map { found in
            context.facts.openings.first { $0.place.location.file == found.action.openingLocation.file && $0.place.location.line == found.action.openingLocation.line }
        }
        func store(of action: StoreFailureAction, _ opened: StoreOpening?) -> String? {
            guard action.action == .stopsTheApp || action.action == .fallsBackToMemory, let opened,
                  opened.call == .modelContainer, opened.opensTheDefaultStore, let types = opened.modelTypes else { return nil }
            return "\(action.action) \(action.written) \(types.sorted().joined(separator: ","))"
        }
        let atLaunch = openings.map { $0.map { !$0.launchPath.isEmpty } ?? false }
        let atLaunchFirst = found.indices.sorted { atLaunch[$0] != atLaunch[$1] ? atLaunch[$0] : $0 < $1 }
        var kept: [(offset: Int, finding: Finding)] = []
        // Each group's finding, with the declarations it holds: a declaration of the same name in
        // another file is a copy of the code in another target (an iOS and a macOS app), whose
        // store is another app's, and starts a group of its own.
        var groups: [String: [(index: Int, declarations: Set<String>)]] = [:]
        for offset in atLaunchFirst {
            let (action, finding) = found[offset]
            guard let key = store(of: action, openings[offset]).map({ "\($0) \(finding.severity)" }) else {
                kept.append((offset, finding))
                continue
            }
            let declaration = action.place.declaration
            if let group = groups[key]?.firstIndex(where: { !$0.declarations.contains(declaration) }), let index = groups[key]?[group].index {
                let does = action.action == .stopsTheApp ? "stops the app" : "falls back to an empty in-memory store"
                kept[index].finding.notes.append(Finding.Note("\(action.written) \(does) here too, where \(declaration) opens the same store", at: action.place.location))
                groups[key]?[group].declarations.insert(declaration)
            } else {
                groups[key, default: []].append((kept.count, [declaration]))
                kept.append((offset, finding))
            }
        }
        return kept.sorted { $0.offset < $1.offset }.map(\.finding)
    }

    /// One finding for the stops (or the fallbacks to memory) of one failure in one declaration:
    /// the same stop in each branch of a `switch` on the error, or in each way a `catch` tells its
    /// cases apart (`catch let error as StoreError` beside a bare `catch`), is one change to make.
    /// The first is reported; the others are its notes.
    private static func oneStopPerFailure(_ found: [(action: StoreFailureAction, finding: Finding)]) -> [(action: StoreFailureAction, finding: Finding)] {
        var result: [(action: StoreFailureAction, finding: Finding)] = []
        var first: [String: Int] = [:]
        for (action, finding) in found.sorted(by: { $0.action.place < $1.action.place }) {
            guard action.action == .stopsTheApp || action.action == .fallsBackToMemory else {
                result.append((action, finding))
                continue
            }
            let key = "\(action.action) \(action.place.declaration) \(finding.location.file) \(action.openingLocation) \(finding.severity) \(finding.message)"
            if let index = first[key] {
                // The same stop reached as several calls fail (each attempt of a recovery ladder) is one.
                guard result[index].finding.location != finding.location, !result[index].finding.notes.contains(where: { $0.location == action.place.location }) else { continue }
                let does = action.action == .stopsTheApp ? "stops the app" : "falls back to an empty in-memory store"
                result[index].finding.notes.append(Finding.Note("\(action.written) \(does) here too, where the same opening fails another way", at: action.place.location))
            } else {
                first[key] = result.count
                result.append((action, finding))
            }
        }
        return result
    }

    private func finding(of action: StoreFailureAction, _ context: StoreCodeContext) -> Finding {
        let opening = action.opening.displayName
        // An extension's failure is milder only beside an app that opens a store itself; where
        // only extensions open one (a Safari extension whose app is a shell), the extension's
        // handling is the only one.
        let appOpensAStore = context.facts.openings.contains { context.facts.appExtension(containing: $0.place.location.file) == nil }
        let appExtension = appOpensAStore ? context.facts.appExtension(containing: action.place.location.file) : nil
        var consequence: String
        var suggestions: [String]
        // An opening that migrates nothing (`addPersistentStore` whose options do not ask for it,
        // or come from elsewhere; `loadPersistentStores` with `shouldMigrateStoreAutomatically`
        // off, after the app's own migration) fails on a store that does not open as it is, not
        // on a failed migration.
        let opened = context.facts.openings.first {
            $0.place.location.file == action.openingLocation.file && $0.place.location.line == action.openingLocation.line
        }
        let failing = action.opening == .replacePersistentStore ? "a store that fails to be copied"
            : opened.map { [.addPersistentStore, .loadPersistentStores].contains($0.call) && !$0.migratesAutomatically } ?? false ? "a store that fails to open" : "a store that fails to migrate"
        var severity: Severity?
        // What says the store is a cache: what the deletion's code names, or, where the app goes
        // on without the store (only logging, an in-memory store), what the opening's code names.
        let cache = action.cache ?? (action.action == .onlyLogs || action.action == .fallsBackToMemory ? opened?.cache : nil)
        let clearedAsCache = action.action == .deletesTheStore && action.cache == nil ? opened.flatMap { Self.cacheClearing(of: $0, context) } : nil
        let clearing = clearedAsCache.map { $0.function.hasPrefix(".") ? String($0.function.dropFirst()) : $0.function } ?? ""
        switch action.action {
        case .stopsTheApp where action.afterFallbackToMemory, .fallsBackToMemory where action.afterFallbackToMemory:
            // The fallback to memory, where the wrapper made it, is the finding.
            consequence = "\(action.written) runs when \(opening) fails and the in-memory store the code falls back to fails too: nothing migrates in memory, so only what fails every time (a model that does not load) reaches it"
            suggestions = ["report the error to the person instead, and keep the failed store"]
            severity = .note
        case .stopsTheApp where action.afterFallbackToAnotherStore:
            // The store that failed is left as it is; the recovery store is new and empty.
            consequence = "\(action.written) runs only when \(opening) fails on the app's store and then on the recovery store the code opens in its place, a store of its own: the person's store is left as it is, and this is the last resort when both fail"
            suggestions = ["report the error to the person instead of stopping the app, and keep the failed store"]
            severity = .note
        case .stopsTheApp where action.opensAfterDeletingTheStore:
            // The deletion before the retry is the loss, reported where it is.
            consequence = "\(action.written) stops the app when \(opening) fails on the new, empty store made after the old one's files were deleted or moved aside: no migration can fail there, only what fails every time (a full disk, a model that does not load)"
            suggestions = ["report the error to the person instead of stopping the app, and keep the failed store rather than delete it"]
            severity = .note
        case .stopsTheApp where action.stopsAfterDeletingTheStore:
            // The deletion before it is the loss, reported where it is; the next launch opens a
            // new store, so the stop happens once.
            consequence = "\(action.written) stops the app when \(opening) fails, after the same code deleted the store: the next launch makes a new, empty store, so the app stops once, and the deletion is what loses the person's data"
            suggestions = ["report the error to the person instead of stopping the app, and keep the failed store rather than delete it"]
            severity = .note
        case .fallsBackToMemory where action.opensAfterDeletingTheStore, .onlyLogs where action.opensAfterDeletingTheStore, .deletesTheStore where action.opensAfterDeletingTheStore:
            // The deletion (or the move aside) before the retry is the loss, reported where it is.
            let does = action.action == .onlyLogs ? "is all the app does" : action.action == .deletesTheStore ? "deletes the store again" : "gives the app an empty in-memory store"
            consequence = "\(action.written) \(does) when \(opening) fails on the new, empty store made after the old one's files were deleted or moved aside: nothing of the person's is left in it, so only what fails every time (a full disk, a model that does not load) reaches it"
            suggestions = ["tell the person the data could not be opened, rather than go on as if the store were there"]
            severity = .note
        case .stopsTheApp where action.afterTellingThePerson:
            // Told in an alert the app waits on, the person knows why it quits; the store is kept.
            consequence = "\(action.written) stops the app when \(opening) fails, once an alert has told the person: the store file stays for a later release to open, though the app quits each time until then"
            suggestions = ["let the alert offer to send a report with the error's userInfo, so the failure can be fixed in the next release"]
            severity = .note
        case .stopsTheApp where appExtension != nil:
            // An extension that stops leaves the app running: a widget stays empty, a share
            // sheet closes; the app, which opens the same store, has its own handling.
            let kind = appExtension?.kind ?? "app"
            consequence = "\(action.written) stops the \(kind) extension when \(opening) fails: a store that fails to migrate stops the extension each time the system runs it, not the app"
            suggestions = ["show the failure in the extension instead of stopping it (an empty timeline in a widget, a message in a share sheet), and keep the store file"]
            severity = .note
        case .fallsBackToMemory where appExtension != nil:
            // The extension shows nothing for a while; the app opens the store itself, and
            // nothing the extension writes to memory was the person's.
            let kind = appExtension?.kind ?? "app"
            consequence = "\(action.written) gives the \(kind) extension an empty in-memory store when \(opening) fails: the extension shows none of the person's data until the store opens again, and what it writes there is gone; the app opens the store with its own handling"
            suggestions = ["show the failure in the extension (an empty timeline in a widget, a message in a share sheet) rather than write to a store that is thrown away"]
            severity = .note
        case .fallsBackToMemory where action.untilTheDeviceUnlocks:
            // The file is there and kept; it cannot be read until the person unlocks the device.
            consequence = "\(action.written) gives the app an empty in-memory store when \(opening) fails while the device is still locked after a restart, and the same code opens the store once it is unlocked: the store file is kept, and only what the app writes before the unlock is lost"
            suggestions = ["keep what arrives before the first unlock somewhere readable while locked (a file with `FileProtectionType.completeUntilFirstUserAuthentication` or none), and move it into the store once it opens"]
            severity = .note
        case .fallsBackToMemory where action.withAnAlert:
            // Told, the person knows what they enter now is not kept; the store stays for a fix.
            consequence = "\(action.written) replaces the store with an empty in-memory one when \(opening) fails, and the same code tells the person (an alert, or a state or error the interface shows): what they enter now is gone at the next launch, and the store file stays for a later release to open"
            suggestions = ["make sure what the person sees says that nothing entered now is kept, and offer to retry or to send a report"]
            severity = .note
        case .stopsTheApp:
            // At every launch where the store opens at launch; else each time the code that
            // opens it runs (a settings screen, a service made on first use).
            // (An opening's place is its method's name, the action's the call's start: one line.)
            let atLaunch = context.facts.openings.contains {
                $0.place.location.file == action.openingLocation.file && $0.place.location.line == action.openingLocation.line && !$0.launchPath.isEmpty
            }
            consequence = "\(action.written) stops the app when \(opening) fails: \(failing) crashes the app " + (atLaunch ? "at every launch" : "each time it opens the store")
            if action.stopsAfterDeletingTheStoreForSomeErrors {
                // The errors the code tests were met by deleting the store (reported where it is):
                // for those the next launch starts empty; every other failure stops it again.
                consequence = "\(action.written) stops the app when \(opening) fails: for the errors the code above tests, after it deleted the store, so the next launch starts with an empty store; for any other failure (a migration it does not test for, a full disk, a store the device keeps locked) it crashes the app " + (atLaunch ? "at every launch" : "each time it opens the store")
            }
            suggestions = ["report the error to the person and keep the store file: show a screen that explains the problem and offers to retry or to send a report, and log the error's userInfo"]
        case .deletesTheStore where action.whenIncompatible && cache == nil && clearedAsCache == nil:
            consequence = "\(action.written) deletes the store whenever it does not match the model: every release that changes the model deletes everything the person stored, instead of migrating it"
            suggestions = ["open the store with automatic migration (NSMigratePersistentStoresAutomaticallyOption and NSInferMappingModelAutomaticallyOption, or NSPersistentContainer's defaults) and keep every model version in the bundle, so a store of an earlier version is migrated, not deleted"]
        case .deletesTheStore where cache?.source == .rebuiltFromFiles:
            // An index of files on the device: the files are the data, and the deletion leaves them.
            consequence = "\(action.written) deletes the store when \(opening) fails, and the same code opens a new one and fills it again from files on the device (\(cache?.text ?? "")): the store is an index of those files, which the deletion leaves in place, so only what the store alone holds is lost"
            suggestions = ["if the store holds anything the files do not (a mark the person set, a favourite), keep it in the files, or carry it over from the failed store before deleting it"]
            severity = .note
        case .deletesTheStore where cache != nil:
            consequence = "\(action.written) deletes the store when \(opening) fails; \(cache?.said ?? "") says it is a cache, whose content the app can make again, so the person loses nothing"
            suggestions = ["if this store holds anything the person made, keep the failed store instead: move it aside and recover from it in a later release"]
            severity = .note
        case .deletesTheStore where clearedAsCache != nil:
            let types = EnglishList.join(clearedAsCache?.types ?? [], limit: 4)
            consequence = "\(action.written) deletes the store when \(opening) fails; the app's own \(clearing) deletes its \(types) objects as cached data, so what it holds is a cache the app fills again, and the person loses nothing"
            suggestions = ["if this store holds anything the person made, keep the failed store instead: move it aside and recover from it in a later release"]
            severity = .note
        case .deletesTheStore where action.confirmedByThePerson:
            // Asked, the person chose the loss; the store stays for those who decline.
            consequence = "\(action.written) deletes the store when \(opening) fails, only after the person chose it in an alert: what the store holds and no server or iCloud has yet is lost by their choice, and a person who declines keeps the store for a later release to open"
            suggestions = ["say in the alert what deleting loses, and offer to keep a copy first (move the store and its -wal and -shm aside) from which a later release can recover"]
            severity = .note
        case .deletesTheStore where action.onlyForACorruptFile:
            // A file that is no readable store: no migration fails on it, and Core Data opens nothing of it.
            consequence = "\(action.written) deletes the store when \(opening) fails only with the error that says the file is no readable store (259, NSFileReadCorruptFileError): a store that fails to migrate is kept, and only a damaged one, which Core Data cannot open anyway, is deleted"
            suggestions = ["move the damaged file aside rather than delete it: SQLite's `.recover` can often get its rows back, and a later release can offer that"]
            severity = .note
        case .deletesTheStore where action.removesTheMigrationSource:
            consequence = "\(action.written) deletes the store that \(opening) migrates from when it fails, not what the failed step wrote: at the first step that is the person's store, so a store that fails to migrate loses everything they stored"
            suggestions = ["remove only the failed step's destination, keep the source store, tell the person, and try again in a later release"]
        case .deletesTheStore where action.copyKeptFirst != nil:
            // The copy is what the rule asks for: the person's data is kept, outside the store.
            consequence = "\(action.written) deletes the store when \(opening) fails, after \(action.copyKeptFirst ?? "") copies it elsewhere: what the person stored is kept in that copy, for a later release to recover from, as long as the copy succeeded"
            suggestions = ["delete nothing when the copy fails, copy the -wal and -shm files with the store (or copy it with migratePersistentStore), tell the person, and recover from the copy in a later release"]
            severity = .note
        case .deletesTheStore where action.readOutFirst != nil:
            // The rows are read out first: the loss is narrower, and still there.
            consequence = "\(action.written) deletes the store's files when \(opening) fails, after \(action.readOutFirst ?? "") reads what it holds into memory to write into a new store: until that store is open and saved, what the person stored is only in the running app, so a new store that fails to open or save, or an app that ends first, loses it"
            suggestions = ["keep a copy of the store's files (copyItem of the store and its -wal and -shm, or migratePersistentStore) until what was read is saved in the new store, and delete them only then"]
        case .deletesTheStore where context.facts.bundledDatabaseFiles.contains(action.place.location.file) && opened?.call != .modelContainer:
            // Nothing of the app saves (SwiftData saves by itself, unasked): the store is the
            // database the app copies out of its bundle, again after the deletion.
            consequence = "\(action.written) deletes the store when \(opening) fails, and the same code copies a database out of the app's bundle, while no code of the app saves to a store, runs a batch request or syncs: the store holds only what the app shipped, so the person loses nothing"
            suggestions = ["if a later release lets the person save to this store, keep the failed store instead: move it aside and recover from it"]
            severity = .note
        case .deletesTheStore:
            // Many stores mirror a server: what was synced comes back, what was not is gone.
            consequence = "\(action.written) deletes the store when \(opening) fails: \(failing) loses everything in it, so what the person made on this device and no server or iCloud has yet is gone, and the rest must be downloaded or built again"
            suggestions = [
                "keep the failed store: move it aside with NSPersistentStoreCoordinator.migratePersistentStore or a copy of all three files, tell the person, and recover from it in a later release",
                "if the store only holds what the app makes again from elsewhere (a mirror of a server, an index of files on the device) and nothing the person made in it, say so where it is deleted (`// schemalint:ignore store-load-failure-destructive -- only a copy of data kept elsewhere, made again`)",
            ]
        case .deletesOnModelMismatch where cache != nil:
            consequence = "\(action.written) has the library delete the store and make an empty one when the store does not match the model and is not migrated; \(cache?.said ?? "") says it is a cache, whose content the app can make again, so the person loses nothing"
            suggestions = ["if this store holds anything the person made, set this in debug builds only (#if DEBUG), and migrate the store in release builds"]
            severity = .note
        case .deletesOnModelMismatch:
            consequence = "\(action.written) has the library delete the store and make an empty one when the store does not match the model and is not migrated: a release whose model change does not migrate (a step lightweight migration cannot infer, a shipped version left out of the bundle) deletes everything the person stored, with no error for the app to see"
            suggestions = [
                "set it in debug builds only (#if DEBUG, #ifdef DEBUG), where it spares reinstalling the app after a model change, and let a store that fails to migrate reach the app's own handling in release builds",
                "keep every shipped model version in the bundle, with a mapping model for each step lightweight migration cannot infer",
            ]
        case .opensAnotherStore:
            consequence = "\(action.written) opens another store, the default one, when \(opening) fails on the store with a place of its own: the app opens empty, as if the person's data were gone, and what they enter next goes to the other store"
            suggestions = ["tell the person the data could not be opened and keep using the failed store's place; if the app must go on, open the same URL again (without CloudKit, say) rather than the default store"]
        case .retriesAtOnce:
            consequence = "\(action.written) opens the store again when \(opening) fails, with nothing changed: a store that cannot migrate fails again at once, and the app retries without end (from a synchronous handler, until the stack overflows and the app crashes)"
            suggestions = ["report the error to the person and keep the store file; retry only after something changed (space freed, a later release), and a bounded number of times"]
        case .onlyLogs where appExtension != nil:
            let kind = appExtension?.kind ?? "app"
            consequence = "\(action.written) is all the \(kind) extension does when \(opening) fails: it goes on with no store and shows none of the person's data; the app opens the store with its own handling"
            suggestions = ["show the failure in the extension (an empty timeline in a widget, a message in a share sheet) rather than go on as if the store were there"]
            severity = .note
        case .onlyLogs where action.inLocalContainerOf != nil:
            // A container made for one task (a cleanup, an export) and dropped after it: its
            // failure skips the task, and no stack of the app is left without its store.
            consequence = "\(action.written) is all the app does when \(opening) fails, on a container that is a local of \(action.inLocalContainerOf ?? ""): only the code that runs once it loaded uses it, so a failure skips that work and leaves the app no stack without its store"
            suggestions = ["if the work matters to the person, tell them it could not be done"]
            severity = .note
        case .onlyLogs where cache != nil:
            // A cache that fails to open is one the app fills again, or goes without.
            consequence = "\(action.written) is all the app does when \(opening) fails; \(cache?.said ?? "") says it is a cache, whose content the app can make again: the app goes on without it until the store opens, and the person loses nothing"
            suggestions = ["if this store holds anything the person made, tell them it could not be opened and keep the store file; for a cache, deleting the store and opening a new one gets the cache back at once"]
            severity = .note
        case .fallsBackToMemory where cache != nil:
            consequence = "\(action.written) replaces the store with an empty in-memory one when \(opening) fails; \(cache?.said ?? "") says it is a cache, whose content the app can make again: the app fills the cache in memory until the store opens, and the person loses nothing"
            suggestions = ["if this store holds anything the person made, tell them it could not be opened and keep the store file"]
            severity = .note
        case .onlyLogs:
            consequence = "\(action.written)\(action.isAssertion ? ", which release builds leave out," : "") is all the app does when \(opening) fails: it goes on with no store, shows none of the person's data, and every save fails, so what they enter next is lost"
            suggestions = ["tell the person the data could not be opened (a screen that offers to retry or to send a report) and keep the store file, rather than go on as if the store were there"]
        case .fallsBackToMemory:
            consequence = "\(action.written) replaces the store with an empty in-memory one when \(opening) fails: the app opens without the person's data, and whatever they enter next is gone at the next launch"
            suggestions = ["tell the person the data could not be opened and keep the store file for a fix, rather than continue silently with an empty store"]
        }
        // The model the code loads is only in a bundle no target builds: no app has it, so no
        // one has a store of it to fail on; a reminder, in case a target comes to build it.
        if let opened, let bundle = context.bundleBuiltByNoTarget(openedBy: opened) {
            consequence += "; the model it loads, \(opened.modelName ?? ""), is only in \(bundle), which no Xcode project here builds, so no store of it is on anyone's device until a target builds that bundle"
            severity = .note
        }
        // A model with no entities: its store holds nothing, and nothing in it migrates.
        if let opened, let empty = context.modelWithNoEntities(openedBy: opened) {
            consequence = "\(action.written) runs when \(opening) fails, but the model it loads, \(empty), declares no entity: its store holds nothing, and no migration of it can fail"
            severity = .note
            suggestions.insert("remove the container if the app keeps its data elsewhere", at: 0)
        }
        // A container made only as the app terminates opens the store then, a second time beside
        // the stack the app uses: the failure stops an app that is closing.
        if let reader = action.onlyAtTermination {
            let way = reader == "applicationWillTerminate" ? "" : ", through \(reader)(), which only applicationWillTerminate calls"
            consequence += "; \(action.place.declaration) is read only when the app terminates (in applicationWillTerminate\(way)), so the store opens here, and fails, only as the app closes, where the person sees nothing of it"
            severity = .note
            suggestions.insert("remove \(action.place.declaration) and what reads it if the app keeps its data in another stack", at: 0)
        }
        // A second load of a container another type already loads: that type's load opened the
        // store (or failed first, where its own handling runs); this one only fails to add the
        // store again, and the container keeps the store it has.
        if let loader = action.reloadsTheStoresOf, action.action == .onlyLogs {
            consequence = "\(action.written) runs when \(opening) fails, but this loads the stores of \(loader), which \(loader.split(separator: ".").first.map(String.init) ?? loader) loads itself, stopping the app where that fails: this second load runs only after the first opened the store, and only fails to add the same store again; the container keeps the store it has"
            severity = .note
            suggestions.insert("use \(loader) as it is, without loading its stores again", at: 0)
        }
        // Code behind a constant that is false never runs: a reminder, for when it is turned on.
        if let constant = action.offByConstant {
            consequence += "; this runs only when \(constant) is true, and the code declares it false"
            severity = .note
            suggestions.insert("handle the failure before turning \(constant) on", at: 0)
        }
        // Code no file uses never runs: a reminder, in case code elsewhere uses it.
        if action.inUnusedCode {
            consequence += "; no file read uses \(action.place.declaration), so this runs only if code elsewhere does"
            severity = .note
            suggestions.insert("remove \(action.place.declaration) if nothing uses it", at: 0)
        }
        suggestions.append("test the migration from every released model version with a store of realistic size before the release")
        return finding(
            at: action.place, severity: severity, subject: "\(action.opening.rawValue) \(action.written)",
            message: consequence,
            notes: (action.openingLocation == action.place.location ? [] : [Finding.Note(openingNote(action), at: action.openingLocation)])
                + (clearedAsCache.map { [Finding.Note("\(clearing) deletes the store's objects here", at: $0.location)] } ?? [])
                + action.errorPath.map { Finding.Note("\($0.declaration) passes the error of opening the store on to its caller", at: $0.location) }
                + (action.action == .stopsTheApp || action.action == .fallsBackToMemory ? appExtension.map { [Finding.Note("this code is the \($0.kind) extension's: its Info.plist declares \($0.pointIdentifier)", at: $0.location)] } ?? [] : []),
            suggestions: suggestions
        )
    }

    /// The function or property of the project, named for a cache, that deletes most of the model
    /// classes the store at `opening` holds (`StoreCodeFacts.cacheClearings`): the app treats the
    /// store's content as a cache. The classes are those its `ModelContainer` is made for, or else
    /// the entities of the one model the opening is nearest to.
    private static func cacheClearing(of opening: StoreOpening, _ context: StoreCodeContext) -> (function: String, types: [String], location: SourceLocation)? {
        guard !context.facts.cacheClearings.isEmpty else { return nil }
        let nearest = StoreCodeContext.openedHistories(by: opening, in: context.histories)
        let held = opening.modelTypes ?? (nearest.count == 1 ? Set(nearest[0].versions.last?.entities.map(\.name) ?? []) : [])
        guard !held.isEmpty else { return nil }
        for (function, clearings) in Dictionary(grouping: context.facts.cacheClearings, by: \.function).sorted(by: { $0.key < $1.key }) {
            let cleared = Set(clearings.map(\.modelType)).intersection(held)
            if cleared.count * 2 > held.count { return (function, cleared.sorted(), clearings[0].location) }
        }
        return nil
    }

    /// What the note at the opening says of it.
    private func openingNote(_ action: StoreFailureAction) -> String {
        if action.whenIncompatible { return "the store is checked against the model here" }
        if action.opening.isMigration { return "the store is migrated here" }
        return action.opening == .libraryStack ? "the library's stack opens the store here" : "the store is opened here"
    }
}

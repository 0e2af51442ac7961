import SchemaLintCore

/// `cloudkit-sync-from-code`: whether a model is checked as synced with CloudKit was decided by
/// the code that opens its store (an `NSPersistentCloudKitContainer` and its
/// `cloudKitContainerOptions`; SwiftData's default with the app's CloudKit entitlement) or by
/// `syncedSince:`, not by the model file. Every CloudKit finding depends on that decision, so it
/// is said once per model, with the lines that made it.
struct CloudKitSyncFromCodeRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "cloudkit-sync-from-code", category: .input, synced: .note, local: .note,
        summary: "Whether a model syncs with CloudKit was decided by the code that opens its store, not by its model file: says what was decided and why."
    )

    func check(_ context: HistoryContext) -> [Finding] {
        guard let decision = context.history.syncDecision, let newest = context.history.versions.last else { return [] }
        func note(_ message: String, notes: [Finding.Note], suggestions: [String]) -> [Finding] {
            [Finding(
                ruleID: descriptor.id, severity: .note, message: message,
                location: newest.location, model: newest.model, baseline: nil, version: newest.label, path: nil,
                notes: notes, suggestions: suggestions
            )]
        }
        let model = ModelName.spoken(context.history.model)
        if let entitlement = decision.entitlement {
            return note(
                "\(model) is checked as synced with CloudKit: SwiftData opens it with `cloudKitDatabase: .automatic` (as the code gives it, or the default), which syncs when the app has the CloudKit entitlement (a store that syncs only for those who turn sync on is checked as synced all the same: their devices hold its records)",
                notes: [Finding.Note("the app's entitlements list CloudKit among its iCloud services here", at: entitlement)],
                suggestions: ["if this store does not sync, open it with `ModelConfiguration(cloudKitDatabase: .none)`"]
            )
        }
        var notes = decision.containers.map { Self.created($0, model: context.history.model) }
        // A store wrapper's calls that may ask it for sync, handing it this model (or one not
        // named: a module's bundle).
        for call in Set(decision.containers.flatMap { $0.wrapperCalls?.syncing ?? [] }).sorted(by: { $0.location < $1.location })
        where call.models.isEmpty || call.models.contains(where: { if case .named(let name) = $0 { name == context.history.model } else { true } }) {
            notes.append(Finding.Note("the store wrapper that makes it is called here, with what may ask for sync", at: call.location))
        }
        // Containers of one file share its settings: each is said once.
        for setting in Set(decision.containers.flatMap(\.settings)).sorted(by: { $0.location < $1.location }) {
            let what: String
            if setting.replacesDescriptions {
                what = setting.syncs == nil
                    ? "the container's store descriptions replaced here, under a condition, with one made without CloudKit options"
                    : "the container's store descriptions replaced here with one made without CloudKit options"
            } else {
                what = setting.syncs.map { $0 ? "CloudKit options set here" : "CloudKit options cleared here (`nil`)" } ?? "CloudKit options set or cleared here by a condition"
            }
            notes.append(Finding.Note(what, at: setting.location))
        }
        // The bundle as `bundles:` names it: its path, relative to where schemalint runs.
        let bundle = context.history.key.map { String($0.dropFirst("bundle:".count)) } ?? "\(context.history.model).xcdatamodeld"
        let throughWrapper = !decision.containers.isEmpty && decision.containers.allSatisfy { $0.wrapperCalls?.syncingModelsAreKnown == true }
        let found = decision.byName ? "by its name" : throughWrapper ? "as the model the calls of its store wrapper hand it" : "as the model nearest to that code"
        if let entitlements = decision.entitlementsWithoutCloudKit, decision.containers.isEmpty {
            return note(
                "\(model) is checked as the local store it is: SwiftData opens it with `cloudKitDatabase: .automatic` (the default), which syncs with the first iCloud container of the app's entitlements, and they turn CloudKit on but name no container; once one is chosen, every store opened so syncs, and the CloudKit checks apply to this model",
                notes: [Finding.Note("the app's entitlements turn CloudKit on here, with no container", at: entitlements)],
                suggestions: [
                    "if this store is to sync, choose its container (Signing & Capabilities, or `cloudKitDatabase: .private(\"iCloud.…\")`) and lint again: the model must then meet CloudKit's rules before that release",
                    "if it is not, open it with `ModelConfiguration(cloudKitDatabase: .none)`, or turn CloudKit off in the entitlements",
                ]
            )
        }
        if let entitlements = decision.entitlementsWithoutCloudKit {
            // (Where no entitlements file is here, the Xcode project that names none.)
            let (signed, place) = decision.signedWithoutEntitlements
                ? ("the app signs with no entitlements (no entitlements file is here, and its Xcode project names none)", "the Xcode project that names no entitlements file (CODE_SIGN_ENTITLEMENTS)")
                : ("the app's entitlements list no CloudKit", "the entitlements nearest the container, with no CloudKit among their iCloud services (nor has any other entitlements file here)")
            return note(
                "\(model) is opened (\(found)) with an NSPersistentCloudKitContainer, which gives its store CloudKit options only when the app has the CloudKit entitlement; \(signed) and no code sets the options, so it is checked as the local store it is\(decision.modelMarksCloudKit ? ", though the model marks itself Used with CloudKit" : "")",
                notes: decision.containers.map { Self.created($0, model: context.history.model) } + [Finding.Note(place, at: entitlements)],
                suggestions: [
                    "if the app gets the CloudKit entitlement from a file that is not in this repository, say so in .schemalint.yml: `bundles: {\(bundle): {cloudkit: true}}`",
                    "if this store never syncs, open it with NSPersistentContainer",
                ]
            )
        }
        // The model marks CloudKit, and nothing here can sync its store: the code opens it
        // without CloudKit, or no code here opens it and the entitlements give no container.
        let unsyncable: (why: String, place: String, at: SourceLocation)? = if let opened = decision.openedWithoutCloudKit {
            ("nothing in this repository syncs a Core Data store: its code opens stores without CloudKit, never creates an NSPersistentCloudKitContainer, and no entitlements file gives the app CloudKit", "a store is opened without CloudKit here", opened)
        } else if let entitlements = decision.unopenedWithoutCloudKit {
            ("no code in this repository opens its store, and the app's entitlements here give it no CloudKit container (nor does any other entitlements file here), so no code can sync it", "the app's entitlements, with no CloudKit container", entitlements)
        } else {
            nil
        }
        if let unsyncable {
            return note(
                "\(model) marks configurations Used with CloudKit, but \(unsyncable.why); it is checked as the local store it is",
                notes: [Finding.Note(unsyncable.place, at: unsyncable.at)],
                suggestions: [
                    "if this store syncs through code or entitlements outside this repository, say so in .schemalint.yml: `bundles: {\(bundle): {cloudkit: true}}`",
                    "if it never syncs, untick Used with CloudKit in Xcode's Data Model inspector, so that the editor's CloudKit checks stop too",
                ]
            )
        }
        var message: String
        var suggestions: [String] = []
        switch (decision.sync, decision.modelMarksCloudKit, decision.containers.isEmpty) {
        case (_, _, true):
            message = "\(model) is checked as synced with CloudKit only from \(decision.syncedSince ?? "")"
        case (.syncs, false, _):
            let how = decision.containers.allSatisfy(\.settings.isEmpty)
                ? "which gives its store CloudKit options itself when the app has the iCloud entitlement"
                : "whose store description gets CloudKit options"
            message = "\(model) is checked as synced with CloudKit: the app opens it (\(found)) with an NSPersistentCloudKitContainer, \(how), although no configuration of the model is marked Used with CloudKit"
            suggestions = [
                "tick Used with CloudKit on the configuration this store uses (Xcode's Data Model inspector), so that Xcode checks the model for CloudKit as you edit it",
                "if this store does not sync, say so in .schemalint.yml: `bundles: {\(bundle): {cloudkit: false}}`",
            ]
        case (.depends, false, _):
            message = "\(model) is checked as synced with CloudKit: whether its store syncs is decided when the app runs (\(found)), and the stores that do sync must stay compatible with CloudKit"
            suggestions = ["if no release syncs this store, say so in .schemalint.yml: `bundles: {\(bundle): {cloudkit: false}}`"]
        case (.local, true, _):
            message = "\(model) marks configurations Used with CloudKit, but the code that opens it (\(found)) clears the CloudKit options of its store: it is checked as synced, as its model file says"
            suggestions = ["if this store never syncs, untick Used with CloudKit, or say so in .schemalint.yml: `bundles: {\(bundle): {cloudkit: false}}`"]
        default:
            // The code and the model file agree, or the code keeps a local model local: nothing
            // was decided that the model file does not say.
            guard decision.syncedSince != nil else { return [] }
            message = "\(model) is checked as synced with CloudKit only from \(decision.syncedSince ?? "")"
        }
        let local = decision.configurationSyncs.filter { $0.value == .local }.keys.sorted()
        if !local.isEmpty {
            let synced = decision.configurationSyncs.filter { $0.value != .local }.keys.sorted()
            message += "; the code's own store descriptions keep configuration\(local.count == 1 ? "" : "s") \(Self.quoted(local)) local"
                + (synced.isEmpty ? "" : ", and only the entities of \(Self.quoted(synced)) are checked as synced")
        }
        let nameIt = "if sync started with another version, name it: `bundles: {\(bundle): {syncedSince: <version>}}`; the versions before it are checked as the local stores they were"
        switch (decision.syncedSince, decision.syncStartedOn) {
        case (let since?, _) where decision.startsWhereCloudKitCanLoad:
            message += "; from \(since) on: the versions before it hold what CloudKit refuses to load (a unique constraint, an ordered, required or one-way relationship, a required attribute without a default), so their stores never synced, and are checked as the local stores they were"
            suggestions.append(nameIt)
        case (let since?, let day?):
            message += "; from \(since) on: git first saw the container code on \(day), when \(since) was the newest version, and the versions before it are checked as the local stores they were"
            suggestions.append(nameIt)
        case (let since?, nil) where !decision.containers.isEmpty:
            message += "; from \(since) on, as `syncedSince:` says"
        case (_?, nil):
            message += " (`syncedSince:`): the versions before it are checked as the local stores they were"
        case (nil, _):
            suggestions.append(nameIt)
        }
        return note(message, notes: notes, suggestions: suggestions)
    }

    private static func quoted(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }

    /// Where a container is made, with the model it names; one given its model under a name no
    /// model has (`name: "LocalStorage", managedObjectModel: model`) names its store.
    private static func created(_ container: CloudKitContainerUse, model: String) -> Finding.Note {
        let named: String
        if let name = container.model {
            named = container.modelIsGiven && name != model ? ", named '\(name)' and given its model" : " for '\(name)'"
        } else {
            named = ""
        }
        return Finding.Note("NSPersistentCloudKitContainer created here" + named, at: container.location)
    }
}

import SchemaLintCore

/// Reads which Core Data stores the app's code syncs with CloudKit, in Swift and Objective-C alike:
/// where an `NSPersistentCloudKitContainer` (or a subclass) is created, the model it names, and
/// what its file does with `cloudKitContainerOptions`. A model file need not say it syncs (Xcode's
/// "Used with CloudKit" only adds the editor's checks): the code that opens the store decides.
///
/// A token scan, not a parse: the facts are a handful of names and literals, written the same way
/// in both languages, and a file that would not compile is read all the same.
package struct CloudKitContainerReader: ModelSourceReader {
    package init() {}

    package var name: String { "CloudKit containers in code" }

    /// Code, though what it finds feeds the model rules (which models sync).
    package var readsModels: Bool { false }

    /// What it reads decides whether CloudKit's rules apply to a model: those rules' category.
    package var feedsOnly: RuleCategory? { nil }

    /// A test's or a preview's container never holds a person's data.
    package var readsShippedCodeOnly: Bool { true }

    /// Xcode projects are not claimed, so that a folder of nothing else is no model input: they are
    /// read among the files left unclaimed, for the entitlements their targets sign with.
    package var fileNameSuffixes: [String] { [".swift", ".m", ".mm", ".entitlements", Self.projectSuffix, ".xcconfig"] }

    static let projectSuffix = ".xcodeproj/project.pbxproj"

    static let words = ByteSearch.Words(["NSPersistentCloudKitContainer", "cloudKitContainerOptions", "CloudKitContainerOptions", "cloudKitDatabase"].map { Array($0.utf8) })
    static let servicesKey = Array("com.apple.developer.icloud-services".utf8)
    static let cloudKitService = ByteSearch.Words([Array("<string>CloudKit</string>".utf8)])

    static let containersKey = Array("<key>com.apple.developer.icloud-container-identifiers</key>".utf8)

    /// Every entitlements file: those that give CloudKit say which models SwiftData's default
    /// syncs, the others that the app's entitlements are here and give it none.
    package func claims(name: String, bytes: [UInt8]) -> Bool {
        name.hasSuffix(".entitlements") || !name.hasSuffix(Self.projectSuffix) && ByteSearch.containsAny(Self.words, in: bytes)
    }

    /// The entitlements files the Xcode projects' targets sign with (`CODE_SIGN_ENTITLEMENTS =
    /// "App/App.entitlements";`), as paths like the sources' (the project's folder joined to the
    /// setting, `$(SRCROOT)/` aside), each with the folder of the project that signs with it; nil
    /// where no project names one, or one names it through another build setting
    /// (`$(TARGET_NAME)/…`): every entitlements file may then be used.
    static func signedEntitlements(in projects: [ModelSourceFile]) -> [String: String]? {
        var found: [String: String] = [:]
        let key = Array("CODE_SIGN_ENTITLEMENTS".utf8)
        for project in projects {
            // The folder that holds `Name.xcodeproj`, relative like the project's own path.
            let components = project.name.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
            var index = 0
            while let at = ByteSearch.firstIndex(of: key, in: project.bytes, from: index) {
                index = at + key.count
                let line = project.bytes[index...].prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "\n") }
                func trimmed(_ text: Substring) -> Substring {
                    text.drop { $0 == " " || $0 == "\t" || $0 == "\"" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\"" }.reversed().reduce(into: "") { $0.append($1) }
                }
                let setting = trimmed(Substring(String(decoding: line, as: UTF8.self)))
                guard setting.hasPrefix("=") else { continue }
                var value = String(trimmed(setting.dropFirst()))
                for variable in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where value.hasPrefix(variable) { value.removeFirst(variable.count) }
                guard !value.isEmpty else { continue }
                if value.contains("$") { return nil }
                var path: [Substring] = Array(components)
                for part in value.split(separator: "/") {
                    if part == ".." { if !path.isEmpty { path.removeLast() } } else if part != "." { path.append(part) }
                }
                found[path.joined(separator: "/")] = found[path.joined(separator: "/")] ?? components.joined(separator: "/")
            }
        }
        return found.isEmpty ? nil : found
    }

    /// Whether entitlements list CloudKit among the iCloud services, with a container to sync with.
    package static func givesCloudKit(_ bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(ByteSearch.Words([servicesKey]), in: bytes) && ByteSearch.containsAny(cloudKitService, in: bytes) && !listsNoContainer(bytes)
    }

    /// The containers entitlements list (each `<string>` of the array under
    /// `com.apple.developer.icloud-container-identifiers`), with where the key starts; nil where
    /// there is no such key or it holds no array.
    static func containerIdentifiers(_ bytes: [UInt8]) -> (key: Int, identifiers: [String])? {
        guard let key = bytes.firstRange(of: containersKey) else { return nil }
        let rest = bytes[key.upperBound...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard rest.starts(with: Array("<array>".utf8)), let end = rest.firstRange(of: Array("</array>".utf8)) else { return nil }
        let text = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
        let identifiers = text.components(separatedBy: "<string>").dropFirst().compactMap { piece -> String? in
            guard let close = piece.range(of: "</string>") else { return nil }
            return String(piece[..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return (key.lowerBound, identifiers)
    }

    /// Where byte `offset` of an entitlements file is: its line, and its column in characters.
    private static func location(of offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        let before = bytes[..<offset]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        return SourceLocation(file: file, line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
    }

    /// The CloudKit containers a file names with a literal for a store to sync with, in Swift
    /// (`NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.x")`,
    /// `cloudKitDatabase: .private("iCloud.x")`) and Objective-C (`[[NSPersistentCloudKitContainerOptions
    /// alloc] initWithContainerIdentifier:@"iCloud.x"]`). A literal that interpolates
    /// (`"iCloud.\(bundle)"`) names no container this can know.
    static func namedContainers(in tokens: [ObjCToken], file: String) -> [NamedCloudKitContainer] {
        var found: [NamedCloudKitContainer] = []
        func names(_ type: String, before index: Int) -> Bool {
            tokens[max(0, index - 5)..<index].contains { $0.kind == .identifier && $0.text == type }
        }
        for index in tokens.indices.dropLast(2) {
            let token = tokens[index]
            guard token.kind == .identifier else { continue }
            let written: String
            let literal: ObjCToken
            if (token.text == "containerIdentifier" || token.text == "initWithContainerIdentifier"), tokens[index + 1].is(":"), tokens[index + 2].kind == .string,
               names("NSPersistentCloudKitContainerOptions", before: index) {
                written = token.text == "containerIdentifier" ? "NSPersistentCloudKitContainerOptions(containerIdentifier:)" : "-[NSPersistentCloudKitContainerOptions initWithContainerIdentifier:]"
                literal = tokens[index + 2]
            } else if token.text == "private", index > 0, tokens[index - 1].is("."), index + 2 < tokens.count, tokens[index + 1].is("("), tokens[index + 2].kind == .string,
                      names("cloudKitDatabase", before: index) || names("CloudKitDatabase", before: index) {
                written = "cloudKitDatabase: .private(...)"
                literal = tokens[index + 2]
            } else {
                continue
            }
            guard !literal.text.isEmpty, !literal.text.contains("\\(") else { continue }
            found.append(NamedCloudKitContainer(literal.text, at: SourceLocation(file: file, line: literal.line, column: literal.column), written: written))
        }
        return found
    }

    /// The bytes with each XML comment (`<!-- ... -->`, to the end where it is not closed) made
    /// spaces, its line breaks kept: positions stay where they were.
    static func blankingComments(_ bytes: [UInt8]) -> [UInt8] {
        let (open, close) = (Array("<!--".utf8), Array("-->".utf8))
        guard var start = bytes.firstRange(of: open)?.lowerBound else { return bytes }
        var result = bytes
        while true {
            let end = result[(start + open.count)...].firstRange(of: close)?.upperBound ?? result.endIndex
            for index in start..<end where result[index] != UInt8(ascii: "\n") { result[index] = UInt8(ascii: " ") }
            guard end < result.endIndex, let next = result[end...].firstRange(of: open)?.lowerBound else { return result }
            start = next
        }
    }

    /// Whether the entitlements list no iCloud container: the key with none (`<array/>`, as Xcode
    /// leaves the capability until one is ticked), or no key at all (a hand-written file, a
    /// misspelled key): CloudKit then has no container the app may use, and SwiftData's
    /// `.automatic` syncs nothing.
    static func listsNoContainer(_ bytes: [UInt8]) -> Bool {
        guard let key = bytes.firstRange(of: containersKey) else { return true }
        let rest = bytes[key.upperBound...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if rest.starts(with: Array("<array/>".utf8)) { return true }
        guard rest.starts(with: Array("<array>".utf8)) else { return false }
        return rest.dropFirst("<array>".utf8.count).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.starts(with: Array("</array>".utf8))
    }

    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        var reading = ModelSourceReading()
        // An entitlements file that lists CloudKit among the iCloud services: where its key is,
        // for the note that names it.
        // Only what a target signs with: a copy in the project's folder (`App 2.entitlements`)
        // gives the app nothing.
        // Project files are large: read only where there are entitlements to choose among.
        let hasEntitlements = sources.contains { $0.name.hasSuffix(".entitlements") }
        let projects = options.unclaimedFiles.filter { hasEntitlements && $0.hasSuffix(Self.projectSuffix) }.compactMap { path -> ModelSourceFile? in
            guard case .success(let data) = options.tree.contents(of: path) else { return nil }
            return (path, [UInt8](data))
        }
        let signed = Self.signedEntitlements(in: projects)
        reading.storeCode.entitlementProjectFolders = signed ?? [:]
        reading.storeCode.xcodeProjectFolders = Set(projects.map { $0.name.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/") })
        for source in sources where source.name.hasSuffix(".entitlements") && !source.name.contains(".xcodeproj/") && signed.map({ $0[source.name] != nil }) ?? true {
            // Keys commented out (`<!-- <key>com.apple.developer.icloud-services</key> ... -->`)
            // give nothing.
            let bytes = Self.blankingComments(source.bytes)
            guard Self.givesCloudKit(bytes) else {
                reading.storeCode.entitlementsWithoutCloudKit.append(SourceLocation(file: source.name, line: 1, column: 1))
                if ByteSearch.containsAny(Self.cloudKitService, in: bytes), Self.listsNoContainer(bytes),
                   let key = bytes.firstRange(of: Self.containersKey) ?? bytes.firstRange(of: Self.servicesKey) {
                    let before = bytes[..<key.lowerBound]
                    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
                    let column = String(decoding: bytes[lineStart..<key.lowerBound], as: UTF8.self).count + 1
                    reading.storeCode.cloudKitWithoutContainer.append(SourceLocation(file: source.name, line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: column))
                }
                continue
            }
            if let listed = Self.containerIdentifiers(bytes) {
                let location = Self.location(of: listed.key, in: bytes, file: source.name)
                if listed.identifiers.contains(where: { $0.contains("$") }) {
                    reading.storeCode.containersFromBuildSettings.append(location)
                } else {
                    reading.storeCode.entitledContainers.append(EntitledContainers(at: location, identifiers: listed.identifiers))
                }
            }
            let start = bytes.firstRange(of: Self.servicesKey)?.lowerBound ?? 0
            let before = bytes[..<start]
            let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            // The key's `<key>` tag, in characters (a plist is ASCII up to there in practice).
            let column = String(decoding: bytes[lineStart..<start], as: UTF8.self).count - "<key>".count + 1
            reading.storeCode.cloudKitEntitlements.append(SourceLocation(file: source.name, line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: max(1, column)))
        }
        let files = sources.filter { !$0.name.hasSuffix(".entitlements") }.sorted { $0.name < $1.name }.map { (name: $0.name, tokens: ObjCTokenizer.tokenize($0.bytes).tokens) }
        // Subclasses first: `class SyncedContainer: NSPersistentCloudKitContainer` anywhere makes
        // `SyncedContainer(name:)` in any file a CloudKit container.
        var containerTypes: Set<String> = ["NSPersistentCloudKitContainer"]
        for file in files { containerTypes.formUnion(Self.subclasses(of: "NSPersistentCloudKitContainer", in: file.tokens)) }
        var plainTypes: Set<String> = ["NSPersistentContainer"]
        for file in files { plainTypes.formUnion(Self.subclasses(of: "NSPersistentContainer", in: file.tokens)) }
        plainTypes.subtract(containerTypes)
        for file in files {
            reading.storeCode.cloudKitContainers += Self.containers(in: file.tokens, file: file.name, types: containerTypes)
            reading.storeCode.ignoredCloudKitOptions += Self.ignoredOptions(in: file.tokens, file: file.name, plainTypes: plainTypes, cloudKitTypes: containerTypes)
            reading.storeCode.namedCloudKitContainers += Self.namedContainers(in: file.tokens, file: file.name)
        }
        let followed = Self.followingWrappers(reading.storeCode.cloudKitContainers, files: files, options: options)
        reading.storeCode.cloudKitContainers = followed.containers
        reading.supportingFiles += followed.read
        if !hasEntitlements, !reading.storeCode.cloudKitContainers.isEmpty {
            reading.storeCode.projectsSigningWithoutEntitlements = Self.projectsSigningWithoutEntitlements(options)
        }
        return reading
    }

    /// The Xcode projects of a repository that holds no entitlements file, where neither they nor
    /// a build configuration file names one (`CODE_SIGN_ENTITLEMENTS`): the apps they build sign
    /// with no entitlements, so no CloudKit. None where the repository holds no Xcode project (a
    /// project generated from a description may add entitlements of its own).
    static func projectsSigningWithoutEntitlements(_ options: ModelSourceReadingOptions) -> [SourceLocation] {
        let projects = options.unclaimedFiles.filter { $0.hasSuffix(projectSuffix) }
        guard !projects.isEmpty else { return [] }
        let key = ByteSearch.Words([Array("CODE_SIGN_ENTITLEMENTS".utf8)])
        for path in projects + options.unclaimedFiles.filter({ $0.hasSuffix(".xcconfig") }) {
            guard case .success(let data) = options.tree.contents(of: path), !ByteSearch.containsAny(key, in: [UInt8](data)) else { return [] }
        }
        return projects.map { SourceLocation(file: $0, line: 1, column: 1) }
    }

    /// Whether the code at `token` runs: it is not under a flag the file fixes to false
    /// (`private let useCloudKit = false`, `off`).
    private static func runs(_ token: ObjCToken, in tokens: [ObjCToken], off: Set<String>) -> Bool {
        off.isEmpty || tokens.firstIndex(where: { $0.line == token.line && $0.column == token.column }).map { !isDisabled($0, by: off, in: tokens) } ?? true
    }

    /// The CloudKit options one file sets where its container is a plain `NSPersistentContainer`
    /// (or a subclass of it) and it names no CloudKit container type at all: a file that does
    /// (creates one, declares a property of that type, casts to it) may hand these options to it.
    static func ignoredOptions(in tokens: [ObjCToken], file: String, plainTypes: Set<String>, cloudKitTypes: Set<String>) -> [IgnoredCloudKitOptions] {
        // `NSPersistentCloudKitContainer.defaultDirectoryURL()` (in Objective-C `[... defaultDirectoryURL]`)
        // asks the class for a folder: it makes no container the options could be handed to.
        let namesACloudKitContainer = tokens.indices.contains { index in
            guard tokens[index].kind == .identifier, cloudKitTypes.contains(tokens[index].text) else { return false }
            let asksForTheFolder = index + 2 < tokens.count && tokens[index + 1].is(".") && tokens[index + 2].isIdentifier("defaultDirectoryURL")
                || index > 0 && tokens[index - 1].is("[") && index + 1 < tokens.count && tokens[index + 1].isIdentifier("defaultDirectoryURL")
            return !asksForTheFolder
        }
        guard !namesACloudKitContainer else { return [] }
        let off = falseFlags(in: tokens)
        guard let plain = creations(in: tokens, types: plainTypes).first(where: { runs($0.token, in: tokens, off: off) }) else { return [] }
        let container = SourceLocation(file: file, line: plain.token.line, column: plain.token.column)
        // Options set (or chosen by a condition: `useSync ? options : nil`), not cleared.
        func clears(_ token: ObjCToken) -> Bool {
            guard let index = tokens.firstIndex(where: { $0.line == token.line && $0.column == token.column }), index + 2 < tokens.count, tokens[index + 2].isIdentifier("nil") else { return false }
            return index + 3 == tokens.count || tokens[index + 3].is(";") || tokens[index + 3].is("]") || tokens[index + 3].line != tokens[index + 2].line
        }
        // Options given to a store that keeps nothing (`/dev/null`, in memory: a preview's or a
        // test's, in the block that sets them) do not matter.
        return optionSettings(in: tokens).filter { $0.syncs != false && !clears($0.token) && runs($0.token, in: tokens, off: off) && !keepsNothing($0.token, in: tokens) }.map {
            IgnoredCloudKitOptions(setting: SourceLocation(file: file, line: $0.token.line, column: $0.token.column), container: container, model: plain.model)
        }
    }

    /// The containers one file creates, each with what the file says about its stores' sync.
    static func containers(in tokens: [ObjCToken], file: String, types: Set<String>) -> [CloudKitContainerUse] {
        // Code under a flag the file fixes to false (`private let useCloudKit = false`) never
        // runs: a CloudKit container made there syncs nothing, in any build.
        let off = falseFlags(in: tokens)
        func runs(_ token: ObjCToken) -> Bool { Self.runs(token, in: tokens, off: off) }
        let created = creations(in: tokens, types: types).filter { runs($0.token) }
        guard !created.isEmpty else { return [] }
        // A plain container whose store keeps nothing (a preview's) is no choice not to sync.
        let plainNames = Set(creations(in: tokens, types: ["NSPersistentContainer"]).filter { !keepsNothing($0.token, in: tokens) }.map { $0.model ?? "" })
        let assignments = optionSettings(in: tokens).filter { runs($0.token) }
        // Only the container's own descriptions come with options: where the file sets none, a
        // description it makes and puts in their place describes a store that does not sync.
        let replacements = assignments.isEmpty ? descriptionReplacements(in: tokens).filter { runs($0.token) } : []
        let settings = assignments.map { CloudKitContainerUse.OptionSetting(at: SourceLocation(file: file, line: $0.token.line, column: $0.token.column), syncs: $0.syncs) }
            + replacements.map { CloudKitContainerUse.OptionSetting(at: SourceLocation(file: file, line: $0.token.line, column: $0.token.column), syncs: $0.syncs, replacesDescriptions: true) }
        let configurationSyncs = configurationSyncs(in: tokens, settings: assignments)
        let buildsAModel = buildsAModelInCode(tokens)
        return created.map { creation in
            let location = SourceLocation(file: file, line: creation.token.line, column: creation.token.column)
            var use = CloudKitContainerUse(at: location, model: creation.model, sync: .syncs, settings: settings)
            use.configurationSyncs = configurationSyncs
            use.modelIsGiven = creation.modelIsGiven
            use.modelIsBuiltInCode = creation.modelIsGiven && buildsAModel
            let synced = settings.filter { $0.syncs == true }, local = settings.filter { $0.syncs == false }
            let plainToo = plainNames.contains(creation.model ?? "")
            if plainToo || settings.contains(where: { $0.syncs == nil }) || (!synced.isEmpty && !local.isEmpty) {
                use.sync = .depends
            } else if !local.isEmpty {
                use.sync = .local
            }
            return use
        }
    }

    /// Where the file puts descriptions of its own in place of the container's, each opening a
    /// configuration of the model (`stravaStore.configuration = "Strava"`, `[store
    /// setConfiguration:@"Cache"]`): the sync of each configuration, from the options set on its
    /// description (`stravaStore.cloudKitContainerOptions = nil`), or none set: local.
    static func configurationSyncs(in tokens: [ObjCToken], settings: [(token: ObjCToken, syncs: Bool?)]) -> [String: CloudKitContainerUse.Sync] {
        guard replacesDescriptions(in: tokens) else { return [:] }
        var configurationOf: [String: String] = [:]
        for index in tokens.indices.dropFirst(2).dropLast(2) {
            let dotted = tokens[index].isIdentifier("configuration") && tokens[index - 1].is(".") && tokens[index + 1].is("=") && tokens[index + 2].kind == .string
            let message = tokens[index].isIdentifier("setConfiguration") && tokens[index + 1].is(":") && tokens[index + 2].kind == .string
            guard dotted || message, tokens[dotted ? index - 2 : index - 1].kind == .identifier else { continue }
            configurationOf[tokens[dotted ? index - 2 : index - 1].text] = tokens[index + 2].text
        }
        guard !configurationOf.isEmpty else { return [:] }
        // The description each setting is made on: `store.cloudKitContainerOptions = …`,
        // `[store setCloudKitContainerOptions:…]`.
        var syncsOf: [String: [Bool?]] = [:]
        for setting in settings {
            guard let index = tokens.firstIndex(where: { $0.line == setting.token.line && $0.column == setting.token.column }), index >= 2 else { continue }
            let receiver = tokens[index - 1].is(".") ? tokens[index - 2] : tokens[index - 1]
            guard receiver.kind == .identifier else { continue }
            syncsOf[receiver.text, default: []].append(setting.syncs)
        }
        var syncs: [String: CloudKitContainerUse.Sync] = [:]
        for (description, configuration) in configurationOf {
            let set = syncsOf[description] ?? []
            let sync: CloudKitContainerUse.Sync
            if set.isEmpty || set.allSatisfy({ $0 == false }) {
                sync = .local
            } else if set.allSatisfy({ $0 == true }) {
                sync = .syncs
            } else {
                sync = .depends
            }
            // Two descriptions of one configuration: it syncs where either does.
            syncs[configuration] = syncs[configuration].map { $0 == sync ? sync : ($0 == .local ? sync : (sync == .local ? $0 : .depends)) } ?? sync
        }
        return syncs
    }

    /// Whether the file puts descriptions in place of the container's (`container.persistentStoreDescriptions
    /// = [description]`, `[container setPersistentStoreDescriptions:@[description]]`).
    static func replacesDescriptions(in tokens: [ObjCToken]) -> Bool {
        tokens.indices.dropLast(2).contains { replacesDescriptions(at: $0, in: tokens) }
    }

    private static func replacesDescriptions(at index: Int, in tokens: [ObjCToken]) -> Bool {
        (tokens[index].isIdentifier("persistentStoreDescriptions") && tokens[index + 1].is("=") && !tokens[index + 2].is("="))
            || tokens[index].isIdentifier("setPersistentStoreDescriptions")
    }

    /// Each place the container's descriptions are replaced (`container.persistentStoreDescriptions
    /// = [description]`, `setPersistentStoreDescriptions:`) in a file that makes a description of
    /// its own (`NSPersistentStoreDescription(url: storeURL)`, `[[NSPersistentStoreDescription
    /// alloc] initWithURL:…]`): false, or nil under a condition of the app's (`if
    /// !FileManager.default.fileExists(atPath: oldURL.path) {`), since the descriptions the
    /// container made, with their options, stay otherwise. A replacement for a store that keeps
    /// nothing (a preview's, a test's) is no choice about the app's store.
    static func descriptionReplacements(in tokens: [ObjCToken]) -> [(token: ObjCToken, syncs: Bool?)] {
        let makesDescription = tokens.indices.contains { index in
            tokens[index].isIdentifier("NSPersistentStoreDescription")
                && ((index + 1 < tokens.count && tokens[index + 1].is("(")) || (index > 0 && tokens[index - 1].is("[")))
        }
        guard makesDescription else { return [] }
        return tokens.indices.dropLast(2).compactMap { index in
            guard replacesDescriptions(at: index, in: tokens) else { return nil }
            let preview = enclosingHeaders(of: index, in: tokens).filter(isConditional).contains { header in
                header.contains { ["inmemory", "preview", "test"].contains(where: $0.text.lowercased().contains) }
            }
            let keepsNothing = statementsBeside(index, in: tokens).contains { ($0.kind == .string && $0.text == "/dev/null") || $0.isIdentifier("NSInMemoryStoreType") }
            guard !preview, !keepsNothing else { return nil }
            // Any test decides here (`if oldStoreURL == nil {`): the description is the file's
            // own, so no test is there only to find it.
            let conditional = enclosingHeaders(of: index, in: tokens).map(trimmed).contains { header in
                guard let keyword = header.first, conditionKeywords.contains(keyword.text) else { return false }
                let binding = header.count > 1 && (header[1].isIdentifier("let") || header[1].isIdentifier("var")) && !header.contains { $0.is(",") }
                return !binding
            }
            return (tokens[index], conditional ? nil : false)
        }
    }

    /// The tokens of the block around `index` outside the blocks nested in it: the statements
    /// that run with the one at `index`.
    private static func statementsBeside(_ index: Int, in tokens: [ObjCToken]) -> [ObjCToken] {
        var start = tokens.startIndex, depth = 0
        for position in stride(from: index - 1, through: 0, by: -1) {
            if tokens[position].is("}") { depth += 1 } else if tokens[position].is("{") {
                if depth == 0 { start = position + 1; break }
                depth -= 1
            }
        }
        var beside: [ObjCToken] = []
        depth = 0
        for position in start..<tokens.endIndex {
            if tokens[position].is("{") { depth += 1 } else if tokens[position].is("}") {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0 {
                beside.append(tokens[position])
            }
        }
        return beside
    }

    /// Whether the block a container is made in points its store at `/dev/null` or makes it an
    /// in-memory store, as Xcode's template does for previews, or runs only for an in-memory
    /// store (`if description.type == NSInMemoryStoreType {`): that store keeps nothing.
    static func keepsNothing(_ token: ObjCToken, in tokens: [ObjCToken]) -> Bool {
        guard let index = tokens.firstIndex(where: { $0.line == token.line && $0.column == token.column }) else { return false }
        var start = tokens.startIndex, end = tokens.endIndex, depth = 0
        for position in stride(from: index - 1, through: 0, by: -1) {
            if tokens[position].is("}") { depth += 1 } else if tokens[position].is("{") {
                if depth == 0 { start = position + 1; break }
                depth -= 1
            }
        }
        depth = 0
        for position in index..<tokens.endIndex {
            if tokens[position].is("{") { depth += 1 } else if tokens[position].is("}") {
                if depth == 0 { end = position; break }
                depth -= 1
            }
        }
        if tokens[start..<end].contains(where: { ($0.kind == .string && $0.text == "/dev/null") || $0.isIdentifier("NSInMemoryStoreType") }) { return true }
        // The branch of `if description.type == NSInMemoryStoreType { ... }`: the tests' store.
        guard start > tokens.startIndex else { return false }
        // Swift ends a statement at the line's end, which the header does not stop at.
        let header = header(before: start - 1, in: tokens)
        guard let keyword = header.lastIndex(where: { $0.isIdentifier("if") }) else { return false }
        let condition = header[keyword...]
        return condition.contains { $0.isIdentifier("NSInMemoryStoreType") } && !condition.contains { $0.is("!") }
    }

    /// Whether the file makes an empty model and gives it its entities (`let model =
    /// NSManagedObjectModel()` … `model.entities = [...]`, `[[NSManagedObjectModel alloc] init]` …
    /// `setEntities:`), and loads no compiled one (`.momd`, `.mom`, `mergedModel`): a container
    /// given its model there opens that model, whatever bundle its name matches.
    static func buildsAModelInCode(_ tokens: [ObjCToken]) -> Bool {
        var makesAnEmptyModel = false, givesEntities = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .string, token.text.hasSuffix("momd") || token.text.hasSuffix("mom") { return false }
            guard token.kind == .identifier else { continue }
            switch token.text {
            case "mergedModel", "mergedModelFromBundles", "initWithContentsOfURL", "modelByMergingModels":
                return false
            case "NSManagedObjectModel":
                // The tokens that follow, as written (a literal's text quoted, so that no string
                // reads as a name or a symbol): `()`, `.init()`, `alloc] init]`.
                let rest = tokens[(index + 1)...].prefix(4).map { $0.kind == .string ? "\"" + $0.text : $0.text }
                if rest.starts(with: ["(", "contentsOf"]) { return false }
                let swift = rest.starts(with: ["(", ")"]) || rest.starts(with: [".", "init", "(", ")"])
                let objC = index > 0 && tokens[index - 1].is("[") && rest.starts(with: ["alloc", "]", "init", "]"])
                if swift || objC { makesAnEmptyModel = true }
            case "entities":
                if index > 0, tokens[index - 1].is("."), index + 1 < tokens.count, tokens[index + 1].is("=") { givesEntities = true }
            case "setEntities":
                givesEntities = true
            default:
                break
            }
        }
        return makesAnEmptyModel && givesEntities
    }

    /// `class X: T` (Swift) and `@interface X : T` (Objective-C).
    static func subclasses(of type: String, in tokens: [ObjCToken]) -> [String] {
        tokens.indices.dropFirst(2).compactMap { index in
            guard tokens[index].isIdentifier(type), tokens[index - 1].is(":"), tokens[index - 2].kind == .identifier,
                  index >= 3, ["class", "@interface"].contains(tokens[index - 3].text) else { return nil }
            return tokens[index - 2].text
        }
    }

    /// `T(name: "Model")`, `T(name: modelName, managedObjectModel: model)`,
    /// `[[T alloc] initWithName:@"Model"]`, `[T persistentContainerWithName:@"Model"]`: where, and
    /// the model's name when it is a literal, and whether the container is given its model
    /// (`T(name: "LocalStorage", managedObjectModel: model)`: the name may be the store's only).
    /// So is the type handed to a stack of the app's own that makes the container, with the
    /// model's name beside it (`[[Stack alloc] initWithModelName:@"Decks"
    /// containerClass:[NSPersistentCloudKitContainer class]]`, `Stack(modelName: "Decks",
    /// containerType: NSPersistentCloudKitContainer.self)`).
    static func creations(in tokens: [ObjCToken], types: Set<String>) -> [(token: ObjCToken, model: String?, modelIsGiven: Bool)] {
        var found: [(token: ObjCToken, model: String?, modelIsGiven: Bool)] = []
        func named(_ token: ObjCToken, at index: Int) -> (token: ObjCToken, model: String?, modelIsGiven: Bool) {
            let given = tokens[(index + 1)...].prefix(3).drop { $0.is(",") }.first?.isIdentifier("managedObjectModel") == true
            return (token, tokens[index].kind == .string ? tokens[index].text : nil, given)
        }
        for index in tokens.indices where tokens[index].kind == .identifier && types.contains(tokens[index].text) {
            let next = index + 1
            guard next < tokens.count else { continue }
            let handedInObjectiveC = index > 0 && tokens[index - 1].is("[") && next + 1 < tokens.count && tokens[next].isIdentifier("class") && tokens[next + 1].is("]")
            let handedInSwift = next + 1 < tokens.count && tokens[next].is(".") && tokens[next + 1].isIdentifier("self")
            if handedInObjectiveC || handedInSwift {
                if let model = modelNamed(besideTypeAt: handedInObjectiveC ? index - 1 : index, in: tokens) { found.append((tokens[index], model, false)) }
                continue
            }
            if tokens[next].is("(") {
                // Swift: an initializer call, `T(` or `T.init(` is not told apart from a cast `as T`.
                guard next + 3 < tokens.count, tokens[next + 1].isIdentifier("name"), tokens[next + 2].is(":") else { continue }
                found.append(named(tokens[index], at: next + 3))
            } else if index > 0, tokens[index - 1].is("[") {
                // Objective-C: the selector naming the model comes within a few tokens.
                let window = tokens[next..<min(tokens.count, next + 6)]
                guard let selector = window.firstIndex(where: { $0.isIdentifier("initWithName") || $0.isIdentifier("persistentContainerWithName") }),
                      selector + 2 < tokens.count, tokens[selector + 1].is(":") else { continue }
                found.append(named(tokens[index], at: selector + 2))
            }
        }
        return found
    }

    /// The model's name given in the call or message that hands a container type at `index` on:
    /// a string literal after a label that ends in "name" (`initWithModelName:@"Decks"`,
    /// `modelName: "Decks"`); nil where there is none (`isKindOfClass:[T class]`).
    private static func modelNamed(besideTypeAt index: Int, in tokens: [ObjCToken]) -> String? {
        var depth = 0, opener: Int?
        for position in stride(from: index - 1, through: max(0, index - 64), by: -1) {
            if tokens[position].is(")") || tokens[position].is("]") { depth += 1 } else if tokens[position].is("(") || tokens[position].is("[") {
                if depth == 0 { opener = position; break }
                depth -= 1
            } else if depth == 0, tokens[position].is(";") || tokens[position].is("{") || tokens[position].is("}") {
                return nil
            }
        }
        guard let opener else { return nil }
        depth = 0
        var position = opener + 1
        while position + 2 < tokens.count, position < opener + 64 {
            let token = tokens[position]
            if token.is("(") || token.is("[") { depth += 1 } else if token.is(")") || token.is("]") {
                if depth == 0 { return nil }
                depth -= 1
            } else if depth == 0, token.kind == .identifier, token.text.lowercased().hasSuffix("name"), tokens[position + 1].is(":"), tokens[position + 2].kind == .string {
                return tokens[position + 2].text
            }
            position += 1
        }
        return nil
    }

    /// Whether the statement at `index` runs only under a condition: it, or a block around it,
    /// is the body of an `if`, `else`, `case` or `guard … else` whose condition is more than a
    /// binding or a nil check (`if let description = …`, `if (description)`), which only find
    /// the description to change.
    static func underCondition(_ index: Int, in tokens: [ObjCToken]) -> Bool {
        // A brace-less `if (useLocal) description.cloudKitContainerOptions = nil;`.
        let own = header(before: index, in: tokens)
        if own.first?.isIdentifier("if") == true, isConditional(header: own) { return true }
        // The `else` of a test for the tests' in-memory store (`if inMemory { … } else { … }`)
        // is the store people run, whatever the test.
        return enclosingBlocks(of: index, in: tokens).contains { open in
            isConditional(header: header(before: open, in: tokens)) && !isElseOfAnInMemoryTest(open, in: tokens)
        }
    }

    /// Whether the block opened at `open` is the `else` of an `if` that tests for an in-memory
    /// or preview store.
    private static func isElseOfAnInMemoryTest(_ open: Int, in tokens: [ObjCToken]) -> Bool {
        guard open >= 2, tokens[open - 1].isIdentifier("else"), tokens[open - 2].is("}") else { return false }
        var depth = 0
        for position in stride(from: open - 3, through: 0, by: -1) {
            if tokens[position].is("}") { depth += 1 } else if tokens[position].is("{") {
                guard depth == 0 else { depth -= 1; continue }
                let test = trimmed(header(before: position, in: tokens))
                return test.first?.isIdentifier("if") == true && test.contains { $0.text.lowercased().contains("inmemory") || $0.text.lowercased().contains("preview") }
            }
        }
        return false
    }

    /// The statements that open the blocks around `index` (`if (x)`, `func f()`), innermost first.
    private static func enclosingHeaders(of index: Int, in tokens: [ObjCToken]) -> [[ObjCToken]] {
        enclosingBlocks(of: index, in: tokens).map { header(before: $0, in: tokens) }
    }

    /// Where the blocks around `index` open (their `{`), innermost first.
    static func enclosingBlocks(of index: Int, in tokens: [ObjCToken]) -> [Int] {
        var opens: [Int] = []
        var depth = 0
        for position in stride(from: index - 1, through: 0, by: -1) {
            if tokens[position].is("}") {
                depth += 1
            } else if tokens[position].is("{") {
                if depth > 0 {
                    depth -= 1
                } else {
                    opens.append(position)
                }
            }
        }
        return opens
    }

    /// Names the file binds once, to false, and never assigns again: `let useCloudKit = false`,
    /// `let syncEnabled: Bool = false` (Swift), `static const BOOL kUseCloudKit = NO;` (Objective-C).
    static func falseFlags(in tokens: [ObjCToken]) -> Set<String> {
        var flags: Set<String> = [], assigned: [String: Int] = [:]
        for index in tokens.indices.dropLast() where tokens[index].kind == .identifier && tokens[index + 1].is("=") {
            // `a = b`, not `a == b`.
            guard index + 2 < tokens.count, !tokens[index + 2].is("=") else { continue }
            assigned[tokens[index].text, default: 0] += 1
            guard index > 0, tokens[index + 2].isIdentifier("false") || tokens[index + 2].isIdentifier("NO") else { continue }
            let statementEnd = index + 3 >= tokens.count || tokens[index + 3].is(";") || tokens[index + 3].line != tokens[index + 2].line
            let before = tokens[..<index].suffix(3)
            let constantBool = before.contains { $0.isIdentifier("const") } && before.contains { $0.isIdentifier("BOOL") }
            if statementEnd, tokens[index - 1].isIdentifier("let") || constantBool {
                flags.insert(tokens[index].text)
            }
        }
        // `let flag: Bool = false`: the name comes before the type.
        for index in tokens.indices.dropFirst() where tokens[index - 1].isIdentifier("let") && index + 5 < tokens.count
            && tokens[index + 1].is(":") && tokens[index + 2].isIdentifier("Bool") && tokens[index + 3].is("=") && tokens[index + 4].isIdentifier("false")
            && (tokens[index + 5].is(";") || tokens[index + 5].line != tokens[index + 4].line) {
            flags.insert(tokens[index].text)
            assigned[tokens[index].text, default: 0] += 1
        }
        return flags.filter { assigned[$0] == 1 }
    }

    /// Whether the code at `index` sits in the body of an `if` whose whole condition is one of
    /// `flags` (`if useCloudKit {`, `if self.useCloudKit {`, `if (kUseCloudKit) {`).
    static func isDisabled(_ index: Int, by flags: Set<String>, in tokens: [ObjCToken]) -> Bool {
        enclosingHeaders(of: index, in: tokens).contains { condition in
            guard condition.first?.isIdentifier("if") == true else { return false }
            let words = condition.dropFirst().filter { !$0.is("(") && !$0.is(")") }
            let named = words.count == 1 ? words.first : words.count == 3 && (words[words.startIndex].isIdentifier("self") || words[words.startIndex].isIdentifier("Self")) && words[words.startIndex + 1].is(".") ? words.last : nil
            return named.map { flags.contains($0.text) } ?? false
        }
    }

    /// The tokens of the statement that ends at `end` (exclusive): back to the previous `;`, `{`
    /// or `}` (an `else` keeps its `}` out).
    static func header(before end: Int, in tokens: [ObjCToken]) -> [ObjCToken] {
        var start = end
        while start > 0, !(tokens[start - 1].is(";") || tokens[start - 1].is("{") || tokens[start - 1].is("}")) { start -= 1 }
        return Array(tokens[start..<end])
    }

    private static let conditionKeywords: Set<String> = ["if", "else", "case", "default", "guard", "switch", "while"]

    /// Swift ends a statement at the line's end, which `header(before:)` does not stop at: a
    /// block's header begins at the last keyword that begins a line.
    static func trimmed(_ header: [ObjCToken]) -> [ObjCToken] {
        let begins = header.indices.last { conditionKeywords.contains(header[$0].text) && ($0 == 0 || header[$0 - 1].line != header[$0].line) }
        return begins.map { Array(header[$0...]) } ?? header
    }

    /// Whether the innermost condition around `index` is an `if`, `guard` or `case` of the app's
    /// own (`if isSyncEnabled {`): not the `else` of one, nor a test for an in-memory store, whose
    /// other branch is the store people run.
    static func underOwnCondition(_ index: Int, in tokens: [ObjCToken]) -> Bool {
        guard let header = enclosingHeaders(of: index, in: tokens).first(where: isConditional).map(trimmed), let keyword = header.first else { return false }
        return !keyword.isIdentifier("else") && !header.contains { $0.isIdentifier("NSInMemoryStoreType") || $0.text.lowercased().contains("inmemory") }
    }

    private static func isConditional(header whole: [ObjCToken]) -> Bool {
        let header = trimmed(whole)
        guard let keyword = header.first, conditionKeywords.contains(keyword.text) else { return false }
        if keyword.isIdentifier("if") || keyword.isIdentifier("guard"), header.count > 1 {
            // `if let x = …`, `guard let x = …`: finding the description, not deciding sync.
            if header[1].isIdentifier("let") || header[1].isIdentifier("var") { return header.contains { $0.is(",") } }
            // `if (description)`, `if (description != nil)`; `if isSyncEnabled` decides.
            let condition = header.dropFirst().filter { !$0.is("(") && !$0.is(")") }
            if condition.count == 1, let name = condition.first {
                // Objective-C's `if (self)` in an initializer guards the whole object.
                return !["description", "container", "options", "store"].contains { name.text.lowercased().contains($0) } && !name.isIdentifier("self")
            }
            if condition.count == 4 && condition[condition.startIndex + 3].isIdentifier("nil") { return false }
        }
        return true
    }

    /// Each assignment of `cloudKitContainerOptions` (`description.cloudKitContainerOptions = …`,
    /// `[description setCloudKitContainerOptions:…]`): true when it sets options, false for `nil`,
    /// nil when the value depends on a condition (`useSync ? options : nil`).
    static func optionSettings(in tokens: [ObjCToken]) -> [(token: ObjCToken, syncs: Bool?)] {
        var found: [(token: ObjCToken, syncs: Bool?)] = []
        // A description of the file's own replaces the container's (`persistentStoreDescriptions
        // = [description]`), which alone comes with options: set on it under a condition
        // (`if isSyncEnabled { description.cloudKitContainerOptions = ... }`), some stores sync.
        let replacesDescriptions = replacesDescriptions(in: tokens)
        for index in tokens.indices {
            let value: ArraySlice<ObjCToken>
            // `guard let cloudKitContainerOptions = description.cloudKitContainerOptions` reads
            // the options into a constant of the same name: no setting.
            let binds = index > 0 && (tokens[index - 1].isIdentifier("let") || tokens[index - 1].isIdentifier("var"))
            if tokens[index].isIdentifier("cloudKitContainerOptions"), !binds, index + 2 < tokens.count, tokens[index + 1].is("="), !tokens[index + 2].is("=") {
                // The value runs to the end of the statement: a `;` or the end of the line.
                let start = index + 2
                let end = tokens[start...].firstIndex { $0.is(";") || $0.line != tokens[start].line } ?? tokens.count
                value = tokens[start..<end]
            } else if tokens[index].isIdentifier("setCloudKitContainerOptions"), index + 2 < tokens.count, tokens[index + 1].is(":") {
                let start = index + 2
                let end = tokens[start...].firstIndex { $0.is("]") } ?? tokens.count
                value = tokens[start..<end]
            } else {
                continue
            }
            guard let first = value.first else { continue }
            // A ternary (`useSync ? options : nil`), not optional chaining (`options?.copy()`).
            let ternary = value.indices.contains { position in
                value[position].is("?") && position + 1 < value.endIndex && !value[position + 1].is(".") && value[(position + 1)...].contains { $0.is(":") }
            }
            if ternary {
                found.append((tokens[index], nil))
            } else if value.count == 1, first.isIdentifier("nil") {
                // Cleared under a condition (`if !syncEnabled { … = nil }`): the default
                // description keeps its options otherwise, so some stores sync.
                found.append((tokens[index], underCondition(index, in: tokens) ? nil : false))
            } else {
                found.append((tokens[index], replacesDescriptions && underOwnCondition(index, in: tokens) ? nil : true))
            }
        }
        return found
    }
}

import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// Reads SwiftData model histories from Swift source: `VersionedSchema`s with their `@Model`
/// classes, ordered by a `SchemaMigrationPlan` (docs/swiftdata.md). Registered by the executable;
/// the core knows it only as a `ModelSourceReader`.
package struct SwiftDataReader: ModelSourceReader {
    package init() {}

    package var name: String { "SwiftData" }

    /// What a Swift file must contain to be parsed: anything that declares models, schemas, a
    /// migration plan, the store's CloudKit setting, or a typealias (apps name their current models
    /// in a file of their own: `typealias CardModel = SchemaV3.CardModel`). Every other file is
    /// skipped unparsed.
    static let markers = words(declaringModels + besideModels + ["typealias"])
    static let markersBesideTypealias = words(declaringModels + besideModels)
    static let modelDeclarations = words(declaringModels)
    private static let declaringModels = ["VersionedSchema", "@Model"]
    private static let besideModels = ["SchemaMigrationPlan", "cloudKitDatabase", "ModelContainer", "modelContainer"]
    /// What code that opens a store says: without it, no container of the run opens the models,
    /// and SwiftData's default sync decides nothing.
    static let opensContainers = words(["ModelContainer", "modelContainer"])
    private static func words(_ list: [String]) -> ByteSearch.Words { ByteSearch.Words(list.map { Array($0.utf8) }) }

    /// The files among `paths` that declare a struct or an enum named one of `names`, parsed (a
    /// file that does not parse is not the reader's to refuse, and is left out).
    static func files(declaring names: Set<String>, among paths: [String], options: ModelSourceReadingOptions) -> [ParsedSwiftFile] {
        guard !names.isEmpty, !paths.isEmpty else { return [] }
        let declarations = words(names.sorted().flatMap { ["enum \($0)", "struct \($0)"] })
        return paths.compactMap { path -> ParsedSwiftFile? in
            guard case .success(let data) = options.tree.contents(of: path) else { return nil }
            let bytes = [UInt8](data)
            guard ByteSearch.containsAny(declarations, in: bytes) else { return nil }
            return try? ParsedSwiftFile.parse((path, bytes), options: options).get()
        }
    }

    /// Whether some Swift file of the run gives the property `name` a value other than its
    /// declared one: `name = ...` (not `==`) outside its declaration, `name.toggle()`, or `$name`
    /// (a binding a control sets). The sources read first, then the run's other Swift files.
    static func assigns(_ name: String, in sources: [ModelSourceFile], orIn options: ModelSourceReadingOptions) -> Bool {
        let word = Array(name.utf8)
        func isIdentifier(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80 }
        func assigns(in bytes: [UInt8]) -> Bool {
            guard ByteSearch.containsAny([word], in: bytes) else { return false }
            var start = 0
            while start + word.count <= bytes.count, let found = bytes[start...].firstRange(of: word) {
                start = found.lowerBound + 1
                let before = found.lowerBound > 0 ? bytes[found.lowerBound - 1] : 0x20
                guard !isIdentifier(before), found.upperBound == bytes.count || !isIdentifier(bytes[found.upperBound]) else { continue }
                if before == UInt8(ascii: "$") { return true }
                var next = found.upperBound
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if bytes[next...].starts(with: Array(".toggle(".utf8)) { return true }
                guard next < bytes.count, bytes[next] == UInt8(ascii: "="), next + 1 >= bytes.count || bytes[next + 1] != UInt8(ascii: "=") else { continue }
                // `var name = false` declares, `name = true` assigns.
                let line = bytes[..<found.lowerBound].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let text = String(decoding: bytes[line..<found.lowerBound], as: UTF8.self)
                if !(text.hasSuffix("var ") || text.hasSuffix("let ")) { return true }
            }
            return false
        }
        if sources.contains(where: { assigns(in: $0.bytes) }) { return true }
        let read = Set(sources.map(\.name))
        return options.unclaimedFiles.contains { path in
            guard !read.contains(path), path.hasSuffix(".swift"), case .success(let data) = options.tree.contents(of: path) else { return false }
            return assigns(in: [UInt8](data))
        }
    }

    package var fileNameSuffixes: [String] { [".swift"] }

    /// The classes among `classes` that some Swift file writes as a type value (`Item.self`): the
    /// sources read first, then the run's other Swift files for those not found there.
    static func classesNamedAsTypes(_ classes: Set<String>, in sources: [ModelSourceFile], orIn options: ModelSourceReadingOptions) -> Set<String> {
        var pending = classes.sorted().map { (name: $0, word: words(["\($0).self"])) }
        var named: Set<String> = []
        func look(in bytes: [UInt8]) {
            pending.removeAll { entry in
                guard ByteSearch.containsAny(entry.word, in: bytes) else { return false }
                named.insert(entry.name)
                return true
            }
        }
        for source in sources where !pending.isEmpty { look(in: source.bytes) }
        for path in options.unclaimedFiles where !pending.isEmpty && path.hasSuffix(".swift") {
            if case .success(let data) = options.tree.contents(of: path) { look(in: [UInt8](data)) }
        }
        return named
    }

    package func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.markers, in: bytes)
    }

    /// Swift sources as bytes with the names messages should show (paths of the working tree,
    /// `tag:path` at a git tag, or a fuzzer's names).
    ///
    /// A file claimed only for a `typealias` names models declared elsewhere: when no file of the
    /// run declares models, it is not parsed (apps that never use SwiftData have typealiases too).
    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions = ModelSourceReadingOptions()) -> ModelSourceReading {
        let declaresModels = sources.contains { ByteSearch.containsAny(Self.modelDeclarations, in: $0.bytes) }
        let sources = declaresModels ? sources : sources.filter { ByteSearch.containsAny(Self.markersBesideTypealias, in: $0.bytes) }
        var declarations = SwiftDeclarations()
        var errors: [InputError] = []
        // Files are parsed and checked on all cores when there is enough of them; their declarations
        // are collected in file order.
        let parsed = OrderedConcurrentMap.map(count: sources.count, concurrently: ParsedSwiftFile.isWorthSharingOut(sources)) { index in
            ParsedSwiftFile.parse(sources[index], options: options).flatMap { file in file.syntaxError().map { .failure($0) } ?? .success(file) }
        }
        for result in parsed {
            switch result {
            // A test's schemas (copies of shipped versions to test a migration) are no app's models.
            case .success(let file) where file.isTestCode: continue
            case .success(let file): declarations.collect(file)
            case .failure(let error): errors.append(error)
            }
        }
        guard errors.isEmpty else { return ModelSourceReading(errors: errors) }
        // A type a model's property is written with may be declared in a file that declares no
        // model (`enum Priority: String, Codable` in a file of its own): such files are parsed
        // too, for their structs and enums alone.
        let unresolved = declarations.unresolvedPropertyTypeNames(known: PropertyTypeMapper.standardNames)
        let supporting = Self.files(declaring: unresolved, among: options.unclaimedFiles, options: options)
        for file in supporting { declarations.collectValueTypes(file) }
        declarations = declarations.resolvingAliasedScopes()
        let cloudKit = CloudKitSetting(declarations.cloudKitDatabases, declarations: declarations) { name in
            Self.assigns(name, in: sources, orIn: options)
        }
        var reading = VersionedSchemaHistory(declarations: declarations, usesCloudKit: options.declaresCloudKit).read()
        // What code names a history by: its versions (schemas) and its plan; and its classes.
        func last(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
        let histories = Dictionary(grouping: reading.versions, by: \.history).mapValues { versions in
            (
                files: versions.map(\.file), names: Set(versions.flatMap { [last($0.label), last($0.model)] }), entities: Set(versions.flatMap { $0.entities.map(\.name) }),
                links: versions.flatMap(\.entities).reduce(into: [String: Set<String>]()) { links, entity in links[entity.name, default: []].formUnion(entity.relationships.map(\.destination)) }
            )
        }
        let (synced, local) = cloudKit.synced(histories: histories)
        let opensContainers = sources.contains { ByteSearch.containsAny(Self.opensContainers, in: $0.bytes) }
        for index in reading.versions.indices {
            guard let entities = synced[reading.versions[index].history] else {
                // No setting decides: SwiftData's default syncs with the app's CloudKit
                // entitlement, where a container opens the models.
                reading.versions[index].syncsByDefault = opensContainers && !local.contains(reading.versions[index].history)
                continue
            }
            let version = reading.versions[index]
            // Where a setting keeps some of the history's classes local, an older version without
            // them is synced class by class too: a class it lacks is no synced one when it comes.
            if version.entities.allSatisfy({ entities.contains($0.name) }) && !local.contains(version.history) {
                reading.versions[index].usesCloudKit = true
            } else {
                reading.versions[index].markSynced(entities: entities, at: version.location)
            }
        }
        // A class no code hands to SwiftData (`Item.self` written nowhere: in no schema, container
        // or version's list of models) is in no store, and SwiftData's default sync does not reach
        // it: only the classes named, and what their relationships reach, sync by default. Where no
        // class is named at all, the code that opens the store is not here, and every class may be.
        let syncingByDefault = reading.versions.indices.filter { reading.versions[$0].syncsByDefault }
        if !syncingByDefault.isEmpty {
            let classes = Set(syncingByDefault.flatMap { reading.versions[$0].entities.map(\.name) })
            let named = Self.classesNamedAsTypes(classes, in: sources, orIn: options)
            if !named.isEmpty {
                for index in syncingByDefault {
                    let version = reading.versions[index]
                    let own = Set(version.entities.map(\.name))
                    reading.versions[index].openedEntities = CloudKitSetting.reached(from: own.intersection(named), through: histories[version.history]?.links ?? [:]).intersection(own)
                }
            }
        }
        // The same checks as every loader's (a class declared twice in one version's models, a
        // #Unique naming no property): Swift that compiles passes them.
        for version in reading.versions {
            do throws(InputError) {
                try ModelValidator.validate(version)
            } catch {
                reading.errors.append(error)
            }
        }
        reading.notes = Array(Set(reading.notes + cloudKit.notes)).sorted()
        reading.supportingFiles = supporting.map(\.name)
        return reading
    }
}

/// What the `ModelConfiguration(cloudKitDatabase:)` calls in the sources say about sync:
/// `.none` is not synced; `.automatic`, `.private("iCloud...")` are; an expression that cannot be
/// decided (`enableSync ? .private(...) : .none`) may sync, and is read as syncing. Each setting
/// applies to the models the code around it names (`Schema([Note.self])`, `ModelContainer(for:
/// Note.self, configurations: configuration)`, `Schema(versionedSchema: NotesV3.self)`): a cache
/// opened with `.none` stays local whatever another container of the app does.
struct CloudKitSetting {
    struct Setting {
        /// The file it is written in.
        var file: String
        var syncs: Bool
        /// The types named `X.self` in the code around it: the declaration, function or closure
        /// that holds it.
        var names: Set<String>
    }

    var settings: [Setting] = []
    var notes: [ReadingNote] = []

    /// `assigns`: whether some file gives a property a value other than its declared one.
    init(_ databases: [Declared<ExprSyntax>], declarations: SwiftDeclarations, assigns: (String) -> Bool = { _ in true }) {
        for database in databases {
            var expression = database.node
            // `Sync.enabled ? .automatic : .none` with `static let enabled = false`, or a `var`
            // no file sets: the branch its declared value takes.
            if let (condition, then, otherwise) = Self.ternary(expression),
               let value = Self.constant(condition, scope: database.scope, declarations: declarations, assigns: assigns) {
                expression = value ? then : otherwise
            }
            let option = (expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text
            let names = Self.namedTypes(around: Syntax(expression), scope: database.scope, declarations: declarations)
            switch option {
            case "none": settings.append(Setting(file: database.file.name, syncs: false, names: names))
            case "automatic", "private": settings.append(Setting(file: database.file.name, syncs: true, names: names))
            default:
                settings.append(Setting(file: database.file.name, syncs: true, names: names))
                notes.append(ReadingNote(at: database.file.location(of: expression), "cannot tell statically whether `cloudKitDatabase: \(expression.trimmedText)` syncs: the models it opens are read as synced with CloudKit"))
            }
        }
    }

    /// The condition and branches of `c ? a : b` (as the parser leaves it, a sequence).
    static func ternary(_ expression: ExprSyntax) -> (condition: ExprSyntax, then: ExprSyntax, otherwise: ExprSyntax)? {
        if let ternary = expression.as(TernaryExprSyntax.self) { return (ternary.condition, ternary.thenExpression, ternary.elseExpression) }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let middle = elements[1].as(UnresolvedTernaryExprSyntax.self) else { return nil }
        return (elements[0], middle.thenExpression, elements[2])
    }

    /// The value of a condition that is a static property declared with a Boolean literal
    /// (`enabled`, `Sync.enabled`, `Self.enabled`): a `let`, or a `var` no file assigns.
    static func constant(_ condition: ExprSyntax, scope: [String], declarations: SwiftDeclarations, assigns: (String) -> Bool) -> Bool? {
        let property: Declared<PatternBindingSyntax>?
        let name: String
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            property = declarations.staticProperty(name, in: scope)
        } else if let member = condition.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            name = member.declName.baseName.text
            property = declarations.staticProperty(name, of: base.baseName.text, in: scope)
        } else {
            return nil
        }
        guard let binding = property?.node, let literal = binding.initializer?.value.as(BooleanLiteralExprSyntax.self),
              let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return nil }
        if declaration.bindingSpecifier.tokenKind == .keyword(.var), assigns(name) { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// The last name of each type written `X.self` in the other arguments of the configuration
    /// `node` is an argument of (`ModelConfiguration("Drafts", schema: Schema([Draft.self]),
    /// cloudKitDatabase: .none)`: one store of a container that opens several), else in the
    /// closure, function body or member declaration that holds `node`. `scope`: the types around
    /// `node`, where a static property it names is looked up.
    static func namedTypes(around node: Syntax, scope: [String], declarations: SwiftDeclarations) -> Set<String> {
        if let argument = node.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            let own = SelfReferenceCollector(viewMode: .sourceAccurate)
            for other in call.arguments where other.id != argument.id { own.walk(other) }
            if !own.names.isEmpty { return own.names }
            // `schema: Schema(localModels)` with `let localModels: [any PersistentModel.Type] =
            // [Repository.self, Setting.self]` written before it, or `schema: CacheSchema.schema`
            // with `static var schema: Schema { Schema([CacheEntry.self]) }` in another file.
            var bound: Set<String> = []
            for other in call.arguments where other.id != argument.id {
                bound.formUnion(typesBound(to: other.expression, at: Syntax(call)))
                bound.formUnion(typesOfStaticProperties(in: other.expression, scope: scope, declarations: declarations))
            }
            if !bound.isEmpty { return bound }
        }
        var unit = node
        while let parent = unit.parent {
            unit = parent
            if unit.is(CodeBlockSyntax.self) || unit.is(ClosureExprSyntax.self) || unit.is(MemberBlockItemSyntax.self) || unit.is(CodeBlockItemSyntax.self) && unit.parent?.parent?.is(SourceFileSyntax.self) == true { break }
        }
        let collector = SelfReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(unit)
        return collector.names
    }

    /// The `X.self` in the values of the local names `expression` uses (`Schema(cloudModels)`),
    /// declared in the blocks around `use`, and of the names those use in turn (`cloudModels +
    /// localModels`), a few deep.
    static func typesBound(to expression: ExprSyntax, at use: Syntax, depth: Int = 0) -> Set<String> {
        guard depth < 3 else { return [] }
        let references = PlainNames(viewMode: .sourceAccurate)
        references.walk(expression)
        var names: Set<String> = []
        for name in references.names {
            guard let value = localValue(of: name, around: use) else { continue }
            let collector = SelfReferenceCollector(viewMode: .sourceAccurate)
            collector.walk(value)
            names.formUnion(collector.names.isEmpty ? typesBound(to: value, at: Syntax(value), depth: depth + 1) : collector.names)
        }
        return names
    }

    /// The `X.self` in the static properties `expression` names (`CacheSchema.schema`,
    /// `Self.schema`, or `schema` inside the type that declares it): in their initial values or
    /// what their getters return.
    static func typesOfStaticProperties(in expression: ExprSyntax, scope: [String], declarations: SwiftDeclarations) -> Set<String> {
        let members = StaticMemberReferences(viewMode: .sourceAccurate)
        members.walk(expression)
        let plain = PlainNames(viewMode: .sourceAccurate)
        plain.walk(expression)
        let properties = members.references.compactMap { declarations.staticProperty($0.member, of: $0.type, in: scope) }
            + plain.names.compactMap { declarations.staticProperty($0, in: scope) }
        var names: Set<String> = []
        for property in properties {
            let collector = SelfReferenceCollector(viewMode: .sourceAccurate)
            if let value = property.node.initializer?.value { collector.walk(value) }
            if let accessors = property.node.accessorBlock { collector.walk(accessors) }
            names.formUnion(collector.names)
        }
        return names
    }

    /// The initial value of `let name = value` (or `var`) in a block around `use`, the nearest.
    private static func localValue(of name: String, around use: Syntax) -> ExprSyntax? {
        var current = use.parent
        while let syntax = current {
            if let block = syntax.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let value = binding.initializer?.value { return value }
                    }
                }
            }
            current = syntax.parent
        }
        return nil
    }

    /// What the settings make synced, by history: every entity, or some. A setting applies to
    /// what the code around it names: a history by its schemas or plan, or single classes (a
    /// cache opened with `.none` beside synced models of the same history). One whose code names
    /// none of them (the models are passed in from elsewhere) applies to the histories declared
    /// nearest to it, those whose files share the deepest folder with its file, except what a
    /// `.none` setting names.
    /// A class a setting names brings the classes its relationships reach, as SwiftData's schema
    /// does (`ModelContainer(for: Book.self)` holds `Tag` when a book has tags): they share its store.
    /// `local`: the histories a `.none` setting names, which SwiftData's default does not sync.
    func synced(histories: [String: (files: [String], names: Set<String>, entities: Set<String>, links: [String: Set<String>])]) -> (synced: [String: Set<String>], local: Set<String>) {
        var namedSync: [String: Set<String>] = [:], namedLocal: [String: Set<String>] = [:]
        var unnamed: [Setting] = []
        for setting in settings {
            var named = false
            for (key, history) in histories {
                let entities = history.names.isDisjoint(with: setting.names)
                    ? Self.reached(from: history.entities.intersection(setting.names), through: history.links) : history.entities
                guard !entities.isEmpty else { continue }
                named = true
                if setting.syncs { namedSync[key, default: []].formUnion(entities) } else { namedLocal[key, default: []].formUnion(entities) }
            }
            if !named { unnamed.append(setting) }
        }
        var nearest: Set<String> = []
        for setting in unnamed where setting.syncs {
            nearest.formUnion(NearestFiles.nearest(to: setting.file, among: histories.mapValues(\.files)))
        }
        var result: [String: Set<String>] = [:]
        for (key, history) in histories {
            let sync = namedSync[key] ?? []
            let local = (namedLocal[key] ?? []).subtracting(sync)
            let entities = sync.union(nearest.contains(key) ? history.entities.subtracting(local) : [])
            if !entities.isEmpty { result[key] = entities }
        }
        return (result, Set(namedLocal.keys))
    }
}

extension CloudKitSetting {
    /// `classes` and every class their relationships reach, at any depth.
    static func reached(from classes: Set<String>, through links: [String: Set<String>]) -> Set<String> {
        var reached = classes
        var pending = Array(classes)
        while let name = pending.popLast() {
            for destination in links[name] ?? [] where reached.insert(destination).inserted { pending.append(destination) }
        }
        return reached
    }
}

/// The plain names an expression uses (`cloudModels` in `Schema(cloudModels)`).
private final class PlainNames: SyntaxVisitor {
    var names: [String] = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberAccessExprSyntax.self) != true || node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id {
            names.append(node.baseName.text)
        }
        return .visitChildren
    }
}

/// `Type.member` with a type's name (capitalised, or `Self`) as its base: static properties an
/// expression names.
private final class StaticMemberReferences: SyntaxVisitor {
    var references: [(type: String, member: String)] = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase == true, node.declName.baseName.text != "self" {
            references.append((base, node.declName.baseName.text))
        }
        return .visitChildren
    }
}

/// Collects `X.self`: the types a piece of code hands to SwiftData.
private final class SelfReferenceCollector: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "self", let base = node.base {
            names.insert(String(base.trimmedText.split(separator: ".").last ?? ""))
        }
        return .visitChildren
    }
}

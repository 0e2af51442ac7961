import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// What the `ModelConfiguration(cloudKitDatabase:)` calls in the sources say about sync:
/// `.none` is not synced; `.private("iCloud...")` is; `.automatic` is where the entitlements give
/// CloudKit, as SwiftData's default; an expression that cannot be decided (`enableSync ?
/// .private(...) : .none`) may sync, and is read as syncing. Each setting
/// applies to the models the code around it names (`Schema([Note.self])`, `ModelContainer(for:
/// Note.self, configurations: configuration)`, `Schema(versionedSchema: NotesV3.self)`): a cache
/// opened with `.none` stays local whatever another container of the app does.
struct CloudKitSetting {
    struct Setting {
        /// The file it is written in.
        var file: String
        var syncs: Bool
        /// The types named `X.self` in the code around it: the declaration, function or closure
        /// that holds it. A schema the run declares is named qualified (`AnkiModels.V1`), a class
        /// or anything else by its last name.
        var names: Set<String>
        /// Whether a name is a schema the run declares: a setting that opens only schemas no
        /// history reads (not in a migration plan's `schemas`) opens no model linted, rather than
        /// the models nearest to it.
        var namesDeclaredSchemas = false
        /// `.automatic`: it syncs where the app's entitlements give it CloudKit, as SwiftData's
        /// default does, which the run decides from the entitlements files it finds.
        var followsEntitlements = false
    }

    var settings: [Setting] = []
    var notes: [ReadingNote] = []

    /// `switches`: what the code fixes of the switches a setting is written with.
    init(_ databases: [Declared<ExprSyntax>], declarations: SwiftDeclarations, switches: SyncSwitch) {
        for database in databases {
            // The models a setting applies to are those around the configuration, not those around
            // the value it comes to.
            let expression = Self.resolved(database.node, scope: database.scope, switches: switches)
            let site: Syntax? = expression.id == database.node.id ? nil : Syntax(database.node)
            let option = Self.option(of: expression)
            let names = Self.namedTypes(around: site ?? Syntax(expression), scope: database.scope, declarations: declarations)
            let namesSchemas = names.contains { declarations.schemaDeclarations[$0] != nil }
            switch option {
            case "none": settings.append(Setting(file: database.file.name, syncs: false, names: names, namesDeclaredSchemas: namesSchemas))
            case "automatic": settings.append(Setting(file: database.file.name, syncs: true, names: names, namesDeclaredSchemas: namesSchemas, followsEntitlements: true))
            case "private": settings.append(Setting(file: database.file.name, syncs: true, names: names, namesDeclaredSchemas: namesSchemas))
            default:
                settings.append(Setting(file: database.file.name, syncs: true, names: names, namesDeclaredSchemas: namesSchemas))
                notes.append(ReadingNote(at: database.file.location(of: expression), "cannot tell statically whether `cloudKitDatabase: \(expression.trimmedText)` syncs: the models it opens are read as synced with CloudKit"))
            }
        }
    }

    /// The settings that sync whatever the entitlements say (`.private("iCloud...")`, or an
    /// expression read as syncing), and those that sync where they give CloudKit (`.automatic`),
    /// each with the `.none` settings.
    var byEntitlements: (explicit: CloudKitSetting, automatic: CloudKitSetting) {
        var explicit = self, automatic = self
        explicit.settings.removeAll(where: \.followsEntitlements)
        automatic.settings.removeAll { $0.syncs && !$0.followsEntitlements }
        return (explicit, automatic)
    }

    /// The setting `expression` comes to, unchanged where nothing below applies:
    /// - `cloudKitDatabase: database` with `let database: ... = enabled ? .private(...) : .none`
    ///   written before it: that value;
    /// - `cloudKitDatabase: cloudKitDatabase`, a parameter of the function around it
    ///   (`func makeContainer(cloudKitDatabase: ModelConfiguration.CloudKitDatabase = .none)`):
    ///   what its callers pass (`passedSetting`);
    /// - `Sync.enabled ? .automatic : .none` with `static let enabled = false`, or a parameter
    ///   every caller passes `false`: the branch the app takes; `useCloudSync ? .automatic : .none`
    ///   on a setting the person chooses: the syncing branch, since the store syncs for those who
    ///   turn sync on, which leaves nothing undecided to tell.
    private static func resolved(_ expression: ExprSyntax, scope: [String], switches: SyncSwitch, depth: Int = 0) -> ExprSyntax {
        var value = expression
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            if let bound = localValue(of: reference.baseName.text, around: Syntax(reference)) {
                value = bound
            } else if let passed = passedSetting(ofParameter: reference.baseName.text, around: Syntax(reference), switches: switches, depth: depth) {
                value = passed
            }
        }
        if let (condition, then, otherwise) = ternary(value) {
            if let decided = switches.value(of: condition, at: Syntax(value), scope: scope) {
                value = decided ? then : otherwise
            } else if let synced = syncingBranch(then, otherwise) {
                value = synced
            }
        }
        return value
    }

    /// The setting the callers of the function around `use` give its parameter `name`, each
    /// argument (or the default) resolved as a setting written there is (a parameter handed on to
    /// another function's is followed to that function's callers, a few deep): the first that
    /// syncs (`.private` before `.automatic`), whatever the others are (the store syncs for those
    /// people), else `.none` where every one is `.none`; nil where nothing calls the function, or
    /// none syncs and some cannot be told.
    private static func passedSetting(ofParameter name: String, around use: Syntax, switches: SyncSwitch, depth: Int) -> ExprSyntax? {
        guard depth < 6, let arguments = switches.arguments(ofParameter: name, around: use), !arguments.isEmpty else { return nil }
        var options: [(option: String, value: ExprSyntax)] = []
        var undecided = false
        for argument in arguments {
            let value = argument.map { resolved($0.value, scope: $0.scope, switches: switches, depth: depth + 1) }
            guard let value, let option = option(of: value), ["none", "automatic", "private"].contains(option) else {
                undecided = true
                continue
            }
            options.append((option, value))
        }
        if let syncing = options.first(where: { $0.option == "private" }) ?? options.first(where: { $0.option == "automatic" }) { return syncing.value }
        return undecided ? nil : options.first?.value
    }

    /// `none`, `automatic` or `private`, for `.none`, `.automatic`, `.private("iCloud...")`.
    private static func option(of expression: ExprSyntax) -> String? {
        (expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// Of the branches of `c ? a : b`, the one that syncs where the other is `.none`.
    private static func syncingBranch(_ then: ExprSyntax, _ otherwise: ExprSyntax) -> ExprSyntax? {
        switch (option(of: then), option(of: otherwise)) {
        case ("automatic", "none"), ("private", "none"): then
        case ("none", "automatic"), ("none", "private"): otherwise
        default: nil
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

    /// The last name of each type written `X.self` in the other arguments of the configuration
    /// `node` is an argument of (`ModelConfiguration("Drafts", schema: Schema([Draft.self]),
    /// cloudKitDatabase: .none)`: one store of a container that opens several), else in the
    /// closure, function body or member declaration that holds `node`. `scope`: the types around
    /// `node`, where a static property it names is looked up.
    static func namedTypes(around node: Syntax, scope: [String], declarations: SwiftDeclarations) -> Set<String> {
        func resolved(_ collector: SelfReferenceCollector) -> Set<String> { collector.names(in: scope, declarations: declarations) }
        if let argument = node.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            let own = SelfReferenceCollector(viewMode: .sourceAccurate)
            for other in call.arguments where other.id != argument.id { own.walk(other) }
            if !own.written.isEmpty { return resolved(own) }
            // `schema: Schema(localModels)` with `let localModels: [any PersistentModel.Type] =
            // [Repository.self, Setting.self]` written before it, or `schema: CacheSchema.schema`
            // with `static var schema: Schema { Schema([CacheEntry.self]) }` in another file.
            let bound = typesNamed(byArgumentsOf: call, except: argument.id, scope: scope, declarations: declarations)
            if !bound.isEmpty { return bound }
        }
        var unit = node
        while let parent = unit.parent {
            unit = parent
            if unit.is(CodeBlockSyntax.self) || unit.is(ClosureExprSyntax.self) || unit.is(MemberBlockItemSyntax.self) || unit.is(CodeBlockItemSyntax.self) && unit.parent?.parent?.is(SourceFileSyntax.self) == true { break }
        }
        let collector = SelfReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(unit)
        if !collector.written.isEmpty { return resolved(collector) }
        // A configuration bound to a name and given to a container whose schema is a property
        // (`ModelContainer(for: currentSchema, configurations: configuration)` with `private let
        // currentSchema = Schema(versionedSchema: CardsV1.self)`): the container's arguments say.
        let containers = ContainerCalls(viewMode: .sourceAccurate)
        containers.walk(unit)
        let named = containers.found.reduce(into: Set<String>()) { names, call in
            names.formUnion(typesNamed(byArgumentsOf: call, except: nil, scope: scope, declarations: declarations))
        }
        guard named.isEmpty, unit.parent?.is(FunctionDeclSyntax.self) ?? false else { return named }
        // A function that only makes the configuration (`func makeConfiguration() ->
        // ModelConfiguration`), beside the one that makes the container of whatever
        // configuration it is handed (`ModelContainer(for: ..., configurations: [configuration])`):
        // the containers of its type that are given a configuration made elsewhere open it.
        var type = unit.parent
        while let syntax = type, !syntax.is(MemberBlockSyntax.self) { type = syntax.parent }
        guard let type else { return [] }
        let around = ContainerCalls(viewMode: .sourceAccurate)
        around.walk(type)
        return around.found.filter(takesAConfigurationMadeElsewhere).reduce(into: Set<String>()) { names, call in
            let own = SelfReferenceCollector(viewMode: .sourceAccurate)
            own.walk(call.arguments)
            names.formUnion(resolved(own))
            names.formUnion(typesNamed(byArgumentsOf: call, except: nil, scope: scope, declarations: declarations))
        }
    }

    /// Whether a container's `configurations:` is given by name (`[configuration]`, `config`),
    /// with no `ModelConfiguration(...)` written in it.
    private static func takesAConfigurationMadeElsewhere(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.arguments.first(where: { $0.label?.text == "configurations" }) else { return false }
        let tokens = argument.expression.tokens(viewMode: .sourceAccurate)
        return !tokens.contains { $0.text == "ModelConfiguration" } && tokens.contains { if case .identifier = $0.tokenKind { true } else { false } }
    }

    /// The `X.self` that the names in a call's arguments (but `except`) are bound to: local
    /// names and stored properties around the call, and static properties.
    /// `qualified`: as `typesBound` takes it.
    private static func typesNamed(byArgumentsOf call: FunctionCallExprSyntax, except: SyntaxIdentifier?, scope: [String], declarations: SwiftDeclarations, qualified: Bool = false) -> Set<String> {
        var bound: Set<String> = []
        for other in call.arguments where other.id != except {
            bound.formUnion(typesBound(to: other.expression, at: Syntax(call), scope: scope, declarations: declarations, qualified: qualified))
            bound.formUnion(typesOfStaticProperties(in: other.expression, scope: scope, declarations: declarations, qualified: qualified))
        }
        return bound
    }

    /// The `X.self` in the values of the local names `expression` uses (`Schema(cloudModels)`),
    /// declared in the blocks around `use`, and of the names those use in turn (`cloudModels +
    /// localModels`), a few deep.
    /// `qualified`: each type by what its name means where it is written (`NotesV2.Note`, or
    /// `Note` for a top-level class), not as a setting names it.
    static func typesBound(to expression: ExprSyntax, at use: Syntax, scope: [String], declarations: SwiftDeclarations, depth: Int = 0, qualified: Bool = false) -> Set<String> {
        guard depth < 3 else { return [] }
        let references = PlainNames(viewMode: .sourceAccurate)
        references.walk(expression)
        var names: Set<String> = []
        for name in references.names {
            guard let value = localValue(of: name, around: use) else { continue }
            let collector = SelfReferenceCollector(viewMode: .sourceAccurate)
            collector.walk(value)
            names.formUnion(collector.written.isEmpty
                ? typesBound(to: value, at: Syntax(value), scope: scope, declarations: declarations, depth: depth + 1, qualified: qualified)
                : qualified ? collector.meanings(in: scope, declarations: declarations) : collector.names(in: scope, declarations: declarations))
        }
        return names
    }

    /// The `X.self` in the static properties `expression` names (`CacheSchema.schema`,
    /// `Self.schema`, or `schema` inside the type that declares it): in their initial values or
    /// what their getters return.
    static func typesOfStaticProperties(in expression: ExprSyntax, scope: [String], declarations: SwiftDeclarations, qualified: Bool = false) -> Set<String> {
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
            names.formUnion(qualified ? collector.meanings(in: property.scope, declarations: declarations) : collector.names(in: property.scope, declarations: declarations))
        }
        return names
    }

    /// What a `ModelContainer(...)` call opens: each type written `X.self` in its arguments, in
    /// the local names and static properties they use, by what it means where it is written
    /// (`NotesV2.Note`, or `Note` for a top-level class; a name the run does not declare as
    /// written).
    static func typesOpened(by call: Declared<FunctionCallExprSyntax>, declarations: SwiftDeclarations) -> Set<String> {
        let collector = SelfReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(call.node.arguments)
        return collector.meanings(in: call.scope, declarations: declarations)
            .union(typesNamed(byArgumentsOf: call.node, except: nil, scope: call.scope, declarations: declarations, qualified: true))
    }

    /// The initial value of `let name = value` (or `var`) in a block around `use`, or of a stored
    /// property of a type around it, the nearest: as Swift looks a name up.
    private static func localValue(of name: String, around use: Syntax) -> ExprSyntax? {
        func value(in variable: VariableDeclSyntax?) -> ExprSyntax? {
            variable?.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }?.initializer?.value
        }
        var current = use.parent
        while let syntax = current {
            if let block = syntax.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    if let found = value(in: item.item.as(VariableDeclSyntax.self)) { return found }
                    // `#if targetEnvironment(simulator)` / `#else`, each declaring the name: the
                    // value of the builds people run (the `#else` of a simulator's or a debug
                    // build's clause).
                    if let conditional = item.item.as(IfConfigDeclSyntax.self) {
                        let shipped = conditional.clauses.filter { clause in
                            let condition = clause.condition?.trimmedText ?? ""
                            return !["simulator", "DEBUG"].contains { ByteSearch.contains($0, in: condition) }
                        }
                        for clause in shipped {
                            guard case .statements(let statements) = clause.elements else { continue }
                            for statement in statements {
                                if let found = value(in: statement.item.as(VariableDeclSyntax.self)) { return found }
                            }
                        }
                    }
                }
            } else if let members = syntax.as(MemberBlockItemListSyntax.self) {
                for member in members {
                    if let found = value(in: member.decl.as(VariableDeclSyntax.self)) { return found }
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
            if !named, !setting.namesDeclaredSchemas { unnamed.append(setting) }
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

/// Collects `X.self`, and `X` of `X.models` (a versioned schema's list): the types a piece of
/// code hands to SwiftData.
private final class SelfReferenceCollector: SyntaxVisitor {
    /// The types as written (`AnkiModels.ActiveSchema`).
    var written: Set<String> = []
    /// Their last names (`ActiveSchema`).
    var names: Set<String> { Set(written.map { String($0.split(separator: ".").last ?? "") }) }

    /// The types as `CloudKitSetting.Setting.names` holds them: a schema the run declares
    /// qualified, through aliases (`AnkiModels.ActiveSchema` is `AnkiModels.V1`: two modules'
    /// `ActiveSchema` are different schemas), anything else by its last name. `scope`: the types
    /// around the code.
    func names(in scope: [String], declarations: SwiftDeclarations) -> Set<String> {
        Set(written.map { written in
            let meant = declarations.schemaOrModel(named: written, in: scope) ?? written
            return declarations.schemaDeclarations[meant] != nil ? meant : String(meant.split(separator: ".").last ?? "")
        })
    }

    /// The types by what each name means where it is written (`scope`: the types around the
    /// code), qualified; a name the run declares no schema or model of, as written.
    func meanings(in scope: [String], declarations: SwiftDeclarations) -> Set<String> {
        Set(written.map { declarations.schemaOrModel(named: $0, in: scope) ?? $0 })
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "self", let base = node.base {
            written.insert(base.trimmedText)
        }
        // `Schema(NotesV7.models)`: the classes a versioned schema lists, named by the schema.
        if node.declName.baseName.text == "models", let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase == true {
            written.insert(base.baseName.text)
        }
        return .visitChildren
    }
}

/// The `ModelContainer(...)` calls in a piece of code.
private final class ContainerCalls: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ModelContainerCall.makes(node) { found.append(node) }
        return .visitChildren
    }
}

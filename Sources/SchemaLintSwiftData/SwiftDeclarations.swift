import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// A declaration found in one of the files, with the file it is in.
struct Declared<Node> {
    var node: Node
    var file: ParsedSwiftFile
    /// The names of the types that enclose it (`NotesSchemaV2` for a class nested in it or in
    /// `extension NotesSchemaV2`), outermost first.
    var scope: [String]
}

/// Everything the SwiftData reader looks at, gathered from all files of a run before any version
/// is built (models, schemas and plans may be spread over files).
struct SwiftDeclarations {
    /// `@Model` classes by qualified name (`NotesSchemaV2.Note`, or `Note` at the top level).
    var modelClasses: [String: Declared<ClassDeclSyntax>] = [:]
    /// Qualified names of the types adopting `VersionedSchema`, in order of appearance.
    var schemas: [String] = []
    var schemaDeclarations: [String: Declared<Syntax>] = [:]
    /// Qualified names of the types adopting `SchemaMigrationPlan`.
    var plans: [String] = []
    var planDeclarations: [String: Declared<Syntax>] = [:]
    /// Static properties by the qualified name of their type (its body and its extensions), then by name.
    var staticProperties: [String: [String: Declared<PatternBindingSyntax>]] = [:]
    /// Static functions, the same way (`extension MigrationStage { static func v1ToV2() -> MigrationStage }`).
    var staticFunctions: [String: [String: Declared<FunctionDeclSyntax>]] = [:]
    /// Structs and enums (not models) by qualified name: `struct` or `enum`.
    var valueTypes: [String: String] = [:]
    /// `typealias Note = NotesSchemaV4.Note`, by qualified name.
    var typeAliases: [String: String] = [:]
    /// `MigrationStage.custom(fromVersion:toVersion:...)` and `.lightweight(...)` calls.
    var stages: [Declared<FunctionCallExprSyntax>] = []
    /// `ModelConfiguration(... cloudKitDatabase: X ...)` arguments.
    var cloudKitDatabases: [Declared<ExprSyntax>] = []
    /// Whether the files make a `ModelContainer`, and whether any call hands on a migration plan
    /// (`migrationPlan:`, to a container or to a factory of the app's): a plan no container is
    /// given is never read.
    var makesContainers = false
    var passesMigrationPlan = false
    /// The `ModelContainer(...)` calls that open a store people run (not kept in memory, not a
    /// preview's or a debug build's).
    var containers: [Declared<FunctionCallExprSyntax>] = []
    /// Where the files make a `ModelContainer` for a preview or a debug build.
    var previewContainers: [SchemaLintCore.SourceLocation] = []
    /// Whether code outside previews and debug builds may keep a store on disk that this reader
    /// does not see made: it gives SwiftUI a container or a context (`.modelContainer(for:)`, a
    /// container or context handed in, `DocumentGroup`), or makes a container it calls in memory
    /// (one configuration of several, or one chosen at run time, may be on disk).
    var mayKeepAStoreOutOfSight = false

    /// Where the files first make a container, where every container they make is a preview's or
    /// a debug build's and nothing else may keep a store: the models are no store's, so what
    /// their versions change breaks no one's data. Nil where a store may be on disk.
    var keptOnlyInPreviews: SchemaLintCore.SourceLocation? {
        makesContainers || mayKeepAStoreOutOfSight ? nil : previewContainers.min()
    }

    /// Whether SwiftData reads the plans: some container is given one, or the files make no
    /// container at all (the models are opened by code not read here).
    var plansAreRead: Bool { passesMigrationPlan || !makesContainers }

    /// The files of each `@Model` class that two files or more declare by one qualified name,
    /// which no module compiles: each is another target's (an app's and its watch app's).
    var modelClassFiles: [String: Set<String>] = [:]

    mutating func collect(_ file: ParsedSwiftFile) {
        let collector = DeclarationCollector(file: file)
        collector.walk(file.tree)
        for (name, declared) in collector.found.modelClasses {
            if let other = modelClasses[name], other.file.name != declared.file.name {
                modelClassFiles[name, default: [other.file.name]].insert(declared.file.name)
            }
        }
        modelClasses.merge(collector.found.modelClasses) { first, _ in first }
        for name in collector.found.schemas where schemaDeclarations[name] == nil {
            schemas.append(name)
            schemaDeclarations[name] = collector.found.schemaDeclarations[name]
        }
        for name in collector.found.plans where planDeclarations[name] == nil {
            plans.append(name)
            planDeclarations[name] = collector.found.planDeclarations[name]
        }
        for (type, properties) in collector.found.staticProperties {
            staticProperties[type, default: [:]].merge(properties) { first, _ in first }
        }
        for (type, functions) in collector.found.staticFunctions {
            staticFunctions[type, default: [:]].merge(functions) { first, _ in first }
        }
        valueTypes.merge(collector.found.valueTypes) { first, _ in first }
        typeAliases.merge(collector.found.typeAliases) { first, _ in first }
        stages += collector.found.stages
        cloudKitDatabases += collector.found.cloudKitDatabases
        makesContainers = makesContainers || collector.found.makesContainers
        passesMigrationPlan = passesMigrationPlan || collector.found.passesMigrationPlan
        containers += collector.found.containers
        previewContainers += collector.found.previewContainers
        mayKeepAStoreOutOfSight = mayKeepAStoreOutOfSight || collector.found.mayKeepAStoreOutOfSight
    }

    /// The structs, enums and typealiases of a file read only for them
    /// (`unresolvedPropertyTypeNames`): its models, schemas and plans, if it had any, would be
    /// claimed, and are not taken.
    mutating func collectValueTypes(_ file: ParsedSwiftFile) {
        let collector = DeclarationCollector(file: file)
        collector.walk(file.tree)
        valueTypes.merge(collector.found.valueTypes) { first, _ in first }
        typeAliases.merge(collector.found.typeAliases) { first, _ in first }
    }

    /// The names the stored properties of the models are typed with (or whose case their initial
    /// value is) that nothing collected so far declares and that are not in `known` (Swift's and
    /// Foundation's types): structs and enums
    /// declared in files that declare no model, which `collectValueTypes` can add.
    func unresolvedPropertyTypeNames(known: Set<String>) -> Set<String> {
        func last(_ name: String) -> String { name.split(separator: ".").last.map(String.init) ?? name }
        let concrete = Set((Array(modelClasses.keys) + Array(valueTypes.keys) + schemas).map(last))
        // A typealias stands for what it names: `typealias StreamQuality = Schema.StreamQuality`
        // names an enum another file declares (in an extension of the schema), which is read too.
        let aliased = Dictionary(typeAliases.map { (last($0.key), last($0.value)) }, uniquingKeysWith: { first, _ in first })
        var declared = concrete
        var aliasEnds: [String: String] = [:]
        for alias in aliased.keys {
            var end = alias
            for _ in 0..<8 {
                guard let next = aliased[end], next != end, !concrete.contains(end) else { break }
                end = next
            }
            if concrete.contains(end) || known.contains(end) { declared.insert(alias) } else { aliasEnds[alias] = end }
        }
        var names: Set<String> = []
        for model in modelClasses.values {
            for member in model.node.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.accessorBlock == nil {
                    guard let type = binding.typeAnnotation?.type else {
                        // `var paid = PaidStatus.none`: the type is the enum the case is of; in
                        // `Source.defaultValue.rawValue`, the enum's raw type; in `Kind?.none`,
                        // the optional of it. The types an initial value names start upper case.
                        guard let value = binding.initializer?.value, value.is(MemberAccessExprSyntax.self) || value.is(FunctionCallExprSyntax.self) else { continue }
                        for token in value.tokens(viewMode: .sourceAccurate) {
                            guard case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true,
                                  !declared.contains(name), !known.contains(name) else { continue }
                            names.insert(aliasEnds[name] ?? name)
                        }
                        continue
                    }
                    for token in type.tokens(viewMode: .sourceAccurate) {
                        guard case .identifier(let name) = token.tokenKind, !declared.contains(name), !known.contains(name) else { continue }
                        names.insert(aliasEnds[name] ?? name)
                    }
                }
            }
        }
        return names
    }

    /// The name a chain of typealiases from `name` ends in, where `isKnown` takes it (a type of
    /// Swift's: `String` for `typealias LanguageCode = String`); nil when it ends elsewhere.
    func aliasedName(_ name: String, in scope: [String], isKnown: (String) -> Bool) -> String? {
        resolve(name, in: scope) { isKnown($0) ? $0 : nil }
    }

    /// The declarations with every enclosing type written through a typealias named by the type
    /// it stands for: `typealias CurrentSchema = Version4Schema` with `extension CurrentSchema {
    /// @Model final class Recipe ... }` in another file declares `Version4Schema.Recipe`, which is
    /// what `Version4Schema.models` lists. Called once every file is collected (an alias and its
    /// extensions may lie in any files).
    func resolvingAliasedScopes() -> SwiftDeclarations {
        guard !typeAliases.isEmpty else { return self }
        var result = self
        func scoped<Node>(_ declared: Declared<Node>) -> Declared<Node> {
            var copy = declared
            copy.scope = canonicalScope(declared.scope)
            return copy
        }
        /// `scope.name` with its scope resolved.
        func key(_ qualified: String) -> String {
            var parts = qualified.split(separator: ".").map(String.init)
            guard let name = parts.popLast() else { return qualified }
            return (canonicalScope(parts) + [name]).joined(separator: ".")
        }
        result.modelClasses = [:]
        for name in modelClasses.keys.sorted() {
            result.modelClasses[key(name)] = result.modelClasses[key(name)] ?? scoped(modelClasses[name]!)
        }
        result.valueTypes = [:]
        for name in valueTypes.keys.sorted() { result.valueTypes[key(name)] = result.valueTypes[key(name)] ?? valueTypes[name] }
        result.staticProperties = [:]
        for type in staticProperties.keys.sorted() {
            let resolved = canonicalScope(type.split(separator: ".").map(String.init)).joined(separator: ".")
            for (name, property) in staticProperties[type]! where result.staticProperties[resolved]?[name] == nil {
                result.staticProperties[resolved, default: [:]][name] = scoped(property)
            }
        }
        result.staticFunctions = [:]
        for type in staticFunctions.keys.sorted() {
            let resolved = canonicalScope(type.split(separator: ".").map(String.init)).joined(separator: ".")
            for (name, function) in staticFunctions[type]! where result.staticFunctions[resolved]?[name] == nil {
                result.staticFunctions[resolved, default: [:]][name] = scoped(function)
            }
        }
        result.schemas = []
        result.schemaDeclarations = [:]
        for name in schemas where result.schemaDeclarations[key(name)] == nil {
            result.schemas.append(key(name))
            result.schemaDeclarations[key(name)] = schemaDeclarations[name].map(scoped)
        }
        result.plans = []
        result.planDeclarations = [:]
        for name in plans where result.planDeclarations[key(name)] == nil {
            result.plans.append(key(name))
            result.planDeclarations[key(name)] = planDeclarations[name].map(scoped)
        }
        result.stages = stages.map(scoped)
        result.cloudKitDatabases = cloudKitDatabases.map(scoped)
        return result
    }

    /// The enclosing types `scope` (outermost first) with the longest prefix that is a typealias
    /// replaced by the type it names, until none is (at most 8 times, against alias cycles).
    func canonicalScope(_ scope: [String]) -> [String] {
        var parts = scope
        for _ in 0..<8 {
            guard let length = stride(from: parts.count, through: 1, by: -1).first(where: { typeAliases[parts.prefix($0).joined(separator: ".")] != nil }),
                  let target = typeAliases[parts.prefix(length).joined(separator: ".")],
                  !target.contains(where: { "<>[]?! ".contains($0) })
            else { break }
            parts = target.split(separator: ".").map(String.init) + parts.dropFirst(length)
        }
        return parts
    }

    /// The `@Model` class a type name means where it is written: nested in the scope (innermost
    /// first), at the top level, or through a typealias.
    func modelClass(named name: String, in scope: [String]) -> Declared<ClassDeclSyntax>? {
        resolve(name, in: scope) { modelClasses[$0] }
    }

    /// The struct or enum a type name means where it is written, as `(qualified name, kind)`.
    func valueType(named name: String, in scope: [String]) -> (String, String)? {
        resolve(name, in: scope) { qualified in valueTypes[qualified].map { (qualified, $0) } }
    }

    /// The static property `name` of the type `type` means where it is written (`Self` for the
    /// innermost enclosing type).
    func staticProperty(_ name: String, of type: String, in scope: [String]) -> Declared<PatternBindingSyntax>? {
        if type == "Self" { return scope.isEmpty ? nil : staticProperties[scope.joined(separator: ".")]?[name] }
        return resolve(type, in: scope) { staticProperties[$0]?[name] }
    }

    /// The static function `name` of `type` as written inside `scope` (`Self`, a nested name, an
    /// alias); for an implicit member (`.v1ToV2()`, `type` nil), the only type that declares one
    /// of that name.
    func staticFunction(_ name: String, of type: String?, in scope: [String]) -> Declared<FunctionDeclSyntax>? {
        guard let type else {
            let owners = staticFunctions.values.compactMap { $0[name] }
            return owners.count == 1 ? owners[0] : nil
        }
        if type == "Self" { return scope.isEmpty ? nil : staticFunctions[scope.joined(separator: ".")]?[name] }
        return resolve(type, in: scope) { staticFunctions[$0]?[name] }
    }

    /// The qualified name of the schema or model class that `name`, written inside `scope`, means
    /// through type aliases (`AnkiModels.ActiveSchema` with `typealias ActiveSchema = AnkiSchemaV2`
    /// in `AnkiModels`: `AnkiModels.AnkiSchemaV2`); nil where it names neither.
    func schemaOrModel(named name: String, in scope: [String]) -> String? {
        resolve(name, in: scope) { qualified in schemaDeclarations[qualified] != nil || modelClasses[qualified] != nil ? qualified : nil }
    }

    /// The static property `name` a bare identifier means inside `scope` (its own type or an
    /// enclosing one).
    func staticProperty(_ name: String, in scope: [String]) -> Declared<PatternBindingSyntax>? {
        for length in stride(from: scope.count, through: 1, by: -1) {
            if let found = staticProperties[scope.prefix(length).joined(separator: ".")]?[name] { return found }
        }
        return nil
    }

    private func resolve<Found>(_ name: String, in scope: [String], depth: Int = 0, _ lookup: (String) -> Found?) -> Found? {
        for length in stride(from: scope.count, through: 0, by: -1) {
            let qualified = (scope.prefix(length) + [name]).joined(separator: ".")
            if let found = lookup(qualified) { return found }
            if depth < 8, let target = typeAliases[qualified] {
                // The alias's target is read where the alias is declared: `AnkiModels.ActiveSchema`
                // with `typealias ActiveSchema = V1` in `AnkiModels` is `AnkiModels.V1`.
                return resolve(target, in: qualified.split(separator: ".").dropLast().map(String.init), depth: depth + 1, lookup)
            }
        }
        // `Sync.Collection`: a type written with its module's name (to tell it from the standard
        // library's `Collection`), where no type of the files read has that first name.
        if depth == 0, let dot = name.firstIndex(of: "."), !declaresType(named: String(name[..<dot])) {
            return resolve(String(name[name.index(after: dot)...]), in: [], depth: depth + 1, lookup)
        }
        return nil
    }

    /// Whether a type of the files read, or a scope of one, is called `name` at the top level.
    private func declaresType(named name: String) -> Bool {
        let prefix = name + "."
        func named(_ key: String) -> Bool { key == name || key.hasPrefix(prefix) }
        return modelClasses.keys.contains(where: named) || valueTypes.keys.contains(where: named) || schemaDeclarations.keys.contains(where: named)
            || planDeclarations.keys.contains(where: named) || typeAliases.keys.contains(where: named) || staticProperties.keys.contains(where: named)
    }
}

/// Walks one file, keeping track of the enclosing types.
/// The calls that make a SwiftData container.
enum ModelContainerCall {
    /// Whether `call` makes a `ModelContainer`: `ModelContainer(...)`,
    /// `SwiftData.ModelContainer(...)`, `.init` of either; not a function of the project whose
    /// name ends in it (`createModelContainer()`).
    static func makes(_ call: FunctionCallExprSyntax) -> Bool {
        let names = CalleeNames(call)
        return names.last == "ModelContainer" || names.last == "init" && names.base == "ModelContainer"
    }
}

/// The last name a call's callee is written with (`init` in `SwiftData.ModelContainer.init(...)`)
/// and the last name of what it is called on (`ModelContainer`), read from the syntax: the text of
/// the whole callee, in a chain of SwiftUI modifiers, is the chain before the call, and reading it
/// for each call of a view costs the square of the chain.
struct CalleeNames {
    var last: String
    /// Nil where the call has no base (`.init(...)`, `ModelContainer(...)`); "" where the base is
    /// no name (a call, a literal).
    var base: String?

    init(_ call: FunctionCallExprSyntax) {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            last = member.declName.baseName.text
            base = member.base.map { base in
                base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
            }
        } else {
            last = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            base = nil
        }
    }
}

/// Code outside previews and debug builds that may keep a SwiftData store on disk made where the
/// reader does not see it: SwiftUI given a container or a context (`.modelContainer(for:)` makes a
/// store on disk; a container or context handed in may be made in another module), and a document
/// app's store (`DocumentGroup`).
final class StoresOutOfSight: SyntaxVisitor {
    /// What a file holds where it may have such code: only those files are parsed for it.
    static let words = ByteSearch.Words(["modelContainer(", "modelContext(", "\\.modelContext", "DocumentGroup"].map { Array($0.utf8) })

    private(set) var found = false

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.mayKeepAStore(node, callee: CalleeNames(node)) { found = true }
        return found ? .skipChildren : .visitChildren
    }

    /// `callee`: the names `node` is called by, worked out once by whoever asks.
    static func mayKeepAStore(_ node: FunctionCallExprSyntax, callee: CalleeNames) -> Bool {
        guard ["modelContainer", "modelContext", "DocumentGroup"].contains(callee.last)
            || callee.last == "environment" && node.arguments.trimmedText.contains("modelContext") else { return false }
        return !DeclarationCollector.isPreviewOrDebugOnly(node)
    }
}

private final class DeclarationCollector: SyntaxVisitor {
    let file: ParsedSwiftFile
    var found = SwiftDeclarations()
    private var scope: [String] = []

    init(file: ParsedSwiftFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    private func qualified(_ name: String) -> String { (scope + [name]).joined(separator: ".") }

    private func adopt(_ name: String, _ inheritance: InheritanceClauseSyntax?, _ node: some SyntaxProtocol) {
        // `@preconcurrency VersionedSchema` adopts the protocol as `VersionedSchema` does.
        let adopted = Set((inheritance?.inheritedTypes ?? []).map { inherited in
            let type = inherited.type.as(AttributedTypeSyntax.self)?.baseType ?? inherited.type
            return type.trimmedText.split(separator: ".").last.map(String.init) ?? ""
        })
        if adopted.contains("VersionedSchema"), found.schemaDeclarations[name] == nil {
            found.schemas.append(name)
            found.schemaDeclarations[name] = Declared(node: Syntax(node), file: file, scope: scope)
        }
        if adopted.contains("SchemaMigrationPlan"), found.planDeclarations[name] == nil {
            found.plans.append(name)
            found.planDeclarations[name] = Declared(node: Syntax(node), file: file, scope: scope)
        }
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        adopt(name, node.inheritanceClause, node.name)
        if found.schemaDeclarations[name] == nil, found.planDeclarations[name] == nil { found.valueTypes[name] = "enum" }
        // `enum Kind: String` declares `Kind.RawValue`, which a model may be written with.
        if let raw = node.inheritanceClause?.inheritedTypes.first?.type.trimmedText, PropertyTypeMapper.primitives[raw] != nil {
            found.typeAliases[name + ".RawValue"] = raw
        }
        scope.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        adopt(name, node.inheritanceClause, node.name)
        if found.schemaDeclarations[name] == nil, found.planDeclarations[name] == nil { found.valueTypes[name] = "struct" }
        scope.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        adopt(name, node.inheritanceClause, node.name)
        if node.attributes.contains(where: { $0.as(AttributeSyntax.self).map(\.simpleName) == "Model" }) {
            found.modelClasses[name] = Declared(node: node, file: file, scope: scope)
        }
        scope.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    // `actor SchemaV1: VersionedSchema` compiles as the enum does: the protocols ask only for
    // static members.
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        adopt(qualified(node.name.text), node.inheritanceClause, node.name)
        scope.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.trimmedText
        let name = extended
        adopt(name, node.inheritanceClause, node.extendedType)
        scope.append(contentsOf: extended.split(separator: ".").map(String.init))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(node.extendedType.trimmedText.split(separator: ".").count)
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        found.typeAliases[qualified(node.name.text)] = node.initializer.value.trimmedText
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !scope.isEmpty, node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) else {
            return .visitChildren
        }
        let type = scope.joined(separator: ".")
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            found.staticProperties[type, default: [:]][name] = Declared(node: binding, file: file, scope: scope)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if !scope.isEmpty, node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
            found.staticFunctions[scope.joined(separator: "."), default: [:]][node.name.text] = Declared(node: node, file: file, scope: scope)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.arguments.compactMap { $0.label?.text }
        let callee = CalleeNames(node)
        let makesContainer = ModelContainerCall.makes(node)
        // A container kept in memory or made for previews opens no one's store: a plan it is not
        // given can still be the one the app's store is opened with, by code not read here.
        // A container that opens what its function is given (`for: schema, migrationPlan: plan`,
        // parameters) says nothing of its own: its callers' arguments do, a plan among them.
        let parameters = makesContainer ? Self.parameterNames(around: node) : []
        func isParameter(_ argument: LabeledExprSyntax?) -> Bool {
            argument?.expression.as(DeclReferenceExprSyntax.self).map { parameters.contains($0.baseName.text) } ?? false
        }
        // `ModelContainer(for: schema, ...)`, or `ModelContainer(schema, ...)`.
        let opened = node.arguments.first { $0.label?.text == "for" } ?? node.arguments.first.flatMap { $0.label == nil ? $0 : nil }
        let opensWhatItIsGiven = makesContainer && isParameter(opened)
        if makesContainer, !Self.opensOnlyMemory(node), !Self.isPreviewOrDebugOnly(node) {
            found.makesContainers = true
            if !opensWhatItIsGiven { found.containers.append(Declared(node: node, file: file, scope: scope)) }
        } else if makesContainer, Self.isPreviewOrDebugOnly(node) {
            found.previewContainers.append(file.location(of: node))
        } else if makesContainer {
            found.mayKeepAStoreOutOfSight = true
        }
        if StoresOutOfSight.mayKeepAStore(node, callee: callee) { found.mayKeepAStoreOutOfSight = true }
        if labels.contains("migrationPlan") {
            if !makesContainer || !opensWithoutPlanFirst(node) && !isParameter(node.arguments.first { $0.label?.text == "migrationPlan" }) { found.passesMigrationPlan = true }
        } else if makesContainer, let body = Self.enclosingBody(of: node) {
            openedWithoutPlan[body.id, default: []].insert(Self.configurations(of: node))
        }
        if labels.contains("fromVersion"), labels.contains("toVersion"), callee.last.hasSuffix("custom") || callee.last.hasSuffix("lightweight") {
            found.stages.append(Declared(node: node, file: file, scope: scope))
        }
        // `configurations: .init(url: ..., cloudKitDatabase: ...)` is a ModelConfiguration too:
        // no other type of SwiftData's takes that label.
        // A store kept in memory, a preview's and a debug build's say nothing of the store people
        // run: `cloudKitDatabase: .none` there leaves the app's own store syncing.
        if callee.last.hasSuffix("ModelConfiguration") || callee.last == "init" && (callee.base?.hasSuffix("ModelConfiguration") ?? true),
           let database = node.arguments.first(where: { $0.label?.text == "cloudKitDatabase" }),
           !node.arguments.contains(where: { $0.label?.text == "isStoredInMemoryOnly" && $0.expression.trimmedText == "true" }),
           !Self.isPreviewOrDebugOnly(node) {
            found.cloudKitDatabases.append(Declared(node: database.expression, file: file, scope: scope))
        }
        return .visitChildren
    }

    /// The configurations (their text) that a `ModelContainer` without `migrationPlan:` opened, by
    /// the body of the function or closure that made it.
    private var openedWithoutPlan: [SyntaxIdentifier: Set<String>] = [:]

    /// Whether a container given a plan opens a configuration that its function opened before
    /// without one (`container = try ModelContainer(for: schema, configurations: [config])`, then,
    /// after deleting the store, the same with `migrationPlan:`): the first opening migrated people's
    /// store without the plan, or failed, and the plan reaches only the store it left behind.
    private func opensWithoutPlanFirst(_ node: FunctionCallExprSyntax) -> Bool {
        guard let body = Self.enclosingBody(of: node) else { return false }
        return openedWithoutPlan[body.id]?.contains(Self.configurations(of: node)) == true
    }

    /// Whether a container's configurations, written in its call, keep the store in memory
    /// (`configurations: ModelConfiguration(isStoredInMemoryOnly: true)`, or the label on the call).
    private static func opensOnlyMemory(_ node: FunctionCallExprSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
                if node.label?.text == "isStoredInMemoryOnly", node.expression.trimmedText == "true" { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node.arguments)
        return finder.found
    }

    /// The names the function or initialiser `node` is written in gives its parameters inside.
    private static func parameterNames(around node: some SyntaxProtocol) -> Set<String> {
        var current = node.parent
        while let syntax = current {
            let clause = syntax.as(FunctionDeclSyntax.self)?.signature.parameterClause ?? syntax.as(InitializerDeclSyntax.self)?.signature.parameterClause
            if let clause { return Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text }) }
            current = syntax.parent
        }
        return []
    }

    /// The body of the function, initialiser, accessor or closure `node` is written in.
    private static func enclosingBody(of node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        while let syntax = current {
            if syntax.is(CodeBlockSyntax.self), let owner = syntax.parent,
               owner.is(FunctionDeclSyntax.self) || owner.is(InitializerDeclSyntax.self) || owner.is(AccessorDeclSyntax.self) {
                return syntax
            }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(AccessorBlockSyntax.self) { return syntax }
            current = syntax.parent
        }
        return nil
    }

    /// The text of a container's configurations, brackets aside (`[config]` and `config` are one).
    private static func configurations(of node: FunctionCallExprSyntax) -> String {
        guard let expression = node.arguments.first(where: { $0.label?.text == "configurations" })?.expression else { return "" }
        guard let array = expression.as(ArrayExprSyntax.self) else { return expression.trimmedText }
        return array.elements.map(\.expression.trimmedText).joined(separator: ", ")
    }

    /// Whether `node` is in a `#Preview`, a preview provider, a declaration named for previews
    /// (`previewContainer`), or code only debug builds compile (`#if DEBUG`).
    static func isPreviewOrDebugOnly(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let clause = syntax.as(IfConfigClauseSyntax.self), let condition = clause.condition,
               DebugBuildCondition.isDebugOnly(condition: condition.trimmedDescription) { return true }
            if let macro = syntax.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = syntax.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            if let type = syntax.asProtocol(NamedDeclSyntax.self), syntax.is(StructDeclSyntax.self) || syntax.is(ClassDeclSyntax.self) || syntax.is(EnumDeclSyntax.self) {
                if type.name.text.hasSuffix("Previews") || type.name.text.hasSuffix("Preview") { return true }
            }
            if let function = syntax.as(FunctionDeclSyntax.self), function.name.text.lowercased().contains("preview") { return true }
            if let variable = syntax.as(VariableDeclSyntax.self),
               variable.bindings.contains(where: { $0.pattern.trimmedText.lowercased().contains("preview") }) { return true }
            current = syntax.parent
        }
        return false
    }
}

extension AttributeSyntax {
    /// `Model` for `@Model`, `Attribute` for `@SwiftData.Attribute(...)`.
    var simpleName: String {
        String(attributeName.trimmedText.split(separator: ".").last ?? "")
    }
}

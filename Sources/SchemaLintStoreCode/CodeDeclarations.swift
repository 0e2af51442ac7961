import Foundation
import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// A piece of code that runs as one: a function or initializer body, or a property's initial value
/// or accessors. Launch paths go from unit to unit.
struct CodeUnit {
    /// `Type.member` (a function's base name, `init`, a property's name); `.member` at top level.
    var key: String
    var typeName: String
    var body: Syntax
    var place: CodePlace
    /// An entry point of the launch: `application(_:didFinishLaunchingWithOptions:)`,
    /// `application(_:willFinishLaunchingWithOptions:)`, AppKit's `applicationDidFinishLaunching(_:)`
    /// and `applicationWillFinishLaunching(_:)`, `scene(_:willConnectTo:options:)`, the
    /// initializer or a stored property's initial value of a SwiftUI `App` or of the application
    /// delegate, or an `App`'s `body`.
    var isLaunchEntry: Bool
    /// A function or initializer declared `throws`: an error inside it may reach its callers.
    var isThrowing: Bool
    /// A function's body: it runs when it is called, not when it is named (a property's getter runs
    /// whenever the property is read).
    var isFunction: Bool { body.parent?.is(FunctionDeclSyntax.self) ?? false }
    /// A property whose value cannot be called with arguments (`let container: ModelContainer =
    /// { ... }()`): not a closure, nor declared of a function type. `x.container(y)` is then
    /// another type's method of the same name (SwiftUI's `.modelContainer(_:)`), not this property.
    var isPropertyOfNoFunction: Bool {
        let binding = body.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) ?? body.parent?.as(PatternBindingSyntax.self)
        guard let binding else { return false }
        if let type = binding.typeAnnotation?.type {
            let bare = type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? type
            let inner = bare.as(TupleTypeSyntax.self).flatMap { $0.elements.count == 1 ? $0.elements.first?.type : nil } ?? bare
            if inner.is(FunctionTypeSyntax.self) || type.is(AttributedTypeSyntax.self) { return false }
            return true
        }
        return !(binding.initializer?.value.is(ClosureExprSyntax.self) ?? false)
    }
    var file: Int
    /// An initializer's parameters, or those of the initializer whose default argument this is:
    /// which calls of the type (`T(persistence:)`, not `T(inMemory:)`) run it. Nil for the rest.
    var parameters: [Parameter]?

    struct Parameter: Sendable {
        /// The argument label (`_` for none).
        var label: String
        var hasDefault: Bool
    }

    /// Whether a call with these argument labels (`_` for an unlabeled argument, `*` for a
    /// trailing closure) can call the initializer: each argument in turn names the next parameter
    /// not left out (only a parameter with a default may be). A trailing closure passes over the
    /// parameters with defaults that come before one without (`f(migrating: Bool = false,
    /// completion: ...)` called as `f { ... }`).
    func accepts(labels: [String]) -> Bool {
        guard let parameters else { return true }
        var next = 0
        for (index, parameter) in parameters.enumerated() {
            let passedOver = parameter.hasDefault && parameters[(index + 1)...].contains { !$0.hasDefault }
            if next < labels.count, labels[next] == parameter.label || labels[next] == "*" && !passedOver {
                next += 1
            } else if !parameter.hasDefault {
                return false
            }
        }
        return next == labels.count
    }
}

/// The declarations of every Swift file read: types, their members as code units, and which
/// types declare a member of each name (to resolve `x.member` when the type of `x` is unknown
/// but only one type has such a member).
struct CodeDeclarations {
    let files: [StoreCodeSourceFile]
    /// Some file may give a SwiftData configuration a place of its own (`url:`).
    let mayPlaceAStoreByURL: Bool
    /// The files open SwiftData stores and no Core Data one, and place none by `url:`: every
    /// store of the run is in Application Support.
    let opensOnlySwiftDataStoresInApplicationSupport: Bool
    private(set) var units: [CodeUnit] = []
    private(set) var unitsByKey: [String: [Int]] = [:]
    private(set) var typeNames: Set<String> = []
    /// The protocols the files read declare: a value of one is of some type of the project's.
    private(set) var protocolNames: Set<String> = []
    /// The superclass each class of the files read names first (`NotesContainer: NSPersistentContainer`).
    private(set) var superclasses: [String: String] = [:]
    /// The types each type of the files read names in its inheritance clauses (its own and its
    /// extensions'): the protocols whose extensions give it members (`extension Storing { static
    /// func open() }`, called as `Store.open()`).
    private(set) var inherited: [String: Set<String>] = [:]
    private(set) var typesByMember: [String: Set<String>] = [:]
    /// The type a property is declared with (`let stack: CoreDataStack`, `var storage: Storage!`)
    /// or made as (`let stack = CoreDataStack()`), by `Type.property`, and the type a function
    /// returns, by `Type.function()`: a name, which may be no type of the project, or the key of
    /// the property or function that gives the value (`let stack = Stack.shared`).
    private(set) var propertyTypes: [String: String] = [:]
    /// `propertyTypes` of each file: where two types share a name (an iOS and a macOS
    /// `SyncDataProviders`), the file that uses a property is the one that declares it.
    private var propertyTypesByFile: [[String: String]] = []
    private var unitByBody: [SyntaxIdentifier: Int] = [:]
    /// Every call of the units by the name called, made on the first question: each file's
    /// scanner asks of the same units.
    let calls = CallIndex()

    /// Each file is walked on its own (on all cores, `concurrently`); what they declare is gathered
    /// in file order.
    init(_ files: [StoreCodeSourceFile], concurrently: Bool) {
        self.files = files
        mayPlaceAStoreByURL = files.contains(where: \.mayPlaceAStoreByURL)
        opensOnlySwiftDataStoresInApplicationSupport = !mayPlaceAStoreByURL && files.contains(where: \.mayOpenASwiftDataStore) && !files.contains(where: \.mayOpenACoreDataStore)
        let collected = OrderedConcurrentMap.map(count: files.count, concurrently: concurrently) { index in files[index].declared ?? FileDeclarations(files[index]) }
        // An application delegate whose conformance is declared in an extension (often in
        // another file, one per platform) is made before the launch callbacks all the same.
        let delegates = Set(collected.flatMap { collector in
            collector.inherited.filter { !$0.value.isDisjoint(with: DeclarationCollector.delegateProtocols) }.map(\.key)
        })
        for (index, (file, collector)) in zip(files, collected).enumerated() {
            typeNames.formUnion(collector.typeNames)
            protocolNames.formUnion(collector.protocolNames)
            superclasses.merge(collector.superclasses) { first, _ in first }
            inherited.merge(collector.inherited) { $0.union($1) }
            propertyTypes.merge(collector.propertyTypes) { first, _ in first }
            propertyTypesByFile.append(collector.propertyTypes)
            for found in collector.units {
                let unit = CodeUnit(
                    key: "\(found.typeName).\(found.member)", typeName: found.typeName, body: found.body,
                    place: CodePlace(file.location(of: found.declaration), in: found.display),
                    isLaunchEntry: found.isLaunchEntry || delegates.contains(found.typeName) && (found.isStoredInstanceProperty || found.member == "init"),
                    isThrowing: found.isThrowing, file: index, parameters: found.parameters
                )
                unitByBody[found.body.id] = units.count
                unitsByKey[unit.key, default: []].append(units.count)
                // Making a value of the type (`T(...)`) gives its stored properties their initial values.
                if found.isStoredInstanceProperty, !found.typeName.isEmpty { unitsByKey["\(found.typeName).init", default: []].append(units.count) }
                if !found.typeName.isEmpty { typesByMember[found.member, default: []].insert(found.typeName) }
                units.append(unit)
            }
        }
    }

    /// The type of the project's a property holds (`Type.property`), following the properties
    /// and functions that give its value; where none of the files read says, the capitalized
    /// name that stops the search (a type no file read declares), if any.
    func projectType(of property: String, inFile file: Int? = nil) -> (type: String?, undeclared: String?) {
        var key = property
        for step in 0..<4 {
            let own = step == 0 ? file.flatMap { propertyTypesByFile[$0][key] } : nil
            guard let declared = own ?? propertyTypes[key] else { return (nil, nil) }
            if typeNames.contains(declared) { return (declared, nil) }
            guard let dot = declared.firstIndex(of: ".") else { return (nil, declared.first?.isUppercase ?? false ? declared : nil) }
            let owner = String(declared[..<dot])
            if !owner.isEmpty, !typeNames.contains(owner) { return (nil, owner.first?.isUppercase ?? false ? owner : nil) }
            key = declared
        }
        return (nil, nil)
    }

    /// The parameters of the function or initializer whose body is `body`; nil for a property.
    static func parameters(ofBody body: Syntax) -> FunctionParameterListSyntax? {
        body.parent?.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
            ?? body.parent?.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
    }

    /// The units a use of `key` at `node` runs: for a call of a type's initializers
    /// (`T(persistence: p)`), those whose parameters take the call's arguments, with the
    /// initial values of the type's stored properties; for a call of overloaded methods, those
    /// whose parameters take its arguments (all of them when none takes them: a call this reader
    /// cannot match is not left out).
    func units(called key: String, at node: Syntax) -> [Int] {
        nearestToTheCaller(unitsMatchingTheCall(key, at: node), at: node)
    }

    /// `Type.member` that no declaration of `Type` has, from the extensions of the protocols the
    /// type names in its inheritance clauses (a default implementation).
    private func fromProtocolExtensions(_ key: String) -> [Int] {
        guard let dot = key.firstIndex(of: ".") else { return [] }
        let type = String(key[..<dot]), member = key[key.index(after: dot)...]
        return (inherited[type] ?? []).filter(protocolNames.contains).sorted().flatMap { unitsByKey["\($0).\(member)"] ?? [] }
    }

    /// Of units in several files, those whose files share the most leading folders with the
    /// caller's: two types of one name in two targets (each app's `AppDelegate`) are two types,
    /// and the caller's target is the one nearest to it.
    private func nearestToTheCaller(_ found: [Int], at node: Syntax) -> [Int] {
        guard found.count > 1, Set(found.map { units[$0].file }).count > 1, let caller = unit(around: node) else { return found }
        let filesByIndex = Dictionary(Set(found.map { units[$0].file }).map { ($0, [files[$0].name]) }) { first, _ in first }
        let nearest = Set(NearestFiles.nearest(to: files[units[caller].file].name, among: filesByIndex))
        return found.filter { nearest.contains(units[$0].file) }
    }

    /// Whether a call with `labels` of the type whose initializer `unit` is runs another of its
    /// initializers: Swift calls the one that leaves the fewest parameters to their defaults
    /// (`Stack()` is `init()`, not `init(inMemory: Bool = false)`).
    func callsAnotherInitializer(with labels: [String], than unit: Int) -> Bool {
        let key = units[unit].key
        guard key.hasSuffix(".init"), let own = units[unit].parameters else { return false }
        return (unitsByKey[key] ?? []).contains { other in
            guard other != unit, let parameters = units[other].parameters else { return false }
            return parameters.count < own.count && units[other].accepts(labels: labels)
        }
    }

    private func unitsMatchingTheCall(_ key: String, at node: Syntax) -> [Int] {
        let all = unitsByKey[key] ?? fromProtocolExtensions(key)
        guard all.count > 1 || key.hasSuffix(".init"), let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id else { return all }
        let labels = Self.argumentLabels(of: call)
        let taking = all.filter { units[$0].accepts(labels: labels) }
        guard taking.contains(where: { units[$0].parameters != nil }) else { return all }
        // Overloads of a method are told apart by their argument labels
        // (`makeContainer(for:)` is not `makeContainer(descriptor:cloudKitEnabled:)`).
        guard key.hasSuffix(".init") else { return taking }
        // Swift calls the initializer that leaves the fewest parameters to their defaults:
        // `Stack()` is `init()`, not `init(inMemory: Bool = false)`.
        func leftOut(_ unit: Int) -> Int { (units[unit].parameters?.count ?? labels.count) - labels.count }
        let fewest = taking.filter { units[$0].parameters != nil }.map(leftOut).min()
        return taking.filter { units[$0].parameters == nil || leftOut($0) == fewest }
    }

    /// A call's argument labels as `CodeUnit.accepts(labels:)` takes them: `_` for none, `*` for
    /// a trailing closure.
    static func argumentLabels(of call: FunctionCallExprSyntax) -> [String] {
        call.arguments.map { $0.label?.text ?? "_" } + (call.trailingClosure == nil ? [] : ["*"]) + call.additionalTrailingClosures.map { $0.label.text }
    }

    /// The types a file declares (not under `#if DEBUG`).
    static func typeNames(declaredIn tree: SourceFileSyntax) -> Set<String> {
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.typeNames
    }

    /// The unit whose code holds `node` (the innermost, for a closure inside a property's value).
    func unit(around node: some SyntaxProtocol) -> Int? {
        var current: Syntax? = Syntax(node)
        while let syntax = current {
            if let index = unitByBody[syntax.id] { return index }
            current = syntax.parent
        }
        return nil
    }

    /// The unit of a function or initializer declaration (none for a local function).
    func unit(declaredBy declaration: Syntax) -> Int? {
        let body = declaration.as(FunctionDeclSyntax.self)?.body.map { Syntax($0) } ?? declaration.as(InitializerDeclSyntax.self)?.body.map { Syntax($0) }
        return body.flatMap { unitByBody[$0.id] }
    }

    /// Where `node` is, as `file:line:column` with the declaration around it.
    func place(of node: some SyntaxProtocol, inUnit unit: Int) -> CodePlace {
        CodePlace(files[units[unit].file].location(of: node), in: units[unit].place.declaration)
    }

    /// The name people know the code around `node` by (`AppDelegate.persistentContainer`).
    func declaration(around node: some SyntaxProtocol) -> String {
        unit(around: node).map { units[$0].place.declaration } ?? "top level"
    }
}

/// The types and members one file declares.
struct FileDeclarations: Sendable {
    fileprivate var units: [DeclarationCollector.Found]
    var typeNames: Set<String>
    var protocolNames: Set<String>
    var superclasses: [String: String]
    var inherited: [String: Set<String>]
    var propertyTypes: [String: String]

    init(_ file: StoreCodeSourceFile) {
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        units = collector.units
        typeNames = collector.typeNames
        protocolNames = collector.protocolNames
        superclasses = collector.superclasses
        inherited = collector.inherited
        propertyTypes = collector.propertyTypes
    }
}

/// Walks one file for types and their members.
private final class DeclarationCollector: SyntaxVisitor {
    struct Found: Sendable {
        var typeName: String
        var member: String
        var display: String
        var body: Syntax
        var declaration: Syntax
        var isLaunchEntry: Bool
        var isThrowing = false
        /// A property of instances with an initial value, which runs when an instance is made.
        var isStoredInstanceProperty = false
        var parameters: [CodeUnit.Parameter]?
    }

    private static func parameters(_ list: FunctionParameterListSyntax) -> [CodeUnit.Parameter] {
        list.map { CodeUnit.Parameter(label: $0.firstName.text, hasDefault: $0.defaultValue != nil) }
    }

    var units: [Found] = []
    var typeNames: Set<String> = []
    var protocolNames: Set<String> = []
    var superclasses: [String: String] = [:]
    var inherited: [String: Set<String>] = [:]
    var propertyTypes: [String: String] = [:]
    private var types: [(name: String, isApp: Bool)] = []

    /// A SwiftUI app, or the application delegate UIKit and AppKit make before the launch
    /// callbacks: what their initializers and stored properties run, runs at launch.
    static let launchedTypes = Set(["App", "SwiftUI.App"]).union(delegateProtocols)
    static let delegateProtocols: Set<String> = ["UIApplicationDelegate", "NSApplicationDelegate"]

    private func enter(_ name: String, inherits: InheritanceClauseSyntax?) {
        typeNames.insert(name)
        note(inherits, of: name)
        let isApp = inherits?.inheritedTypes.containsElement { Self.launchedTypes.contains($0.type.trimmedText) } ?? false
        types.append((name, isApp))
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.inheritanceClause?.inheritedTypes.first?.type.trimmedText.split(separator: ".").last {
            superclasses[node.name.text] = String(first)
        }
        enter(node.name.text, inherits: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, inherits: node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, inherits: node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, inherits: node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedText.split(separator: ".").last.map(String.init) ?? ""
        note(node.inheritanceClause, of: name)
        types.append((name, node.inheritanceClause?.inheritedTypes.containsElement { $0.type.trimmedText == "App" } ?? false))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
    // Protocol requirements have no code.
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        protocolNames.insert(node.name.text)
        return .skipChildren
    }
    // Members and types declared under `#if DEBUG` are not in the builds people run: nothing
    // calls them there (the `#else` is read).
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind { node.isDebugOnly ? .skipChildren : .visitChildren }

    private var typeName: String { types.last?.name ?? "" }

    private func note(_ clause: InheritanceClauseSyntax?, of name: String) {
        guard let clause, !name.isEmpty else { return }
        inherited[name, default: []].formUnion(clause.inheritedTypes.compactMap { $0.type.trimmedText.split(separator: ".").last.map(String.init) })
    }

    private func qualified(_ display: String) -> String { typeName.isEmpty ? display : "\(typeName).\(display)" }

    /// Only members of a type and top-level declarations; local ones belong to their unit.
    private func isMemberOrGlobal(_ node: some SyntaxProtocol) -> Bool {
        if node.parent?.is(MemberBlockItemSyntax.self) ?? false { return true }
        return node.parent?.is(CodeBlockItemSyntax.self) ?? false && node.parent?.parent?.parent?.is(SourceFileSyntax.self) ?? false
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body, isMemberOrGlobal(node) else { return .visitChildren }
        let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        // `` func `default`() `` is called as `default()`.
        let name = node.name.text.filter { $0 != "`" }
        let isEntry = name == "application" && (ByteSearch.contains("didFinishLaunchingWithOptions:", in: labels) || ByteSearch.contains("willFinishLaunchingWithOptions:", in: labels))
            || name == "scene" && ByteSearch.contains("willConnectTo:", in: labels)
            || ["applicationDidFinishLaunching", "applicationWillFinishLaunching"].contains(name) && labels == "_:"
        if var returned = node.signature.returnClause?.type {
            if let wrapped = returned.as(OptionalTypeSyntax.self)?.wrappedType { returned = wrapped }
            if let type = returned.as(IdentifierTypeSyntax.self)?.name.text { propertyTypes["\(typeName).\(name)()"] = type }
        }
        units.append(Found(
            typeName: typeName, member: name, display: qualified("\(name)(\(labels))"), body: Syntax(body), declaration: Syntax(node.name),
            isLaunchEntry: isEntry, isThrowing: node.signature.effectSpecifiers?.throwsClause != nil,
            parameters: Self.parameters(node.signature.parameterClause.parameters)
        ))
        addDefaultArguments(of: node.signature.parameterClause.parameters, member: name, display: qualified("\(name)(\(labels))"))
        return .visitChildren
    }

    /// A parameter's default value runs with every call that leaves the argument out: one more
    /// unit of the same function (`init(context: NSManagedObjectContext = Store.shared.viewContext)`).
    private func addDefaultArguments(of parameters: FunctionParameterListSyntax, member: String, display: String) {
        for parameter in parameters {
            guard let value = parameter.defaultValue?.value else { continue }
            units.append(Found(
                typeName: typeName, member: member, display: "\(display) (default argument)", body: Syntax(value),
                declaration: Syntax(parameter.firstName), isLaunchEntry: false,
                parameters: Self.parameters(parameters)
            ))
        }
    }

    /// `T` for `x: T`, `x: T?`, `x: T!` and `x = T(...)`; for a value another declaration
    /// gives, that declaration's key, which `CodeDeclarations.projectType(of:)` follows:
    /// `Store.shared` for `x = Store.shared`, `Store.make()` for `x = Store.make()`, and
    /// `Type.make()` for `x = make()`, a function of the type's own.
    private static func namedType(_ binding: PatternBindingSyntax, in typeName: String) -> String? {
        // `lazy var provider: DataStackProviding = DataStackProvider()`: the value made is of the
        // type written in the call, whatever protocol or superclass the property is declared as.
        if binding.typeAnnotation != nil, let made = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           made.first?.isUppercase ?? false {
            return made
        }
        if var type = binding.typeAnnotation?.type {
            if let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType { type = wrapped }
            return type.as(IdentifierTypeSyntax.self)?.name.text
        }
        guard let value = binding.initializer?.value else { return nil }
        if let reference = value.as(MemberAccessExprSyntax.self), let base = reference.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase ?? false {
            return "\(base.baseName.text).\(reference.declName.baseName.text)"
        }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return name.first?.isUppercase ?? false ? name : "\(typeName).\(name)()"
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase ?? false {
            return "\(base.baseName.text).\(member.declName.baseName.text)()"
        }
        return nil
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body, isMemberOrGlobal(node) else { return .visitChildren }
        let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        let display = labels.isEmpty ? "init" : "init(\(labels))"
        units.append(Found(
            typeName: typeName, member: "init", display: qualified(display), body: Syntax(body), declaration: Syntax(node.initKeyword),
            isLaunchEntry: types.last?.isApp ?? false, isThrowing: node.signature.effectSpecifiers?.throwsClause != nil,
            parameters: Self.parameters(node.signature.parameterClause.parameters)
        ))
        addDefaultArguments(of: node.signature.parameterClause.parameters, member: "init", display: qualified(display))
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isMemberOrGlobal(node) else { return .visitChildren }
        let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let isLazy = node.modifiers.contains { $0.name.text == "lazy" }
        for binding in node.bindings {
            // `` static let `default` = Store() `` is used as `Store.default`.
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text.filter({ $0 != "`" }) else { continue }
            if let type = Self.namedType(binding, in: typeName) { propertyTypes["\(typeName).\(name)"] = type }
            let body: Syntax? = binding.initializer.map { Syntax($0.value) } ?? binding.accessorBlock.map { Syntax($0) }
            guard let body else { continue }
            // An App's stored properties get their values when the App is made, and its `body`
            // is read for the first scene, both at launch.
            let isStored = binding.initializer != nil && !isStatic && !isLazy
            let isScenes = name == "body" && binding.accessorBlock != nil && !isStatic
            units.append(Found(
                typeName: typeName, member: name, display: qualified(name), body: body, declaration: Syntax(binding.pattern),
                isLaunchEntry: (isStored || isScenes) && (types.last?.isApp ?? false), isStoredInstanceProperty: isStored
            ))
            // A stored property's observers run with each assignment to it: a unit keyed
            // `Type.name=`, which assignments use (`LaunchPaths`), and reads do not.
            if binding.initializer != nil || binding.typeAnnotation != nil, case .accessors(let accessors)? = binding.accessorBlock?.accessors {
                for accessor in accessors where ["didSet", "willSet"].contains(accessor.accessorSpecifier.text) {
                    guard let observer = accessor.body else { continue }
                    units.append(Found(
                        typeName: typeName, member: name + "=", display: qualified("\(name).\(accessor.accessorSpecifier.text)"), body: Syntax(observer),
                        declaration: Syntax(accessor.accessorSpecifier), isLaunchEntry: false
                    ))
                }
            }
        }
        return .visitChildren
    }
}

/// The calls of every unit of a run's declarations, by the name they call (`SynchronousCode.calledName`),
/// each with its unit: one walk of the code on the first question, shared by the scanners of
/// all the files, which ask from several threads.
final class CallIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var byName: [String: [(unit: Int, call: FunctionCallExprSyntax)]]?

    func calls(named name: String, in declarations: CodeDeclarations) -> [(unit: Int, call: FunctionCallExprSyntax)] {
        lock.lock()
        defer { lock.unlock() }
        if let byName { return byName[name] ?? [] }
        var found: [String: [(unit: Int, call: FunctionCallExprSyntax)]] = [:]
        for unit in declarations.units.indices {
            let calls = AllCalls(viewMode: .sourceAccurate)
            calls.walk(declarations.units[unit].body)
            for call in calls.found {
                if let called = SynchronousCode.calledName(call) { found[called, default: []].append((unit, call)) }
            }
        }
        byName = found
        return found[name] ?? []
    }
}

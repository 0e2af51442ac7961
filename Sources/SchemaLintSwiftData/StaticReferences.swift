import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// A type written as `X.self`, with where it stands.
struct TypeReference {
    var name: String
    var node: Syntax
    var file: ParsedSwiftFile
    /// The types enclosing the place it is written in, to resolve `name` there.
    var scope: [String]
    /// Where the expression read names it: itself, or the static property or function it was
    /// reached through (`SchemaV1.models` in `SchemaV1.models + [Tag.self]`).
    var listedAt: SchemaLintCore.SourceLocation

    init(name: String, node: Syntax, file: ParsedSwiftFile, scope: [String], through entry: SchemaLintCore.SourceLocation?) {
        self.name = name
        self.node = node
        self.file = file
        self.scope = scope
        self.listedAt = entry ?? file.location(of: node)
    }

    var location: SchemaLintCore.SourceLocation { file.location(of: node) }
}

/// What an expression of a migration plan or a schema names: the types it writes as `X.self`, and
/// those of the static properties it refers to (`MigrateToV2.toVersion`, `Self.stage`,
/// `toVersion`, `SchemaV1.models`), followed as deep as they go, since apps keep a step's schema and
/// stage in a type of their own, and build a version's models from another's:
///
///     enum MigrateToV2 { static let toVersion: any VersionedSchema.Type = SchemaV2.self }
///     static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, MigrateToV2.toVersion] }
///     static var models: [any PersistentModel.Type] { SchemaV1.models + [Tag.self] }
struct StaticReferences {
    private(set) var types: [TypeReference] = []
    /// The names it uses that are neither a type written as `X.self` nor a static property or
    /// function of the project (a global, a call of a library's function): what they hold is unknown.
    private(set) var unread: [TypeReference] = []
    /// The static properties followed, in the order met (each once).
    private(set) var properties: [Declared<PatternBindingSyntax>] = []
    /// The static functions followed (`.v1ToV2()`, a stage made by a function), each once.
    private(set) var functions: [Declared<FunctionDeclSyntax>] = []

    /// Names the code read binds to values of its own (`var models = [A.self]`, then
    /// `models.append(B.self)`): what they hold is read where it is written.
    private var locals: Set<String> = []

    /// Each property and function is followed once, so the depth only bounds the recursion on
    /// hostile input: it is deep enough for a schema list built on the one before it in every
    /// version an app ships (`SchemaV11.models + [Tag.self]`, `SchemaV10.models + [...]`, ...).
    private static let maximumDepth = 64

    init(in node: some SyntaxProtocol, file: ParsedSwiftFile, scope: [String], declarations: SwiftDeclarations) {
        bindLocals(in: Syntax(node))
        collect(Syntax(node), file: file, scope: scope, declarations: declarations, depth: 0, entry: nil)
    }

    /// Whether `node` (in `file`) is inside one of the properties followed.
    func followed(contains node: some SyntaxProtocol, in file: ParsedSwiftFile) -> Bool {
        properties.contains { property in
            property.file.name == file.name && property.node.range.contains(node.positionAfterSkippingLeadingTrivia)
        } || functions.contains { function in
            function.file.name == file.name && function.node.range.contains(node.positionAfterSkippingLeadingTrivia)
        }
    }

    private mutating func bindLocals(in node: Syntax) {
        let finder = LocalNames(viewMode: .sourceAccurate)
        finder.walk(node)
        locals.formUnion(finder.names)
    }

    /// `entry`: where the expression read leads to the node, when the node is elsewhere.
    private mutating func collect(_ node: Syntax, file: ParsedSwiftFile, scope: [String], declarations: SwiftDeclarations, depth: Int, entry: SchemaLintCore.SourceLocation?) {
        for child in node.children(viewMode: .sourceAccurate) {
            // Only the clauses the app's build compiles, and never their conditions (`os(iOS)`).
            if let conditional = child.as(IfConfigDeclSyntax.self) {
                for clause in CompiledClauses.of(conditional) {
                    if let elements = clause.elements { collect(Syntax(elements), file: file, scope: scope, declarations: declarations, depth: depth, entry: entry) }
                }
                continue
            }
            if let call = child.as(FunctionCallExprSyntax.self), depth < Self.maximumDepth, let function = calledFunction(call, scope: scope, declarations: declarations) {
                if !functions.contains(where: { $0.file.name == function.file.name && $0.node.id == function.node.id }) {
                    functions.append(function)
                    if let body = function.node.body {
                        bindLocals(in: Syntax(body))
                        collect(Syntax(body), file: function.file, scope: function.scope, declarations: declarations, depth: depth + 1, entry: entry ?? file.location(of: call))
                    }
                }
                collect(Syntax(call.arguments), file: file, scope: scope, declarations: declarations, depth: depth, entry: entry)
                continue
            }
            if let access = child.as(MemberAccessExprSyntax.self) {
                // The member's own name is no reference of its own: only the base is read further.
                guard let base = access.base else { continue }
                if access.declName.baseName.tokenKind == .keyword(.self) {
                    // In a type's static members `self.Note` and `Self.Note` are its nested `Note`,
                    // which the scope of the reference resolves.
                    var name = base.trimmedText
                    for prefix in ["self.", "Self."] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
                    types.append(TypeReference(name: name, node: Syntax(access), file: file, scope: scope, through: entry))
                } else if let local = base.as(DeclReferenceExprSyntax.self), locals.contains(local.baseName.text) {
                    // `models.append(…)`, `models.append(contentsOf: …)`: the arguments are read.
                    continue
                } else if Self.flattens(access) {
                    // `[common, [Extra.self]].flatMap { $0 }`, `.joined()`: the lists' own elements.
                    collect(Syntax(base), file: file, scope: scope, declarations: declarations, depth: depth, entry: entry)
                } else if depth < Self.maximumDepth,
                          let property = declarations.staticProperty(access.declName.baseName.text, of: base.trimmedText, in: scope) {
                    follow(property, declarations: declarations, depth: depth, entry: entry ?? file.location(of: access))
                } else {
                    unread.append(TypeReference(name: access.trimmedText, node: Syntax(access), file: file, scope: scope, through: entry))
                    collect(Syntax(base), file: file, scope: scope, declarations: declarations, depth: depth, entry: entry)
                }
                continue
            } else if let reference = child.as(DeclReferenceExprSyntax.self) {
                if locals.contains(reference.baseName.text) { continue }
                // `Array(lists.joined())`: the list its argument holds (read as the call's argument).
                if reference.baseName.text == "Array", let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id,
                   call.arguments.count == 1, call.arguments.first?.label == nil { continue }
                if depth < Self.maximumDepth, let property = declarations.staticProperty(reference.baseName.text, in: scope) {
                    follow(property, declarations: declarations, depth: depth, entry: entry ?? file.location(of: reference))
                } else if case .identifier = reference.baseName.tokenKind {
                    unread.append(TypeReference(name: reference.baseName.text, node: Syntax(reference), file: file, scope: scope, through: entry))
                }
                continue
            }
            collect(child, file: file, scope: scope, declarations: declarations, depth: depth, entry: entry)
        }
    }

    /// Whether `access` is the call of a library method that makes one list of a list's lists
    /// and changes none of their elements: `flatMap { $0 }`, `flatMap(\.self)`, `joined()` (in
    /// `Array(...)`).
    private static func flattens(_ access: MemberAccessExprSyntax) -> Bool {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id else { return false }
        switch access.declName.baseName.text {
        case "joined":
            return call.arguments.isEmpty && call.trailingClosure == nil
        case "flatMap":
            if let closure = call.trailingClosure, call.arguments.isEmpty {
                return closure.signature == nil && closure.statements.count == 1 && closure.statements.first?.item.trimmedText == "$0"
            }
            return call.trailingClosure == nil && call.arguments.count == 1 && call.arguments.first?.label == nil
                && call.arguments.first?.expression.trimmedText == "\\.self"
        default:
            return false
        }
    }

    /// The project's static function a call names: `.v1ToV2()`, `Stages.v1ToV2()`, `v1ToV2()`.
    private func calledFunction(_ call: FunctionCallExprSyntax, scope: [String], declarations: SwiftDeclarations) -> Declared<FunctionDeclSyntax>? {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return declarations.staticFunction(access.declName.baseName.text, of: access.base?.trimmedText, in: scope)
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), !scope.isEmpty {
            for length in stride(from: scope.count, through: 1, by: -1) {
                if let found = declarations.staticFunctions[scope.prefix(length).joined(separator: ".")]?[reference.baseName.text] { return found }
            }
        }
        return nil
    }

    private mutating func follow(_ property: Declared<PatternBindingSyntax>, declarations: SwiftDeclarations, depth: Int, entry: SchemaLintCore.SourceLocation) {
        guard !properties.contains(where: { $0.file.name == property.file.name && $0.node.id == property.node.id }) else { return }
        properties.append(property)
        bindLocals(in: Syntax(property.node))
        collect(Syntax(property.node), file: property.file, scope: property.scope, declarations: declarations, depth: depth + 1, entry: entry)
    }
}

/// The names `var` and `let` bind inside a body (not the declaration it belongs to, whose own
/// binding is no `VariableDeclSyntax` below it).
private final class LocalNames: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
        }
        return .visitChildren
    }
}

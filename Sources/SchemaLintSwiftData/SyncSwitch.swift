import SchemaLintSwiftSource
import SwiftSyntax

/// The value a Boolean switch of a sync setting (`enabled` in `cloudKitDatabase: enabled ?
/// .automatic : .none`) has wherever the app runs, where its code fixes it:
/// - a Boolean literal, or its negation (`!false`); `a && b` where one side is false, `a || b`
///   where one is true;
/// - a static property declared with one (`static let enabled = false`, or a `static var` no file
///   sets), in the files read or in the file that declares its type;
/// - a parameter of the initializer or function around the switch (`init(enableCloudKit: Bool =
///   false)`) that every call passes such a value or leaves at such a default
///   (`static let shared = DataProvider(enableCloudKit: Flags.cloudKit)`).
/// Anything else (a user default, an argument of `main`) is undecided: `nil`.
struct SyncSwitch {
    var declarations: SwiftDeclarations
    /// Whether some file gives a property of that name a value other than its declared one.
    var assigns: (String) -> Bool
    /// The run's Swift files whose text holds a word, parsed: where a type or a function is
    /// declared or called.
    var files: (String) -> [ParsedSwiftFile]

    /// `scope`: the types around `node`, outermost first.
    func value(of condition: ExprSyntax, at node: Syntax, scope: [String], depth: Int = 0) -> Bool? {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let inner = condition.as(TupleExprSyntax.self), inner.elements.count == 1, let only = inner.elements.first, only.label == nil {
            return value(of: only.expression, at: node, scope: scope, depth: depth)
        }
        if let negation = condition.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            return value(of: negation.expression, at: node, scope: scope, depth: depth).map(!)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) { return combined(sequence, at: node, scope: scope, depth: depth) }
        if let constant = staticConstant(condition, scope: scope) { return constant }
        guard depth < 3, let reference = condition.as(DeclReferenceExprSyntax.self) else { return nil }
        return parameterValue(named: reference.baseName.text, around: node, depth: depth)
    }

    /// `a && b` (or `a || b`, one operator throughout): false where one side is false (true
    /// where one is true), whatever the others are; nil where that decides nothing.
    private func combined(_ sequence: SequenceExprSyntax, at node: Syntax, scope: [String], depth: Int) -> Bool? {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        let operators = Set(stride(from: 1, to: elements.count, by: 2).map { elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "" })
        guard operators.count == 1, let symbol = operators.first, symbol == "&&" || symbol == "||" else { return nil }
        let deciding = symbol == "||"
        let values = stride(from: 0, to: elements.count, by: 2).map { value(of: elements[$0], at: node, scope: scope, depth: depth) }
        if values.contains(deciding) { return deciding }
        return values.contains(nil) ? nil : !deciding
    }

    /// A static property declared with a Boolean literal (`enabled`, `Sync.enabled`,
    /// `Self.enabled`): a `let`, or a `var` no file assigns.
    private func staticConstant(_ condition: ExprSyntax, scope: [String]) -> Bool? {
        let name: String
        var property: Declared<PatternBindingSyntax>?
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            property = declarations.staticProperty(name, in: scope)
        } else if let member = condition.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            name = member.declName.baseName.text
            let type = base.baseName.text
            property = declarations.staticProperty(name, of: type, in: scope)
            // A type of flags in a file of its own, which the reader had no reason to parse.
            if property == nil, type != "Self" {
                var declaring = SwiftDeclarations()
                for file in files(type) { declaring.collect(file) }
                property = declaring.staticProperty(name, of: type, in: scope)
            }
        } else {
            return nil
        }
        guard let binding = property?.node, let literal = binding.initializer?.value.as(BooleanLiteralExprSyntax.self),
              let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return nil }
        if declaration.bindingSpecifier.tokenKind == .keyword(.var), assigns(name) { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// The one value every call of the initializer or function around `node` gives its parameter
    /// `name`; `true` where one call passes `true` (that store syncs whatever the others do).
    private func parameterValue(named name: String, around node: Syntax, depth: Int) -> Bool? {
        guard let arguments = arguments(ofParameter: name, around: node) else { return nil }
        let values = arguments.map { argument in argument.map { value(of: $0.value, at: Syntax($0.value), scope: $0.scope, depth: depth + 1) } ?? nil }
        if values.contains(true) { return true }
        guard !values.isEmpty, !values.contains(nil) else { return nil }
        return false
    }

    /// What each call of the initializer or function around `node` gives its parameter `name`
    /// (its default where the call leaves it out), with the types around the value; nil for a
    /// call that passes it where it cannot be told. Nil where `name` is no parameter there.
    func arguments(ofParameter name: String, around node: Syntax) -> [(value: ExprSyntax, scope: [String])?]? {
        guard let callee = Callee(around: node, parameter: name) else { return nil }
        var found: [(value: ExprSyntax, scope: [String])?] = []
        for file in files(callee.word) {
            let calls = CallCollector(callee: callee)
            calls.walk(file.tree)
            for call in calls.found {
                let argument: ExprSyntax?
                if let labeled = call.arguments.first(where: { $0.label?.text == callee.label }) {
                    argument = labeled.expression
                } else if callee.label == "_" {
                    // A parameter without a label: its position, where every parameter is passed.
                    argument = call.arguments.count == callee.parameterCount ? Array(call.arguments)[callee.position].expression : nil
                } else {
                    argument = callee.defaultValue
                }
                found.append(argument.map { ($0, $0.id == callee.defaultValue?.id ? callee.scope : TypeNames.around(Syntax(call))) })
            }
        }
        return found
    }
}

/// The initializer or function whose parameter a switch is, and how its calls are recognised.
private struct Callee {
    enum Kind { case initializer(type: String), function(String) }

    var kind: Kind
    /// The parameter's argument label (`_` for none), its position, and its default value.
    var label: String
    var position: Int
    var parameterCount: Int
    var defaultValue: ExprSyntax?
    /// The types around the declaration, where its default value is read.
    var scope: [String]

    /// The word a file that calls it must hold: the type's name or the function's.
    var word: String {
        switch kind {
        case .initializer(let type): type
        case .function(let name): name
        }
    }

    init?(around node: Syntax, parameter name: String) {
        var current = node.parent
        while let syntax = current, !syntax.is(MemberBlockSyntax.self) {
            let parameters: FunctionParameterListSyntax
            let kind: Kind
            if let function = syntax.as(FunctionDeclSyntax.self) {
                parameters = function.signature.parameterClause.parameters
                kind = .function(function.name.text)
            } else if let initializer = syntax.as(InitializerDeclSyntax.self), let type = TypeNames.around(syntax).last {
                parameters = initializer.signature.parameterClause.parameters
                kind = .initializer(type: type)
            } else {
                current = syntax.parent
                continue
            }
            guard let position = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
            let parameter = parameters[position]
            self.kind = kind
            self.label = parameter.firstName.text
            self.position = parameters.distance(from: parameters.startIndex, to: position)
            self.parameterCount = parameters.count
            self.defaultValue = parameter.defaultValue?.value
            self.scope = TypeNames.around(syntax)
            return
        }
        return nil
    }
}

/// The calls of one initializer or function in a file: `DataProvider(...)`,
/// `DataProvider.init(...)`, `Module.DataProvider(...)`; inside the type itself also `Self(...)`
/// and `.init(...)`; `setUp(...)`, `stack.setUp(...)` for a function.
private final class CallCollector: SyntaxVisitor {
    let callee: Callee
    var found: [FunctionCallExprSyntax] = []

    init(callee: Callee) {
        self.callee = callee
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = node.calledExpression.trimmedText
        switch callee.kind {
        case .initializer(let type):
            let named = called == type || called.hasSuffix(".\(type)") || called == "\(type).init" || called.hasSuffix(".\(type).init")
            let implicit = ["Self", "Self.init", ".init", "self.init"].contains(called) && TypeNames.around(Syntax(node)).last == type
            if named || implicit { found.append(node) }
        case .function(let name):
            if called.split(separator: ".").last.map(String.init) == name { found.append(node) }
        }
        return .visitChildren
    }
}

/// The names of the types around a node, outermost first (an extension by the last name of the
/// type it extends).
enum TypeNames {
    static func around(_ node: Syntax) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let syntax = current {
            if let declaration = syntax.asProtocol(NamedDeclSyntax.self), syntax.is(StructDeclSyntax.self) || syntax.is(ClassDeclSyntax.self) || syntax.is(EnumDeclSyntax.self) || syntax.is(ActorDeclSyntax.self) {
                names.append(declaration.name.text)
            } else if let extended = syntax.as(ExtensionDeclSyntax.self) {
                names.append(String(extended.extendedType.trimmedText.split(separator: ".").last ?? ""))
            }
            current = syntax.parent
        }
        return names.reversed()
    }
}

import SwiftSyntax

/// What each designated initializer of a model class gives its stored properties. A SwiftData model
/// creates objects through its initializers, so a property they set never gets the default written
/// on it: what older apps create is what their initializers give.
struct InitializerAssignments {
    /// What one initializer gives one property.
    enum Given {
        /// The expression assigned, read through a parameter to the parameter's default.
        case expression(ExprSyntax)
        /// A value the caller chooses (a parameter without a default), or one set only on some paths.
        case varies
        /// Not set: the property keeps the default written on it.
        case keepsDefault
    }

    /// One entry per designated initializer (a class can only add convenience initializers in
    /// extensions, and those end in a designated one).
    private var initializers: [[String: Given]]

    init(_ declaration: ClassDeclSyntax) {
        initializers = declaration.memberBlock.members.compactMap { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                  !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) }),
                  let body = initializer.body
            else { return nil }
            return Self.assignments(in: body, parameters: initializer.signature.parameterClause.parameters)
        }
    }

    /// What every designated initializer gives `property`, in the order they are declared; empty
    /// when the class declares none.
    func given(_ property: String) -> [Given] {
        initializers.map { $0[property] ?? .keepsDefault }
    }

    private static func assignments(in body: CodeBlockSyntax, parameters: FunctionParameterListSyntax) -> [String: Given] {
        var defaults: [String: ExprSyntax?] = [:]
        for parameter in parameters {
            // `updateValue`: a parameter without a default is kept, as nil.
            defaults.updateValue(parameter.defaultValue?.value, forKey: (parameter.secondName ?? parameter.firstName).text)
        }
        var given: [String: Given] = [:]
        // Top-level statements run on every path; an assignment nested in a branch, loop or closure
        // may not.
        for statement in body.statements {
            if let (property, value) = assignment(statement.item.as(ExprSyntax.self), parameters: defaults) {
                given[property] = value.map { value in
                    guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text, let parameterDefault = defaults[name] else { return .expression(value) }
                    return parameterDefault.map { .expression($0) } ?? .varies
                } ?? .varies
                continue
            }
            for nested in NestedAssignments(parameters: defaults, viewMode: .sourceAccurate).properties(in: statement) {
                given[nested] = .varies
            }
        }
        return given
    }

    /// `self.name = value` or `name = value` (a stored property, not a parameter); the value is
    /// nil when it is more than one expression (`a ?? b` before folding).
    fileprivate static func assignment(_ expression: ExprSyntax?, parameters: [String: ExprSyntax?]) -> (String, ExprSyntax?)? {
        guard let elements = expression?.as(SequenceExprSyntax.self)?.elements, elements.count >= 3,
              elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
              let target = elements.first
        else { return nil }
        let property: String
        if let member = target.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            property = member.declName.baseName.text
        } else if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters[name] == nil {
            property = name
        } else {
            return nil
        }
        return (property, elements.count == 3 ? elements.last : nil)
    }

    /// The properties assigned anywhere inside one statement.
    private final class NestedAssignments: SyntaxVisitor {
        let parameters: [String: ExprSyntax?]
        var found: [String] = []

        init(parameters: [String: ExprSyntax?], viewMode: SyntaxTreeViewMode) {
            self.parameters = parameters
            super.init(viewMode: viewMode)
        }

        func properties(in statement: CodeBlockItemSyntax) -> [String] {
            walk(statement)
            return found
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let (property, _) = InitializerAssignments.assignment(ExprSyntax(node), parameters: parameters) { found.append(property) }
            return .visitChildren
        }
    }
}

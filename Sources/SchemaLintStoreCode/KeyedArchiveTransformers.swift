import SchemaLintCore
import SwiftSyntax

/// The project's value transformers that read keyed archives, as `StoreCodeFacts.keyedArchiveTransformers`
/// names them: classes that inherit from `NSSecureUnarchiveFromDataTransformer`, directly or through
/// another class of the project, under each name a model may give them (the class name, its
/// `@objc` name, and a name it is registered under: `NSValueTransformerName("...")` in its body, or
/// `setValueTransformer(Class(), forName: NSValueTransformerName("..."))` anywhere).
enum KeyedArchiveTransformers {
    static func names(in files: [StoreCodeSourceFile]) -> Set<String> {
        var found = KeyedArchiveClasses()
        for file in files {
            let visitor = TransformerDeclarations(readsBodies: file.mayNameATransformer)
            visitor.walk(file.tree)
            found.merge(visitor.declared)
        }
        return found.transformerNames()
    }
}

private final class TransformerDeclarations: SyntaxVisitor {
    var declared = KeyedArchiveClasses()
    private var classes: [String] = []
    /// Whether code (function bodies, closures, initial values) may name a transformer: classes
    /// are declared at the top and in types, so a file that never writes `NSValueTransformerName`
    /// is read only that far (most of an app's files, and most of the time this pass takes).
    private let readsBodies: Bool

    init(readsBodies: Bool) {
        self.readsBodies = readsBodies
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { readsBodies ? .visitChildren : .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { readsBodies ? .visitChildren : .skipChildren }
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind { readsBodies ? .visitChildren : .skipChildren }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        classes.append(name)
        if let inherited = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription {
            // `Foundation.NSSecureUnarchiveFromDataTransformer` is the class without its module.
            declared.superclass[name] = inherited.split(separator: ".").last.map(String.init) ?? inherited
        }
        for case .attribute(let attribute) in node.attributes where attribute.attributeName.trimmedDescription == "objc" {
            if case .objCName(let pieces)? = attribute.arguments {
                declared.otherNames[name, default: []].insert(pieces.trimmedDescription)
            }
        }
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) {
        classes.removeLast()
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = node.calledExpression.trimmedDescription
        if called.hasSuffix("NSValueTransformerName"), let current = classes.last, let name = Self.literal(node.arguments.first?.expression) {
            declared.otherNames[current, default: []].insert(name)
        } else if called.hasSuffix("setValueTransformer"), node.arguments.count == 2,
                  let made = node.arguments.first?.expression.as(FunctionCallExprSyntax.self),
                  let registered = node.arguments.last?.expression.as(FunctionCallExprSyntax.self),
                  registered.calledExpression.trimmedDescription.hasSuffix("NSValueTransformerName"),
                  let name = Self.literal(registered.arguments.first?.expression) {
            declared.otherNames[made.calledExpression.trimmedDescription, default: []].insert(name)
        }
        return .visitChildren
    }

    /// The text of a string literal with no interpolation.
    private static func literal(_ expression: ExprSyntax?) -> String? {
        guard let literal = expression?.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return text
    }
}

import SwiftSyntax

/// The configuration names the files open stores with, as `StoreCodeFacts.openedConfigurations`
/// has them: a description's (`description.configuration = "Cloud"`) and an added store's
/// (`addPersistentStore(ofType:configurationName: "Cloud", at:options:)`), written as literals.
enum OpenedConfigurations {
    static func names(in files: [StoreCodeSourceFile]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            let visitor = ConfigurationNames(viewMode: .sourceAccurate)
            visitor.walk(file.tree)
            names.formUnion(visitor.names)
        }
        return names
    }
}

private final class ConfigurationNames: SyntaxVisitor {
    var names: Set<String> = []

    /// `X.configuration = "Cloud"`, as the parser leaves it: a sequence of three.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
           elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "configuration",
           let name = Self.literal(elements[2]) {
            names.insert(name)
        }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if node.label?.text == "configurationName", let name = Self.literal(node.expression) { names.insert(name) }
        return .visitChildren
    }

    /// A string literal without interpolation.
    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }
}

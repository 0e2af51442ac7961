import SwiftSyntax

/// The compiled model the code of a file loads, where a literal names it: `X.momd` in
/// `Bundle.main.url(forResource: "X", withExtension: "momd")`, or the model a container finds by
/// its name (`NSPersistentContainer(name: "X")` with no `managedObjectModel:`). Xcode builds
/// `X.momd` from `X.xcdatamodeld`. A repository of several apps (a phone app and a TV app, each
/// with its model) holds several models, and the one nearest to the code need not be the one it
/// opens.
final class CompiledModelNames: SyntaxVisitor {
    private var names: Set<String> = []

    /// The one model the file's literals name; nil where they name none, or several.
    static func single(in tree: SourceFileSyntax) -> String? {
        let visitor = CompiledModelNames(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.names.count == 1 ? visitor.names.first : nil
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        func argument(_ label: String) -> ExprSyntax? { node.arguments.first { $0.label?.text == label }?.expression }
        if let resource = argument("forResource").flatMap(Self.literal), let suffix = (argument("withExtension") ?? argument("ofType")).flatMap(Self.literal), suffix == "momd" {
            names.insert(resource)
        } else if let called = SynchronousCode.calledName(node), ["NSPersistentContainer", "NSPersistentCloudKitContainer"].contains(called),
                  argument("managedObjectModel") == nil, let name = argument("name").flatMap(Self.literal) {
            names.insert(name)
        }
        return .visitChildren
    }

    /// The text of a string literal with no interpolation.
    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }
}

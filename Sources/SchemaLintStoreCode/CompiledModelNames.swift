import SwiftSyntax

/// The compiled model the code of a file loads, where a literal names it: `X.momd` in
/// `Bundle.main.url(forResource: "X", withExtension: "momd")`, or the model a container finds by
/// its name (`NSPersistentContainer(name: "X")` with no `managedObjectModel:`). Xcode builds
/// `X.momd` from `X.xcdatamodeld`. A repository of several apps (a phone app and a TV app, each
/// with its model) holds several models, and the one nearest to the code need not be the one it
/// opens.
/// A subclass of a container the file declares (`final class PersistentContainer:
/// NSPersistentContainer`) finds its model by name as its superclass does.
final class CompiledModelNames: SyntaxVisitor {
    private var names: Set<String> = []
    /// The names containers are made with, by the type called (`PersistentContainer`).
    private var namedBy: [String: Set<String>] = [:]
    private var containerTypes: Set<String> = ["NSPersistentContainer", "NSPersistentCloudKitContainer"]

    /// The one model the file's literals name; nil where they name none, or several.
    static func single(in tree: SourceFileSyntax) -> String? {
        let visitor = CompiledModelNames(viewMode: .sourceAccurate)
        visitor.walk(tree)
        let names = visitor.names.union(visitor.containerTypes.flatMap { visitor.namedBy[$0] ?? [] })
        return names.count == 1 ? names.first : nil
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedText } ?? []
        if inherited.contains(where: { ["NSPersistentContainer", "NSPersistentCloudKitContainer"].contains($0) }) { containerTypes.insert(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        func argument(_ label: String) -> ExprSyntax? { node.arguments.first { $0.label?.text == label }?.expression }
        if let resource = argument("forResource").flatMap(Self.literal), let suffix = (argument("withExtension") ?? argument("ofType")).flatMap(Self.literal), suffix == "momd" {
            names.insert(resource)
        } else if let called = SynchronousCode.calledName(node), argument("managedObjectModel") == nil, let name = argument("name").flatMap(Self.literal) {
            namedBy[called, default: []].insert(name)
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

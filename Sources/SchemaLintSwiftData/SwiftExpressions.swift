import SchemaLintSwiftSource
import SwiftSyntax

/// Reads the few kinds of expression a model declaration holds, statically: literals, `X.self`,
/// key paths, `Schema.Version(1, 0, 0)`. Anything else reads as nil, and callers say so.
enum SwiftExpressions {
    /// `3`, `-3`, `0x10`, `1_000`.
    static func integer(_ expression: ExprSyntax) -> Int? {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return integer(prefix.expression).map { -$0 }
        }
        guard let literal = expression.as(IntegerLiteralExprSyntax.self) else { return nil }
        let text = literal.literal.text.replacingOccurrences(of: "_", with: "")
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        if text.hasPrefix("0b") { return Int(text.dropFirst(2), radix: 2) }
        return Int(text)
    }

    /// A string literal without interpolation.
    static func string(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return text
    }

    /// The literal's text when the expression is a number, Boolean or string literal (or a negated number).
    enum Literal: Equatable {
        case integer(String), float(String), boolean(Bool), string(String), `nil`
    }

    static func literal(_ expression: ExprSyntax) -> Literal? {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            switch literal(prefix.expression) {
            case .integer(let text): return .integer("-" + text)
            case .float(let text): return .float("-" + text)
            default: return nil
            }
        }
        if let value = expression.as(IntegerLiteralExprSyntax.self) { return .integer(value.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let value = expression.as(FloatLiteralExprSyntax.self) { return .float(value.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let value = expression.as(BooleanLiteralExprSyntax.self) { return .boolean(value.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .nil }
        if let text = string(expression) { return .string(text) }
        return nil
    }

    /// The property a key path ends in: `folder` for `\Note.folder` or `\.folder`.
    static func keyPathProperty(_ expression: ExprSyntax) -> String? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self),
              let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
        else { return nil }
        return last.declName.baseName.text
    }

    /// `1.0.0` for `Schema.Version(1, 0, 0)` or `.init(1, 0, 0)` anywhere in the node (a stored
    /// property's initializer or a computed property's body).
    static func schemaVersion(in node: some SyntaxProtocol) -> String? {
        for child in node.children(viewMode: .sourceAccurate) {
            if let call = child.as(FunctionCallExprSyntax.self) {
                let callee = call.calledExpression.trimmedText
                if ["Schema.Version", "Version", ".init", "Schema.Version.init", "Version.init"].contains(callee) {
                    let numbers = call.arguments.map { integer($0.expression) }
                    if (1...3).contains(numbers.count), numbers.allSatisfy({ $0 != nil && $0! >= 0 }) {
                        return numbers.map { String($0!) }.joined(separator: ".")
                    }
                    return nil
                }
            }
            if let found = schemaVersion(in: child) { return found }
        }
        return nil
    }
}

import SchemaLintCore
import SwiftSyntax

/// Which clauses of an `#if` the app people run compiles: a release build of the iPhone app.
/// Apps build one list two ways for another platform (`#if os(watchOS) return [V1.self, V3.self]
/// #else return [V1.self, V2.self, V3.self] #endif`) or add to it for one
/// (`#if os(iOS) models.append(Widget.self) #endif`); reading every clause would put versions
/// twice and out of order. A condition that depends on what cannot be known from the source (a
/// custom flag, `os(macOS)` in an app that may be for the Mac, `arch(…)`) leaves every clause it
/// and those after it could choose.
///
/// swift-syntax's `SwiftIfConfig` decides each condition for one complete build configuration,
/// and takes a condition it cannot decide as false: here what cannot be decided must keep its
/// clauses.
package enum CompiledClauses {
    /// The clauses of `conditional` a release build of the iPhone app may compile, in order.
    package static func of(_ conditional: IfConfigDeclSyntax) -> [IfConfigClauseSyntax] {
        var compiled: [IfConfigClauseSyntax] = []
        for clause in conditional.clauses {
            guard let condition = clause.condition else {
                compiled.append(clause)
                break
            }
            switch holds(condition) {
            case true?: return compiled + [clause]
            case false?: continue
            case nil: compiled.append(clause)
            }
        }
        return compiled
    }

    /// Whether `condition` holds in that build; nil where it cannot be told.
    package static func holds(_ condition: ExprSyntax) -> Bool? {
        var parser = Parser(tokens: condition.tokens(viewMode: .sourceAccurate).map(\.text))
        let value = parser.disjunction()
        return parser.atEnd ? value : nil
    }

    /// Operating systems other than iOS that `os(…)` names; `macOS` is not among them, since an
    /// app for the iPhone may be built for the Mac as well, with the same models.
    private static let otherSystems: Set<String> = ["watchOS", "tvOS", "visionOS", "xrOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "Haiku", "PS4"]

    private struct Parser {
        let tokens: [String]
        var position = 0

        init(tokens: [String]) { self.tokens = tokens }

        var atEnd: Bool { position == tokens.count }

        private var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func disjunction() -> Bool? {
            var value = conjunction()
            while next == "||" {
                position += 1
                let other = conjunction()
                value = value == true || other == true ? true : (value == false && other == false ? false : nil)
            }
            return value
        }

        private mutating func conjunction() -> Bool? {
            var value = negation()
            while next == "&&" {
                position += 1
                let other = negation()
                value = value == false || other == false ? false : (value == true && other == true ? true : nil)
            }
            return value
        }

        private mutating func negation() -> Bool? {
            guard next == "!" else { return primary() }
            position += 1
            return negation().map { !$0 }
        }

        private mutating func primary() -> Bool? {
            guard let token = next else { return nil }
            position += 1
            if token == "(" {
                let value = disjunction()
                if next == ")" { position += 1 }
                return value
            }
            guard next == "(" else {
                switch token {
                case "true": return true
                case "false": return false
                default: return DebugBuildCondition.isDebugOnly(token) ? false : nil
                }
            }
            // A platform condition: its argument runs to the matching parenthesis.
            position += 1
            var argument: [String] = []
            var depth = 0
            while let inner = next {
                position += 1
                if inner == "(" { depth += 1 } else if inner == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                argument.append(inner)
            }
            let text = argument.joined()
            switch token {
            case "os": return text == "iOS" ? true : (otherSystems.contains(text) ? false : nil)
            case "targetEnvironment": return ["simulator", "macCatalyst"].contains(text) ? false : nil
            case "canImport": return text == "UIKit" ? true : nil
            case "swift", "compiler": return true
            default: return nil
            }
        }
    }
}

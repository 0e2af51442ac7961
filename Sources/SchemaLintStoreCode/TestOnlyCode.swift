import SwiftSyntax
import SchemaLintCore

/// Code that runs only under tests.
enum TestOnlyCode {
    /// Whether `node` runs only under tests: in the branch of an `if` or `?:` that only a launch
    /// under tests takes (`if Self.isRunningTests`, `environment["XCTestConfigurationFilePath"]
    /// != nil`, `isTesting ? Simulated() : Launching()`, the `else` of `if !isTesting`), not a
    /// TestFlight build's.
    static func contains(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if let branch = parent.as(IfExprSyntax.self) {
                let condition = TestCondition(branch.conditions)
                if branch.body.id == current.id, condition.holdsOnlyUnderTests { return true }
                if branch.elseBody?.id == current.id, condition.holdsOutsideTests { return true }
            }
            // `?:` as parsed: the condition is the element before `? then :` in its sequence.
            if let choice = parent.as(UnresolvedTernaryExprSyntax.self), choice.thenExpression.id == current.id,
               let list = choice.parent?.as(ExprListSyntax.self), let here = list.firstIndex(where: { $0.id == choice.id }), here != list.startIndex,
               TestCondition(list[list.index(before: here)]).holdsOnlyUnderTests {
                return true
            }
            if let list = parent.as(ExprListSyntax.self), let here = list.firstIndex(where: { $0.id == current.id }), here != list.startIndex {
                let before = list.index(before: here)
                if list[before].is(UnresolvedTernaryExprSyntax.self), before != list.startIndex, TestCondition(list[list.index(before: before)]).holdsOutsideTests { return true }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// Whether a name says tests (`isRunningTests`, `"testing"`, `XCTestConfigurationFilePath`).
    static func namesTests(_ text: String) -> Bool {
        if ByteSearch.contains("XCTest", in: text) { return true }
        let words = StoreCodeVisitor.words(of: text)
        return !words.isDisjoint(with: ["test", "tests", "testing"]) && !words.contains("flight")
    }
}

/// What a condition says about tests: that it holds only in a launch under tests (its branch is
/// the tests'), or that it holds in every launch outside tests (`!isTesting`: its other branch is
/// the tests'). `!` swaps the two; `&&` and the conditions of an `if` hold only under tests when
/// one of them does, `||` when both do.
struct TestCondition {
    var holdsOnlyUnderTests = false
    var holdsOutsideTests = false

    init(_ conditions: ConditionElementListSyntax) {
        let each = conditions.map { element in
            element.condition.as(ExprSyntax.self).map(TestCondition.init) ?? TestCondition(namingTests: element.condition)
        }
        holdsOnlyUnderTests = each.contains { $0.holdsOnlyUnderTests }
        holdsOutsideTests = !each.isEmpty && each.allSatisfy { $0.holdsOutsideTests }
    }

    init(_ expression: ExprSyntax) {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first?.expression {
            self = TestCondition(inner)
        } else if let negation = expression.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            self = TestCondition(negation.expression).negated
        } else if let sequence = expression.as(SequenceExprSyntax.self) {
            self = TestCondition(Array(sequence.elements))
        } else if Self.testsALaunchArgument(expression) {
            self = TestCondition(holdsOnlyUnderTests: true)
        } else {
            self = TestCondition(namingTests: expression)
        }
    }

    /// `ProcessInfo.processInfo.arguments.contains("-activeService")`, `CommandLine.arguments
    /// .contains(...)`: a launch argument is given by a UI test or a developer's scheme, never by
    /// the Home Screen or the Dock that launch the app for people.
    private static func testsALaunchArgument(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self), let contains = call.calledExpression.as(MemberAccessExprSyntax.self),
              contains.declName.baseName.text == "contains", let arguments = contains.base?.as(MemberAccessExprSyntax.self),
              arguments.declName.baseName.text == "arguments", let owner = arguments.base?.trimmedDescription else { return false }
        return ["ProcessInfo.processInfo", "processInfo", "CommandLine", "Foundation.ProcessInfo.processInfo"].contains(owner)
    }

    /// An unfolded sequence: split at `||`, then `&&`, then a comparison with `nil`, `true` or
    /// `false` (`environment["XCTestConfigurationFilePath"] == nil` holds outside tests).
    private init(_ elements: [ExprSyntax]) {
        func isOperator(_ element: ExprSyntax, _ name: String) -> Bool { element.as(BinaryOperatorExprSyntax.self)?.operator.text == name }
        func parts(splitAt name: String) -> [TestCondition]? {
            let pieces = elements.split { isOperator($0, name) }
            return pieces.count > 1 ? pieces.map { TestCondition(Array($0)) } : nil
        }
        if let either = parts(splitAt: "||") {
            holdsOnlyUnderTests = either.allSatisfy { $0.holdsOnlyUnderTests }
            holdsOutsideTests = either.contains { $0.holdsOutsideTests }
        } else if let both = parts(splitAt: "&&") {
            holdsOnlyUnderTests = both.contains { $0.holdsOnlyUnderTests }
            holdsOutsideTests = both.allSatisfy { $0.holdsOutsideTests }
        } else if elements.count == 1 {
            self = TestCondition(elements[0])
        } else if elements.count == 3, let comparison = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, ["==", "!="].contains(comparison),
                  let literal = [elements[2], elements[0]].first(where: { $0.is(NilLiteralExprSyntax.self) || $0.is(BooleanLiteralExprSyntax.self) }) {
            let other = literal.id == elements[2].id ? elements[0] : elements[2]
            let meansAbsent = literal.is(NilLiteralExprSyntax.self) || literal.as(BooleanLiteralExprSyntax.self)?.literal.text == "false"
            let tested = TestCondition(other)
            self = (comparison == "==") == meansAbsent ? tested.negated : tested
        } else {
            self = elements.contains { TestCondition(namingTests: $0).holdsOnlyUnderTests } ? TestCondition(holdsOnlyUnderTests: true) : TestCondition()
        }
    }

    private init(holdsOnlyUnderTests: Bool = false, holdsOutsideTests: Bool = false) {
        self.holdsOnlyUnderTests = holdsOnlyUnderTests
        self.holdsOutsideTests = holdsOutsideTests
    }

    /// Any other condition holds only under tests when a name in it says tests.
    private init(namingTests node: some SyntaxProtocol) {
        holdsOnlyUnderTests = node.tokens(viewMode: .sourceAccurate).contains { TestOnlyCode.namesTests($0.text) }
    }

    var negated: TestCondition { TestCondition(holdsOnlyUnderTests: holdsOutsideTests, holdsOutsideTests: holdsOnlyUnderTests) }
}

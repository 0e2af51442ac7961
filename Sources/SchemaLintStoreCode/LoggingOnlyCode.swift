import SwiftSyntax

/// Code that does nothing about an error but log it: what a failure branch that lets the app go on
/// without its store holds.
enum LoggingOnlyCode {
    /// The statements of an error branch: an `if`'s or `guard`'s block, a closure's statements.
    static func statements(of branch: Syntax) -> CodeBlockItemListSyntax? {
        branch.as(CodeBlockSyntax.self)?.statements ?? branch.as(CodeBlockItemListSyntax.self)
    }

    /// The calls that only log or report an error: Swift's and Foundation's, `os_log`, a
    /// `Logger`'s levels, a crash reporter's `record`/`capture`, and the assertions release builds
    /// leave out (`assert(false, "...")` stops a debug build alone).
    static let loggingCalls: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "dump", "assertionFailure", "assert", "error", "fault", "warning", "info", "debug", "notice", "log", "critical", "trace", "record", "capture"]

    /// Whether a call of this name only logs: one of `loggingCalls`, or a project's own function
    /// with the word "log" in its name (`sa_log_v2`, `logError`, `AppLog`, `DDLogError`; not
    /// `dialog` or `login`), unless its name says it does more (`logAndShowAlert`, `logAndCrash`).
    static func isLogging(_ name: String) -> Bool {
        if loggingCalls.contains(name) { return true }
        let words = words(of: name)
        return words.contains("log") && !saysItDoesMore(words)
    }

    /// Whether `call` only logs: a call `isLogging(_:)` names, or a method of a logger named for
    /// one (`Log.e(...)`, `AppLogger.shared.warn(...)`) whose own name says no more.
    static func isLogging(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = SynchronousCode.calledName(call) else { return false }
        if isLogging(name) { return true }
        var base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        while let member = base?.as(MemberAccessExprSyntax.self) { base = member.base }
        guard let logger = base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return words(of: logger).contains(where: { $0 == "log" || $0 == "logger" }) && !saysItDoesMore(words(of: name))
    }

    private static func saysItDoesMore(_ words: [String]) -> Bool {
        let doesMore: Set<String> = ["alert", "show", "present", "crash", "fatal", "abort", "exit", "reset", "delete", "remove", "retry"]
        return words.contains(where: doesMore.contains)
    }

    /// The words of a name, lowercased: split at `_`, digits and the start of each capitalised
    /// word (`DDLogError`: `dd`, `log`, `error`).
    private static func words(of name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            if character == "_" || character.isNumber {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsAWord = character.isUppercase && (previous?.isLowercase == true || previous?.isUppercase == true && next?.isLowercase == true)
            if startsAWord, !word.isEmpty {
                words.append(word.lowercased())
                word = ""
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }

    /// A logging call as a message names it: `AppLogger.general.error(...)`, not a bare `error()`
    /// that reads like Swift's own; `print(...)`; the method's name alone where the logger is an
    /// expression too long to quote.
    static func loggingCallDisplay(_ call: FunctionCallExprSyntax) -> String {
        let callee = call.calledExpression.trimmedText
        if callee.count <= 48, callee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) { return callee + "(...)" }
        return (SynchronousCode.calledName(call) ?? "a log") + "(...)"
    }

    /// The first logging call of what `statements` run when an `if` among them does not take the
    /// block that holds `handled` (`if error.code == 259 { remove the file } else { log }`, or
    /// the log after that `if`), where that is nothing but logging; nil otherwise.
    static func onlyLogs(_ statements: [CodeBlockItemSyntax], besides handled: (Syntax) -> Bool) -> FunctionCallExprSyntax? {
        func holdsHandled(_ node: Syntax) -> Bool {
            if handled(node) { return true }
            return node.children(viewMode: .sourceAccurate).contains(where: holdsHandled)
        }
        guard let item = statements.first(where: { holdsHandled(Syntax($0)) }),
              let branch = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self),
              holdsHandled(Syntax(branch.body)) else { return nil }
        // (A `guard` that unwraps the error before the `if` lets every error on.)
        let rest = statements.filter { $0.id != item.id && !$0.item.is(GuardStmtSyntax.self) }
        let otherwise: [CodeBlockItemSyntax]
        switch branch.elseBody {
        case .codeBlock(let block)?: otherwise = Array(block.statements)
        case .ifExpr?: return nil
        case nil: otherwise = []
        }
        let logs = [onlyLogs(otherwise), onlyLogs(rest)]
        guard otherwise.isEmpty || logs[0] != nil, rest.isEmpty || logs[1] != nil else { return nil }
        return logs[0] ?? logs[1]
    }

    /// The first logging call of an `if` that tests without calling anything (`if let options =
    /// description.cloudKitContainerOptions`) and only logs in each branch: what it logs is one
    /// more detail of the error; nil otherwise.
    private static func onlyLogs(_ branch: IfExprSyntax) -> FunctionCallExprSyntax? {
        final class Calls: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
            override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
            override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
        }
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(branch.conditions)
        guard !calls.found, let logged = onlyLogs(branch.body.statements) else { return nil }
        switch branch.elseBody {
        case nil: return logged
        case .codeBlock(let block)?: return onlyLogs(block.statements).map { _ in logged }
        case .ifExpr(let next)?: return onlyLogs(next).map { _ in logged }
        }
    }

    /// The first logging call of `statements` where they hold nothing but logging calls (and a
    /// bare `return` or `break`, an `if` that tests without calls and only logs, `#if` blocks of
    /// the same, and a `switch` whose every case does the same, one log for each kind of error; a
    /// `#if DEBUG` block is not in the builds people run, whatever it holds); nil where they do
    /// anything else, or nothing.
    static func onlyLogs(_ statements: some Collection<CodeBlockItemSyntax>) -> FunctionCallExprSyntax? {
        var first: FunctionCallExprSyntax?
        for item in statements {
            if let returned = item.item.as(ReturnStmtSyntax.self), returned.expression == nil { continue }
            if item.item.is(BreakStmtSyntax.self) { continue }
            if let switched = item.item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) ?? item.item.as(SwitchExprSyntax.self) {
                for element in switched.cases {
                    guard case .switchCase(let switchCase) = element else { return nil }
                    if switchCase.statements.allSatisfy({ $0.item.is(BreakStmtSyntax.self) }) { continue }
                    guard let call = onlyLogs(switchCase.statements) else { return nil }
                    first = first ?? call
                }
                continue
            }
            if let branch = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self) {
                guard let call = onlyLogs(branch) else { return nil }
                first = first ?? call
                continue
            }
            if let configuration = item.item.as(IfConfigDeclSyntax.self) {
                for clause in configuration.clauses where !clause.isDebugOnly {
                    guard case .statements(let inner)? = clause.elements else { return nil }
                    if inner.isEmpty { continue }
                    guard let call = onlyLogs(inner) else { return nil }
                    first = first ?? call
                }
                continue
            }
            guard let call = item.item.as(FunctionCallExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                  isLogging(call) else { return nil }
            first = first ?? call
        }
        return first
    }
}

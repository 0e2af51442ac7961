import SwiftSyntax
import SchemaLintCore

/// An alert the app waits on before it goes on: AppKit's `runModal()` (of an `NSAlert`) and its
/// alert panels (`NSRunCriticalAlertPanel`). A stop right after one comes once the person has read
/// it; one after presenting a `UIAlertController` comes before the alert ever shows.
enum ModalAlert {
    static func isShown(in statements: [String]) -> Bool {
        // `runModal()` of an alert, not of an open or save panel: the alert made in these
        // statements, or the receiver named for one.
        let makesAnAlert = statements.contains { ByteSearch.contains("NSAlert", in: $0) }
        return statements.contains { statement in
            if ["NSRunCriticalAlertPanel(", "NSRunAlertPanel(", "NSRunInformationalAlertPanel("].contains(where: { ByteSearch.contains($0, in: statement) }) { return true }
            guard let run = statement.range(of: "runModal(") else { return false }
            return makesAnAlert || statement[..<run.lowerBound].lowercased().contains("alert")
        }
    }

    /// Whether a modal alert is shown in the statements that run before `node` within `boundary`.
    static func isShown(before node: some SyntaxProtocol, within boundary: some SyntaxProtocol) -> Bool {
        var statements: [String] = []
        var current = Syntax(node)
        while let parent = current.parent, current.id != boundary.id {
            if let item = current.as(CodeBlockItemSyntax.self), let block = parent.as(CodeBlockItemListSyntax.self) {
                statements += block.prefix { $0.id != item.id }.map(\.trimmedDescription)
            }
            current = parent
        }
        return isShown(in: statements)
    }

    /// Whether `stop` runs in the handler of an alert's button (`UIAlertAction(title: "Quit", style:
    /// .destructive) { _ in fatalError() }`, or a SwiftUI `Button` among the actions of an
    /// `.alert(...)` or `.confirmationDialog(...)`): when the person chooses it, having read the alert.
    static func isChosenInAnAlert(_ stop: some SyntaxProtocol) -> Bool {
        var current = Syntax(stop)
        var inAButton = false
        while let parent = current.parent {
            if let closure = parent.as(ClosureExprSyntax.self) {
                var call = closure.parent
                if call?.is(LabeledExprSyntax.self) ?? false { call = call?.parent?.parent }
                if let made = call?.as(FunctionCallExprSyntax.self) {
                    let called = made.calledExpression.trimmedText
                    if called == "UIAlertAction" { return true }
                    if called == "Button" { inAButton = true }
                    if inAButton, let modifier = made.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                       ["alert", "confirmationDialog"].contains(modifier) { return true }
                }
            }
            if parent.is(FunctionDeclSyntax.self) { return false }
            current = parent
        }
        return false
    }
}

/// What tells the person the store did not open: an alert (`NSAlert`, `UIAlertController`, a call
/// or flag named for one: `showStoreAlert()`, `isShowingDatabaseAlert = true`, `.alert(...)`), a
/// read-only state the interface shows (`launchState = .readOnly(message:)`), or an error the
/// code keeps for its interface (`coreDataError = error`).
enum AlertMentions {
    /// Marks a fallback to memory (`action`) as telling the person where `branch` does: by an
    /// alert or a state at once, or only by errors kept for the interface (`coreDataError =
    /// error`), whose names the reader then asks some file to read.
    static func mark(_ action: inout StoreFailureAction, toldIn branch: some SyntaxProtocol) {
        guard action.action == .fallsBackToMemory else { return }
        let found = find(in: branch)
        action.withAnAlert = found.alert || !found.keptErrors.isEmpty
        action.toldOnlyThrough = found.alert ? [] : found.keptErrors
    }

    private static func find(in code: some SyntaxProtocol) -> (alert: Bool, keptErrors: [String]) {
        let tokens = Array(code.tokens(viewMode: .sourceAccurate))
        var keptErrors: [String] = []
        let returns = tokens.contains { $0.tokenKind == .keyword(.return) }
        for index in tokens.indices {
            guard case .identifier(let written) = tokens[index].tokenKind else { continue }
            // A SwiftUI state set in an initializer through its storage (`_showingError =
            // State(initialValue: true)`) is the property the interface reads.
            let name = written.hasPrefix("_") ? String(written.dropFirst()) : written
            let lowercased = name.lowercased()
            if lowercased.contains("alert") || lowercased.contains("readonly") { return (true, []) }
            // `return LoadResult(container: inMemory, error: error)`: the caller gets the store in
            // memory with the error that put it there, for its interface to show.
            if returns, lowercased.hasSuffix("error"), index + 1 < tokens.count, tokens[index + 1].tokenKind == .colon,
               index > 0, [.leftParen, .comma].contains(tokens[index - 1].tokenKind) { return (true, []) }
            // `storeError = error`, not a call of `fatalError` or a type's name, nor a constant the
            // code declares there or a flag (`let isCloudKitError = ...`): what the interface
            // shows is kept beyond the branch.
            guard index + 1 < tokens.count, tokens[index + 1].tokenKind == .equal else { continue }
            // `self.databaseProblem = true`, `self.loadFailed = true`: a property of the type
            // that says the store failed, which the interface reads (a flag too).
            let ofSelf = index >= 2 && tokens[index - 1].tokenKind == .period && tokens[index - 2].tokenKind == .keyword(.self)
            if ofSelf, ["problem", "fail"].contains(where: { lowercased.contains($0) }) { return (true, []) }
            if ofSelf, lowercased.contains("error"), !(lowercased.count > 5 && lowercased.hasSuffix("error")) { return (true, []) }
            let declared = index > 0 && [.keyword(.let), .keyword(.var)].contains(tokens[index - 1].tokenKind)
            // `loadFailure = error`: the caught error itself, kept under any name (not one the
            // branch declares), is kept for whoever reads that name.
            if !declared, index + 2 < tokens.count, tokens[index + 2].tokenKind == .identifier("error"), name.first?.isLowercase == true,
               index + 3 == tokens.count || tokens[index + 3].tokenKind != .period && tokens[index + 3].tokenKind != .leftParen {
                keptErrors.append(name)
                continue
            }
            guard lowercased.count > 5, lowercased.hasSuffix("error"), !lowercased.hasSuffix("fatalerror"), name.first?.isLowercase == true else { continue }
            let flag = ["is", "has", "should"].contains { name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase == true }
            if !declared, !flag { keptErrors.append(name) }
        }
        return (false, keptErrors)
    }
}

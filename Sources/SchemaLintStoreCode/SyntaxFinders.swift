import SwiftSyntax
import SchemaLintCore

/// The names a piece of code refers to (`x`, and the member of `Self.x`, `self.x`, `T.x`), the
/// constants it binds (`let base = Self.storeURL`), what it hands to `removeItem(at:)`, and the
/// elements of its array literals.
final class ReferencedNames: SyntaxVisitor {
    var found: Set<String> = []
    var bindings: [(name: String, value: ExprSyntax)] = []
    var loops: [(name: String, value: ExprSyntax)] = []
    var removed: [ExprSyntax] = []
    var listed: [ExprSyntax] = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        found.insert(node.baseName.text)
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value { bindings.append((name, value)) }
        return .visitChildren
    }

    /// `for file in files`: the loop variable, with the sequence it goes through.
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { loops.append((name, node.sequence)) }
        return .visitChildren
    }

    /// `guard let url = description.url`, `if let url = ...`.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value { bindings.append((name, value)) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if SynchronousCode.calledName(node) == "removeItem", let first = node.arguments.first?.expression { removed.append(first) }
        return .visitChildren
    }

    override func visit(_ node: ArrayElementSyntax) -> SyntaxVisitorContinueKind {
        listed.append(node.expression)
        return .visitChildren
    }
}

/// What the `return` statements of some code return (outside closures and nested functions).
final class Returns: SyntaxVisitor {
    var values: [ExprSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression { values.append(value) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// What a piece of code assigns to (`Self.cached = container`, `description.url = url`, the left
/// side of each `=` but `_`), and the names it declares (`let container = ...`).
final class Assignments: SyntaxVisitor {
    var targets: [ExprSyntax] = []
    var declared: Set<String> = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        // (`_ = try? context.fetch(...)` keeps nothing.)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), !elements[0].is(DiscardAssignmentExprSyntax.self) { targets.append(elements[0]) }
        return .visitChildren
    }

    /// A `let` or `var` of the code; not `if let made`, whose name the block of the `if` alone
    /// sees (`made = container` after it sets the property it unwrapped).
    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(PatternBindingSyntax.self) ?? false { declared.insert(node.identifier.text) }
        return .visitChildren
    }
}

/// The conditions of the `if`s and `guard`s of a piece of code, as written.
final class ConditionTexts: SyntaxVisitor {
    var texts: [String] = []

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        texts.append(node.conditions.trimmedText)
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        texts.append(node.conditions.trimmedText)
        return .visitChildren
    }
}

/// Whether code chooses a value by a condition: an `if` or `switch` expression, or `c ? a : b`.
final class ConditionalValues: SyntaxVisitor {
    var found = false

    static func contains(_ node: some SyntaxProtocol) -> Bool {
        let visitor = ConditionalValues(viewMode: .sourceAccurate)
        visitor.walk(node)
        return visitor.found
    }

    override func visitPost(_ node: IfExprSyntax) { found = true }
    override func visitPost(_ node: SwitchExprSyntax) { found = true }
    override func visitPost(_ node: TernaryExprSyntax) { found = true }
    override func visitPost(_ node: UnresolvedTernaryExprSyntax) { found = true }
}

/// The values given to arguments of one label, in any call inside what is walked.
final class LabeledArguments: SyntaxVisitor {
    let label: String
    var found: [ExprSyntax] = []

    init(label: String) {
        self.label = label
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if node.label?.text == label { found.append(node.expression) }
        return .visitChildren
    }
}

/// Every call in the code walked.
final class AllCalls: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []
    /// Whether the calls inside closures and nested functions are left out: code that runs
    /// where it is written, not later or when something calls it.
    var skipsClosuresAndFunctions = false

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { skipsClosuresAndFunctions ? .skipChildren : .visitChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { skipsClosuresAndFunctions ? .skipChildren : .visitChildren }
}

/// The names of the functions a piece of code calls.
final class CalledNames: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SynchronousCode.calledName(node) { names.insert(name) }
        return .visitChildren
    }
}

/// `migratePersistentStore(...)` calls in a statement, and whether each ignores its failure
/// (`try?` on it).
final class MigrationCalls: SyntaxVisitor {
    var found: [(call: FunctionCallExprSyntax, ignoresFailure: Bool)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard SynchronousCode.calledName(node) == "migratePersistentStore" else { return .visitChildren }
        var parent = node.parent
        while let syntax = parent, !syntax.is(TryExprSyntax.self), !syntax.is(CodeBlockItemSyntax.self) { parent = syntax.parent }
        found.append((node, parent?.as(TryExprSyntax.self)?.questionOrExclamationMark?.tokenKind == .postfixQuestionMark))
        return .visitChildren
    }
}

/// `removeItem(...)` and `destroyPersistentStore(...)` calls in a body.
final class RemovalCalls: SyntaxVisitor {
    var removesFiles = false
    var destroysStore = false
    /// The URLs `destroyPersistentStore(at:)` is called with, as written.
    var destroyedStores: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        switch SynchronousCode.calledName(node) {
        case "removeItem" where !Self.isLastResortOfAMove(node): removesFiles = true
        case "destroyPersistentStore":
            destroysStore = true
            if let url = node.arguments.first(where: { $0.label?.text == "at" }) { destroyedStores.insert(url.expression.trimmedText) }
        default: break
        }
        return .visitChildren
    }
}

extension RemovalCalls {
    /// Whether `removal` is in the `catch` of a `do` that moves files (`do { try moveItem(at:
    /// file, to: brokenURL) } catch { try? removeItem(at: file) }`): code that moves the store
    /// aside, and removes a file only where it could not be moved, so that a new store can be
    /// made.
    static func isLastResortOfAMove(_ removal: FunctionCallExprSyntax) -> Bool {
        var current = removal.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self) { return false }
            if syntax.is(CatchClauseSyntax.self), let statement = syntax.parent?.parent?.as(DoStmtSyntax.self) {
                let moves = AllCalls(viewMode: .sourceAccurate)
                moves.walk(statement.body)
                return moves.found.contains { SynchronousCode.calledName($0) == "moveItem" }
            }
            current = syntax.parent
        }
        return false
    }
}

/// The plain names given as `isStoredInMemoryOnly:` (`ModelConfiguration(isStoredInMemoryOnly: inMemory)`),
/// or tested by an `if` whose first branch makes the configuration in memory (`if inMemory {
/// configuration = ModelConfiguration(isStoredInMemoryOnly: true) } else { ... }`).
final class InMemorySettings: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if node.label?.text == "isStoredInMemoryOnly", let name = node.expression.as(DeclReferenceExprSyntax.self) { names.insert(name.baseName.text) }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        // `if inMemory { ... isStoredInMemoryOnly: true ... }`, `if inMemory { description.type = NSInMemoryStoreType }`,
        // `if inMemory { description.url = URL(fileURLWithPath: "/dev/null") }`.
        let body = String(node.body.trimmedText.filter { $0 != " " && $0 != "\n" })
        if node.conditions.count == 1, let name = node.conditions.first?.condition.as(ExprSyntax.self)?.as(DeclReferenceExprSyntax.self),
           ["isStoredInMemoryOnly:true", "NSInMemoryStoreType", "\"/dev/null\""].contains(where: { ByteSearch.contains($0, in: body) }) {
            names.insert(name.baseName.text)
        }
        return .visitChildren
    }
}

/// What a deletion in a failure branch waits for: the person's answer to an alert, or the error
/// that says the file is no store at all.
enum DeletionConditions {
    /// Whether `node` runs only once the person chose it: in the handler of a `UIAlertAction`, or
    /// in the block of an `if` that tests an `NSAlert`'s answer (`runModal()`,
    /// `.alertFirstButtonReturn`).
    static func isConfirmedByThePerson(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self) {
            if let closure = current.as(ClosureExprSyntax.self), let call = callTaking(closure), SynchronousCode.calledName(call) == "UIAlertAction" { return true }
            if let branch = parent.as(IfExprSyntax.self), branch.body.id == current.id {
                let condition = branch.conditions.trimmedText
                if ["runModal()", ".alertFirstButtonReturn", ".alertSecondButtonReturn", ".alertThirdButtonReturn"].contains(where: { ByteSearch.contains($0, in: condition) }) { return true }
            }
            current = parent
        }
        return false
    }

    /// Whether `node` runs only for the error that says the file is no store Core Data can read
    /// (259, `NSFileReadCorruptFileError`, `CocoaError.fileReadCorruptFile`): in the block of an
    /// `if` or the `catch` that tests for it.
    static func isOnlyForACorruptFile(_ node: Syntax) -> Bool {
        func testsForIt(_ text: String) -> Bool {
            ["== 259", "==259", "NSFileReadCorruptFileError", "fileReadCorruptFile"].contains { ByteSearch.contains($0, in: text) }
        }
        var current = node
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self) {
            if let branch = parent.as(IfExprSyntax.self), branch.body.id == current.id, testsForIt(branch.conditions.trimmedText) { return true }
            if let clause = parent.as(CatchClauseSyntax.self), clause.body.id == current.id, testsForIt(clause.catchItems.trimmedText) { return true }
            current = parent
        }
        return false
    }

    /// Whether `node` runs only in a branch that waits for the device's first unlock: the `if`
    /// holding it tests or observes protected data (`isProtectedDataAvailable`,
    /// `protectedDataDidBecomeAvailableNotification`) or calls what is named for the unlock
    /// (`observeFirstUnlockToReopenStore()`), or an earlier statement of a block around it leaves
    /// on such a test (`if UIApplication.shared.isProtectedDataAvailable { ...; return }`, a
    /// `guard` on it), so that what follows runs only on the other side of it. Before the first
    /// unlock after a restart a store with file protection cannot be read, and opens once the
    /// device is unlocked.
    static func isUntilTheDeviceUnlocks(_ node: Syntax) -> Bool {
        func namesTheUnlock(_ code: some SyntaxProtocol) -> Bool {
            code.tokens(viewMode: .sourceAccurate).contains { token in
                guard case .identifier(let name) = token.tokenKind else { return false }
                let lowercased = name.lowercased()
                return lowercased.contains("protecteddata") || lowercased.contains("unlock")
            }
        }
        func leavesOnTheUnlock(_ item: CodeBlockItemSyntax) -> Bool {
            if let check = item.item.as(GuardStmtSyntax.self) { return namesTheUnlock(check.conditions) }
            guard let branch = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self) else { return false }
            return branch.elseBody == nil && namesTheUnlock(branch.conditions) && ThrowingCallFailure.exits(branch.body)
        }
        var current = node
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self) {
            if let branch = parent.as(IfExprSyntax.self), branch.body.id == current.id, namesTheUnlock(branch.conditions) || namesTheUnlock(branch.body) { return true }
            if let list = parent.as(CodeBlockItemListSyntax.self), list.prefix(while: { $0.id != current.id }).contains(where: leavesOnTheUnlock) { return true }
            current = parent
        }
        return false
    }

    /// The call a closure is handed to: as its trailing closure, or as a labelled argument.
    static func callTaking(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        return closure.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
}

/// String literals with their text (interpolations left out).
final class StringLiterals: SyntaxVisitor {
    var found: [(node: StringLiteralExprSyntax, text: String)] = []

    static func text(of node: StringLiteralExprSyntax) -> String {
        node.segments.map { segment in segment.as(StringSegmentSyntax.self)?.content.text ?? "\u{FFFC}" }.joined()
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        found.append((node, Self.text(of: node)))
        return .skipChildren
    }
}

/// `description.url`, `persistentStoreDescriptions.first?.url`, `store.url`: a store's own URL.
final class DescriptionURLs: SyntaxVisitor {
    var found = false

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "url", let base = node.base?.trimmedText,
           ByteSearch.contains("escription", in: base) || ByteSearch.contains("persistentStore", in: base) || ByteSearch.contains("onfig", in: base) {
            found = true
        }
        return .visitChildren
    }
}

/// The types an expression names as `Type.self` (`Note.self`, `NotesSchemaV2.Note.self`: `Note`).
final class TypeSelfReferences: SyntaxVisitor {
    var types: Set<String> = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.tokenKind == .keyword(.self), let base = node.base else { return .visitChildren }
        if let last = base.trimmedText.split(separator: ".").last { types.insert(String(last)) }
        return .skipChildren
    }
}

/// The plain names an expression uses (`storeURL` in `storeURL.path`), not the members named
/// after a dot (`.storeURL`).
final class NameReferences: SyntaxVisitor {
    var found: [DeclReferenceExprSyntax] = []
    var names: [String] { found.map(\.baseName.text) }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberAccessExprSyntax.self) ?? false, node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id { return .visitChildren }
        found.append(node)
        return .visitChildren
    }
}

/// The plain names passed where Core Data takes a store's location (`storeArguments(in:)`), and
/// the properties passed as `self.name`.
final class StoreLocationArguments: SyntaxVisitor {
    var names: Set<String> = []
    var selfMembers: Set<String> = []
    static let labels: [String: Set<String>] = [
        "migrateStore": ["from", "toDestinationURL"], "addPersistentStore": ["at"], "NSPersistentStoreDescription": ["url"],
        "metadataForPersistentStore": ["at"], "destroyPersistentStore": ["at"], "replacePersistentStore": ["at", "withPersistentStoreFrom"],
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let labels = Self.labels[SynchronousCode.calledName(node) ?? ""] {
            for argument in node.arguments where labels.contains(argument.label?.text ?? "") {
                if let name = argument.expression.as(DeclReferenceExprSyntax.self) { names.insert(name.baseName.text) }
                if let member = SelfMemberReferences.member(argument.expression) { selfMembers.insert(member) }
            }
        }
        return .visitChildren
    }
}

/// The properties named through `self` (`self.storeURL`).
final class SelfMemberReferences: SyntaxVisitor {
    var names: [String] = []

    static func member(_ expression: ExprSyntax) -> String? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return access.declName.baseName.text
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = Self.member(ExprSyntax(node)) { names.append(member) }
        return .visitChildren
    }
}

/// Whether a `let`/`var` (or a pattern of `if let`, `guard let`, `for`, a closure parameter)
/// declares `name` in a body.
final class LocalDeclarations: SyntaxVisitor {
    let name: String
    var found = false

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if node.identifier.text == name { found = true }
        return found ? .skipChildren : .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == name { found = true }
        return .skipChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        if (node.secondName ?? node.firstName).text == name { found = true }
        return .skipChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if let storeURL {`: the shorthand binds the property's own value under its name.
        if node.initializer == nil, node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name { return .skipChildren }
        return .visitChildren
    }
}

/// `Type.member` references whose base is a type's name (capitalised), as code-unit keys.
final class TypeMemberReferences: SyntaxVisitor {
    var keys: [String] = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase ?? false {
            keys.append("\(base.baseName.text).\(node.declName.baseName.text)")
        }
        return .visitChildren
    }
}

/// Whether a store is opened (`ModelContainer(...)`, `loadPersistentStores`, `addPersistentStore`)
/// before a position.
final class EarlierOpenings: SyntaxVisitor {
    let position: AbsolutePosition
    var found = false

    init(before position: AbsolutePosition) {
        self.position = position
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !found, node.positionAfterSkippingLeadingTrivia < position else { return .skipChildren }
        if ["ModelContainer", "loadPersistentStores", "addPersistentStore"].contains(SynchronousCode.calledName(node) ?? "") { found = true }
        return .visitChildren
    }
}

/// The `for`-`in` loops of a body.
final class ForLoops: SyntaxVisitor {
    var found: [ForStmtSyntax] = []

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}

/// The value of `let name = value`, `var name: T = value` or `name = value` in a unit.
final class BindingFinder: SyntaxVisitor {
    let name: String
    /// Where the name is used: the binding is then the last one before it whose block holds it
    /// (`let config = ...` written again in a `catch` shadows the one of the `do`).
    let use: Syntax?
    var value: ExprSyntax?
    /// Every value an assignment (`name = value`) gives the name, in the order written.
    var assigned: [ExprSyntax] = []
    /// The declaration in effect where the name is used (with `use`): the last one before it whose
    /// block holds it, with or without a value.
    private(set) var declaration: PatternBindingSyntax?

    /// The values assignments give the declaration in effect where the name is used: none for a
    /// `let` given its value where it is declared (an outer `let config: T` assigned in branches is
    /// another name than a `let config = ...` that shadows it); all of them without `use`.
    var assignedInEffect: [ExprSyntax] {
        guard let declaration else { return use == nil ? assigned : [] }
        let isConstant = declaration.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
        if isConstant, declaration.initializer != nil { return [] }
        guard let scope = Self.scope(of: declaration) else { return assigned }
        return assigned.filter { $0.position > declaration.position && scope.range.contains($0.position) }
    }

    init(name: String, usedAt use: Syntax? = nil) {
        self.name = name
        self.use = use
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { return .visitChildren }
        if let use, node.position < use.position, Self.scope(of: node).map({ $0.range.contains(use.position) }) ?? true {
            declaration = node
            // Declared bare, it gets its value from the assignments after it, not from an outer name's.
            if node.initializer == nil { value = nil }
        }
        guard let initializer = node.initializer else { return .visitChildren }
        if let use {
            if node.position < use.position, Self.scope(of: node).map({ $0.range.contains(use.position) }) ?? true { value = initializer.value }
        } else if value == nil {
            value = initializer.value
        }
        return .visitChildren
    }

    /// The statements a declaration is visible in: the block it is written in (an `#if` clause's
    /// statements belong to the block around the `#if`).
    private static func scope(of node: PatternBindingSyntax) -> Syntax? {
        var current = node.parent
        while let syntax = current {
            if syntax.is(CodeBlockItemListSyntax.self) || syntax.is(MemberBlockItemListSyntax.self), !(syntax.parent?.is(IfConfigClauseSyntax.self) ?? false) { return syntax }
            current = syntax.parent
        }
        return nil
    }

    /// What only debug builds compile binds nothing in the builds people run.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isDebugOnly ? .skipChildren : .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if value == nil, node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let initializer = node.initializer {
            value = initializer.value
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = node.elements.elementArray
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].trimmedText == name || elements[0].trimmedText == "self.\(name)" {
            if value == nil { value = elements[2] }
            assigned.append(elements[2])
        }
        return .visitChildren
    }
}

/// Calls whose arguments say `isStoredInMemoryOnly: true` (`.init(schema: s, isStoredInMemoryOnly:
/// true)` in an extension of `ModelConfiguration`, as much as `ModelConfiguration(...)`).
final class InMemoryConfigurations: SyntaxVisitor {
    var found: [Syntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ByteSearch.contains("isStoredInMemoryOnly:true", in: String(node.arguments.trimmedText.filter { $0 != " " && $0 != "\n" })) { found.append(Syntax(node)) }
        return .visitChildren
    }
}

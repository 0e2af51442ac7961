import SwiftSyntax

/// Which store a `ModelContainer(...)` call opens, as far as its text says: a recovery container
/// made in the `catch` of the one that failed (`ModelConfiguration("AppLocal", cloudKitDatabase:
/// .none)` after `ModelConfiguration("App")`) opens a new, empty store of its own, so a stop when
/// even that fails is not where the person's store fails to migrate.
enum ModelContainerPlace {
    /// The stores `call` opens: each configuration's name (`name:Local`, `default` for none) or the
    /// literal file names its URL is built from (`url:recovery.store`), the configurations written
    /// in the call or bound to a name before it in `unit`; nil where one comes from elsewhere or
    /// its URL names no file.
    static func places(of call: FunctionCallExprSyntax, in unit: Syntax) -> Set<String>? {
        guard SynchronousCode.calledName(call) == "ModelContainer" else { return nil }
        guard call.arguments.contains(where: { $0.label?.text == "configurations" }) else { return call.arguments.first?.label?.text == "for" ? ["default"] : nil }
        guard let configurations = configurations(of: call, in: unit) else { return nil }
        var places: Set<String> = []
        for configuration in configurations {
            guard let place = place(of: configuration, in: unit) else { return nil }
            places.insert(place)
        }
        return places.isEmpty ? nil : places
    }

    /// The `ModelConfiguration(...)` calls `call` is given, written in it or bound to names before
    /// it in `unit`; nil where one comes from elsewhere.
    static func configurations(of call: FunctionCallExprSyntax, in unit: Syntax) -> [FunctionCallExprSyntax]? {
        var found: [FunctionCallExprSyntax] = []
        for argument in call.arguments where argument.label?.text == "configurations" {
            let expressions = argument.expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [argument.expression]
            for expression in expressions {
                guard let configuration = configuration(expression, usedAt: call, in: unit) else { return nil }
                found.append(configuration)
            }
        }
        return found
    }

    /// Whether `call` runs in the `catch` of a `do` that opens other stores than it does: the
    /// recovery container of a store that failed.
    static func opensARecoveryStore(_ call: FunctionCallExprSyntax, in unit: Syntax) -> Bool {
        guard let recovery = places(of: call, in: unit) else { return false }
        var current = Syntax(call)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            if let clause = parent.as(CatchClauseSyntax.self), let attempt = clause.parent?.parent?.as(DoStmtSyntax.self) {
                let calls = AllCalls(viewMode: .sourceAccurate)
                calls.walk(attempt.body)
                let failed = calls.found.filter { SynchronousCode.calledName($0) == "ModelContainer" }
                if !failed.isEmpty, failed.allSatisfy({ places(of: $0, in: unit).map { $0.isDisjoint(with: recovery) } ?? false }) { return true }
            }
            current = parent
        }
        return false
    }

    /// The `ModelConfiguration(...)` call `expression` is, or the one a name holds where it is used.
    private static func configuration(_ expression: ExprSyntax, usedAt use: FunctionCallExprSyntax, in unit: Syntax) -> FunctionCallExprSyntax? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return SynchronousCode.calledName(call) == "ModelConfiguration" ? call : nil
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        let binding = BindingFinder(name: name, usedAt: Syntax(use))
        binding.walk(unit)
        guard let value = binding.value, binding.assignedInEffect.isEmpty else { return nil }
        return configuration(value, usedAt: use, in: unit)
    }

    /// One configuration's store: the file names its URL is built from, its name, or the default.
    private static func place(of configuration: FunctionCallExprSyntax, in unit: Syntax) -> String? {
        if let url = configuration.arguments.first(where: { $0.label?.text == "url" })?.expression {
            var value = url
            if let name = url.as(DeclReferenceExprSyntax.self)?.baseName.text {
                let binding = BindingFinder(name: name, usedAt: Syntax(configuration))
                binding.walk(unit)
                guard let bound = binding.value, binding.assignedInEffect.isEmpty else { return nil }
                value = bound
            }
            let literals = StringLiterals(viewMode: .sourceAccurate)
            literals.walk(value)
            let files = literals.found.map(\.text).filter { $0.contains(".") && !$0.contains("\u{FFFC}") }
            return files.isEmpty ? nil : "url:" + files.joined(separator: "/")
        }
        if configuration.arguments.contains(where: { $0.label?.text == "groupContainer" }) { return nil }
        guard let first = configuration.arguments.first, first.label == nil else { return "default" }
        guard let literal = first.expression.as(StringLiteralExprSyntax.self) else { return nil }
        let name = StringLiterals.text(of: literal)
        return name.contains("\u{FFFC}") ? nil : "name:" + name
    }
}

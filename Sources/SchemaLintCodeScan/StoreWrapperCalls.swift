import SchemaLintCore

/// Store wrappers: an initializer or function of the app's own that makes an
/// `NSPersistentCloudKitContainer` only when a parameter asks for it (`if let cloudKitIdentifier {`,
/// `if syncsWithCloudKit {`) and a plain container otherwise, for whichever model its caller hands
/// it. The container's file alone cannot say which model syncs: its calls do. A call that passes
/// `nil` or `false` opens its model locally; the others may sync theirs.
///
/// Swift only, where wrappers of this shape are written (a module's `PersistentStore(name:model:
/// cloudKitIdentifier:)`); the calls are found by the wrapper's name and the parameter's label.
extension CloudKitContainerReader {
    /// `containers` with what the calls of the wrappers that make them open: a container every
    /// call of whose wrapper passes `nil` or `false` is never made, and is left out. Also the files
    /// of the run read for the calls, beyond `files`.
    static func followingWrappers(
        _ containers: [CloudKitContainerUse], files: [(name: String, tokens: [ObjCToken])], options: ModelSourceReadingOptions
    ) -> (containers: [CloudKitContainerUse], read: [String]) {
        let tokensByFile = Dictionary(files.map { ($0.name, $0.tokens) }) { first, _ in first }
        let gates: [WrapperGate?] = containers.map { container in
            guard container.location.file.hasSuffix(".swift"), let tokens = tokensByFile[container.location.file],
                  let index = tokens.firstIndex(where: { $0.line == container.location.line && $0.column == container.location.column }) else { return nil }
            return wrapperGate(at: index, in: tokens)
        }
        guard gates.contains(where: { $0 != nil }) else { return (containers, []) }
        // The calls may be anywhere in the app's Swift; so may the module bundles they hand on.
        let callees = ByteSearch.Words(Set(gates.compactMap { $0?.callee }).sorted().map { Array($0.utf8) })
        let module = ByteSearch.Words([Array("Bundle".utf8)])
        var callers = files.filter { $0.name.hasSuffix(".swift") }, read: [String] = []
        var bundleFiles: [String: Set<String>] = [:]
        for path in options.unclaimedFiles where path.hasSuffix(".swift") && !ShippedCodePaths.isTestOrDouble(path) {
            guard case .success(let data) = options.tree.contents(of: path) else { continue }
            let bytes = [UInt8](data)
            let calls = ByteSearch.containsAny(callees, in: bytes), bundles = ByteSearch.containsAny(module, in: bytes)
            guard calls || bundles else { continue }
            let tokens = ObjCTokenizer.tokenize(bytes).tokens
            if calls { callers.append((path, tokens)) }
            let declared = bundleDeclarations(in: tokens)
            for name in declared { bundleFiles[name, default: []].insert(path) }
            if calls || !declared.isEmpty { read.append(path) }
        }
        for file in files where file.name.hasSuffix(".swift") {
            for name in bundleDeclarations(in: file.tokens) { bundleFiles[name, default: []].insert(file.name) }
        }
        // A name two files declare says neither.
        let bundleDeclarations = bundleFiles.compactMapValues { $0.count == 1 ? $0.first : nil }
        var followed: [CloudKitContainerUse] = []
        for (container, gate) in zip(containers, gates) {
            guard let gate, let calls = wrapperCalls(of: gate, in: callers, bundleDeclarations: bundleDeclarations) else {
                followed.append(container)
                continue
            }
            guard !calls.syncing.isEmpty else { continue }
            var wrapped = container
            wrapped.wrapperCalls = calls
            followed.append(wrapped)
        }
        return (followed, read.sorted())
    }

    /// What makes a container a wrapper's: the wrapper's name and the labels of its parameters.
    struct WrapperGate: Equatable {
        /// The type whose initializer it is (`PersistentStore(`), or the function's name.
        var callee: String
        var isInitializer: Bool
        /// The parameter that asks for sync.
        var gateLabel: String
        /// Its default value, where it has one (`cloudKitIdentifier: String? = nil`): what a call
        /// that leaves it out passes.
        var gateDefault: String?
        /// The parameter handed on as the container's `managedObjectModel:`, or as its `name:`.
        var modelLabel: String?
        var nameLabel: String?
        /// Every label the wrapper takes: a call with another is a call of another initializer.
        var labels: Set<String> = []
    }

    /// The wrapper a container created at `index` is made in, where a condition on one of the
    /// wrapper's parameters decides whether it is made.
    static func wrapperGate(at index: Int, in tokens: [ObjCToken]) -> WrapperGate? {
        let opens = enclosingBlocks(of: index, in: tokens)
        guard let functionPosition = opens.firstIndex(where: { functionHeader(header(before: $0, in: tokens)) != nil }),
              let function = functionHeader(header(before: opens[functionPosition], in: tokens)) else { return nil }
        // Names tested, not negated, by the `if`s between the function and the container.
        var tested: Set<String> = []
        for open in opens[..<functionPosition] {
            var condition = trimmed(header(before: open, in: tokens))
            // `} else if cloudKitIdentifier != nil {` tests as an `if` does.
            if condition.first?.isIdentifier("else") == true { condition.removeFirst() }
            guard condition.first?.isIdentifier("if") == true else { continue }
            for position in condition.indices.dropFirst() where condition[position].kind == .identifier {
                let negated = condition[position - 1].is("!")
                let comparedToNil = position + 3 < condition.count && condition[position + 1].is("=") && condition[position + 2].is("=") && condition[position + 3].isIdentifier("nil")
                guard !condition[position - 1].is("."), !negated, !comparedToNil else { continue }
                tested.insert(condition[position].text)
            }
        }
        // Of several parameters tested (`if let model, cloudKitIdentifier != nil`), the one that
        // names sync; none where it is not clear which.
        var gates = function.parameters.filter { tested.contains($0.name) }
        if gates.count > 1 {
            gates = gates.filter { parameter in ["cloud", "sync"].contains { parameter.name.lowercased().contains($0) } }
        }
        guard gates.count == 1, let gate = gates.first, let gateLabel = gate.label else { return nil }
        // The container's own arguments: `name: containerName, managedObjectModel: model`.
        let arguments = callArguments(openingAt: index + 1, in: tokens)
        func label(handedAs argument: String) -> String? {
            guard let value = arguments.first(where: { $0.label == argument })?.value, value.count == 1 else { return nil }
            return function.parameters.first { $0.name == value[value.startIndex].text }?.label
        }
        let callee: String
        if function.isInitializer {
            guard let type = opens[(functionPosition + 1)...].lazy.compactMap({ typeName(in: header(before: $0, in: tokens)) }).first else { return nil }
            callee = type
        } else {
            callee = function.name
        }
        return WrapperGate(
            callee: callee, isInitializer: function.isInitializer, gateLabel: gateLabel, gateDefault: gate.defaultValue,
            modelLabel: label(handedAs: "managedObjectModel"), nameLabel: label(handedAs: "name"),
            labels: Set(function.parameters.compactMap(\.label))
        )
    }

    /// The calls of the wrapper in `files`, by what they pass for its gate; nil where none is found.
    static func wrapperCalls(of gate: WrapperGate, in files: [(name: String, tokens: [ObjCToken])], bundleDeclarations: [String: String]) -> CloudKitContainerUse.WrapperCalls? {
        var syncing: [CloudKitContainerUse.WrapperCalls.Call] = []
        var local: [CloudKitContainerUse.WrapperCalls.Model] = []
        var found = false
        for file in files {
            let tokens = file.tokens
            // The type's own initializers hand on to it (`self.init(modelName: …)`).
            let delegating = gate.isInitializer ? ["self", "Self"] : []
            for index in tokens.indices where tokens[index].isIdentifier(gate.callee) || delegating.contains(tokens[index].text) && tokens[index].kind == .identifier {
                // `Store(`, `Store.init(`, `self.init(`; a function's name not where it is declared.
                var open = index + 1
                if gate.isInitializer, open + 2 < tokens.count, tokens[open].is("."), tokens[open + 1].isIdentifier("init") { open += 2 }
                guard open < tokens.count, tokens[open].is("("), !tokens[index].isIdentifier("self") && !tokens[index].isIdentifier("Self") || open == index + 3 else { continue }
                if index > 0, tokens[index - 1].isIdentifier("func") || tokens[index - 1].isIdentifier("class") || tokens[index - 1].isIdentifier("struct") { continue }
                if gate.isInitializer, index > 0, tokens[index - 1].is(".") { continue }
                let arguments = callArguments(openingAt: open, in: tokens)
                // A label the wrapper does not take: a call of another initializer or function.
                guard arguments.allSatisfy({ gate.labels.contains($0.label) }) else { continue }
                // A call that leaves the parameter out passes its default (a call of another
                // initializer of the type, where it has none).
                let given = arguments.first(where: { $0.label == gate.gateLabel })?.value.map(\.text)
                guard let passed = given ?? gate.gateDefault.map({ [$0] }) else { continue }
                found = true
                // Given its model, the container's name may be the store's only.
                let handed = (gate.modelLabel ?? gate.nameLabel).flatMap { label in arguments.first { $0.label == label }?.value }.map { [$0] } ?? []
                let models = handed.flatMap { handedModels(in: $0, file: file.name, tokens: tokens, bundleDeclarations: bundleDeclarations) }
                if passed == ["nil"] || passed == ["false"] {
                    local += models
                } else {
                    syncing.append(.init(at: SourceLocation(file: file.name, line: tokens[index].line, column: tokens[index].column), models: models))
                }
            }
        }
        return found ? CloudKitContainerUse.WrapperCalls(syncing: syncing, local: Array(Set(local)).sorted { "\($0)" < "\($1)" }) : nil
    }

    /// The names a file gives a module's bundle (`static let providersBundle: Bundle = .module`,
    /// `= Bundle.module`), each also as its type names it (`CommonData.providersBundle`): modules
    /// name theirs alike (`DataCache.bundle`, `DataNotes.bundle`).
    static func bundleDeclarations(in tokens: [ObjCToken]) -> [String] {
        tokens.indices.dropFirst().flatMap { index -> [String] in
            guard tokens[index].kind == .identifier, tokens[index - 1].isIdentifier("let") || tokens[index - 1].isIdentifier("var") else { return [] }
            let rest = tokens[(index + 1)...].prefix(6).map(\.text)
            guard rest.starts(with: [":", "Bundle", "=", ".", "module"]) || rest.starts(with: ["=", "Bundle", ".", "module"]) else { return [] }
            let name = tokens[index].text
            let type = enclosingBlocks(of: index, in: tokens).lazy.compactMap { typeName(in: header(before: $0, in: tokens)) }.first
            return [name] + (type.map { ["\($0).\(name)"] } ?? [])
        }
    }

    /// The models `value`, a call's argument, hands over: a literal name; the model a constant of
    /// the file is bound to (`let model = NSManagedObjectModel.mergedModel(from: [Data.bundle])`);
    /// the bundles named in it (a module's, by where it is declared) and the resources it names
    /// (`forResource: "Notes"`).
    private static func handedModels(in value: ArraySlice<ObjCToken>, file: String, tokens: [ObjCToken], bundleDeclarations: [String: String]) -> [CloudKitContainerUse.WrapperCalls.Model] {
        if value.count == 1, let only = value.first, only.kind == .string { return [.named(only.text)] }
        var expression = value
        if value.count == 1, let only = value.first, only.kind == .identifier, let bound = binding(of: only.text, in: tokens) {
            expression = bound
        }
        var models: [CloudKitContainerUse.WrapperCalls.Model] = []
        for position in expression.indices {
            let token = expression[position]
            if token.kind == .string, position - 2 >= expression.startIndex, expression[position - 1].is(":"), expression[position - 2].isIdentifier("forResource") {
                models.append(.named(token.text))
            } else if token.kind == .identifier, position > expression.startIndex, expression[position - 1].is(".") {
                if token.isIdentifier("module"), position - 2 >= expression.startIndex, expression[position - 2].isIdentifier("Bundle") {
                    models.append(.nearest(to: file))
                } else if let declared = position - 2 >= expression.startIndex ? bundleDeclarations["\(expression[position - 2].text).\(token.text)"] ?? bundleDeclarations[token.text] : bundleDeclarations[token.text] {
                    models.append(.nearest(to: declared))
                }
            }
        }
        return models
    }

    /// What the file binds `name` to (`let name = …`, `guard let name = … else`): the expression,
    /// to the end of its line once its brackets are closed.
    private static func binding(of name: String, in tokens: [ObjCToken]) -> ArraySlice<ObjCToken>? {
        for index in tokens.indices.dropFirst() where tokens[index].isIdentifier(name) && index + 2 < tokens.count
            && (tokens[index - 1].isIdentifier("let") || tokens[index - 1].isIdentifier("var")) && tokens[index + 1].is("=") {
            let start = index + 2
            var depth = 0, end = start
            while end < tokens.count {
                let token = tokens[end]
                if depth == 0, end > start, token.line != tokens[end - 1].line || token.isIdentifier("else") || token.is("{") { break }
                if token.is("(") || token.is("[") { depth += 1 } else if token.is(")") || token.is("]") { depth -= 1 }
                end += 1
            }
            return tokens[start..<end]
        }
        return nil
    }

    /// The labelled arguments of the call whose `(` is at `open`, each value to its `,` or `)`.
    static func callArguments(openingAt open: Int, in tokens: [ObjCToken]) -> [(label: String, value: ArraySlice<ObjCToken>)] {
        guard open < tokens.count, tokens[open].is("(") else { return [] }
        var arguments: [(label: String, value: ArraySlice<ObjCToken>)] = []
        var depth = 0, start = open + 1, position = open + 1
        func close(at end: Int) {
            let argument = tokens[start..<end]
            if argument.count >= 3, let first = argument.first, first.kind == .identifier, argument[argument.startIndex + 1].is(":") {
                arguments.append((first.text, argument.dropFirst(2)))
            }
            start = end + 1
        }
        while position < tokens.count {
            let token = tokens[position]
            if token.is("(") || token.is("[") || token.is("{") {
                depth += 1
            } else if token.is(")") || token.is("]") || token.is("}") {
                if depth == 0 { close(at: position); break }
                depth -= 1
            } else if depth == 0, token.is(",") {
                close(at: position)
            }
            position += 1
        }
        return arguments
    }

    /// `init(` or `func name(` in a block's header, with its parameters (label, name, and the
    /// default value where it is one word: `nil`, `false`, `true`).
    private static func functionHeader(_ header: [ObjCToken]) -> (name: String, isInitializer: Bool, parameters: [(label: String?, name: String, defaultValue: String?)])? {
        guard let keyword = header.lastIndex(where: { $0.isIdentifier("init") || $0.isIdentifier("func") }) else { return nil }
        let isInitializer = header[keyword].isIdentifier("init")
        var open = keyword + 1
        if !isInitializer {
            guard open < header.count, header[open].kind == .identifier else { return nil }
            open += 1
        }
        // `init?(`, `init!(`.
        if open < header.count, header[open].is("?") || header[open].is("!") { open += 1 }
        guard open < header.count, header[open].is("(") else { return nil }
        var parameters: [(label: String?, name: String, defaultValue: String?)] = []
        var depth = 0, names: [String] = [], seenColon = false, defaultValue: [String]?
        func close() {
            if let value = defaultValue, !parameters.isEmpty { parameters[parameters.count - 1].defaultValue = value.count == 1 ? value[0] : "…" }
            names = []; seenColon = false; defaultValue = nil
        }
        for token in header[(open + 1)...] {
            if token.is("(") || token.is("[") || token.is("<") {
                depth += 1
            } else if token.is(")") || token.is("]") || token.is(">") {
                if depth == 0 { close(); break }
                depth -= 1
            } else if depth == 0, token.is(",") {
                close()
            } else if depth == 0, token.is(":"), !seenColon {
                seenColon = true
                if let name = names.last { parameters.append((names.count > 1 ? (names[0] == "_" ? nil : names[0]) : name, name, nil)) }
            } else if depth == 0, !seenColon, token.kind == .identifier {
                names.append(token.text)
            } else if depth == 0, seenColon, defaultValue == nil, token.is("=") {
                defaultValue = []
                continue
            }
            if defaultValue != nil { defaultValue?.append(token.text) }
        }
        return (isInitializer ? "init" : header[keyword + 1].text, isInitializer, parameters)
    }

    /// The type a block's header declares or extends (`final class Store: Sendable`, `extension Store`).
    private static func typeName(in header: [ObjCToken]) -> String? {
        guard let keyword = header.lastIndex(where: { ["class", "struct", "actor", "extension", "enum"].contains($0.text) && $0.kind == .identifier }),
              keyword + 1 < header.count, header[keyword + 1].kind == .identifier else { return nil }
        return header[keyword + 1].text
    }
}

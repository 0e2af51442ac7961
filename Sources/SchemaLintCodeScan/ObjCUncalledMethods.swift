import SchemaLintCore

/// Which Objective-C methods no code of the run sends: a method that moves a store's files or
/// stops the app runs only when something calls it. A recursive migration pasted from a book and
/// never wired up (`progressivelyMigrateURL:ofType:toModel:error:`, whose only send is its own
/// recursion) never runs.
///
/// The system sends many methods no code names (`application:didFinishLaunchingWithOptions:`, a
/// delegate's callbacks, an action a storyboard connects), so a method counts as the project's own
/// only where it sends itself, or where a header of the project declares it and it takes
/// arguments (a property's getter may be read through bindings) and is no `IBAction`.
struct ObjCUncalledMethods {
    /// The files to search, by name: the Objective-C files read, and the others of the run
    /// (Objective-C, headers, Swift) read on demand.
    private var files: [ModelSourceFile]
    private var others: [String]
    private var tree: any SourceTree
    /// Tokens and bodies of the Objective-C files tokenized so far, by name.
    private var tokenized: [String: (tokens: [ObjCToken], bodies: [ObjCStoreCodeScanner.Body])] = [:]
    private var unclaimed: [String: [UInt8]] = [:]
    private var answers: [String: Bool] = [:]

    init(files: [ModelSourceFile], others: [String], tree: any SourceTree) {
        self.files = files
        self.others = others
        self.tree = tree
    }

    /// Whether `declaration` (`-[StorageManager progressivelyMigrateURL:ofType:toModel:error:]`),
    /// whose body is in `file`, is a method of the project's that no code sends but its own body.
    mutating func isUncalled(_ declaration: String, in file: String) -> Bool {
        let key = file + "\u{0}" + declaration
        if let known = answers[key] { return known }
        let answer = search(declaration, in: file)
        answers[key] = answer
        return answer
    }

    private mutating func search(_ declaration: String, in file: String) -> Bool {
        guard declaration.hasPrefix("-[") || declaration.hasPrefix("+["), declaration.hasSuffix("]"),
              let space = declaration.firstIndex(of: " ") else { return false }
        let selector = String(declaration[declaration.index(after: space)..<declaration.index(before: declaration.endIndex)])
        guard let keyword = selector.split(separator: ":").first.map(String.init), !keyword.isEmpty else { return false }
        guard let own = parsed(file)?.bodies.first(where: { $0.declaration == declaration }) else { return false }
        var sendsItself = false
        var declaredInHeader = false
        for name in files.map(\.name) + others {
            guard let bytes = bytes(of: name), ByteSearch.wholeWordCount(of: keyword, in: bytes) > 0 else { continue }
            if name.hasSuffix(".swift") { return false }
            if Self.isAction(keyword, in: bytes) { return false }
            if name.hasSuffix(".h") {
                declaredInHeader = true
                continue
            }
            guard let (tokens, bodies) = parsed(name) else { continue }
            for body in bodies {
                let sends = body.range.contains { Self.names(keyword, tokens[$0]) }
                guard sends else { continue }
                if name == file, body.declaration == own.declaration, body.range == own.range {
                    sendsItself = true
                } else {
                    return false
                }
            }
        }
        return sendsItself || declaredInHeader && selector.contains(":")
    }

    /// A send or `@selector` names the keyword as a name; `NSSelectorFromString` in a string.
    private static func names(_ keyword: String, _ token: ObjCToken) -> Bool {
        switch token.kind {
        case .identifier: token.text == keyword
        case .string: token.text.contains(keyword)
        default: false
        }
    }

    /// `(IBAction)keyword:` on one line: a storyboard or nib sends it.
    private static func isAction(_ keyword: String, in bytes: [UInt8]) -> Bool {
        guard ByteSearch.wholeWordCount(of: "IBAction", in: bytes) > 0 else { return false }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { line in
            line.contains("IBAction") && line.contains(keyword)
        }
    }

    private mutating func bytes(of name: String) -> [UInt8]? {
        if let read = files.first(where: { $0.name == name }) { return read.bytes }
        if let read = unclaimed[name] { return read }
        guard case .success(let data) = tree.contents(of: name) else { return nil }
        let bytes = [UInt8](data)
        unclaimed[name] = bytes
        return bytes
    }

    private mutating func parsed(_ name: String) -> (tokens: [ObjCToken], bodies: [ObjCStoreCodeScanner.Body])? {
        if let known = tokenized[name] { return known }
        guard let bytes = bytes(of: name) else { return nil }
        let tokens = ObjCTokenizer.tokenize(bytes).tokens
        let result = (tokens, ObjCStoreCodeScanner(file: name, tokens: tokens).bodies())
        tokenized[name] = result
        return result
    }
}

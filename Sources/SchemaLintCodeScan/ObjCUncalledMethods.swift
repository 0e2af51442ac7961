import Foundation
import SchemaLintCore

/// Which Objective-C methods no code of the run sends: a method that moves a store's files or
/// stops the app runs only when something calls it. A recursive migration pasted from a book and
/// never wired up (`progressivelyMigrateURL:ofType:toModel:error:`, whose only send is its own
/// recursion) never runs.
///
/// The system sends many methods no code names (`application:didFinishLaunchingWithOptions:`, a
/// delegate's callbacks, an action a storyboard connects), so a method counts as the project's own
/// only where it sends itself, or where a header of the project declares it and it takes
/// arguments or returns nothing (a property's getter may be read through bindings) and is no
/// `IBAction`, or where a
/// line comment holds a send of it (`// [self initDefaultDatabaseIfNeeded];`, a call switched
/// off). A getter
/// of the Core Data stack a header of the project declares as a property (the template's
/// `persistentStoreCoordinator`, `managedObjectContext`) is the project's too, and unsent where
/// no code sends it as a message (reading its instance variable is no send) but methods that are
/// unsent themselves, no string names it (key-value coding) and no nib or storyboard does
/// (bindings).
struct ObjCUncalledMethods {
    /// The files to search, by name: the Objective-C files read, then the others of the run
    /// (Objective-C, headers, Swift), read on demand.
    private let names: [String]
    private let tree: any SourceTree
    /// Tokens and bodies of the Objective-C files tokenized so far, by name.
    private var tokenized: [String: (tokens: [ObjCToken], bodies: [ObjCStoreCodeScanner.Body])] = [:]
    /// The bytes of each file read so far, by name: the run's files at once, the others on demand.
    private var read: [String: [UInt8]]
    private var answers: [String: Bool] = [:]
    /// Whether a send from `applicationWillTerminate:` counts as none, while `runsOnlyAtTermination`
    /// is answered (its answers kept apart).
    private var terminationSendsNothing = false
    /// `isUnusedClass`'s answers, by class name.
    private var unusedClasses: [String: Bool] = [:]

    init(files: [ModelSourceFile], others: [String], tree: any SourceTree) {
        names = files.map(\.name) + others
        self.tree = tree
        read = Dictionary(files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `declaration` runs only as the app terminates: sent by `applicationWillTerminate:`
    /// and by methods it alone sends (the template's `saveContext`, the stack's getters it reads),
    /// the other senders unsent. Its store first opens there.
    mutating func runsOnlyAtTermination(_ declaration: String, in file: String) -> Bool {
        terminationSendsNothing = true
        defer { terminationSendsNothing = false }
        return isUncalled(declaration, in: file, depth: 0)
    }

    /// Whether the class of `declaration` (`-[WZStore coordinator]`) is one no other file names:
    /// nothing makes one or sends it a message, so none of its methods runs. Its own implementation
    /// and header, and lines that only import the header or declare the class ahead, do not count.
    /// Only where the run holds the app's entry point (`UIApplicationMain`, `NSApplicationMain`,
    /// `@main`), so the app's code is there to name it: a run of a few named files is not; and only
    /// for a direct subclass of `NSObject`, which no Info.plist names for the system to make.
    mutating func isUnusedClass(_ declaration: String, in file: String) -> Bool {
        guard declaration.hasPrefix("-[") || declaration.hasPrefix("+["), let space = declaration.firstIndex(of: " ") else { return false }
        let owner = declaration[declaration.index(declaration.startIndex, offsetBy: 2)..<space].prefix { $0 != "(" }
        let className = String(owner)
        guard !className.isEmpty, className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        if let known = unusedClasses[className] { return known }
        let answer = isUnused(className: className, declaredIn: file)
        unusedClasses[className] = answer
        return answer
    }

    private mutating func isUnused(className: String, declaredIn file: String) -> Bool {
        let stem = (file as NSString).deletingPathExtension
        let own: Set<String> = [file, stem + ".h", stem + ".m", stem + ".mm"]
        // Only a class of NSObject's own: the system makes a subclass of its classes by the name an
        // Info.plist gives (an extension's principal class, a document class, `NSPrincipalClass`).
        let declaration = Array("@interface \(className) : NSObject".utf8), spaced = Array("@interface \(className): NSObject".utf8)
        guard own.contains(where: { name in bytes(of: name).map { ByteSearch.firstIndex(of: declaration, in: $0) != nil || ByteSearch.firstIndex(of: spaced, in: $0) != nil } == true }),
              names.contains(where: { name in name != file && bytes(of: name).map(Self.declaresTheEntryPoint) == true })
        else { return false }
        for name in names where !own.contains(name) && holds(className, in: name) {
            guard let bytes = bytes(of: name) else { continue }
            let uses = Self.lines(holding: className, in: bytes).contains { line in
                let code = line.drop { $0 == " " || $0 == "\t" }
                return !(code.hasPrefix("#import") || code.hasPrefix("#include") || code.hasPrefix("@class") || code.hasPrefix("//"))
            }
            if uses, !isNamedOnlyInUnsentMethods(className, in: name) { return false }
        }
        return true
    }

    /// Whether every use of `className` in the implementation file `name` lies in a method no code
    /// sends (a one-off migration to iCloud that nothing wires up): what only such a method makes
    /// or sends never runs. A use outside any method (a property's type) counts.
    private mutating func isNamedOnlyInUnsentMethods(_ className: String, in name: String) -> Bool {
        guard name.hasSuffix(".m") || name.hasSuffix(".mm"), let (tokens, bodies) = parsed(name) else { return false }
        var enclosing: [String] = []
        for index in tokens.indices where tokens[index].isIdentifier(className) {
            if index > 0, tokens[index - 1].isIdentifier("@class") { continue }
            guard let body = bodies.first(where: { $0.range.contains(index) }) else { return false }
            if !enclosing.contains(body.declaration) { enclosing.append(body.declaration) }
        }
        guard !enclosing.isEmpty else { return false }
        for declaration in enclosing where !isUncalled(declaration, in: name) { return false }
        return true
    }

    /// Whether a file starts the app: `UIApplicationMain` or `NSApplicationMain` (an Objective-C
    /// `main.m`), or Swift's `@main` or `@UIApplicationMain`.
    private static func declaresTheEntryPoint(_ bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(entryPointWords, in: bytes)
    }

    private static let entryPointWords = ByteSearch.Words(["UIApplicationMain(", "NSApplicationMain(", "@main", "@UIApplicationMain", "@NSApplicationMain"].map { Array($0.utf8) })

    /// Whether a body (`-[AppDelegate applicationWillTerminate:]`) runs only as the app terminates.
    private func isTermination(_ declaration: String) -> Bool {
        terminationSendsNothing && declaration.hasSuffix(" applicationWillTerminate:]")
    }

    /// Whether `declaration` (`-[StorageManager progressivelyMigrateURL:ofType:toModel:error:]`),
    /// whose body is in `file`, is a method of the project's that no code sends but its own body.
    mutating func isUncalled(_ declaration: String, in file: String) -> Bool {
        isUncalled(declaration, in: file, depth: 0)
    }

    private mutating func isUncalled(_ declaration: String, in file: String, depth: Int) -> Bool {
        let key = (terminationSendsNothing ? "terminating\u{0}" : "") + file + "\u{0}" + declaration
        if let known = answers[key] { return known }
        // Asked again while being answered (two getters that send each other): called.
        answers[key] = false
        let answer = search(declaration, in: file, depth: depth)
        answers[key] = answer
        return answer
    }

    private mutating func search(_ declaration: String, in file: String, depth: Int) -> Bool {
        guard declaration.hasPrefix("-[") || declaration.hasPrefix("+["), declaration.hasSuffix("]"),
              let space = declaration.firstIndex(of: " ") else { return false }
        let selector = String(declaration[declaration.index(after: space)..<declaration.index(before: declaration.endIndex)])
        guard let keyword = selector.split(separator: ":").first.map(String.init), !keyword.isEmpty,
              let (ownTokens, ownBodies) = parsed(file), let own = ownBodies.first(where: { $0.declaration == declaration }) else { return false }
        // The project's own method, first (a look at its body, then at the headers only): most
        // methods that handle a store are the system's to call, and need no search for senders.
        // A message to `super` of the same name (`[super viewDidLoad]`) is the class's own
        // override calling up, not a recursion; a parameter of the keyword's name
        // (`[application setStatusBarHidden:YES]` in `application:didFinishLaunchingWithOptions:`)
        // is no send: a send writes the keyword before its colon, or a unary one before `]`.
        let sendsItself = own.range.contains { index in
            Self.names(keyword, ownTokens[index]) && !(index > 0 && ownTokens[index - 1].isIdentifier("super"))
                && (ownTokens[index].kind == .string || index + 1 < ownTokens.count && ownTokens[index + 1].is(selector.contains(":") ? ":" : "]"))
        }
        if !selector.contains(":"), depth < 4, Self.stackWords.contains(where: keyword.lowercased().contains),
           names.contains(where: { $0.hasSuffix(".h") && declaresProperty(keyword, in: $0) }) {
            return isUnsentGetter(keyword, own: own.range, in: file, depth: depth)
        }
        guard sendsItself || selector.contains(":") && names.contains(where: { $0.hasSuffix(".h") && declaresSelector(selector, in: $0) })
                || !selector.contains(":") && names.contains(where: { $0.hasSuffix(".h") && declaresVoidMethod(keyword, in: $0) })
                || names.contains(where: { !$0.hasSuffix(".h") && !$0.hasSuffix(".swift") && sendsInALineComment(keyword, in: $0) }) else { return false }
        for name in names where holds(keyword, in: name) {
            if name.hasSuffix(".swift") || Self.isInterfaceFile(name) { return false }
            if let bytes = bytes(of: name), Self.isAction(keyword, in: bytes) { return false }
            guard !name.hasSuffix(".h"), let (tokens, bodies) = parsed(name) else { continue }
            for body in bodies where !(name == file && body.range == own.range) && !isTermination(body.declaration) {
                if body.range.contains(where: { Self.names(keyword, tokens[$0]) }) { return false }
            }
        }
        return true
    }

    /// The words that name a getter of the Core Data stack.
    private static let stackWords = ["context", "coordinator", "container", "store"]

    /// Whether `keyword`, a getter whose body is `own` in `file`, is sent by no code but methods
    /// that are unsent themselves.
    private mutating func isUnsentGetter(_ keyword: String, own: Range<Int>, in file: String, depth: Int) -> Bool {
        let ownClass = parsed(file).flatMap { parsed in parsed.bodies.first { $0.range == own } }?.owner
        for name in names where holds(keyword, in: name) {
            if name.hasSuffix(".swift") || Self.isInterfaceFile(name) { return false }
            guard !name.hasSuffix(".h"), let (tokens, bodies) = parsed(name) else { continue }
            if tokens.contains(where: { $0.kind == .string && $0.text.contains(keyword) }) { return false }
            // Each send lies in a body that is unsent itself; one in no body the scanner knows
            // (a method whose signature ends in `;` before its `{`) may run: sent.
            for position in tokens.indices where Self.sends(keyword, at: position, in: tokens) {
                guard let body = bodies.first(where: { $0.range.contains(position) }) else { return false }
                if name == file && body.range == own || isTermination(body.declaration) { continue }
                // `self.persistentContainer` in a method of another class is that class's own
                // property of the name (a store manager's), not this getter.
                if Self.sendsToSelf(at: position, in: tokens), let owner = body.owner, let getterOwner = ownClass, owner != getterOwner { continue }
                guard isUncalled(body.declaration, in: name, depth: depth + 1) else { return false }
            }
        }
        return true
    }

    /// Whether the token at `position` sends `keyword` as a message: `[receiver keyword]`,
    /// `receiver.keyword`, `@selector(keyword)`; not the instance variable of that name, nor the
    /// setter's send of an assignment (`self.persistentContainer = container` gives the property
    /// its value, and the getter's lazy branch then never runs).
    private static func sends(_ keyword: String, at position: Int, in tokens: [ObjCToken]) -> Bool {
        guard tokens[position].isIdentifier(keyword), position > 0 else { return false }
        let before = tokens[position - 1]
        if before.is(".") {
            let assigned = position + 1 < tokens.count && tokens[position + 1].is("=") && !(position + 2 < tokens.count && tokens[position + 2].is("="))
            return !assigned
        }
        if before.is("("), position > 1, tokens[position - 2].isIdentifier("@selector") { return true }
        let receiver = before.kind == .identifier || before.is("]") || before.is(")")
        return receiver && position + 1 < tokens.count && tokens[position + 1].is("]")
    }

    /// Whether the send of the keyword at `position` goes to `self` (`self.keyword`, `[self keyword]`).
    private static func sendsToSelf(at position: Int, in tokens: [ObjCToken]) -> Bool {
        position >= 2 && tokens[position - 2].isIdentifier("self") && (tokens[position - 1].is(".") || position >= 3 && tokens[position - 3].is("["))
    }

    /// A nib or storyboard: what it names, its bindings and connections send.
    private static func isInterfaceFile(_ name: String) -> Bool {
        name.hasSuffix(".xib") || name.hasSuffix(".storyboard")
    }

    /// Whether the header declares a property named `keyword` (`@property (...) Type *keyword;`).
    private mutating func declaresProperty(_ keyword: String, in name: String) -> Bool {
        guard let bytes = bytes(of: name), ByteSearch.wholeWordCount(of: "@property", in: bytes) > 0, ByteSearch.wholeWordCount(of: keyword, in: bytes) > 0 else { return false }
        return Self.lines(holding: keyword, in: bytes).contains { line in
            line.contains("@property") && line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last == Substring(keyword)
        }
    }

    /// Whether the header declares a method of `selector`: each of its parts written with its colon
    /// (`application:`, `didFinishLaunchingWithOptions:`). A header that names only the first
    /// (`application:openURL:`, another method of the app delegate's protocol) declares another
    /// method: the system's to call.
    private mutating func declaresSelector(_ selector: String, in name: String) -> Bool {
        guard let bytes = bytes(of: name) else { return false }
        return selector.split(separator: ":").allSatisfy { part in ByteSearch.wholeWordCount(of: part + ":", in: bytes) > 0 }
    }

    /// Whether the header declares `keyword` as a method that takes nothing and returns nothing
    /// (`- (void)installDefaultDatabaseIfNeeded;`): no binding reads it as a getter, so the
    /// project declared it to send it.
    private mutating func declaresVoidMethod(_ keyword: String, in name: String) -> Bool {
        guard let bytes = bytes(of: name), ByteSearch.wholeWordCount(of: keyword, in: bytes) > 0 else { return false }
        return Self.lines(holding: keyword, in: bytes).contains { line in
            let words = line.split { $0 == " " || $0 == "\t" }.joined()
            return words == "-(void)\(keyword);" || words == "+(void)\(keyword);"
        }
    }

    /// Whether a line comment of the file holds a send of `keyword` (`// [self reset];`,
    /// `//	[self migrate:store];`).
    private mutating func sendsInALineComment(_ keyword: String, in name: String) -> Bool {
        guard let bytes = bytes(of: name), ByteSearch.wholeWordCount(of: keyword, in: bytes) > 0 else { return false }
        return Self.lines(holding: keyword, in: bytes).contains { line in
            guard let comment = line.range(of: "//") else { return false }
            let text = line[comment.upperBound...]
            guard let bracket = text.firstIndex(of: "[") else { return false }
            let words = text[bracket...].split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != ":" && $0 != "]" }
            return words.dropFirst().contains { $0 == keyword + "]" || $0 == keyword + ":" || $0.hasPrefix(keyword + ":") }
        }
    }

    /// Whether the file holds `keyword` as a whole word.
    private mutating func holds(_ keyword: String, in name: String) -> Bool {
        bytes(of: name).map { ByteSearch.wholeWordCount(of: keyword, in: $0) > 0 } ?? false
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
        return lines(holding: keyword, in: bytes).contains { line in
            line.contains("IBAction") && line.contains(keyword)
        }
    }

    /// The lines of a file that hold `keyword`, found as bytes: a question about one word's lines
    /// decodes those lines alone, not every line of every file (Foundation's search of each line
    /// of a large app's files was a tenth of its run).
    private static func lines(holding keyword: String, in bytes: [UInt8]) -> [String] {
        let needle = Array(keyword.utf8)
        let newline = UInt8(ascii: "\n")
        var found: [String] = []
        var from = 0
        while let at = ByteSearch.firstIndex(of: needle, in: bytes, from: from) {
            let start = bytes[..<at].lastIndex(of: newline).map { $0 + 1 } ?? 0
            let end = bytes[at...].firstIndex(of: newline) ?? bytes.count
            found.append(String(decoding: bytes[start..<end], as: UTF8.self))
            from = end
        }
        return found
    }

    private mutating func bytes(of name: String) -> [UInt8]? {
        if let read = read[name] { return read }
        guard case .success(let data) = tree.contents(of: name) else { return nil }
        let bytes = [UInt8](data)
        read[name] = bytes
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

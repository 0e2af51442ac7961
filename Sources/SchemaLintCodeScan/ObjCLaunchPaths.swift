import SchemaLintCore

/// An opening found by `ObjCStoreCodeScanner`, with the body it is in (an index into the bodies
/// scanned) and whether it runs when that body runs.
struct ObjCOpening {
    var opening: StoreOpening
    var body: Int
    var runsWithBody: Bool
}

/// What the launch entry points of Objective-C files reach without leaving the main thread, as
/// tokens show it: from `application:didFinishLaunchingWithOptions:`,
/// `application:willFinishLaunchingWithOptions:`, `scene:willConnectToSession:options:` and
/// AppKit's `applicationWillFinishLaunching:` and `applicationDidFinishLaunching:`
/// through messages (`[self persistentContainer]`, `self.managedObjectContext`,
/// `[CoreDataStack sharedStack]`, `[[Stack alloc] init]`, `[x selector]` when one class of the
/// files implements the selector) and calls of the files' C functions, outside blocks that may run
/// later (any block but those handed to `dispatch_sync`, `dispatch_once`, `performBlockAndWait:`).
/// Bodies are the methods and functions of every file read together; breadth first from the entries
/// in file order, so the path reported is a shortest one.
struct ObjCLaunchPaths {
    struct File {
        var scanner: ObjCStoreCodeScanner
        var bodies: [ObjCStoreCodeScanner.Body]
    }

    static let entrySelectors: Set<String> = [
        "application:didFinishLaunchingWithOptions:", "application:willFinishLaunchingWithOptions:", "scene:willConnectToSession:options:",
        "applicationWillFinishLaunching:", "applicationDidFinishLaunching:",
    ]

    /// AppKit's entries take the notification (`applicationDidFinishLaunching:(NSNotification *)`);
    /// UIKit's older `applicationDidFinishLaunching:` of the same name takes the application.
    static let macOSEntrySelectors: Set<String> = ["applicationWillFinishLaunching:", "applicationDidFinishLaunching:"]

    let files: [File]
    /// Every body of every file, as (file, body) indexes.
    private let all: [(file: Int, body: Int)]
    /// Where each file's bodies start in `all`.
    private let firstBodyOfFile: [Int]
    /// C functions by name.
    private let functions: [String: [Int]]
    /// Methods by selector, and by class and selector.
    private let methods: [String: [Int]]
    private let methodsOfClass: [MethodKey: [Int]]
    /// The selectors that exactly one class implements: a message to an unknown receiver reaches them.
    private let selectorsOfOneClass: Set<String>
    private let classes: Set<String>

    private struct MethodKey: Hashable {
        var owner: String
        var selector: String
    }

    init(_ files: [File]) {
        self.files = files
        var all: [(file: Int, body: Int)] = []
        var firstBodyOfFile: [Int] = []
        var functions: [String: [Int]] = [:]
        var methods: [String: [Int]] = [:]
        var methodsOfClass: [MethodKey: [Int]] = [:]
        var ownersOfSelector: [String: Set<String>] = [:]
        for (fileIndex, file) in files.enumerated() {
            firstBodyOfFile.append(all.count)
            for (bodyIndex, body) in file.bodies.enumerated() {
                if let owner = body.owner {
                    methods[body.selector, default: []].append(all.count)
                    methodsOfClass[MethodKey(owner: owner, selector: body.selector), default: []].append(all.count)
                    ownersOfSelector[body.selector, default: []].insert(owner)
                } else {
                    functions[body.selector, default: []].append(all.count)
                }
                all.append((fileIndex, bodyIndex))
            }
        }
        self.all = all
        self.firstBodyOfFile = firstBodyOfFile
        self.functions = functions
        self.methods = methods
        self.methodsOfClass = methodsOfClass
        self.selectorsOfOneClass = Set(ownersOfSelector.filter { $0.value.count == 1 }.keys)
        self.classes = Set(ownersOfSelector.values.joined())
    }

    private func body(_ index: Int) -> ObjCStoreCodeScanner.Body { files[all[index].file].bodies[all[index].body] }

    /// Whether the entry at `index` is AppKit's: one of its selectors, taking an `NSNotification`.
    private func isMacOSEntry(_ index: Int) -> Bool {
        let entry = body(index)
        guard Self.macOSEntrySelectors.contains(entry.selector) else { return false }
        let tokens = files[all[index].file].scanner.tokens
        let start = max(0, entry.range.lowerBound - 12)
        return tokens[start..<entry.range.lowerBound].contains { $0.kind == .identifier && $0.text == "NSNotification" }
    }

    /// The openings of file `file` with the launch path that reaches each (unchanged when none does).
    func attach(to openings: [ObjCOpening], inFile file: Int, parents: [Int: Int]) -> [StoreOpening] {
        openings.map { located in
            var opening = located.opening
            let start = firstBodyOfFile[file] + located.body
            guard located.runsWithBody, parents[start] != nil else { return opening }
            let path = BreadthFirstPaths.path(to: start, in: parents)
            opening.launchPath = path.map { index in
                let body = body(index)
                return CodePlace(body.location, in: body.declaration)
            }
            if let entry = path.first { opening.launchesOnMacOS = isMacOSEntry(entry) }
            return opening
        }
    }

    /// For each opening of file `file` that no launch entry reaches, the methods that reach it
    /// synchronously (itself first), each with its class, selector and way to the opening: where
    /// another language's launch (a Swift app delegate) sends that selector, the opening is on its
    /// launch path. Callers are found through every body's uses, a few steps up at most.
    func foreignEntries(of openings: [StoreOpening], located: [ObjCOpening], inFile file: Int, callers: inout [Int: [Int]]?) -> [StoreOpening] {
        zip(openings, located).map { opening, place in
            guard opening.launchPath.isEmpty, place.runsWithBody else { return opening }
            if callers == nil {
                var found: [Int: [Int]] = [:]
                for index in all.indices {
                    for used in uses(of: index) { found[used, default: []].append(index) }
                }
                callers = found
            }
            var opening = opening
            let ways = BreadthFirstPaths.waysDown(to: firstBodyOfFile[file] + place.body) { callers?[$0] ?? [] }
            opening.foreignEntries = ways.compactMap { node, path in
                body(node).owner.map { owner in
                    ForeignEntry(owner: owner, selector: body(node).selector, path: path.map { CodePlace(body($0).location, in: body($0).declaration) })
                }
            }
            return opening
        }
    }

    /// Every body a launch entry reaches, with the body it is reached from (an entry: itself).
    func reachable() -> [Int: Int] {
        let entries = all.indices.filter { body($0).owner != nil && !body($0).isClassMethod && Self.entrySelectors.contains(body($0).selector) }
        return BreadthFirstPaths.parents(from: Array(entries)) { uses(of: $0) }
    }

    /// The messages a launch path sends to classes whose method the files read do not implement
    /// (a method of a Swift extension of the app delegate, a Swift class's initializer): each with
    /// the shortest launch path to the body that sends it.
    func foreignCalls(parents: [Int: Int]) -> [ForeignLaunchCall] {
        var calls: [ForeignLaunchCall] = []
        for index in parents.keys.sorted() {
            let sender = body(index)
            for message in messages(of: index) {
                let owner: String
                switch message.receiver {
                case .ownClass: guard let own = sender.owner else { continue }
                    owner = own
                case .classNamed(let name), .otherClass(let name): owner = name
                case .unknown, .function: continue
                }
                let selector = message.selector == "new" ? "init" : message.selector
                guard (methodsOfClass[MethodKey(owner: owner, selector: selector)] ?? []).isEmpty else { continue }
                let path = BreadthFirstPaths.path(to: index, in: parents)
                calls.append(ForeignLaunchCall(
                    owner: owner, selector: selector,
                    path: path.map { CodePlace(body($0).location, in: body($0).declaration) }, launchesOnMacOS: isMacOSEntry(path[0])
                ))
            }
        }
        return calls
    }

    /// The bodies `index` uses outside its deferred blocks, in token order.
    private func uses(of index: Int) -> [Int] {
        let current = body(index)
        var seen: Set<Int> = []
        return messages(of: index).flatMap { resolve($0.selector, receiver: $0.receiver, from: current) }.filter { $0 != index && seen.insert($0).inserted }
    }

    /// The messages and C function calls of body `index` outside its deferred blocks, each once, in
    /// token order.
    private func messages(of index: Int) -> [Message] {
        let scanner = files[all[index].file].scanner
        let tokens = scanner.tokens
        let current = body(index)
        let deferred = scanner.deferredCode(in: current.range)
        // Each (selector, receiver) once: a body that sends one message many times reaches the
        // same bodies.
        var resolved: Set<Message> = []
        var found: [Message] = []
        func reach(_ selector: String, receiver: Receiver) {
            let message = Message(selector: selector, receiver: receiver)
            if resolved.insert(message).inserted { found.append(message) }
        }
        var position = current.range.lowerBound
        while position < current.range.upperBound {
            if deferred.contains(position) {
                position += 1
                continue
            }
            let token = tokens[position]
            if token.is("["), let close = scanner.partner[position], close < current.range.upperBound {
                if let sent = message(in: (position + 1)..<close, scanner) {
                    reach(sent.selector, receiver: sent.receiver)
                }
            } else if token.kind == .identifier || token.is(")"), position + 2 < current.range.upperBound, tokens[position + 1].is("."), tokens[position + 2].kind == .identifier,
                      !(position + 3 < current.range.upperBound && tokens[position + 3].is("=") && !(position + 4 < current.range.upperBound && tokens[position + 4].is("="))) {
                // `self.persistentContainer`, `stack.context`, `((AppDelegate *)app.delegate).persistentContainer`
                // (a getter; `x.y = z` calls a setter).
                reach(tokens[position + 2].text, receiver: token.text == "self" ? .ownClass : .unknown)
            } else if token.kind == .identifier, position + 1 < current.range.upperBound, tokens[position + 1].is("("),
                      position == current.range.lowerBound || !tokens[position - 1].is(".") {
                reach(token.text, receiver: .function)
            }
            position += 1
        }
        return found
    }

    enum Receiver: Hashable {
        case ownClass
        case classNamed(String)
        /// A class no file read implements (a Swift class, a framework's): its name.
        case otherClass(String)
        case unknown
        /// Not a message: a call of a C function.
        case function
    }

    private struct Message: Hashable {
        var selector: String
        var receiver: Receiver
    }

    /// The receiver and selector of the message whose inside is `range` (`self persistentContainer`,
    /// `coordinator addPersistentStoreWithType:... error:&error`).
    private func message(in range: Range<Int>, _ scanner: ObjCStoreCodeScanner) -> (receiver: Receiver, selector: String)? {
        let tokens = scanner.tokens
        guard !range.isEmpty else { return nil }
        var position = range.lowerBound
        var receiver = Receiver.unknown
        if tokens[position].is("["), let close = scanner.partner[position] {
            // `[[Stack alloc] init]`, `[[Stack new] ...]`: an instance of Stack; `[[self alloc] init]`
            // in a class method (`+sharedInstance`), an instance of its own class.
            if close == position + 3, tokens[position + 1].kind == .identifier, ["alloc", "new"].contains(tokens[position + 2].text) {
                let name = tokens[position + 1].text
                if classes.contains(name) { receiver = .classNamed(name) } else if name == "self" { receiver = .ownClass } else if Self.namesAClass(name) { receiver = .otherClass(name) }
            }
            position = close + 1
        } else if tokens[position].is("("), let close = scanner.partner[position] {
            // `[(AppHook *)NSApp persistentContainer]`: a cast names the receiver's class; the
            // expression cast (a name, a message, a getter chain) comes before the selector.
            let castType = position + 1 < close && tokens[position + 1].kind == .identifier ? tokens[position + 1].text : nil
            position = close + 1
            if let castType, position < range.upperBound, tokens[position].kind == .identifier || tokens[position].is("[") {
                receiver = classes.contains(castType) ? .classNamed(castType) : .unknown
                if let end = scanner.partner[position], tokens[position].is("[") { position = end + 1 } else { position += 1 }
                while position + 1 < range.upperBound, tokens[position].is("."), tokens[position + 1].kind == .identifier { position += 2 }
            }
        } else if tokens[position].kind == .identifier {
            let name = tokens[position].text
            receiver = name == "self" || name == "super" ? .ownClass : classes.contains(name) ? .classNamed(name) : Self.namesAClass(name) ? .otherClass(name) : .unknown
            position += 1
            // `self.stack`, `a.b`: the receiver is what the getter returns.
            while position + 1 < range.upperBound, tokens[position].is("."), tokens[position + 1].kind == .identifier {
                receiver = .unknown
                position += 2
            }
        } else {
            return nil
        }
        guard position < range.upperBound, tokens[position].kind == .identifier else { return nil }
        if position + 1 == range.upperBound { return (receiver, tokens[position].text) }
        var parts: [String] = []
        while position < range.upperBound {
            if tokens[position].kind == .identifier, position + 1 < range.upperBound, tokens[position + 1].is(":") {
                parts.append(tokens[position].text + ":")
                position += 2
                continue
            }
            if let close = scanner.partner[position], close > position { position = close }
            position += 1
        }
        return parts.isEmpty ? nil : (receiver, parts.joined())
    }

    /// The method bodies a message may reach: of the own class for `self`, of the class named,
    /// else of the one class that implements the selector. Where several files implement the
    /// class (each app of a repository its own `AppDelegate`), those nearest the sender's file.
    private func resolve(_ selector: String, receiver: Receiver, from current: ObjCStoreCodeScanner.Body) -> [Int] {
        switch receiver {
        // `[self new]` in a class method allocates and sends `init`.
        case .ownClass: return nearest(current.owner.flatMap { methodsOfClass[MethodKey(owner: $0, selector: selector == "new" && current.isClassMethod ? "init" : selector)] } ?? [], to: current)
        // `[Stack new]` allocates and sends `init`.
        case .classNamed(let name): return nearest(methodsOfClass[MethodKey(owner: name, selector: selector == "new" ? "init" : selector)] ?? [], to: current)
        case .unknown, .otherClass: return selectorsOfOneClass.contains(selector) ? methods[selector] ?? [] : []
        case .function: return functions[selector] ?? []
        }
    }

    /// Whether `name`, as a message's receiver, names a class: capitalized, as classes are named
    /// (variables are not).
    private static func namesAClass(_ name: String) -> Bool { name.first?.isUppercase ?? false }

    /// The bodies of `candidates` in the files that share the most leading folders with `current`'s.
    private func nearest(_ candidates: [Int], to current: ObjCStoreCodeScanner.Body) -> [Int] {
        guard Set(candidates.map { all[$0].file }).count > 1 else { return candidates }
        let byFile = Dictionary(grouping: candidates) { body($0).location.file }
        let kept = Set(NearestFiles.nearest(to: current.location.file, among: Dictionary(uniqueKeysWithValues: byFile.keys.map { ($0, [$0]) })))
        return candidates.filter { kept.contains(body($0).location.file) }
    }
}

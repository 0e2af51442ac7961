/// An opening found by `ObjCStoreCodeScanner`, with the body it is in (an index into the bodies
/// scanned) and whether it runs when that body runs.
struct ObjCOpening {
    var opening: StoreOpening
    var body: Int
    var runsWithBody: Bool
}

/// What the launch entry points of Objective-C files reach without leaving the main thread, as
/// tokens show it: from `application:didFinishLaunchingWithOptions:`,
/// `application:willFinishLaunchingWithOptions:` and `scene:willConnectToSession:options:`
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
    ]

    let files: [File]
    /// Every body of every file, as (file, body) indexes.
    private let all: [(file: Int, body: Int)]
    private let bySelector: [String: [Int]]
    private let classes: Set<String>

    init(_ files: [File]) {
        self.files = files
        var all: [(file: Int, body: Int)] = []
        var bySelector: [String: [Int]] = [:]
        var classes: Set<String> = []
        for (fileIndex, file) in files.enumerated() {
            for (bodyIndex, body) in file.bodies.enumerated() {
                bySelector[body.selector, default: []].append(all.count)
                if let owner = body.owner { classes.insert(owner) }
                all.append((fileIndex, bodyIndex))
            }
        }
        self.all = all
        self.bySelector = bySelector
        self.classes = classes
    }

    private func body(_ index: Int) -> ObjCStoreCodeScanner.Body { files[all[index].file].bodies[all[index].body] }

    /// The openings of file `file` with the launch path that reaches each (unchanged when none does).
    func attach(to openings: [ObjCOpening], inFile file: Int, parents: [Int: Int]) -> [StoreOpening] {
        openings.map { located in
            var opening = located.opening
            guard located.runsWithBody, let start = all.firstIndex(where: { $0.file == file && $0.body == located.body }), parents[start] != nil else { return opening }
            var path = [start]
            var current = start
            while let parent = parents[current], parent != current {
                path.append(parent)
                current = parent
            }
            opening.launchPath = path.reversed().map { index in
                let body = body(index)
                return CodePlace(body.location, in: body.declaration)
            }
            return opening
        }
    }

    /// Every body a launch entry reaches, with the body it is reached from (an entry: itself).
    func reachable() -> [Int: Int] {
        let entries = all.indices.filter { body($0).owner != nil && !body($0).isClassMethod && Self.entrySelectors.contains(body($0).selector) }
        return BreadthFirstPaths.parents(from: Array(entries)) { uses(of: $0) }
    }

    /// The bodies `index` uses outside its deferred blocks, in token order.
    private func uses(of index: Int) -> [Int] {
        let scanner = files[all[index].file].scanner
        let tokens = scanner.tokens
        let current = body(index)
        let deferred = scanner.deferredBlocks(in: current.range)
        var found: [Int] = []
        var position = current.range.lowerBound
        while position < current.range.upperBound {
            if let block = deferred.first(where: { $0.lowerBound == position }) {
                position = block.upperBound
                continue
            }
            let token = tokens[position]
            if token.is("["), let close = scanner.partner[position], close < current.range.upperBound {
                if let sent = message(in: (position + 1)..<close, scanner) {
                    found += resolve(sent.selector, receiver: sent.receiver, from: current)
                }
            } else if token.kind == .identifier, position + 2 < current.range.upperBound, tokens[position + 1].is("."), tokens[position + 2].kind == .identifier,
                      !(position + 3 < current.range.upperBound && tokens[position + 3].is("=") && !(position + 4 < current.range.upperBound && tokens[position + 4].is("="))) {
                // `self.persistentContainer`, `stack.context` (a getter; `x.y = z` calls a setter).
                found += resolve(tokens[position + 2].text, receiver: token.text == "self" ? .ownClass : .unknown, from: current)
            } else if token.kind == .identifier, position + 1 < current.range.upperBound, tokens[position + 1].is("("),
                      position == current.range.lowerBound || !tokens[position - 1].is(".") {
                found += (bySelector[token.text] ?? []).filter { body($0).owner == nil }
            }
            position += 1
        }
        var seen: Set<Int> = []
        return found.filter { $0 != index && seen.insert($0).inserted }
    }

    enum Receiver: Equatable {
        case ownClass
        case classNamed(String)
        case unknown
    }

    /// The receiver and selector of the message whose inside is `range` (`self persistentContainer`,
    /// `coordinator addPersistentStoreWithType:... error:&error`).
    private func message(in range: Range<Int>, _ scanner: ObjCStoreCodeScanner) -> (receiver: Receiver, selector: String)? {
        let tokens = scanner.tokens
        guard !range.isEmpty else { return nil }
        var position = range.lowerBound
        var receiver = Receiver.unknown
        if tokens[position].is("["), let close = scanner.partner[position] {
            // `[[Stack alloc] init]`, `[[Stack new] ...]`: an instance of Stack.
            if close == position + 3, tokens[position + 1].kind == .identifier, classes.contains(tokens[position + 1].text), ["alloc", "new"].contains(tokens[position + 2].text) {
                receiver = .classNamed(tokens[position + 1].text)
            }
            position = close + 1
        } else if tokens[position].is("("), let close = scanner.partner[position] {
            position = close + 1
        } else if tokens[position].kind == .identifier {
            let name = tokens[position].text
            receiver = name == "self" || name == "super" ? .ownClass : classes.contains(name) ? .classNamed(name) : .unknown
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
    /// else of the one class that implements the selector.
    private func resolve(_ selector: String, receiver: Receiver, from current: ObjCStoreCodeScanner.Body) -> [Int] {
        let candidates = (bySelector[selector] ?? []).filter { body($0).owner != nil }
        switch receiver {
        case .ownClass: return candidates.filter { body($0).owner == current.owner }
        case .classNamed(let name): return candidates.filter { body($0).owner == name }
        case .unknown: return Set(candidates.map { body($0).owner }).count == 1 ? candidates : []
        }
    }
}

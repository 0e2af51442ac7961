import Foundation
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// What an Xcode project (`project.pbxproj`) says about the files its targets build: the paths of
/// the files it lists, the names it holds, and the folders it builds whole. The file is an
/// old-style property list, read once (a search of the whole project per file of the walk cost a
/// third of a run in a repository of 13 projects and 1,000 Swift files).
package struct XcodeProjectListing: Sendable {
    /// Every value the project holds (quoted or not; comments are left out), and each
    /// `/`-separated component of it: a file listed as `path = Store.swift;`, as
    /// `path = "Sources/Shared/Store.swift";` or under a group `path = Shared;` is named here, and
    /// so is each folder on the way. What a file is looked up in when the project's groups do not
    /// say where it lies.
    package let names: Set<String>
    /// The folders of its synchronized groups (`isa = PBXFileSystemSynchronizedRootGroup;` with
    /// `path = App;`), as path components: Xcode 16 builds every file below them. `.` components
    /// are left out, so the project's own folder (`path = .;`, which an app whose sources lie
    /// beside its `.xcodeproj` has) is an empty list, and `..` stays a leading component.
    package let synchronizedFolders: [[Substring]]
    /// The files and model bundles of the project's groups, each at the path its groups give it
    /// (`path = ../Stash/Store.swift;` in a group of `iOS/App`), relative to the folder walked; nil when
    /// the project has no main group to start from. A copy of a listed file elsewhere (the same
    /// name in a folder the project also names, for other files) is not listed.
    package let listedPaths: Set<String>?
    /// The names of the files whose place the groups do not give (a path from a build setting,
    /// `BUILT_PRODUCTS_DIR`, an absolute path such as the one Xcode wrote on its author's machine,
    /// one above the folder walked): looked up by name.
    package let namesWithoutPlace: Set<String>
    /// The names of the files that two or more of its targets build, one of them no app
    /// extension (an app or a framework): each target's build phase holds its own `PBXBuildFile`
    /// of the file's reference (an app and its widget compiling one store file). A file that only
    /// extensions build (a widget and an intents extension) is theirs, and not listed. Two files of
    /// one name are two references.
    package let sourcesOfSeveralTargets: Set<String>
    /// The current version the project names for each model bundle its groups place (an
    /// `XCVersionGroup`'s `currentVersion`: a reference to one of its version folders), without
    /// `.xcdatamodel`, by the bundle's path (as `listedPaths` gives it).
    package let currentVersions: [String: String]
    /// `listedPaths` in lower case: the Mac's file system ignores case, so a project that writes a
    /// folder `AppName` where git holds `APPName` builds, and lists the files there.
    private let foldedPaths: Set<String>?

    /// Reads `project`, the bytes of the `project.pbxproj` whose `.xcodeproj` lies in `folder`
    /// (path components relative to the folder walked).
    package init(_ project: [UInt8], folder: [String] = []) {
        var names = Set<String>()
        func name(_ text: String) {
            guard !Self.isObjectIdentifier(text) else { return }
            names.insert(text)
            if text.utf8.contains(UInt8(ascii: "/")) {
                for component in text.split(separator: "/") { names.insert(String(component)) }
            }
        }
        let root: [String: Value]?
        if Self.isXML(project) {
            // A project saved as an XML property list (some tools rewrite it so) holds the same
            // objects; one that is not well formed lists nothing, as an old-style one that is not.
            root = Self.xmlPropertyList(project)
            if let root { Self.forEachString(in: .dictionary(root), name) }
        } else {
            let tokens = Self.tokens(project)
            for case .word(let text) in tokens { name(text) }
            var parser = Parser(tokens: tokens)
            root = parser.value(depth: 0)?.dictionary
        }
        self.names = names
        let objects = root?["objects"]?.dictionary ?? [:]
        self.synchronizedFolders = objects.keys.sorted().compactMap { key in
            guard let object = objects[key]?.dictionary, object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup", let path = object["path"]?.string else { return nil }
            return path.split(separator: "/").filter { $0 != "." }
        }
        var buildFiles: [String: Int] = [:]
        for object in objects.values {
            guard let object = object.dictionary, object["isa"]?.string == "PBXBuildFile", let reference = object["fileRef"]?.string else { continue }
            buildFiles[reference, default: 0] += 1
        }
        let builtOutsideExtensions = Self.referencesBuiltOutsideExtensions(objects)
        self.sourcesOfSeveralTargets = Set(buildFiles.filter { $0.value > 1 && builtOutsideExtensions?.contains($0.key) != false }.keys.compactMap { reference in
            objects[reference]?.dictionary.flatMap { file in (file["path"]?.string ?? file["name"]?.string)?.split(separator: "/").last.map(String.init) }
        })
        guard let rootID = root?["rootObject"]?.string, let project = objects[rootID]?.dictionary, let mainGroup = project["mainGroup"]?.string else {
            self.listedPaths = nil
            self.foldedPaths = nil
            self.namesWithoutPlace = []
            self.currentVersions = [:]
            return
        }
        var own = folder
        if let directory = project["projectDirPath"]?.string, !directory.isEmpty { own = Self.resolve(directory, from: own) ?? own }
        var listed = Set<String>()
        var withoutPlace = Set<String>()
        var visited = Set<String>()
        var currentVersions: [String: String] = [:]
        // The groups form a tree from the main group; a child's `path` is relative to its group's
        // folder (`<group>`) or to the project's (`SOURCE_ROOT`).
        var pending: [(id: String, folder: [String]?)] = [(mainGroup, own)]
        while let (id, parentFolder) = pending.popLast() {
            guard visited.insert(id).inserted, let object = objects[id]?.dictionary else { continue }
            let path = object["path"]?.string
            let place: [String]?
            switch object["sourceTree"]?.string {
            case "<group>": place = parentFolder.flatMap { parent in path.map { Self.resolve($0, from: parent) } ?? parent }
            case "SOURCE_ROOT": place = path.map { Self.resolve($0, from: own) } ?? own
            default: place = nil
            }
            let isa = object["isa"]?.string
            if isa == "PBXFileReference" || isa == "XCVersionGroup" {
                // A file, or a model bundle (whose children are its versions).
                if let place {
                    listed.insert(place.joined(separator: "/"))
                    if isa == "XCVersionGroup", let reference = object["currentVersion"]?.string,
                       let folder = objects[reference]?.dictionary.flatMap({ $0["path"]?.string ?? $0["name"]?.string })?.split(separator: "/").last {
                        currentVersions[place.joined(separator: "/")] = XcodeModelBundle.versionName(ofFolder: String(folder))
                    }
                } else if let name = (path ?? object["name"]?.string)?.split(separator: "/").last {
                    withoutPlace.insert(String(name))
                }
            }
            if let children = object["children"]?.array {
                pending += children.reversed().compactMap(\.string).map { ($0, place) }
            }
        }
        self.listedPaths = listed
        self.foldedPaths = Set(listed.map { $0.lowercased() })
        self.namesWithoutPlace = withoutPlace
        self.currentVersions = currentVersions
    }

    /// The file references that the build phases of a target other than an app extension compile
    /// (an app's, a framework's, a watch app's), or nil where the project names no target's type.
    private static func referencesBuiltOutsideExtensions(_ objects: [String: Value]) -> Set<String>? {
        var typed = false
        var references = Set<String>()
        for object in objects.values {
            guard let target = object.dictionary, target["isa"]?.string == "PBXNativeTarget", let type = target["productType"]?.string else { continue }
            typed = true
            // `app-extension` (widgets, share sheets, intents; `.messages`, `tv-app-extension`) and
            // ExtensionKit's; a watch app's `watchkit2-extension` is the watch app's own code.
            // Test bundles (`bundle.unit-test`, `bundle.ui-testing`) never run on a person's device.
            guard !type.contains("app-extension"), !type.contains("extensionkit-extension"), !type.contains("test") else { continue }
            for phase in target["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                for file in objects[phase]?.dictionary?["files"]?.array?.compactMap(\.string) ?? [] {
                    if let reference = objects[file]?.dictionary?["fileRef"]?.string { references.insert(reference) }
                }
            }
        }
        return typed ? references : nil
    }

    /// Whether the groups list a file at `path` (relative to the folder walked), in any case.
    package func listsFile(at path: String) -> Bool {
        foldedPaths?.contains(path.lowercased()) ?? false
    }

    /// Whether the project names `name` as a whole value or a component of one.
    package func lists(_ name: String) -> Bool {
        names.contains(name)
    }

    /// `path` (`../Shared/Store.swift`) taken from `folder`, as components; nil when it is absolute
    /// or leads above the folder walked.
    private static func resolve(_ path: String, from folder: [String]) -> [String]? {
        guard !path.hasPrefix("/") else { return nil }
        var components = folder
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components
    }

    /// The 24 hexadecimal digits that name an object (`8D1107310486CEB800E47090`): a third of the
    /// words of a project, and never a file's name.
    private static func isObjectIdentifier(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
    }

    /// A value of the property list.
    private indirect enum Value {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var array: [Value]? { if case .array(let values) = self { values } else { nil } }
        var dictionary: [String: Value]? { if case .dictionary(let entries) = self { entries } else { nil } }
    }

    /// A word (a quoted string, unescaped, or a run of the characters an unquoted string holds)
    /// or a byte of the format's punctuation.
    private enum Token {
        case word(String)
        case punctuation(UInt8)
    }

    /// Reads values from the tokens; what does not fit the format ends the value it is in (a
    /// project that is not well formed gives what could be read, never a crash).
    private struct Parser {
        let tokens: [Token]
        var position = 0
        /// Deeper nesting than any project has: hostile input cannot exhaust the stack.
        static let maximumDepth = 64

        init(tokens: [Token]) {
            self.tokens = tokens
        }

        mutating func value(depth: Int) -> Value? {
            guard position < tokens.count, depth < Self.maximumDepth else { return nil }
            switch tokens[position] {
            case .word(let text):
                position += 1
                return .string(text)
            case .punctuation(UInt8(ascii: "{")):
                position += 1
                var entries: [String: Value] = [:]
                while position < tokens.count {
                    if case .punctuation(UInt8(ascii: "}")) = tokens[position] { position += 1; break }
                    guard case .word(let key) = tokens[position], position + 1 < tokens.count, case .punctuation(UInt8(ascii: "=")) = tokens[position + 1] else {
                        position += 1
                        continue
                    }
                    position += 2
                    if let value = value(depth: depth + 1) { entries[key] = value }
                    if position < tokens.count, case .punctuation(UInt8(ascii: ";")) = tokens[position] { position += 1 }
                }
                return .dictionary(entries)
            case .punctuation(UInt8(ascii: "(")):
                position += 1
                var values: [Value] = []
                while position < tokens.count {
                    if case .punctuation(UInt8(ascii: ")")) = tokens[position] { position += 1; break }
                    if case .punctuation(UInt8(ascii: ",")) = tokens[position] { position += 1; continue }
                    let before = position
                    if let value = value(depth: depth + 1) { values.append(value) }
                    if position == before { position += 1 }
                }
                return .array(values)
            case .punctuation:
                position += 1
                return nil
            }
        }
    }

    /// Whether the project's first character past any space is `<`, which no old-style property
    /// list starts with (`// !$*UTF8*$!` or `{`).
    private static func isXML(_ bytes: [UInt8]) -> Bool {
        bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } == UInt8(ascii: "<")
    }

    /// The top dictionary of a project written as an XML property list, read with the XML reader
    /// every XML file goes through; nil for XML that is not well formed or holds no dictionary.
    private static func xmlPropertyList(_ bytes: [UInt8]) -> [String: Value]? {
        // Each open element: its name, the text read in it, and for containers the values read
        // so far (a dictionary's alternate key and value).
        var stack: [(name: String, text: String, values: [Value], keys: [String])] = []
        var root: Value?
        do throws(InputError) {
            try XMLStreamReader.read(Data(bytes), file: "project.pbxproj", text: true) { event throws(InputError) in
                switch event {
                case .start(let element):
                    guard stack.count < Parser.maximumDepth else { throw InputError(at: element.location, "nested too deep") }
                    stack.append((element.name, "", [], []))
                case .text(let piece):
                    if !stack.isEmpty { stack[stack.count - 1].text += piece.string }
                case .end:
                    guard let closed = stack.popLast() else { return }
                    let value: Value? = switch closed.name {
                    case "dict": .dictionary(Dictionary(zip(closed.keys, closed.values), uniquingKeysWith: { first, _ in first }))
                    case "array": .array(closed.values)
                    case "key", "plist": nil
                    default: .string(closed.text)
                    }
                    guard !stack.isEmpty else {
                        root = value ?? closed.values.first
                        return
                    }
                    if closed.name == "key" {
                        stack[stack.count - 1].keys.append(closed.text)
                    } else if let value {
                        stack[stack.count - 1].values.append(value)
                    }
                }
            }
        } catch {
            return nil
        }
        return root?.dictionary
    }

    /// Calls `body` with every key and string of `value`.
    private static func forEachString(in value: Value, _ body: (String) -> Void) {
        switch value {
        case .string(let text): body(text)
        case .array(let values): for value in values { forEachString(in: value, body) }
        case .dictionary(let entries):
            for (key, value) in entries {
                body(key)
                forEachString(in: value, body)
            }
        }
    }

    private static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        lex(bytes, word: { tokens.append(.word(String(decoding: $0, as: UTF8.self))); return true }, punctuation: { tokens.append(.punctuation($0)) })
        return tokens
    }

    /// Whether any value of the project (as `tokens` reads it), or its last `/`-separated
    /// component, is one of `names` (lowercased in ASCII, as the Mac's file system compares
    /// names): a project none of whose values names a file lists none of them, and need not be
    /// parsed. One pass that builds no token: looking for each name in the bytes took a pass per
    /// group of names, over projects of megabytes, in repositories of a thousand code files. A
    /// project written as an XML property list, whose values are elements, is always parsed.
    package static func mayName(anyOf names: Set<[UInt8]>, in bytes: [UInt8]) -> Bool {
        guard !names.isEmpty else { return false }
        guard !isXML(bytes) else { return true }
        let shortest = names.map(\.count).min() ?? 0
        var component: [UInt8] = []
        var found = false
        lex(bytes, word: { value in
            guard value.count >= shortest, value.contains(UInt8(ascii: ".")) else { return true }
            let start = value.lastIndex(of: UInt8(ascii: "/")).map { value.index(after: $0) } ?? value.startIndex
            component.removeAll(keepingCapacity: true)
            for byte in value[start...] { component.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte) }
            found = names.contains(component)
            return !found
        }, punctuation: { _ in })
        return found
    }

    /// The format's one reading, for both of the above: each value (a quoted string unescaped, or
    /// an unquoted run) handed to `word`, which returns whether to go on, and each byte of
    /// punctuation to `punctuation`. Comments are skipped.
    private static func lex(_ bytes: [UInt8], word: (ArraySlice<UInt8>) -> Bool, punctuation: (UInt8) -> Void) {
        let count = bytes.count
        var position = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        // Punctuation of the format; every other byte (letters, digits, `.`, `/`, `_`, `-`, `$`,
        // and any UTF-8) belongs to an unquoted string.
        func isPunctuation(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ";") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
                || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"")
        }
        func startsComment(_ at: Int) -> Bool { at + 1 < count && bytes[at] == UInt8(ascii: "/") && (bytes[at + 1] == UInt8(ascii: "*") || bytes[at + 1] == UInt8(ascii: "/")) }
        var unescaped: [UInt8] = []
        while position < count {
            let byte = bytes[position]
            if isSpace(byte) {
                position += 1
            } else if startsComment(position) {
                // A comment repeats a name the objects hold (`/* Store.swift in Sources */`), in
                // words that would list what is only part of a name.
                let isBlock = bytes[position + 1] == UInt8(ascii: "*")
                position += 2
                while position < count, isBlock ? !(position + 1 < count && bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) : bytes[position] != 0x0A {
                    position += 1
                }
                position += isBlock ? 2 : 1
            } else if byte == UInt8(ascii: "\"") {
                position += 1
                let start = position
                var escapes = false
                while position < count, bytes[position] != UInt8(ascii: "\"") {
                    if bytes[position] == UInt8(ascii: "\\"), position + 1 < count { escapes = true; position += 1 }
                    position += 1
                }
                let end = min(position, count)
                position += 1
                if escapes {
                    unescaped.removeAll(keepingCapacity: true)
                    var index = start
                    while index < end {
                        if bytes[index] == UInt8(ascii: "\\"), index + 1 < end { index += 1 }
                        unescaped.append(bytes[index])
                        index += 1
                    }
                    guard word(unescaped[...]) else { return }
                } else {
                    guard word(bytes[start..<end]) else { return }
                }
            } else if isPunctuation(byte) {
                punctuation(byte)
                position += 1
            } else {
                let start = position
                while position < count, !isSpace(bytes[position]), !isPunctuation(bytes[position]), !startsComment(position) { position += 1 }
                guard word(bytes[start..<position]) else { return }
            }
        }
    }
}

/// What an Xcode project (`project.pbxproj`) says about the files its targets build: the names it
/// lists and the folders it builds whole. The file is an old-style property list; it is read once
/// as a list of words, which every file of a walk is then looked up in (a search of the whole
/// project per file cost a third of a run in a repository of 13 projects and 1,000 Swift files).
package struct XcodeProjectListing {
    /// Every value the project holds (quoted or not; comments are left out), and each
    /// `/`-separated component of it: a file listed as `path = Store.swift;`, as
    /// `path = "Sources/Shared/Store.swift";` or under a group `path = Shared;` is named here, and
    /// so is each folder on the way.
    package let names: Set<String>
    /// The folders of its synchronized groups (`isa = PBXFileSystemSynchronizedRootGroup;` with
    /// `path = App;`), as path components: Xcode 16 builds every file below them. `.` components
    /// are left out, so the project's own folder (`path = .;`, which an app whose sources lie
    /// beside its `.xcodeproj` has) is an empty list, and `..` stays a leading component.
    package let synchronizedFolders: [[Substring]]

    package init(_ project: [UInt8]) {
        let words = Self.words(project)
        var names = Set<String>()
        for word in words where !word.isKey && !Self.isObjectIdentifier(word.text) {
            names.insert(word.text)
            if word.text.utf8.contains(UInt8(ascii: "/")) {
                for component in word.text.split(separator: "/") { names.insert(String(component)) }
            }
        }
        self.names = names
        // Each object is `ID /* name */ = { isa = ...; ...; path = ...; ... };`: the folder is the
        // first `path` after the group's `isa` and before the next object's.
        var folders: [[Substring]] = []
        var index = 0
        while index + 1 < words.count {
            defer { index += 1 }
            guard words[index].isKey, words[index].text == "isa", words[index + 1].text == "PBXFileSystemSynchronizedRootGroup" else { continue }
            var next = index + 2
            while next + 1 < words.count, !(words[next].isKey && words[next].text == "isa") {
                if words[next].isKey, words[next].text == "path" {
                    folders.append(words[next + 1].text.split(separator: "/").filter { $0 != "." })
                    break
                }
                next += 1
            }
        }
        self.synchronizedFolders = folders
    }

    /// Whether the project names `name` as a whole value or a component of one.
    package func lists(_ name: String) -> Bool {
        names.contains(name)
    }

    /// The 24 hexadecimal digits that name an object (`8D1107310486CEB800E47090`): a third of the
    /// words of a project, and never a file's name.
    private static func isObjectIdentifier(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
    }

    /// A word of the property list: a quoted string (unescaped) or a run of the characters an
    /// unquoted string holds; `isKey` when `=` follows it.
    private struct Word {
        var text: String
        var isKey: Bool
    }

    private static func words(_ bytes: [UInt8]) -> [Word] {
        var words: [Word] = []
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
        /// Marks the last word a key when the next byte that is neither space nor comment is `=`.
        func markKey(from start: Int) {
            var at = start
            while at < count {
                if isSpace(bytes[at]) {
                    at += 1
                } else if startsComment(at), bytes[at + 1] == UInt8(ascii: "*") {
                    at += 2
                    while at + 1 < count, !(bytes[at] == UInt8(ascii: "*") && bytes[at + 1] == UInt8(ascii: "/")) { at += 1 }
                    at += 2
                } else {
                    break
                }
            }
            if at < count, bytes[at] == UInt8(ascii: "="), !words.isEmpty { words[words.count - 1].isKey = true }
        }
        while position < count {
            let byte = bytes[position]
            if isSpace(byte) || (isPunctuation(byte) && byte != UInt8(ascii: "\"")) {
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
                var value: [UInt8] = []
                while position < count, bytes[position] != UInt8(ascii: "\"") {
                    if bytes[position] == UInt8(ascii: "\\"), position + 1 < count { position += 1 }
                    value.append(bytes[position])
                    position += 1
                }
                position += 1
                words.append(Word(text: String(decoding: value, as: UTF8.self), isKey: false))
                markKey(from: position)
            } else {
                let start = position
                while position < count, !isSpace(bytes[position]), !isPunctuation(bytes[position]), !startsComment(position) { position += 1 }
                words.append(Word(text: String(decoding: bytes[start..<position], as: UTF8.self), isKey: false))
                markKey(from: position)
            }
        }
        return words
    }
}

import SchemaLintCore

/// One token of Objective-C source: what the store-code reader looks at.
package struct ObjCToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A name or keyword (`abort`, `if`, `@implementation`).
        case identifier
        /// A string literal (`"..."` or `@"..."`); `text` is its content, escapes left as written.
        case string
        case number
        /// Any other character (`[`, `:`, `^`, `!`); two-character operators come as two tokens.
        case symbol
    }

    var kind: Kind
    package var text: String
    package var line: Int
    package var column: Int

    func `is`(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

/// A `//` comment, kept for suppressions.
package struct ObjCComment: Hashable, Sendable {
    package var text: String
    package var line: Int
    package var column: Int
}

/// Splits Objective-C source into tokens, leaving out what is not code: `//` and `/* */` comments,
/// preprocessor lines (with their `\` continuations) and what `#if 0` and `#if DEBUG` leave out.
/// Lenient by design: source that would not compile yields tokens all the same (an unterminated
/// string or comment ends at the end of its line or of the file), so reading app code never fails.
/// Columns count characters (UTF-8 sequences), as in every other message.
package struct ObjCTokenizer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Where the current line starts, and a known column on it (to count columns in one pass).
    private var lineStart = 0
    private var columnMarkIndex = 0
    private var columnMarkColumn = 1
    /// Only white space so far on this line: a `#` here starts a preprocessor line.
    private var atLineStart = true

    private(set) var tokens: [ObjCToken] = []
    private(set) var comments: [ObjCComment] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The tokens and `//` comments of `bytes`.
    package static func tokenize(_ bytes: [UInt8]) -> (tokens: [ObjCToken], comments: [ObjCComment]) {
        var tokenizer = ObjCTokenizer(bytes)
        tokenizer.run()
        return (tokenizer.tokens, tokenizer.comments)
    }

    private mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                newLine(after: index)
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                lineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "#") where atLineStart:
                preprocessorLine()
            case UInt8(ascii: "\""):
                atLineStart = false
                string(startingAt: index, contentStart: index + 1, quote: UInt8(ascii: "\""))
            case UInt8(ascii: "'"):
                atLineStart = false
                string(startingAt: index, contentStart: index + 1, quote: UInt8(ascii: "'"))
            case UInt8(ascii: "@") where peek(1) == UInt8(ascii: "\""):
                atLineStart = false
                string(startingAt: index, contentStart: index + 2, quote: UInt8(ascii: "\""))
            case UInt8(ascii: "@") where peek(1).map(Self.startsIdentifier) ?? false:
                atLineStart = false
                let start = index
                index += 1
                while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
                append(.identifier, from: start, to: index)
            default:
                atLineStart = false
                let start = index
                if Self.startsIdentifier(byte) {
                    while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
                    append(.identifier, from: start, to: index)
                } else if Self.isDigit(byte) {
                    while index < bytes.count, Self.continuesIdentifier(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                    append(.number, from: start, to: index)
                } else {
                    index += 1
                    append(.symbol, from: start, to: index)
                }
            }
        }
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func newLine(after newline: Int) {
        line += 1
        lineStart = newline + 1
        columnMarkIndex = lineStart
        columnMarkColumn = 1
        atLineStart = true
    }

    /// The character column of byte `position` on the current line (positions come in increasing order).
    private mutating func column(of position: Int) -> Int {
        var column = columnMarkColumn
        var cursor = columnMarkIndex
        while cursor < position {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnMarkIndex = position
        columnMarkColumn = column
        return column
    }

    private mutating func append(_ kind: ObjCToken.Kind, from start: Int, to end: Int, text: String? = nil) {
        let column = column(of: start)
        tokens.append(ObjCToken(kind: kind, text: text ?? String(decoding: bytes[start..<end], as: UTF8.self), line: line, column: column))
    }

    /// `// ...` to the end of the line (a `\` before the newline continues it, as in C).
    private mutating func lineComment() {
        let start = index
        let startLine = line
        let startColumn = column(of: start)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index > start, bytes[index - 1] == UInt8(ascii: "\\") {
                    newLine(after: index)
                    index += 1
                    continue
                }
                break
            }
            index += 1
        }
        comments.append(ObjCComment(text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine, column: startColumn))
    }

    /// `/* ... */`; unterminated, it runs to the end of the file.
    private mutating func blockComment() {
        index += 2
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                index += 2
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { newLine(after: index) }
            index += 1
        }
    }

    /// A string or character literal; it ends at its quote, or (unterminated) at the end of the line.
    private mutating func string(startingAt start: Int, contentStart: Int, quote: UInt8) {
        index = contentStart
        while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            index += 1
        }
        let content = String(decoding: bytes[contentStart..<index], as: UTF8.self)
        if index < bytes.count, bytes[index] == quote { index += 1 }
        append(quote == UInt8(ascii: "'") ? .number : .string, from: start, to: index, text: content)
    }

    /// A preprocessor line, continuations included; `#if 0` also skips what it leaves out, and so
    /// do `#if DEBUG`, `#ifdef DEBUG`, `#if defined(DEBUG)` and the same with a flag of the
    /// project's named for debug builds: what only debug builds compile is not in the app people
    /// run (its `#else` is read).
    private mutating func preprocessorLine() {
        let directive = restOfDirective()
        let keyword = String(directive.prefix { $0.isLetter })
        let condition = String(directive.dropFirst(keyword.count))
        if keyword == "if" && condition.trimmingSpaces() == "0" || keyword == "if" && DebugBuildCondition.isDebugOnly(condition: condition)
            || keyword == "ifdef" && DebugBuildCondition.isDebugOnly(condition.trimmingSpaces()) {
            skipDisabledBlock()
        }
    }

    /// Consumes a preprocessor line from its `#` and returns its text after `#` (comments and
    /// continuations removed).
    private mutating func restOfDirective() -> String {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "\n") {
                newLine(after: index + 1)
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                lineComment()
                break
            }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                blockComment()
                text.append(UInt8(ascii: " "))
                continue
            }
            text.append(byte)
            index += 1
        }
        return String(decoding: text, as: UTF8.self).trimmingSpaces()
    }

    /// After `#if 0` or `#if DEBUG`: skips lines up to the matching `#else`, `#elif` or `#endif` (nested
    /// conditionals counted), leaving the index at the start of that directive's line.
    private mutating func skipDisabledBlock() {
        var depth = 0
        while index < bytes.count {
            // At a newline (or the end): move to the next line and look at its first word.
            if bytes[index] != UInt8(ascii: "\n") {
                index += 1
                continue
            }
            newLine(after: index)
            index += 1
            var cursor = index
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") else { continue }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            var end = cursor
            while end < bytes.count, Self.continuesIdentifier(bytes[end]) { end += 1 }
            switch String(decoding: bytes[cursor..<end], as: UTF8.self) {
            case "if", "ifdef", "ifndef":
                depth += 1
            case "endif":
                if depth == 0 { return }
                depth -= 1
            case "else", "elif":
                if depth == 0 { return }
            default:
                break
            }
        }
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func continuesIdentifier(_ byte: UInt8) -> Bool { startsIdentifier(byte) || isDigit(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

private extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}

/// How deeply a Swift file nests `[`, found without parsing: swift-syntax 603's parser takes time
/// exponential in that depth (its lookahead for the inline-array type sugar, `[3 of Int]`, tries
/// each `[` as a type again at every level: 0.4 s at 10 levels and 84 s at 18 in a debug build),
/// so the Swift readers refuse a file nested deeper than `limit` before handing it to the parser,
/// with an input error at the `[` that goes too deep. Real code nests a few levels
/// (`[[String: [Int]]]` is three). Found by fuzzing (docs/fuzzing.md).
///
/// Comments and string literals (with their `\( )` interpolations read as code) are skipped, so a
/// `[` in a comment or a string does not count.
package enum SwiftBracketNesting {
    /// The deepest nesting the readers parse; the parser takes well under a second there.
    package static let limit = 12

    /// An input error at the first `[` nested deeper than `limit`, or nil.
    package static func check(_ bytes: [UInt8], file: String) -> InputError? {
        guard let offset = firstTooDeep(bytes) else { return nil }
        var line = 1, lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return InputError(
            at: SourceLocation(file: file, line: line, column: offset - lineStart + 1),
            "'[' nested more than \(limit) deep; schemalint does not read this file",
            notes: ["swift-syntax's parser takes time that doubles with each level of '[', so schemalint reads Swift nested at most \(limit) deep"]
        )
    }

    /// Where a string literal ends: its quotes (1 or 3) and its `#`s.
    private struct StringDelimiter {
        var quotes: Int
        var hashes: Int
    }

    /// What the scanner is in: code (with the `(` depth of the interpolation it is in, if any), or
    /// a string literal.
    private enum Context {
        case code(parentheses: Int)
        case string(StringDelimiter)
    }

    /// The offset of the first `[` nested deeper than `limit`, or nil.
    static func firstTooDeep(_ bytes: [UInt8]) -> Int? {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "("), close = UInt8(ascii: ")")
        let leftSquare = UInt8(ascii: "["), rightSquare = UInt8(ascii: "]"), newline = UInt8(ascii: "\n")
        var contexts: [Context] = [.code(parentheses: 0)]
        var depth = 0
        var index = 0
        let count = bytes.count
        func at(_ offset: Int) -> UInt8? { offset < count ? bytes[offset] : nil }
        func run(of byte: UInt8, from start: Int) -> Int {
            var end = start
            while end < count, bytes[end] == byte { end += 1 }
            return end - start
        }
        while index < count {
            let byte = bytes[index]
            switch contexts[contexts.count - 1] {
            case .code(let parentheses):
                if byte == slash, at(index + 1) == slash {
                    while index < count, bytes[index] != newline { index += 1 }
                    continue
                }
                if byte == slash, at(index + 1) == star {
                    var nesting = 1
                    index += 2
                    while index < count, nesting > 0 {
                        if bytes[index] == slash, at(index + 1) == star { nesting += 1; index += 2 }
                        else if bytes[index] == star, at(index + 1) == slash { nesting -= 1; index += 2 }
                        else { index += 1 }
                    }
                    continue
                }
                if byte == hash || byte == quote {
                    let hashes = run(of: hash, from: index)
                    if at(index + hashes) == quote {
                        let quotes = run(of: quote, from: index + hashes) >= 3 ? 3 : 1
                        contexts.append(.string(StringDelimiter(quotes: quotes, hashes: hashes)))
                        index += hashes + quotes
                        continue
                    }
                    index += max(hashes, 1)
                    continue
                }
                if byte == leftSquare {
                    depth += 1
                    if depth > limit { return index }
                } else if byte == rightSquare {
                    depth = max(0, depth - 1)
                } else if byte == open, parentheses > 0 {
                    contexts[contexts.count - 1] = .code(parentheses: parentheses + 1)
                } else if byte == close, parentheses > 0 {
                    if parentheses == 1 { contexts.removeLast() } else { contexts[contexts.count - 1] = .code(parentheses: parentheses - 1) }
                }
                index += 1
            case .string(let delimiter):
                if byte == backslash, run(of: hash, from: index + 1) == delimiter.hashes {
                    let next = index + 1 + delimiter.hashes
                    if at(next) == open {
                        contexts.append(.code(parentheses: 1))
                    }
                    index = next + 1
                    continue
                }
                if byte == quote, run(of: quote, from: index) >= delimiter.quotes,
                   run(of: hash, from: index + delimiter.quotes) >= delimiter.hashes {
                    contexts.removeLast()
                    index += delimiter.quotes + delimiter.hashes
                    continue
                }
                // A single-line string ends at the line's end (the parser reports it unterminated).
                if byte == newline, delimiter.quotes == 1 {
                    contexts.removeLast()
                }
                index += 1
            }
        }
        return nil
    }
}

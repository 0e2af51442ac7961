import SchemaLintCore

/// Splits a CloudKit Schema Language file into tokens with their positions: names (bare or
/// double-quoted), punctuation, the end. Comments (`//`, `--`, `/* */`) and white space are
/// skipped. Anything else is an input error at its line and column.
struct CloudKitSchemaLexer {
    struct Token: Equatable {
        enum Kind: Equatable {
            /// A bare word: a keyword or a name (`RECORD`, `CD_Note`).
            case word(String)
            /// A double-quoted name (`"___recordID"`): never a keyword.
            case quoted(String)
            /// One of `( ) , ; < >`.
            case symbol(Character)
            case end
        }

        var kind: Kind
        var location: SourceLocation

        /// The word in upper case, when the token is a bare word (keywords are not case-sensitive).
        var keyword: String? {
            if case .word(let text) = kind { return text.uppercased() }
            return nil
        }

        /// How a message shows the token.
        var shown: String {
            switch kind {
            case .word(let text): "'\(text)'"
            case .quoted(let text): "'\"\(text)\"'"
            case .symbol(let symbol): "'\(symbol)'"
            case .end: "the end of the file"
            }
        }
    }

    let file: String

    func tokens(of bytes: [UInt8]) throws(InputError) -> [Token] {
        let scalars = try decode(bytes)
        var tokens: [Token] = []
        var index = scalars.first == "\u{FEFF}" ? 1 : 0
        var (line, column) = (1, 1)

        func advance() {
            if scalars[index] == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
            index += 1
        }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        func here() -> SourceLocation { SourceLocation(file: file, line: line, column: column) }

        while let scalar = peek() {
            let start = here()
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                advance()
            case "/" where peek(1) == "/", "-" where peek(1) == "-":
                while let next = peek(), next != "\n" { advance() }
            case "/" where peek(1) == "*":
                advance(); advance()
                while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
                guard peek() != nil else { throw InputError(at: start, "this comment ('/*') is never closed with '*/'") }
                advance(); advance()
            case "\"":
                advance()
                var name = ""
                while let next = peek(), next != "\"", next != "\n" {
                    name.unicodeScalars.append(next)
                    advance()
                }
                guard peek() == "\"" else { throw InputError(at: start, "this quoted name is not closed with '\"' on its line") }
                advance()
                guard !name.isEmpty else { throw InputError(at: start, "a quoted name cannot be empty") }
                tokens.append(Token(kind: .quoted(name), location: start))
            case "(", ")", ",", ";", "<", ">":
                advance()
                tokens.append(Token(kind: .symbol(Character(scalar)), location: start))
            case _ where Self.isLetter(scalar):
                var word = ""
                while let next = peek(), Self.isLetter(next) || Self.isDigit(next) || next == "_" {
                    word.unicodeScalars.append(next)
                    advance()
                }
                tokens.append(Token(kind: .word(word), location: start))
            case "_":
                throw InputError(at: start, "names that start with '_' are CloudKit's own and must be written in double quotes (\"___recordID\")")
            default:
                throw InputError(at: start, "unexpected character \(Self.shown(scalar)) in a CloudKit schema")
            }
        }
        tokens.append(Token(kind: .end, location: here()))
        return tokens
    }

    /// The file's characters, or an error at the first byte that is not UTF-8.
    private func decode(_ bytes: [UInt8]) throws(InputError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var (offset, line, column) = (0, 1, 1)
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                scalars.append(scalar)
                offset += encoded.count
                if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
            case .error:
                throw InputError(file: file, line: line, column: column, message: "the file is not UTF-8 text (byte \(offset + 1)); a CloudKit schema is text as cktool export-schema writes it")
            case .emptyInput:
                return scalars
            }
        }
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// A character as a message shows it: printable ones quoted, others by code point.
    static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)) + String(scalar.value, radix: 16, uppercase: true)
            : "'\(scalar)'"
    }
}

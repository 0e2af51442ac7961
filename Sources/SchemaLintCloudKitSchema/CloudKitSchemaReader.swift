import SchemaLintCore

/// Reads a CloudKit Schema Language file (`cktool export-schema`, usually `.ckdb`):
///
///     DEFINE SCHEMA
///         CREATE ROLE name;
///         RECORD TYPE name ( field TYPE [QUERYABLE|SORTABLE|SEARCHABLE]..., GRANT READ, WRITE TO role, ... );
///
/// Keywords are not case-sensitive; names are, and are compared without their quotes. Every
/// problem (a syntax error, an unknown type, a repeated field, a file that is something else) is
/// one `InputError` at its line and column. The parser is a loop over tokens without recursion:
/// a `LIST` holds one type that is not a list, as the grammar says.
package enum CloudKitSchemaReader {
    /// The usual extension of schema files.
    package static let fileExtension = "ckdb"

    /// Reads the schema in `file`.
    package static func read(file: String) throws(InputError) -> CloudKitSchema {
        try parse(bytes: try FileReader.bytes(of: file), file: file)
    }

    /// Reads a schema from bytes in memory; `file` names it in positions (the fuzzing entry point).
    package static func parse(bytes: [UInt8], file: String) throws(InputError) -> CloudKitSchema {
        var parser = Parser(tokens: try CloudKitSchemaLexer(file: file).tokens(of: bytes), file: file)
        return try parser.schema()
    }

    /// The words with a meaning of their own, which a name can only be in double quotes.
    static let reservedWords: Set<String> = ["GRANT", "PREFERRED", "QUERYABLE", "SORTABLE", "SEARCHABLE"]

    private struct Parser {
        typealias Token = CloudKitSchemaLexer.Token
        let tokens: [Token]
        let file: String
        var index = 0

        init(tokens: [Token], file: String) {
            self.tokens = tokens
            self.file = file
        }

        var current: Token { tokens[min(index, tokens.count - 1)] }

        mutating func next() -> Token {
            let token = current
            if index < tokens.count - 1 { index += 1 }
            return token
        }

        func isKeyword(_ keyword: String) -> Bool { current.keyword == keyword }

        func isSymbol(_ symbol: Character) -> Bool { current.kind == .symbol(symbol) }

        mutating func expectKeyword(_ keyword: String, _ context: String) throws(InputError) {
            guard isKeyword(keyword) else { throw InputError(at: current.location, "expected '\(keyword)' \(context), found \(current.shown)") }
            _ = next()
        }

        mutating func expectSymbol(_ symbol: Character, _ context: String) throws(InputError) {
            guard isSymbol(symbol) else { throw InputError(at: current.location, "expected '\(symbol)' \(context), found \(current.shown)") }
            _ = next()
        }

        /// A name, bare or quoted; bare names may not be reserved words.
        mutating func name(_ what: String) throws(InputError) -> (String, SourceLocation) {
            let token = next()
            switch token.kind {
            case .quoted(let text): return (text, token.location)
            case .word(let text):
                guard !CloudKitSchemaReader.reservedWords.contains(text.uppercased()) else {
                    throw InputError(at: token.location, "'\(text)' is a reserved word; write the \(what) in double quotes (\"\(text)\") to use it as one")
                }
                return (text, token.location)
            default:
                throw InputError(at: token.location, "expected the \(what), found \(token.shown)")
            }
        }

        mutating func schema() throws(InputError) -> CloudKitSchema {
            guard isKeyword("DEFINE") else {
                throw InputError(at: current.location, "expected 'DEFINE SCHEMA' at the start, found \(current.shown); this is not a CloudKit schema as cktool export-schema writes it")
            }
            _ = next()
            try expectKeyword("SCHEMA", "after 'DEFINE'")
            var recordTypes: [CloudKitRecordType] = []
            var firstByName: [String: SourceLocation] = [:]
            var roles: [String] = []
            while current.kind != .end {
                if isSymbol(";") {
                    _ = next()
                    continue
                }
                if isKeyword("CREATE") {
                    _ = next()
                    try expectKeyword("ROLE", "after 'CREATE'")
                    roles.append(try name("role's name").0)
                } else if isKeyword("RECORD") {
                    let recordType = try self.recordType()
                    if let first = firstByName[recordType.name] {
                        throw InputError(at: recordType.location, "record type '\(recordType.name)' is defined twice", notes: ["first defined at \(first)"])
                    }
                    firstByName[recordType.name] = recordType.location
                    recordTypes.append(recordType)
                } else {
                    throw InputError(at: current.location, "expected 'RECORD TYPE' or 'CREATE ROLE', found \(current.shown)")
                }
                guard isSymbol(";") || current.kind == .end else {
                    throw InputError(at: current.location, "expected ';' after the statement, found \(current.shown)")
                }
            }
            return CloudKitSchema(file: file, recordTypes: recordTypes, roles: roles)
        }

        mutating func recordType() throws(InputError) -> CloudKitRecordType {
            _ = next()
            try expectKeyword("TYPE", "after 'RECORD'")
            let (typeName, location) = try name("record type's name")
            try expectSymbol("(", "after the name of record type '\(typeName)'")
            var fields: [CloudKitField] = []
            var firstByName: [String: SourceLocation] = [:]
            if !isSymbol(")") {
                repeat {
                    if isKeyword("GRANT") {
                        try grant()
                    } else {
                        let field = try self.field(in: typeName)
                        if let first = firstByName[field.name] {
                            throw InputError(at: field.location, "field '\(field.name)' of record type '\(typeName)' is declared twice", notes: ["first declared at \(first)"])
                        }
                        firstByName[field.name] = field.location
                        fields.append(field)
                    }
                } while try separator(in: typeName)
            }
            try expectSymbol(")", "to close record type '\(typeName)'")
            return CloudKitRecordType(name: typeName, fields: fields, location: location)
        }

        /// After an item: true after a ',' (another item follows), false before the ')'.
        mutating func separator(in typeName: String) throws(InputError) -> Bool {
            if isSymbol(",") {
                _ = next()
                guard !isSymbol(")") else { throw InputError(at: current.location, "expected a field or GRANT after ',' in record type '\(typeName)', found ')'") }
                return true
            }
            guard isSymbol(")") else {
                throw InputError(at: current.location, "expected ',' or ')' after an item of record type '\(typeName)', found \(current.shown)")
            }
            return false
        }

        /// `GRANT READ|CREATE|WRITE [, ...] TO role`: the commas between permissions are not item separators.
        mutating func grant() throws(InputError) {
            _ = next()
            repeat {
                guard let permission = current.keyword, ["READ", "CREATE", "WRITE"].contains(permission) else {
                    throw InputError(at: current.location, "expected READ, CREATE or WRITE in a GRANT, found \(current.shown)")
                }
                _ = next()
                guard isSymbol(",") else { break }
                _ = next()
            } while true
            try expectKeyword("TO", "after the permissions of a GRANT")
            _ = try name("role's name")
        }

        mutating func field(in typeName: String) throws(InputError) -> CloudKitField {
            let (fieldName, location) = try name("field's name")
            let type = try self.type(of: fieldName)
            var options: Set<CloudKitFieldOption> = []
            while let word = current.keyword, let option = CloudKitFieldOption(rawValue: word) {
                guard options.insert(option).inserted else {
                    throw InputError(at: current.location, "\(option.rawValue) is written twice for field '\(fieldName)'")
                }
                if case .encrypted = type {
                    throw InputError(at: current.location, "field '\(fieldName)' is ENCRYPTED, and CloudKit does not index encrypted fields (\(option.rawValue))")
                }
                _ = next()
            }
            return CloudKitField(name: fieldName, type: type, options: options.sorted(), location: location)
        }

        mutating func type(of fieldName: String) throws(InputError) -> CloudKitFieldType {
            if isKeyword("LIST") {
                _ = next()
                try expectSymbol("<", "after LIST")
                if isKeyword("LIST") {
                    throw InputError(at: current.location, "a LIST holds values of one type that is not itself a LIST (field '\(fieldName)')")
                }
                let element = try self.element(of: fieldName)
                try expectSymbol(">", "to close LIST<\(element)")
                return .list(element)
            }
            return CloudKitFieldType(try element(of: fieldName))
        }

        mutating func element(of fieldName: String) throws(InputError) -> CloudKitFieldType.Element {
            let token = next()
            let typeNames = CloudKitFieldType.Primitive.allCases.map(\.rawValue) + ["ENCRYPTED", "NUMBER", "LIST"]
            guard let word = token.keyword else {
                throw InputError(at: token.location, "expected the type of field '\(fieldName)', found \(token.shown)")
            }
            switch word {
            case "ENCRYPTED":
                let inner = next()
                guard let innerWord = inner.keyword, let primitive = CloudKitFieldType.Primitive(rawValue: innerWord), primitive.isEncryptable else {
                    throw InputError(at: inner.location, "ENCRYPTED takes BYTES, STRING, DOUBLE, INT64, LOCATION or TIMESTAMP, found \(inner.shown)")
                }
                return .encrypted(primitive)
            case "NUMBER":
                guard isKeyword("PREFERRED") else { return .number(preferred: nil) }
                _ = next()
                try expectKeyword("AS", "after PREFERRED")
                let inner = next()
                guard let innerWord = inner.keyword, let primitive = CloudKitFieldType.Primitive(rawValue: innerWord), primitive == .int64 || primitive == .double else {
                    throw InputError(at: inner.location, "NUMBER PREFERRED AS takes INT64 or DOUBLE, found \(inner.shown)")
                }
                return .number(preferred: primitive)
            default:
                guard let primitive = CloudKitFieldType.Primitive(rawValue: word) else {
                    let text = if case .word(let raw) = token.kind { raw } else { word }
                    throw InputError(at: token.location, "unknown type '\(text)' of field '\(fieldName)'" + Spelling.didYouMean(word, among: typeNames))
                }
                return .primitive(primitive)
            }
        }
    }
}

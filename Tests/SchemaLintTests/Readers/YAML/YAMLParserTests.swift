import Testing
@testable import SchemaLint

/// Testing's source location, named apart from the model's `SourceLocation`.
private typealias TestSourceLocation = Testing.SourceLocation

/// Parses `text` as `test.yaml` with the given limits.
private func parse(_ text: String, limits: YAMLParser.Limits = .default) throws(InputError) -> YAMLNode {
    try YAMLParser(limits: limits).parse(Array(text.utf8), file: "test.yaml")
}

/// The error `parse` throws for `bytes`, or nil (recorded as a failure) if it parses.
private func parseError(
    _ bytes: [UInt8], limits: YAMLParser.Limits = .default, sourceLocation: TestSourceLocation = #_sourceLocation
) -> InputError? {
    do {
        _ = try YAMLParser(limits: limits).parse(bytes, file: "test.yaml")
        Issue.record("expected an error, but the input parsed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private func parseError(
    _ text: String, limits: YAMLParser.Limits = .default, sourceLocation: TestSourceLocation = #_sourceLocation
) -> InputError? {
    parseError(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
}

extension YAMLNode {
    /// The value for a scalar key; nil if this is not a mapping or has no such key.
    fileprivate subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalar == key }?.value
    }

    fileprivate subscript(index: Int) -> YAMLNode? {
        guard case .sequence(let items) = content, items.indices.contains(index) else { return nil }
        return items[index]
    }

    fileprivate var keys: [YAMLNode] {
        guard case .mapping(let pairs) = content else { return [] }
        return pairs.map(\.key)
    }

    fileprivate var style: ScalarStyle? {
        guard case .scalar(_, let style) = content else { return nil }
        return style
    }

    /// `line:column`, compact for assertions.
    fileprivate var at: String { "\(location.line):\(location.column)" }
}

extension InputError {
    fileprivate var at: String { "\(line.map(String.init) ?? "-"):\(column.map(String.init) ?? "-")" }
}

@Suite struct YAMLParserPositionTests {
    @Test func nestedBlockAndFlowCollections() throws {
        let root = try parse("""
            name: Library
            entities:
              - name: Book
                attributes: [title, {isbn: x}]

            """)
        #expect(root.at == "1:1")
        #expect(root.keys.map(\.at) == ["1:1", "2:1"])
        #expect(root["name"]?.at == "1:7")
        let entities = try #require(root["entities"])
        #expect(entities.kindDescription == "a list")
        #expect(entities.at == "3:3")  // the first '-'
        let book = try #require(entities[0])
        #expect(book.at == "3:5")
        #expect(book.keys.map(\.at) == ["3:5", "4:5"])
        #expect(book["name"]?.at == "3:11")
        let attributes = try #require(book["attributes"])
        #expect(attributes.at == "4:17")  // '['
        #expect(attributes[0]?.at == "4:18")
        let isbn = try #require(attributes[1])
        #expect(isbn.at == "4:25")  // '{'
        #expect(isbn.keys.map(\.at) == ["4:26"])
        #expect(isbn["isbn"]?.scalar == "x")
        #expect(isbn["isbn"]?.at == "4:32")
        #expect(root.location.file == "test.yaml")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try parse("名前: [値, 二]\n🙂: x\ngröße: wert\n")
        #expect(root["名前"]?.at == "1:5")
        #expect(root["名前"]?[0]?.at == "1:6")
        #expect(root["名前"]?[1]?.at == "1:9")
        #expect(root["🙂"]?.at == "2:4")
        #expect(root["größe"]?.at == "3:8")
    }

    @Test func byteOrderMarkIsSkippedAndNotCounted() throws {
        let root = try YAMLParser().parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), file: "test.yaml")
        #expect(root["a"]?.scalar == "1")
        #expect(root["a"]?.at == "1:4")
    }

    @Test func windowsLineEndings() throws {
        let root = try parse("a: 1\r\nb: 2\r\n")
        #expect(root.keys.map(\.at) == ["1:1", "2:1"])
        #expect(root["b"]?.at == "2:4")
    }

    @Test func rootScalarAndExplicitDocumentMarkers() throws {
        #expect(try parse("hello").scalar == "hello")
        let root = try parse("%YAML 1.1\n--- \na: 1\n...\n")
        #expect(root["a"]?.scalar == "1")
        #expect(root.at == "3:1")
    }
}

@Suite struct YAMLParserScalarTests {
    @Test func stylesAndTexts() throws {
        let root = try parse("""
            plain: a
            single: 'b'
            double: "c\\td"
            literal: |
              l1
              l2
            folded: >
              f1
              f2

            """)
        #expect(root["plain"]?.scalar == "a")
        #expect(root["plain"]?.style == .plain)
        #expect(root["single"]?.style == .singleQuoted)
        #expect(root["single"]?.at == "2:9")  // the opening quote
        #expect(root["double"]?.scalar == "c\td")
        #expect(root["double"]?.style == .doubleQuoted)
        #expect(root["literal"]?.scalar == "l1\nl2\n")
        #expect(root["literal"]?.style == .literal)
        #expect(root["literal"]?.at == "4:10")  // the '|'
        #expect(root["folded"]?.scalar == "f1 f2\n")
        #expect(root["folded"]?.style == .folded)
    }

    @Test func explicitTagsInShortForm() throws {
        let root = try parse("""
            a: !!str 1
            b: !custom x
            c: !<tag:yaml.org,2002:int> 3
            d: ! e
            f: !!map {k: v}
            g: !list [1]
            h: plain

            """)
        #expect(root["a"]?.tag == "!!str")
        #expect(root["a"]?.scalar == "1")
        #expect(root["a"]?.at == "1:4")  // the tag starts the node
        #expect(root["b"]?.tag == "!custom")
        #expect(root["c"]?.tag == "!!int")
        #expect(root["d"]?.tag == "!")
        #expect(root["f"]?.tag == "!!map")
        #expect(root["f"]?.kindDescription == "a mapping")
        #expect(root["g"]?.tag == "!list")
        #expect(root["h"]?.tag == nil)
        #expect(root.tag == nil)
    }

    @Test func nullDetection() throws {
        let root = try parse("a:\nb: ~\nc: null\nd: NULL\ne: 'null'\nf: !!str null\ng: nil\n")
        #expect(root["a"]?.isNull == true)
        #expect(root["a"]?.scalar == "")
        #expect(root["a"]?.at == "1:3")  // just after the ':'
        #expect(root["b"]?.isNull == true)
        #expect(root["c"]?.isNull == true)
        #expect(root["d"]?.isNull == true)
        #expect(root["e"]?.isNull == false)
        #expect(root["f"]?.isNull == false)
        #expect(root["g"]?.isNull == false)
        #expect(root["a"]?.kindDescription == "null")
    }
}

@Suite struct YAMLParserAliasTests {
    @Test func aliasesCopyTheAnchoredNodeAtTheAliasPosition() throws {
        let root = try parse("""
            defaults: &defaults
              type: string
              optional: true
            name: *defaults
            list: [*defaults, &n 3, *n]

            """)
        let name = try #require(root["name"])
        #expect(name.at == "4:7")
        #expect(name["type"]?.scalar == "string")
        #expect(name["optional"]?.scalar == "true")
        #expect(name.keys.map(\.at) == ["2:3", "3:3"])  // the content keeps its own positions
        let list = try #require(root["list"])
        #expect(list[0]?.at == "5:8")
        #expect(list[0]?["type"]?.scalar == "string")
        #expect(list[1]?.scalar == "3")
        #expect(list[1]?.at == "5:19")  // the anchor starts the node
        #expect(list[2]?.scalar == "3")
        #expect(list[2]?.at == "5:25")
    }

    @Test func aRedefinedAnchorRefersToTheLatestNode() throws {
        let root = try parse("a: &x 1\nb: *x\nc: &x 2\nd: *x\n")
        #expect(root["b"]?.scalar == "1")
        #expect(root["d"]?.scalar == "2")
    }

    @Test func expansionLimitCountsTheNodesEachAliasAdds() throws {
        let text = "defaults: &d {type: string, optional: true}\nname: *d\nlist: [*d]\n"
        // Each `*d` adds 5 nodes (the mapping and its 4 scalars): 10 in all.
        #expect(throws: Never.self) { try parse(text, limits: .init(maxAliasExpansion: 10)) }
        let error = parseError(text, limits: .init(maxAliasExpansion: 9))
        #expect(error?.at == "3:8")
        #expect(error?.message == "aliases expand to more than 9 nodes (a 'billion laughs' document?)")
    }

    @Test func billionLaughsFailsFast() throws {
        var lines = ["a: &a [\(Array(repeating: "\"lol\"", count: 9).joined(separator: ","))]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [\(Array(repeating: "*\(previous)", count: 9).joined(separator: ","))]")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let clock = ContinuousClock()
        var error: InputError?
        let elapsed = clock.measure { error = parseError(text) }
        // a: 10 nodes, b: 91, c: 820, d: 7,381; the first *d in e takes the total past 10,000.
        #expect(error?.at == "5:8")
        #expect(error?.message == "aliases expand to more than 10000 nodes (a 'billion laughs' document?)")
        #expect(elapsed < .milliseconds(100))
    }

    @Test func unknownAlias() {
        let error = parseError("a: 1\nb: *nope\n")
        #expect(error?.at == "2:4")
        #expect(error?.message == "unknown alias '*nope'; no anchor '&nope' is defined before it")
        // An anchor defined later does not count.
        #expect(parseError("a: *x\nb: &x 1\n")?.at == "1:4")
    }

    @Test func recursiveAlias() {
        let error = parseError("a: &x [1, *x]\n")
        #expect(error?.at == "1:11")
        #expect(error?.message == "alias '*x' refers to a node that contains it; recursive aliases are not supported")
    }
}

@Suite struct YAMLParserErrorTests {
    @Test func libyamlErrorsUseTheProblemPosition() {
        let mappingValue = parseError("a: b: c\n")
        #expect(mappingValue?.at == "1:5")
        #expect(mappingValue?.message == "mapping values are not allowed in this context")
        #expect(mappingValue?.file == "test.yaml")

        let unclosedFlow = parseError("a: [1, 2\n")
        #expect(unclosedFlow?.at == "2:1")
        #expect(unclosedFlow?.message == "did not find expected ',' or ']' (while parsing a flow sequence that started at line 1, column 4)")

        let unclosedQuote = parseError("- \"abc\n")
        #expect(unclosedQuote?.at == "2:1")
        #expect(unclosedQuote?.message == "found unexpected end of stream (while scanning a quoted scalar that started at line 1, column 3)")

        let reserved = parseError("key: @x\n")
        #expect(reserved?.at == "1:6")
        #expect(reserved?.message == "found character '@' that cannot start any token")

        let badIndent = parseError("a:\n  - b\n  c: d\n")
        #expect(badIndent?.at == "3:3")
        #expect(badIndent?.message == "did not find expected '-' indicator (while parsing a block collection that started at line 2, column 3)")
    }

    @Test func tabsInIndentation() {
        let leading = parseError("a:\n\tb: 1\n")
        #expect(leading?.at == "2:1")
        #expect(leading?.message == "tabs are not allowed in indentation; indent with spaces")
        let afterSpaces = parseError("a:\n  b: 1\n  \tc: 2\n")
        #expect(afterSpaces?.at == "3:3")
        #expect(afterSpaces?.message == "tabs are not allowed in indentation; indent with spaces")
        // A tab between a key and its value is fine.
        #expect(throws: Never.self) { try parse("a:\tb\n") }
    }

    @Test(arguments: ["", "# only a comment\n\n   \n", "\n"])
    func emptyFile(text: String) {
        let error = parseError(text)
        #expect(error?.message == "the file is empty")
        #expect(error?.at == "1:1")
    }

    @Test func fileWithOnlyAByteOrderMarkIsEmpty() {
        let error = parseError([0xEF, 0xBB, 0xBF])
        #expect(error?.message == "the file is empty")
        #expect(error?.at == "1:1")
    }

    @Test func moreThanOneDocument() {
        let explicit = parseError("a: 1\n---\nb: 2\n")
        #expect(explicit?.at == "2:1")
        #expect(explicit?.message == "only one YAML document per file is allowed")
        #expect(parseError("--- a\n--- b\n")?.at == "2:1")
        #expect(parseError("a: 1\n...\nb: 2\n")?.at == "3:1")
        #expect(throws: Never.self) { try parse("a: 1\n...\n# trailing comment\n") }
    }

    @Test func duplicateKeys() {
        let top = parseError("a: 1\nb: 2\na: 3\n")
        #expect(top?.at == "3:1")
        #expect(top?.message == "duplicate key 'a'")
        #expect(top?.notes == ["first declared at 1:1"])

        let nested = parseError("x:\n  k: 1\n  k: 2\n")
        #expect(nested?.at == "3:3")
        #expect(nested?.notes == ["first declared at 2:3"])

        let flow = parseError("{a: 1, a: 2}")
        #expect(flow?.at == "1:8")
        #expect(flow?.notes == ["first declared at 1:2"])

        // Keys compare by text, whatever their style.
        let quoted = parseError("'1': a\n1: b\n")
        #expect(quoted?.at == "2:1")
        #expect(quoted?.message == "duplicate key '1'")
    }

    @Test func duplicateKeyInALargeMapping() {
        let keys = (1...40).map { "key\($0): \($0)" }
        let error = parseError((keys + ["key7: again"]).joined(separator: "\n"))
        #expect(error?.at == "41:1")
        #expect(error?.message == "duplicate key 'key7'")
        #expect(error?.notes == ["first declared at 7:1"])
        #expect(throws: Never.self) { try parse(keys.joined(separator: "\n")) }
    }

    @Test func sameKeysInDifferentMappingsAreFine() throws {
        let root = try parse("a:\n  a: 1\nb:\n  - a: 1\n  - a: 2\n")
        #expect(root["b"]?[1]?["a"]?.scalar == "2")
    }

    @Test func complexKeysCompareByStructure() throws {
        let error = parseError("? [a, b]\n: 1\n? [a, b]\n: 2\n")
        #expect(error?.at == "3:3")
        #expect(error?.message == "duplicate key [a, b]")
        #expect(error?.notes == ["first declared at 1:3"])
        let root = try parse("? [a, b]\n: 1\n? [a, c]\n: 2\n? {a: b}\n: 3\n")
        #expect(root.keys.count == 3)
    }

    @Test func invalidUTF8() {
        let stray = parseError([0x61, 0x3A, 0x20, 0xFF])  // "a: \xFF"
        #expect(stray?.at == "1:4")
        #expect(stray?.message == "the file is not valid UTF-8 (byte 0xFF)")

        // Latin-1 "é" after a UTF-8 "ä" on line 2: columns count characters.
        let latin1 = parseError(Array("a\nb: ä".utf8) + [0xE9] + Array(" x".utf8))
        #expect(latin1?.at == "2:5")
        #expect(latin1?.message == "the file is not valid UTF-8 (byte 0xE9)")

        #expect(parseError([0x61, 0xC3])?.message == "the file is not valid UTF-8 (byte 0xC3)")  // truncated
        #expect(parseError([0x61, 0xC3])?.at == "1:2")
        #expect(parseError([0xC0, 0x80])?.message == "the file is not valid UTF-8 (byte 0xC0)")  // overlong
        #expect(parseError([0xED, 0xA0, 0x80])?.message == "the file is not valid UTF-8 (byte 0xED)")  // surrogate
        #expect(parseError([0xF4, 0x90, 0x80, 0x80])?.message == "the file is not valid UTF-8 (byte 0xF4)")  // > U+10FFFF

        let afterBOM = parseError([0xEF, 0xBB, 0xBF, 0x61, 0x3A, 0x20, 0xFF])
        #expect(afterBOM?.at == "1:4")
    }

    @Test func utf16And32ByteOrderMarks() {
        let little = parseError([0xFF, 0xFE, 0x61, 0x00])
        #expect(little?.at == "1:1")
        #expect(little?.message == "the file is not valid UTF-8: it starts with a UTF-16 (little-endian) byte-order mark; save it as UTF-8")
        #expect(parseError([0xFE, 0xFF, 0x00, 0x61])?.message
            == "the file is not valid UTF-8: it starts with a UTF-16 (big-endian) byte-order mark; save it as UTF-8")
        #expect(parseError([0xFF, 0xFE, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00])?.message
            == "the file is not valid UTF-8: it starts with a UTF-32 (little-endian) byte-order mark; save it as UTF-8")
        #expect(parseError([0x00, 0x00, 0xFE, 0xFF])?.message
            == "the file is not valid UTF-8: it starts with a UTF-32 (big-endian) byte-order mark; save it as UTF-8")
    }

    @Test func controlCharacters() {
        let nul = parseError([0x61, 0x3A, 0x20, 0x31, 0x0A, 0x62, 0x3A, 0x20, 0x00])  // "a: 1\nb: \0"
        #expect(nul?.at == "2:4")
        #expect(nul?.message == "the file contains a NUL byte (U+0000), which YAML does not allow; is it a binary file?")

        let bell = parseError("a: 1\r\nb: \u{7}\n")
        #expect(bell?.at == "2:4")
        #expect(bell?.message == "the control character U+0007 is not allowed in YAML")
        #expect(parseError("a: \u{7F}")?.message == "the control character U+007F is not allowed in YAML")
        #expect(parseError("a: \u{80}")?.message == "the control character U+0080 is not allowed in YAML")
        #expect(parseError("a: \u{FFFE}")?.message == "the noncharacter U+FFFE is not allowed in YAML")
        // A lone carriage return ends a line, as it does for libyaml.
        #expect(parseError("a\rb\u{1}")?.at == "2:2")
        // Tab, NEL and characters past the BMP are fine.
        #expect(throws: Never.self) { try parse("a:\tb\u{85}c: \u{1F642}\n") }
    }

    /// The check reads eight bytes at a time; a bad byte must be found wherever it falls in a word.
    @Test(arguments: 0..<20)
    func badByteAtEveryOffsetInALongLine(offset: Int) {
        let prefix = Array("key: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: offset)
        let suffix = Array(repeating: UInt8(ascii: "b"), count: 20)
        for (bad, message) in [
            (UInt8(0xFF), "the file is not valid UTF-8 (byte 0xFF)"),
            (UInt8(0x7F), "the control character U+007F is not allowed in YAML"),
            (UInt8(0x1B), "the control character U+001B is not allowed in YAML"),
        ] {
            let error = parseError(prefix + [bad] + suffix)
            #expect(error?.at == "1:\(6 + offset)")
            #expect(error?.message == message)
        }
    }

    @Test func nestingDeeperThanTheLimit() {
        let limits = YAMLParser.Limits(maxDepth: 3)
        #expect(throws: Never.self) { try parse("a:\n  b:\n    c: 1\n", limits: limits) }
        let error = parseError("a:\n  b:\n    c:\n      d: 1\n", limits: limits)
        #expect(error?.at == "4:7")
        #expect(error?.message == "the document nests deeper than 3 levels")

        let deepFlow = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let defaultError = parseError(deepFlow)
        #expect(defaultError?.at == "1:257")
        #expect(defaultError?.message == "the document nests deeper than 256 levels")
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try parse(allowed) }
    }

    @Test func aliasesCannotNestPastTheLimit() {
        let limits = YAMLParser.Limits(maxDepth: 3)
        let text = "a: &x [[1]]\nb: [*x]\n"
        let error = parseError(text, limits: limits)
        #expect(error?.at == "2:5")
        #expect(error?.message == "the document nests deeper than 3 levels")
        #expect(throws: Never.self) { try parse(text, limits: .init(maxDepth: 4)) }
    }

    @Test func veryDeepDocumentsDoNotOverflowTheStack() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(parseError(text)?.message == "the document nests deeper than 256 levels")
    }

    @Test func fileLargerThanTheLimit() {
        let limits = YAMLParser.Limits(maxFileSize: 10)
        #expect(throws: Never.self) { try parse("a: 1234567", limits: limits) }
        let error = parseError("a: 12345678", limits: limits)
        #expect(error?.at == "1:1")
        #expect(error?.message == "the file is too large (11 bytes; the limit is 10 bytes)")
        #expect(parseError(Array(repeating: 0x20, count: 3 << 20), limits: .init(maxFileSize: 2 << 20))?.message
            == "the file is too large (3 MiB; the limit is 2 MiB)")
    }

    @Test func errorDescriptionNamesFileLineAndColumn() {
        #expect(parseError("a: b: c\n")?.description == "test.yaml:1:5: error: mapping values are not allowed in this context")
    }
}

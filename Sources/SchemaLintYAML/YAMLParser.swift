import CYAML
import SchemaLintCore

/// Reads one YAML document into a `YAMLDocument` (or a tree of `YAMLNode`s), each node with the
/// position of its first character.
///
/// The bytes are checked first (size, UTF-8, characters YAML allows), then libyaml's events are
/// read in one pass. Every problem is an `InputError` with a 1-based line and column.
package struct YAMLParser: Sendable {
    /// Bounds that keep hostile or broken input from exhausting time, memory or the stack.
    package struct Limits: Sendable, Hashable {
        /// The most nodes that alias resolution may add in total: each alias adds the size of the
        /// node it copies. Guards against "billion laughs" documents.
        package var maxAliasExpansion: Int
        /// The deepest nesting of collections, counting the root collection as 1; a collection
        /// copied by an alias counts at its full depth where the alias stands.
        package var maxDepth: Int
        /// The largest file accepted, in bytes.
        package var maxFileSize: Int

        package init(maxAliasExpansion: Int = 10_000, maxDepth: Int = 256, maxFileSize: Int = 64 << 20) {
            self.maxAliasExpansion = maxAliasExpansion
            self.maxDepth = maxDepth
            self.maxFileSize = maxFileSize
        }

        /// 10,000 alias nodes, 256 levels, 64 MiB.
        package static let `default` = Limits()
    }

    package var limits: Limits

    package init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses exactly one YAML document from UTF-8 bytes (a leading UTF-8 byte-order mark is skipped).
    ///
    /// - Parameter file: the name used in node locations and errors.
    /// - Throws: `InputError` at the offending line and column for a file that is too large, not
    ///   UTF-8, empty, malformed, or that holds more than one document, a duplicate key, an unknown
    ///   alias, too much alias expansion or too deep nesting.
    package func parse(_ bytes: [UInt8], file: String) throws(InputError) -> YAMLNode {
        let document = try parseDocument(bytes, file: file)
        return document.tree(document.root)
    }

    /// Parses like `parse`, into flat arrays rather than a tree of nodes.
    ///
    /// - Parameter entities: entities read from other files of the same load, by their text: the
    ///   lines of an entity written the same way again are not parsed, and the document gives the
    ///   entity read before for it (`YAMLDocument.reusedEntities`). The result is the same, errors
    ///   and positions included, as without it.
    package func parseDocument(_ bytes: [UInt8], file: String, reusing entities: EntityTextCache? = nil) throws(InputError) -> YAMLDocument {
        guard bytes.count <= limits.maxFileSize else {
            var size = Self.describeSize(bytes.count)
            var limit = Self.describeSize(limits.maxFileSize)
            if size == limit {
                (size, limit) = ("\(bytes.count) bytes", "\(limits.maxFileSize) bytes")
            }
            throw InputError(file: file, line: 1, column: 1, message: "the file is too large (\(size); the limit is \(limit))")
        }
        return try bytes.withUnsafeBufferPointer { (all) throws(InputError) -> YAMLDocument in
            if let encoding = YAMLSourceText.foreignEncoding(all) {
                throw InputError(
                    file: file, line: 1, column: 1,
                    message: "the file is not valid UTF-8: it starts with a \(encoding) byte-order mark; save it as UTF-8")
            }
            let bom = YAMLSourceText.utf8BOMLength(all)
            let text = UnsafeBufferPointer(rebasing: all[bom...])
            // The compacted text is checked on its own: the entities it leaves out are texts read
            // before, which passed this check in their own files (whole lines, so no character
            // straddles their ends). Any problem there, and the whole text is checked and parsed.
            if !text.isEmpty, let entities, let document = parseSkippingKnownEntities(text, at: bom, file: file, entities: entities) {
                return document
            }
            if let (offset, problem) = YAMLSourceText.firstProblem(in: text) {
                let (line, column) = YAMLSourceText.position(ofOffset: offset, in: text)
                throw InputError(file: file, line: line + 1, column: column + 1, message: Self.message(for: problem))
            }
            guard let base = text.baseAddress, !text.isEmpty else {
                throw InputError(file: file, line: 1, column: 1, message: "the file is empty")
            }
            var plain: ReusedEntityPlaceholders?
            return try parseEvents(base, count: text.count, file: file, placeholders: &plain)
        }
    }

    /// The document of the text parsed with the entities known to `entities` replaced by
    /// placeholders (`CompactedYAMLText`); nil when none is known, or when the compacted text is not
    /// UTF-8 made of the characters YAML allows, fails to parse, or its placeholders are not where
    /// the entities were (the caller then checks and parses `text`).
    /// `offset` is where the text starts in the file (after a byte-order mark).
    private func parseSkippingKnownEntities(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, file: String, entities: EntityTextCache) -> YAMLDocument? {
        let candidates = YAMLEntitySpans(text) { bytes, keyLineLength, ends in
            entities.entity(startOf: bytes, keyLineLength: keyLineLength, where: ends)
        }
        guard !candidates.spans.isEmpty else { return nil }
        let column = candidates.column
        let raw = UnsafeRawBufferPointer(text)
        guard let compacted = CompactedYAMLText(text, spans: candidates.spans, known: { span in
            let location = SourceLocation(file: file, line: span.lines.lowerBound + 1, column: column + 1)
            guard var reused = span.known else {
                return entities.entity(text: UnsafeRawBufferPointer(rebasing: raw[span.bytes]), at: location)
            }
            reused.location = location
            return reused
        }) else { return nil }
        var placeholders: ReusedEntityPlaceholders? = ReusedEntityPlaceholders(compacted: compacted, column: column)
        return compacted.bytes.withUnsafeBufferPointer { (bytes) -> YAMLDocument? in
            guard YAMLSourceText.firstProblem(in: bytes) == nil,
                  var document = try? parseEvents(bytes.baseAddress!, count: bytes.count, file: file, placeholders: &placeholders),
                  let reused = placeholders?.resolve(in: &document)
            else { return nil }
            document.reusedEntities = reused
            document.lineStarts = candidates.lineStarts.shifted(by: offset)
            return document
        }
    }

    /// Runs libyaml over checked UTF-8 text and builds the document from its events.
    /// With `placeholders`, the text is a `CompactedYAMLText`: positions are mapped to the file's
    /// lines, and the placeholders read are collected.
    private func parseEvents(
        _ base: UnsafePointer<UInt8>, count: Int, file: String, placeholders: inout ReusedEntityPlaceholders?
    ) throws(InputError) -> YAMLDocument {
        // On the heap: libyaml keeps a pointer to the parser inside the parser.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw InputError(file: file, line: 1, column: 1, message: "out of memory while starting the YAML parser")
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, base, count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)

        var builder = YAMLDocumentBuilder(limits: limits, file: file, textCapacity: count)
        var sawDocument = false
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                throw Self.syntaxError(parser.pointee, text: UnsafeBufferPointer(start: base, count: count), file: file)
            }
            defer { yaml_event_delete(&event) }
            let line = UInt32(truncatingIfNeeded: (placeholders?.compacted.originalLine(event.start_mark.line) ?? event.start_mark.line) + 1)
            let column = UInt32(truncatingIfNeeded: event.start_mark.column + 1)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let tag = Self.tag(scalar.tag)
                try builder.addScalar(
                    UnsafeBufferPointer(start: scalar.value, count: scalar.length),
                    style: Self.style(scalar.style), tag: tag, anchor: Self.string(scalar.anchor),
                    line: line, column: column)
                placeholders?.scalar(node: builder.document.nodes.count - 1, tag: tag, compactedLine: event.start_mark.line)
            case YAML_ALIAS_EVENT:
                try builder.addAlias(Self.string(event.data.alias.anchor) ?? "", line: line, column: column)
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start
                let flow = start.style == YAML_FLOW_SEQUENCE_STYLE
                placeholders?.startCollection(flow: flow, tag: Self.tag(start.tag))
                try builder.startCollection(
                    mapping: false, flow: flow, tag: Self.tag(start.tag), anchor: Self.string(start.anchor), line: line, column: column)
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start
                let flow = start.style == YAML_FLOW_MAPPING_STYLE
                placeholders?.startCollection(flow: flow, tag: Self.tag(start.tag))
                try builder.startCollection(
                    mapping: true, flow: flow, tag: Self.tag(start.tag), anchor: Self.string(start.anchor), line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                placeholders?.endCollection()
                try builder.endCollection()
            case YAML_DOCUMENT_START_EVENT:
                if sawDocument {
                    throw InputError(file: file, line: Int(line), column: Int(column), message: "only one YAML document per file is allowed")
                }
                sawDocument = true
            case YAML_STREAM_END_EVENT:
                guard builder.root != nil else {
                    throw InputError(file: file, line: 1, column: 1, message: "the file is empty")
                }
                return builder.finish()
            default:
                break  // stream start, document end
            }
        }
    }

    // MARK: - Converting libyaml's values

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// A NUL-terminated libyaml string (anchor, tag), or nil for a null pointer.
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: cStringLength(pointer)), as: UTF8.self)
    }

    /// The prefix libyaml expands the `!!` tag handle to.
    private static let coreTagPrefix = Array("tag:yaml.org,2002:".utf8)

    /// An explicit tag as written in the short form: `!!str` for libyaml's `tag:yaml.org,2002:str`.
    private static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        let bytes = UnsafeBufferPointer(start: pointer, count: cStringLength(pointer))
        if bytes.count > coreTagPrefix.count, bytes.starts(with: coreTagPrefix) {
            return "!!" + String(decoding: UnsafeBufferPointer(rebasing: bytes[coreTagPrefix.count...]), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func cStringLength(_ pointer: UnsafePointer<yaml_char_t>) -> Int {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return count
    }

    // MARK: - Messages

    private static func message(for problem: YAMLSourceText.Problem) -> String {
        switch problem {
        case .invalidUTF8(let byte):
            return "the file is not valid UTF-8 (byte \(hex(UInt32(byte), digits: 2, prefix: "0x")))"
        case .disallowed(0):
            return "the file contains a NUL byte (U+0000), which YAML does not allow; is it a binary file?"
        case .disallowed(let scalar) where scalar == 0xFFFE || scalar == 0xFFFF:
            return "the noncharacter \(hex(scalar, digits: 4, prefix: "U+")) is not allowed in YAML"
        case .disallowed(let scalar):
            return "the control character \(hex(scalar, digits: 4, prefix: "U+")) is not allowed in YAML"
        }
    }

    /// libyaml's scanner or parser error as one message at its problem mark.
    private static func syntaxError(_ parser: yaml_parser_t, text: UnsafeBufferPointer<UInt8>, file: String) -> InputError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return InputError(file: file, line: 1, column: 1, message: "out of memory while parsing YAML")
        case YAML_READER_ERROR:
            // The text was checked before parsing, so this is unexpected; report what libyaml says.
            let (line, column) = YAMLSourceText.position(ofOffset: parser.problem_offset, in: text)
            let value = parser.problem_value >= 0 ? " (\(hex(UInt32(parser.problem_value), digits: 2, prefix: "0x")))" : ""
            return InputError(file: file, line: line + 1, column: column + 1, message: problem + value)
        default:
            break
        }
        let mark = parser.problem_mark
        var message = problem
        if let (character, inIndentation) = YAMLSourceText.character(atLine: mark.line, column: mark.column, in: text) {
            if character == "\t" && inIndentation {
                message = "tabs are not allowed in indentation; indent with spaces"
            } else if problem == "found character that cannot start any token" {
                message = character == "\t"
                    ? "found a tab character that cannot start any token; use spaces"
                    : "found character '\(character)' that cannot start any token"
            }
        }
        if message == problem, let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = parser.context_mark
            if contextMark.line == mark.line && contextMark.column == mark.column {
                message += " (\(context))"
            } else {
                message += " (\(context) that started at line \(contextMark.line + 1), column \(contextMark.column + 1))"
            }
        }
        return InputError(file: file, line: mark.line + 1, column: mark.column + 1, message: message)
    }

    private static func hex(_ value: UInt32, digits: Int, prefix: String) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return prefix + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// `64 MiB`, `1.5 MiB`, `900 bytes`.
    private static func describeSize(_ bytes: Int) -> String {
        let mebibyte = 1 << 20
        guard bytes >= mebibyte else { return "\(bytes) bytes" }
        let tenths = (bytes % mebibyte) * 10 / mebibyte
        return tenths == 0 ? "\(bytes / mebibyte) MiB" : "\(bytes / mebibyte).\(tenths) MiB"
    }
}

import CLibXML2
import SchemaLintCore

/// The state of one `XMLStreamReader` parse, reached from libxml2's callbacks through the parser
/// context's `_private` pointer: the text, the position counter, the tag being reported and the
/// first error. A class because libxml2 holds a pointer to it; it lives exactly as long as the parse.
final class XMLParseSession {
    private let file: String
    private let text: UnsafeRawBufferPointer
    private let context: xmlParserCtxtPtr
    private let visit: (XMLEvent) throws(InputError) -> Void
    /// The names the reader asked to recognise, as libxml2's dictionary holds them: libxml2 reports
    /// every name through that dictionary, so a name is recognised by comparing pointers.
    private let knownNames: [UnsafePointer<xmlChar>?]
    /// The known names' indices by their pointers' bits (`slot(of:)`, open addressing; -1 for an
    /// empty slot): every element and XML attribute is looked up, most of them among the known.
    private let knownNameSlots: [Int16]
    private var lines: XMLLineCounter
    private var failure: InputError?

    /// The start tag being reported: libxml2's pointers, valid during the `startElementNs` callback.
    private var localName: UnsafePointer<xmlChar>?
    private var prefix: UnsafePointer<xmlChar>?
    private var attributeCount = 0
    private var defaultedCount = 0
    /// Five pointers per attribute: local name, prefix, namespace, value start, value end.
    private var attributeFields: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    /// The byte offset where libxml2 stands when it reports the tag: its closing `>` or `/>`.
    private var tagEnd = 0
    /// The offset of the tag's `<`, once found (nil inside: not looked for yet; nil outside: not found).
    private var tagStartOffset: Int??
    private var tagLocation: SourceLocation?
    /// Finds attribute names in the tag's text; `scannedCount` attributes have been looked for.
    private var scanner: XMLTagScanner?
    private var scannedCount = 0

    init(file: String, text: UnsafeRawBufferPointer, context: xmlParserCtxtPtr, knownNames: [String],
         visit: @escaping (XMLEvent) throws(InputError) -> Void) {
        self.file = file
        self.text = text
        self.context = context
        self.visit = visit
        let interned = knownNames.map { name in
            name.withCString { xmlDictLookup(context.pointee.dict, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), -1) }
        }
        self.knownNames = interned
        var slots = [Int16](repeating: -1, count: Self.slotCount(for: interned.count))
        for (index, name) in interned.enumerated() {
            guard let name else { continue }
            var slot = Self.slot(of: name, in: slots.count)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int16(index)
        }
        self.knownNameSlots = slots
        self.lines = XMLLineCounter(text)
    }

    /// The session of a parser context, from a callback's context argument.
    static func of(_ context: UnsafeMutableRawPointer?) -> XMLParseSession? {
        guard let pointer = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<XMLParseSession>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// After `xmlParseDocument`: the first error, if any.
    func finish() throws(InputError) {
        if let failure { throw failure }
        if context.pointee.wellFormed == 0 {
            throw error(at: parserPosition(), "malformed XML")
        }
    }

    // MARK: - Callbacks

    func startElement(
        localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, attributeCount: Int, defaultedCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        self.localName = localName
        self.prefix = prefix
        self.attributeCount = attributeCount
        self.defaultedCount = defaultedCount
        self.attributeFields = attributes
        self.tagEnd = Int(xmlByteConsumed(context))
        self.tagLocation = nil
        self.tagStartOffset = .none
        self.scanner = nil
        self.scannedCount = 0
        deliver(.start(XMLStartElement(session: self)))
        self.attributeFields = nil
    }

    func endElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        guard failure == nil else { return }
        deliver(.end(XMLEndElement(session: self, localName: localName, prefix: prefix)))
    }

    func text(_ characters: UnsafePointer<xmlChar>?, count: Int) {
        guard failure == nil, let characters else { return }
        deliver(.text(XMLText(bytes: UnsafeBufferPointer(start: characters, count: count))))
    }

    /// Any entity declaration stops the parse: model files have none, and entities are what
    /// expansion ("billion laughs") and external-file attacks are made of.
    func entityDeclared(name: UnsafePointer<xmlChar>?, type: Int32, systemID: UnsafePointer<xmlChar>?) {
        let entity = name.map { String(cString: $0) } ?? ""
        let external = systemID != nil
            || type == Int32(XML_EXTERNAL_GENERAL_PARSED_ENTITY.rawValue)
            || type == Int32(XML_EXTERNAL_GENERAL_UNPARSED_ENTITY.rawValue)
            || type == Int32(XML_EXTERNAL_PARAMETER_ENTITY.rawValue)
        let message = external
            ? "the entity '\(entity)' refers to an external file, which is never read (model files have no entities)"
            : "the file declares the entity '\(entity)'; model files have none, and entities can expand too far (an entity expansion attack?)"
        fail(error(at: parserPosition(), message))
    }

    /// libxml2's structured error handler: the first error (not warning) stops the parse.
    func libraryError(_ reported: xmlError) {
        guard failure == nil, reported.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = XMLErrorMessage.message(for: XMLErrorMessage.Reported(
            code: Int(reported.code), libraryMessage: reported.message.map { String(cString: $0) } ?? "",
            element: reported.str1.map { String(cString: $0) }, number: Int(reported.int1),
            atEndOfFile: onlySpaces(from: Int(xmlByteConsumed(context))), isBlank: onlySpaces(from: 0)))
        fail(error(at: (Int(reported.line), Int(reported.int2)), message))
    }

    // MARK: - The start tag being reported

    var currentElementName: String { Self.qualifiedName(localName, prefix) }

    /// The offset of the reported tag's `<`, if found.
    func currentTagStart() -> Int? { tagStart() }

    /// The reported tag's bytes from its `<` up to the `>` or `/>` that closes it (not included),
    /// if its `<` was found: everything that makes its name and attributes.
    func currentTagRange() -> Range<Int>? {
        guard let start = tagStart(), tagEnd <= text.count else { return nil }
        return start..<tagEnd
    }

    var documentText: UnsafeRawBufferPointer { text }

    /// How far into the text libxml2 has read.
    var consumedOffset: Int { Int(xmlByteConsumed(context)) }

    func currentElementLocation() -> SourceLocation {
        if let tagLocation { return tagLocation }
        let location: SourceLocation
        if let start = tagStart() {
            let position = lines.position(of: start)
            location = SourceLocation(file: file, line: position.line, column: position.column)
        } else {
            let position = parserPosition()
            location = SourceLocation(file: file, line: position.line, column: position.column)
        }
        tagLocation = location
        return location
    }

    var currentAttributeCount: Int { attributeFields == nil ? 0 : attributeCount }

    /// The name of attribute `index` of the tag being reported (`prefix:local` for a prefixed name).
    func currentAttributeName(_ index: Int) -> String {
        let field = attributeField(index)
        return Self.qualifiedName(field[0], field[1])
    }

    /// Which of the known names attribute `index` has (an index into them), nil for another name.
    func currentAttributeNameIndex(_ index: Int) -> Int? {
        let field = attributeField(index)
        guard field[1] == nil else { return nil }
        return knownNameIndex(field[0])
    }

    /// Which of the known names the tag being reported has (an index into them), nil for another name.
    var currentElementNameIndex: Int? {
        guard prefix == nil else { return nil }
        return knownNameIndex(localName)
    }

    private func knownNameIndex(_ name: UnsafePointer<xmlChar>?) -> Int? {
        guard let name else { return nil }
        var slot = Self.slot(of: name, in: knownNameSlots.count)
        while knownNameSlots[slot] >= 0 {
            let index = Int(knownNameSlots[slot])
            if knownNames[index] == name { return index }
            slot = (slot + 1) & (knownNameSlots.count - 1)
        }
        return nil
    }

    /// A power of two at least four times `count`: few probes, and always an empty slot.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < 4 * count { slots *= 2 }
        return slots
    }

    /// Where a name's pointer starts its probe: its bits mixed (libxml2's dictionary hands out
    /// pointers a few bytes apart) and masked to the table.
    private static func slot(of name: UnsafePointer<xmlChar>, in count: Int) -> Int {
        let bits = UInt(bitPattern: name) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: bits >> 40) & (count - 1)
    }

    /// The value of attribute `index` as libxml2 reports it (valid during the callback): like
    /// `currentAttributeValue`, except that a `&` the document escaped stands as `&#38;`.
    func currentAttributeRawValue(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let field = attributeField(index)
        guard let start = field[3], let end = field[4] else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: start.distance(to: end))
    }

    /// The value of attribute `index`, entities and character references decoded.
    func currentAttributeValue(_ index: Int) -> String {
        let field = attributeField(index)
        guard let start = field[3], let end = field[4] else { return "" }
        return Self.attributeValue(UnsafeBufferPointer(start: start, count: start.distance(to: end)))
    }

    /// Where the name of attribute `index` is written; the tag's `<` for one the tag does not write.
    /// Cheapest when asked in increasing order of `index` (the tag is scanned once).
    func currentAttributeLocation(_ index: Int) -> SourceLocation {
        let elementLocation = currentElementLocation()
        guard index < attributeCount - defaultedCount, let start = tagStart() else { return elementLocation }
        if scanner == nil || index < scannedCount {
            scanner = XMLTagScanner(text: text, tagStart: start, tagEnd: tagEnd)
            scannedCount = 0
        }
        while scannedCount <= index {
            let field = attributeField(scannedCount)
            let offset = scanner?.nextAttribute(named: field[0], prefix: field[1])
            scannedCount += 1
            guard let offset else {
                scannedCount = attributeCount
                return elementLocation
            }
            if scannedCount - 1 == index {
                let position = lines.position(of: offset)
                return SourceLocation(file: file, line: position.line, column: position.column)
            }
        }
        return elementLocation
    }

    /// Five pointers for attribute `index`: local name, prefix, namespace, value start, value end.
    private func attributeField(_ index: Int) -> UnsafeMutablePointer<UnsafePointer<xmlChar>?> {
        precondition(index >= 0 && index < currentAttributeCount, "attribute index out of range")
        return attributeFields! + 5 * index
    }

    // MARK: - Helpers

    static func qualifiedName(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?) -> String {
        let local = localName.map { String(cString: $0) } ?? ""
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    /// An attribute value as libxml2 reports it, with one thing undone: without entity substitution
    /// it writes a `&` that the document wrote as `&amp;` or `&#38;` as `&#38;` (for a tree builder to
    /// decode later). No other `&` can be in a reported value, since a bare `&` is malformed XML.
    private static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let escaped = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            decoded.append(bytes[index])
            if bytes[index] == UInt8(ascii: "&"), bytes[index...].starts(with: escaped) {
                index += escaped.count
            } else {
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The offset of the tag's `<`: the last `<` before where libxml2 stands (XML allows no `<` inside a tag).
    private func tagStart() -> Int? {
        if let known = tagStartOffset { return known }
        let found = findTagStart()
        tagStartOffset = .some(found)
        return found
    }

    private func findTagStart() -> Int? {
        guard tagEnd > 0, tagEnd <= text.count, let index = Self.lastByte(UInt8(ascii: "<"), in: text, before: tagEnd) else { return nil }
        return index + 1 < tagEnd ? index : nil
    }

    /// The offset of the last `byte` before `end`, eight bytes at a time (a tag's `<` is about a
    /// hundred bytes back; the search ran for every element).
    static func lastByte(_ byte: UInt8, in text: UnsafeRawBufferPointer, before end: Int) -> Int? {
        guard let base = text.baseAddress else { return nil }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = ones &* UInt64(byte)
        var index = end
        while index >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index - 8, as: UInt64.self)) ^ pattern
            // Nonzero when some byte of the word is `byte` (and only then: a borrow needs a zero byte).
            if (word &- ones) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            index -= 8
        }
        while index > 0 {
            index -= 1
            if text[index] == byte { return index }
        }
        return nil
    }

    /// Whether the text from `offset` on is white space or nothing.
    private func onlySpaces(from offset: Int) -> Bool {
        guard offset >= 0 else { return false }
        var index = offset
        while index < text.count {
            guard [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) else { return false }
            index += 1
        }
        return true
    }

    private func deliver(_ event: XMLEvent) {
        do {
            try visit(event)
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: InputError) {
        guard failure == nil else { return }
        failure = error
        xmlStopParser(context)
    }

    /// Where libxml2 stands (the current input's line and column).
    private func parserPosition() -> (line: Int, column: Int) {
        guard let input = context.pointee.input else { return (1, 1) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    private func error(at position: (line: Int, column: Int), _ message: String) -> InputError {
        InputError(file: file, line: max(position.line, 1), column: max(position.column, 1), message: message)
    }
}

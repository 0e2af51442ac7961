import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks the attributes of one start tag that libxml2 has already accepted, to find where each
/// attribute's name is written (libxml2 reports names and values, not their positions).
///
/// The tag is well formed, so it is `<name`, then `name = "value"` pairs separated by spaces, up to
/// the `>` or `/>` libxml2 stands at. Attributes come in document order; namespace declarations
/// (`xmlns`, `xmlns:p`), which libxml2 reports apart, are stepped over.
struct XMLTagScanner {
    private let text: UnsafeRawBufferPointer
    private let tagEnd: Int
    private var index: Int

    init(text: UnsafeRawBufferPointer, tagStart: Int, tagEnd: Int) {
        self.text = text
        self.tagEnd = min(tagEnd, text.count)
        var index = tagStart + 1
        while index < self.tagEnd, !Self.endsName(text[index]) { index += 1 }
        self.index = index
    }

    /// The offset of the next attribute name in the tag, which must be `prefix:localName`
    /// (after any namespace declarations); nil when the text does not hold it.
    mutating func nextAttribute(named localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> Int? {
        while let (start, end) = nextName() {
            if matches(start..<end, localName: localName, prefix: prefix) { return start }
            guard isNamespaceDeclaration(start..<end) else { return nil }
        }
        return nil
    }

    /// The next `name = "value"` pair's name (as a byte range), moving past its value.
    private mutating func nextName() -> (Int, Int)? {
        skipSpaces()
        guard index < tagEnd, text[index] != UInt8(ascii: ">"), text[index] != UInt8(ascii: "/") else { return nil }
        let start = index
        while index < tagEnd, !Self.endsName(text[index]), text[index] != UInt8(ascii: "=") { index += 1 }
        let end = index
        skipSpaces()
        guard index < tagEnd, text[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < tagEnd else { return nil }
        let quote = text[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        index += 1
        if let base = text.baseAddress, index < tagEnd, let closing = memchr(base + index, Int32(quote), tagEnd - index) {
            index = base.distance(to: UnsafeRawPointer(closing)) + 1
        } else {
            index = tagEnd
        }
        return (start, end)
    }

    private mutating func skipSpaces() {
        while index < tagEnd, Self.isSpace(text[index]) { index += 1 }
    }

    private func matches(_ range: Range<Int>, localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> Bool {
        var offset = range.lowerBound
        if let prefix {
            guard let afterPrefix = match(prefix, at: offset, before: range.upperBound),
                  afterPrefix < range.upperBound, text[afterPrefix] == UInt8(ascii: ":")
            else { return false }
            offset = afterPrefix + 1
        }
        guard let localName else { return false }
        return match(localName, at: offset, before: range.upperBound) == range.upperBound
    }

    /// Where the C string `name` ends if the text holds it at `offset`, without going past `limit`.
    private func match(_ name: UnsafePointer<xmlChar>, at offset: Int, before limit: Int) -> Int? {
        var offset = offset
        var character = name
        while character.pointee != 0 {
            guard offset < limit, text[offset] == character.pointee else { return nil }
            offset += 1
            character += 1
        }
        return offset
    }

    private func isNamespaceDeclaration(_ range: Range<Int>) -> Bool {
        let xmlns = Array("xmlns".utf8)
        guard range.count >= xmlns.count else { return false }
        for (position, byte) in xmlns.enumerated() where text[range.lowerBound + position] != byte { return false }
        return range.count == xmlns.count || text[range.lowerBound + xmlns.count] == UInt8(ascii: ":")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }
}

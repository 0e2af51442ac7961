import CLibXML2
import SchemaLintCore

/// Refuses documents that are not UTF-8 before libxml2 reads them.
///
/// The reader parses every document as UTF-8 (Xcode writes nothing else) and tells libxml2 to ignore
/// the declared encoding, so libxml2 never converts the text: a conversion would make byte offsets
/// disagree with the text the locations count in, and its failures are reported through libxml2's
/// process-wide error handler instead of the parser's own. A declaration naming another encoding (or
/// a misspelt one, `encoding="UTF--8"`) and a byte-order mark of UTF-16 or UTF-32 are errors here.
enum XMLEncodingCheck {
    /// The encoding names accepted in `<?xml ... encoding="..."?>` (compared without case).
    private static let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    static func check(_ text: UnsafeRawBufferPointer, file: String) throws(InputError) {
        let bytes = text.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress else { return }
        let detected = xmlDetectCharEncoding(base, Int32(min(bytes.count, 4)))
        if detected != XML_CHAR_ENCODING_NONE, detected != XML_CHAR_ENCODING_UTF8 {
            let name = xmlGetCharEncodingName(detected).map { String(cString: $0) } ?? "not UTF-8"
            throw InputError(file: file, line: 1, column: 1,
                             message: "unsupported text encoding (\(name)); model files are UTF-8")
        }
        guard let (name, offset) = declaredEncoding(in: bytes), !utf8Names.contains(name.lowercased()) else { return }
        var lines = XMLLineCounter(text)
        let position = lines.position(of: offset)
        throw InputError(file: file, line: position.line, column: position.column,
                         message: "unsupported text encoding '\(name)' in the XML declaration; model files are UTF-8")
    }

    /// The value of `encoding=` in an XML declaration at the start of the text (after a UTF-8 byte-order
    /// mark), with its byte offset. Nil when there is no declaration or it names no encoding; a malformed
    /// declaration is left to libxml2 to report.
    private static func declaredEncoding(in bytes: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        let prefix = Array("<?xml".utf8)
        let window = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3..<min(bytes.count, 512)] : bytes.prefix(512)
        guard window.starts(with: prefix),
              let end = window.firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let declaration = window[(window.startIndex + prefix.count)..<end]
        let key = Array("encoding".utf8)
        guard var index = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else { return nil }
        index += key.count
        func skipSpaces() { while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let start = index + 1
        guard let close = bytes[start..<end].firstIndex(of: quote) else { return nil }
        return (String(decoding: bytes[start..<close], as: UTF8.self), start)
    }
}

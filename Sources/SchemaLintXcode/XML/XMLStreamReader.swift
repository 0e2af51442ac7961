import CLibXML2
import Foundation
import SchemaLintCore

/// Reads an XML document from memory with libxml2's SAX2 parser and hands its elements, in document
/// order, to a closure: the one XML reader of schemalint (model `contents`, `.xccurrentversion`, ...).
///
/// Hostile input is refused, never followed: no network, no DTD loading, no external entities, and any
/// entity declaration is an error (model files have none, and entities are how "billion laughs" and
/// external-file attacks work); libxml2's default limits on depth, names and text lengths stay on.
/// The document must be UTF-8 (`XMLEncodingCheck`). Errors, libxml2's and the closure's, stop the parse
/// at once and are thrown as one `InputError` at the position where they were noticed.
///
/// Each call has its own parser context, and errors go to that context's structured error handler, never
/// to libxml2's process-wide one, so documents can be read on several threads at once.
package enum XMLStreamReader {
    /// Reads `data`, the text of `file` (named in locations and errors).
    /// - Parameters:
    ///   - text: whether to report character data (`.text` events); element-only readers skip it.
    ///   - visit: called for every event; an error it throws stops the parse and is rethrown.
    ///   - knownNames: unprefixed element and attribute names the reader looks for
    ///     (`XMLStartElement.nameIndex`, `XMLStartElement.attributeNameIndex`).
    package static func read(
        _ data: Data, file: String, text: Bool = false, knownNames: [String] = [],
        _ visit: (XMLEvent) throws(InputError) -> Void
    ) throws(InputError) {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(InputError) in try read(bytes, file: file, text: text, knownNames: knownNames, visit) }
        }
        try result.get()
    }

    /// Reads the document in `bytes`; see `read(_:file:text:knownNames:_:)`.
    static func read(
        _ bytes: UnsafeRawBufferPointer, file: String, text: Bool = false, knownNames: [String] = [],
        _ visit: (XMLEvent) throws(InputError) -> Void
    ) throws(InputError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw InputError(file: file, line: 1, column: 1, message: "malformed XML: the file is empty")
        }
        guard bytes.count <= Int(Int32.max) else {
            throw InputError(file: file, message: "the file is too large to be read as XML")
        }
        try XMLEncodingCheck.check(bytes, file: file)
        _ = libraryInitialized
        guard let context = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) else {
            throw InputError(file: file, message: "cannot start the XML parser (out of memory?)")
        }
        defer { xmlFreeParserCtxt(context) }
        _ = xmlCtxtUseOptions(context, Int32(bitPattern: parseOptions))
        context.pointee.sax.pointee = handler(text: text)
        try withoutActuallyEscaping(visit) { (visit) throws(InputError) in
            let session = XMLParseSession(file: file, text: bytes, context: context, knownNames: knownNames, visit: visit)
            context.pointee._private = Unmanaged.passUnretained(session).toOpaque()
            defer { context.pointee._private = nil }
            try withExtendedLifetime(session) { () throws(InputError) in
                _ = xmlParseDocument(context)
                try session.finish()
            }
        }
    }

    /// No network; the document's encoding declaration is not acted on (`XMLEncodingCheck` checked it).
    /// Not set, on purpose: entity substitution (`XML_PARSE_NOENT`), DTD loading and defaults
    /// (`XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`) and `XML_PARSE_HUGE` (which lifts the size limits).
    private static let parseOptions = XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue

    /// libxml2 must be initialised once before parsers run on several threads; a static constant is
    /// initialised exactly once, on first use, even under concurrency.
    private static let libraryInitialized: Void = xmlInitParser()

    /// The SAX2 callbacks: elements (and text when asked), entity declarations (refused) and the
    /// structured error handler. Every other callback stays empty, so nothing is loaded or built.
    private static func handler(text: Bool) -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, _, _, _, attributeCount, defaultedCount, attributes in
            XMLParseSession.of(context)?.startElement(
                localName: localName, prefix: prefix, attributeCount: Int(attributeCount),
                defaultedCount: Int(defaultedCount), attributes: attributes)
        }
        handler.endElementNs = { context, localName, prefix, _ in
            XMLParseSession.of(context)?.endElement(localName: localName, prefix: prefix)
        }
        if text {
            handler.characters = { context, characters, length in
                XMLParseSession.of(context)?.text(characters, count: Int(length))
            }
        }
        handler.entityDecl = { context, name, type, _, systemID, _ in
            XMLParseSession.of(context)?.entityDeclared(name: name, type: type, systemID: systemID)
        }
        handler.serror = { context, error in
            guard let error else { return }
            XMLParseSession.of(context)?.libraryError(error.pointee)
        }
        return handler
    }
}

import CLibXML2
import SchemaLintCore

/// One event of an XML document read by `XMLStreamReader`, in document order.
///
/// The values point into the parser's buffers: read what you need during the call that receives the
/// event (names, values and locations are computed only when asked for) and keep only what you copy.
package enum XMLEvent {
    case start(XMLStartElement)
    case end(XMLEndElement)
    /// Character data (only when the reader was asked for text); one run of text may come in several pieces.
    case text(XMLText)
}

/// A start tag: `<name attribute="value" ...>` or `<name .../>`.
package struct XMLStartElement {
    unowned(unsafe) let session: XMLParseSession

    /// The tag name as written (`prefix:local` for a prefixed name).
    package var name: String { session.currentElementName }

    /// Which of the reader's `knownNames` the tag has (an index into them), nil for another name:
    /// cheaper than making and comparing its name.
    var nameIndex: Int? { session.currentElementNameIndex }

    /// Where the tag is written: its `<` (line and character column, 1-based).
    package var location: SourceLocation { session.currentElementLocation() }

    /// The byte offset of the tag's `<` in `document`, if it was found.
    var byteOffset: Int? { session.currentTagStart() }

    /// The tag's bytes in `document`, from its `<` up to the `>` or `/>` that closes it (not
    /// included), if its `<` was found.
    var byteRange: Range<Int>? { session.currentTagRange() }

    /// The whole document's bytes, valid during the parse.
    var document: UnsafeRawBufferPointer { session.documentText }

    /// The XML attributes in document order, each with its (decoded) value and where its name is written.
    package var attributes: [XMLAttribute] {
        (0..<attributeCount).map { XMLAttribute(name: attributeName($0), value: attributeValue($0), location: attributeLocation($0)) }
    }

    // One attribute at a time, for readers that keep only some (their values and locations are then
    // never made). Indices are `0..<attributeCount`, in document order.

    var attributeCount: Int { session.currentAttributeCount }
    func attributeName(_ index: Int) -> String { session.currentAttributeName(index) }
    /// Which of the reader's `knownNames` the attribute has (an index into them), nil for another
    /// name: cheaper than making and comparing its name.
    func attributeNameIndex(_ index: Int) -> Int? { session.currentAttributeNameIndex(index) }
    func attributeValue(_ index: Int) -> String { session.currentAttributeValue(index) }
    /// The value's bytes as libxml2 reports them, valid during the call: as `attributeValue(_:)`
    /// but with a `&` the document escaped left as `&#38;`. For comparing with values without `&`.
    func rawAttributeValue(_ index: Int) -> UnsafeBufferPointer<UInt8> { session.currentAttributeRawValue(index) }
    /// Cheapest when asked in increasing order of `index`.
    func attributeLocation(_ index: Int) -> SourceLocation { session.currentAttributeLocation(index) }
}

/// One XML attribute of a start tag.
package struct XMLAttribute {
    package var name: String
    package var value: String
    /// Where the attribute's name is written (the tag's `<` for one the tag does not write, a DTD default).
    package var location: SourceLocation
}

/// An end tag (`</name>`, or the end of `<name/>`).
package struct XMLEndElement {
    unowned(unsafe) let session: XMLParseSession
    let localName: UnsafePointer<xmlChar>?
    let prefix: UnsafePointer<xmlChar>?

    package var name: String { XMLParseSession.qualifiedName(localName, prefix) }

    /// How far into the document libxml2 has read when it reports the end: within the end tag.
    var byteOffset: Int { session.consumedOffset }

    /// The whole document's bytes, valid during the parse.
    var document: UnsafeRawBufferPointer { session.documentText }
}

/// A piece of character data, entities and character references already decoded.
package struct XMLText {
    let bytes: UnsafeBufferPointer<UInt8>

    package var string: String { String(decoding: bytes, as: UTF8.self) }
}

import Foundation
import SchemaLintCore

/// The XML attributes of a model's `contents` that the reader uses, named as Xcode writes them.
package enum XcodeXMLName: Int, CaseIterable {
    case name, value
    case usedWithCloudKit
    case parentEntity, isAbstract, elementID, renamingIdentifier, versionHashModifier
    case attributeType, optional, defaultValueString, defaultDateTimeInterval, transient
    case valueTransformerName, customClassName, allowsCloudEncryption, derived, indexed
    case destinationEntity, inverseName, toMany, ordered, deletionRule, minCount, maxCount
    case property

    /// Every name as Xcode writes it (the case's name), in the order of the cases.
    static let names = allCases.map { String(describing: $0) }

    /// The name as Xcode writes it.
    package var xmlName: String { Self.names[rawValue] }
}

/// The elements of a model's `contents` that the reader uses, named as Xcode writes them.
package enum XcodeElementName: Int, CaseIterable {
    case model, entity, attribute, relationship, configuration, memberEntity
    case uniquenessConstraints, uniquenessConstraint, constraint
    case fetchIndex, fetchIndexElement
    /// Xcode's layout section and its entries: not read, only remembered as well formed.
    case elements, element

    /// Every name as Xcode writes it (the case's name), in the order of the cases.
    static let names = allCases.map { String(describing: $0) }
}

/// The names `XMLStreamReader` recognises for the reader: the XML attribute names (an index below
/// their count is an `XcodeXMLName`'s raw value), then the element names, then the placeholders of a
/// reused entity and of a reused member (`CompactedXcodeContents`).
enum XcodeKnownNames {
    static let all = XcodeXMLName.names + XcodeElementName.names
        + [CompactedXcodeContents.placeholderName, CompactedXcodeContents.memberPlaceholderName]

    private static let placeholderIndex = XcodeXMLName.names.count + XcodeElementName.names.count

    /// Either placeholder of a compacted text.
    static func isPlaceholder(_ index: Int?) -> Bool {
        isReusedEntityPlaceholder(index) || isReusedMemberPlaceholder(index)
    }

    static func isReusedEntityPlaceholder(_ index: Int?) -> Bool {
        index == placeholderIndex
    }

    static func isReusedMemberPlaceholder(_ index: Int?) -> Bool {
        index == placeholderIndex + 1
    }

    static func attribute(_ index: Int?) -> XcodeXMLName? {
        index.flatMap { XcodeXMLName(rawValue: $0) }
    }

    static func element(_ index: Int?) -> XcodeElementName? {
        index.flatMap { XcodeElementName(rawValue: $0 - XcodeXMLName.names.count) }
    }
}

/// One start tag of a model's `contents` XML, as the reader sees it during libxml2's callback: the
/// XML attributes it uses and where the tag and each attribute are written. It points into the
/// parser's buffers, so it lives only as long as that callback.
package struct XcodeTag {
    private let element: XMLStartElement
    /// For each `XcodeXMLName` (by raw value; at most 32 of them), the index of the XML attribute
    /// writing it, -1 for none: inline, so a tag allocates nothing for its values.
    private var attributeIndex = SIMD32<Int32>(repeating: -1)
    /// The tag's `<`.
    let location: SourceLocation
    /// Where the model properties written as XML attributes are written, keyed by YAML name
    /// (`type` for `attributeType`), when they could be found.
    private(set) var propertyLocations = PropertyLocations()

    /// The tag `element` reports, with the locations of the properties `keys` names. XML attributes the
    /// reader does not use are skipped without making their values.
    init(_ element: XMLStartElement, keys: PropertyKeys) {
        self.element = element
        location = element.location
        let count = element.attributeCount
        if !keys.keys.isEmpty { propertyLocations.reserveCapacity(min(count, keys.keys.count)) }
        for index in 0..<count {
            guard let known = XcodeKnownNames.attribute(element.attributeNameIndex(index)) else { continue }
            if attributeIndex[known.rawValue] < 0 { attributeIndex[known.rawValue] = Int32(truncatingIfNeeded: index) }
            if let key = keys.key(for: known), key.isPreferred || propertyLocations[key.property] == nil {
                propertyLocations[key.property] = element.attributeLocation(index)
            }
        }
    }

    /// The tag name as written.
    var name: String { element.name }

    /// The value of an XML attribute, nil when absent.
    func value(_ key: XcodeXMLName) -> String? {
        let index = Int(attributeIndex[key.rawValue])
        return index < 0 ? nil : element.attributeValue(index)
    }

    /// The value of an XML attribute, nil when absent or empty (Xcode writes `""` for a cleared field).
    func text(_ key: XcodeXMLName) -> String? {
        guard let value = value(key), !value.isEmpty else { return nil }
        return value
    }

    /// Xcode writes booleans as `YES`/`NO`; `true`/`false` and `1`/`0` are accepted too. Absent means false.
    func flag(_ key: XcodeXMLName) -> Bool {
        let index = Int(attributeIndex[key.rawValue])
        guard index >= 0 else { return false }
        let raw = element.rawAttributeValue(index)
        if raw.elementsEqual("YES".utf8) { return true }
        if raw.elementsEqual("NO".utf8) { return false }
        return switch value(key) {
        case nil, "NO": false
        case "YES": true
        case let value?: ["yes", "true", "1"].contains(value.lowercased())
        }
    }

    /// Where a property is written, or the tag when it cannot be told.
    func location(ofProperty property: String) -> SourceLocation { propertyLocations[property] ?? location }

    /// The model properties an element writes as XML attributes, each XML name's found in one step.
    package struct PropertyKeys: Sequence {
        let keys: [PropertyKey]
        /// For each `XcodeXMLName` (by raw value), the index in `keys` of its first key, -1 for none.
        private let keyIndex: SIMD32<Int8>

        init(_ keys: [PropertyKey]) {
            self.keys = keys
            var index = SIMD32<Int8>(repeating: -1)
            for (offset, key) in keys.enumerated() where index[key.xml.rawValue] < 0 {
                index[key.xml.rawValue] = Int8(offset)
            }
            keyIndex = index
        }

        /// The property the XML attribute `name` writes, nil for none.
        func key(for name: XcodeXMLName) -> PropertyKey? {
            let offset = Int(keyIndex[name.rawValue])
            return offset < 0 ? nil : keys[offset]
        }

        package func makeIterator() -> IndexingIterator<[PropertyKey]> { keys.makeIterator() }
    }

    /// The model property (by its YAML key) an XML attribute writes.
    package struct PropertyKey {
        package var xml: XcodeXMLName
        package var property: String
        /// Wins over another XML attribute writing the same property (`elementID` over `renamingIdentifier`).
        var isPreferred: Bool
        init(xml: XcodeXMLName, _ property: String, preferred: Bool = false) {
            self.xml = xml
            self.property = property
            self.isPreferred = preferred
        }
    }

    /// An integer attribute, nil when absent; an InputError when it is not a whole number.
    func integer(_ key: XcodeXMLName, property: String, of element: @autoclosure () -> String) throws(InputError) -> Int? {
        guard let text = text(key) else { return nil }
        guard let value = Int(text) ?? Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw InputError(at: location(ofProperty: property), "\(key.xmlName) of \(element()) must be a whole number, found '\(text)'")
        }
        return value
    }
}

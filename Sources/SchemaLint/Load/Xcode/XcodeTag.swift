import Foundation

/// The XML attributes of a model's `contents` that the reader uses, named as Xcode writes them.
enum XcodeXMLName: String, CaseIterable {
    case name, value
    case usedWithCloudKit
    case parentEntity, isAbstract, elementID, renamingIdentifier, versionHashModifier
    case attributeType, optional, defaultValueString, defaultDateTimeInterval, transient
    case valueTransformerName, customClassName, allowsCloudEncryption, derived, indexed
    case destinationEntity, inverseName, toMany, ordered, deletionRule, minCount, maxCount

    /// Every name, in the order `XMLStreamReader` is given them as known names.
    static let all = allCases.map { $0 }
    static let names = all.map(\.rawValue)
}

/// One start tag of a model's `contents` XML, as the reader saw it: the XML attributes it uses and
/// where the tag and each attribute are written.
struct XcodeTag {
    var name: String
    /// The XML attributes the reader uses, in document order (a handful, so searched, not hashed).
    private var values: [(name: XcodeXMLName, value: String)]
    /// The tag's `<`.
    var location: SourceLocation
    /// Where the model properties written as XML attributes are written, keyed by YAML name
    /// (`type` for `attributeType`), when they could be found.
    var propertyLocations: PropertyLocations

    /// The tag `element` reports, with the locations of the properties `keys` names. XML attributes the
    /// reader does not use are skipped without making their values.
    init(_ element: XMLStartElement, name: String, keys: [PropertyKey]) {
        self.name = name
        location = element.location
        values = []
        values.reserveCapacity(element.attributeCount)
        var located: [(key: PropertyKey, location: SourceLocation)] = []
        for index in 0..<element.attributeCount {
            guard let known = element.attributeNameIndex(index).map({ XcodeXMLName.all[$0] }) else { continue }
            values.append((known, element.attributeValue(index)))
            if let key = keys.first(where: { $0.xml == known }) {
                located.append((key, element.attributeLocation(index)))
            }
        }
        propertyLocations = PropertyLocations()
        propertyLocations.reserveCapacity(located.count)
        for (key, place) in located where key.isPreferred || propertyLocations[key.property] == nil {
            propertyLocations[key.property] = place
        }
    }

    /// The value of an XML attribute, nil when absent.
    func value(_ key: XcodeXMLName) -> String? {
        values.first { $0.name == key }?.value
    }

    /// The value of an XML attribute, nil when absent or empty (Xcode writes `""` for a cleared field).
    func text(_ key: XcodeXMLName) -> String? {
        guard let value = value(key), !value.isEmpty else { return nil }
        return value
    }

    /// Xcode writes booleans as `YES`/`NO`; `true`/`false` and `1`/`0` are accepted too. Absent means false.
    func flag(_ key: XcodeXMLName) -> Bool {
        switch value(key) {
        case nil, "NO": false
        case "YES": true
        case let value?: ["yes", "true", "1"].contains(value.lowercased())
        }
    }

    /// Where a property is written, or the tag when it cannot be told.
    func location(ofProperty property: String) -> SourceLocation { propertyLocations[property] ?? location }

    /// The model property (by its YAML key) an XML attribute writes.
    struct PropertyKey {
        var xml: XcodeXMLName
        var property: String
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
            throw InputError(at: location(ofProperty: property), "\(key.rawValue) of \(element()) must be a whole number, found '\(text)'")
        }
        return value
    }
}

import Foundation
import SchemaLintCore

/// Maps the tags of a Core Data `contents` file to the model's types, one tag at a time.
/// Children (an entity's properties, a configuration's members) are added by the caller.
package enum XcodeElementMapper {
    /// `<model usedWithCloudKit="YES">`: whether the whole model is marked as synced with CloudKit.
    static func modelUsesCloudKit(_ tag: XcodeTag) -> Bool { tag.flag(.usedWithCloudKit) }

    /// `<entity name parentEntity isAbstract elementID|renamingIdentifier versionHashModifier>`.
    static func entity(_ tag: XcodeTag) throws(InputError) -> Entity {
        let name = try requiredName(tag, of: "<entity>")
        return Entity(
            name: name,
            parent: tag.text(.parentEntity),
            isAbstract: tag.flag(.isAbstract),
            renamedFrom: renamingIdentifier(tag),
            versionHashModifier: tag.text(.versionHashModifier),
            location: tag.location,
            propertyLocations: tag.propertyLocations.relative(to: tag.location)
        )
    }

    /// `<attribute name attributeType optional defaultValueString defaultDateTimeInterval transient
    /// elementID valueTransformerName customClassName allowsCloudEncryption derived indexed>`.
    ///
    /// No `attributeType` means Undefined; no `optional="YES"` means required. A default is stored in
    /// canonical form; one that is not a valid value of the type (Xcode saves `NO` on an Integer 64)
    /// is read as Foundation reads it (`DefaultValue.lenient`), and an empty default on a type other
    /// than String or URI means no default. Transformer and class names count only on transformable
    /// attributes: Xcode keeps them after a type change, and Core Data ignores them there.
    /// `anchor` is the entity's location, which the attribute's locations are relative to.
    static func attribute(_ tag: XcodeTag, in entity: String, anchor: SourceLocation) throws(InputError) -> Attribute {
        let name = try requiredName(tag, of: "<attribute> in entity '\(entity)'")
        let type = try attributeType(tag, attribute: "\(entity).\(name)")
        return Attribute(
            name: name,
            type: type,
            isOptional: tag.flag(.optional),
            defaultValue: defaultValue(tag, type: type),
            isTransient: tag.flag(.transient),
            renamedFrom: renamingIdentifier(tag),
            transformer: type == .transformable ? tag.text(.valueTransformerName) : nil,
            // Xcode writes `.` (the current module, and no class) where the class field was
            // cleared: it names no class.
            className: type == .transformable ? tag.text(.customClassName).flatMap { $0 == "." || $0.isEmpty ? nil : $0 } : nil,
            allowsCloudEncryption: tag.flag(.allowsCloudEncryption),
            isDerived: tag.flag(.derived),
            isIndexed: tag.flag(.indexed),
            versionHashModifier: tag.text(.versionHashModifier),
            location: tag.location.relative(to: anchor),
            propertyLocations: tag.propertyLocations.relative(to: anchor)
        )
    }

    /// `<relationship name destinationEntity inverseName toMany ordered optional deletionRule minCount
    /// maxCount transient elementID>`. Without `toMany="YES"` it is to-one; the `maxCount="1"` Xcode
    /// writes on every to-one is implied by that and not stored.
    /// `anchor` is the entity's location, which the relationship's locations are relative to.
    static func relationship(_ tag: XcodeTag, in entity: String, anchor: SourceLocation) throws(InputError) -> Relationship {
        let name = try requiredName(tag, of: "<relationship> in entity '\(entity)'")
        func element() -> String { "relationship '\(entity).\(name)'" }
        guard let destination = tag.text(.destinationEntity) else {
            throw InputError(at: tag.location, "\(element()) has no destinationEntity")
        }
        let isToMany = tag.flag(.toMany)
        // A to-one's count of 1 is implied: Xcode 3 gave every to-one a minimum and maximum of 1,
        // optional or not (its `elements` are read so), the Xcode versions after it wrote both on
        // each to-one they saved, and today's write the maximum alone; whether it may be empty is
        // `optional`. A version converted or saved again by another Xcode is the same model.
        var maxCount = try tag.integer(.maxCount, property: "maxCount", of: element())
        if !isToMany, maxCount == 1 { maxCount = nil }
        var minCount = try tag.integer(.minCount, property: "minCount", of: element())
        if !isToMany, minCount == 1 { minCount = nil }
        return Relationship(
            name: name,
            destination: destination,
            inverse: tag.text(.inverseName),
            isToMany: isToMany,
            isOrdered: tag.flag(.ordered),
            isOptional: tag.flag(.optional),
            deleteRule: try deleteRule(tag, element: element()),
            minCount: minCount,
            maxCount: maxCount,
            isTransient: tag.flag(.transient),
            renamedFrom: renamingIdentifier(tag),
            location: tag.location.relative(to: anchor),
            propertyLocations: tag.propertyLocations.relative(to: anchor)
        )
    }

    /// `<configuration name usedWithCloudKit>`; its `<memberEntity>`s are added by the caller.
    static func configuration(_ tag: XcodeTag) throws(InputError) -> Configuration {
        Configuration(
            name: try requiredName(tag, of: "<configuration>"),
            usesCloudKit: tag.flag(.usedWithCloudKit),
            entities: [],
            location: tag.location
        )
    }

    /// The `name` of a `<memberEntity>` or the `value` of a `<constraint>`.
    static func reference(_ tag: XcodeTag, key: XcodeXMLName) throws(InputError) -> String {
        guard let value = tag.text(key) else {
            throw InputError(at: tag.location, "<\(tag.name)> without \(key.xmlName)")
        }
        return value
    }

    // MARK: - Pieces

    /// The properties each element writes as XML attributes, for `propertyLocations`.
    package static func propertyKeys(forElement name: XcodeElementName) -> XcodeTag.PropertyKeys {
        switch name {
        case .model: modelKeys
        case .entity: entityKeys
        case .attribute: attributeKeys
        case .relationship: relationshipKeys
        default: noKeys
        }
    }

    private static let noKeys = XcodeTag.PropertyKeys([])
    private static let modelKeys = XcodeTag.PropertyKeys([.init(xml: .usedWithCloudKit, "cloudkit")])
    private static let entityKeys = XcodeTag.PropertyKeys([
        .init(xml: .parentEntity, "parent"), .init(xml: .isAbstract, "abstract"),
        .init(xml: .elementID, "renamedFrom", preferred: true), .init(xml: .renamingIdentifier, "renamedFrom"),
        .init(xml: .versionHashModifier, "versionHashModifier"),
    ])
    private static let attributeKeys = XcodeTag.PropertyKeys([
        .init(xml: .attributeType, "type"), .init(xml: .optional, "optional"),
        .init(xml: .defaultDateTimeInterval, "default", preferred: true), .init(xml: .defaultValueString, "default"),
        .init(xml: .transient, "transient"),
        .init(xml: .elementID, "renamedFrom", preferred: true), .init(xml: .renamingIdentifier, "renamedFrom"),
        .init(xml: .valueTransformerName, "transformer"), .init(xml: .customClassName, "className"),
        .init(xml: .allowsCloudEncryption, "allowsCloudEncryption"), .init(xml: .derived, "derived"), .init(xml: .indexed, "indexed"),
        .init(xml: .versionHashModifier, "versionHashModifier"),
    ])
    private static let relationshipKeys = XcodeTag.PropertyKeys([
        .init(xml: .destinationEntity, "destination"), .init(xml: .inverseName, "inverse"), .init(xml: .toMany, "toMany"),
        .init(xml: .ordered, "ordered"), .init(xml: .optional, "optional"), .init(xml: .deletionRule, "deleteRule"),
        .init(xml: .minCount, "minCount"), .init(xml: .maxCount, "maxCount"), .init(xml: .transient, "transient"),
        .init(xml: .elementID, "renamedFrom", preferred: true), .init(xml: .renamingIdentifier, "renamedFrom"),
    ])

    /// Xcode's own spellings, looked up before the lenient `AttributeType(spelling:)`.
    private static let xcodeTypes: [String: AttributeType] = Dictionary(
        uniqueKeysWithValues: AttributeType.allCases.map { ($0.coreDataName, $0) })

    /// Xcode's own spellings, looked up before the lenient `DeleteRule(spelling:)`.
    private static let xcodeDeleteRules: [String: DeleteRule] = Dictionary(
        uniqueKeysWithValues: DeleteRule.allCases.map { ($0.coreDataName, $0) })

    private static func requiredName(_ tag: XcodeTag, of element: @autoclosure () -> String) throws(InputError) -> String {
        guard let name = tag.text(.name) else { throw InputError(at: tag.location, "\(element()) without a name") }
        return name
    }

    /// The renaming identifier, stored exactly as written: Xcode's `elementID`, or the hand-written
    /// synonym `renamingIdentifier`. Whether it means a rename is decided by the differ.
    private static func renamingIdentifier(_ tag: XcodeTag) -> String? {
        tag.text(.elementID) ?? tag.text(.renamingIdentifier)
    }

    private static func attributeType(_ tag: XcodeTag, attribute: @autoclosure () -> String) throws(InputError) -> AttributeType {
        try spelled(tag, .attributeType, property: "type", xcode: xcodeTypes, lenient: AttributeType.init(spelling:),
                    names: AttributeType.allCases.map(\.coreDataName), of: "attribute '\(attribute())'") ?? .undefined
    }

    private static func defaultValue(_ tag: XcodeTag, type: AttributeType) -> String? {
        if let seconds = tag.text(.defaultDateTimeInterval) {
            return DefaultValue.lenient(seconds, for: .date)
        }
        guard let text = tag.value(.defaultValueString) else { return nil }
        if text.isEmpty, type != .string, type != .uri { return nil }
        return DefaultValue.lenient(text, for: type)
    }

    private static func deleteRule(_ tag: XcodeTag, element: @autoclosure () -> String) throws(InputError) -> DeleteRule {
        try spelled(tag, .deletionRule, property: "deleteRule", xcode: xcodeDeleteRules, lenient: DeleteRule.init(spelling:),
                    names: DeleteRule.allCases.map(\.coreDataName), of: element()) ?? .nullify
    }

    /// A value Xcode writes by name (`attributeType="Integer 16"`, `deletionRule="Cascade"`): Xcode's own
    /// spelling first, then a lenient reading; an unknown name is an error with "did you mean".
    private static func spelled<Value>(
        _ tag: XcodeTag, _ attribute: XcodeXMLName, property: String, xcode: [String: Value], lenient: (String) -> Value?,
        names: @autoclosure () -> [String], of element: @autoclosure () -> String
    ) throws(InputError) -> Value? {
        guard let spelling = tag.text(attribute) else { return nil }
        if let value = xcode[spelling] ?? lenient(spelling) { return value }
        throw InputError(at: tag.location(ofProperty: property), "unknown \(attribute.xmlName) '\(spelling)' of \(element())\(Spelling.didYouMean(spelling, among: names()))")
    }
}

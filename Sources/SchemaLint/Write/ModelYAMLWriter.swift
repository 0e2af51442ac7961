import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// Renders a `ModelVersion` in schemalint's YAML model format (one file per version).
///
/// The output is deterministic: top-level and element keys in a fixed order, entities and their
/// properties in declaration order, only keys whose value differs from the format's default.
/// Attributes and relationships are optional by default in YAML (unlike Xcode), so every required
/// one is written with `optional: false`, never with the `name: type` shorthand.
package enum ModelYAMLWriter {
    /// The YAML text of `version`, ending with a newline.
    package static func render(_ version: ModelVersion) -> String {
        var lines: [String] = []
        lines.append("model: \(YAMLScalar.string(version.model))")
        lines.append("version: \(versionText(version.version))")
        if version.label != version.version.text { lines.append("label: \(YAMLScalar.string(version.label))") }
        if !version.isReleased { lines.append("released: false") }
        if version.usesCloudKit { lines.append("cloudkit: true") }
        if version.entities.isEmpty {
            lines.append("entities: {}")
        } else {
            lines.append("entities:")
            for entity in version.entities { appendEntity(entity, to: &lines) }
        }
        if !version.configurations.isEmpty {
            lines.append("configurations:")
            for configuration in version.configurations {
                var fields: [String] = []
                if configuration.usesCloudKit { fields.append("cloudkit: true") }
                fields.append("entities: \(YAMLScalar.sequence(configuration.entities))")
                lines.append("  \(YAMLScalar.string(configuration.name)): \(flow(fields))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Version numbers are written plain: digits and dots only (`3`, `2.10`).
    private static func versionText(_ number: VersionNumber) -> String {
        number.text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } ? number.text : YAMLScalar.string(number.text)
    }

    private static func appendEntity(_ entity: Entity, to lines: inout [String]) {
        var body: [String] = []
        if let parent = entity.parent { body.append("parent: \(YAMLScalar.string(parent))") }
        if entity.isAbstract { body.append("abstract: true") }
        if let renamedFrom = entity.renamedFrom { body.append("renamedFrom: \(YAMLScalar.string(renamedFrom))") }
        if let modifier = entity.versionHashModifier { body.append("versionHashModifier: \(YAMLScalar.string(modifier))") }
        if let deprecation = entity.deprecation { body.append("deprecated: \(YAMLScalar.string(deprecation))") }
        if !entity.attributes.isEmpty {
            body.append("attributes:")
            for attribute in entity.attributes {
                body.append("  \(YAMLScalar.string(attribute.name)): \(attributeValue(attribute))")
            }
        }
        if !entity.relationships.isEmpty {
            body.append("relationships:")
            for relationship in entity.relationships {
                body.append("  \(YAMLScalar.string(relationship.name)): \(relationshipValue(relationship))")
            }
        }
        if !entity.uniquenessConstraints.isEmpty {
            body.append("uniqueness: [" + entity.uniquenessConstraints.map(YAMLScalar.sequence).joined(separator: ", ") + "]")
        }
        let key = "  \(YAMLScalar.string(entity.name)):"
        if body.isEmpty {
            lines.append(key + " {}")
        } else {
            lines.append(key)
            lines.append(contentsOf: body.map { "    " + $0 })
        }
    }

    /// `string` (shorthand, only for an optional attribute with nothing else set) or a flow mapping.
    private static func attributeValue(_ attribute: Attribute) -> String {
        var fields: [String] = []
        if !attribute.isOptional { fields.append("optional: false") }
        if let value = attribute.defaultValue {
            // A default YAML cannot state as a value of the type (SwiftData's `= Date.now`, `= []`) is kept as written.
            if !attribute.defaultIsComputed, attribute.type.acceptsDefault, DefaultValue.canonical(value, for: attribute.type) == value {
                fields.append("default: \(defaultText(value, type: attribute.type))")
            } else {
                fields.append("computedDefault: \(YAMLScalar.string(value))")
            }
        }
        if attribute.isTransient { fields.append("transient: true") }
        if let renamedFrom = attribute.renamedFrom { fields.append("renamedFrom: \(YAMLScalar.string(renamedFrom))") }
        if let deprecation = attribute.deprecation { fields.append("deprecated: \(YAMLScalar.string(deprecation))") }
        if let transformer = attribute.transformer { fields.append("transformer: \(YAMLScalar.string(transformer))") }
        if let className = attribute.className { fields.append("className: \(YAMLScalar.string(className))") }
        if let modifier = attribute.versionHashModifier { fields.append("versionHashModifier: \(YAMLScalar.string(modifier))") }
        if attribute.allowsCloudEncryption { fields.append("allowsCloudEncryption: true") }
        if attribute.isDerived { fields.append("derived: true") }
        if attribute.isIndexed { fields.append("indexed: true") }
        let type = attribute.type.rawValue
        return fields.isEmpty ? type : flow(["type: \(type)"] + fields)
    }

    /// A default in canonical form: numbers and booleans plain when they are valid for the type.
    private static func defaultText(_ value: String, type: AttributeType) -> String {
        switch type {
        case .int16, .int32, .int64, .decimal, .double, .float, .date: YAMLScalar.number(value)
        case .boolean: YAMLScalar.boolean(value)
        default: YAMLScalar.string(value)
        }
    }

    private static func relationshipValue(_ relationship: Relationship) -> String {
        var fields = ["destination: \(YAMLScalar.string(relationship.destination))"]
        if let inverse = relationship.inverse { fields.append("inverse: \(YAMLScalar.string(inverse))") }
        if relationship.isToMany { fields.append("toMany: true") }
        if relationship.isOrdered { fields.append("ordered: true") }
        if !relationship.isOptional { fields.append("optional: false") }
        if relationship.deleteRule != .nullify { fields.append("deleteRule: \(relationship.deleteRule.rawValue)") }
        if let minCount = relationship.minCount { fields.append("minCount: \(minCount)") }
        if let maxCount = relationship.maxCount { fields.append("maxCount: \(maxCount)") }
        if relationship.isTransient { fields.append("transient: true") }
        if let renamedFrom = relationship.renamedFrom { fields.append("renamedFrom: \(YAMLScalar.string(renamedFrom))") }
        if let deprecation = relationship.deprecation { fields.append("deprecated: \(YAMLScalar.string(deprecation))") }
        return flow(fields)
    }

    private static func flow(_ fields: [String]) -> String { "{" + fields.joined(separator: ", ") + "}" }
}

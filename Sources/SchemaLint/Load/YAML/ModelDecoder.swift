/// Decodes one model-format YAML document (see docs/model-format.md) into a `ModelVersion`.
/// Structure and types only; references between entities are checked by `ModelValidator`.
struct ModelDecoder {
    static let topLevelKeys = ["model", "version", "label", "released", "cloudkit", "entities", "configurations"]
    static let entityKeys = ["parent", "abstract", "renamedFrom", "deprecated", "versionHashModifier", "attributes", "relationships", "uniqueness"]
    static let attributeKeys = ["type", "optional", "default", "transient", "renamedFrom", "deprecated", "transformer", "className", "allowsCloudEncryption", "derived", "indexed"]
    static let relationshipKeys = ["destination", "inverse", "toMany", "ordered", "optional", "deleteRule", "minCount", "maxCount", "transient", "renamedFrom", "deprecated"]
    static let configurationKeys = ["cloudkit", "entities"]

    let file: String

    func decode(_ root: YAMLNode) throws(InputError) -> ModelVersion {
        let top = try MappingReader(root, subject: "the model file")
        try top.rejectUnknownKeys(allowed: Self.topLevelKeys)

        let modelNode = try top.required("model")
        let model = try ScalarReader.string(modelNode, for: "'model'")
        guard !model.isEmpty else { throw InputError(at: modelNode.location, "'model' must not be empty") }

        let versionNode = try top.required("version")
        let versionText = try ScalarReader.string(versionNode, for: "'version'")
        guard let version = VersionNumber(versionText) else {
            throw InputError(at: versionNode.location, "'version' must be a whole number or dotted numbers such as 3 or 2.1, found '\(versionText)'")
        }

        let entitiesNode = try top.required("entities")
        var entities: [Entity] = []
        var entityKeys: [String: SourceLocation] = [:]
        for (name, key, value) in try MappingReader.entries(of: entitiesNode, subject: "'entities'") {
            _ = try ScalarReader.name(key, text: name, kind: "entity")
            entityKeys[name] = key.location
            entities.append(try entity(name, key: key, value: value))
        }

        var configurations: [Configuration] = []
        if let node = top.value("configurations") {
            for (name, key, value) in try MappingReader.entries(of: node, subject: "'configurations'") {
                configurations.append(try configuration(name, key: key, value: value))
            }
        }

        var locations: [String: SourceLocation] = [:]
        for (key, value) in top.pairs { if let name = key.scalar { locations[name] = name == "entities" ? key.location : value.location } }
        return ModelVersion(
            model: model,
            version: version,
            label: try top.string("label"),
            isReleased: try top.bool("released") ?? true,
            usesCloudKit: try top.bool("cloudkit") ?? false,
            entities: entities,
            configurations: configurations,
            file: file,
            location: versionNode.location,
            propertyLocations: locations
        )
    }

    private func entity(_ name: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> Entity {
        let subject = "entity '\(name)'"
        guard !value.isNull else { return Entity(name: name, location: key.location) }
        let map = try MappingReader(value, subject: subject)
        try map.rejectUnknownKeys(allowed: Self.entityKeys)

        var attributes: [Attribute] = []
        if let node = map.value("attributes") {
            for (member, memberKey, memberValue) in try MappingReader.entries(of: node, subject: "the attributes of \(subject)") {
                _ = try ScalarReader.name(memberKey, text: member, kind: "attribute")
                attributes.append(try attribute(member, of: name, key: memberKey, value: memberValue))
            }
        }
        var relationships: [Relationship] = []
        if let node = map.value("relationships") {
            for (member, memberKey, memberValue) in try MappingReader.entries(of: node, subject: "the relationships of \(subject)") {
                _ = try ScalarReader.name(memberKey, text: member, kind: "relationship")
                if let clash = attributes.first(where: { $0.name == member }) {
                    throw InputError(
                        at: memberKey.location, "\(subject) has both an attribute and a relationship named '\(member)'",
                        notes: ["the attribute is declared at \(clash.location)"]
                    )
                }
                relationships.append(try relationship(member, of: name, key: memberKey, value: memberValue))
            }
        }
        var uniqueness: [[String]] = []
        if let node = map.value("uniqueness") {
            guard case .sequence(let sets) = node.content else {
                throw InputError(at: node.location, "'uniqueness' of \(subject) must be a list of lists of property names, such as [[identifier]]")
            }
            for set in sets {
                let names = try ScalarReader.stringList(set, for: "a uniqueness constraint of \(subject)")
                uniqueness.append(names.map(\.0))
            }
        }
        return Entity(
            name: name,
            parent: try map.string("parent"),
            isAbstract: try map.bool("abstract") ?? false,
            renamedFrom: try map.string("renamedFrom"),
            deprecation: try deprecation(map),
            versionHashModifier: try map.string("versionHashModifier"),
            attributes: attributes,
            relationships: relationships,
            uniquenessConstraints: uniqueness,
            location: key.location,
            propertyLocations: Self.locations(of: map)
        )
    }

    private func attribute(_ name: String, of entity: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> Attribute {
        let subject = "attribute '\(entity).\(name)'"
        // Shorthand: `title: string`.
        if value.scalar != nil, !value.isNull {
            let type = try attributeType(value, subject: subject)
            return Attribute(name: name, type: type, location: key.location, propertyLocations: ["type": value.location])
        }
        let map = try MappingReader(value, subject: subject)
        try map.rejectUnknownKeys(allowed: Self.attributeKeys)
        let type = try attributeType(try map.required("type"), subject: subject)
        var defaultValue: String?
        if let node = map.value("default"), !node.isNull {
            let text = try ScalarReader.string(node, for: "the default of \(subject)")
            guard type.acceptsDefault else {
                throw InputError(at: node.location, "\(subject) of type \(type) cannot have a default value")
            }
            guard let canonical = DefaultValue.canonical(text, for: type) else {
                throw InputError(at: node.location, "the default of \(subject) must be \(Self.valueDescription(type)), found '\(text)'")
            }
            defaultValue = canonical
        }
        for property in ["transformer", "className"] where map.value(property) != nil && type != .transformable {
            throw InputError(at: map.keyLocation(property) ?? value.location, "'\(property)' applies only to transformable attributes, and \(subject) is \(type)")
        }
        return Attribute(
            name: name,
            type: type,
            isOptional: try map.bool("optional") ?? true,
            defaultValue: defaultValue,
            isTransient: try map.bool("transient") ?? false,
            renamedFrom: try map.string("renamedFrom"),
            deprecation: try deprecation(map),
            transformer: try map.string("transformer"),
            className: try map.string("className"),
            allowsCloudEncryption: try map.bool("allowsCloudEncryption") ?? false,
            isDerived: try map.bool("derived") ?? false,
            isIndexed: try map.bool("indexed") ?? false,
            location: key.location,
            propertyLocations: Self.locations(of: map)
        )
    }

    private func relationship(_ name: String, of entity: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> Relationship {
        let subject = "relationship '\(entity).\(name)'"
        let map = try MappingReader(value, subject: subject)
        try map.rejectUnknownKeys(allowed: Self.relationshipKeys)
        let destination = try ScalarReader.string(try map.required("destination"), for: "the destination of \(subject)")
        var deleteRule = DeleteRule.nullify
        if let node = map.value("deleteRule") {
            let text = try ScalarReader.string(node, for: "the delete rule of \(subject)")
            guard let rule = DeleteRule(spelling: text) else {
                throw InputError(
                    at: node.location,
                    "unknown delete rule '\(text)' in \(subject); use one of \(DeleteRule.allCases.map(\.rawValue).joined(separator: ", "))"
                        + Spelling.didYouMean(text, among: DeleteRule.allCases.map(\.rawValue))
                )
            }
            deleteRule = rule
        }
        let minCount = try map.int("minCount")
        let maxCount = try map.int("maxCount")
        if let minCount, let maxCount, maxCount > 0, minCount > maxCount {
            throw InputError(at: map.value("minCount")!.location, "minCount \(minCount) of \(subject) is larger than its maxCount \(maxCount)")
        }
        return Relationship(
            name: name,
            destination: destination,
            inverse: try map.string("inverse"),
            isToMany: try map.bool("toMany") ?? false,
            isOrdered: try map.bool("ordered") ?? false,
            isOptional: try map.bool("optional") ?? true,
            deleteRule: deleteRule,
            minCount: minCount,
            maxCount: maxCount,
            isTransient: try map.bool("transient") ?? false,
            renamedFrom: try map.string("renamedFrom"),
            deprecation: try deprecation(map),
            location: key.location,
            propertyLocations: Self.locations(of: map)
        )
    }

    private func configuration(_ name: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> Configuration {
        let subject = "configuration '\(name)'"
        let map = try MappingReader(value, subject: subject)
        try map.rejectUnknownKeys(allowed: Self.configurationKeys)
        let entities = try map.value("entities").map { node throws(InputError) in
            try ScalarReader.stringList(node, for: "the entities of \(subject)").map(\.0)
        } ?? []
        return Configuration(name: name, usesCloudKit: try map.bool("cloudkit") ?? false, entities: entities, location: key.location)
    }

    private func attributeType(_ node: YAMLNode, subject: String) throws(InputError) -> AttributeType {
        let text = try ScalarReader.string(node, for: "the type of \(subject)")
        guard let type = AttributeType(spelling: text) else {
            throw InputError(
                at: node.location,
                "unknown attribute type '\(text)' for \(subject)" + Spelling.didYouMean(text, among: AttributeType.spellings)
            )
        }
        return type
    }

    /// `deprecated: "why"` or `deprecated: true`.
    private func deprecation(_ map: MappingReader) throws(InputError) -> String? {
        guard let node = map.value("deprecated"), !node.isNull else { return nil }
        if case .scalar(let text, .plain) = node.content {
            if text == "true" { return "" }
            if text == "false" { return nil }
        }
        return try ScalarReader.string(node, for: "'deprecated' of \(map.subject)")
    }

    /// Where each property's value is written, so findings can point at `type: string` itself.
    private static func locations(of map: MappingReader) -> [String: SourceLocation] {
        var result: [String: SourceLocation] = [:]
        result.reserveCapacity(map.pairs.count)
        for (key, value) in map.pairs {
            guard let name = key.scalar else { continue }
            // Collections point at their key; scalars at their value.
            result[name] = value.scalar != nil ? value.location : key.location
        }
        return result
    }

    private static func valueDescription(_ type: AttributeType) -> String {
        switch type {
        case .int16, .int32, .int64: "a whole number in the range of \(type)"
        case .double, .float, .decimal: "a number"
        case .boolean: "true or false"
        case .date: "a date (ISO 8601, or seconds since 2001-01-01)"
        case .uuid: "a UUID"
        default: "a \(type) value"
        }
    }
}

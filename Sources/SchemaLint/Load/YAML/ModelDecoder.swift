/// Decodes one model-format YAML document (see docs/model-format.md) into a `ModelVersion`.
/// Structure and types only; references between entities are checked by `ModelValidator`.
struct ModelDecoder {
    static let topLevelKeys = ["model", "version", "label", "released", "cloudkit", "entities", "configurations"]
    static let entityKeys = ["parent", "abstract", "renamedFrom", "deprecated", "versionHashModifier", "attributes", "relationships", "uniqueness"]
    static let attributeKeys = ["type", "optional", "default", "computedDefault", "transient", "renamedFrom", "deprecated", "transformer", "className", "allowsCloudEncryption", "derived", "indexed", "versionHashModifier"]
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
        try MappingReader.forEachEntry(of: entitiesNode, subject: "'entities'") { name, key, value throws(InputError) in
            _ = try ScalarReader.name(key, text: name, kind: "entity")
            entities.append(try entity(name, key: key, value: value))
        }

        var configurations: [Configuration] = []
        if let node = top.value("configurations") {
            try MappingReader.forEachEntry(of: node, subject: "'configurations'") { name, key, value throws(InputError) in
                configurations.append(try configuration(name, key: key, value: value))
            }
        }

        var locations = PropertyLocations()
        locations.reserveCapacity(top.pairs.count)
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
        var subject: String { "entity '\(name)'" }
        var entity = Entity(name: name, location: key.location)
        guard !value.isNull else { return entity }
        let map = try MappingReader(value, subject: subject)
        entity.propertyLocations.reserveCapacity(map.pairs.count)
        // One pass over the keys: each is decoded where it is met, unknown ones rejected.
        for (keyNode, node) in map.pairs {
            let property = keyNode.scalar ?? ""
            switch property {
            case "parent": entity.parent = try optionalString(node, property, subject)
            case "abstract": entity.isAbstract = try ScalarReader.bool(node, for: "'abstract' of \(subject)")
            case "renamedFrom": entity.renamedFrom = try optionalString(node, property, subject)
            case "deprecated": entity.deprecation = try deprecation(node, subject)
            case "versionHashModifier": entity.versionHashModifier = try optionalString(node, property, subject)
            case "attributes":
                try MappingReader.forEachEntry(of: node, subject: "the attributes of \(subject)") { member, memberKey, memberValue throws(InputError) in
                    _ = try ScalarReader.name(memberKey, text: member, kind: "attribute")
                    entity.attributes.append(try attribute(member, of: name, key: memberKey, value: memberValue))
                }
            case "relationships":
                try MappingReader.forEachEntry(of: node, subject: "the relationships of \(subject)") { member, memberKey, memberValue throws(InputError) in
                    _ = try ScalarReader.name(memberKey, text: member, kind: "relationship")
                    entity.relationships.append(try relationship(member, of: name, key: memberKey, value: memberValue))
                }
            case "uniqueness":
                guard case .sequence(let sets) = node.content else {
                    throw InputError(at: node.location, "'uniqueness' of \(subject) must be a list of lists of property names, such as [[identifier]]")
                }
                for set in sets {
                    entity.uniquenessConstraints.append(try ScalarReader.stringList(set, for: "a uniqueness constraint of \(subject)").map(\.0))
                }
            default:
                throw unknownKey(keyNode, in: subject, allowed: Self.entityKeys)
            }
            entity.propertyLocations[property] = Self.location(of: keyNode, node)
        }
        for relationship in entity.relationships {
            if let clash = entity.attributes.first(where: { $0.name == relationship.name }) {
                throw InputError(
                    at: relationship.location, "\(subject) has both an attribute and a relationship named '\(relationship.name)'",
                    notes: ["the attribute is declared at \(clash.location)"]
                )
            }
        }
        return entity
    }

    private func attribute(_ name: String, of entity: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> Attribute {
        var subject: String { "attribute '\(entity).\(name)'" }
        // Shorthand: `title: string`.
        if value.scalar != nil, !value.isNull {
            let type = try attributeType(value, subject: subject)
            return Attribute(name: name, type: type, location: key.location, propertyLocations: ["type": value.location])
        }
        let map = try MappingReader(value, subject: subject)
        var attribute = Attribute(name: name, type: .undefined, location: key.location)
        attribute.propertyLocations.reserveCapacity(map.pairs.count)
        var typeNode: YAMLNode?
        var defaultNode: YAMLNode?
        var computedDefaultNode: YAMLNode?
        for (keyNode, node) in map.pairs {
            let property = keyNode.scalar ?? ""
            switch property {
            case "type": typeNode = node
            case "default": defaultNode = node
            case "computedDefault": computedDefaultNode = node
            case "optional": attribute.isOptional = try ScalarReader.bool(node, for: "'optional' of \(subject)")
            case "transient": attribute.isTransient = try ScalarReader.bool(node, for: "'transient' of \(subject)")
            case "renamedFrom": attribute.renamedFrom = try optionalString(node, property, subject)
            case "deprecated": attribute.deprecation = try deprecation(node, subject)
            case "transformer": attribute.transformer = try optionalString(node, property, subject)
            case "className": attribute.className = try optionalString(node, property, subject)
            case "allowsCloudEncryption": attribute.allowsCloudEncryption = try ScalarReader.bool(node, for: "'allowsCloudEncryption' of \(subject)")
            case "derived": attribute.isDerived = try ScalarReader.bool(node, for: "'derived' of \(subject)")
            case "indexed": attribute.isIndexed = try ScalarReader.bool(node, for: "'indexed' of \(subject)")
            case "versionHashModifier": attribute.versionHashModifier = try optionalString(node, property, subject)
            default: throw unknownKey(keyNode, in: subject, allowed: Self.attributeKeys)
            }
            attribute.propertyLocations[property] = Self.location(of: keyNode, node)
        }
        guard let typeNode else {
            throw InputError(at: value.location, "\(subject) is missing the required key 'type'")
        }
        attribute.type = try attributeType(typeNode, subject: subject)
        if let node = defaultNode, !node.isNull {
            let text = try ScalarReader.string(node, for: "the default of \(subject)")
            guard attribute.type.acceptsDefault else {
                throw InputError(at: node.location, "\(subject) of type \(attribute.type) cannot have a default value")
            }
            guard let canonical = DefaultValue.canonical(text, for: attribute.type) else {
                throw InputError(at: node.location, "the default of \(subject) must be \(Self.valueDescription(attribute.type)), found '\(text)'")
            }
            attribute.defaultValue = canonical
        }
        if let node = computedDefaultNode {
            // A default set by code (SwiftData's `= Date.now`): there is one, its value is unknown.
            if defaultNode != nil {
                throw InputError(at: node.location, "\(subject) has both 'default' and 'computedDefault'; give one")
            }
            attribute.defaultValue = try ScalarReader.string(node, for: "the computedDefault of \(subject)")
        }
        if attribute.type != .transformable {
            for property in ["transformer", "className"] {
                if let location = map.keyLocation(property) {
                    throw InputError(at: location, "'\(property)' applies only to transformable attributes, and \(subject) is \(attribute.type)")
                }
            }
        }
        return attribute
    }

    private func relationship(_ name: String, of entity: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> Relationship {
        var subject: String { "relationship '\(entity).\(name)'" }
        let map = try MappingReader(value, subject: subject)
        var relationship = Relationship(name: name, destination: "", location: key.location)
        relationship.propertyLocations.reserveCapacity(map.pairs.count)
        var hasDestination = false
        for (keyNode, node) in map.pairs {
            let property = keyNode.scalar ?? ""
            switch property {
            case "destination":
                relationship.destination = try ScalarReader.string(node, for: "the destination of \(subject)")
                hasDestination = true
            case "inverse": relationship.inverse = try optionalString(node, property, subject)
            case "toMany": relationship.isToMany = try ScalarReader.bool(node, for: "'toMany' of \(subject)")
            case "ordered": relationship.isOrdered = try ScalarReader.bool(node, for: "'ordered' of \(subject)")
            case "optional": relationship.isOptional = try ScalarReader.bool(node, for: "'optional' of \(subject)")
            case "transient": relationship.isTransient = try ScalarReader.bool(node, for: "'transient' of \(subject)")
            case "minCount": relationship.minCount = try ScalarReader.int(node, for: "'minCount' of \(subject)")
            case "maxCount": relationship.maxCount = try ScalarReader.int(node, for: "'maxCount' of \(subject)")
            case "renamedFrom": relationship.renamedFrom = try optionalString(node, property, subject)
            case "deprecated": relationship.deprecation = try deprecation(node, subject)
            case "deleteRule":
                let text = try ScalarReader.string(node, for: "the delete rule of \(subject)")
                guard let rule = DeleteRule(spelling: text) else {
                    throw InputError(
                        at: node.location,
                        "unknown delete rule '\(text)' in \(subject); use one of \(DeleteRule.allCases.map(\.rawValue).joined(separator: ", "))"
                            + Spelling.didYouMean(text, among: DeleteRule.allCases.map(\.rawValue))
                    )
                }
                relationship.deleteRule = rule
            default: throw unknownKey(keyNode, in: subject, allowed: Self.relationshipKeys)
            }
            relationship.propertyLocations[property] = Self.location(of: keyNode, node)
        }
        guard hasDestination else {
            throw InputError(at: value.location, "\(subject) is missing the required key 'destination'")
        }
        if let minCount = relationship.minCount, let maxCount = relationship.maxCount, maxCount > 0, minCount > maxCount {
            throw InputError(at: relationship.location(of: "minCount"), "minCount \(minCount) of \(subject) is larger than its maxCount \(maxCount)")
        }
        return relationship
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

    private func attributeType(_ node: YAMLNode, subject: @autoclosure () -> String) throws(InputError) -> AttributeType {
        let text = try ScalarReader.string(node, for: "the type of \(subject())")
        guard let type = AttributeType(spelling: text) else {
            throw InputError(
                at: node.location,
                "unknown attribute type '\(text)' for \(subject())" + Spelling.didYouMean(text, among: AttributeType.spellings)
            )
        }
        return type
    }

    /// `deprecated: "why"` or `deprecated: true`.
    private func deprecation(_ node: YAMLNode, _ subject: @autoclosure () -> String) throws(InputError) -> String? {
        if node.isNull { return nil }
        if case .scalar(let text, .plain) = node.content {
            if text == "true" { return "" }
            if text == "false" { return nil }
        }
        return try ScalarReader.string(node, for: "'deprecated' of \(subject())")
    }

    private func optionalString(_ node: YAMLNode, _ property: String, _ subject: @autoclosure () -> String) throws(InputError) -> String? {
        node.isNull ? nil : try ScalarReader.string(node, for: "'\(property)' of \(subject())")
    }

    private func unknownKey(_ key: YAMLNode, in subject: @autoclosure () -> String, allowed: [String]) -> InputError {
        let name = key.scalar ?? ""
        return InputError(at: key.location, "unknown key '\(name)' in \(subject())\(Spelling.didYouMean(name, among: allowed))")
    }

    /// Where a property is written, so findings can point at `type: string` itself:
    /// scalars at their value, collections at their key.
    private static func location(of key: YAMLNode, _ value: YAMLNode) -> SourceLocation {
        value.scalar != nil ? value.location : key.location
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

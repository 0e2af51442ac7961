import SchemaLintCore

/// Decodes one model-format YAML document (see docs/model-format.md), read into a `YAMLDocument`,
/// into a `ModelVersion`.
/// Structure and types only; references between entities are checked by `ModelValidator`.
struct ModelDecoder {
    static let topLevelKeys = ["model", "version", "label", "released", "cloudkit", "entities", "configurations"]
    static let entityKeys = ["parent", "abstract", "renamedFrom", "deprecated", "versionHashModifier", "attributes", "relationships", "uniqueness"]
    static let attributeKeys = ["type", "optional", "default", "computedDefault", "transient", "renamedFrom", "deprecated", "transformer", "className", "allowsCloudEncryption", "derived", "indexed", "versionHashModifier"]
    static let relationshipKeys = ["destination", "inverse", "toMany", "ordered", "optional", "deleteRule", "minCount", "maxCount", "transient", "renamedFrom", "deprecated"]
    static let configurationKeys = ["cloudkit", "entities"]

    let document: YAMLDocument
    /// The file's bytes and the entities read from other files of the same load, to take an entity
    /// whose text was read before instead of decoding it again; nil decodes every entity.
    var reuse: (bytes: [UInt8], cache: EntityTextCache)?

    init(document: YAMLDocument, reuse: (bytes: [UInt8], cache: EntityTextCache)? = nil) {
        self.document = document
        self.reuse = reuse
    }

    func decode() throws(InputError) -> ModelVersion {
        let root = document.root
        try document.requireMapping(root, subject: "the model file")
        for index in 0..<document.entryCount(root) {
            let key = document.key(root, index)
            let name = document.scalar(key) ?? ""
            if !Self.topLevelKeys.contains(name) { throw unknownKey(key, name, in: "the model file", allowed: Self.topLevelKeys) }
        }

        let modelNode = try required("model", in: root, subject: "the model file")
        let model = try document.string(modelNode, for: "'model'")
        guard !model.isEmpty else { throw InputError(at: document.location(modelNode), "'model' must not be empty") }

        let versionNode = try required("version", in: root, subject: "the model file")
        let versionText = try document.string(versionNode, for: "'version'")
        guard let version = VersionNumber(versionText) else {
            throw InputError(at: document.location(versionNode), "'version' must be a whole number or dotted numbers such as 3 or 2.1, found '\(versionText)'")
        }

        let entitiesNode = try required("entities", in: root, subject: "the model file")
        var entities: [Entity] = []
        entities.reserveCapacity(document.entryCount(entitiesNode))
        if let (bytes, cache) = reuse {
            try bytes.withUnsafeBufferPointer { (bytes) throws(InputError) in
                let texts = YAMLEntityTexts(document: document, bytes: bytes, entities: entitiesNode)
                try document.forEachEntry(of: entitiesNode, subject: "'entities'") { name, key, value throws(InputError) in
                    try document.checkName(key, text: name, kind: "entity")
                    if var known = document.reusedEntities[value] {
                        known.location = document.location(key)
                        entities.append(known)
                        return
                    }
                    guard let range = texts.ranges.count > entities.count ? texts.ranges[entities.count] : nil else {
                        entities.append(try entity(name, key: key, value: value))
                        return
                    }
                    let text = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[range])
                    entities.append(try cache.entity(text: text, at: document.location(key), keyLineLength: YAMLEntitySpans.keyLineLength(text)) { () throws(InputError) in
                        try entity(name, key: key, value: value)
                    })
                }
            }
        } else {
            try document.forEachEntry(of: entitiesNode, subject: "'entities'") { name, key, value throws(InputError) in
                try document.checkName(key, text: name, kind: "entity")
                entities.append(try entity(name, key: key, value: value))
            }
        }

        var configurations: [Configuration] = []
        if let node = document.value(in: root, "configurations") {
            try document.forEachEntry(of: node, subject: "'configurations'") { name, key, value throws(InputError) in
                configurations.append(try configuration(name, key: key, value: value))
            }
        }

        var locations = PropertyLocations()
        locations.reserveCapacity(document.entryCount(root))
        for index in 0..<document.entryCount(root) {
            let key = document.key(root, index)
            if let name = document.scalar(key) { locations[name] = document.location(name == "entities" ? key : document.value(root, index)) }
        }
        return ModelVersion(
            model: model,
            version: version,
            label: try optionalString(document.value(in: root, "label"), "label", "the model file"),
            isReleased: try document.value(in: root, "released").map { node throws(InputError) in try document.bool(node, for: "'released' of the model file") } ?? true,
            usesCloudKit: try document.value(in: root, "cloudkit").map { node throws(InputError) in try document.bool(node, for: "'cloudkit' of the model file") } ?? false,
            entities: entities,
            configurations: configurations,
            file: document.file,
            location: document.location(versionNode),
            propertyLocations: locations
        )
    }

    private func entity(_ name: String, key: Int, value: Int) throws(InputError) -> Entity {
        var subject: String { "entity '\(name)'" }
        var entity = Entity(name: name, location: document.location(key))
        let anchor = entity.location.line
        guard !document.isNull(value) else { return entity }
        try document.requireMapping(value, subject: subject)
        entity.propertyLocations.reserveCapacity(document.entryCount(value))
        // One pass over the keys: each is decoded where it is met, unknown ones rejected.
        for index in 0..<document.entryCount(value) {
            let keyNode = document.key(value, index)
            let node = document.value(value, index)
            let property = document.scalar(keyNode) ?? ""
            switch property {
            case "parent": entity.parent = try optionalString(node, property, subject)
            case "abstract": entity.isAbstract = try document.bool(node, for: "'abstract' of \(subject)")
            case "renamedFrom": entity.renamedFrom = try optionalString(node, property, subject)
            case "deprecated": entity.deprecation = try deprecation(node, subject)
            case "versionHashModifier": entity.versionHashModifier = try optionalString(node, property, subject)
            case "attributes":
                entity.attributes.reserveCapacity(document.entryCount(node))
                try document.forEachEntry(of: node, subject: "the attributes of \(subject)") { member, memberKey, memberValue throws(InputError) in
                    try document.checkName(memberKey, text: member, kind: "attribute")
                    entity.attributes.append(try attribute(member, of: name, anchor: anchor, key: memberKey, value: memberValue))
                }
            case "relationships":
                entity.relationships.reserveCapacity(document.entryCount(node))
                try document.forEachEntry(of: node, subject: "the relationships of \(subject)") { member, memberKey, memberValue throws(InputError) in
                    try document.checkName(memberKey, text: member, kind: "relationship")
                    entity.relationships.append(try relationship(member, of: name, anchor: anchor, key: memberKey, value: memberValue))
                }
            case "uniqueness":
                guard document.kind(node) == .sequence else {
                    throw InputError(at: document.location(node), "'uniqueness' of \(subject) must be a list of lists of property names, such as [[identifier]]")
                }
                for item in 0..<document.entryCount(node) {
                    entity.uniquenessConstraints.append(try document.stringList(document.item(node, item), for: "a uniqueness constraint of \(subject)"))
                }
            default:
                throw unknownKey(keyNode, property, in: subject, allowed: Self.entityKeys)
            }
            entity.propertyLocations[property] = location(of: keyNode, node, relativeToLine: anchor)
        }
        for relationship in entity.relationships {
            if let clash = entity.attributes.first(where: { $0.name == relationship.name }) {
                throw InputError(
                    at: entity.location(of: relationship), "\(subject) has both an attribute and a relationship named '\(relationship.name)'",
                    notes: ["the attribute is declared at \(entity.location(of: clash))"]
                )
            }
        }
        return entity
    }

    /// `anchor` is the line of the entity's key, which the attribute's locations are relative to.
    private func attribute(_ name: String, of entity: String, anchor: Int, key: Int, value: Int) throws(InputError) -> Attribute {
        var subject: String { "attribute '\(entity).\(name)'" }
        // Shorthand: `title: string`.
        if document.kind(value) == .scalar, !document.isNull(value) {
            let type = try attributeType(value, subject: subject)
            // Built in place: a dictionary literal would allocate twice.
            var locations = RelativePropertyLocations()
            locations.reserveCapacity(1)
            locations["type"] = document.location(value, relativeToLine: anchor)
            return Attribute(name: name, type: type, location: document.location(key, relativeToLine: anchor), propertyLocations: locations)
        }
        try document.requireMapping(value, subject: subject)
        var attribute = Attribute(name: name, type: .undefined, location: document.location(key, relativeToLine: anchor))
        attribute.propertyLocations.reserveCapacity(document.entryCount(value))
        var typeNode: Int?
        var defaultNode: Int?
        var computedDefaultNode: Int?
        for index in 0..<document.entryCount(value) {
            let keyNode = document.key(value, index)
            let node = document.value(value, index)
            let property = document.scalar(keyNode) ?? ""
            switch property {
            case "type": typeNode = node
            case "default": defaultNode = node
            case "computedDefault": computedDefaultNode = node
            case "optional": attribute.isOptional = try document.bool(node, for: "'optional' of \(subject)")
            case "transient": attribute.isTransient = try document.bool(node, for: "'transient' of \(subject)")
            case "renamedFrom": attribute.renamedFrom = try optionalString(node, property, subject)
            case "deprecated": attribute.deprecation = try deprecation(node, subject)
            case "transformer": attribute.transformer = try optionalString(node, property, subject)
            case "className": attribute.className = try optionalString(node, property, subject)
            case "allowsCloudEncryption": attribute.allowsCloudEncryption = try document.bool(node, for: "'allowsCloudEncryption' of \(subject)")
            case "derived": attribute.isDerived = try document.bool(node, for: "'derived' of \(subject)")
            case "indexed": attribute.isIndexed = try document.bool(node, for: "'indexed' of \(subject)")
            case "versionHashModifier": attribute.versionHashModifier = try optionalString(node, property, subject)
            default: throw unknownKey(keyNode, property, in: subject, allowed: Self.attributeKeys)
            }
            attribute.propertyLocations[property] = location(of: keyNode, node, relativeToLine: anchor)
        }
        guard let typeNode else {
            throw InputError(at: document.location(value), "\(subject) is missing the required key 'type'")
        }
        attribute.type = try attributeType(typeNode, subject: subject)
        if let node = defaultNode, !document.isNull(node) {
            let text = try document.string(node, for: "the default of \(subject)")
            guard attribute.type.acceptsDefault else {
                throw InputError(at: document.location(node), "\(subject) of type \(attribute.type) cannot have a default value")
            }
            guard let canonical = DefaultValue.canonical(text, for: attribute.type) else {
                throw InputError(at: document.location(node), "the default of \(subject) must be \(Self.valueDescription(attribute.type)), found '\(text)'")
            }
            attribute.defaultValue = canonical
        }
        if let node = computedDefaultNode {
            // A default set by code (SwiftData's `= Date.now`): there is one, its value is unknown.
            if defaultNode != nil {
                throw InputError(at: document.location(node), "\(subject) has both 'default' and 'computedDefault'; give one")
            }
            attribute.defaultValue = try document.string(node, for: "the computedDefault of \(subject)")
            attribute.defaultIsComputed = true
        }
        if attribute.type != .transformable {
            if let key = document.keyNode(in: value, "transformer") {
                throw InputError(at: document.location(key), "'transformer' applies only to transformable attributes, and \(subject) is \(attribute.type)")
            }
            if let key = document.keyNode(in: value, "className") {
                throw InputError(at: document.location(key), "'className' applies only to transformable attributes, and \(subject) is \(attribute.type)")
            }
        }
        return attribute
    }

    /// `anchor` is the line of the entity's key, which the relationship's locations are relative to.
    private func relationship(_ name: String, of entity: String, anchor: Int, key: Int, value: Int) throws(InputError) -> Relationship {
        var subject: String { "relationship '\(entity).\(name)'" }
        try document.requireMapping(value, subject: subject)
        var relationship = Relationship(name: name, destination: "", location: document.location(key, relativeToLine: anchor))
        relationship.propertyLocations.reserveCapacity(document.entryCount(value))
        var hasDestination = false
        for index in 0..<document.entryCount(value) {
            let keyNode = document.key(value, index)
            let node = document.value(value, index)
            let property = document.scalar(keyNode) ?? ""
            switch property {
            case "destination":
                relationship.destination = try document.string(node, for: "the destination of \(subject)")
                hasDestination = true
            case "inverse": relationship.inverse = try optionalString(node, property, subject)
            case "toMany": relationship.isToMany = try document.bool(node, for: "'toMany' of \(subject)")
            case "ordered": relationship.isOrdered = try document.bool(node, for: "'ordered' of \(subject)")
            case "optional": relationship.isOptional = try document.bool(node, for: "'optional' of \(subject)")
            case "transient": relationship.isTransient = try document.bool(node, for: "'transient' of \(subject)")
            case "minCount": relationship.minCount = try document.int(node, for: "'minCount' of \(subject)")
            case "maxCount": relationship.maxCount = try document.int(node, for: "'maxCount' of \(subject)")
            case "renamedFrom": relationship.renamedFrom = try optionalString(node, property, subject)
            case "deprecated": relationship.deprecation = try deprecation(node, subject)
            case "deleteRule":
                let text = try document.string(node, for: "the delete rule of \(subject)")
                guard let rule = DeleteRule(spelling: text) else {
                    throw InputError(
                        at: document.location(node),
                        "unknown delete rule '\(text)' in \(subject); use one of \(DeleteRule.allCases.map(\.rawValue).joined(separator: ", "))"
                            + Spelling.didYouMean(text, among: DeleteRule.allCases.map(\.rawValue))
                    )
                }
                relationship.deleteRule = rule
            default: throw unknownKey(keyNode, property, in: subject, allowed: Self.relationshipKeys)
            }
            relationship.propertyLocations[property] = location(of: keyNode, node, relativeToLine: anchor)
        }
        guard hasDestination else {
            throw InputError(at: document.location(value), "\(subject) is missing the required key 'destination'")
        }
        if let minCount = relationship.minCount, let maxCount = relationship.maxCount, maxCount > 0, minCount > maxCount {
            let minCount = relationship.location(of: "minCount")
            throw InputError(at: SourceLocation(file: document.file, line: anchor + minCount.lineOffset, column: minCount.column), "minCount \(minCount) of \(subject) is larger than its maxCount \(maxCount)")
        }
        return relationship
    }

    private func configuration(_ name: String, key: Int, value: Int) throws(InputError) -> Configuration {
        let subject = "configuration '\(name)'"
        try document.requireMapping(value, subject: subject)
        for index in 0..<document.entryCount(value) {
            let key = document.key(value, index)
            let property = document.scalar(key) ?? ""
            if !Self.configurationKeys.contains(property) { throw unknownKey(key, property, in: subject, allowed: Self.configurationKeys) }
        }
        let entities = try document.value(in: value, "entities").map { node throws(InputError) in
            try document.stringList(node, for: "the entities of \(subject)")
        } ?? []
        let usesCloudKit = try document.value(in: value, "cloudkit").map { node throws(InputError) in
            try document.bool(node, for: "'cloudkit' of \(subject)")
        } ?? false
        return Configuration(name: name, usesCloudKit: usesCloudKit, entities: entities, location: document.location(key))
    }

    /// The value of the required `key` of `mapping`.
    private func required(_ key: StaticString, in mapping: Int, subject: String) throws(InputError) -> Int {
        guard let value = document.value(in: mapping, key) else {
            throw InputError(at: document.location(mapping), "\(subject) is missing the required key '\(key)'")
        }
        return value
    }

    private func attributeType(_ node: Int, subject: @autoclosure () -> String) throws(InputError) -> AttributeType {
        let text = try document.string(node, for: "the type of \(subject())")
        guard let type = AttributeType(spelling: text) else {
            throw InputError(
                at: document.location(node),
                "unknown attribute type '\(text)' for \(subject())" + Spelling.didYouMean(text, among: AttributeType.spellings)
            )
        }
        return type
    }

    /// `deprecated: "why"` or `deprecated: true`.
    private func deprecation(_ node: Int, _ subject: @autoclosure () -> String) throws(InputError) -> String? {
        if document.isNull(node) { return nil }
        if document.kind(node) == .scalar, document.nodes[node].style == .plain {
            if document.scalar(node, is: "true") { return "" }
            if document.scalar(node, is: "false") { return nil }
        }
        return try document.string(node, for: "'deprecated' of \(subject())")
    }

    private func optionalString(_ node: Int?, _ property: String, _ subject: @autoclosure () -> String) throws(InputError) -> String? {
        guard let node, !document.isNull(node) else { return nil }
        return try document.string(node, for: "'\(property)' of \(subject())")
    }

    private func unknownKey(_ key: Int, _ name: String, in subject: @autoclosure () -> String, allowed: [String]) -> InputError {
        InputError(at: document.location(key), "unknown key '\(name)' in \(subject())\(Spelling.didYouMean(name, among: allowed))")
    }

    /// Where a property is written, so findings can point at `type: string` itself:
    /// scalars at their value, collections at their key.
    private func location(of key: Int, _ value: Int, relativeToLine anchor: Int) -> RelativeLocation {
        document.location(document.kind(value) == .scalar ? value : key, relativeToLine: anchor)
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

import Foundation

/// The parts of one `contents` file, before they become a `ModelVersion`.
struct XcodeContents {
    var usesCloudKit: Bool
    var entities: [Entity]
    var configurations: [Configuration]
    /// The `<model` tag.
    var location: SourceLocation
    var propertyLocations: PropertyLocations
}

/// Reads one `contents` file with `XMLStreamReader` and collects entities, their properties and
/// configurations. Only the elements it knows, at the places Xcode writes them, are read:
/// `model > entity > attribute|relationship|uniquenessConstraints`, `model > configuration > memberEntity`.
/// Anything else (layout `<elements>`, `<userInfo>`, indexes, fetch requests, composites, whatever a new
/// Xcode adds) is skipped with its children.
struct XcodeContentsParser {
    /// The open elements, outermost first: nil for an element the reader does not know.
    private var stack: [XcodeElementName?] = []
    private var model: XcodeContents?
    private var entity: Entity?
    /// The names of the current entity's properties and of the model's entities so far, to report duplicates.
    private var propertyNames: Set<String> = []
    private var entityNames: Set<String> = []
    private var constraint: [String]?
    private var configuration: Configuration?

    /// Parses `data`, the text of the `contents` file at `file`.
    static func parse(_ data: Data, file: String) throws(InputError) -> XcodeContents {
        guard !data.isEmpty else { throw noModel(file) }
        var parser = XcodeContentsParser()
        try XMLStreamReader.read(data, file: file, knownNames: XcodeKnownNames.all) { (event) throws(InputError) in
            switch event {
            case .start(let element): try parser.start(element)
            case .end: parser.end()
            case .text: break
            }
        }
        guard let model = parser.model else { throw noModel(file) }
        return model
    }

    private static func noModel(_ file: String) -> InputError {
        InputError(file: file, line: 1, column: 1, message: "not a Core Data model: the file has no <model> element")
    }

    private mutating func start(_ element: XMLStartElement) throws(InputError) {
        let name = XcodeKnownNames.element(element.nameIndex)
        let parent = stack.last ?? nil
        let depth = stack.count
        stack.append(name)
        switch (depth, parent, name) {
        case (0, _, .model?):
            let tag = Self.tag(element, .model)
            model = XcodeContents(
                usesCloudKit: XcodeElementMapper.modelUsesCloudKit(tag), entities: [], configurations: [],
                location: tag.location, propertyLocations: tag.propertyLocations)
        case (0, _, _):
            throw InputError(at: element.location, "not a Core Data model: the root element is <\(element.name)>, expected <model>")
        case (1, .model?, .entity?):
            let tag = Self.tag(element, .entity)
            let new = try XcodeElementMapper.entity(tag)
            if !entityNames.insert(new.name).inserted {
                let first = model?.entities.first { $0.name == new.name }?.location
                throw Self.duplicate("entity '\(new.name)'", at: tag.location, first: first)
            }
            entity = new
            propertyNames.removeAll(keepingCapacity: true)
        case (1, .model?, .configuration?):
            configuration = try XcodeElementMapper.configuration(Self.tag(element, .configuration))
        case (2, .entity?, .attribute?):
            guard let owner = entity?.name else { break }
            let attribute = try XcodeElementMapper.attribute(Self.tag(element, .attribute), in: owner)
            try checkUniqueProperty(attribute.name, at: attribute.location, in: owner)
            entity?.attributes.append(attribute)
        case (2, .entity?, .relationship?):
            guard let owner = entity?.name else { break }
            let relationship = try XcodeElementMapper.relationship(Self.tag(element, .relationship), in: owner)
            try checkUniqueProperty(relationship.name, at: relationship.location, in: owner)
            entity?.relationships.append(relationship)
        case (2, .entity?, .uniquenessConstraints?):
            if entity?.propertyLocations["uniqueness"] == nil {
                entity?.propertyLocations["uniqueness"] = element.location
            }
        case (3, .uniquenessConstraints?, .uniquenessConstraint?):
            constraint = []
        case (4, .uniquenessConstraint?, .constraint?):
            constraint?.append(try XcodeElementMapper.reference(Self.tag(element, .constraint), key: .value))
        case (2, .configuration?, .memberEntity?):
            configuration?.entities.append(try XcodeElementMapper.reference(Self.tag(element, .memberEntity), key: .name))
        default:
            break
        }
    }

    private mutating func end() {
        let name = stack.removeLast()
        switch (stack.count, name) {
        case (1, .entity?):
            if let finished = entity { model?.entities.append(finished) }
            entity = nil
        case (1, .configuration?):
            if let finished = configuration { model?.configurations.append(finished) }
            configuration = nil
        case (3, .uniquenessConstraint?):
            if let finished = constraint, !finished.isEmpty { entity?.uniquenessConstraints.append(finished) }
            constraint = nil
        default:
            break
        }
    }

    /// The tag with its XML attributes, and where the model properties they write are written.
    private static func tag(_ element: XMLStartElement, _ name: XcodeElementName) -> XcodeTag {
        XcodeTag(element, keys: XcodeElementMapper.propertyKeys(forElement: name))
    }

    private mutating func checkUniqueProperty(_ name: String, at location: SourceLocation, in owner: String) throws(InputError) {
        guard !propertyNames.insert(name).inserted else { return }
        let first = entity?.attributes.first { $0.name == name }?.location ?? entity?.relationships.first { $0.name == name }?.location
        throw Self.duplicate("property '\(owner).\(name)'", at: location, first: first)
    }

    private static func duplicate(_ what: String, at location: SourceLocation, first: SourceLocation?) -> InputError {
        InputError(at: location, "duplicate \(what)", notes: first.map { ["first declared at \($0)"] } ?? [])
    }
}

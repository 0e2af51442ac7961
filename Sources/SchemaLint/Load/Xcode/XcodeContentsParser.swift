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
    /// The names of the open elements, outermost first.
    private var stack: [String] = []
    private var model: XcodeContents?
    private var entity: Entity?
    /// Where each property of the current entity was first declared, to report duplicates.
    private var propertyNames: [String: SourceLocation] = [:]
    private var entityNames: [String: SourceLocation] = [:]
    private var constraint: [String]?
    private var configuration: Configuration?

    /// Parses `data`, the text of the `contents` file at `file`.
    static func parse(_ data: Data, file: String) throws(InputError) -> XcodeContents {
        guard !data.isEmpty else { throw noModel(file) }
        var parser = XcodeContentsParser()
        try XMLStreamReader.read(data, file: file, knownNames: XcodeXMLName.names) { (event) throws(InputError) in
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
        let name = element.name
        let parent = stack.last
        let depth = stack.count
        stack.append(name)
        switch (depth, parent, name) {
        case (0, _, "model"):
            let tag = Self.tag(element, name)
            model = XcodeContents(
                usesCloudKit: XcodeElementMapper.modelUsesCloudKit(tag), entities: [], configurations: [],
                location: tag.location, propertyLocations: tag.propertyLocations)
        case (0, _, _):
            throw InputError(at: element.location, "not a Core Data model: the root element is <\(name)>, expected <model>")
        case (1, "model", "entity"):
            let tag = Self.tag(element, name)
            let new = try XcodeElementMapper.entity(tag)
            try Self.checkUnique(new.name, at: tag.location, in: &entityNames, what: "entity '\(new.name)'")
            entity = new
            propertyNames = [:]
        case (1, "model", "configuration"):
            configuration = try XcodeElementMapper.configuration(Self.tag(element, name))
        case (2, "entity", "attribute"):
            guard let owner = entity?.name else { break }
            let attribute = try XcodeElementMapper.attribute(Self.tag(element, name), in: owner)
            try Self.checkUnique(attribute.name, at: attribute.location, in: &propertyNames, what: "property '\(owner).\(attribute.name)'")
            entity?.attributes.append(attribute)
        case (2, "entity", "relationship"):
            guard let owner = entity?.name else { break }
            let relationship = try XcodeElementMapper.relationship(Self.tag(element, name), in: owner)
            try Self.checkUnique(relationship.name, at: relationship.location, in: &propertyNames, what: "property '\(owner).\(relationship.name)'")
            entity?.relationships.append(relationship)
        case (2, "entity", "uniquenessConstraints"):
            if entity?.propertyLocations["uniqueness"] == nil {
                entity?.propertyLocations["uniqueness"] = element.location
            }
        case (3, "uniquenessConstraints", "uniquenessConstraint"):
            constraint = []
        case (4, "uniquenessConstraint", "constraint"):
            constraint?.append(try XcodeElementMapper.reference(Self.tag(element, name), key: .value))
        case (2, "configuration", "memberEntity"):
            configuration?.entities.append(try XcodeElementMapper.reference(Self.tag(element, name), key: .name))
        default:
            break
        }
    }

    private mutating func end() {
        let name = stack.removeLast()
        switch (stack.count, name) {
        case (1, "entity"):
            if let finished = entity { model?.entities.append(finished) }
            entity = nil
        case (1, "configuration"):
            if let finished = configuration { model?.configurations.append(finished) }
            configuration = nil
        case (3, "uniquenessConstraint"):
            if let finished = constraint, !finished.isEmpty { entity?.uniquenessConstraints.append(finished) }
            constraint = nil
        default:
            break
        }
    }

    /// The tag with its XML attributes, and where the model properties they write are written.
    private static func tag(_ element: XMLStartElement, _ name: String) -> XcodeTag {
        XcodeTag(element, name: name, keys: XcodeElementMapper.propertyKeys(forElement: name))
    }

    private static func checkUnique(
        _ name: String, at location: SourceLocation, in seen: inout [String: SourceLocation], what: @autoclosure () -> String
    ) throws(InputError) {
        if let first = seen[name] {
            throw InputError(at: location, "duplicate \(what())", notes: ["first declared at \(first)"])
        }
        seen[name] = location
    }
}

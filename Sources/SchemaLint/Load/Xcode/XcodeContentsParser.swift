import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The parts of one `contents` file, before they become a `ModelVersion`.
struct XcodeContents {
    var usesCloudKit: Bool
    var entities: [Entity]
    var configurations: [Configuration]
    /// The `<model` tag.
    var location: SourceLocation
    var propertyLocations: [String: SourceLocation]
}

/// Drives Foundation's `XMLParser` over one `contents` file and collects entities, their properties
/// and configurations. Only the elements it knows, at the places Xcode writes them, are read:
/// `model > entity > attribute|relationship|uniquenessConstraints`, `model > configuration > memberEntity`.
/// Anything else (layout `<elements>`, `<userInfo>`, indexes, fetch requests, composites, whatever a new
/// Xcode adds) is skipped with its children.
final class XcodeContentsParser: NSObject, XMLParserDelegate {
    private let file: String
    private let locator: XMLTagLocator

    private var stack: [String] = []
    private var model: XcodeContents?
    private var entity: Entity?
    /// Where each property of the current entity was first declared, to report duplicates.
    private var propertyNames: [String: SourceLocation] = [:]
    private var entityNames: [String: SourceLocation] = [:]
    private var constraint: [String]?
    private var configuration: Configuration?
    private var failure: InputError?

    private init(file: String, data: Data) {
        self.file = file
        self.locator = XMLTagLocator(data, file: file)
    }

    /// Parses `data`, the text of the `contents` file at `file`.
    static func parse(_ data: Data, file: String) throws(InputError) -> XcodeContents {
        let delegate = XcodeContentsParser(file: file, data: data)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        // On Linux parse() can return true after an error, so the error is what counts.
        _ = parser.parse()
        if let failure = delegate.failure { throw failure }
        if let error = parser.parserError {
            throw InputError(file: file, line: parser.lineNumber, column: parser.columnNumber,
                             message: XMLParserErrorMessage.message(for: error))
        }
        guard let model = delegate.model else {
            throw InputError(file: file, line: 1, column: 1, message: "not a Core Data model: the file has no <model> element")
        }
        return model
    }

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let parent = stack.last
        let depth = stack.count
        stack.append(elementName)
        do throws(InputError) {
            switch (depth, parent, elementName) {
            case (0, _, "model"):
                let tag = tag(elementName, attributeDict, parser)
                model = XcodeContents(
                    usesCloudKit: XcodeElementMapper.modelUsesCloudKit(tag), entities: [], configurations: [],
                    location: tag.location, propertyLocations: tag.propertyLocations)
            case (0, _, _):
                throw InputError(at: tag(elementName, attributeDict, parser).location,
                                 "not a Core Data model: the root element is <\(elementName)>, expected <model>")
            case (1, "model", "entity"):
                let tag = tag(elementName, attributeDict, parser)
                let new = try XcodeElementMapper.entity(tag)
                try checkUnique(new.name, at: tag.location, in: &entityNames, what: "entity '\(new.name)'")
                entity = new
                propertyNames = [:]
            case (1, "model", "configuration"):
                configuration = try XcodeElementMapper.configuration(tag(elementName, attributeDict, parser))
            case (2, "entity", "attribute"):
                guard let owner = entity?.name else { break }
                let attribute = try XcodeElementMapper.attribute(tag(elementName, attributeDict, parser), in: owner)
                try checkUnique(attribute.name, at: attribute.location, in: &propertyNames, what: "property '\(owner).\(attribute.name)'")
                entity?.attributes.append(attribute)
            case (2, "entity", "relationship"):
                guard let owner = entity?.name else { break }
                let relationship = try XcodeElementMapper.relationship(tag(elementName, attributeDict, parser), in: owner)
                try checkUnique(relationship.name, at: relationship.location, in: &propertyNames, what: "property '\(owner).\(relationship.name)'")
                entity?.relationships.append(relationship)
            case (2, "entity", "uniquenessConstraints"):
                if entity?.propertyLocations["uniqueness"] == nil {
                    entity?.propertyLocations["uniqueness"] = tag(elementName, attributeDict, parser).location
                }
            case (3, "uniquenessConstraints", "uniquenessConstraint"):
                constraint = []
            case (4, "uniquenessConstraint", "constraint"):
                constraint?.append(try XcodeElementMapper.reference(tag(elementName, attributeDict, parser), key: "value"))
            case (2, "configuration", "memberEntity"):
                configuration?.entities.append(try XcodeElementMapper.reference(tag(elementName, attributeDict, parser), key: "name"))
            default:
                break
            }
        } catch {
            fail(error, parser)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil else { return }
        stack.removeLast()
        switch (stack.count, elementName) {
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

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        failure = InputError(file: file, line: parser.lineNumber, column: parser.columnNumber,
                             message: XMLParserErrorMessage.message(for: parseError))
        parser.abortParsing()
    }

    // MARK: - Helpers

    /// The tag the parser is at, with its position moved from the tag's end to its `<`.
    private func tag(_ name: String, _ attributes: [String: String], _ parser: XMLParser) -> XcodeTag {
        let reported = SourceLocation(file: file, line: parser.lineNumber, column: parser.columnNumber)
        let keys = XcodeElementMapper.propertyKeys(forElement: name)
        guard let found = locator.startTag(named: name, reportedLine: reported.line, column: reported.column, keys: keys) else {
            return XcodeTag(name: name, attributes: attributes, location: reported, propertyLocations: [:])
        }
        return XcodeTag(name: name, attributes: attributes, location: found.location, propertyLocations: found.propertyLocations)
    }

    private func checkUnique(
        _ name: String, at location: SourceLocation, in seen: inout [String: SourceLocation], what: @autoclosure () -> String
    ) throws(InputError) {
        if let first = seen[name] {
            throw InputError(at: location, "duplicate \(what())", notes: ["first declared at \(first)"])
        }
        seen[name] = location
    }

    private func fail(_ error: InputError, _ parser: XMLParser) {
        failure = error
        parser.abortParsing()
    }
}

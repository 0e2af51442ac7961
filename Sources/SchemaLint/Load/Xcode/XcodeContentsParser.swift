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
    /// Entities read from other versions, by their text: an `<entity>` element written the same way
    /// is taken from there, its children not read again. Nil reads every entity.
    private let entityTexts: EntityTextCache?
    /// The bytes of the current `<entity>` element, to remember it by when it ends.
    private var entityText: Range<Int>?
    /// The current entity was taken from `entityTexts`: its children are skipped.
    private var isReusedEntity = false
    /// The placeholders of a compacted text, each to be read at its offset as a child of `<model>`,
    /// in order; `placeholdersRead` of them have been.
    private let placeholders: [CompactedXcodeContents.Replacement]
    private var placeholdersRead = 0

    private init(entityTexts: EntityTextCache?, placeholders: [CompactedXcodeContents.Replacement] = []) {
        self.entityTexts = entityTexts
        self.placeholders = placeholders
    }

    /// Parses `data`, the text of the `contents` file at `file`; `entities` holds the entities of
    /// other versions by their text, to take one written the same way instead of reading it again.
    /// The entities the cache knows are not parsed again: libxml2 reads a compacted text
    /// (`CompactedXcodeContents`) when that gives what the file's own bytes give, else the file.
    static func parse(_ data: Data, file: String, entities: EntityTextCache? = nil) throws(InputError) -> XcodeContents {
        guard !data.isEmpty else { throw noModel(file) }
        let result = data.withUnsafeBytes { text in
            Result { () throws(InputError) in
                let cache = reusableEntities(entities, in: text)
                if let cache, let contents = parseCompacted(text, file: file, entities: cache) { return contents }
                return try read(text, file: file, entities: cache)
            }
        }
        return try result.get()
    }

    /// The file's contents read from its compacted text; nil when no entity of it is known, or when the
    /// compacted parse may not give what the file's own bytes give: any error (the file's own parse
    /// reports it, at its position), or a placeholder not read as a child of `<model>` at its place.
    static func parseCompacted(_ text: UnsafeRawBufferPointer, file: String, entities: EntityTextCache) -> XcodeContents? {
        guard let compacted = CompactedXcodeContents(text, file: file, known: { entities.entity(text: $0, at: $1) }) else { return nil }
        return compacted.bytes.withUnsafeBytes { bytes in
            try? read(bytes, file: file, entities: entities, placeholders: compacted.replacements)
        }
    }

    /// The cache, unless the text has a document type: it can give elements default attributes that
    /// their own text does not show.
    static func reusableEntities(_ entities: EntityTextCache?, in text: UnsafeRawBufferPointer) -> EntityTextCache? {
        guard let entities, !ByteSearch.containsAny(documentType, in: text) else { return nil }
        return entities
    }

    private static func read(
        _ text: UnsafeRawBufferPointer, file: String, entities: EntityTextCache?,
        placeholders: [CompactedXcodeContents.Replacement] = []
    ) throws(InputError) -> XcodeContents {
        var parser = XcodeContentsParser(entityTexts: entities, placeholders: placeholders)
        try XMLStreamReader.read(text, file: file, knownNames: XcodeKnownNames.all) { (event) throws(InputError) in
            switch event {
            case .start(let element): try parser.start(element)
            case .end(let element): parser.end(element)
            case .text: break
            }
        }
        guard let model = parser.model else { throw noModel(file) }
        guard parser.placeholdersRead == placeholders.count else { throw misplacedPlaceholder(at: model.location) }
        return model
    }

    /// A document type declaration, found with `memchr` on its rarest byte (Foundation's
    /// `Data.range(of:)` took about 8% of the corpus's loading time).
    private static let documentType = ByteSearch.Words([Array("<!DOCTYPE".utf8)])

    private static func noModel(_ file: String) -> InputError {
        InputError(file: file, line: 1, column: 1, message: "not a Core Data model: the file has no <model> element")
    }

    private mutating func start(_ element: XMLStartElement) throws(InputError) {
        let name = XcodeKnownNames.element(element.nameIndex)
        let parent = stack.last ?? nil
        let depth = stack.count
        stack.append(name)
        if !placeholders.isEmpty, XcodeKnownNames.isReusedEntityPlaceholder(element.nameIndex) {
            try readPlaceholder(element, depth: depth, parent: parent)
            return
        }
        if isReusedEntity, depth >= 2 { return }
        switch (depth, parent, name) {
        case (0, _, .model?):
            let tag = Self.tag(element, .model)
            model = XcodeContents(
                usesCloudKit: XcodeElementMapper.modelUsesCloudKit(tag), entities: [], configurations: [],
                location: tag.location, propertyLocations: tag.propertyLocations)
        case (0, _, _):
            throw InputError(at: element.location, "not a Core Data model: the root element is <\(element.name)>, expected <model>")
        case (1, .model?, .entity?):
            entityText = entityTexts.flatMap { _ in element.byteOffset.flatMap { XcodeEntitySpans.span(in: element.document, from: $0) } }
            if let cache = entityTexts, let range = entityText,
               let known = cache.entity(text: UnsafeRawBufferPointer(rebasing: element.document[range]), at: element.location) {
                try checkUniqueEntity(known.name, at: known.location)
                entity = known
                isReusedEntity = true
                break
            }
            let tag = Self.tag(element, .entity)
            let new = try XcodeElementMapper.entity(tag)
            try checkUniqueEntity(new.name, at: tag.location)
            entity = new
            propertyNames.removeAll(keepingCapacity: true)
        case (1, .model?, .configuration?):
            configuration = try XcodeElementMapper.configuration(Self.tag(element, .configuration))
        case (2, .entity?, .attribute?):
            guard let owner = entity?.name, let anchor = entity?.location else { break }
            let attribute = try XcodeElementMapper.attribute(Self.tag(element, .attribute), in: owner, anchor: anchor)
            try checkUniqueProperty(attribute.name, at: anchor.resolving(attribute.location), in: owner)
            entity?.attributes.append(attribute)
        case (2, .entity?, .relationship?):
            guard let owner = entity?.name, let anchor = entity?.location else { break }
            let relationship = try XcodeElementMapper.relationship(Self.tag(element, .relationship), in: owner, anchor: anchor)
            try checkUniqueProperty(relationship.name, at: anchor.resolving(relationship.location), in: owner)
            entity?.relationships.append(relationship)
        case (2, .entity?, .uniquenessConstraints?):
            if let anchor = entity?.location, entity?.propertyLocations["uniqueness"] == nil {
                entity?.propertyLocations["uniqueness"] = element.location.relative(to: anchor)
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

    private mutating func end(_ element: XMLEndElement) {
        let name = stack.removeLast()
        switch (stack.count, name) {
        case (1, .entity?):
            if let finished = entity {
                model?.entities.append(finished)
                // Remembered only if the element ended where its text was found to end.
                if !isReusedEntity, let cache = entityTexts, let range = entityText,
                   range.upperBound - XcodeEntitySpans.endTag.count <= element.byteOffset, element.byteOffset <= range.upperBound {
                    cache.remember(finished, text: UnsafeRawBufferPointer(rebasing: element.document[range]))
                }
            }
            entity = nil
            entityText = nil
            isReusedEntity = false
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

    private mutating func checkUniqueEntity(_ name: String, at location: SourceLocation) throws(InputError) {
        guard !entityNames.insert(name).inserted else { return }
        let first = model?.entities.first { $0.name == name }?.location
        throw Self.duplicate("entity '\(name)'", at: location, first: first)
    }

    /// The placeholder of a known entity: taken only as the next placeholder of the compacted text,
    /// at its offset, as a child of `<model>`; anywhere else the compacted parse stops.
    private mutating func readPlaceholder(_ element: XMLStartElement, depth: Int, parent: XcodeElementName?) throws(InputError) {
        guard depth == 1, parent == .model, placeholdersRead < placeholders.count,
              element.byteOffset == placeholders[placeholdersRead].offset
        else { throw Self.misplacedPlaceholder(at: element.location) }
        let known = placeholders[placeholdersRead].entity
        placeholdersRead += 1
        try checkUniqueEntity(known.name, at: known.location)
        model?.entities.append(known)
    }

    /// Never reported: the compacted parse gives way to the file's own.
    private static func misplacedPlaceholder(at location: SourceLocation) -> InputError {
        InputError(at: location, "a reused entity's placeholder is not where its entity was")
    }

    private mutating func checkUniqueProperty(_ name: String, at location: SourceLocation, in owner: String) throws(InputError) {
        guard !propertyNames.insert(name).inserted else { return }
        let first = entity.flatMap { entity in
            (entity.attributes.first { $0.name == name }?.location ?? entity.relationships.first { $0.name == name }?.location).map(entity.location(at:))
        }
        throw Self.duplicate("property '\(owner).\(name)'", at: location, first: first)
    }

    private static func duplicate(_ what: String, at location: SourceLocation, first: SourceLocation?) -> InputError {
        InputError(at: location, "duplicate \(what)", notes: first.map { ["first declared at \($0)"] } ?? [])
    }
}

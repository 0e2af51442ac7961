import Foundation
import SchemaLintCore

/// The parts of one `contents` file, before they become a `ModelVersion`.
package struct XcodeContents {
    package var usesCloudKit: Bool
    package var entities: [Entity]
    package var configurations: [Configuration]
    /// The `<model` tag.
    package var location: SourceLocation
    package var propertyLocations: PropertyLocations
}

/// Reads one `contents` file with `XMLStreamReader` and collects entities, their properties and
/// configurations. Only the elements it knows, at the places Xcode writes them, are read:
/// `model > entity > attribute|relationship|uniquenessConstraints`, `model > configuration > memberEntity`.
/// Anything else (layout `<elements>`, `<userInfo>`, indexes, fetch requests, composites, whatever a new
/// Xcode adds) is skipped with its children.
package struct XcodeContentsParser {
    /// The open elements, outermost first: nil for an element the reader does not know.
    private var stack: [XcodeElementName?] = []
    private var model: XcodeContents?
    private var entity: Entity?
    /// The names of the current entity's properties and of the model's entities so far, to report duplicates.
    private var propertyNames = NameSet()
    private var entityNames = NameSet()
    private var constraint: [String]?
    private var fetchIndex: [String]?
    private var configuration: Configuration?
    /// Entities read from other versions, by their text: an `<entity>` element written the same way
    /// is taken from there, its children not read again. Nil reads every entity.
    private let entityTexts: EntityTextCache?
    /// The file's bytes of the current `<entity>` element, to remember it by when it ends, and the
    /// offset in the parsed bytes where it ends.
    private var entityText: (bytes: UnsafeRawBufferPointer, end: Int)?
    /// The current entity was taken from `entityTexts`: its children are skipped.
    private var isReusedEntity = false
    /// The offset of the current entity's `<` in the parsed bytes.
    private var entityOffset: Int?
    /// When the parsed bytes are a compacted text: it, and the file's own bytes.
    private let compaction: (contents: CompactedXcodeContents, file: UnsafeRawBufferPointer)?
    /// The placeholders of a compacted text, each to be read at its offset where its element was
    /// (an entity's as a child of `<model>`, a member's as a child of its entity), in order;
    /// `placeholdersRead` of them have been.
    private let placeholders: [CompactedXcodeContents.Replacement]
    private var placeholdersRead = 0

    private init(entityTexts: EntityTextCache?, compaction: (contents: CompactedXcodeContents, file: UnsafeRawBufferPointer)? = nil) {
        self.entityTexts = entityTexts
        self.compaction = compaction
        self.placeholders = compaction?.contents.replacements ?? []
    }

    /// Parses `data`, the text of the `contents` file at `file`; `entities` holds the entities of
    /// other versions by their text, to take one written the same way instead of reading it again.
    /// The entities the cache knows are not parsed again: libxml2 reads a compacted text
    /// (`CompactedXcodeContents`) when that gives what the file's own bytes give, else the file.
    package static func parse(_ data: Data, file: String, entities: EntityTextCache? = nil) throws(InputError) -> XcodeContents {
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

    /// The file's contents read from its compacted text; nil when nothing of it is known, or when the
    /// compacted parse may not give what the file's own bytes give: any error (the file's own parse
    /// reports it, at its position), or a placeholder not read where its element was.
    package static func parseCompacted(_ text: UnsafeRawBufferPointer, file: String, entities: EntityTextCache) -> XcodeContents? {
        guard let compacted = CompactedXcodeContents(text, file: file, cache: entities) else { return nil }
        return compacted.bytes.withUnsafeBytes { bytes in
            try? read(bytes, file: file, entities: entities, compaction: (compacted, text))
        }
    }

    /// The cache, unless the text has a document type: it can give elements default attributes that
    /// their own text does not show.
    package static func reusableEntities(_ entities: EntityTextCache?, in text: UnsafeRawBufferPointer) -> EntityTextCache? {
        guard let entities, !ByteSearch.containsAny(documentType, in: text) else { return nil }
        return entities
    }

    private static func read(
        _ text: UnsafeRawBufferPointer, file: String, entities: EntityTextCache?,
        compaction: (contents: CompactedXcodeContents, file: UnsafeRawBufferPointer)? = nil
    ) throws(InputError) -> XcodeContents {
        var parser = XcodeContentsParser(entityTexts: entities, compaction: compaction)
        try XMLStreamReader.read(text, file: file, knownNames: XcodeKnownNames.all) { (event) throws(InputError) in
            switch event {
            case .start(let element): try parser.start(element)
            case .end(let element): parser.end(element)
            case .text: break
            }
        }
        guard let model = parser.model else { throw noModel(file) }
        guard parser.placeholdersRead == parser.placeholders.count else { throw misplacedPlaceholder(at: model.location) }
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
        if compaction != nil, XcodeKnownNames.isPlaceholder(element.nameIndex) {
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
            entityOffset = element.byteOffset
            // A compacted text's entity left in place is one the cache did not know.
            let changed = compaction.flatMap { compaction in element.byteOffset.flatMap { compaction.contents.changedEntities[$0] } }
            entityText = entityTexts == nil ? nil : element.byteOffset.flatMap { entityText(from: $0, in: element.document, changed: changed) }
            if changed == nil, let cache = entityTexts, let text = entityText, let known = cache.entity(text: text.bytes, at: element.location) {
                try checkUniqueEntity(known.name, at: known.location)
                entity = known
                isReusedEntity = true
                break
            }
            let tag = Self.tag(element, .entity)
            let new = try XcodeElementMapper.entity(tag)
            try checkUniqueEntity(new.name, at: tag.location)
            entity = new
            propertyNames.removeAll()
        case (1, .model?, .configuration?):
            configuration = try XcodeElementMapper.configuration(Self.tag(element, .configuration))
        case (2, .entity?, .attribute?), (2, .entity?, .relationship?):
            guard let owner = entity?.name, let anchor = entity?.location else { break }
            try add(try member(element, isAttribute: name == .attribute, in: owner, anchor: anchor))
        case (2, .elements?, .element?):
            // libxml2 accepted the tag: a later version's text may leave it out (`CompactedXcodeContents`).
            if let cache = entityTexts, let tag = Self.cacheableTag(element) { cache.rememberLayoutTag(tag) }
        case (2, .entity?, .uniquenessConstraints?):
            if let anchor = entity?.location, entity?.propertyLocations["uniqueness"] == nil {
                entity?.propertyLocations["uniqueness"] = element.location.relative(to: anchor)
            }
        case (3, .uniquenessConstraints?, .uniquenessConstraint?):
            constraint = []
        case (4, .uniquenessConstraint?, .constraint?):
            constraint?.append(try XcodeElementMapper.reference(Self.tag(element, .constraint), key: .value))
        case (2, .entity?, .fetchIndex?):
            fetchIndex = []
        case (3, .fetchIndex?, .fetchIndexElement?):
            // An element may order by an expression instead of a property: no property to name.
            if let property = Self.tag(element, .fetchIndexElement).text(.property) { fetchIndex?.append(property) }
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
                if !isReusedEntity, let cache = entityTexts, let text = entityText,
                   text.end - XcodeEntitySpans.endTag.count <= element.byteOffset, element.byteOffset <= text.end {
                    cache.remember(finished, text: text.bytes)
                }
            }
            entity = nil
            entityText = nil
            entityOffset = nil
            isReusedEntity = false
        case (1, .configuration?):
            if let finished = configuration { model?.configurations.append(finished) }
            configuration = nil
        case (2, .fetchIndex?):
            if let finished = fetchIndex, !finished.isEmpty { entity?.fetchIndexes.append(finished) }
            fetchIndex = nil
        case (3, .uniquenessConstraint?):
            if let finished = constraint, !finished.isEmpty { entity?.uniquenessConstraints.append(finished) }
            constraint = nil
        default:
            break
        }
    }

    /// The bytes libxml2 reports the tag with (its `<` up to the `/>` or `>`), unless they may hold
    /// a namespace prefix (`XcodeEntitySpans.holdsNoPrefix`).
    private static func cacheableTag(_ element: XMLStartElement) -> UnsafeRawBufferPointer? {
        guard let range = element.byteRange else { return nil }
        let tag = UnsafeRawBufferPointer(rebasing: element.document[range])
        return XcodeEntitySpans.holdsNoPrefix(tag) ? tag : nil
    }

    /// Adds an attribute or relationship to the current entity.
    private mutating func add(_ member: EntityTextCache.Member) throws(InputError) {
        guard let owner = entity?.name, let anchor = entity?.location else { return }
        switch member {
        case .attribute(let attribute):
            try checkUniqueProperty(attribute.name, at: anchor.resolving(attribute.location), in: owner)
            entity?.attributes.append(attribute)
        case .relationship(let relationship):
            try checkUniqueProperty(relationship.name, at: anchor.resolving(relationship.location), in: owner)
            entity?.relationships.append(relationship)
        }
    }

    /// The attribute or relationship of an entity that is not known as a whole: taken from the cache
    /// when a tag with the same bytes stood at the same column before (its locations moved to this
    /// tag's line), else read from the tag and remembered. A tag with a `:` is always read: a
    /// namespace prefix would take its meaning from an enclosing element.
    private func member(_ element: XMLStartElement, isAttribute: Bool, in owner: String, anchor: SourceLocation) throws(InputError) -> EntityTextCache.Member {
        let location = element.location
        let cached = entityTexts == nil ? nil : Self.cacheableTag(element)
        if let cache = entityTexts, let cached, let known = cache.member(tag: cached, column: location.column) {
            return known.placed(atLineOffset: location.line - anchor.line)
        }
        let read: EntityTextCache.Member = isAttribute
            ? .attribute(try XcodeElementMapper.attribute(Self.tag(element, .attribute), in: owner, anchor: anchor))
            : .relationship(try XcodeElementMapper.relationship(Self.tag(element, .relationship), in: owner, anchor: anchor))
        if let cache = entityTexts, let cached { cache.remember(read, tag: cached, column: location.column) }
        return read
    }

    /// The file's bytes of the `<entity>` element whose `<` is at `offset` of the parsed `document`,
    /// and where it ends there: for an entity a compacted text left in place (`changed`), the bytes
    /// are the file's, not the parsed ones, which may hold placeholders of its members.
    private func entityText(
        from offset: Int, in document: UnsafeRawBufferPointer, changed: CompactedXcodeContents.ChangedEntity?
    ) -> (bytes: UnsafeRawBufferPointer, end: Int)? {
        if let compaction, let changed {
            return (UnsafeRawBufferPointer(rebasing: compaction.file[changed.original]), changed.compactedEnd)
        }
        return XcodeEntitySpans.span(in: document, from: offset).map { (UnsafeRawBufferPointer(rebasing: document[$0]), $0.upperBound) }
    }

    /// The tag with its XML attributes, and where the model properties they write are written.
    private static func tag(_ element: XMLStartElement, _ name: XcodeElementName) -> XcodeTag {
        XcodeTag(element, keys: XcodeElementMapper.propertyKeys(forElement: name))
    }

    private mutating func checkUniqueEntity(_ name: String, at location: SourceLocation) throws(InputError) {
        let entities = model?.entities ?? []
        guard !entityNames.insert(name, earlier: { entities.map(\.name) }) else { return }
        let first = model?.entities.first { $0.name == name }?.location
        throw Self.duplicate("entity '\(name)'", at: location, first: first)
    }

    /// The placeholder of a known entity or member: taken only as the next placeholder of the
    /// compacted text, at its offset, an entity's as a child of `<model>` and a member's as a child
    /// of the entity its span starts with; anywhere else the compacted parse stops.
    private mutating func readPlaceholder(_ element: XMLStartElement, depth: Int, parent: XcodeElementName?) throws(InputError) {
        guard placeholdersRead < placeholders.count, element.byteOffset == placeholders[placeholdersRead].offset
        else { throw Self.misplacedPlaceholder(at: element.location) }
        let value = placeholders[placeholdersRead].value
        placeholdersRead += 1
        switch value {
        case .entity(let known) where depth == 1 && parent == .model && XcodeKnownNames.isReusedEntityPlaceholder(element.nameIndex):
            try checkUniqueEntity(known.name, at: known.location)
            model?.entities.append(known)
        case .member(let member, let entityAt) where depth == 2 && parent == .entity && entityOffset == entityAt && !isReusedEntity
            && XcodeKnownNames.isReusedMemberPlaceholder(element.nameIndex):
            try add(member)
        default:
            throw Self.misplacedPlaceholder(at: element.location)
        }
    }

    /// Never reported: the compacted parse gives way to the file's own.
    private static func misplacedPlaceholder(at location: SourceLocation) -> InputError {
        InputError(at: location, "a placeholder is not where its element was")
    }

    private mutating func checkUniqueProperty(_ name: String, at location: SourceLocation, in owner: String) throws(InputError) {
        let current = entity
        guard !propertyNames.insert(name, earlier: { (current?.attributes.map(\.name) ?? []) + (current?.relationships.map(\.name) ?? []) }) else { return }
        let first = entity.flatMap { entity in
            (entity.attributes.first { $0.name == name }?.location ?? entity.relationships.first { $0.name == name }?.location).map(entity.location(at:))
        }
        throw Self.duplicate("property '\(owner).\(name)'", at: location, first: first)
    }

    private static func duplicate(_ what: String, at location: SourceLocation, first: SourceLocation?) -> InputError {
        InputError(at: location, "duplicate \(what)", notes: first.map { ["first declared at \($0)"] } ?? [])
    }
}

import Foundation
import SchemaLintCore

/// Reads a Core Data mapping model: the `xcmapping.xml` inside a `Name.xcmappingmodel` folder,
/// which Xcode saves as a Core Data XML store of its own editor objects:
///
/// - one `XDDEVMAPPINGMODEL` with `sourcemodelpath` and `destinationmodelpath` (the
///   `.xcdatamodel` folders of the two versions, relative to the project);
/// - one `XDDEVENTITYMAPPING` per entity mapping: `sourcename`, `destinationname`,
///   `mappingtypename`, `migrationpolicyclassname`, `autogenerateexpression`, and its
///   `attributemappings` and `relationshipmappings`;
/// - one `XDDEVATTRIBUTEMAPPING` / `XDDEVRELATIONSHIPMAPPING` per property mapping: the
///   destination property's `name`, and a `valueexpressiondata` or `autogenerateexpression`
///   when it is given a value.
///
/// Every object is located at its `<object` tag. Objects of other types, entity mappings the
/// mapping model does not list (stale ones the editor left), and the archived source and
/// destination models are left alone.
package enum MappingModelReader {
    /// One `<object>` of the store: its type, id, attributes by name, and relationships' id lists.
    struct StoredObject {
        var type: String
        var id: String
        var location: SourceLocation
        var attributes: [String: String] = [:]
        var attributeLocations: [String: SourceLocation] = [:]
        var relationships: [String: [String]] = [:]
    }

    /// Reads the mapping model in the `.xcmappingmodel` folder at `folder`.
    package static func read(folder: String) throws(InputError) -> MappingModel {
        let file = (folder as NSString).appendingPathComponent("xcmapping.xml")
        let bytes = try FileReader.bytes(of: file)
        return try parse(bytes, file: file, name: (folder as NSString).lastPathComponent)
    }

    /// Parses the text of an `xcmapping.xml`; `file` is used in locations and errors.
    package static func parse(_ bytes: [UInt8], file: String, name: String) throws(InputError) -> MappingModel {
        try assemble(try storedObjects(bytes, file: file), file: file, name: name)
    }

    /// The mapping model the objects describe.
    static func assemble(_ objects: [StoredObject], file: String, name: String) throws(InputError) -> MappingModel {
        let byID = Dictionary(objects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let models = objects.filter { $0.type == "XDDEVMAPPINGMODEL" }
        guard let root = models.first else {
            throw InputError(file: file, line: 1, column: 1, message: "not a Core Data mapping model: no XDDEVMAPPINGMODEL object")
        }
        if models.count > 1 {
            throw InputError(at: models[1].location, "a mapping model holds one XDDEVMAPPINGMODEL object; this is the second")
        }
        func reference(_ key: String) -> MappingModel.VersionReference? {
            guard let path = root.attributes[key], !path.isEmpty else { return nil }
            return MappingModel.VersionReference(path: path, location: root.attributeLocations[key] ?? root.location)
        }
        func properties(_ object: StoredObject, _ key: String, type: String) throws(InputError) -> [MappingModel.PropertyMapping] {
            // (`callsAFunction` reads the value expression: written out, or archived by Xcode.)
            var result: [MappingModel.PropertyMapping] = []
            for id in object.relationships[key] ?? [] {
                guard let property = byID[id], property.type == type else {
                    throw InputError(at: object.location, "the mapping model's \(key) of object '\(object.id)' names '\(id)', which is no \(type) object")
                }
                guard let name = property.attributes["name"], !name.isEmpty else {
                    throw InputError(at: property.location, "the property mapping '\(property.id)' has no name")
                }
                let hasValue = property.attributes["valueexpressiondata"].map { !$0.isEmpty } ?? false
                    || property.attributes["valueexpressionstring"].map { !$0.isEmpty } ?? false
                    || property.attributes["autogenerateexpression"] == "1"
                result.append(MappingModel.PropertyMapping(
                    name: name, hasValue: hasValue, converts: Self.callsAFunction(property), expressionNames: Self.expressionNames(property), location: property.location
                ))
            }
            return result.sorted { $0.location < $1.location }
        }
        // The mapping model lists its entity mappings; the file can also hold stale ones Xcode's
        // editor left behind, linked to nothing, which are not compiled into the app's .cdm.
        let listed = root.relationships["entitymappings"].flatMap { $0.isEmpty ? nil : Set($0) }
        var entityMappings: [MappingModel.EntityMapping] = []
        for object in objects where object.type == "XDDEVENTITYMAPPING" && listed?.contains(object.id) ?? true {
            let nonEmpty = { (key: String) -> String? in object.attributes[key].flatMap { $0.isEmpty ? nil : $0 } }
            entityMappings.append(MappingModel.EntityMapping(
                name: nonEmpty("name"), source: nonEmpty("sourcename"), destination: nonEmpty("destinationname"),
                type: nonEmpty("mappingtypename") ?? "Undefined", policyClass: nonEmpty("migrationpolicyclassname"),
                generatesValues: object.attributes["autogenerateexpression"] == "1",
                attributes: try properties(object, "attributemappings", type: "XDDEVATTRIBUTEMAPPING"),
                relationships: try properties(object, "relationshipmappings", type: "XDDEVRELATIONSHIPMAPPING"),
                location: object.location
            ))
        }
        return MappingModel(
            file: file, name: name, source: reference("sourcemodelpath"), destination: reference("destinationmodelpath"),
            entityMappings: entityMappings.sorted { $0.location < $1.location }, location: root.location
        )
    }

    /// The `<object>`s of the store, in document order. Binary attributes (`...data`: archived
    /// models and expressions, the bulk of the file) are only noted as present, never decoded.
    static func storedObjects(_ bytes: [UInt8], file: String) throws(InputError) -> [StoredObject] {
        var objects: [StoredObject] = []
        var current: StoredObject?
        var field: (name: String, location: SourceLocation, isBinary: Bool)?
        var text = ""
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(InputError) in
                try XMLStreamReader.read(raw, file: file, text: true) { (event) throws(InputError) in
                    switch event {
                    case .start(let element):
                        switch element.name {
                        case "object":
                            guard current == nil else { throw InputError(at: element.location, "an <object> inside another <object>") }
                            let attributes = element.attributes
                            guard let type = attributes.first(where: { $0.name == "type" })?.value,
                                  let id = attributes.first(where: { $0.name == "id" })?.value
                            else { throw InputError(at: element.location, "an <object> of the mapping model needs a type and an id") }
                            current = StoredObject(type: type, id: id, location: element.location)
                        case "attribute" where current != nil:
                            guard let name = element.attributes.first(where: { $0.name == "name" })?.value else {
                                throw InputError(at: element.location, "an <attribute> of the mapping model needs a name")
                            }
                            field = (name, element.location, name.hasSuffix("data"))
                            text = ""
                        case "relationship" where current != nil:
                            let attributes = element.attributes
                            guard let name = attributes.first(where: { $0.name == "name" })?.value else {
                                throw InputError(at: element.location, "a <relationship> of the mapping model needs a name")
                            }
                            let references = attributes.first(where: { $0.name == "idrefs" })?.value ?? ""
                            current?.relationships[name] = references.split(separator: " ").map(String.init)
                        default:
                            break
                        }
                    case .text(let piece):
                        guard let open = field else { break }
                        // An archive is only present or not, but a value expression's (small) is kept:
                        // what it calls says whether the mapping converts the value.
                        if open.isBinary, open.name != "valueexpressiondata" || text.utf8.count > 65_536 {
                            if text.isEmpty, piece.bytes.contains(where: { $0 > 32 }) { text = "1" }
                        } else {
                            text += piece.string
                        }
                    case .end(let element):
                        if element.name == "attribute", let open = field {
                            current?.attributes[open.name] = text.trimmingCharacters(in: .whitespacesAndNewlines)
                            current?.attributeLocations[open.name] = open.location
                            field = nil
                        } else if element.name == "object", let object = current {
                            objects.append(object)
                            current = nil
                        }
                    }
                }
            }
        }
        try result.get()
        return objects
    }

    /// The names a property mapping's value expression is made of: the words of one written out
    /// (`$source.historyDate`), or the strings of the archive Xcode's editor saves that could
    /// name a property (the archive's class names and keys begin with `NS` or `$`).
    static func expressionNames(_ property: StoredObject) -> Set<String> {
        var texts: [String] = []
        if let written = property.attributes["valueexpressionstring"] { texts.append(written) }
        if let archived = property.attributes["valueexpressiondata"], let data = Data(base64Encoded: archived, options: .ignoreUnknownCharacters) {
            texts += archivedStrings(data)
        }
        var names: Set<String> = []
        for text in texts {
            for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) where word.first?.isLetter ?? false && !word.hasPrefix("NS") {
                names.insert(String(word))
            }
        }
        return names
    }

    /// Whether a property mapping's value expression calls a function (`FUNCTION(...)` written
    /// out, or, in the archive Xcode's editor saves, a selector other than the `valueForKeyPath:`
    /// of a plain `$source.color`, whose class is a kind of function expression too).
    static func callsAFunction(_ property: StoredObject) -> Bool {
        if let written = property.attributes["valueexpressionstring"], written.contains("FUNCTION(") { return true }
        guard let archived = property.attributes["valueexpressiondata"],
              let data = Data(base64Encoded: archived, options: .ignoreUnknownCharacters) else { return false }
        return archivedStrings(data).contains { $0.hasSuffix(":") && !$0.hasSuffix("valueForKeyPath:") && $0.count > 1 }
    }

    /// The strings of the keyed archive Xcode's editor saves for an expression (selector,
    /// variable, key path and class names), read as the binary property list it is. A short
    /// string's length is a printable byte before it there (`YcardsData`), so runs of printable
    /// bytes are only what is read where the bytes are no property list.
    static func archivedStrings(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        return BinaryPropertyListStrings.read(bytes) ?? bytes.split { $0 < 0x20 || $0 > 0x7E }.map { String(decoding: $0, as: UTF8.self) }
    }
}

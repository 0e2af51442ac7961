import CYAML
import Foundation
import Testing
@testable import SchemaLint

/// A YAML document read back with libyaml, to check what the writer's text means to a YAML reader.
indirect enum ReadBackYAML: Equatable {
    case scalar(String, plain: Bool)
    case sequence([ReadBackYAML])
    case mapping([String: ReadBackYAML], keys: [String])

    /// Parses one document; nil when libyaml rejects the text.
    static func parse(_ text: String) -> ReadBackYAML? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> ReadBackYAML? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var stack: [(node: ReadBackYAML, pendingKey: String?)] = []
            var root: ReadBackYAML?
            func add(_ node: ReadBackYAML) -> Bool {
                guard var top = stack.popLast() else { root = node; return true }
                switch top.node {
                case .sequence(let items): top.node = .sequence(items + [node])
                case .mapping(var map, var keys):
                    if let key = top.pendingKey {
                        map[key] = node
                        keys.append(key)
                        top.node = .mapping(map, keys: keys)
                        top.pendingKey = nil
                    } else {
                        guard case .scalar(let key, _) = node else { return false }
                        top.pendingKey = key
                    }
                case .scalar: return false
                }
                stack.append(top)
                return true
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT: return root
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    guard add(.scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE)) else { return nil }
                case YAML_SEQUENCE_START_EVENT: stack.append((.sequence([]), nil))
                case YAML_MAPPING_START_EVENT: stack.append((.mapping([:], keys: []), nil))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let done = stack.popLast(), add(done.node) else { return nil }
                default: break
                }
            }
        }
    }

    subscript(_ key: String) -> ReadBackYAML? {
        if case .mapping(let map, _) = self { return map[key] }
        return nil
    }

    var keys: [String] {
        if case .mapping(_, let keys) = self { return keys }
        return []
    }

    /// The text of a quoted scalar, or of a plain one that YAML 1.2 reads as a string.
    var string: String? {
        guard case .scalar(let text, let plain) = self else { return nil }
        if plain, ["true", "false", "null", "~", ""].contains(text.lowercased()) || YAMLScalar.isNumber(text) { return nil }
        return text
    }

    var plainText: String? {
        if case .scalar(let text, true) = self { return text }
        return nil
    }
}

@Suite struct XcodeYAMLWriterTests {
    static let file = "Notes.xcdatamodel/contents"
    static let here = SchemaLint.SourceLocation(file: file, line: 1, column: 1)
    static let inEntity = RelativeLocation(lineOffset: 0, column: 1)

    @Test func writesTheDocumentedFormat() {
        let version = ModelVersion(
            model: "Notes", version: VersionNumber(ordinal: 3), label: "Model 3", isReleased: false, usesCloudKit: true,
            entities: [
                Entity(name: "Item", isAbstract: true, attributes: [
                    Attribute(name: "identifier", type: .uuid, isOptional: false, location: Self.inEntity),
                ], uniquenessConstraints: [["identifier"]], location: Self.here),
                Entity(name: "Note", parent: "Item", renamedFrom: "Memo", versionHashModifier: "v2", attributes: [
                    Attribute(name: "title", type: .string, location: Self.inEntity),
                    Attribute(name: "body", type: .string, isOptional: false, defaultValue: "", location: Self.inEntity),
                    Attribute(name: "tags", type: .transformable, transformer: "NSSecureUnarchiveFromData", className: "[String]", location: Self.inEntity),
                    Attribute(name: "old", type: .int32, defaultValue: "-1", deprecation: "use title", location: Self.inEntity),
                ], relationships: [
                    Relationship(name: "folder", destination: "Folder", inverse: "notes", location: Self.inEntity),
                    Relationship(name: "attachments", destination: "Attachment", inverse: "note", isToMany: true,
                                 deleteRule: .cascade, minCount: 0, maxCount: 0, location: Self.inEntity),
                ], location: Self.here),
                Entity(name: "Folder", location: Self.here),
            ],
            configurations: [Configuration(name: "Cloud", usesCloudKit: true, entities: ["Note", "Folder"], location: Self.here)],
            file: Self.file, location: Self.here)
        #expect(ModelYAMLWriter.render(version) == """
            model: Notes
            version: 3
            label: Model 3
            released: false
            cloudkit: true
            entities:
              Item:
                abstract: true
                attributes:
                  identifier: {type: uuid, optional: false}
                uniqueness: [[identifier]]
              Note:
                parent: Item
                renamedFrom: Memo
                versionHashModifier: v2
                attributes:
                  title: string
                  body: {type: string, optional: false, default: ""}
                  tags: {type: transformable, transformer: NSSecureUnarchiveFromData, className: "[String]"}
                  old: {type: int32, default: -1, deprecated: use title}
                relationships:
                  folder: {destination: Folder, inverse: notes}
                  attachments: {destination: Attachment, inverse: note, toMany: true, deleteRule: cascade, minCount: 0, maxCount: 0}
              Folder: {}
            configurations:
              Cloud: {cloudkit: true, entities: [Note, Folder]}

            """)
    }

    @Test func omitsDefaultsAtTheTop() {
        let version = ModelVersion(model: "true", version: VersionNumber("2.10")!, entities: [], file: Self.file, location: Self.here)
        #expect(ModelYAMLWriter.render(version) == "model: \"true\"\nversion: 2.10\nentities: {}\n")
    }

    @Test func roundTripsAnXcodeModelThroughAYAMLReader() throws {
        let model = try XcodeModelReaderTests.notesModel()
        let text = ModelYAMLWriter.render(model)
        #expect(ModelYAMLWriter.render(model) == text, "deterministic")
        let yaml = try #require(ReadBackYAML.parse(text))
        #expect(yaml.keys == ["model", "version", "entities", "configurations"])
        let entities = try #require(yaml["entities"])
        #expect(entities.keys == model.entities.map(\.name), "declaration order")
        for entity in model.entities {
            let node = try #require(entities[entity.name])
            #expect(node["attributes"]?.keys ?? [] == entity.attributes.map(\.name))
            #expect(node["relationships"]?.keys ?? [] == entity.relationships.map(\.name))
            #expect(node["renamedFrom"]?.string == entity.renamedFrom)
            #expect(node["parent"]?.string == entity.parent)
            #expect(node["versionHashModifier"]?.string == entity.versionHashModifier)
            for attribute in entity.attributes {
                let value = try #require(node["attributes"]?[attribute.name])
                if attribute.isOptional, case .scalar(let type, true) = value {
                    #expect(type == attribute.type.rawValue)
                    continue
                }
                #expect(value["type"]?.plainText == attribute.type.rawValue)
                // Xcode's required is YAML's `optional: false`; YAML's default is optional.
                #expect(value["optional"]?.plainText == (attribute.isOptional ? nil : "false"), "\(entity.name).\(attribute.name)")
                #expect(value["renamedFrom"]?.string == attribute.renamedFrom)
                #expect(value["className"]?.string == attribute.className)
                #expect(value["transformer"]?.string == attribute.transformer)
            }
            for relationship in entity.relationships {
                let value = try #require(node["relationships"]?[relationship.name])
                #expect(value["destination"]?.string == relationship.destination)
                #expect(value["optional"]?.plainText == (relationship.isOptional ? nil : "false"))
                #expect(value["toMany"]?.plainText == (relationship.isToMany ? "true" : nil))
                #expect(value["deleteRule"]?.plainText == (relationship.deleteRule == .nullify ? nil : relationship.deleteRule.rawValue))
            }
        }
        let note = try #require(entities["Note"]?["attributes"])
        #expect(note["body"]?["default"] == .scalar("", plain: false))
        #expect(note["count"]?["default"] == .scalar("7", plain: true))
        #expect(note["ratio"]?["default"] == .scalar("0.5", plain: true))
        #expect(note["flag"]?["default"] == .scalar("true", plain: true))
        #expect(note["created"]?["default"] == .scalar("504921600", plain: true))
        #expect(note["quoted"]?["default"] == .scalar("\"\"", plain: false))
        #expect(note["oddInteger"]?["default"] == .scalar("0", plain: true), "an invalid default is written as Foundation reads it")
        #expect(note["tags"]?["className"] == .scalar("[String]", plain: false))
        #expect(note["same"]?["renamedFrom"]?.string == "same", "renamedFrom as stored")
        #expect(note["scratch"]?["transient"]?.plainText == "true")
        #expect(yaml["configurations"]?["Cloud"]?["entities"] == .sequence([.scalar("Note", plain: true), .scalar("Folder", plain: true)]))
    }

    @Test(arguments: [
        ("title", "title"), ("not for sale", "not for sale"), ("UnCloudNotes.", "UnCloudNotes."), ("_x", "_x"),
        ("Café", "Café"), ("a-b/c.d", "a-b/c.d"),
        ("", #""""#), ("true", #""true""#), ("No", #""No""#), ("null", #""null""#), ("~", #""~""#), ("y", #""y""#),
        ("0", #""0""#), ("1.5", #""1.5""#), ("-1", #""-1""#), (".inf", #"".inf""#), ("0x1F", #""0x1F""#),
        (" lead", #"" lead""#), ("trail ", #""trail ""#), ("a: b", #""a: b""#), ("a #b", #""a #b""#), ("#x", ##""#x""##),
        ("[String]", #""[String]""#), ("{a}", #""{a}""#), ("a,b", #""a,b""#), ("*ref", #""*ref""#), ("&a", #""&a""#),
        ("!tag", #""!tag""#), ("-", #""-""#), ("?", #""?""#), ("@x", #""@x""#), ("'q'", #""'q'""#),
        ("say \"hi\"", #""say \"hi\"""#), ("back\\slash", #""back\\slash""#), ("two\nlines", #""two\nlines""#),
        ("tab\there", #""tab\there""#), ("bell\u{7}", #""bell\x07""#), ("\u{2028}", #""\L""#),
    ])
    func quotesScalarsOnlyWhenNeeded(text: String, expected: String) throws {
        #expect(YAMLScalar.string(text) == expected)
        // And a YAML reader gets the text back, as a string.
        let yaml = try #require(ReadBackYAML.parse("k: \(YAMLScalar.string(text))\nf: {k: \(YAMLScalar.string(text))}\n"))
        #expect(yaml["k"]?.string == text)
        #expect(yaml["f"]?["k"]?.string == text)
    }

    @Test func numbersAndBooleansArePlainOnlyWhenValid() {
        #expect(YAMLScalar.number("-12") == "-12" && YAMLScalar.number("1e+20") == "1e+20" && YAMLScalar.number("0.5") == "0.5")
        #expect(YAMLScalar.number("NO") == #""NO""# && YAMLScalar.number("1.") == #""1.""# && YAMLScalar.number("") == #""""#)
        #expect(YAMLScalar.boolean("true") == "true" && YAMLScalar.boolean("YES") == #""YES""#)
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, "needs ../shared/corpus beside the project"))
    func everyCorpusVersionRendersToYAMLThatReadsBack() throws {
        for entry in XcodeCorpusTests.manifest {
            let bundle = try XcodeBundleLoader.load(entry.path)
            for version in [bundle.versions.first!, bundle.versions.last!] {
                let yaml = try #require(ReadBackYAML.parse(ModelYAMLWriter.render(version)), "\(version.file)")
                #expect(yaml["label"]?.string == version.label)
                #expect(yaml["entities"]?.keys == version.entities.map(\.name))
                for entity in version.entities {
                    let attributes = yaml["entities"]?[entity.name]?["attributes"]
                    for attribute in entity.attributes where !attribute.isOptional {
                        #expect(attributes?[attribute.name]?["optional"]?.plainText == "false", "\(version.label) \(entity.name).\(attribute.name)")
                    }
                }
            }
        }
    }
}

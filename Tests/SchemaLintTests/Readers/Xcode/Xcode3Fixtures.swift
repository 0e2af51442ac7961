import Foundation

/// Model versions in Xcode 3's binary format (`elements`), written for tests in the shape Xcode 3
/// saved them: a keyed archive (`NSKeyedArchiver`) in a binary property list, an `XDPMModel` whose
/// root package holds `XDPMEntity`s by name, their properties by name, and every Core Data setting
/// as the `_default` of a stereotype property (`XD_PSK_*`, `XD_PPSK_*`, `XD_PAttK_*`, `XD_PRK_*`),
/// numbers as Core Data's enumerations have them.
enum Xcode3Fixtures {
    struct Entity {
        var name: String
        var parent: String? = nil
        var isAbstract = false
        var renamingIdentifier: String? = nil
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
    }

    struct Attribute {
        var name: String
        /// `NSAttributeType`: 100 Integer 16, 200 Integer 32, 300 Integer 64, 500 Double, 700 String,
        /// 800 Boolean, 900 Date, 1000 Binary, 1800 Transformable.
        var type: Int
        var isOptional = true
        var defaultValue: String? = nil
        var isTransient = false
        var transformer: String? = nil
        var renamingIdentifier: String? = nil
    }

    struct Relationship {
        var name: String
        var destination: String
        var inverse: String? = nil
        var isToMany = false
        var isOptional = true
        /// `NSDeleteRule`: 0 No Action, 1 Nullify, 2 Cascade, 3 Deny.
        var deleteRule = 1
        var minCount = 0
        var maxCount = 1
    }

    /// The `elements` file of a version holding `entities`.
    static func elements(_ entities: [Entity]) -> Data {
        var archive = Archive()
        let model = archive.reserve()
        let package = archive.reserve()
        // Entities first, so that relationships can name their destinations and inverses.
        var entityIDs: [String: Int] = [:]
        for entity in entities { entityIDs[entity.name] = archive.reserve() }
        var propertyIDs: [String: Int] = [:]
        for entity in entities {
            for name in entity.attributes.map(\.name) + entity.relationships.map(\.name) { propertyIDs["\(entity.name).\(name)"] = archive.reserve() }
        }
        for entity in entities {
            let id = entityIDs[entity.name]!
            var members: [(String, Int)] = []
            for attribute in entity.attributes {
                let member = propertyIDs["\(entity.name).\(attribute.name)"]!
                var settings: [(String, PlistValue)] = [("XD_PAttK_attributeType", .integer(attribute.type))]
                if let value = attribute.defaultValue { settings.append(("XD_PAttK_defaultValueAsString", .uid(archive.add(.string(value))))) }
                if let transformer = attribute.transformer { settings.append(("XD_PAttK_valueTransformerName", .uid(archive.add(.string(transformer))))) }
                archive.set(member, .dictionary(element(
                    "XDPMAttribute", name: attribute.name, owner: id,
                    stereotypes: [
                        ("XD_PPropStereotype", common(attribute.isOptional, attribute.isTransient, attribute.renamingIdentifier, in: &archive)),
                        ("XD_PAtt_Stereotype", settings),
                    ], in: &archive)))
                members.append((attribute.name, member))
            }
            for relationship in entity.relationships {
                let member = propertyIDs["\(entity.name).\(relationship.name)"]!
                var settings: [(String, PlistValue)] = [
                    ("XD_PRK_destination", .uid(entityIDs[relationship.destination]!)),
                    ("XD_PRK_isToMany", .boolean(relationship.isToMany)),
                    ("XD_PRK_deleteRule", .integer(relationship.deleteRule)),
                    ("XD_PRK_minCount", .integer(relationship.minCount)),
                    ("XD_PRK_maxCount", .integer(relationship.maxCount)),
                    ("XD_PRK_ordered", .boolean(false)),
                ]
                if let inverse = relationship.inverse { settings.append(("XD_PRK_inverseRelationship", .uid(propertyIDs["\(relationship.destination).\(inverse)"]!))) }
                archive.set(member, .dictionary(element(
                    "XDPMRelationship", name: relationship.name, owner: id,
                    stereotypes: [
                        ("XD_PPropStereotype", common(relationship.isOptional, false, nil, in: &archive)),
                        ("XD_PR_Stereotype", settings),
                    ], in: &archive)))
                members.append((relationship.name, member))
            }
            var entitySettings: [(String, PlistValue)] = [
                ("XD_PSK_isAbstract", .boolean(entity.isAbstract)),
                ("XD_PSK_entityClassName", .uid(archive.add(.string(entity.name)))),
                ("XD_PSK_userInfo", .uid(archive.dictionary([]))),
            ]
            if let identifier = entity.renamingIdentifier { entitySettings.append(("XD_PSK_elementID", .uid(archive.add(.string(identifier))))) }
            var fields = element("XDPMEntity", name: entity.name, owner: package, stereotypes: [("XD_PStereotype", entitySettings)], in: &archive)
            fields["_isAbstract"] = .boolean(entity.isAbstract)
            fields["XDBucketForOwnedAttributesstorage"] = .uid(archive.dictionary(members))
            var generalizations: [Int] = []
            if let parent = entity.parent {
                generalizations.append(archive.add(.dictionary([
                    "$class": .uid(archive.className("XDUMLGeneralizationImp", ["XDUMLGeneralizationImp", "XDUMLElementImp", "NSObject"])),
                    "_general": .uid(entityIDs[parent]!), "_specific": .uid(id), "_owner": .uid(id), "_name": .uid(0),
                ])))
            }
            fields["XDBucketForGeneralizationsstorage"] = .uid(archive.array(generalizations))
            archive.set(id, .dictionary(fields))
        }
        archive.set(package, .dictionary([
            "$class": .uid(archive.className("XDModelPackage", ["XDModelPackage", "XDUMLPackageImp", "XDUMLNamespaceImp", "XDUMLNamedElementImp", "XDUMLElementImp", "NSObject"])),
            "_name": .uid(archive.add(.string(""))), "_owner": .uid(0), "_xd_owningModel": .uid(model),
            "XDBucketForClassesstorage": .uid(archive.dictionary(entities.map { ($0.name, entityIDs[$0.name]!) })),
            "XDBucketForPackagesstorage": .uid(archive.dictionary([])),
        ]))
        archive.set(model, .dictionary([
            "$class": .uid(archive.className("XDPMModel", ["XDPMModel", "XDDBModel", "XDUMLModelImp", "XDUMLPackageImp", "NSObject"])),
            "_xd_rootPackage": .uid(package), "_configurationsByName": .uid(archive.dictionary([])),
            "_xd_modelName": .uid(archive.add(.string("Model.xcdatamodel"))), "_modelVersionIdentifier": .uid(0),
        ]))
        return Data(BinaryPlistWriter.write(.dictionary([
            "$version": .integer(100000), "$archiver": .string("NSKeyedArchiver"),
            "$top": .dictionary(["root": .uid(model)]), "$objects": .array(archive.objects),
        ])))
    }

    /// The settings every property has (`XD_PPropStereotype`).
    private static func common(_ isOptional: Bool, _ isTransient: Bool, _ renamingIdentifier: String?, in archive: inout Archive) -> [(String, PlistValue)] {
        var settings: [(String, PlistValue)] = [
            ("XD_PPSK_isOptional", .boolean(isOptional)), ("XD_PPSK_isTransient", .boolean(isTransient)),
            ("XD_PPSK_isIndexed", .boolean(false)), ("XD_PPSK_userInfo", .uid(archive.dictionary([]))),
        ]
        if let identifier = renamingIdentifier { settings.append(("XD_PPSK_elementID", .uid(archive.add(.string(identifier))))) }
        return settings
    }

    /// An element of class `className` with its stereotypes, each a `XDUMLStereotypeImp` owning one
    /// `XDUMLPropertyImp` per setting, the value in its `_default`.
    private static func element(
        _ className: String, name: String, owner: Int, stereotypes: [(String, [(String, PlistValue)])], in archive: inout Archive
    ) -> [String: PlistValue] {
        let propertyClass = archive.className("XDUMLPropertyImp", ["XDUMLPropertyImp", "XDUMLNamedElementImp", "XDUMLElementImp", "NSObject"])
        let stereotypeClass = archive.className("XDUMLStereotypeImp", ["XDUMLStereotypeImp", "XDUMLClassImp", "NSObject"])
        var stereotypeMembers: [(String, Int)] = []
        for (stereotypeName, settings) in stereotypes {
            let stereotype = archive.reserve()
            let properties = settings.map { key, value in
                (key, archive.add(.dictionary([
                    "$class": .uid(propertyClass), "_name": .uid(archive.add(.string(key))), "_owner": .uid(stereotype),
                    "_default": value, "_isOrdered": .boolean(false),
                ])))
            }
            archive.set(stereotype, .dictionary([
                "$class": .uid(stereotypeClass), "_name": .uid(archive.add(.string(stereotypeName))), "_owner": .uid(0),
                "XDBucketForOwnedAttributesstorage": .uid(archive.dictionary(properties)),
            ]))
            stereotypeMembers.append((stereotypeName, stereotype))
        }
        let classes = className == "XDPMEntity" ? ["XDPMEntity", "XDUMLClassImp", "NSObject"] : [className, "XDUMLPropertyImp", "NSObject"]
        return [
            "$class": .uid(archive.className(className, classes)), "_name": .uid(archive.add(.string(name))), "_owner": .uid(owner),
            "XDBucketForStereotypesstorage": .uid(archive.dictionary(stereotypeMembers)),
        ]
    }

    /// `$objects` under construction: object 0 is `$null`.
    private struct Archive {
        var objects: [PlistValue] = [.string("$null")]
        var classes: [String: Int] = [:]

        mutating func reserve() -> Int {
            objects.append(.string("$reserved"))
            return objects.count - 1
        }

        mutating func set(_ id: Int, _ value: PlistValue) { objects[id] = value }

        mutating func add(_ value: PlistValue) -> Int {
            objects.append(value)
            return objects.count - 1
        }

        mutating func className(_ name: String, _ hierarchy: [String]) -> Int {
            if let id = classes[name] { return id }
            let id = add(.dictionary(["$classname": .string(name), "$classes": .array(hierarchy.map(PlistValue.string))]))
            classes[name] = id
            return id
        }

        mutating func dictionary(_ entries: [(String, Int)]) -> Int {
            let keys = entries.map { PlistValue.uid(add(.string($0.0))) }
            return add(.dictionary([
                "$class": .uid(className("NSMutableDictionary", ["NSMutableDictionary", "NSDictionary", "NSObject"])),
                "NS.keys": .array(keys), "NS.objects": .array(entries.map { .uid($0.1) }),
            ]))
        }

        mutating func array(_ members: [Int]) -> Int {
            add(.dictionary([
                "$class": .uid(className("NSMutableArray", ["NSMutableArray", "NSArray", "NSObject"])),
                "NS.objects": .array(members.map(PlistValue.uid)),
            ]))
        }
    }
}

/// A property list value, for `BinaryPlistWriter`.
indirect enum PlistValue {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case uid(Int)
    case array([PlistValue])
    case dictionary([String: PlistValue])
}

/// Writes `bplist00` as `CFBinaryPList.c` lays it out: every value its own object (nothing shared),
/// 4-byte offsets and references, strings as ASCII or UTF-16, keys sorted.
enum BinaryPlistWriter {
    static func write(_ top: PlistValue) -> [UInt8] {
        var objects: [[UInt8]] = []
        func place(_ value: PlistValue) -> Int {
            let index = objects.count
            objects.append([])
            var body: [UInt8]
            switch value {
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    body = marker(0x5, text.utf8.count) + Array(text.utf8)
                } else {
                    let units = Array(text.utf16)
                    body = marker(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                }
            case .integer(let number):
                body = [0x13] + bigEndian(UInt64(bitPattern: Int64(number)), size: 8)
            case .boolean(let flag):
                body = [flag ? 0x09 : 0x08]
            case .uid(let number):
                body = [0x83] + bigEndian(UInt64(number), size: 4)
            case .array(let members):
                let references = members.map(place)
                body = marker(0xA, references.count) + references.flatMap { bigEndian(UInt64($0), size: 4) }
            case .dictionary(let entries):
                let sorted = entries.sorted { $0.key < $1.key }
                let keys = sorted.map { place(.string($0.key)) }
                let values = sorted.map { place($0.value) }
                body = marker(0xD, sorted.count) + (keys + values).flatMap { bigEndian(UInt64($0), size: 4) }
            }
            objects[index] = body
            return index
        }
        let top = place(top)
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(UInt64(offset), size: 4) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        bytes += bigEndian(UInt64(objects.count), size: 8) + bigEndian(UInt64(top), size: 8) + bigEndian(UInt64(table), size: 8)
        return bytes
    }

    private static func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), size: 8)
    }

    private static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

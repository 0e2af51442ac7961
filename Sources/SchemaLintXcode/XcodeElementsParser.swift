import Foundation
import SchemaLintCore

/// Reads a version saved by Xcode 3: a `Name.xcdatamodel` folder with a binary `elements` file (and
/// a `layout` file for the diagram) instead of `contents` XML. `elements` is a keyed archive of
/// Xcode's design model: an `XDPMModel` whose root package holds the entities (`XDPMEntity`) by
/// name, each holding its attributes (`XDPMAttribute`), relationships (`XDPMRelationship`) and
/// fetched properties by name, and its parent as a generalization. What Core Data knows of each
/// element is not in fields of its own but in "stereotypes" (`XD_PStereotype` for an entity,
/// `XD_PPropStereotype` for any property, `XD_PAtt_Stereotype`, `XD_PR_Stereotype`): named
/// properties whose `_default` holds the value, with the numbers of Core Data's own enumerations
/// (`NSAttributeType`, `NSDeleteRule`).
///
/// A binary file has no lines: every element is placed at 1:1 of the file. Entities and their
/// members are given in the order of their names (the archive's order is its dictionaries').
package enum XcodeElementsParser {
    package static func parse(_ data: Data, file: String) throws(InputError) -> XcodeContents {
        let start = SourceLocation(file: file, line: 1, column: 1)
        func refused(_ why: String) -> InputError {
            InputError(at: start, "not a Core Data model in Xcode 3's format: \(why)")
        }
        guard let archive = KeyedArchive([UInt8](data)) else { throw refused("the file is no keyed archive in a binary property list") }
        guard archive.className(of: archive.root) == "XDPMModel", let model = archive.fields(of: archive.root) else {
            throw refused("its root object is \(archive.className(of: archive.root).map { "a \($0)" } ?? "no object"), not an XDPMModel")
        }
        guard let package = archive.reference(model["_xd_rootPackage"]), let packageFields = archive.fields(of: package) else {
            throw refused("the model has no root package")
        }
        let reader = Reader(archive: archive, start: start)
        var entities: [Entity] = []
        var names = Set<String>()
        for (key, number) in archive.dictionary(packageFields["XDBucketForClassesstorage"]) where archive.className(of: number) == "XDPMEntity" {
            let entity = try reader.entity(number, key: key)
            guard names.insert(entity.name).inserted else { throw InputError(at: start, "duplicate entity '\(entity.name)'") }
            entities.append(entity)
        }
        let configurations = archive.dictionary(model["_configurationsByName"]).map { name, members in
            Configuration(name: name, usesCloudKit: false, entities: reader.entityNames(in: members).sorted(), location: start)
        }
        return XcodeContents(
            usesCloudKit: false,
            entities: entities.sorted { $0.name < $1.name },
            configurations: configurations.sorted { $0.name < $1.name },
            location: start, propertyLocations: PropertyLocations())
    }

    private struct Reader {
        let archive: KeyedArchive
        let start: SourceLocation
        private let place = RelativeLocation(lineOffset: 0, column: 1)

        init(archive: KeyedArchive, start: SourceLocation) {
            self.archive = archive
            self.start = start
        }

        func entity(_ number: Int, key: String) throws(InputError) -> Entity {
            let fields = archive.fields(of: number) ?? [:]
            let name = archive.string(fields["_name"]) ?? key
            let settings = stereotypes(of: fields)
            let parent = archive.array(fields["XDBucketForGeneralizationsstorage"]).lazy.compactMap { generalization in
                archive.reference(archive.fields(of: generalization)?["_general"]).flatMap(name(of:))
            }.first
            var attributes: [Attribute] = [], relationships: [Relationship] = []
            var names = Set<String>()
            for (key, member) in archive.dictionary(fields["XDBucketForOwnedAttributesstorage"]) {
                let kind = archive.className(of: member)
                guard kind == "XDPMAttribute" || kind == "XDPMRelationship" else { continue }
                let memberFields = archive.fields(of: member) ?? [:]
                let memberName = archive.string(memberFields["_name"]) ?? key
                guard names.insert(memberName).inserted else { throw InputError(at: start, "duplicate property '\(memberName)' in entity '\(name)'") }
                let memberSettings = stereotypes(of: memberFields)
                if kind == "XDPMAttribute" {
                    attributes.append(try attribute(memberName, memberSettings, in: name))
                } else {
                    relationships.append(try relationship(memberName, memberSettings, in: name))
                }
            }
            return Entity(
                name: name, parent: parent,
                isAbstract: flag(settings["XD_PSK_isAbstract"]) || flag(fields["_isAbstract"]),
                renamedFrom: text(settings["XD_PSK_elementID"]),
                versionHashModifier: text(settings["XD_PSK_versionHashModifier"]),
                attributes: attributes.sorted { $0.name < $1.name },
                relationships: relationships.sorted { $0.name < $1.name },
                location: start)
        }

        func attribute(_ name: String, _ settings: [String: KeyedArchive.Value], in entity: String) throws(InputError) -> Attribute {
            let number = integer(settings["XD_PAttK_attributeType"]) ?? 0
            guard let type = Self.attributeTypes[number] else {
                throw InputError(at: start, "unknown attribute type \(number) of attribute '\(entity).\(name)'")
            }
            var defaultValue = text(settings["XD_PAttK_defaultValueAsString"])
            if defaultValue?.isEmpty == true, type != .string, type != .uri { defaultValue = nil }
            return Attribute(
                name: name, type: type,
                isOptional: flag(settings["XD_PPSK_isOptional"]),
                defaultValue: defaultValue.flatMap { DefaultValue.lenient($0, for: type) },
                isTransient: flag(settings["XD_PPSK_isTransient"]),
                renamedFrom: text(settings["XD_PPSK_elementID"]),
                transformer: type == .transformable ? text(settings["XD_PAttK_valueTransformerName"]) : nil,
                isIndexed: flag(settings["XD_PPSK_isIndexed"]),
                versionHashModifier: text(settings["XD_PPSK_versionHashModifier"]),
                location: place)
        }

        func relationship(_ name: String, _ settings: [String: KeyedArchive.Value], in entity: String) throws(InputError) -> Relationship {
            guard let destination = archive.reference(settings["XD_PRK_destination"]).flatMap(name(of:)) else {
                throw InputError(at: start, "relationship '\(entity).\(name)' has no destination entity")
            }
            let number = integer(settings["XD_PRK_deleteRule"]) ?? 1
            guard let deleteRule = Self.deleteRules[number] else {
                throw InputError(at: start, "unknown delete rule \(number) of relationship '\(entity).\(name)'")
            }
            let isToMany = flag(settings["XD_PRK_isToMany"])
            // 0 is "no limit". Xcode 3 gave every to-one a minimum and maximum of 1, optional or
            // not, and Xcode writes neither when it converts the version to XML: implied.
            let minCount = integer(settings["XD_PRK_minCount"]).flatMap { $0 > 0 && (isToMany || $0 != 1) ? $0 : nil }
            let maxCount = integer(settings["XD_PRK_maxCount"]).flatMap { $0 > 0 && (isToMany || $0 != 1) ? $0 : nil }
            return Relationship(
                name: name, destination: destination,
                inverse: archive.reference(settings["XD_PRK_inverseRelationship"]).flatMap(name(of:)),
                isToMany: isToMany, isOrdered: flag(settings["XD_PRK_ordered"]),
                isOptional: flag(settings["XD_PPSK_isOptional"]), deleteRule: deleteRule,
                minCount: minCount, maxCount: maxCount,
                isTransient: flag(settings["XD_PPSK_isTransient"]),
                renamedFrom: text(settings["XD_PPSK_elementID"]),
                location: place)
        }

        /// The entities a configuration names: the members of the collection it refers to.
        func entityNames(in collection: Int) -> [String] {
            archive.array(.uid(collection)).compactMap(name(of:))
        }

        /// The `_name` of object `number`.
        private func name(of number: Int) -> String? { archive.string(archive.fields(of: number)?["_name"]) }

        /// The values of an element's stereotype properties by name, from every stereotype it has.
        private func stereotypes(of fields: [String: KeyedArchive.Value]) -> [String: KeyedArchive.Value] {
            var settings: [String: KeyedArchive.Value] = [:]
            for (_, stereotype) in archive.dictionary(fields["XDBucketForStereotypesstorage"]) {
                guard let owned = archive.fields(of: stereotype)?["XDBucketForOwnedAttributesstorage"] else { continue }
                for (name, property) in archive.dictionary(owned) {
                    if let value = archive.fields(of: property)?["_default"] { settings[name] = value }
                }
            }
            return settings
        }

        private func flag(_ value: KeyedArchive.Value?) -> Bool {
            switch archive.scalar(value) {
            case .boolean(let flag)?: flag
            case .integer(let number)?: number != 0
            default: false
            }
        }

        private func integer(_ value: KeyedArchive.Value?) -> Int? {
            switch archive.scalar(value) {
            case .integer(let number)?: number
            case .real(let number)? where number.isFinite && abs(number) < 1e15: Int(number)
            default: nil
            }
        }

        private func text(_ value: KeyedArchive.Value?) -> String? { archive.string(value) }

        /// `NSAttributeType`'s numbers.
        static let attributeTypes: [Int: AttributeType] = [
            0: .undefined, 100: .int16, 200: .int32, 300: .int64, 400: .decimal, 500: .double, 600: .float,
            700: .string, 800: .boolean, 900: .date, 1000: .binary, 1100: .uuid, 1200: .uri,
            1800: .transformable, 2000: .objectID, 2100: .composite,
        ]

        /// `NSDeleteRule`'s numbers.
        static let deleteRules: [Int: DeleteRule] = [0: .noAction, 1: .nullify, 2: .cascade, 3: .deny]
    }
}

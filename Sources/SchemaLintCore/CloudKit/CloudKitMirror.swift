/// The record types and fields `NSPersistentCloudKitContainer` mirrors a model version to: the one
/// place that knows the mapping (docs/cloudkit-schema.md gives its sources).
///
/// - An inheritance tree is one record type `CD_<root entity>`, with `CD_entityName STRING`
///   naming the concrete entity; only entities of the synced configuration are mirrored.
/// - A stored attribute is a field `CD_<attribute>`, typed by `fieldType(of:)`; with
///   `allowsCloudEncryption` it is `ENCRYPTED`.
/// - A to-one relationship is `CD_<relationship> STRING`, the related record's name; a to-many
///   relationship has no field; a many-to-many relationship needs the `CDMR` record type.
/// - String, binary and transformable attributes may have a companion `CD_<attribute>_ckAsset ASSET`
///   for values over 1 MB: it exists for all of them or none, depending on how the development
///   schema was made, so it is never required (`isOptional`).
package struct CloudKitMirror: Sendable {
    /// One field the version mirrors to, with the element it comes from.
    package struct Field: Sendable {
        package var name: String
        package var type: CloudKitFieldType
        /// The element (`Note.title`), or the entity for `CD_entityName`.
        package var path: ElementPath
        /// Where the element is declared, and where its type is written.
        package var location: SourceLocation
        package var typeLocation: SourceLocation
        /// A `_ckAsset` companion: may be absent without harm.
        package var isOptional: Bool
        /// The type is Core Data's as far as public exports show; false where nothing is documented (Decimal).
        package var isTypeVerified: Bool
    }

    /// One record type the version mirrors to.
    package struct RecordType: Sendable {
        package var name: String
        /// The root entity of the tree stored in it; nil for Core Data's own record types (`CDMR`).
        package var root: String?
        /// The root entity, or for `CDMR` the first many-to-many relationship.
        package var path: ElementPath
        /// Sorted by name.
        package var fields: [Field]
        package var location: SourceLocation
        /// False for `CDMR`, whose fields Apple does not document: only the record type is known.
        package var fieldsAreKnown: Bool

        package func field(named name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// The record type of many-to-many relationships.
    package static let manyToManyRecordType = "CDMR"
    /// Record types Core Data creates for its own bookkeeping, which no model element explains.
    package static let bookkeepingRecordTypes: Set<String> = ["CDMR", "CD_moveReceipt"]
    package static let entityNameField = "CD_entityName"
    package static let assetSuffix = "_ckAsset"

    /// Sorted by name.
    package let recordTypes: [RecordType]

    package init(_ version: ModelVersion) {
        var types: [RecordType] = []
        var manyToMany: (path: ElementPath, location: SourceLocation)?
        for (root, entities) in version.recordTypes {
            let synced = entities.filter { version.isSynced(entity: $0.name) }
            guard let first = synced.first else { continue }
            var fields: [String: Field] = [:]
            func add(_ field: Field) { if fields[field.name] == nil { fields[field.name] = field } }
            let rootLocation = version.entity(named: root)?.location ?? first.location
            add(Field(name: Self.entityNameField, type: .primitive(.string), path: ElementPath(entity: root), location: rootLocation, typeLocation: rootLocation, isOptional: false, isTypeVerified: true))
            for entity in synced {
                for attribute in entity.attributes where !attribute.isTransient {
                    guard let (type, verified) = Self.fieldType(of: attribute) else { continue }
                    let path = ElementPath(entity: entity.name, member: attribute.name)
                    add(Field(name: "CD_" + attribute.name, type: type, path: path, location: entity.location(of: attribute), typeLocation: entity.location(of: "type", of: attribute), isOptional: false, isTypeVerified: verified))
                    if attribute.type.mayUseCloudKitAsset {
                        add(Field(name: "CD_" + attribute.name + Self.assetSuffix, type: .primitive(.asset), path: path, location: entity.location(of: attribute), typeLocation: entity.location(of: "type", of: attribute), isOptional: true, isTypeVerified: true))
                    }
                }
                for relationship in entity.relationships where !relationship.isTransient {
                    if relationship.isToMany {
                        let inverse = relationship.inverse.flatMap { version.entity(named: relationship.destination)?.relationship(named: $0) }
                        if inverse?.isToMany == true, manyToMany == nil {
                            manyToMany = (ElementPath(entity: entity.name, member: relationship.name), entity.location(of: relationship))
                        }
                        continue
                    }
                    add(Field(name: "CD_" + relationship.name, type: .primitive(.string), path: ElementPath(entity: entity.name, member: relationship.name), location: entity.location(of: relationship), typeLocation: entity.location(of: "toMany", of: relationship), isOptional: false, isTypeVerified: true))
                }
            }
            types.append(RecordType(
                name: "CD_" + root, root: root, path: ElementPath(entity: root), fields: fields.values.sorted { Self.exportOrder($0.name, $1.name) },
                location: rootLocation, fieldsAreKnown: true
            ))
        }
        if let manyToMany {
            types.append(RecordType(name: Self.manyToManyRecordType, root: nil, path: manyToMany.path, fields: [], location: manyToMany.location, fieldsAreKnown: false))
        }
        recordTypes = types.sorted { Self.exportOrder($0.name, $1.name) }
    }

    package func recordType(named name: String) -> RecordType? { recordTypes.first { $0.name == name } }

    /// The field type an attribute mirrors to and whether public exports confirm it; nil for
    /// types CloudKit cannot sync (Undefined, Object ID: `cloudkit-unsupported-type`) and
    /// composite attributes, whose mirror Apple does not document.
    package static func fieldType(of attribute: Attribute) -> (CloudKitFieldType, verified: Bool)? {
        let primitive: CloudKitFieldType.Primitive
        var verified = true
        switch attribute.type {
        case .string, .uuid, .uri: primitive = .string
        case .boolean, .int16, .int32, .int64: primitive = .int64
        case .double, .float: primitive = .double
        case .decimal: (primitive, verified) = (.double, false)
        case .date: primitive = .timestamp
        case .binary, .transformable: primitive = .bytes
        case .objectID, .undefined, .composite: return nil
        }
        return (attribute.allowsCloudEncryption ? .encrypted(primitive) : .primitive(primitive), verified)
    }

    /// The order exports list names in: by their bytes, so `CD_` names come before `___` ones.
    package static func exportOrder(_ lhs: String, _ rhs: String) -> Bool {
        Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }

    /// The `CD_<attribute>` field a `CD_<attribute>_ckAsset` companion belongs to, if `name` is one.
    package static func assetOwner(of name: String) -> String? {
        name.hasSuffix(assetSuffix) && name.count > assetSuffix.count ? String(name.dropLast(assetSuffix.count)) : nil
    }
}

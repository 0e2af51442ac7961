/// What Core Data's entity version hash covers, as a value to compare: when it differs between
/// the store's model and the app's, opening the store migrates it (and rewrites all of it).
///
/// Apple documents the hash's inputs (`NSEntityDescription.versionHash` and the property
/// descriptions'): the entity's name, abstractness, parent and `versionHashModifier`, and each
/// property's name, optionality, transience and `versionHashModifier`; an attribute's type; a
/// relationship's destination, inverse, minimum and maximum counts and ordering. Default values,
/// class names, renaming identifiers, indexes and user info are not in it.
public struct EntityVersionHash: Hashable, Sendable {
    private let inputs: [String]

    public init(_ entity: Entity) {
        var inputs = [entity.name, entity.parent ?? "", entity.isAbstract ? "abstract" : "", entity.versionHashModifier ?? ""]
        for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) {
            inputs.append(["a", attribute.name, attribute.type.rawValue, Self.flags(attribute.isOptional, attribute.isTransient), attribute.versionHashModifier ?? ""].joined(separator: "\u{1}"))
        }
        for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
            inputs.append([
                "r", relationship.name, relationship.destination, relationship.inverse ?? "",
                Self.flags(relationship.isOptional, relationship.isTransient),
                relationship.isToMany ? "many" : "one", relationship.isOrdered ? "ordered" : "",
                relationship.minCount.map(String.init) ?? "", relationship.maxCount.map(String.init) ?? "",
            ].joined(separator: "\u{1}"))
        }
        self.inputs = inputs
    }

    private static func flags(_ optional: Bool, _ transient: Bool) -> String {
        (optional ? "o" : "") + (transient ? "t" : "")
    }
}

extension ModelVersion {
    /// The entities whose version hashes differ from `older`'s, and those only one of the two has:
    /// empty when a store of `older` opens with this version without any migration.
    public func entitiesNeedingMigration(from older: ModelVersion) -> [String] {
        let before = Dictionary(older.entities.map { ($0.name, EntityVersionHash($0)) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(entities.map { ($0.name, EntityVersionHash($0)) }, uniquingKeysWith: { first, _ in first })
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }
}

/// The synthetic synced history the benchmark measures, and the guard test lints (so both read the
/// same files): every entity has `attributes` attributes of mixed types and a to-one/to-many pair
/// with its neighbour; each version adds one attribute somewhere, and every tenth renames one, so the
/// diff has work to do.
public struct SyntheticHistory: Sendable {
    public var versions: Int
    public var entities: Int
    public var attributes: Int
    /// Every version also changes the default of the attribute 'churn' of one entity (in turn), so
    /// the compatibility window has older definitions to check.
    public var churn: Bool

    public init(versions: Int = 200, entities: Int = 80, attributes: Int = 25, churn: Bool = false) {
        self.versions = versions
        self.entities = entities
        self.attributes = attributes
        self.churn = churn
    }

    /// The file name of one version: `v1.yaml` for the first.
    public static func fileName(version: Int) -> String { "v\(version).yaml" }

    /// The text of one version (1-based).
    public func file(version: Int) -> String {
        let types = ["string", "int16", "int32", "int64", "double", "boolean", "date", "binary", "uuid", "decimal"]
        var text = "model: Bench\nversion: \(version)\ncloudkit: true\nentities:\n"
        for entity in 0..<entities {
            let next = (entity + 1) % entities
            text += "  Entity\(entity):\n    attributes:\n"
            for attribute in 0..<attributes {
                let type = types[(entity + attribute) % types.count]
                if attribute % 3 == 0, type == "binary" {
                    text += "      attribute\(attribute): {type: binary}\n"
                } else if attribute % 3 == 0 {
                    text += "      attribute\(attribute): {type: \(type), optional: false, default: \(Self.defaultValue(of: type))}\n"
                } else {
                    text += "      attribute\(attribute): \(type)\n"
                }
            }
            if churn {
                // Changed over time: the default of 'churn' in one entity per version, round-robin.
                let changes = version > entity ? (version - entity + entities - 1) / entities : 0
                text += "      churn: {type: int32, optional: false, default: \(changes)}\n"
            }
            // Added over time: one attribute per version, round-robin over the entities.
            for added in stride(from: entity, to: version, by: entities) {
                let renamed = added % 10 == 9 && version > added + 1
                text += "      added\(added)\(renamed ? "Renamed: {type: string, renamedFrom: added\(added)}" : ": string")\n"
            }
            text += "    relationships:\n"
            text += "      next: {destination: Entity\(next), inverse: previous}\n"
            text += "      previous: {destination: Entity\((entity + entities - 1) % entities), inverse: next, toMany: true}\n"
        }
        return text
    }

    private static func defaultValue(of type: String) -> String {
        switch type {
        case "string": "\"\""
        case "boolean": "false"
        case "date": "0"
        case "uuid": "\"00000000-0000-0000-0000-000000000000\""
        default: "0"
        }
    }
}

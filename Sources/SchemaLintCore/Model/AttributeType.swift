/// A Core Data attribute type.
package enum AttributeType: String, CaseIterable, Hashable, Sendable, CustomStringConvertible, Codable {
    case int16, int32, int64, decimal, double, float, string, boolean, date, binary, uuid, uri
    case transformable, objectID, undefined, composite

    /// The name Xcode's model editor shows and writes as `attributeType`.
    package var coreDataName: String {
        switch self {
        case .int16: "Integer 16"
        case .int32: "Integer 32"
        case .int64: "Integer 64"
        case .decimal: "Decimal"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Boolean"
        case .date: "Date"
        case .binary: "Binary"
        case .uuid: "UUID"
        case .uri: "URI"
        case .transformable: "Transformable"
        case .objectID: "ObjectID"
        case .undefined: "Undefined"
        case .composite: "Composite"
        }
    }

    package var description: String { rawValue }

    /// Parses the YAML spelling or one of Core Data's, case-insensitively
    /// (`int16`, `Integer 16`, `binary`, `Binary Data`, `objectID`, `Object ID`, ...).
    package init?(spelling: String) {
        if let exact = AttributeType(rawValue: spelling) {
            self = exact
            return
        }
        let key = AttributeType.normalize(spelling)
        guard let type = AttributeType.bySpelling[key] else { return nil }
        self = type
    }

    /// Every accepted spelling, normalized (lower-case, no spaces or underscores), for "did you mean".
    package static var spellings: [String] { allCases.map(\.rawValue) }

    static func normalize(_ spelling: String) -> String {
        String(spelling.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    private static let bySpelling: [String: AttributeType] = {
        var table: [String: AttributeType] = [:]
        for type in AttributeType.allCases {
            table[normalize(type.rawValue)] = type
            table[normalize(type.coreDataName)] = type
        }
        table["integer16"] = .int16
        table["integer32"] = .int32
        table["integer64"] = .int64
        table["binarydata"] = .binary
        table["bool"] = .boolean
        table["objectid"] = .objectID
        return table
    }()

    package var isInteger: Bool { self == .int16 || self == .int32 || self == .int64 }
    package var isNumeric: Bool { isInteger || self == .decimal || self == .double || self == .float }
    /// Values of these types over 1 MB move to a companion `CD_<name>_ckAsset` field in CloudKit.
    package var mayUseCloudKitAsset: Bool { self == .string || self == .binary || self == .transformable }
    /// Whether a default value can be given for this type.
    package var acceptsDefault: Bool {
        switch self {
        case .binary, .transformable, .objectID, .undefined, .composite: false
        default: true
        }
    }
}

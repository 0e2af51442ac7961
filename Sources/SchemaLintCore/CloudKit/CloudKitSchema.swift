/// A CloudKit container's schema as the CloudKit Schema Language writes it (`cktool export-schema`):
/// record types with their fields, each with where the file declares it.
package struct CloudKitSchema: Hashable, Sendable {
    /// The file the schema was read from.
    package var file: String
    /// In the order of the file.
    package var recordTypes: [CloudKitRecordType]
    /// The roles the file creates (`CREATE ROLE name`), in the order of the file.
    package var roles: [String]

    package init(file: String, recordTypes: [CloudKitRecordType], roles: [String] = []) {
        self.file = file
        self.recordTypes = recordTypes
        self.roles = roles
    }

    /// The record type of this (unquoted) name, if the schema has it.
    package func recordType(named name: String) -> CloudKitRecordType? { recordTypes.first { $0.name == name } }
}

/// One record type: `RECORD TYPE name ( field, ..., GRANT ... )`.
package struct CloudKitRecordType: Hashable, Sendable {
    /// The name without quotes.
    package var name: String
    /// In the order of the file, system fields (`"___recordID"`, ...) included when the file lists them.
    package var fields: [CloudKitField]
    /// Where the name is written.
    package var location: SourceLocation

    package init(name: String, fields: [CloudKitField], location: SourceLocation) {
        self.name = name
        self.fields = fields
        self.location = location
    }

    package func field(named name: String) -> CloudKitField? { fields.first { $0.name == name } }

    /// CloudKit's own record types, present in every container.
    package var isSystem: Bool { name == "Users" || name == "cloudkit.share" }
}

/// One field of a record type: `name TYPE [QUERYABLE] [SORTABLE] [SEARCHABLE]`.
package struct CloudKitField: Hashable, Sendable {
    /// The name without quotes.
    package var name: String
    package var type: CloudKitFieldType
    /// Sorted, without repeats.
    package var options: [CloudKitFieldOption]
    /// Where the name is written.
    package var location: SourceLocation

    package init(name: String, type: CloudKitFieldType, options: [CloudKitFieldOption] = [], location: SourceLocation) {
        self.name = name
        self.type = type
        self.options = options
        self.location = location
    }

    /// The fields CloudKit defines on every record type (`"___createTime"`, `"___recordID"`, ...):
    /// names that start with an underscore are CloudKit's.
    package var isSystem: Bool { name.hasPrefix("_") }
}

/// An index CloudKit keeps for a field.
package enum CloudKitFieldOption: String, CaseIterable, Hashable, Sendable, Comparable {
    case queryable = "QUERYABLE"
    case searchable = "SEARCHABLE"
    case sortable = "SORTABLE"

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The value type of a field.
package enum CloudKitFieldType: Hashable, Sendable, CustomStringConvertible {
    /// The types a value can have on its own.
    package enum Primitive: String, CaseIterable, Hashable, Sendable {
        case asset = "ASSET"
        case bytes = "BYTES"
        case double = "DOUBLE"
        case int64 = "INT64"
        case location = "LOCATION"
        case reference = "REFERENCE"
        case string = "STRING"
        case timestamp = "TIMESTAMP"

        /// The types CloudKit can encrypt (`ENCRYPTED STRING`, ...): not assets, not references.
        package var isEncryptable: Bool { self != .asset && self != .reference }
    }

    case primitive(Primitive)
    /// `ENCRYPTED <type>`: never indexed.
    case encrypted(Primitive)
    /// `NUMBER [PREFERRED AS INT64|DOUBLE]`: a field a development container added on its own.
    case number(preferred: Primitive?)
    /// `LIST<type>`, of one type that is not itself a list.
    case list(Element)

    /// What a list holds.
    package enum Element: Hashable, Sendable, CustomStringConvertible {
        case primitive(Primitive)
        case encrypted(Primitive)
        case number(preferred: Primitive?)

        package var description: String { CloudKitFieldType(self).description }
    }

    package init(_ element: Element) {
        switch element {
        case .primitive(let type): self = .primitive(type)
        case .encrypted(let type): self = .encrypted(type)
        case .number(let preferred): self = .number(preferred: preferred)
        }
    }

    /// As the language writes it: `STRING`, `ENCRYPTED BYTES`, `NUMBER PREFERRED AS INT64`, `LIST<STRING>`.
    package var description: String {
        switch self {
        case .primitive(let type): type.rawValue
        case .encrypted(let type): "ENCRYPTED \(type.rawValue)"
        case .number(let preferred): preferred.map { "NUMBER PREFERRED AS \($0.rawValue)" } ?? "NUMBER"
        case .list(let element): "LIST<\(element)>"
        }
    }

    /// Whether a field of this type stores what a field of `expected` type stores: the same type,
    /// or a `NUMBER` that is (or may be taken as) the expected INT64 or DOUBLE.
    package func holds(_ expected: CloudKitFieldType) -> Bool {
        if self == expected { return true }
        guard case .number(let preferred) = self, case .primitive(let wanted) = expected, wanted == .int64 || wanted == .double else { return false }
        return preferred == nil || preferred == wanted
    }
}

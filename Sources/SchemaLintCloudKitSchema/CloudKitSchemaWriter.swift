import SchemaLintCore

/// Writes the schema a model version mirrors to in the CloudKit Schema Language, laid out as
/// `cktool export-schema` lays out an export (record types and fields sorted by their bytes, four
/// spaces, the implicit grants last), so that the two can be compared with `diff`.
///
/// Left out, because the model does not decide them: the system fields (`"___recordID"`, ...),
/// index options, and record types Core Data adds on its own (`CD_moveReceipt`). `CDMR` is
/// written without fields: Apple does not document them.
package struct CloudKitSchemaWriter: Sendable {
    /// Whether to write the `CD_<attribute>_ckAsset` companions (a schema made by
    /// `initializeCloudKitSchema` has them all; one made by saving records may have none).
    package var includesAssetCompanions: Bool

    package init(includesAssetCompanions: Bool = true) {
        self.includesAssetCompanions = includesAssetCompanions
    }

    /// The grants every record type has, as exports write them.
    static let implicitGrants = ["GRANT WRITE TO \"_creator\"", "GRANT CREATE TO \"_icloud\"", "GRANT READ TO \"_world\""]

    package func text(of mirror: CloudKitMirror, heading: String? = nil) -> String {
        var out = heading.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)\n" }.joined() } ?? ""
        out += "DEFINE SCHEMA\n"
        for recordType in mirror.recordTypes {
            out += "\n"
            if !recordType.fieldsAreKnown {
                out += "    // Core Data's records for many-to-many relationships; Apple does not document their fields.\n"
            }
            out += "    RECORD TYPE \(Self.name(recordType.name)) (\n"
            let fields = recordType.fields.filter { includesAssetCompanions || !$0.isOptional }
            let items = fields.map { "\(Self.name($0.name)) \($0.type)" } + Self.implicitGrants
            out += items.map { "        \($0)" }.joined(separator: ",\n") + "\n"
            out += "    );\n"
        }
        return out
    }

    /// A name as the language writes it: bare when it can be, else in double quotes.
    static func name(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        let bare = scalars.first.map(CloudKitSchemaLexer.isLetter) == true
            && scalars.allSatisfy { CloudKitSchemaLexer.isLetter($0) || CloudKitSchemaLexer.isDigit($0) || $0 == "_" }
            && !CloudKitSchemaReader.reservedWords.contains(name.uppercased())
        return bare ? name : "\"\(name)\""
    }
}

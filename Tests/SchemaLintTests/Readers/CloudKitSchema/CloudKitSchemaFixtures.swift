/// CloudKit schema files for the tests, in the shape `xcrun cktool export-schema` writes them.
enum CloudKitSchemaFixtures {
    /// The production schema of examples/cloudkit-schema's version 1 as an export of a container
    /// with a team-made role: comments of all three kinds, `CREATE ROLE`, quoted system fields
    /// (after the `CD_` ones: exports sort by bytes), grants with commas, CloudKit's `Users`.
    static let deployedVersion1 = """
        // Production schema of iCloud.com.example.pantry, as exported by
        -- xcrun cktool export-schema --environment production --output-file production.ckdb
        /* Core Data made every field below;
           CloudKit made the system ones. */
        DEFINE SCHEMA

            CREATE ROLE Auditor;

            RECORD TYPE CD_Item (
                CD_bestBefore TIMESTAMP,
                CD_entityName STRING,
                CD_id STRING,
                CD_photo BYTES,
                CD_photo_ckAsset ASSET,
                CD_quantity INT64,
                CD_shelf STRING,
                CD_title STRING,
                CD_title_ckAsset ASSET,
                "___createTime" TIMESTAMP,
                "___createdBy" REFERENCE,
                "___etag" STRING,
                "___modTime" TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID" REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world",
                GRANT READ, WRITE TO Auditor
            );

            RECORD TYPE CD_Shelf (
                CD_entityName STRING,
                CD_name STRING,
                CD_position INT64,
                "___recordID" REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

            RECORD TYPE Users (
                "___createTime" TIMESTAMP,
                "___createdBy" REFERENCE,
                "___etag" STRING,
                "___modTime" TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID" REFERENCE,
                roles LIST<INT64>,
                GRANT WRITE TO "_creator",
                GRANT READ TO "_world"
            );

        """

    /// Line and column (1-based, in characters) where `needle` first occurs on a line containing
    /// `line` (or `needle` itself), found in the text independently of any reader.
    static func position(of needle: String, onLineWith line: String? = nil, in text: String) -> (line: Int, column: Int)? {
        for (index, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard content.contains(line ?? needle), let range = content.range(of: needle) else { continue }
            return (index + 1, content.distance(from: content.startIndex, to: range.lowerBound) + 1)
        }
        return nil
    }
}

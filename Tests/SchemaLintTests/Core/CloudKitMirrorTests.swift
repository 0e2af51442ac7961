import Foundation
import Testing
@testable import SchemaLint

/// The record types and fields a version mirrors to, and the schema text `ckschema` prints for it.
@Suite struct CloudKitMirrorTests {
    static func version(_ yaml: String) throws -> ModelVersion {
        try #require(try Lint.versions([yaml]).first)
    }

    static let everyType = """
        model: Types
        version: 1
        cloudkit: true
        entities:
          Thing:
            attributes:
              s: string
              u: uuid
              url: uri
              b: boolean
              i16: int16
              i32: int32
              i64: int64
              d: double
              f: float
              dec: decimal
              date: date
              bin: binary
              t: {type: transformable, transformer: NSSecureUnarchiveFromData}
              secret: {type: string, allowsCloudEncryption: true}
              scratch: {type: string, transient: true}
            relationships:
              owner: {destination: Owner, inverse: things}
              tags: {destination: Tag, inverse: things, toMany: true}
          Owner:
            relationships:
              things: {destination: Thing, inverse: owner, toMany: true}
          Tag:
            attributes:
              name: string
            relationships:
              things: {destination: Thing, inverse: tags, toMany: true}
        """

    @Test func attributesMirrorToTheirFieldTypes() throws {
        let mirror = CloudKitMirror(try Self.version(Self.everyType))
        let thing = try #require(mirror.recordType(named: "CD_Thing"))
        let types = Dictionary(uniqueKeysWithValues: thing.fields.map { ($0.name, $0.type.description) })
        #expect(types == [
            "CD_entityName": "STRING",
            "CD_s": "STRING", "CD_u": "STRING", "CD_url": "STRING",
            "CD_b": "INT64", "CD_i16": "INT64", "CD_i32": "INT64", "CD_i64": "INT64",
            "CD_d": "DOUBLE", "CD_f": "DOUBLE", "CD_dec": "DOUBLE",
            "CD_date": "TIMESTAMP", "CD_bin": "BYTES", "CD_t": "BYTES",
            "CD_secret": "ENCRYPTED STRING",
            // a to-one relationship is the related record's name; the to-many one has no field
            "CD_owner": "STRING",
            // the companions of large strings, data and transformable values
            "CD_s_ckAsset": "ASSET", "CD_bin_ckAsset": "ASSET", "CD_t_ckAsset": "ASSET", "CD_secret_ckAsset": "ASSET",
        ])
        #expect(thing.fields.filter(\.isOptional).map(\.name).sorted() == ["CD_bin_ckAsset", "CD_s_ckAsset", "CD_secret_ckAsset", "CD_t_ckAsset"])
        #expect(thing.fields.filter { !$0.isTypeVerified }.map(\.name) == ["CD_dec"])
        // Thing.tags and Tag.things are many-to-many: Core Data keeps them in CDMR records.
        #expect(mirror.recordTypes.map(\.name) == ["CDMR", "CD_Owner", "CD_Tag", "CD_Thing"])
        #expect(mirror.recordType(named: "CDMR")?.fieldsAreKnown == false)
        #expect(mirror.recordType(named: "CD_Owner")?.fields.map(\.name) == ["CD_entityName"])
    }

    @Test func anInheritanceTreeIsOneRecordTypeAndOnlySyncedEntitiesAreMirrored() throws {
        let mirror = CloudKitMirror(try Self.version("""
            model: Media
            version: 1
            entities:
              Item:
                abstract: true
                attributes:
                  title: string
              Photo:
                parent: Item
                attributes:
                  pixels: int64
              Video:
                parent: Item
                attributes:
                  seconds: double
              Cache:
                attributes:
                  key: string
            configurations:
              Cloud: {cloudkit: true, entities: [Item, Photo, Video]}
              Local: {entities: [Cache]}
            """))
        #expect(mirror.recordTypes.map(\.name) == ["CD_Item"])
        #expect(mirror.recordTypes.first?.fields.map(\.name) == ["CD_entityName", "CD_pixels", "CD_seconds", "CD_title", "CD_title_ckAsset"])
    }

    @Test func theWrittenSchemaReadsBackAsTheMirrorSortedByBytes() throws {
        let mirror = CloudKitMirror(try Self.version(Self.everyType))
        let text = CloudKitSchemaWriter().text(of: mirror, heading: "two lines\nof heading")
        let schema = try CloudKitSchemaReader.parse(bytes: Array(text.utf8), file: "printed.ckdb")
        #expect(schema.recordTypes.map(\.name) == mirror.recordTypes.map(\.name))
        for recordType in mirror.recordTypes {
            let read = try #require(schema.recordType(named: recordType.name))
            #expect(read.fields.map(\.name) == recordType.fields.map(\.name))
            #expect(read.fields.map(\.type) == recordType.fields.map(\.type))
            let names = read.fields.map(\.name)
            #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        }
        let withoutCompanions = CloudKitSchemaWriter(includesAssetCompanions: false).text(of: mirror)
        #expect(!withoutCompanions.contains("_ckAsset"))
        #expect(text.contains("_ckAsset"))
    }

    /// Every version of every real bundle in the corpus, taken as synced: its mirror written out reads
    /// back the same, and it has a field for each stored attribute of a type CloudKit syncs.
    @Test(.enabled(if: XcodeCorpusTests.exists, "needs ../shared/corpus beside the project"))
    func corpusModelsRoundTripThroughTheWriterAndReader() throws {
        var versions = 0
        for entry in XcodeCorpusTests.manifest {
            let bundle = try XcodeBundleLoader.load(entry.path)
            for var version in bundle.versions {
                version.usesCloudKit = true
                versions += 1
                let mirror = CloudKitMirror(version)
                let text = CloudKitSchemaWriter().text(of: mirror)
                let schema = try CloudKitSchemaReader.parse(bytes: Array(text.utf8), file: "\(entry.testDescription).ckdb")
                #expect(schema.recordTypes.map(\.name) == mirror.recordTypes.map(\.name), "\(entry.testDescription) \(version.label)")
                for recordType in mirror.recordTypes {
                    #expect(schema.recordType(named: recordType.name)?.fields.map(\.name) == recordType.fields.map(\.name))
                }
                for entity in version.entities {
                    let record = mirror.recordType(named: "CD_" + version.rootEntity(of: entity.name))
                    for attribute in entity.attributes where !attribute.isTransient && ![.objectID, .undefined, .composite].contains(attribute.type) {
                        #expect(record?.field(named: "CD_" + attribute.name) != nil, "\(entry.testDescription) \(version.label) \(entity.name).\(attribute.name)")
                    }
                }
            }
        }
        #expect(versions > 0)
    }
}

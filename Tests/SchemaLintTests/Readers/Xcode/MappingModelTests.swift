import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// Mapping models and declared migrations: read, matched to their steps by the paths inside them,
/// and taken into account in local verdicts.
@Suite struct MappingModelTests {
    typealias F = MappingModelFixtures

    static func lint(_ folder: TemporaryFolder, _ path: String = "Shop", arguments: [String] = []) throws -> [[String: Any]] {
        // Every step: the shop's mapping models cover its older steps.
        let run = try Executable.run(["lint", path, "--format", "json", "--all-steps"] + arguments, in: folder.url)
        #expect(run.status != 2, "input error: \(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(json["findings"] as? [[String: Any]])
    }

    static func pick(_ findings: [[String: Any]], rule: String) -> [[String: Any]] {
        findings.filter { $0["rule"] as? String == rule }
    }

    /// Xcode's editor can leave entity mappings in xcmapping.xml that the mapping model no longer
    /// lists (linked to nothing, not compiled into the .cdm): they map nothing, and say nothing.
    @Test func entityMappingsTheMappingModelDoesNotListAreLeftOut() throws {
        let listed = F.mapping(from: "Shop.xcdatamodeld/Model.xcdatamodel", to: "Shop.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Order", destination: "Order", attributes: [("number", true)]),
        ])
        let stale = """
                <object type="XDDEVENTITYMAPPING" id="z900">
                    <attribute name="sourcename" type="string">Order</attribute>
                    <attribute name="mappingtypename" type="string">Undefined</attribute>
                    <attribute name="destinationname" type="string">Order</attribute>
                    <relationship name="mappingmodel" type="1/1" destination="XDDEVMAPPINGMODEL"></relationship>
                    <relationship name="attributemappings" type="0/0" destination="XDDEVATTRIBUTEMAPPING"></relationship>
                </object>
            </database>
            """
        let text = listed.replacingOccurrences(of: "</database>", with: stale.trimmingCharacters(in: .whitespaces))
        #expect(text.contains("z900"))
        let model = try MappingModelReader.parse(Array(text.utf8), file: "xcmapping.xml", name: "V1toV2.xcmappingmodel")
        #expect(model.entityMappings.count == 1)
        #expect(model.entityMappings.first?.attributes.map(\.name) == ["number"])
    }

    /// Several attributes of one entity added as required in a step a mapping model migrates are
    /// one finding that says the mapping model handles them, as the finding of one does.
    @Test func requiredAttributesGatheredInOneFindingKeepTheirMappingModel() throws {
        let folder = try TemporaryFolder()
        let v1 = F.contents([("Order", [F.attribute("number", "String")])])
        let v2 = F.contents([("Order", [F.attribute("currency", "String", optional: false), F.attribute("number", "String"), F.attribute("region", "String", optional: false)])])
        try folder.write(v1, to: "Shop/Shop.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Shop/Shop.xcdatamodeld/Model 2.xcdatamodel/contents")
        try folder.write(F.mapping(from: "Shop.xcdatamodeld/Model.xcdatamodel", to: "Shop.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Order", destination: "Order", attributes: [("currency", true), ("number", false), ("region", true)]),
        ]), to: "Shop/ShopModelV1toV2.xcmappingmodel/xcmapping.xml")
        let required = Self.pick(try Self.lint(folder), rule: "attribute-required-without-default")
        #expect(required.count == 1, "\(required)")
        let message = try #require(required.first?["message"] as? String)
        #expect(message.hasPrefix("2 attributes of 'Order' were added as required with no default: 'currency', 'region'"), "\(message)")
        #expect(message.hasSuffix("handled by ShopModelV1toV2.xcmappingmodel"), "\(message)")
        #expect(required.first?["severity"] as? String == "note")
        #expect((required.first?["suggestions"] as? [Any])?.isEmpty ?? true, "\(required)")
    }

    /// A relationship that becomes to-many in a step a mapping model migrates is the mapping's to
    /// carry over, not an inferred migration's; without the mapping model, lightweight migration
    /// infers it.
    @Test func aCardinalityChangeInAMappedStepIsTheMappingsToCarry() throws {
        let folder = try TemporaryFolder()
        let many = #"<relationship name="buyer" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Customer"/>"#
        let v1 = F.contents([("Order", [F.attribute("number", "String"), F.toOne("buyer", "Customer")]), ("Customer", [F.attribute("name", "String")])])
        let v2 = F.contents([("Order", [F.attribute("currency", "String", optional: false), F.attribute("number", "String"), many]), ("Customer", [F.attribute("name", "String")])])
        try folder.write(v1, to: "Shop/Shop.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Shop/Shop.xcdatamodeld/Model 2.xcdatamodel/contents")
        let unmapped = Self.pick(try Self.lint(folder), rule: "relationship-cardinality-changed")
        #expect((unmapped.first?["message"] as? String)?.hasSuffix("changed from to-one to to-many; lightweight migration infers it") == true, "\(unmapped)")
        try folder.write(F.mapping(from: "Shop.xcdatamodeld/Model.xcdatamodel", to: "Shop.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Order", destination: "Order", attributes: [("currency", true), ("number", false)], relationships: ["buyer"]),
            F.EntityMapping(source: "Customer", destination: "Customer", attributes: [("name", false)]),
        ]), to: "Shop/ShopModelV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = Self.pick(try Self.lint(folder), rule: "relationship-cardinality-changed")
        let message = try #require(mapped.first?["message"] as? String)
        #expect(message.hasSuffix("changed from to-one to to-many; ShopModelV1toV2.xcmappingmodel migrates the step, not an inferred migration, and its mapping decides what each migrated object holds"), "\(message)")
        #expect(mapped.first?["severity"] as? String == "note")
    }

    @Test func stepsCoveredByMappingModelsAreNotErrorsAndTheUncoveredStepStillIs() throws {
        let bare = try TemporaryFolder()
        try F.shop(in: bare, withMappingModels: false)
        let uncovered = try Self.lint(bare)
        // Without mapping models, each of the three steps is a local error.
        #expect(Self.pick(uncovered, rule: "attribute-type-changed").map { $0["severity"] as? String } == ["error"])
        #expect(Self.pick(uncovered, rule: "attribute-required-without-default").map { $0["severity"] as? String } == ["error"])
        #expect(Self.pick(uncovered, rule: "relationship-destination-changed").map { $0["severity"] as? String } == ["error"])

        let folder = try TemporaryFolder()
        try F.shop(in: folder)
        let covered = try Self.lint(folder)
        let typeChange = try #require(Self.pick(covered, rule: "attribute-type-changed").first)
        #expect(typeChange["severity"] as? String == "note")
        #expect((typeChange["message"] as? String)?.hasSuffix("handled by ShopModelV1toV2.xcmappingmodel") == true)
        let required = try #require(Self.pick(covered, rule: "attribute-required-without-default").first)
        #expect(required["severity"] as? String == "note")
        #expect((required["message"] as? String)?.hasSuffix("handled by ShopModelV2toV3.xcmappingmodel") == true)
        // The step with no mapping model keeps its error.
        #expect(Self.pick(covered, rule: "relationship-destination-changed").map { $0["severity"] as? String } == ["error"])
        #expect(covered.filter { $0["severity"] as? String == "error" }.count == 1)
        // Both mapping models fit and map everything: no finding about them.
        let aboutMappingModels = covered.compactMap { $0["rule"] as? String }.filter { $0.hasPrefix("mapping-model-") }
        #expect(aboutMappingModels.isEmpty)
    }

    /// A link paired with another relationship: lightweight migration pairs them anew (a local
    /// warning), while a mapping model that maps them sets each link itself (a note naming it).
    @Test func aMappingModelSettlesRelationshipsPairedAnew() throws {
        func toMany(_ name: String, inverse: String?) -> String {
            #"<relationship name="\#(name)" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Order""# + (inverse.map { #" inverseName="\#($0)" inverseEntity="Order""# } ?? "") + "/>"
        }
        func buyer(inverse: String) -> String {
            #"<relationship name="buyer" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Customer" inverseName="\#(inverse)" inverseEntity="Customer"/>"#
        }
        let v1 = F.contents([("Order", [F.attribute("number", "String"), buyer(inverse: "orders")]), ("Customer", [toMany("orders", inverse: "buyer"), toMany("pinned", inverse: nil)])])
        let v2 = F.contents([("Order", [F.attribute("number", "String"), buyer(inverse: "pinned")]), ("Customer", [toMany("orders", inverse: nil), toMany("pinned", inverse: "buyer")])])
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Shop/Shop.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Shop/Shop.xcdatamodeld/Model 2.xcdatamodel/contents")
        let inferred = Self.pick(try Self.lint(folder), rule: "relationship-inverse-changed")
        #expect(!inferred.isEmpty && inferred.allSatisfy { $0["severity"] as? String == "warning" }, "\(inferred)")

        try folder.write(F.mapping(from: "Shop.xcdatamodeld/Model.xcdatamodel", to: "Shop.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Order", destination: "Order", attributes: [("number", false)], relationships: ["buyer"]),
            F.EntityMapping(source: "Customer", destination: "Customer", attributes: [], relationships: ["orders", "pinned"]),
        ]), to: "Shop/ShopModelV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = Self.pick(try Self.lint(folder), rule: "relationship-inverse-changed")
        #expect(!mapped.isEmpty && mapped.allSatisfy { $0["severity"] as? String == "note" }, "\(mapped)")
        #expect(mapped.allSatisfy { ($0["message"] as? String)?.hasSuffix("handled by ShopModelV1toV2.xcmappingmodel") == true }, "\(mapped)")
    }

    /// The step into the version that turns CloudKit on migrates a local store (no record of the
    /// older version reached CloudKit): the mapping model written for it settles what lightweight
    /// migration could not infer, as for any local step.
    @Test func aMappingModelSettlesTheStepIntoTheFirstSyncedVersion() throws {
        let v1 = F.contents([("Board", [F.toOne("inbox", "Project")]), ("Project", [F.attribute("name", "String")]), ("Inbox", [F.attribute("name", "String")])])
        let v2 = F.contents([("Board", [F.toOne("inbox", "Inbox")]), ("Project", [F.attribute("name", "String")]), ("Inbox", [F.attribute("name", "String")])])
            .replacingOccurrences(of: #"sourceLanguage="Swift""#, with: #"sourceLanguage="Swift" usedWithCloudKit="YES""#)
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Shop/Shop.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Shop/Shop.xcdatamodeld/Model 2.xcdatamodel/contents")
        let inferred = Self.pick(try Self.lint(folder), rule: "relationship-destination-changed")
        #expect(inferred.count == 1 && inferred[0]["severity"] as? String == "error", "\(inferred)")
        try folder.write(F.mapping(from: "Shop.xcdatamodeld/Model.xcdatamodel", to: "Shop.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Board", destination: "Board", attributes: [], relationships: ["inbox"]),
            F.EntityMapping(source: "Project", destination: "Project", attributes: [("name", false)]),
            F.EntityMapping(source: "Project", destination: "Inbox", attributes: [("name", false)]),
        ]), to: "Shop/ShopModelV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = Self.pick(try Self.lint(folder), rule: "relationship-destination-changed")
        #expect(mapped.count == 1 && mapped[0]["severity"] as? String == "note", "\(mapped)")
        #expect((mapped.first?["message"] as? String)?.hasSuffix("handled by ShopModelV1toV2.xcmappingmodel") == true, "\(mapped)")
    }

    /// A property or entity the step removes whose data the mapping model carries into another
    /// (`$source.modified` for `updatedAt`, `Tag` objects made into `Label` objects) loses nothing,
    /// and is no rename to declare.
    /// A counter widened in a step a mapping model migrates: the note says the mapping model
    /// migrates it, not that lightweight migration infers it.
    @Test func aWidenedAttributeInAMappedStepIsSaidToBeMigratedByTheMappingModel() throws {
        let v1 = F.contents([("Note", [F.attribute("title", "String"), F.attribute("views", "Integer 16")])])
        let v2 = F.contents([("Note", [F.attribute("title", "String"), F.attribute("views", "Integer 64")])])
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Notes/Notes.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Notes/Notes.xcdatamodeld/Model 2.xcdatamodel/contents")
        let inferred = Self.pick(try Self.lint(folder, "Notes"), rule: "attribute-type-widened").compactMap { $0["message"] as? String }
        #expect(inferred.count == 1 && inferred[0].contains("lightweight migration infers the conversion"), "\(inferred)")
        try folder.write(F.mapping(from: "Notes.xcdatamodeld/Model.xcdatamodel", to: "Notes.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Note", destination: "Note", attributes: [("title", true), ("views", true)]),
        ]), to: "Notes/NotesV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = Self.pick(try Self.lint(folder, "Notes"), rule: "attribute-type-widened").compactMap { $0["message"] as? String }
        #expect(mapped == [
            "attribute 'Note.views' widened from int16 to int64; NotesV1toV2.xcmappingmodel migrates the step, not an inferred migration, and a value mapped to the wider type keeps what it held",
        ], "\(mapped)")
    }

    /// A relationship no longer ordered in a step a mapping model migrates: the note says the
    /// mapping model migrates it, not that lightweight migration infers it.
    @Test func anOrderedRelationshipInAMappedStepIsSaidToBeMigratedByTheMappingModel() throws {
        func version(ordered: Bool) -> String {
            F.contents([
                ("Playlist", [#"<relationship name="songs" optional="YES" toMany="YES" deletionRule="Nullify"\#(ordered ? #" ordered="YES""# : "") destinationEntity="Song" inverseName="playlist" inverseEntity="Song"/>"#]),
                ("Song", [F.attribute("title", "String"), #"<relationship name="playlist" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Playlist" inverseName="songs" inverseEntity="Playlist"/>"#]),
            ])
        }
        let folder = try TemporaryFolder()
        try folder.write(version(ordered: true), to: "Music/Music.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(version(ordered: false), to: "Music/Music.xcdatamodeld/Model 2.xcdatamodel/contents")
        let inferred = Self.pick(try Self.lint(folder, "Music"), rule: "relationship-ordered-changed").compactMap { $0["message"] as? String }
        #expect(inferred == ["relationship 'Playlist.songs' is no longer ordered; lightweight migration infers it, and the order is lost"], "\(inferred)")
        try folder.write(F.mapping(from: "Music.xcdatamodeld/Model.xcdatamodel", to: "Music.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Playlist", destination: "Playlist", attributes: [], relationships: ["songs"]),
            F.EntityMapping(source: "Song", destination: "Song", attributes: [("title", true)], relationships: ["playlist"]),
        ]), to: "Music/MusicV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = Self.pick(try Self.lint(folder, "Music"), rule: "relationship-ordered-changed").compactMap { $0["message"] as? String }
        #expect(mapped == ["relationship 'Playlist.songs' is no longer ordered; MusicV1toV2.xcmappingmodel migrates it, and the order is lost"], "\(mapped)")
    }

    @Test func aMappingModelCarriesRemovedElementsIntoOthers() throws {
        let v1 = F.contents([("Note", [F.attribute("title", "String"), F.attribute("modified", "Date"), F.attribute("body", "String")]), ("Tag", [F.attribute("name", "String")])])
        let v2 = F.contents([("Label", [F.attribute("name", "String")]), ("Note", [F.attribute("title", "String"), F.attribute("updatedAt", "Date"), F.attribute("text", "String")])])
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Notes/Notes.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Notes/Notes.xcdatamodeld/Model 2.xcdatamodel/contents")
        let inferred = try Self.lint(folder, "Notes").filter { ($0["rule"] as? String)?.hasSuffix("-removed") == true }
        #expect(inferred.count == 3 && inferred.allSatisfy { ($0["message"] as? String)?.contains("dropped") == true }, "\(inferred)")

        // Xcode's archive of `$source.modified`: a binary keyed archive, in which the byte before
        // a short string gives its length, and is printable ("Xmodified").
        let objects: [Any] = ["$null", ["NSSelectorName": "valueForKeyPath:"], "valueForKeyPath:", "source", "modified", ["$classname": "NSFunctionExpression"]]
        let archive = try PropertyListSerialization.data(
            fromPropertyList: ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": 1], "$objects": objects] as [String: Any], format: .binary, options: 0
        ).base64EncodedString()
        try folder.write(F.mapping(from: "Notes.xcdatamodeld/Model.xcdatamodel", to: "Notes.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Note", destination: "Note", attributes: [("title", true), ("updatedAt", true), ("text", true)], written: ["text": "$source.body"], archived: ["updatedAt": archive]),
            F.EntityMapping(source: "Tag", destination: "Label", attributes: [("name", true)]),
        ]), to: "Notes/NotesV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = try Self.lint(folder, "Notes").filter { ($0["rule"] as? String)?.hasSuffix("-removed") == true }.compactMap { $0["message"] as? String }.sorted()
        #expect(mapped == [
            "attribute 'Note.body' was removed; NotesV1toV2.xcmappingmodel carries its value into 'Note.text'",
            "attribute 'Note.modified' was removed; NotesV1toV2.xcmappingmodel carries its value into 'Note.updatedAt'",
            "entity 'Tag' was removed; NotesV1toV2.xcmappingmodel makes its objects into 'Label' objects",
        ], "\(mapped)")
    }

    /// A jump Core Data would make straight past a step only a mapping model migrates: the
    /// finding says that step migrates with its mapping model, and advises it as a custom stage.
    @Test func aJumpPastAMappedStepNamesTheStepAndItsCustomStage() throws {
        let folder = try TemporaryFolder()
        try folder.write(F.contents([("Bookmark", [F.attribute("link", "URI")])]), to: "Reader/Reader.xcdatamodeld/Reader.xcdatamodel/contents")
        try folder.write(F.contents([("Bookmark", [F.attribute("link", "String")])]), to: "Reader/Reader.xcdatamodeld/Reader 2.xcdatamodel/contents")
        try folder.write(F.contents([("Bookmark", [F.attribute("link", "String"), F.attribute("note", "String")])]), to: "Reader/Reader.xcdatamodeld/Reader 3.xcdatamodel/contents")
        try folder.write(F.mapping(from: "Reader.xcdatamodeld/Reader.xcdatamodel", to: "Reader.xcdatamodeld/Reader 2.xcdatamodel", [
            F.EntityMapping(source: "Bookmark", destination: "Bookmark", attributes: [("link", true)]),
        ]), to: "Reader/Reader 1 to 2.xcmappingmodel/xcmapping.xml")
        try folder.write("import CoreData\nfinal class ReaderStore {\n    let container = NSPersistentContainer(name: \"Reader\")\n    func open() {\n        container.loadPersistentStores { _, error in if let error { print(error) } }\n    }\n}\n", to: "Reader/ReaderStore.swift")
        let found = Self.pick(try Self.lint(folder, "Reader"), rule: "migration-path-not-inferable")
        #expect(found.compactMap { $0["message"] as? String } == [
            "stores of Reader cannot migrate to Reader 3 in one lightweight migration, although each step in between migrates, by inference or with its mapping model (Reader -> Reader 2): Core Data migrates straight from the store's version to the current one",
        ], "\(found)")
        #expect(found.first?["suggestions"] as? [String] == [
            "migrate in stages with NSStagedMigrationManager (iOS 17): Reader -> Reader 2 -> Reader 3, each a lightweight stage but Reader -> Reader 2, a custom stage (NSCustomMigrationStage) that runs its mapping model; before iOS 17, open the store's own version (from its metadata) and migrate one version at a time with NSMigrationManager, each step with its mapping model or NSMappingModel.inferredMappingModel(forSourceModel:destinationModel:)",
        ])
    }

    /// A jump Core Data infers past a mapping model that runs a migration policy: the stores of
    /// the version before it never get what the policy computes. Where the code read does not
    /// show Core Data's own migration opening the store, the app may chain the steps itself.
    @Test func anInferredJumpPastAMappingModelThatComputesIsAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write(F.contents([("Bookmark", [F.attribute("link", "String")])]), to: "Reader/Reader.xcdatamodeld/Reader.xcdatamodel/contents")
        try folder.write(F.contents([("Bookmark", [F.attribute("link", "String"), F.attribute("host", "String")])]), to: "Reader/Reader.xcdatamodeld/Reader 2.xcdatamodel/contents")
        try folder.write(F.contents([("Bookmark", [F.attribute("link", "String"), F.attribute("host", "String"), F.attribute("note", "String")])]), to: "Reader/Reader.xcdatamodeld/Reader 3.xcdatamodel/contents")
        try folder.write(F.mapping(from: "Reader.xcdatamodeld/Reader.xcdatamodel", to: "Reader.xcdatamodeld/Reader 2.xcdatamodel", [
            F.EntityMapping(source: "Bookmark", destination: "Bookmark", policy: "BookmarkHostPolicy", attributes: [("link", true), ("host", false)]),
        ]), to: "Reader/Reader 1 to 2.xcmappingmodel/xcmapping.xml")
        let chained = Self.pick(try Self.lint(folder, "Reader"), rule: "migration-path-not-inferable")
        #expect(chained.isEmpty, "\(chained)")

        try folder.write("import CoreData\nfinal class ReaderStore {\n    let container = NSPersistentContainer(name: \"Reader\")\n    func open() {\n        container.loadPersistentStores { _, error in if let error { print(error) } }\n    }\n}\n", to: "Reader/ReaderStore.swift")
        let found = Self.pick(try Self.lint(folder, "Reader"), rule: "migration-path-not-inferable")
        #expect(found.compactMap { $0["severity"] as? String } == ["warning"], "\(found)")
        #expect(found.first?["message"] as? String == "stores of Reader migrate to Reader 3 in one lightweight migration Core Data infers, which skips Reader -> Reader 2 (Reader 1 to 2.xcmappingmodel): Core Data uses a mapping model only for a store of its own source version, so what it computes is never done for those stores, whose objects get the destination's defaults instead", "\(found)")
        let notes = (found.first?["notes"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
        #expect(notes == ["Reader 1 to 2.xcmappingmodel runs BookmarkHostPolicy for entity 'Bookmark'"], "\(String(describing: notes))")
    }

    /// A jump Core Data infers past a mapping model that carries an entity to a new name, which
    /// no renaming identifier gives: the stores of the releases before it lose that entity's
    /// objects. With the renaming identifier, the jump keeps them, and nothing is said.
    @Test func anInferredJumpPastAMappingModelThatRenamesAnEntityIsAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write(F.contents([("Thing", [F.attribute("name", "String")])]), to: "List/List.xcdatamodeld/List.xcdatamodel/contents")
        try folder.write(F.contents([("Thing", [F.attribute("name", "String"), F.attribute("done", "Boolean")])]), to: "List/List.xcdatamodeld/List 2.xcdatamodel/contents")
        try folder.write(F.contents([("Product", [F.attribute("name", "String"), F.attribute("done", "Boolean")])]), to: "List/List.xcdatamodeld/List 3.xcdatamodel/contents")
        try folder.write(F.mapping(from: "List.xcdatamodeld/List 2.xcdatamodel", to: "List.xcdatamodeld/List 3.xcdatamodel", [
            F.EntityMapping(source: "Thing", destination: "Product", attributes: [("name", true), ("done", true)]),
        ]), to: "List/List 2 to 3.xcmappingmodel/xcmapping.xml")
        try folder.write("import CoreData\nfinal class ListStore {\n    let container = NSPersistentContainer(name: \"List\")\n    func open() {\n        container.loadPersistentStores { _, error in if let error { print(error) } }\n    }\n}\n", to: "List/ListStore.swift")
        let found = Self.pick(try Self.lint(folder, "List"), rule: "migration-path-not-inferable")
        #expect(found.compactMap { $0["severity"] as? String } == ["warning"], "\(found)")
        #expect((found.first?["message"] as? String)?.hasPrefix("stores of List migrate to List 3 in one lightweight migration Core Data infers, which skips List 2 -> List 3 (List 2 to 3.xcmappingmodel)") == true, "\(found)")
        let notes = (found.first?["notes"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
        #expect(notes == ["List 2 to 3.xcmappingmodel carries entity 'Thing' to 'Product', which no renaming identifier of List 3 gives: the inferred migration drops the stores' 'Thing' objects and starts 'Product' empty"], "\(String(describing: notes))")

        try folder.write(F.contents([("Product", [F.attribute("name", "String"), F.attribute("done", "Boolean")])]).replacingOccurrences(of: "name=\"Product\"", with: "name=\"Product\" elementID=\"Thing\""), to: "List/List.xcdatamodeld/List 3.xcdatamodel/contents")
        let renamed = Self.pick(try Self.lint(folder, "List"), rule: "migration-path-not-inferable")
        #expect(renamed.isEmpty, "\(renamed)")
    }

    /// A property removed beside one that looks like it renamed, in a step a mapping model
    /// migrates: the advice is the mapping's value expression, not a Renaming ID (which only
    /// inference reads).
    @Test func aRenameInAMappedStepIsAdvisedAsAValueExpression() throws {
        let v1 = F.contents([("Photo", [F.attribute("title", "String"), F.attribute("path", "String")])])
        let v2 = F.contents([("Photo", [F.attribute("title", "String"), F.attribute("relativePath", "String")])])
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Photos/Photos.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Photos/Photos.xcdatamodeld/Model 2.xcdatamodel/contents")
        func advice() throws -> [String] {
            try Self.lint(folder, "Photos").filter { $0["rule"] as? String == "attribute-removed" }.flatMap { $0["suggestions"] as? [String] ?? [] }
        }
        #expect(try advice() == ["if 'relativePath' is 'path' renamed, add the Renaming ID 'path' (Xcode's Data Model inspector) to 'relativePath' so lightweight migration keeps the data"])
        try folder.write(F.mapping(from: "Photos.xcdatamodeld/Model.xcdatamodel", to: "Photos.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Photo", destination: "Photo", attributes: [("title", true), ("relativePath", false)]),
        ]), to: "Photos/PhotosV1toV2.xcmappingmodel/xcmapping.xml")
        #expect(try advice() == ["if 'relativePath' is 'path' renamed, give 'relativePath' the value expression `$source.path` in PhotosV1toV2.xcmappingmodel (a Renaming ID does nothing where a mapping model migrates the step)"])
    }

    /// A property the step removes of an entity whose mapping hands each whole source object to
    /// code of the app's (a function given `$source` itself, or a migration policy) may be carried
    /// over by it: the note says so rather than that the data is dropped.
    @Test(arguments: [true, false])
    func codeGivenWholeSourceObjectsMayCarryRemovedProperties(policy: Bool) throws {
        let v1 = F.contents([("Habit", [F.attribute("name", "String"), F.attribute("frequency", "Integer 16"), F.attribute("daysPerWeek", "Integer 16")])])
        let v2 = F.contents([("Habit", [F.attribute("name", "String"), F.attribute("schedule", "Binary")])])
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Habits/Habits.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Habits/Habits.xcdatamodeld/Model 2.xcdatamodel/contents")
        let function = #"FUNCTION($entityPolicy, "scheduleForHabit:", $source)"#
        try folder.write(F.mapping(from: "Habits.xcdatamodeld/Model.xcdatamodel", to: "Habits.xcdatamodeld/Model 2.xcdatamodel", [
            policy
                ? F.EntityMapping(source: "Habit", destination: "Habit", policy: "HabitPolicy", attributes: [("name", true), ("schedule", false)])
                : F.EntityMapping(source: "Habit", destination: "Habit", attributes: [("name", true), ("schedule", true)], written: ["schedule": function]),
        ]), to: "Habits/HabitsV1toV2.xcmappingmodel/xcmapping.xml")
        let removed = try Self.lint(folder, "Habits").filter { $0["rule"] as? String == "attribute-removed" }.compactMap { $0["message"] as? String }.sorted()
        let code = policy ? "its migration policy HabitPolicy" : "a function in the value expression of 'Habit.schedule'"
        // Both removals say the same: one note for the entity.
        #expect(removed == [
            "2 attributes of 'Habit' were removed: 'daysPerWeek', 'frequency'; HabitsV1toV2.xcmappingmodel hands each whole 'Habit' to \(code), which may carry their values over: schemalint cannot see what it reads",
        ], "\(removed)")
    }

    /// An entity moved into another hierarchy: lightweight migration does not merge hierarchies
    /// (a local warning); a mapping model that maps the step says where each object goes (a note).
    @Test func aMappingModelSettlesAnEntityMovedIntoAHierarchy() throws {
        let v1 = F.contents([("Base", [F.attribute("created", "Date")]), ("Task", [F.attribute("title", "String")])])
        let v2 = v1.replacingOccurrences(of: #"<entity name="Task" representedClassName="Task""#, with: #"<entity name="Task" representedClassName="Task" parentEntity="Base""#)
        let folder = try TemporaryFolder()
        try folder.write(v1, to: "Tasks/Tasks.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(v2, to: "Tasks/Tasks.xcdatamodeld/Model 2.xcdatamodel/contents")
        let inferred = Self.pick(try Self.lint(folder, "Tasks"), rule: "entity-parent-changed")
        #expect(inferred.map { $0["severity"] as? String } == ["warning"], "\(inferred)")

        try folder.write(F.mapping(from: "Tasks.xcdatamodeld/Model.xcdatamodel", to: "Tasks.xcdatamodeld/Model 2.xcdatamodel", [
            F.EntityMapping(source: "Base", destination: "Base", attributes: [("created", false)], relationships: []),
            F.EntityMapping(source: "Task", destination: "Task", attributes: [("title", false), ("created", false)], relationships: []),
        ]), to: "Tasks/TasksV1toV2.xcmappingmodel/xcmapping.xml")
        let mapped = Self.pick(try Self.lint(folder, "Tasks"), rule: "entity-parent-changed")
        #expect(mapped.map { $0["severity"] as? String } == ["note"], "\(mapped)")
    }

    @Test func synchronisedModelsKeepTheirCloudKitErrors() throws {
        let folder = try TemporaryFolder()
        try F.shop(in: folder)
        let findings: [[String: Any]] = try Self.lint(folder, arguments: ["--cloudkit"])
        #expect(Self.pick(findings, rule: "attribute-type-changed").map { $0["severity"] as? String } == ["error"])
    }

    @Test func theLaunchMigrationNoteSaysHowEachStepMigrates() throws {
        let folder = try TemporaryFolder()
        try F.shop(in: folder)
        let findings = try Self.lint(folder)
        let notes = Self.pick(findings, rule: "migration-at-launch").compactMap { $0["message"] as? String }
        #expect(notes.count == 2)
        #expect(notes.contains { $0.contains("Model with Model 2") && $0.contains("with ShopModelV1toV2.xcmappingmodel") && $0.contains("'Order'") })
        // Model 3 to Model 4 points `buyer` elsewhere with no mapping model: lightweight migration
        // cannot infer it, as the error says, and no migration runs at launch to describe.
        #expect(!notes.contains { $0.contains("Model 3 with Model 4") }, "\(notes)")
        #expect(Self.pick(findings, rule: "relationship-destination-changed").contains { $0["severity"] as? String == "error" && $0["version"] as? String == "Model 4" })
    }

    @Test func aMappingModelThatMissesAnAttributeAndOneWhoseSourceChanged() throws {
        let folder = try TemporaryFolder()
        let v1 = F.contents([("Item", [F.attribute("name", "String"), F.attribute("price", "String")])])
        let v2 = F.contents([("Item", [F.attribute("name", "String"), F.attribute("cost", "Decimal", extra: #" elementID="price""#)])])
        let v3 = F.contents([("Item", [F.attribute("name", "String"), F.attribute("cost", "Decimal", extra: #" elementID="price""#), F.attribute("stock", "Integer 32", optional: false)])])
        for (name, text) in [("Catalog", v1), ("Catalog 2", v2), ("Catalog 3", v3)] {
            try folder.write(text, to: "App/Catalog.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        // Catalog -> Catalog 2: 'cost' (renamed from 'price') gets no value.
        try folder.write(F.mapping(from: "Catalog.xcdatamodeld/Catalog.xcdatamodel", to: "Catalog.xcdatamodeld/Catalog 2.xcdatamodel", [
            .init(source: "Item", destination: "Item", attributes: [("name", false), ("cost", false)]),
        ]), to: "App/Migrations/Catalog1to2.xcmappingmodel/xcmapping.xml")
        // Catalog 2 -> Catalog 3: made when the source entity was still called 'Product'.
        try folder.write(F.mapping(from: "Catalog.xcdatamodeld/Catalog 2.xcdatamodel", to: "Catalog.xcdatamodeld/Catalog 3.xcdatamodel", [
            .init(source: "Product", destination: "Item", attributes: [("name", false), ("cost", false), ("stock", true)]),
        ]), to: "App/Migrations/Catalog2to3.xcmappingmodel/xcmapping.xml")
        let findings = try Self.lint(folder, "App")
        let unmapped = Self.pick(findings, rule: "mapping-model-unmapped-property")
        #expect(unmapped.count == 1)
        #expect((unmapped.first?["message"] as? String)?.contains("'Item.cost'") == true)
        #expect((unmapped.first?["message"] as? String)?.contains("'Item.price' (renamed to 'cost')") == true)
        let stale = Self.pick(findings, rule: "mapping-model-stale")
        #expect(stale.count == 1)
        #expect((stale.first?["message"] as? String)?.contains("source entity 'Product'") == true)
        #expect((stale.first?["file"] as? String)?.hasSuffix("Catalog2to3.xcmappingmodel/xcmapping.xml") == true)
    }

    /// A stale mapping model migrates nothing: the type change it was made for stays an error,
    /// and no note says the step migrates with it; matching its step again, it settles the change.
    @Test func aStaleMappingModelSettlesNothing() throws {
        let folder = try TemporaryFolder()
        let v1 = F.contents([("Order", [F.attribute("thumb", "String"), F.attribute("preview", "String")])])
        let v2 = F.contents([("Order", [F.attribute("thumb", "Binary")])])
        for (name, text) in [("Shop", v1), ("Shop 2", v2)] {
            try folder.write(text, to: "App/Shop.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        func mapping(_ attributes: [(String, Bool)]) -> String {
            F.mapping(from: "Shop.xcdatamodeld/Shop.xcdatamodel", to: "Shop.xcdatamodeld/Shop 2.xcdatamodel", [.init(source: "Order", destination: "Order", attributes: attributes)])
        }
        // Made while Shop 2 still had 'preview'.
        try folder.write(mapping([("thumb", true), ("preview", false)]), to: "App/Shop1to2.xcmappingmodel/xcmapping.xml")
        let stale = try Self.lint(folder, "App")
        #expect(Self.pick(stale, rule: "mapping-model-stale").count == 1)
        #expect(Self.pick(stale, rule: "attribute-type-changed").map { $0["severity"] as? String } == ["error"])
        #expect(Self.pick(stale, rule: "migration-at-launch").isEmpty)

        try folder.write(mapping([("thumb", true)]), to: "App/Shop1to2.xcmappingmodel/xcmapping.xml")
        let matching = try Self.lint(folder, "App")
        #expect(Self.pick(matching, rule: "mapping-model-stale").isEmpty)
        #expect(Self.pick(matching, rule: "attribute-type-changed").map { $0["severity"] as? String } == ["note"])
    }

    @Test func aMappingModelNamingAMissingVersionIsReportedAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try F.shop(in: folder, withMappingModels: false)
        try folder.write(F.mapping(from: "Shop.xcdatamodeld/Model.xcdatamodel", to: "Shop.xcdatamodeld/Model 7.xcdatamodel", [
            .init(source: "Order", destination: "Order", attributes: [("number", false), ("total", true)], relationships: ["buyer"]),
        ]), to: "Shop/Old.xcmappingmodel/xcmapping.xml")
        let findings = try Self.lint(folder)
        let unmatched = Self.pick(findings, rule: "mapping-model-unmatched")
        #expect(unmatched.count == 1)
        #expect((unmatched.first?["message"] as? String)?.contains("'Model 7'") == true)
        #expect(Self.pick(findings, rule: "attribute-type-changed").map { $0["severity"] as? String } == ["error"])
    }

    @Test func aDeclaredMigrationCountsLikeAMappingModel() throws {
        let folder = try TemporaryFolder()
        try F.shop(in: folder, withMappingModels: false)
        try folder.write("""
        migrations:
          - from: "Model 3"
            to: "Model 4"
            how: custom
            reason: "OrderMigrator.swift re-links each order to the account of its customer"
        """, to: ".schemalint.yml")
        let findings = try Self.lint(folder)
        let destination = try #require(Self.pick(findings, rule: "relationship-destination-changed").first)
        #expect(destination["severity"] as? String == "note")
        #expect((destination["message"] as? String)?.hasSuffix("handled by the custom migration declared in .schemalint.yml") == true)
        // The other two steps are not declared: still errors.
        #expect(findings.filter { $0["severity"] as? String == "error" }.count == 2)
    }

    @Test(arguments: [
        ("migrations:\n  - from: \"Model 3\"\n    to: \"Model 9\"\n    how: custom\n    reason: x\n", ".schemalint.yml:2:5: error: the migration from 'Model 3' to 'Model 9' names versions that no linted model has"),
        ("migrations:\n  - from: \"Model 3\"\n    to: \"Model 4\"\n    how: manual\n    reason: x\n", ".schemalint.yml:4:10: error: 'how' of a 'migrations' entry must be custom or staged, found 'manual'"),
        ("migrations:\n  - from: \"Model 3\"\n    to: \"Model 4\"\n    how: custom\n", ".schemalint.yml:2:5: error: a 'migrations' entry is missing the required key 'reason'"),
        ("migrations:\n  - from: \"Model 3\"\n    to: \"Model 4\"\n    how: custom\n    reason: x\n    wen: now\n", ".schemalint.yml:6:5: error: unknown key 'wen'"),
    ])
    func badDeclaredMigrationsAreInputErrors(configuration: String, expected: String) throws {
        let folder = try TemporaryFolder()
        try F.shop(in: folder, withMappingModels: false)
        try folder.write(configuration, to: ".schemalint.yml")
        let run = try Executable.run(["lint", "Shop", "--all-steps"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test(arguments: [
        ("<database></database>", "Shop/Bad.xcmappingmodel/xcmapping.xml:1:1: error: not a Core Data mapping model"),
        ("<database>\n<object type=\"XDDEVMAPPINGMODEL\" id=\"z1\">\n<relationship name=\"entitymappings\" type=\"0/0\" destination=\"XDDEVENTITYMAPPING\" idrefs=\"z2\"></relationship>\n</object>\n<object type=\"XDDEVENTITYMAPPING\" id=\"z2\">\n<relationship name=\"attributemappings\" type=\"0/0\" destination=\"XDDEVATTRIBUTEMAPPING\" idrefs=\"z9\"></relationship>\n</object>\n</database>", "Shop/Bad.xcmappingmodel/xcmapping.xml:5:1: error: the mapping model's attributemappings of object 'z2' names 'z9', which is no XDDEVATTRIBUTEMAPPING object"),
        ("<database><object type=\"XDDEVMAPPINGMODEL\"", "Shop/Bad.xcmappingmodel/xcmapping.xml:1:"),
    ])
    func brokenMappingModelsAreInputErrorsWithPositions(text: String, expected: String) throws {
        let folder = try TemporaryFolder()
        try F.shop(in: folder, withMappingModels: false)
        try folder.write(text, to: "Shop/Bad.xcmappingmodel/xcmapping.xml")
        let run = try Executable.run(["lint", "Shop", "--all-steps"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
    }
}

/// OpenEmu's bundle with the five mapping models the app ships beside it: the real-data test of
/// the reader and of matching by the paths inside (not by file names).
@Suite struct OpenEmuMappingModelTests {
    static let folder = XcodeCorpusTests.corpus + "/OpenEmu__OpenEmu/OpenEmu"
    static let exists = FileManager.default.fileExists(atPath: folder + "/OEDatabase.xcdatamodeld")

    /// The source and destination version folders named in the file, read with a regular
    /// expression, independently of the reader.
    static func pathsInText(of mappingModel: String) throws -> (String, String) {
        let text = try String(contentsOfFile: mappingModel + "/xcmapping.xml", encoding: .utf8)
        func value(_ key: String) throws -> String {
            let pattern = try NSRegularExpression(pattern: "name=\"\(key)\" type=\"string\">([^<]*)<")
            let match = try #require(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
            let name = (String(text[Range(match.range(at: 1), in: text)!]) as NSString).lastPathComponent
            return String(name.dropLast(".xcdatamodel".count))
        }
        return (try value("sourcemodelpath"), try value("destinationmodelpath"))
    }

    @Test(.enabled(if: exists, "needs ../shared/corpus beside the project"))
    func everyMappingModelIsReadAndMatchedToItsStepByThePathsInside() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".xcmappingmodel") }.sorted()
        #expect(names.count == 5)
        let loaded = ModelLoader().load(paths: [Self.folder + "/OEDatabase.xcdatamodeld"])
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(loaded.mappingModels.map(\.name).sorted() == names)
        let histories = try ModelHistory.histories(of: loaded.versions)
        let matched = try WrittenMigrationMatcher(histories: histories, bundles: loaded.bundles).match(mappingModels: loaded.mappingModels, declared: [])
        #expect(matched.unmatched.isEmpty)
        let migrations = try #require(matched.histories.first).writtenMigrations
        #expect(migrations.count == 5)
        for name in names {
            let (source, destination) = try Self.pathsInText(of: Self.folder + "/" + name)
            let migration = try #require(migrations.first { $0.mappingModel?.name == name })
            #expect(migration.from == source && migration.to == destination, "\(name)")
            let mapping = try #require(migration.mappingModel)
            #expect(!mapping.entityMappings.isEmpty)
            #expect(mapping.entityMappings.allSatisfy { $0.destination != nil || $0.source != nil })
        }
        // The file name says "1.0 Beta 4 to 1.0"; the paths inside say which versions.
        #expect(migrations.first { $0.mappingModel?.name == "1.0 Beta 4 to 1.0.xcmappingmodel" }.map { ($0.from, $0.to) } ?? ("", "") == ("OEDatabase 0.5", "OEDatabase 1.0"))
    }

    /// An app that migrates every step with its own `NSMigrationManager` (automatic migration
    /// off) runs the mapping models too: their steps migrate where that code does, and the advice
    /// is to take that code off the launch, not to add the store asynchronously.
    @Test func aMappingModelTheAppsOwnMigratorRunsIsAdvisedAsThatMigration() throws {
        let folder = try TemporaryFolder()
        try MappingModelFixtures.shop(in: folder)
        let before = try Executable.run(["Shop", "--all-steps", "--no-color"], in: folder.url)
        #expect(before.stdout.contains("migrates it at launch with ShopModelV1toV2.xcmappingmodel, which migrates every object in memory"), "\(before.stdout)")
        try folder.write("""
        import CoreData

        enum IterativeMigrator {
            static func migrate(store url: URL, from source: NSManagedObjectModel, to destination: NSManagedObjectModel) throws {
                let mapping = try NSMappingModel(from: nil, forSourceModel: source, destinationModel: destination) ?? NSMappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
                let manager = NSMigrationManager(sourceModel: source, destinationModel: destination)
                let scratch = FileManager.default.temporaryDirectory.appending(path: "migrated.sqlite")
                try manager.migrateStore(from: url, type: .sqlite, mapping: mapping, to: scratch, type: .sqlite)
            }
        }
        """, to: "Shop/IterativeMigrator.swift")
        let run = try Executable.run(["Shop", "--all-steps", "--no-color"], in: folder.url)
        #expect(run.stdout.contains("migrates it at launch with ShopModelV1toV2.xcmappingmodel, which the app's own migration (NSMigrationManager at Shop/IterativeMigrator.swift:8:13) runs, migrating every object in memory"), "\(run.stdout)")
        #expect(run.stdout.contains("help: run the app's migration off the main thread") && !run.stdout.contains("shouldAddStoreAsynchronously"), "\(run.stdout)")
    }
}

import Foundation
import Testing
@testable import SchemaLint

/// Advice speaks the language of the format the newer version is written in: YAML keys, Xcode's
/// Data Model inspector, SwiftData's macros. The same histories are linted as each format.
@Suite struct AdviceVocabularyTests {
    static func model(_ version: Int, cloudkit: Bool = false, _ entities: String) -> String {
        "model: M\nversion: \(version)\ncloudkit: \(cloudkit)\nentities:\n" + entities.split(separator: "\n").map { "  \($0)\n" }.joined()
    }

    /// The findings of a history of YAML texts, read as if written in `format`.
    static func findings(_ files: [String], as format: ModelFormat) throws -> [Finding] {
        let versions = try Lint.versions(files).map { version in
            var version = version
            version.format = format
            return version
        }
        return Linter(catalog: .standard, options: LintOptions()).lint(try ModelHistory.histories(of: versions)).findings
    }

    static func finding(_ rule: String, _ files: [String], as format: ModelFormat) throws -> Finding {
        try #require(try findings(files, as: format).first { $0.ruleID == rule })
    }

    /// `name` became `title` with nothing declared, in a local store.
    static let undeclaredAttributeRename = [
        model(1, "Note:\n  attributes:\n    name: string"),
        model(2, "Note:\n  attributes:\n    title: string"),
    ]

    @Test func anUndeclaredRenameNamesTheFormatsRenamingIdentifier() throws {
        let yaml = try Self.finding("attribute-removed", Self.undeclaredAttributeRename, as: .yaml)
        #expect(yaml.suggestions == ["if 'title' is 'name' renamed, add `renamedFrom: name` to 'title' so lightweight migration keeps the data"])
        #expect(yaml.notes.map(\.message).contains("'Note.title' was added in version 2 and looks like 'name' renamed; without `renamedFrom: name` on 'title', local data in 'name' is lost"), "\(yaml.notes)")

        let xcode = try Self.finding("attribute-removed", Self.undeclaredAttributeRename, as: .xcode)
        #expect(xcode.suggestions == ["if 'title' is 'name' renamed, add the Renaming ID 'name' (Xcode's Data Model inspector) to 'title' so lightweight migration keeps the data"])

        let swift = try Self.finding("attribute-removed", Self.undeclaredAttributeRename, as: .swiftData)
        #expect(swift.suggestions == ["if 'title' is 'name' renamed, add `@Attribute(originalName: \"name\")` to 'title' so lightweight migration keeps the data"])
        #expect(swift.notes.contains { $0.message.hasSuffix("without `@Attribute(originalName: \"name\")` on 'title', local data in 'name' is lost") }, "\(swift.notes)")
        for finding in [xcode, swift] {
            #expect(!(finding.suggestions + finding.notes.map(\.message)).contains { $0.contains("renamedFrom") })
        }
    }

    @Test func aRelationshipRenameInSwiftIsTheRelationshipMacro() throws {
        let files = [
            Self.model(1, "Note:\n  relationships:\n    folder: {destination: Folder, inverse: notes}\nFolder:\n  relationships:\n    notes: {destination: Note, toMany: true, inverse: folder}"),
            Self.model(2, "Note:\n  relationships:\n    parent: {destination: Folder, inverse: notes}\nFolder:\n  relationships:\n    notes: {destination: Note, toMany: true, inverse: parent}"),
        ]
        let swift = try Self.finding("relationship-removed", files, as: .swiftData)
        #expect(swift.suggestions == ["if 'parent' is 'folder' renamed, add `@Relationship(originalName: \"folder\")` to 'parent' so lightweight migration keeps the data"])
    }

    @Test func swiftDataHasNoRenamingIdentifierForAModelClass() throws {
        let files = [
            Self.model(1, "Note:\n  attributes:\n    title: string\n    body: string"),
            Self.model(2, "Memo:\n  attributes:\n    title: string\n    body: string"),
        ]
        let yaml = try Self.finding("entity-removed", files, as: .yaml)
        #expect(yaml.suggestions == ["if 'Memo' is 'Note' renamed, add `renamedFrom: Note` to 'Memo' so lightweight migration keeps the data"])
        let swift = try Self.finding("entity-removed", files, as: .swiftData)
        #expect(swift.suggestions == ["if 'Memo' is 'Note' renamed: SwiftData has no renaming identifier for a @Model class (its entity is named after the class), so keep the class name 'Note', or copy the objects from 'Note' to 'Memo' in a `MigrationStage.custom` stage in the SchemaMigrationPlan"])
        #expect(swift.notes.contains { $0.message.hasSuffix("so local data in 'Note' is lost unless a `MigrationStage.custom` stage in the SchemaMigrationPlan copies it") }, "\(swift.notes)")
    }

    @Test func aSyncedRemovalKeepsTheElementInTheFormatsWords() throws {
        let files = [
            Self.model(1, cloudkit: true, "Note:\n  attributes:\n    title: string\n    color: string"),
            Self.model(2, cloudkit: true, "Note:\n  attributes:\n    title: string"),
        ]
        let yaml = try Self.finding("attribute-removed", files, as: .yaml).suggestions
        #expect(yaml.first == "keep 'color' in the model (mark it `deprecated:`) and stop using it in code; CloudKit keeps the field for all time anyway")
        #expect(yaml.last == "add a 'version' attribute to 'Note' (int16, default 0), write a higher value from version 2 on, and fetch with NSPredicate(format: \"version <= %d\", maxCompatibleVersion) so apps still on version 1 skip records they cannot read")
        let swift = try Self.finding("attribute-removed", files, as: .swiftData).suggestions
        #expect(swift.first == "keep 'color' in the @Model class and stop using it in code; CloudKit keeps the field for all time anyway")
        #expect(swift.last == "add `var version: Int16 = 0` to 'Note', write a higher value from version 2 on, and fetch with #Predicate<Note> { $0.version <= maxCompatibleVersion } so apps still on version 1 skip records they cannot read")
        let xcode = try Self.finding("attribute-removed", files, as: .xcode).suggestions
        #expect(xcode.first == "keep 'color' in the model and stop using it in code; CloudKit keeps the field for all time anyway")
        #expect(xcode.last?.hasPrefix("add a 'version' attribute to 'Note' (Integer 16, Default Value 0)") == true)
    }

    @Test func aRequiredAttributeGetsADefaultInTheFormatsWords() throws {
        let files = [
            Self.model(1, cloudkit: true, "Note:\n  attributes:\n    title: string"),
            Self.model(2, cloudkit: true, "Note:\n  attributes:\n    title: string\n    rank: {type: int16, optional: false}"),
        ]
        let advice = try [ModelFormat.yaml, .xcode, .swiftData].map { try Self.finding("attribute-required-without-default", files, as: $0).suggestions }
        #expect(advice == [
            ["make 'rank' optional, or give it a default value (`default:`)"],
            ["make 'rank' optional, or give it a Default Value (Xcode's Data Model inspector)"],
            ["make 'rank' optional (`rank: Int16?`), or give it an initial value where it is declared (`var rank: Int16 = ...`), which SwiftData stores as its default"],
        ])
    }

    @Test func aRequiredValueOfNoOneSwiftTypeIsNotSpelledAsOne() throws {
        // A Codable value (`[MediaItem]`) is stored transformable or composite, and the model keeps no
        // Swift type for it: the advice names no made-up type.
        let files = [
            Self.model(1, cloudkit: true, "Note:\n  attributes:\n    title: string"),
            Self.model(2, cloudkit: true, "Note:\n  attributes:\n    title: string\n    items: {type: transformable, optional: false}"),
        ]
        let advice = try Self.finding("attribute-required-without-default", files, as: .swiftData).suggestions
        #expect(advice == ["make 'items' optional (`?` after its declared type), or give it an initial value where it is declared (`var items: <its type> = ...`), which SwiftData stores as its default"])
    }

    @Test func eachLoaderRecordsItsFormat() throws {
        let yaml = try Lint.versions([Self.model(1, "Note:\n  attributes:\n    title: string")])
        #expect(yaml.map(\.format) == [.yaml])
        let contents = Data("""
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel">
            <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
        </model>
        """.utf8)
        #expect(try XcodeModelReader.parse(contents, file: "M.xcdatamodel/contents", model: "M").format == .xcode)
    }
}

import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

@Suite struct XcodeModelReaderTests {
    static let notes = XcodeFixtures.contents("""
            <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES" codeGenerationType="class">
                <attribute name="identifier" attributeType="UUID" usesScalarValueType="NO"/>
                <attribute name="a" optional="YES" attributeType="String"/>
                <attribute name="b" optional="YES" attributeType="String"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="identifier"/>
                    </uniquenessConstraint>
                    <uniquenessConstraint>
                        <constraint value="a"/>
                        <constraint value="b"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="Note" representedClassName="Note" parentEntity="Item" elementID="Memo" versionHashModifier="2" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="body" attributeType="String" defaultValueString=""/>
                <attribute name="count" attributeType="Integer 16" defaultValueString="007" usesScalarValueType="YES"/>
                <attribute name="ratio" optional="YES" attributeType="Double" defaultValueString="0.50" usesScalarValueType="YES"/>
                <attribute name="flag" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"/>
                <attribute name="created" attributeType="Date" defaultDateTimeInterval="504921600" usesScalarValueType="NO"/>
                <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                <attribute name="scratch" optional="YES" transient="YES"/>
                <attribute name="summary" optional="YES" attributeType="String" elementID="abstract" allowsCloudEncryption="YES" derived="YES" derivationExpression="title" indexed="YES"/>
                <attribute name="same" optional="YES" attributeType="URI" elementID="same"/>
                <attribute name="quoted" attributeType="String" defaultValueString="&quot;&quot;"/>
                <attribute name="oddInteger" attributeType="Integer 64" defaultValueString="NO" usesScalarValueType="YES"/>
                <attribute name="blob" attributeType="Binary" defaultValueString=""/>
                <attribute name="when" attributeType="Date" defaultValueString="2001-01-01T00:01:00Z"/>
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                <relationship name="attachments" toMany="YES" ordered="YES" minCount="1" maxCount="5" deletionRule="Cascade" destinationEntity="Attachment" inverseName="note" inverseEntity="Attachment" elementID="files"/>
                <relationship name="owner" maxCount="1" deletionRule="Deny" destinationEntity="Folder"/>
                <relationship name="cache" optional="YES" maxCount="1" deletionRule="No Action" transient="YES" destinationEntity="Folder"/>
                <relationship name="plain" optional="YES" toMany="YES" destinationEntity="Folder"/>
                <fetchIndex name="byTitle">
                    <fetchIndexElement property="title" type="Binary" order="ascending"/>
                </fetchIndex>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="title"/>
                    </compoundIndex>
                </compoundIndexes>
                <userInfo>
                    <entry key="attribute" value="ignored"/>
                </userInfo>
                <fetchedProperty name="recent" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Note"/>
                </fetchedProperty>
                <newXcodeElement name="x"><attribute name="notMine" attributeType="String"/></newXcodeElement>
            </entity>
            <entity name="Folder" representedClassName="Folder" renamingIdentifier="Directory" syncable="YES">
                <attribute name="name" attributeType="String" renamingIdentifier="title" futureAttribute="1"/>
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
            </entity>
            <entity name="Attachment" representedClassName="Attachment" syncable="YES">
                <relationship name="note" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Note" inverseName="attachments" inverseEntity="Note"/>
            </entity>
            <composite name="Address">
                <attribute name="street" optional="YES" attributeType="String"/>
            </composite>
            <fetchRequest name="All" entity="Note"/>
            <configuration name="Cloud" usedWithCloudKit="YES">
                <memberEntity name="Note"/>
                <memberEntity name="Folder"/>
            </configuration>
            <configuration name="Local">
                <memberEntity name="Item"/>
            </configuration>
            <elements>
                <element name="Note" positionX="-63" positionY="-18" width="128" height="44"/>
                <element name="Folder" positionX="0" positionY="0" width="128" height="44"/>
            </elements>
        """)

    static func notesModel() throws -> ModelVersion { try XcodeFixtures.parse(notes) }

    @Test func readsEntitiesInDeclarationOrder() throws {
        let model = try Self.notesModel()
        #expect(model.entities.map(\.name) == ["Item", "Note", "Folder", "Attachment"])
        #expect(model.model == "Test")
        #expect(model.file == "Test.xcdatamodel/contents")
        #expect(!model.usesCloudKit)
    }

    @Test func mapsEntityFields() throws {
        let model = try Self.notesModel()
        let item = try #require(model.entity(named: "Item"))
        #expect(item.isAbstract && item.parent == nil && item.renamedFrom == nil && item.versionHashModifier == nil)
        #expect(item.uniquenessConstraints == [["identifier"], ["a", "b"]])
        let note = try #require(model.entity(named: "Note"))
        #expect(note.parent == "Item" && !note.isAbstract)
        #expect(note.renamedFrom == "Memo")
        #expect(note.versionHashModifier == "2")
        #expect(note.uniquenessConstraints.isEmpty)
        // renamingIdentifier is a synonym of elementID.
        #expect(model.entity(named: "Folder")?.renamedFrom == "Directory")
        #expect(model.entity(named: "Folder")?.attribute(named: "name")?.renamedFrom == "title")
    }

    @Test func skipsElementsOutsideTheKnownPlaces() throws {
        let note = try #require(try Self.notesModel().entity(named: "Note"))
        #expect(note.attributes.count == 14)
        #expect(note.attribute(named: "notMine") == nil)
        #expect(note.relationships.map(\.name) == ["folder", "attachments", "owner", "cache", "plain"])
        #expect(try Self.notesModel().entities.allSatisfy { $0.attribute(named: "street") == nil })
    }

    @Test func mapsAttributeTypesAndOptionality() throws {
        let note = try #require(try Self.notesModel().entity(named: "Note"))
        let types = Dictionary(uniqueKeysWithValues: note.attributes.map { ($0.name, $0.type) })
        #expect(types["title"] == .string && types["count"] == .int16 && types["ratio"] == .double)
        #expect(types["flag"] == .boolean && types["created"] == .date && types["tags"] == .transformable)
        #expect(types["same"] == .uri && types["blob"] == .binary && types["oddInteger"] == .int64)
        #expect(types["scratch"] == .undefined, "no attributeType means Undefined")
        #expect(note.attribute(named: "title")?.isOptional == true)
        #expect(note.attribute(named: "body")?.isOptional == false, "no optional=\"YES\" means required")
    }

    @Test func mapsAttributeFlags() throws {
        let note = try #require(try Self.notesModel().entity(named: "Note"))
        let tags = try #require(note.attribute(named: "tags"))
        #expect(tags.transformer == "NSSecureUnarchiveFromData" && tags.className == "[String]")
        #expect(note.attribute(named: "scratch")?.isTransient == true)
        let summary = try #require(note.attribute(named: "summary"))
        #expect(summary.renamedFrom == "abstract" && summary.allowsCloudEncryption && summary.isDerived && summary.isIndexed)
        let title = try #require(note.attribute(named: "title"))
        #expect(!title.isTransient && !title.isIndexed && !title.isDerived && !title.allowsCloudEncryption && title.transformer == nil)
        // Stored as given, even when it equals the attribute's own name.
        #expect(note.attribute(named: "same")?.renamedFrom == "same")
    }

    @Test func canonicalizesDefaults() throws {
        let note = try #require(try Self.notesModel().entity(named: "Note"))
        let defaults = Dictionary(uniqueKeysWithValues: note.attributes.map { ($0.name, $0.defaultValue) })
        #expect(defaults["body"] == .some(""), "an empty String default is a default")
        #expect(defaults["count"] == "7")
        #expect(defaults["ratio"] == "0.5")
        #expect(defaults["flag"] == "true")
        #expect(defaults["created"] == "504921600", "defaultDateTimeInterval is a date default")
        #expect(defaults["when"] == "60")
        #expect(defaults["quoted"] == "\"\"")
        #expect(defaults["oddInteger"] == "0", "an invalid default is read as Foundation's integerValue reads it")
        #expect(defaults["blob"] == .some(nil), "an empty default of a non-string type is no default")
        #expect(defaults["title"] == .some(nil))
    }

    @Test func mapsRelationships() throws {
        let note = try #require(try Self.notesModel().entity(named: "Note"))
        let folder = try #require(note.relationship(named: "folder"))
        #expect(folder.destination == "Folder" && folder.inverse == "notes" && !folder.isToMany && folder.isOptional)
        #expect(folder.maxCount == nil && folder.minCount == nil && folder.deleteRule == .nullify && !folder.isOrdered)
        let attachments = try #require(note.relationship(named: "attachments"))
        #expect(attachments.isToMany && attachments.isOrdered && !attachments.isOptional)
        #expect(attachments.minCount == 1 && attachments.maxCount == 5 && attachments.deleteRule == .cascade)
        #expect(attachments.renamedFrom == "files")
        let owner = try #require(note.relationship(named: "owner"))
        #expect(!owner.isOptional && !owner.isToMany && owner.deleteRule == .deny && owner.inverse == nil)
        let cache = try #require(note.relationship(named: "cache"))
        #expect(cache.deleteRule == .noAction && cache.isTransient)
        let plain = try #require(note.relationship(named: "plain"))
        #expect(plain.isToMany && plain.deleteRule == .nullify, "no deletionRule means Nullify")
    }

    @Test func readsConfigurations() throws {
        let model = try Self.notesModel()
        #expect(model.configurations.map(\.name) == ["Cloud", "Local"])
        #expect(model.configurations[0].usesCloudKit && model.configurations[0].entities == ["Note", "Folder"])
        #expect(!model.configurations[1].usesCloudKit && model.configurations[1].entities == ["Item"])
        #expect(model.isSynced(entity: "Note") && !model.isSynced(entity: "Item"))
    }

    @Test func readsCloudKitMarkOnTheRootOrFromTheCaller() throws {
        let marked = try XcodeFixtures.parse(XcodeFixtures.contents("", cloudKit: true))
        #expect(marked.usesCloudKit)
        #expect(marked.location(of: "cloudkit").line == 2)
        let declared = try XcodeFixtures.parse(XcodeFixtures.contents(""), cloudKit: true)
        #expect(declared.usesCloudKit)
        #expect(try !XcodeFixtures.parse(XcodeFixtures.contents("")).usesCloudKit)
    }

    @Test func locatesElementsAtTheirOpeningBracket() throws {
        let model = try Self.notesModel()
        let text = Self.notes
        func expectAt(_ location: SchemaLint.SourceLocation, _ needle: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            guard let expected = XcodeFixtures.position(of: needle, in: text) else {
                Issue.record("fixture lacks \(needle)", sourceLocation: sourceLocation)
                return
            }
            #expect(location.file == "Test.xcdatamodel/contents", sourceLocation: sourceLocation)
            #expect(location.line == expected.line && location.column == expected.column,
                    "\(needle) at \(location), expected \(expected)", sourceLocation: sourceLocation)
        }
        expectAt(model.location, "<model ")
        let note = try #require(model.entity(named: "Note"))
        expectAt(note.location, "<entity name=\"Note\"")
        expectAt(note.location(of: try #require(note.attribute(named: "tags"))), "<attribute name=\"tags\"")
        expectAt(note.location(of: try #require(note.relationship(named: "owner"))), "<relationship name=\"owner\"")
        expectAt(model.configurations[1].location, "<configuration name=\"Local\"")
        expectAt(note.location(of: "parent"), "parentEntity=\"Item\"")
        expectAt(note.location(of: "renamedFrom"), "elementID=\"Memo\"")
        expectAt(note.location(of: "default", of: try #require(note.attribute(named: "body"))), "defaultValueString=\"\"")
        expectAt(note.location(of: "default", of: try #require(note.attribute(named: "created"))), "defaultDateTimeInterval")
        expectAt(note.location(of: "deleteRule", of: try #require(note.relationship(named: "attachments"))), "deletionRule=\"Cascade\"")
        expectAt(try #require(model.entity(named: "Item")).location(of: "uniqueness"), "<uniquenessConstraints>")
        // A property that is not written points at its element.
        let title = try #require(note.attribute(named: "title"))
        #expect(note.location(of: "default", of: title) == note.location(of: title))
    }

    @Test func columnsCountCharactersAndTagsMaySpanLines() throws {
        let xml = """
            <model>
            <entity name="Café"><attribute name="é" attributeType="String"/><attribute name="x" attributeType="String"/>
            <attribute
                name="multi"
                attributeType="Integer 32"/>
            </entity>
            </model>
            """
        let entity = try #require(try XcodeFixtures.parse(xml).entity(named: "Café"))
        #expect(entity.location.line == 2 && entity.location.column == 1)
        let attributes = entity.attributes.map(entity.location(of:))
        #expect(attributes[0].line == 2 && attributes[0].column == 21)
        // "<attribute name="é" attributeType="String"/>" is 44 characters (45 bytes) long.
        #expect(attributes[1].line == 2 && attributes[1].column == 65)
        #expect(attributes[2].line == 3 && attributes[2].column == 1)
        #expect(entity.location(of: "type", of: entity.attributes[2]) == SchemaLint.SourceLocation(file: "Test.xcdatamodel/contents", line: 5, column: 5))
    }

    @Test func windowsLineEndingsKeepPositions() throws {
        let xml = "<model>\r\n    <entity name=\"A\">\r\n        <attribute name=\"x\" optional=\"YES\" attributeType=\"String\"/>\r\n    </entity>\r\n</model>\r\n"
        let entity = try #require(try XcodeFixtures.parse(xml).entity(named: "A"))
        let attribute = try #require(entity.attributes.first)
        #expect(entity.location(of: attribute).line == 3 && entity.location(of: attribute).column == 9)
        #expect(entity.location(of: "type", of: attribute).line == 3 && entity.location(of: "type", of: attribute).column == 44)
    }

    @Test func malformedXMLIsAnInputErrorWithItsPosition() throws {
        let xml = """
            <model>
                <entity name="A">
                    <attribute name="x" attributeType="String">
                </entity>
            </model>
            """
        let error = try #require(throws: InputError.self) { try XcodeFixtures.parse(xml) }
        #expect(error.file == "Test.xcdatamodel/contents")
        #expect(error.line == 4)
        #expect(error.column != nil)
        #expect(error.message.contains("malformed XML"))
        #expect(error.message.contains("closing tag"))
    }

    @Test(arguments: [
        ("<model>\n<entity name=\"A & B\"/>\n</model>", 2),
        // Truncated: noticed at the end of the file, where the parser stands.
        ("<model>\n<entity name=\"A\"/>\n", 3),
        ("<model>\n<entity name=\"A\" name=\"B\"/>\n</model>", 2),
        ("<model>\n<entity name=\"A\"/>\n</model>\n<model/>", 4),
        ("<model>\n<entity name=\"A></model>", 2),
    ])
    func otherMalformedXML(xml: String, line: Int) throws {
        let error = try #require(throws: InputError.self) { try XcodeFixtures.parse(xml) }
        #expect(error.line == line, "\(error)")
        #expect(error.message.hasPrefix("malformed XML") && !error.message.contains("XML error"), "\(error)")
    }

    @Test func emptyOrForeignFilesAreNotModels() throws {
        let empty = try #require(throws: InputError.self) { try XcodeFixtures.parse("") }
        #expect(empty.message.contains("no <model>"))
        let plist = try #require(throws: InputError.self) { try XcodeFixtures.parse("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>") }
        #expect(plist.message.contains("root element is <plist>") && plist.line == 2)
    }

    @Test func rejectsModelsCoreDataCouldNotLoad() throws {
        let cases: [(String, String)] = [
            (#"<entity name="A"><attribute name="x" attributeType="Strng"/></entity>"#, "did you mean 'String'?"),
            (#"<entity name="A"><relationship name="r" deletionRule="Nulify" destinationEntity="A"/></entity>"#, "did you mean 'Nullify'?"),
            (#"<entity name="A"><relationship name="r" deletionRule="Nullify"/></entity>"#, "no destinationEntity"),
            (#"<entity name="A"><relationship name="r" maxCount="many" destinationEntity="A"/></entity>"#, "whole number"),
            (#"<entity name="A"><attribute name="x" attributeType="String"/><relationship name="x" destinationEntity="A"/></entity>"#, "duplicate property 'A.x'"),
            (#"<entity name="A"/><entity name="A"/>"#, "duplicate entity 'A'"),
            (#"<entity representedClassName="A"/>"#, "without a name"),
        ]
        for (body, expected) in cases {
            let error = try #require(throws: InputError.self) { try XcodeFixtures.parse(XcodeFixtures.contents(body)) }
            #expect(error.message.contains(expected), "\(error)")
            #expect(error.line == 3, "\(error)")
        }
    }

    @Test func readsAFileFromDiskAndReportsUnreadableOnes() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(XcodeFixtures.contents(#"<entity name="A"/>"#), to: "A.xcdatamodel/contents")
        let version = try XcodeModelReader.read(contentsAt: file, model: "A", version: VersionNumber(ordinal: 4), label: "A 4", isReleased: false)
        #expect(version.file == file && version.entities[0].location.file == file)
        #expect(version.version == VersionNumber(ordinal: 4) && version.label == "A 4" && !version.isReleased)
        let missing = (folder.path as NSString).appendingPathComponent("missing/contents")
        let error = try #require(throws: InputError.self) { try XcodeModelReader.read(contentsAt: missing, model: "A") }
        #expect(error.file == missing && error.line == nil)
        #expect(error.message.contains("cannot read"))
    }

    /// Hostile XML: entity expansion ("billion laughs") and external entities are refused at once,
    /// with a message that says what was found.
    @Test func entityAttacksAreRefusedQuickly() throws {
        var entities = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE model [\(entities)]><model><entity name=\"A\"><attribute name=\"x\" attributeType=\"String\" defaultValueString=\"&lol9;\"/></entity></model>"
        let start = ContinuousClock.now
        #expect(throws: InputError.self) { try XcodeFixtures.parse(laughs) }
        #expect(ContinuousClock.now - start < .seconds(2))
        do { _ = try XcodeFixtures.parse(laughs) } catch {
            #expect(error.message.contains("expand too far"), "\(error.message)")
        }
        let external = "<?xml version=\"1.0\"?><!DOCTYPE model [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><model><entity name=\"A\"><attribute name=\"x\" attributeType=\"String\" defaultValueString=\"&xxe;\"/></entity></model>"
        do {
            let version = try XcodeFixtures.parse(external)
            Issue.record("an external entity was accepted: \(String(describing: version.entities.first?.attributes.first?.defaultValue))")
        } catch {
            #expect(error.message.contains("external file"), "\(error.message)")
        }
    }
}

import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// Versions saved by Xcode 3 (binary `elements`, no `contents`) are read as the model they hold,
/// compared with the versions around them, and refused with one message when they are no such file.
@Suite struct XcodeElementsParserTests {
    /// A library: an abstract item, a book under it, shelves holding books.
    static let library: [Xcode3Fixtures.Entity] = [
        .init(name: "Item", isAbstract: true, attributes: [.init(name: "title", type: 700, isOptional: false, defaultValue: "Untitled")]),
        .init(
            name: "Book", parent: "Item", renamingIdentifier: "Volume",
            attributes: [
                .init(name: "pages", type: 100, defaultValue: "0"),
                .init(name: "cover", type: 1800, transformer: "ImageTransformer"),
                .init(name: "added", type: 900, isOptional: false),
                .init(name: "summary", type: 700, isTransient: true, renamingIdentifier: "blurb"),
            ],
            relationships: [.init(name: "shelf", destination: "Shelf", inverse: "books", isOptional: false, minCount: 1, maxCount: 1)]),
        .init(
            name: "Shelf", attributes: [.init(name: "name", type: 700)],
            relationships: [.init(name: "books", destination: "Book", inverse: "shelf", isToMany: true, deleteRule: 2, maxCount: 0)]),
    ]

    /// The same library as Xcode writes it today.
    static let libraryXML = XcodeFixtures.contents("""
            <entity name="Book" representedClassName="Book" parentEntity="Item" elementID="Volume" syncable="YES">
                <attribute name="added" attributeType="Date" usesScalarValueType="NO" syncable="YES"/>
                <attribute name="cover" optional="YES" attributeType="Transformable" valueTransformerName="ImageTransformer" syncable="YES"/>
                <attribute name="pages" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES" syncable="YES"/>
                <attribute name="summary" optional="YES" transient="YES" attributeType="String" elementID="blurb" syncable="YES"/>
                <relationship name="shelf" maxCount="1" deletionRule="Nullify" destinationEntity="Shelf" inverseName="books" inverseEntity="Shelf" syncable="YES"/>
            </entity>
            <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
                <attribute name="title" attributeType="String" defaultValueString="Untitled" syncable="YES"/>
            </entity>
            <entity name="Shelf" representedClassName="Shelf" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String" syncable="YES"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book" inverseName="shelf" inverseEntity="Book" syncable="YES"/>
            </entity>
        """)

    @Test func aVersionSavedByXcode3IsTheModelItsXMLWouldBe() throws {
        let binary = try XcodeElementsParser.parse(Xcode3Fixtures.elements(Self.library), file: "Library.xcdatamodel/elements")
        let book = try #require(binary.entities.first { $0.name == "Book" })
        #expect(book.parent == "Item" && book.renamedFrom == "Volume")
        #expect(binary.entities.first { $0.name == "Item" }?.isAbstract == true)
        let pages = try #require(book.attribute(named: "pages"))
        #expect(pages.type == .int16 && pages.isOptional && pages.defaultValue == "0")
        #expect(book.attribute(named: "cover")?.transformer == "ImageTransformer")
        #expect(book.attribute(named: "added")?.isOptional == false)
        #expect(book.attribute(named: "summary").map { $0.isTransient && $0.renamedFrom == "blurb" } == true)
        let shelf = try #require(book.relationships.first { $0.name == "shelf" })
        #expect(shelf.destination == "Shelf" && shelf.inverse == "books" && !shelf.isToMany && !shelf.isOptional && shelf.maxCount == nil)
        let books = try #require(binary.entities.first { $0.name == "Shelf" }?.relationships.first)
        #expect(books.isToMany && books.deleteRule == .cascade && books.maxCount == nil && books.inverse == "shelf")
        // Every element at the file's start: a binary file has no lines.
        #expect(binary.location == SourceLocation(file: "Library.xcdatamodel/elements", line: 1, column: 1))
        #expect(book.location(of: pages) == binary.location)

        // All of it as the XML reader reads the same model (the YAML writer shows every property).
        let xml = try XcodeFixtures.parse(Self.libraryXML, file: "Library.xcdatamodel/contents")
        func rendered(_ entities: [Entity]) -> String {
            ModelYAMLWriter.render(ModelVersion(model: "Library", version: VersionNumber(ordinal: 1), format: .xcode, entities: entities, file: "x", location: SourceLocation(file: "x", line: 1, column: 1)))
        }
        #expect(rendered(binary.entities) == rendered(xml.entities.sorted { $0.name < $1.name }))
    }

    /// A bundle whose first version Xcode 3 saved: its steps are checked, each finding on the XML
    /// version it concerns, with the binary version named in its note.
    @Test func aBundleStartedInXcode3IsCheckedFromItsFirstVersion() throws {
        let folder = try TemporaryFolder()
        try folder.write(Xcode3Fixtures.elements(Self.library), to: "Library.xcdatamodeld/Library.xcdatamodel/elements")
        try folder.write("(diagram)", to: "Library.xcdatamodeld/Library.xcdatamodel/layout")
        // Version 2 turns the pages into text: lightweight migration cannot infer it.
        let second = Self.libraryXML.replacingOccurrences(of: "attributeType=\"Integer 16\" defaultValueString=\"0\"", with: "attributeType=\"String\"")
        try folder.write(second, to: "Library.xcdatamodeld/Library 2.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Library 2"), to: "Library.xcdatamodeld/.xccurrentversion")

        let run = try Executable.run(["--no-color", "."], in: folder.url)
        let pagesLine = try #require(XcodeFixtures.position(of: "<attribute name=\"pages\"", in: second)).line
        #expect(run.stdout.contains("Library.xcdatamodeld/Library 2.xcdatamodel/contents:\(pagesLine):"), "\(run.stdout)")
        #expect(run.stdout.contains("error: attribute 'Book.pages' changed type from int16 to string"), "\(run.stdout)")
        #expect(run.stdout.contains("note: 'Book.pages' as declared in Library (Library.xcdatamodeld/Library.xcdatamodel/elements:1:1)"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n") && run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("legacy-binary-version") && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
    }

    @Test func anElementsFileThatIsNoXcode3ModelIsOneErrorAtItsStart() throws {
        let folder = try TemporaryFolder()
        try folder.write("binary", to: "Library.xcdatamodeld/Library.xcdatamodel/elements")
        try folder.write(Self.libraryXML, to: "Library.xcdatamodeld/Library 2.xcdatamodel/contents")
        let run = try Executable.run(["."], in: folder.url)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("Library.xcdatamodeld/Library.xcdatamodel/elements:1:1: error: not a Core Data model in Xcode 3's format: the file is no keyed archive in a binary property list"), "\(run.stderr)")

        // A keyed archive of something else.
        let other = BinaryPlistWriter.write(.dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array([.string("$null"), .dictionary(["$class": .uid(2)]), .dictionary(["$classname": .string("NSColor")])]),
        ]))
        #expect(throws: InputError(file: "elements", line: 1, column: 1, message: "not a Core Data model in Xcode 3's format: its root object is a NSColor, not an XDPMModel")) {
            try XcodeElementsParser.parse(Data(other), file: "elements")
        }
    }
}

/// Binary property lists read object by object, whatever their objects refer to.
@Suite struct BinaryPropertyListTests {
    @Test func readsEveryKindOfObjectWritten() throws {
        let long = String(repeating: "x", count: 40)
        let bytes = BinaryPlistWriter.write(.dictionary([
            "short": .string("ab"), "long": .string(long), "wide": .string("Größe"), "number": .integer(-5),
            "flag": .boolean(true), "reference": .uid(7), "list": .array([.integer(1), .string("two")]),
        ]))
        let list = try #require(BinaryPropertyList(bytes))
        guard case .dictionary(let keys, let values)? = list.object(list.top) else { Issue.record("no dictionary at the top"); return }
        var read: [String: BinaryPropertyList.Object] = [:]
        for (key, value) in zip(keys, values) { read[try #require(list.string(key))] = list.object(value) }
        #expect(read["short"] == .string("ab") && read["long"] == .string(long) && read["wide"] == .string("Größe"))
        #expect(read["number"] == .integer(-5) && read["flag"] == .boolean(true) && read["reference"] == .uid(7))
        guard case .array(let members)? = read["list"] else { Issue.record("no array"); return }
        #expect(members.map { list.object($0) } == [.integer(1), .string("two")])
    }

    @Test func refusesWhatPointsOutsideItsBytes() throws {
        let bytes = BinaryPlistWriter.write(.array([.string("a"), .string("b")]))
        #expect(BinaryPropertyList(Array(bytes.dropLast(3))) == nil)
        #expect(BinaryPropertyList(Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40)) == nil)
        // An array whose member reference lies past the table: the array is unreadable, the list is not.
        var broken = bytes
        let table = Int(broken[broken.count - 1])
        let arrayOffset = Int(broken[table + 3])
        broken[arrayOffset + 4] = 0x7F
        let list = try #require(BinaryPropertyList(broken))
        #expect(list.object(list.top) == nil && list.string(1) == "a")
        // An array that holds itself is read as the index of its member, not followed.
        var cycle = bytes
        cycle[arrayOffset + 4] = 0
        let cyclic = try #require(BinaryPropertyList(cycle))
        #expect(cyclic.object(cyclic.top) == .array([0, 2]))
    }
}

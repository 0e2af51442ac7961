import Foundation
import Testing
@testable import SchemaLint

/// The Xcode reader's compacted parse (`CompactedXcodeContents`): the `<entity>` elements an
/// `EntityTextCache` knows are replaced by a placeholder before libxml2 runs. Whatever it reads must
/// be what a parse of the file's own bytes without a cache reads, locations included; where the two
/// could differ, the file's own bytes are parsed.
@Suite struct XcodeEntitySkipTests {
    static let item = """
        <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/>
            </entity>
        """
    static let tag = """
        <entity name="Tag" syncable="YES">
                <attribute name="label" attributeType="String" defaultValueString="étiquette"/>
            </entity>
        """

    /// The contents read without a cache: what every other read must give.
    static func plain(_ text: String, file: String = "B/contents") throws(InputError) -> XcodeContents {
        try XcodeContentsParser.parse(Data(text.utf8), file: file)
    }

    /// A cache that knows the entities of `earlier` (read as another version's file).
    static func cache(knowing earlier: String) throws -> EntityTextCache {
        let cache = EntityTextCache()
        _ = try XcodeContentsParser.parse(Data(earlier.utf8), file: "A/contents", entities: cache)
        return cache
    }

    /// The compacted parse of `text`, nil when the reader falls back to the file's own bytes.
    static func compacted(_ text: String, cache: EntityTextCache, file: String = "B/contents") -> XcodeContents? {
        Array(text.utf8).withUnsafeBytes { XcodeContentsParser.parseCompacted($0, file: file, entities: cache) }
    }

    /// The error a read of `text` with `cache` (none: without a cache) stops at, nil when it reads.
    static func error(_ text: String, cache: EntityTextCache? = nil) -> InputError? {
        do throws(InputError) {
            _ = try XcodeContentsParser.parse(Data(text.utf8), file: "B/contents", entities: cache)
            return nil
        } catch {
            return error
        }
    }

    /// A read of `text` with `cache` gives the contents, or the error, a read without a cache gives.
    static func expectReadsAsWithoutCache(_ text: String, cache: EntityTextCache, _ what: String,
                                          sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let withCache = Result { () throws(InputError) in try XcodeContentsParser.parse(Data(text.utf8), file: "B/contents", entities: cache) }
        switch (withCache, Result { () throws(InputError) in try plain(text) }) {
        case (.success(let read), .success(let expected)): expectSame(read, expected, what, sourceLocation: sourceLocation)
        case (.failure(let error), .failure(let expected)): #expect(error == expected, "\(what)", sourceLocation: sourceLocation)
        default: Issue.record("a read with the cache and one without disagree for \(what)", sourceLocation: sourceLocation)
        }
    }

    static func expectSame(_ read: XcodeContents, _ expected: XcodeContents, _ what: String = "",
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(read.entities == expected.entities, "\(what)", sourceLocation: sourceLocation)
        #expect(read.configurations == expected.configurations, "\(what)", sourceLocation: sourceLocation)
        #expect(read.location == expected.location, "\(what)", sourceLocation: sourceLocation)
        #expect(read.propertyLocations == expected.propertyLocations, "\(what)", sourceLocation: sourceLocation)
        #expect(read.usesCloudKit == expected.usesCloudKit, "\(what)", sourceLocation: sourceLocation)
    }

    /// Later versions that move the known entities, put text after `</entity>` on its line (a new
    /// entity, a configuration), write non-ASCII characters before it, or end lines with `\r\n`.
    static let laterVersions: [String] = [
        XcodeFixtures.contents("<entity name=\"New\" syncable=\"YES\"/>\n    \(item)\n    \(tag)"),
        XcodeFixtures.contents("\(tag)\n\n\n    \(item)"),
        XcodeFixtures.contents("\(item)<entity name=\"New\"><attribute name=\"a\" attributeType=\"Integer 16\"/></entity>\n    \(tag)"),
        XcodeFixtures.contents("\(item)\n    \(tag)  <configuration name=\"Cloud\" usedWithCloudKit=\"YES\"><memberEntity name=\"Tag\"/></configuration>"),
        XcodeFixtures.contents("<elements><element name=\"Ü\"/></elements>\(item)\n    \(tag)<entity name=\"New\"/>"),
        XcodeFixtures.contents("\(item)\n    \(tag)").replacingOccurrences(of: "\n", with: "\r\n"),
    ]

    @Test(arguments: laterVersions.indices)
    func aCompactedParseReadsWhatTheFileSays(_ index: Int) throws {
        let text = Self.laterVersions[index]
        let cache = try Self.cache(knowing: text)
        let compacted = try #require(Self.compacted(text, cache: cache))
        Self.expectSame(compacted, try Self.plain(text))
        let item = try #require(compacted.entities.first { $0.name == "Item" })
        // `\r\n` is one `Character`: the lines are found with `\n` alone (a `\r` ends its line, no column moves).
        let expected = try #require(XcodeFixtures.position(of: "<entity name=\"Item\"", in: text.replacingOccurrences(of: "\r\n", with: "\n")))
        #expect((item.location.line, item.location.column) == (expected.line, expected.column))
    }

    @Test func entitiesKnownFromAnotherVersionAreTakenAtTheirNewPlace() throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents("\(Self.item)\n    \(Self.tag)"))
        let text = XcodeFixtures.contents("<entity name=\"New\" syncable=\"YES\"/>\n    \(Self.tag)\n\n    \(Self.item)")
        let compacted = try #require(Self.compacted(text, cache: cache))
        Self.expectSame(compacted, try Self.plain(text))
        #expect(compacted.entities.map(\.name) == ["New", "Tag", "Item"])
        // The placeholder keeps the lines: the second known entity is found two lines below the first's end.
        #expect(compacted.entities[2].location.line == compacted.entities[1].location.line + 4)
    }

    /// The replaced bytes keep every line and column: the compacted text has the file's lines, and
    /// each placeholder starts where its entity did.
    @Test func theCompactedTextKeepsLinesAndColumns() throws {
        let text = XcodeFixtures.contents("\(Self.item)<entity name=\"After\"/>\n    \(Self.tag)")
        let cache = try Self.cache(knowing: text)
        let bytes = Array(text.utf8)
        let compacted = try #require(bytes.withUnsafeBytes { text in
            CompactedXcodeContents(text, file: "B/contents", cache: cache)
        })
        #expect(compacted.replacements.count == 2)
        let lines = String(decoding: compacted.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        let after = try #require(XcodeFixtures.position(of: "<entity name=\"After\"", in: text))
        #expect(lines[after.line - 1].dropFirst(after.column - 1).hasPrefix("<entity name=\"After\""))
        let item = try #require(XcodeFixtures.position(of: "<entity name=\"Item\"", in: text))
        #expect(lines[item.line - 1].dropFirst(item.column - 1).hasPrefix("<\(CompactedXcodeContents.placeholderName)/>"))
    }

    /// Errors after a skipped entity are the file's own, at their line and column: written out here.
    @Test func anErrorAfterAKnownEntityIsAtItsOwnPlace() throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents(Self.item))
        // Line 1 the declaration, 2 the <model> tag, 3-6 the entity, 7 the end tag that does not match.
        let text = XcodeFixtures.contents("\(Self.item)\n<entity name=\"Bad\"></model>")
        #expect(throws: InputError.self) { try Self.plain(text) }
        let error = try #require(Self.error(text, cache: cache))
        #expect(error == Self.error(text))
        #expect(error.line == 7)
        #expect(error.message.contains("closing tag does not match"))
        #expect(Self.compacted(text, cache: cache) == nil)
    }

    /// A duplicate entity, one of them known: the reader's error, with its note, as without a cache.
    @Test func aDuplicateOfAKnownEntityIsReportedAsWithoutTheCache() throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents(Self.item))
        let text = XcodeFixtures.contents("\(Self.item)\n    \(Self.item)")
        let error = try #require(Self.error(text, cache: cache))
        #expect(error == Self.error(text))
        #expect(error.message == "duplicate entity 'Item'")
        // The second entity: line 7 (after the declaration, the <model> tag and the first's four lines), column 5.
        #expect((error.line, error.column) == (7, 5))
    }

    /// Text before a known entity that changes what its bytes are: a comment, a CDATA section, a tag
    /// left open, a placeholder the user wrote. The file's own bytes are parsed, giving what a plain
    /// read gives (the entity inside a comment or CDATA is not an entity at all).
    @Test(arguments: [
        "<!--\n    \(item)\n    -->",
        "<![CDATA[\n    \(item)\n    ]]>",
        "<elements\n    \(item)",
        "<schemalintReusedEntity/>\n    \(item)",
        "\(item)\n    <schemalintReusedEntity/>",
        "<elements>\(item)</elements>",
    ])
    func textThatChangesAKnownEntityIsParsedFromTheFile(_ body: String) throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents(Self.item))
        let text = XcodeFixtures.contents(body)
        #expect(Self.compacted(text, cache: cache) == nil)
        Self.expectReadsAsWithoutCache(text, cache: cache, body)
    }

    /// Bytes that mean other text in another encoding are refused as in a plain read.
    @Test func aFileInAnotherEncodingIsRefusedAsWithoutTheCache() throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents(Self.item))
        let text = XcodeFixtures.contents(Self.item).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
        #expect(Self.compacted(text, cache: cache) == nil)
        let error = try #require(Self.error(text, cache: cache))
        #expect(error == Self.error(text))
        #expect(error.message.contains("ISO-8859-1"))
    }

    /// A document type can give elements default attributes: no cache is used at all.
    @Test func aDocumentTypeTurnsTheCacheOff() throws {
        let text = XcodeFixtures.contents(Self.item).replacingOccurrences(of: "<model ", with: "<!DOCTYPE model>\n<model ")
        let cache = try Self.cache(knowing: XcodeFixtures.contents(Self.item))
        #expect(Array(text.utf8).withUnsafeBytes { XcodeContentsParser.reusableEntities(cache, in: $0) } == nil)
        Self.expectSame(try XcodeContentsParser.parse(Data(text.utf8), file: "B/contents", entities: cache), try Self.plain(text))
    }

    /// An entity with a prefixed name depends on the namespaces its ancestors declare: remembered
    /// from a file whose `<model>` declares the prefix, it is not skipped in one that does not, where
    /// it is an error.
    @Test func anEntityWithAPrefixedNameIsNeverSkipped() throws {
        let item = Self.item.replacingOccurrences(of: "syncable=\"YES\">", with: "syncable=\"YES\" p:note=\"x\">")
        let declared = XcodeFixtures.contents(item).replacingOccurrences(of: "<model ", with: "<model xmlns:p=\"urn:note\" ")
        let cache = try Self.cache(knowing: declared)
        #expect(Self.compacted(declared, cache: cache) == nil)
        let undeclared = XcodeFixtures.contents(item)
        let error = try #require(Self.error(undeclared, cache: cache))
        #expect(error == Self.error(undeclared))
        #expect(error.message.contains("p"))
    }

    /// Later versions of `item` that change the entity itself (a new attribute before the known
    /// members, one after them, a changed tag, the members moved down or indented further, `\r\n`
    /// line ends, text after a member on its line): the members whose tags the cache knows are taken from it.
    static let changedItems: [String] = [
        item.replacingOccurrences(of: "syncable=\"YES\">", with: "syncable=\"YES\">\n        <attribute name=\"added\" attributeType=\"Date\"/>"),
        item.replacingOccurrences(of: "    </entity>", with: "        <attribute name=\"added\" attributeType=\"Date\"/>\n    </entity>"),
        item.replacingOccurrences(of: "attributeType=\"String\"", with: "attributeType=\"Binary\""),
        item.replacingOccurrences(of: "syncable=\"YES\">", with: "syncable=\"YES\" isAbstract=\"YES\">\n\n\n"),
        item.replacingOccurrences(of: "        <relationship", with: "            <relationship"),
        item.replacingOccurrences(of: "attributeType=\"String\"", with: "attributeType=\"Binary\"").replacingOccurrences(of: "\n", with: "\r\n"),
        item.replacingOccurrences(of: "destinationEntity=\"Tag\"/>", with: "destinationEntity=\"Tag\"/> <attribute name=\"b\" attributeType=\"Date\"/>"),
    ]

    @Test(arguments: changedItems.indices)
    func membersKnownFromAnotherVersionAreTakenInAChangedEntity(_ index: Int) throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents("\(Self.item)\n    \(Self.tag)"))
        let text = XcodeFixtures.contents("\(Self.changedItems[index])\n    \(Self.tag)")
        let contents = try #require(Array(text.utf8).withUnsafeBytes { CompactedXcodeContents($0, file: "B/contents", cache: cache) })
        let members = contents.replacements.filter { if case .member = $0.value { true } else { false } }
        #expect(!members.isEmpty, "\(Self.changedItems[index])")
        let compacted = try #require(Self.compacted(text, cache: cache))
        Self.expectSame(compacted, try Self.plain(text), Self.changedItems[index])
        // The changed entity is remembered by the file's bytes: a third version with it takes it whole.
        let again = try #require(Self.compacted(text, cache: cache))
        Self.expectSame(again, try Self.plain(text))
        #expect(Array(text.utf8).withUnsafeBytes { CompactedXcodeContents($0, file: "B/contents", cache: cache) }?.replacements
            .allSatisfy { if case .entity = $0.value { true } else { false } } == true)
    }

    /// A member tag is taken only at the column it was read at, and never when its text holds a `/>`
    /// inside a value, is not empty (its children may say anything), or has a namespace prefix.
    @Test func memberTagsThatCannotBeTakenAreRead() throws {
        let earlier = """
            <entity name="Item" syncable="YES">
                    <attribute name="a" attributeType="String" defaultValueString="x/>y"/>
                    <attribute name="b" attributeType="String"><userInfo><entry key="k" value="v"/></userInfo></attribute>
                    <attribute name="c" attributeType="String"/>
                    <attribute name="d" attributeType="String"/>
                </entity>
            """
        let cache = try Self.cache(knowing: XcodeFixtures.contents(earlier))
        let later = earlier
            .replacingOccurrences(of: "syncable=\"YES\">", with: "syncable=\"YES\">\n        <attribute name=\"new\" attributeType=\"Date\"/>")
            .replacingOccurrences(of: "        <attribute name=\"c\"", with: "          <attribute name=\"c\"")
        let text = XcodeFixtures.contents(later)
        let contents = try #require(Array(text.utf8).withUnsafeBytes { CompactedXcodeContents($0, file: "B/contents", cache: cache) })
        let taken: [String] = contents.replacements.compactMap {
            guard case .member(.attribute(let attribute), _) = $0.value else { return nil }
            return attribute.name
        }
        #expect(taken == ["d"])
        Self.expectSame(try #require(Self.compacted(text, cache: cache)), try Self.plain(text))
    }

    /// Found by the fuzzer: an `<entity>` tag inside an entity, so that the span found from it ends
    /// with the outer entity's `</entity>`. A member in that span is a child of the outer entity,
    /// not of the span's: its placeholder is not taken there (its line would be counted from the
    /// inner tag), and the file's own bytes are parsed.
    @Test func aMemberIsTakenOnlyInTheEntityItsSpanStartsWith() throws {
        let member = "<attribute name=\"b\" optional=\"YES\" attributeType=\"String\"/>"
        let cache = try Self.cache(knowing: XcodeFixtures.contents("<entity name=\"A\">\n        \(member)\n    </entity>"))
        let text = XcodeFixtures.contents("<entity name=\"A\">\n        <entity name=\"B\"/>\n        \(member)\n    </entity>")
        let members = try #require(cache.keepingMembersOnly() as EntityTextCache?)
        let contents = try #require(Array(text.utf8).withUnsafeBytes { CompactedXcodeContents($0, file: "B/contents", cache: members) })
        #expect(contents.replacements.count == 1)
        #expect(Self.compacted(text, cache: members) == nil)
        Self.expectSame(try XcodeContentsParser.parse(Data(text.utf8), file: "B/contents", entities: members), try Self.plain(text))
    }

    /// Xcode's layout section, which the reader does not read: its `<element .../>` tags libxml2
    /// accepted in an earlier version are left out of the compacted text, lines and columns kept.
    @Test func knownLayoutTagsAreLeftOut() throws {
        let layout = "<elements>\n        <element name=\"Item\" positionX=\"-63\" positionY=\"-18\" width=\"128\" height=\"74\"/>\n    </elements>"
        let cache = try Self.cache(knowing: XcodeFixtures.contents("\(Self.item)\n    \(layout)"))
        let moved = layout.replacingOccurrences(of: "<elements>", with: "<elements>\n        <element name=\"Tag\" positionX=\"9\" positionY=\"9\" width=\"128\" height=\"44\"/>")
        let text = XcodeFixtures.contents("\(Self.tag)\n    \(moved)")
        let compacted = try #require(Array(text.utf8).withUnsafeBytes { CompactedXcodeContents($0, file: "B/contents", cache: cache) })
        let written = String(decoding: compacted.bytes, as: UTF8.self)
        #expect(!written.contains("name=\"Item\" positionX"))
        #expect(written.contains("name=\"Tag\" positionX"))
        #expect(written.split(separator: "\n", omittingEmptySubsequences: false).count == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        Self.expectSame(try #require(Self.compacted(text, cache: cache)), try Self.plain(text))
    }

    /// Where leaving a known layout tag out could change whether the file is well formed, or what
    /// it holds: a section after the root element (an error either way), inside a comment, with a
    /// namespace prefix, or before the entities (not looked for there). Each reads as without a cache.
    @Test(arguments: [
        "\(item)\n    <elements><element name=\"Item\" width=\"128\"/></elements>\n</model>\n<elements><element name=\"Item\" width=\"128\"/></elements>\n<model>",
        "\(item)\n    <!-- <elements><element name=\"Item\" width=\"128\"/></elements> -->",
        "\(item)\n    <elements><element name=\"Item\" width=\"128\" p:x=\"1\"/></elements>",
        "<elements><element name=\"Item\" width=\"128\"/></elements>\n    \(item)",
    ])
    func layoutTagsLeftOutReadAsTheFile(_ body: String) throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents("\(Self.item)\n    <elements><element name=\"Item\" width=\"128\"/></elements>"))
        let text = XcodeFixtures.contents(body)
        Self.expectReadsAsWithoutCache(text, cache: cache, body)
    }

    /// A placeholder of a member written where no member was (the user wrote one), or a member
    /// placeholder the text around it moves out of its entity: the file's own bytes are parsed.
    @Test(arguments: [
        "<schemalintReusedMember/>\n    \(item)",
        "\(item.replacingOccurrences(of: "syncable=\"YES\">", with: "syncable=\"YES\"><schemalintReusedMember/>"))",
        "\(item.replacingOccurrences(of: "syncable=\"YES\">", with: "syncable=\"YES\"><![CDATA[x]]>"))",
    ])
    func aMemberPlaceholderOutOfPlaceFallsBackToTheFile(_ body: String) throws {
        let cache = try Self.cache(knowing: XcodeFixtures.contents(Self.item.replacingOccurrences(of: "Item", with: "Other")))
        let text = XcodeFixtures.contents(body)
        Self.expectReadsAsWithoutCache(text, cache: cache, body)
    }

    /// Every version of every bundle of the corpus, read in order with one cache per bundle (what a
    /// lint does), and each read again once all its entities are known (every span skipped that can
    /// be), and once with only its members known: the same contents as a read without a cache.
    @Test(.enabled(if: XcodeCorpusTests.exists, "needs ../shared/corpus/xcdatamodeld beside the project"),
          arguments: XcodeCorpusTests.manifest)
    func everyCorpusVersionReadsTheSameCompacted(entry: XcodeCorpusTests.Entry) throws {
        let cache = EntityTextCache()
        let files = try FileManager.default.contentsOfDirectory(atPath: entry.path)
            .filter { $0.hasSuffix(".xcdatamodel") }.sorted(by: NaturalOrder.precedes)
            .map { (entry.path as NSString).appendingPathComponent("\($0)/contents") }
            .filter { FileManager.default.fileExists(atPath: $0) }
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let expected = try XcodeContentsParser.parse(data, file: file)
            Self.expectSame(try XcodeContentsParser.parse(data, file: file, entities: cache), expected, file)
            let (spans, compacted) = data.withUnsafeBytes { text in
                (XcodeEntitySpans.all(in: text), XcodeContentsParser.parseCompacted(text, file: file, entities: cache))
            }
            if spans.isEmpty { continue }
            let read = try #require(compacted, "\(file): not compacted")
            Self.expectSame(read, expected, file)
            // Every entity changed, every member tag known: each is taken from the cache in place.
            let members = cache.keepingMembersOnly()
            if let read = data.withUnsafeBytes({ XcodeContentsParser.parseCompacted($0, file: file, entities: members) }) {
                Self.expectSame(read, expected, "\(file), members only")
            }
        }
    }
}

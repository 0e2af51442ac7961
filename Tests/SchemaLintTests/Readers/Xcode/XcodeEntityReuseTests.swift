import Foundation
import Testing
@testable import SchemaLint

/// Which `<entity>` elements the Xcode reader takes from an `EntityTextCache` (the same value, its
/// members' storage shared) and which it reads again: text that could hide where the element ends
/// or what it holds is never reused.
@Suite struct XcodeEntityReuseTests {
    static func item(_ inside: String = "", title: String = #"<attribute name="title" optional="YES" attributeType="String"/>"#) -> String {
        """
        <entity name="Item" syncable="YES">
            \(title)
            <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item"/>\(inside)
        </entity>
        """
    }

    /// The entity `Item` of two versions read one after the other with one cache.
    func readTwice(_ first: String, _ second: String) throws -> (first: Entity, second: Entity) {
        let cache = EntityTextCache()
        let older = try XcodeModelReader.parse(Data(XcodeFixtures.contents(first).utf8), file: "A/contents", model: "M", entities: cache)
        let newer = try XcodeModelReader.parse(Data(XcodeFixtures.contents(second).utf8), file: "B/contents", model: "M", entities: cache)
        return (try #require(older.entity(named: "Item")), try #require(newer.entity(named: "Item")))
    }

    @Test func anEntityWrittenTheSameWayIsReusedAtItsNewPlace() throws {
        let (first, second) = try readTwice(Self.item(), "<entity name=\"Other\"/>\n" + Self.item())
        #expect(second.hasSameMembers(as: first))
        #expect(second.location.file == "B/contents")
        #expect(second.location.line == first.location.line + 1)
        #expect(second.location(of: second.attributes[0]).line == first.location(of: first.attributes[0]).line + 1)
    }

    @Test func anEntityWrittenDifferentlyIsReadAgain() throws {
        let (first, second) = try readTwice(Self.item(), Self.item(title: #"<attribute name="title" attributeType="String"/>"#))
        #expect(!second.hasSameMembers(as: first))
        #expect(second.attributes[0].isOptional == false)
    }

    /// Markup libxml2 reads differently from what a byte comparison sees: a comment (one holding
    /// the end tag), a CDATA section, a processing instruction. Both versions write the same text.
    @Test(arguments: ["<!-- a note -->", "<!-- </entity> -->", "<![CDATA[ x ]]>", "<?note x?>"])
    func anEntityWithHiddenMarkupIsReadAgain(_ markup: String) throws {
        let text = Self.item("\n    " + markup)
        let (first, second) = try readTwice(text, text)
        #expect(!second.hasSameMembers(as: first))
        #expect(second.attributes == first.attributes)
        #expect(second.relationships == first.relationships)
    }

    /// `<entity` escaped in an attribute value is not markup: the element is reused.
    @Test func anEscapedEntityTagInAValueDoesNotStopReuse() throws {
        let title = #"<attribute name="title" optional="YES" attributeType="String" defaultValueString="&lt;entity name=&quot;X&quot;&gt;&lt;/entity&gt;"/>"#
        let (first, second) = try readTwice(Self.item(title: title), "\n" + Self.item(title: title))
        #expect(second.hasSameMembers(as: first))
        #expect(second.attributes[0].defaultValue == #"<entity name="X"></entity>"#)
    }
}

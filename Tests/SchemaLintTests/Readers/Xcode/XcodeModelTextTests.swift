import Foundation
import Testing
import SchemaLintXcode

/// What two saves of a model file have in common: Xcode rewrites the `<model>` tag (the Xcode and
/// system that saved it) and the diagram's `<elements>` on every save, and editors change spaces
/// and line ends; none of that is the model. Everything else is.
@Suite struct XcodeModelTextTests {
    static func file(model: String = #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="21754" systemVersion="22F82" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#,
                     attribute: String = #"<attribute name="title" optional="YES" attributeType="String"/>"#,
                     elements: String? = #"<elements><element name="Note" positionX="-63" positionY="-18" width="128" height="44"/></elements>"#,
                     indent: String = "    ") -> Data {
        let lines = [
            #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
            model,
            indent + #"<entity name="Note" representedClassName="Note" syncable="YES" codeGenerationType="class">"#,
            indent + indent + attribute,
            indent + "</entity>",
        ] + (elements.map { [indent + $0] } ?? []) + ["</model>", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    @Test func aResaveIsTheSameText() {
        let original = XcodeModelText.comparable(Self.file())
        let resaved = XcodeModelText.comparable(Self.file(
            model: #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23231" systemVersion="24A335" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">"#,
            elements: #"<elements><element name="Note" positionX="10" positionY="200" width="128" height="58"/></elements>"#,
            indent: "\t"
        ))
        #expect(original == resaved)
        #expect(XcodeModelText.comparable(Self.file(elements: nil)) == original)
        let text = String(decoding: original, as: UTF8.self)
        #expect(text.contains(#"<entityname="Note"representedClassName="Note""#), "\(text)")
        #expect(!text.contains("lastSavedToolsVersion") && !text.contains("positionX"), "\(text)")
        #expect(text.hasSuffix("</entity></model>"), "\(text)")
    }

    @Test func aChangedAttributeIsADifferentText() {
        let original = XcodeModelText.comparable(Self.file())
        #expect(XcodeModelText.comparable(Self.file(attribute: #"<attribute name="title" optional="NO" attributeType="String"/>"#)) != original)
        #expect(XcodeModelText.comparable(Self.file(attribute: #"<attribute name="title" optional="YES" attributeType="Date"/>"#)) != original)
    }

    /// An `<elements` with no end is kept, as is all of a file with no `<model` tag: only what
    /// Xcode rewrites is left out, and a file cut short is not that.
    @Test func unclosedTagsAreKept() {
        let cut = Data(#"<model a="1"><entity name="Note"/><elements><element name="Note"/>"#.utf8)
        #expect(String(decoding: XcodeModelText.comparable(cut), as: UTF8.self) == #"<entityname="Note"/><elements><elementname="Note"/>"#)
        let bare = Data("<entity name=\"Note\"/>\n".utf8)
        #expect(String(decoding: XcodeModelText.comparable(bare), as: UTF8.self) == #"<entityname="Note"/>"#)
        #expect(XcodeModelText.comparable(Data()).isEmpty)
    }
}

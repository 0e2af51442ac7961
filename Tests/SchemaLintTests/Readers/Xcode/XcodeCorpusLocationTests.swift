import Foundation
import Testing
@testable import SchemaLint

/// Where the reader says each model property is written, checked against the text of every real
/// `contents` file: the locations are the parts of a finding's position the reader decides.
@Suite struct XcodeCorpusLocationTests {
    /// The text of one file, addressed by line and character column.
    struct Text {
        static let attributeName = try! NSRegularExpression(pattern: #"\s([A-Za-z_:][\w.:-]*)\s*="#)
        let lines: [Substring]
        init(_ text: String) { lines = text.split(separator: "\n", omittingEmptySubsequences: false) }

        func at(_ location: SchemaLint.SourceLocation) -> Substring {
            let line = lines[location.line - 1]
            return line[line.index(line.startIndex, offsetBy: location.column - 1)...]
        }

        /// The XML attribute names written in the start tag at `location` (a tag may span lines).
        func attributeNames(ofTagAt location: SchemaLint.SourceLocation) -> [String] {
            var tag = ""
            var line = location.line
            var rest = at(location)
            while !rest.contains(">") && line < lines.count {
                tag += rest + "\n"
                rest = lines[line][...]
                line += 1
            }
            tag += rest.prefix { $0 != ">" }
            return Self.attributeName.matches(in: tag, range: NSRange(tag.startIndex..., in: tag)).map {
                String(tag[Range($0.range(at: 1), in: tag)!])
            }
        }
    }

    /// Positions relative to `entity` as positions in its file.
    static func inFile(_ properties: RelativePropertyLocations, of entity: Entity) -> PropertyLocations {
        var result = PropertyLocations()
        for (property, place) in properties { result[property] = entity.location(at: place) }
        return result
    }

    /// Each located property is at the name of an XML attribute that writes it, and each XML attribute
    /// that writes a property the reader knows gives that property a location.
    static func check(_ element: String, at location: SchemaLint.SourceLocation, properties: PropertyLocations,
                      in text: Text, _ what: String) {
        let kind = try! #require(XcodeElementName.allCases.first { String(describing: $0) == element })
        let keys = XcodeElementMapper.propertyKeys(forElement: kind)
        #expect(text.at(location).hasPrefix("<\(element)"), "\(what)")
        for (property, place) in properties where property != "uniqueness" {
            let written = text.at(place)
            let names = keys.filter { $0.property == property }.map(\.xml.xmlName)
            #expect(names.contains { written.hasPrefix("\($0)=") || written.hasPrefix("\($0) ") }, "\(what): \(property) at \(place) is '\(written.prefix(30))'")
        }
        for name in text.attributeNames(ofTagAt: location) {
            guard let key = keys.first(where: { $0.xml.xmlName == name }) else { continue }
            #expect(properties[key.property] != nil, "\(what): \(name) written but \(key.property) not located")
        }
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, "needs ../shared/corpus beside the project"), arguments: XcodeCorpusTests.manifest)
    func everyPropertyIsLocatedAtItsXMLAttribute(entry: XcodeCorpusTests.Entry) throws {
        for version in try XcodeBundleLoader.load(entry.path).versions {
            let text = Text(try String(contentsOfFile: version.file, encoding: .utf8))
            Self.check("model", at: version.location, properties: version.propertyLocations, in: text, version.label)
            for entity in version.entities {
                let what = "\(version.label) \(entity.name)"
                Self.check("entity", at: entity.location, properties: Self.inFile(entity.propertyLocations, of: entity), in: text, what)
                if entity.propertyLocations["uniqueness"] != nil {
                    #expect(text.at(entity.location(of: "uniqueness")).hasPrefix("<uniquenessConstraints"), "\(what)")
                }
                for attribute in entity.attributes {
                    Self.check("attribute", at: entity.location(of: attribute), properties: Self.inFile(attribute.propertyLocations, of: entity), in: text, "\(what).\(attribute.name)")
                }
                for relationship in entity.relationships {
                    Self.check("relationship", at: entity.location(of: relationship), properties: Self.inFile(relationship.propertyLocations, of: entity), in: text, "\(what).\(relationship.name)")
                }
            }
        }
    }
}

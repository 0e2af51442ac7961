import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintReport

@Suite struct ReporterSupportTests {
    // MARK: JSONValue

    @Test func jsonPrettyPrintingIsExactAndKeepsMemberOrder() {
        let value: JSONValue = [
            "z": 1, "a": [true, false, .null], "empty": [], "nested": ["k": "v"], "none": .object([]),
        ]
        #expect(value.rendered() == """
            {
              "z": 1,
              "a": [
                true,
                false,
                null
              ],
              "empty": [],
              "nested": {
                "k": "v"
              },
              "none": {}
            }
            """)
        #expect(value.rendered(.compact) == #"{"z":1,"a":[true,false,null],"empty":[],"nested":{"k":"v"},"none":{}}"#)
    }

    @Test func jsonSortingKeysAndOmittingNils() {
        let sorted = JSONValue(sortingKeys: ["b": 2, "a": 1, "é": 3, "B": 0])
        #expect(sorted.rendered(.compact) == #"{"B":0,"a":1,"b":2,"é":3}"#)
        let optional: String? = nil
        let value = JSONValue.object(omittingNils: ["x": 1, "gone": optional.map(JSONValue.string), "y": .strings(["s"])])
        #expect(value.rendered(.compact) == #"{"x":1,"y":["s"]}"#)
    }

    @Test(arguments: [
        "plain", "quote \" backslash \\ slash /", "newline\n cr\r tab\t", "nul \u{0} bell \u{7} esc \u{1B} del \u{7F}",
        "ünïcödé 🚀 👩‍👩‍👧 \u{2028}\u{2029}", "", "%:,|<&>'",
    ])
    func jsonStringsRoundTripThroughFoundation(text: String) throws {
        let document = JSONValue.array([.string(text), ["key \(text)": .string(text)]]).rendered()
        let parsed = try #require(try ReporterFixtures.parseJSON(document) as? [Any])
        #expect(parsed[0] as? String == text)
        #expect((parsed[1] as? [String: String])?["key \(text)"] == text)
    }

    @Test func jsonEscapesControlCharactersAsShortOrUnicodeEscapes() {
        #expect(JSONEscaping.quoted("a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{2028}é") ==
            #""a\"b\\c\n\r\t\b\f\u0001\u001f\u2028é""#)
        #expect(JSONValue.integer(-42).rendered() == "-42")
    }

    /// The escaper copies what needs no escape in runs; scalar by scalar, the same text must come out.
    @Test func jsonEscapingMatchesAnEscapeOfEachScalar() {
        func reference(_ text: String) -> String {
            var output = "\""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: output += "\\\""
                case 0x5C: output += "\\\\"
                case 0x0A: output += "\\n"
                case 0x0D: output += "\\r"
                case 0x09: output += "\\t"
                case 0x08: output += "\\b"
                case 0x0C: output += "\\f"
                case 0x00...0x1F, 0x2028, 0x2029: output += String(format: "\\u%04x", scalar.value)
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output + "\""
        }
        let pieces = ["a", "\"", "\\", "\n", "\r\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "€", "𝄞", "🇫🇷", " ", "x\u{E2}"]
        // Every sequence of up to three pieces.
        var texts = ["", "plain text without escapes"] + pieces
        for first in pieces {
            for second in pieces {
                texts.append(first + second)
                for third in pieces { texts.append(first + second + third) }
            }
        }
        for text in texts {
            #expect(JSONEscaping.quoted(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func sarifMessageTextEscapesBackslashesAndBrackets() {
        #expect(SARIFReporter.escapedMessageText("plain 'Entity.name' text") == "plain 'Entity.name' text")
        #expect(SARIFReporter.escapedMessageText(#"a [link](0) and C:\path\ ü"#) == #"a \[link\](0) and C:\\path\\ ü"#)
        #expect(SARIFReporter.escapedMessageText("]é[") == #"\]é\["#)
    }

    // MARK: StableHash and Fingerprints

    @Test func stableHashMatchesFNV1aTestVectors() {
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
        #expect(StableHash.hex("a") == "af63dc4c8601ec8c")
        #expect(StableHash.hex("ünïcödé").count == 16)
    }

    @Test func fingerprintsAreTheIdentityHashAndUniqueWithinAResult() throws {
        let findings = ReporterFixtures.result.findings
        let fingerprints = Fingerprints.of(findings)
        #expect(Set(fingerprints).count == findings.count)
        let first = try #require(findings.firstIndex(of: ReporterFixtures.removed))
        let again = try #require(findings.firstIndex(of: ReporterFixtures.removedAgain))
        #expect(ReporterFixtures.removed.identity == ReporterFixtures.removedAgain.identity)
        #expect(fingerprints[first] == StableHash.hex(ReporterFixtures.removed.identity))
        #expect(fingerprints[again] == StableHash.hex(ReporterFixtures.removed.identity + "\n1"))
        #expect(Fingerprints.of(findings) == fingerprints)
    }

    // MARK: Escaping

    @Test func xmlEscapingCoversMarkupQuotesAndForbiddenCharacters() {
        #expect(XMLEscaping.text("a & b < c > d \" e ' f") == "a &amp; b &lt; c &gt; d &quot; e &apos; f")
        #expect(XMLEscaping.text("x\ny\tz\r") == "x\ny\tz&#13;")
        #expect(XMLEscaping.attribute("x\ny\tz\r") == "x&#10;y&#9;z&#13;")
        #expect(XMLEscaping.text("\u{0}\u{1}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF}ok") == String(repeating: "\u{FFFD}", count: 7) + "ok")
        #expect(XMLEscaping.text("ü 🚀") == "ü 🚀")
    }

    @Test func markdownInlineEscapingKeepsOneLineAndShowsPunctuationLiterally() {
        #expect(MarkdownEscaping.inline("a|b\nc\r\nd\re") == #"a\|b<br>c<br>d<br>e"#)
        #expect(MarkdownEscaping.inline("x\u{1}y\tz\u{7F}") == "x\u{FFFD}y\tz\u{FFFD}")
        #expect(MarkdownEscaping.inline("*x* _y_ `z` [l](u) <b> &amp; #1 ~s~ \\") ==
            ##"\*x\* \_y\_ \`z\` \[l\](u) \<b\> \&amp; \#1 \~s\~ \\"##)
    }

    @Test func artifactURIsArePercentEncodedRelativeReferences() throws {
        let spaced = ArtifactURI(path: "models/notes dir/v3 ü,x:y.yaml")
        #expect(spaced.uri == "models/notes%20dir/v3%20%C3%BC%2Cx%3Ay.yaml")
        #expect(spaced.baseID == "%SRCROOT%")
        #expect(ArtifactURI(path: "./././a/b.yaml").uri == "a/b.yaml")
        #expect(ArtifactURI(path: "C:100%.yaml").uri == "C%3A100%25.yaml")
        let absolute = ArtifactURI(path: "/srv/app/x y.yaml")
        #expect(absolute.uri == "file:///srv/app/x%20y.yaml")
        #expect(absolute.baseID == nil)
        // Normalized: `.` and `..` resolved; absolute paths inside the source root made relative.
        #expect(ArtifactURI(path: "examples/../examples/notes/./v2.yaml").uri == "examples/notes/v2.yaml")
        #expect(ArtifactURI(path: "../shared/x.yaml").uri == "../shared/x.yaml")
        let inside = ArtifactURI(path: "/srv/app/models/../m/v1.yaml", sourceRoot: "/srv/app/")
        #expect(inside.uri == "m/v1.yaml")
        #expect(inside.baseID == "%SRCROOT%")
        let outside = ArtifactURI(path: "/srv/application/v1.yaml", sourceRoot: "/srv/app")
        #expect(outside.uri == "file:///srv/application/v1.yaml")
        #expect(outside.baseID == nil)
        #expect(ArtifactURI.sourceRootURI("/srv/my app") == "file:///srv/my%20app/")
        let url = try #require(URL(string: spaced.uri))
        #expect(url.scheme == nil)
        #expect(url.path == "models/notes dir/v3 ü,x:y.yaml")
    }
}

import Testing
@testable import SchemaLint

@Suite struct DefaultValueTests {
    @Test(arguments: [
        ("0", AttributeType.double, "0"), ("0.0", .double, "0"), ("00", .double, "0"), ("2.5", .float, "2.5"),
        ("007", .int16, "7"), ("+3", .int32, "3"), ("YES", .boolean, "true"), ("false", .boolean, "false"),
        ("2001-01-01T00:01:00Z", .date, "60"), ("-978307200", .date, "-978307200"),
        ("a3bb189e-8bf9-3888-9912-ace4e6543002", .uuid, "A3BB189E-8BF9-3888-9912-ACE4E6543002"),
        ("", .string, ""), (" padded ", .string, " padded "),
    ] as [(String, AttributeType, String)])
    func canonicalFormsCompareByValue(text: String, type: AttributeType, expected: String) {
        #expect(DefaultValue.canonical(text, for: type) == expected)
    }

    @Test(arguments: [("40000", AttributeType.int16), ("many", .int32), ("1.5", .int64), ("maybe", .boolean), ("x", .double), ("x", .binary), ("nope", .uuid)]
        as [(String, AttributeType)])
    func invalidValuesHaveNoCanonicalForm(text: String, type: AttributeType) {
        #expect(DefaultValue.canonical(text, for: type) == nil)
    }

    /// Xcode saves values such as `NO` on an Integer 32; Foundation reads them like NSString's accessors.
    @Test(arguments: [
        ("0.0", AttributeType.int16, "0"), ("NO", .int32, "0"), ("12abc", .int64, "12"), ("-4.7", .int16, "-4"),
        ("1.5x", .double, "1.5"), ("junk", .float, "0"), ("Yes", .boolean, "true"), ("5", .boolean, "true"), ("no", .boolean, "false"),
    ] as [(String, AttributeType, String?)])
    func lenientReadingFollowsFoundation(text: String, type: AttributeType, expected: String?) {
        #expect(DefaultValue.lenient(text, for: type) == expected)
    }
}

import Testing
import SchemaLintCore

/// What code says outside its comments: a word in a comment is not the code's.
@Suite struct CodeOutsideCommentsTests {
    static let save = ByteSearch.Words([Array("save".utf8)])

    static func says(_ code: String, nested: Bool) -> Bool {
        CodeOutsideComments.containsAny(save, in: Array(code.utf8), nested: nested)
    }

    @Test func wordsInCommentsAreLeftOut() {
        #expect(!Self.says("- (void)applicationDidEnterBackground:(UIApplication *)application {\n    // save user data\n}\n", nested: false))
        #expect(!Self.says("/* save\n   on exit */ int x;", nested: false))
        #expect(Self.says("[context save:&error]; // and log", nested: false))
        #expect(Self.says("try context.save()", nested: true))
    }

    @Test func stringsAreCodeAndTheirSlashesOpenNoComment() {
        #expect(Self.says("let title = \"save\"", nested: true))
        #expect(Self.says("NSString *url = @\"http://example.com\"; [moc save:nil];", nested: false))
    }

    @Test func swiftNestsBlockCommentsAndObjectiveCEndsOneAtTheFirstClose() {
        // In Swift the first `*/` closes only the inner comment; in Objective-C it closes the
        // comment, and what follows is code.
        let text = "/* outer /* inner */ save */ x"
        #expect(!Self.says(text, nested: true))
        #expect(Self.says(text, nested: false))
        // An Objective-C character literal holding a quote opens no string.
        #expect(Self.says("char c = '\"'; [moc save:nil]; // \"", nested: false))
    }
}

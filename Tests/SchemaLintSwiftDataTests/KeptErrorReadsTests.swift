import Testing
import SchemaLintCore
@testable import SchemaLintStoreCode

/// Whether any file reads the name a load failure was kept in (then the failure is handled there).
@Suite struct KeptErrorReadsTests {
    static func isRead(_ name: String, _ texts: String...) -> Bool {
        SwiftStoreCodeReader.isRead(name, in: texts.enumerated().map { ("File\($0.offset).swift", Array($0.element.utf8)) })
    }

    @Test func declarationsAndAssignmentsAreNoReads() {
        #expect(!Self.isRead("setupError", "private(set) var setupError: Error?\nsetupError = failure\nself.setupError = nil\n"))
        #expect(!Self.isRead("setupError", "let setupErrorText = 1\nvar mySetupError = 2\n"), "other names")
    }

    @Test func usesAreReads() {
        #expect(Self.isRead("setupError", "var setupError: Error?\n", "if let error = stack.setupError { show(error) }\n"))
        #expect(Self.isRead("setupError", "var setupError: Error?\n", "if let setupError { Text(setupError.localizedDescription) }\n"))
        #expect(Self.isRead("setupError", "var setupError: Error?\n", "guard let setupError else { return }\n"))
        #expect(Self.isRead("setupError", "var setupError: Error?\n", "if setupError == nil { go() }\n"))
        #expect(Self.isRead("setupError", "@Published var setupError: Error?\n", "view.alert(isPresented: $setupError.isPresent)\n"))
    }
}

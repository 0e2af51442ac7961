import Foundation
import Testing
@testable import SchemaLint

/// The key that tells whether a finding against an older release is one the element already had
/// blanks the release's name in the message; it does so without Foundation, as Foundation's
/// `replacingOccurrences` does with `.literal` (byte for byte: a name in another Unicode
/// normalization is not the same name, which a key only ever compares with keys made the same way).
@Suite struct FindingKeyTests {
    @Test(arguments: [
        ("1", "attribute 'Entity18.churn' changed its default from '0' to '1'; apps still on version 1 keep creating records"),
        ("98", "found against version 98 and 198 and 980"),
        ("aa", "aaaaa"),
        ("aa", "a"),
        ("v2", "no match at all"),
        ("", "an empty name changes nothing"),
        ("2.1 (Ünïcödé)", "release 2.1 (Ünïcödé) and 2.1 (Ünïcödé)."),
        ("é", "café, cafe\u{301}, é"),
        ("x", ""),
        ("end", "the end"),
        ("the", "the start"),
    ])
    func blankingDoesWhatReplacingOccurrencesDid(name: String, text: String) {
        #expect(HistoryPass.blanking(name, in: text) == text.replacingOccurrences(of: name, with: "\u{0}", options: .literal))
    }

    @Test func blankingLeavesTheTextAloneWhenTheNameIsAbsent() {
        #expect(HistoryPass.blanking("version 3", in: "version 2 and version 4") == "version 2 and version 4")
        #expect(HistoryPass.blanking("4", in: "version 2 and version 4") == "version 2 and version \u{0}")
    }
}

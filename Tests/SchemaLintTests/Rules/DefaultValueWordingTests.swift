import Testing
import SchemaLintCore
@testable import SchemaLint
@testable import SchemaLintRules

/// How a changed default is shown: as written, and for a date also the moment Core Data's
/// seconds since 2001-01-01 name.
struct DefaultValueWordingTests {
    @Test func aDateDefaultNamesItsMoment() {
        #expect(PropertyChangeRule.quoted("665122680", type: .date) == "'665122680' (2022-01-29 04:18:00 UTC)")
        #expect(PropertyChangeRule.quoted("-978285600", type: .date) == "'-978285600' (1970-01-01 06:00:00 UTC)")
        #expect(PropertyChangeRule.quoted("665122680", type: .int64) == "'665122680'")
        #expect(PropertyChangeRule.quoted("now", type: .date) == "'now'")
        #expect(PropertyChangeRule.quoted(nil, type: .date) == "none")
    }
}

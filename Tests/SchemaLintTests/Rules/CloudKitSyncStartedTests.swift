import Testing
@testable import SchemaLint

/// `cloudkit-sync-started` names the record types the first sync uploads.
@Suite struct CloudKitSyncStartedTests {
    static func version(_ number: Int, cloudKit: Bool) -> String {
        """
        model: Calc
        version: \(number)
        cloudkit: \(cloudKit)
        entities:
          PastObject:
            abstract: true
            attributes: {date: {type: date, optional: true}}
          PastCalculation:
            parent: PastObject
            attributes: {text: {type: string, optional: true}}
          Setting:
            attributes: {name: {type: string, optional: true}}
        """
    }

    /// A subentity's records are its root entity's record type: it names no type of its own.
    @Test func aSubentityIsNamedByItsRootsRecordType() throws {
        let findings = try Lint.findings([Self.version(1, cloudKit: false), Self.version(2, cloudKit: true)]).filter { $0.ruleID == "cloudkit-sync-started" }
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("the record types (CD_PastObject and CD_Setting) must be in the CloudKit production environment") == true, "\(findings.map(\.message))")
    }
}

import Testing
@testable import SchemaLint

/// The catalog sorts each rule into the list of its kind without casting: every rule lands in the
/// lists of exactly the kinds it conforms to, as a cast to each kind would find, in the order the
/// catalog lists the rules.
@Suite struct RuleCatalogTests {
    @Test func eachRuleIsInTheListOfItsKind() {
        let catalog = RuleCatalog.standard
        func ids(_ rules: [any Rule]) -> [String] { rules.map(\.descriptor.id) }
        #expect(ids(catalog.changeRules) == ids(catalog.rules.compactMap { $0 as? any ChangeRule }))
        #expect(ids(catalog.versionRules) == ids(catalog.rules.compactMap { $0 as? any VersionRule }))
        #expect(ids(catalog.historyRules) == ids(catalog.rules.compactMap { $0 as? any HistoryRule }))
        #expect(ids(catalog.bundleRules) == ids(catalog.rules.compactMap { $0 as? any BundleRule }))
        #expect(ids(catalog.mappingModelRules) == ids(catalog.rules.compactMap { $0 as? any MappingModelRule }))
        #expect(ids(catalog.storeCodeRules) == ids(catalog.rules.compactMap { $0 as? any StoreCodeRule }))
        let sorted = catalog.changeRules.count + catalog.versionRules.count + catalog.historyRules.count + catalog.bundleRules.count
            + catalog.mappingModelRules.count + catalog.storeCodeRules.count
        #expect(sorted == catalog.rules.count, "every rule of the catalog is of one kind")
        #expect(!catalog.changeRules.isEmpty && !catalog.storeCodeRules.isEmpty)
    }
}

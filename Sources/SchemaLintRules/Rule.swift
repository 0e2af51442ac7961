import SchemaLintCore

/// Every rule of schemalint: what it is (`descriptor`: its id, category, severities and summary;
/// its page `rules/<id>.md` carries the rationale and the examples that run as tests). What a rule
/// looks at decides its kind, each a protocol that refines this one and says what the linter hands
/// it:
/// - `ChangeRule`: one typed change between a version and its baseline;
/// - `VersionRule`: one version on its own (CloudKit's requirements on a synced model);
/// - `HistoryRule`: a whole history (released versions, migration paths, the production schema);
/// - `BundleRule`: an Xcode model bundle as a whole;
/// - `MappingModelRule`: a Core Data mapping model and the step it migrates;
/// - `StoreCodeRule`: the app code that opens, protects, moves and deletes stores.
/// `RuleCatalog.standard` lists every rule once; the linter asks each kind for its own.
package protocol Rule: Sendable {
    var descriptor: RuleDescriptor { get }
    /// Adds the rule to the list of its kind. Each kind answers for its rules, so the catalog
    /// sorts them without asking at run time which protocols each conforms to: those casts (a
    /// conformance lookup each) cost more than a lint of a small model.
    func add(to kinds: inout RuleKinds)
}

extension Rule {
    /// A rule of no kind the linter hands anything to.
    package func add(to kinds: inout RuleKinds) {}
}

/// The rules of each kind, as the linter hands them what they look at.
package struct RuleKinds: Sendable {
    package var change: [any ChangeRule] = []
    package var version: [any VersionRule] = []
    package var history: [any HistoryRule] = []
    package var bundle: [any BundleRule] = []
    package var mappingModel: [any MappingModelRule] = []
    package var storeCode: [any StoreCodeRule] = []

    package init() {}
}

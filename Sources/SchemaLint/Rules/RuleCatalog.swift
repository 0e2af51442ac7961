/// The set of rules a lint runs, and their descriptors by id.
public struct RuleCatalog: Sendable {
    public let changeRules: [any ChangeRule]
    public let versionRules: [any VersionRule]
    public let historyRules: [any HistoryRule]
    public let bundleRules: [any BundleRule]

    public init(
        changeRules: [any ChangeRule], versionRules: [any VersionRule] = [], historyRules: [any HistoryRule] = [],
        bundleRules: [any BundleRule] = []
    ) {
        self.changeRules = changeRules
        self.versionRules = versionRules
        self.historyRules = historyRules
        self.bundleRules = bundleRules
    }

    /// Every rule schemalint has.
    public static let standard = RuleCatalog(changeRules: [
        ElementRemovedRule.entity, ElementRemovedRule.attribute, ElementRemovedRule.relationship,
        ElementRenamedRule.entity, ElementRenamedRule.attribute, ElementRenamedRule.relationship,
        AttributeTypeChangedRule(),
        RelationshipDestinationChangedRule(),
        RelationshipCardinalityChangedRule(),
        EntityParentChangedRule(),
        AttributeRequiredWithoutDefaultRule(),
    ] + PropertyChangeRule.all + [
        DeleteRuleChangedRule(),
        UniquenessChangedRule(),
        HierarchyMergeRule(),
        EntityMovedBetweenConfigurationsRule(),
        ElementAddedRule(),
        DeprecatedElementRemovedRule(),
    ], versionRules: CloudKitModelRules.all, historyRules: [
        NameReusedRule(),
        MigrationPathRule(),
        ReleasedVersionLockRule.modified,
        ReleasedVersionLockRule.removed,
    ], bundleRules: [
        CurrentVersionNotLatestRule(),
        LegacyBinaryVersionRule(),
    ])

    /// Descriptors of every rule, sorted by id.
    public var descriptors: [RuleDescriptor] {
        (changeRules.map(\.descriptor) + versionRules.map(\.descriptor) + historyRules.map(\.descriptor) + bundleRules.map(\.descriptor)
            + FindingPolicy.descriptors + [Baseline.resolvedEntry]).sorted { $0.id < $1.id }
    }

    public var descriptorsByID: [String: RuleDescriptor] {
        Dictionary(uniqueKeysWithValues: descriptors.map { ($0.id, $0) })
    }

    /// The change rules that examine each kind of change: the linter's dispatch table.
    var rulesByKind: [Change.Kind: [any ChangeRule]] {
        var table: [Change.Kind: [any ChangeRule]] = [:]
        for rule in changeRules {
            for kind in rule.kinds { table[kind, default: []].append(rule) }
        }
        return table
    }
}

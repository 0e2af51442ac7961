/// The set of rules a lint runs, and their descriptors by id.
public struct RuleCatalog: Sendable {
    public let changeRules: [any ChangeRule]
    public let versionRules: [any VersionRule]
    public let historyRules: [any HistoryRule]
    public let bundleRules: [any BundleRule]
    public let mappingModelRules: [any MappingModelRule]
    public let storeCodeRules: [any StoreCodeRule]
    /// Descriptors of every rule, sorted by id (the rules above, and the input rules of the policy,
    /// the baseline and the lock).
    public let descriptors: [RuleDescriptor]
    public let descriptorsByID: [String: RuleDescriptor]
    /// The change rules that examine each kind of change: the linter's dispatch table.
    let rulesByKind: [Change.Kind: [any ChangeRule]]

    public init(
        changeRules: [any ChangeRule], versionRules: [any VersionRule] = [], historyRules: [any HistoryRule] = [],
        bundleRules: [any BundleRule] = [], mappingModelRules: [any MappingModelRule] = [],
        storeCodeRules: [any StoreCodeRule] = []
    ) {
        self.changeRules = changeRules
        self.versionRules = versionRules
        self.historyRules = historyRules
        self.bundleRules = bundleRules
        self.mappingModelRules = mappingModelRules
        self.storeCodeRules = storeCodeRules
        descriptors = (changeRules.map(\.descriptor) + versionRules.map(\.descriptor) + historyRules.map(\.descriptor)
            + bundleRules.map(\.descriptor) + mappingModelRules.map(\.descriptor) + storeCodeRules.map(\.descriptor) + FindingPolicy.descriptors + [Baseline.resolvedEntry]).sorted { $0.id < $1.id }
        descriptorsByID = Dictionary(uniqueKeysWithValues: descriptors.map { ($0.id, $0) })
        var table: [Change.Kind: [any ChangeRule]] = [:]
        for rule in changeRules {
            for kind in rule.kinds { table[kind, default: []].append(rule) }
        }
        rulesByKind = table
    }

    /// The categories whose every rule `settings` (`rules:` in .schemalint.yml) turns off.
    public func categoriesOff(by settings: [String: ProjectConfiguration.RuleSetting]) -> Set<RuleCategory> {
        var on: Set<RuleCategory> = []
        for descriptor in descriptors where settings[descriptor.id] != .off { on.insert(descriptor.category) }
        return Set(RuleCategory.allCases).subtracting(on)
    }

    /// Every rule schemalint has.
    public static let standard = RuleCatalog(changeRules: [
        ElementRemovedRule.entity, ElementRemovedRule.attribute, ElementRemovedRule.relationship,
        ElementRenamedRule.entity, ElementRenamedRule.attribute, ElementRenamedRule.relationship,
        AttributeTypeChangedRule(),
        AttributeTypeWidenedRule(),
        AttributeTypeNarrowedRule(),
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
        MigrationAtLaunchRule(),
        ReleasedVersionLockRule.modified,
        ReleasedVersionLockRule.removed,
        ReleaseTagsMissingRule(),
        VersionedSchemaNotFrozenRule(),
        CloudKitSyncFromCodeRule(),
        ProductionSchemaMissingFieldRule(),
        ProductionSchemaTypeMismatchRule(),
        ProductionSchemaUnexplainedFieldRule(),
        ProductionSchemaFieldLimitRule(),
    ], bundleRules: [
        CurrentVersionNotLatestRule(),
        LegacyBinaryVersionRule(),
        VersionOrderFromGitRule(),
    ], mappingModelRules: [
        MappingModelUnmatchedRule(),
        MappingModelStaleRule(),
        MappingModelUnmappedPropertyRule(),
        MappingModelCustomPolicyRule(),
    ], storeCodeRules: [
        StoreOpenedAtLaunchRule(),
        StoreProtectionCompleteRule(),
        StoreFailureDestructiveRule(),
        StoreMovedWithoutCompanionsRule(),
        StoreLocationChangedRule(),
    ])
}

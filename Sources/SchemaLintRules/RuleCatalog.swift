import SchemaLintCore

/// The set of rules a lint runs, and their descriptors by id.
package struct RuleCatalog: Sendable {
    /// Every rule, in the order given.
    package let rules: [any Rule]
    /// The rules of each kind, as the linter hands them what they look at.
    package let changeRules: [any ChangeRule]
    package let versionRules: [any VersionRule]
    package let historyRules: [any HistoryRule]
    package let bundleRules: [any BundleRule]
    package let mappingModelRules: [any MappingModelRule]
    package let storeCodeRules: [any StoreCodeRule]
    /// Descriptors of every rule, sorted by id (the rules above, and the input rules of the policy,
    /// the baseline and the lock).
    package let descriptors: [RuleDescriptor]
    package let descriptorsByID: [String: RuleDescriptor]
    /// The change rules that examine each kind of change: the linter's dispatch table.
    package let rulesByKind: [Change.Kind: [any ChangeRule]]

    package init(rules: [any Rule]) {
        self.rules = rules
        var kinds = RuleKinds()
        for rule in rules { rule.add(to: &kinds) }
        changeRules = kinds.change
        versionRules = kinds.version
        historyRules = kinds.history
        bundleRules = kinds.bundle
        mappingModelRules = kinds.mappingModel
        storeCodeRules = kinds.storeCode
        descriptors = (rules.map(\.descriptor) + RuleDescriptor.policyDescriptors).sorted { $0.id < $1.id }
        descriptorsByID = Dictionary(uniqueKeysWithValues: descriptors.map { ($0.id, $0) })
        var table: [Change.Kind: [any ChangeRule]] = [:]
        for rule in changeRules {
            for kind in rule.kinds { table[kind, default: []].append(rule) }
        }
        rulesByKind = table
    }

    /// The categories none of whose rules is on: every rule of theirs is among `off`, by id.
    package func categories(allOff off: Set<String>) -> Set<RuleCategory> {
        var on: Set<RuleCategory> = []
        for descriptor in descriptors where !off.contains(descriptor.id) { on.insert(descriptor.category) }
        return Set(RuleCategory.allCases).subtracting(on)
    }

    /// Every rule schemalint has: the one list the catalog, `schemalint rules` and the rule pages' tests read.
    package static let standard = RuleCatalog(rules: [
        // Changes between a version and its baseline.
        ElementRemovedRule.entity, ElementRemovedRule.attribute, ElementRemovedRule.relationship,
        ElementRenamedRule.entity, ElementRenamedRule.attribute, ElementRenamedRule.relationship,
        RenamingIdentifierChangedRule(),
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
    ] + CloudKitModelRules.all + [
        // Whole histories.
        NameReusedRule(),
        MigrationPathRule(),
        MigrationAtLaunchRule(),
        ReleasedVersionLockRule.modified,
        ReleasedVersionLockRule.removed,
        ReleaseTagsMissingRule(),
        VersionedSchemaNotFrozenRule(),
        CloudKitSyncFromCodeRule(),
        CloudKitSyncStartedRule(),
        ProductionSchemaMissingFieldRule(),
        ProductionSchemaTypeMismatchRule(),
        ProductionSchemaUnexplainedFieldRule(),
        ProductionSchemaFieldLimitRule(),
        // Bundles and mapping models.
        CurrentVersionNotLatestRule(),
        LegacyBinaryVersionRule(),
        VersionOrderFromGitRule(),
        MappingModelUnmatchedRule(),
        MappingModelStaleRule(),
        MappingModelUnmappedPropertyRule(),
        MappingModelCustomPolicyRule(),
        // The code that handles stores.
        StoreOpenedAtLaunchRule(),
        StoreOpenedAtEachReadRule(),
        StoreOpenedWithoutMigrationRule(),
        StoreProtectionCompleteRule(),
        StoreFailureDestructiveRule(),
        StoreMovedWithoutCompanionsRule(),
        StoreLocationChangedRule(),
        CloudKitOptionsIgnoredRule(),
        CloudKitContainerNotEntitledRule(),
    ])
}

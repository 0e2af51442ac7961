import SchemaLintReport
import SchemaLintRules

extension RuleCatalog {
    /// The categories whose every rule `settings` (`rules:` in .schemalint.yml) turns off.
    package func categoriesOff(by settings: [String: ProjectConfiguration.RuleSetting]) -> Set<RuleCategory> {
        categories(allOff: Set(settings.filter { $0.value == .off }.keys))
    }
}

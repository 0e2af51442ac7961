import ArgumentParser
import SchemaLint

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its severities for synced and local-only models, by category."
    )

    func run() throws {
        let descriptors = RuleCatalog.standard.descriptors
        let width = descriptors.map(\.id.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var out = pad("RULE", width) + "  SYNCED   LOCAL    SUMMARY\n"
        for category in RuleCategory.allCases {
            let rules = descriptors.filter { $0.category == category }
            guard !rules.isEmpty else { continue }
            out += "\n\(Self.heading(category)):\n"
            for rule in rules {
                out += pad(rule.id, width) + "  "
                out += pad(rule.syncedSeverity?.rawValue ?? "-", 7) + "  "
                out += pad(rule.localSeverity?.rawValue ?? "-", 7) + "  "
                out += rule.summary + "\n"
            }
        }
        out += "\nRun `schemalint explain <rule>` for a rule's rationale, fix and examples.\n"
        Terminal.write(out)
    }

    static func heading(_ category: RuleCategory) -> String {
        switch category {
        case .removal: "Removals"
        case .rename: "Renames"
        case .modification: "Modifications"
        case .addition: "Additions"
        case .cloudkitModel: "CloudKit model requirements (each version on its own)"
        case .history: "Whole history"
        case .productionSchema: "CloudKit production schema (productionSchema: in .schemalint.yml)"
        case .migration: "Written migrations (mapping models, declared migrations) and the migration at launch"
        case .storeHandling: "Store-handling code (Swift, Objective-C, Info.plist: opening, protecting, moving the store)"
        case .input: "Input files (bundles, schemalint.lock, configuration, suppressions, baseline)"
        }
    }
}

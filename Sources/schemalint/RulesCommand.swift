import ArgumentParser
import SchemaLint

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its severities for synced and local-only models."
    )

    func run() throws {
        let descriptors = RuleCatalog.standard.descriptors
        let width = descriptors.map(\.id.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var out = pad("RULE", width) + "  SYNCED   LOCAL    SUMMARY\n"
        for rule in descriptors {
            out += pad(rule.id, width) + "  "
            out += pad(rule.syncedSeverity?.rawValue ?? "-", 7) + "  "
            out += pad(rule.localSeverity?.rawValue ?? "-", 7) + "  "
            out += rule.summary + "\n"
        }
        out += "\nRun `schemalint explain <rule>` for a rule's rationale, fix and examples.\n"
        Terminal.write(out)
    }
}

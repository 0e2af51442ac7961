import ArgumentParser
import SchemaLint

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print a rule's page: what it catches, why, what to do instead, and examples."
    )

    @Argument(help: "The rule id, as shown in brackets after each finding.")
    var rule: String

    func run() throws {
        let descriptors = RuleCatalog.standard.descriptorsByID
        guard let descriptor = descriptors[rule] else {
            throw ValidationError("unknown rule '\(rule)'\(Spelling.didYouMean(rule, among: descriptors.keys.sorted())); `schemalint rules` lists them")
        }
        guard let page = descriptor.page else {
            throw ValidationError("rule '\(rule)' has no page in this build")
        }
        Terminal.write(page.hasSuffix("\n") ? page : page + "\n")
    }
}

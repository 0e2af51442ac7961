import ArgumentParser
import SchemaLint

struct SchemaLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemalint",
        abstract: "Finds Core Data model changes that break apps still running older versions.",
        discussion: """
        schemalint reads every version of your data models (YAML files in its own format, or Xcode \
        .xcdatamodeld bundles), compares each version with the one people may still run, and reports \
        the changes that break CloudKit sync or local store migration, with what to do instead.

        Run `schemalint models/` to lint, `schemalint rules` to list the rules, \
        `schemalint explain <rule>` to read one rule's page, `schemalint diff OLD NEW` for a changelog \
        between two versions, `schemalint lock` to record the released versions in schemalint.lock, \
        and `schemalint ckschema <model>` to print the CloudKit schema a version mirrors to.

        EXIT STATUS
          0  no errors (warnings and notes do not fail the run unless --strict)
          1  at least one error (with --strict: or warning)
          2  input that could not be read, or a usage error
        """,
        version: SchemaLintVersion.current,
        subcommands: [LintCommand.self, InitCommand.self, ImportCommand.self, RulesCommand.self, ExplainCommand.self, DiffCommand.self, LockCommand.self, CKSchemaCommand.self],
        defaultSubcommand: LintCommand.self
    )
}

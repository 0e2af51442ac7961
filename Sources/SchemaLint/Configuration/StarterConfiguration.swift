import SchemaLintReport
import SchemaLintRules

/// The commented `.schemalint.yml` that `schemalint init` writes: every key, with defaults.
package enum StarterConfiguration {
    /// The JSON Schema of `.schemalint.yml` (schema/schemalint.schema.json), for editors.
    package static let schemaURL = "https://raw.githubusercontent.com/schemalint/schemalint/main/schema/schemalint.schema.json"

    package static let text = """
    # yaml-language-server: $schema=\(schemaURL)
    # schemalint configuration. Every key is optional; see docs/configuration.md.

    # Models that do not say `cloudkit:` (and Xcode bundles, whose XML often does not) are synced
    # with CloudKit through NSPersistentCloudKitContainer. With false, a bundle the app opens with
    # an NSPersistentCloudKitContainer is still synced (the cloudkit-sync-from-code note says so).
    cloudkit: false

    # Which released versions each version is checked against:
    # previous (the one before), transitive (all before), or window:N (the last N).
    compatibility: previous

    # Which steps are listed: coming (those the next release takes; findings about steps that
    # shipped are counted in the summary line) or all (every step; --all-steps for one run).
    steps: coming

    # Where a model that is not versioned in its files (one version, edited in place) takes its
    # releases from: files, or git (the release tags, v1.2 or 1.2 unless `tags:` says; docs/git-history.md).
    history: files
    #  history: {from: git, tags: "v*"}

    # The least severity that fails the run: error or warning.
    fail-on: error

    # Per rule: off, or the severity to report it at (`schemalint rules` lists them).
    rules: {}
    #  element-added: off

    # Paths not to lint (globs; ** crosses folders).
    exclude: []

    # Paths the folder walk reads although it leaves them out by default (build folders, what git
    # ignores, YAML files without a model named on a top-level `model:` line, then read as model files).
    include: []
    #  - "legacy/**"

    # Xcode bundles: history order when names do not sort, drafts, CloudKit, the first synced version.
    bundles: {}
    #  App/Model.xcdatamodeld:
    #    order: [Model, "Model 2", "Model 3"]
    #    drafts: ["Model 3"]
    #    cloudkit: true
    #    syncedSince: "Model 2"

    # Findings accepted on purpose, with a reason and an optional end date.
    ignore: []
    #  - rule: attribute-removed
    #    model: Notes
    #    element: Note.title
    #    reason: "version 1 never reached the App Store"
    #    until: 2027-01-01

    # Findings recorded with --write-baseline; only new ones are reported.
    # baseline: schemalint-baseline.json

    """
}

import SchemaLintCore
import SchemaLintRules

/// `--format json`: the findings with stable, documented fields (docs/json-format.md).
package struct JSONReporter: Reporter {
    /// Bumped only on an incompatible change of the fields below.
    package static let formatVersion = 1

    package init() {}

    package func render(_ result: LintResult) -> String {
        let document: JSONValue = .object(omittingNils: [
            "formatVersion": .integer(Self.formatVersion),
            "summary": [
                "errors": .integer(result.count(of: .error)),
                "warnings": .integer(result.count(of: .warning)),
                "notes": .integer(result.count(of: .note)),
                "models": .integer(result.modelCount),
                "versions": .integer(result.versionCount),
                // Findings about steps that shipped, counted and not listed (`steps: coming`).
                "notListed": JSONReporter.notListed(result.shippedHistory),
                // Model bundles no Xcode project here builds, not linted (`--verbose` lists them).
                "skippedModelBundles": .integer(result.modelBundlesBuiltByNoTarget),
                // Warnings about input not read in full, written to standard error.
                "inputWarnings": .integer(result.inputWarnings),
            ],
            "findings": .array(result.findings.map(Self.finding)),
        ])
        return document.rendered() + "\n"
    }

    /// The findings counted and not listed, as the JSON and SARIF reports carry them.
    static func notListed(_ shipped: ShippedHistory) -> JSONValue {
        .object(omittingNils: [
            "errors": .integer(shipped.errors),
            "warnings": .integer(shipped.warnings),
            "notes": .integer(shipped.notes),
            // No release tag or lock records what shipped: the steps are only taken to have.
            "takenAsShipped": .bool(shipped.assumed),
            // The changes of the app's version that show the newest versions shipped, where no tag did.
            "versionChanges": shipped.versionChanges.isEmpty ? nil : .array(shipped.versionChanges.map(JSONValue.string)),
            // What the text report says of them, with how to list them (`--all-steps`).
            "message": shipped.sentence.map(JSONValue.string),
        ])
    }

    static func finding(_ finding: Finding) -> JSONValue {
        .object(omittingNils: [
            "rule": .string(finding.ruleID),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "file": .string(finding.location.file),
            "line": .integer(finding.location.line),
            "column": .integer(finding.location.column),
            "model": .string(finding.model),
            "baseline": finding.baseline.map(JSONValue.string),
            "version": .string(finding.version),
            "element": finding.path.map { .string($0.description) },
            "identity": .string(finding.identity),
            "notes": .array(finding.notes.map(note)),
            "suggestions": .strings(finding.suggestions),
        ])
    }

    private static func note(_ note: Finding.Note) -> JSONValue {
        .object(omittingNils: [
            "message": .string(note.message),
            "file": note.location.map { .string($0.file) },
            "line": note.location.map { .integer($0.line) },
            "column": note.location.map { .integer($0.column) },
        ])
    }
}

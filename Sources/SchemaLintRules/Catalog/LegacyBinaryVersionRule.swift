import SchemaLintCore

/// `legacy-binary-version`: a version folder with no model file (neither `contents` XML nor Xcode 3's
/// binary `elements`) is skipped. The id is the one configurations know the rule by.
struct LegacyBinaryVersionRule: BundleRule {
    let descriptor = RuleDescriptor(
        id: "legacy-binary-version", category: .input, synced: .note, local: .note,
        summary: "A version folder holds no model file and is left out of the history."
    )

    func check(_ bundle: XcodeModelBundle) -> [Finding] {
        bundle.legacyVersions.map { legacy in
            finding(
                bundle, file: legacy.path, version: legacy.name,
                message: "version '\(legacy.name)' has no model file (no contents, nor Xcode 3's elements) and is not checked",
                suggestions: ["restore the version's model file from the release that shipped it, or remove the folder if no release did"]
            )
        }
    }
}

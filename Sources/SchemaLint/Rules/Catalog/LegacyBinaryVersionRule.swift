import SchemaLintCore

/// `legacy-binary-version`: a version saved in Xcode 3's binary format has no `contents` XML and is skipped.
struct LegacyBinaryVersionRule: BundleRule {
    let descriptor = RuleDescriptor(
        id: "legacy-binary-version", category: .input, synced: .note, local: .note,
        summary: "A version in Xcode 3's binary format cannot be read and is left out of the history."
    )

    func check(_ bundle: XcodeModelBundle) -> [Finding] {
        bundle.legacyVersions.map { legacy in
            finding(
                bundle, file: legacy.path, version: legacy.name,
                message: "version '\(legacy.name)' is in Xcode 3's binary format (no contents file) and is not checked",
                suggestions: ["open the bundle in a current Xcode and save it, which writes the version as XML, if people may still run it"]
            )
        }
    }
}

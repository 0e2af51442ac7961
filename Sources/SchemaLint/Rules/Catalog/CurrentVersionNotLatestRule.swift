import Foundation

/// `current-version-not-latest`: `.xccurrentversion` names another version than the newest, or none.
struct CurrentVersionNotLatestRule: BundleRule {
    let descriptor = RuleDescriptor(
        id: "current-version-not-latest", category: .input, synced: .warning, local: .warning,
        summary: "The bundle's current version is not its newest version, or the bundle names none."
    )

    func check(_ bundle: XcodeModelBundle) -> [Finding] {
        guard let newest = bundle.versions.last else { return [] }
        let file = (bundle.path as NSString).appendingPathComponent(".xccurrentversion")
        let order = "schemalint orders versions by the natural order of their names, or by `order:` for the bundle in .schemalint.yml"
        guard let current = bundle.currentVersionName else {
            return [finding(
                bundle, file: file, version: newest.label,
                message: "the bundle names no current version; Xcode and NSPersistentContainer then pick one you did not choose",
                suggestions: ["choose the current version in Xcode's File inspector (Model Version), so .xccurrentversion names '\(newest.label)'"]
            )]
        }
        guard current != newest.label else { return [] }
        return [finding(
            bundle, file: file, version: current,
            message: "the current version is '\(current)', but the newest version is '\(newest.label)'",
            notes: [Finding.Note(order)],
            suggestions: [
                "if '\(current)' is the newest, give the bundle an explicit `order:` in .schemalint.yml",
                "otherwise make '\(newest.label)' the current version in Xcode, or mark it a draft (`drafts:` in .schemalint.yml) until it ships",
            ]
        )]
    }
}

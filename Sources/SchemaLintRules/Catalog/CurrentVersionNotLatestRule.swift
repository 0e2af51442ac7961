import Foundation
import SchemaLintCore

/// `current-version-not-latest`: `.xccurrentversion` names another version than the newest, or none.
/// Versions after the current one are drafts unless the configuration names the drafts; the
/// finding says which, and what to set when the history order and the current version disagree.
struct CurrentVersionNotLatestRule: BundleRule {
    let descriptor = RuleDescriptor(
        id: "current-version-not-latest", category: .input, synced: .warning, local: .warning,
        summary: "The bundle's current version is not its newest version, or the bundle names none."
    )

    func check(_ bundle: XcodeModelBundle) -> [Finding] {
        guard let newest = bundle.versions.last else { return [] }
        let file = (bundle.path as NSString).appendingPathComponent(".xccurrentversion")
        guard let current = bundle.currentVersionName else {
            // With one version there is nothing to choose: Xcode compiles that version as the model.
            guard bundle.versions.count + bundle.legacyVersions.count > 1 else { return [] }
            return [finding(
                bundle, file: file, version: newest.label,
                message: "the bundle names no current version; Xcode and NSPersistentContainer then pick one you did not choose",
                suggestions: ["choose the current version in Xcode's File inspector (Model Version), so .xccurrentversion names '\(newest.label)'"]
            )]
        }
        guard current != newest.label else { return [] }
        guard let position = bundle.versions.firstIndex(where: { $0.label == current }) else {
            return [finding(
                bundle, file: file, version: current,
                message: "the current version is '\(current)', which is not a readable version of this bundle; the newest version is '\(newest.label)'",
                suggestions: ["choose the current version in Xcode's File inspector (Model Version), so .xccurrentversion names '\(newest.label)'"]
            )]
        }
        // Copies of the current version with nothing changed yet (Xcode's Add Model Version makes
        // one): whichever of them the app builds, it ships the same model.
        let currentVersion = bundle.versions[position]
        if bundle.versions[(position + 1)...].allSatisfy({ ModelDiffer().changes(from: currentVersion, to: $0).isEmpty }) { return [] }
        let later = bundle.versions[(position + 1)...].map(\.label)
        let released = later.filter { !(bundle.configuredDrafts?.contains($0) ?? true) }
        // The configuration names every later version a draft: the bundle is as it should be.
        if bundle.configuredDrafts != nil, released.isEmpty { return [] }
        let one = later.count == 1
        // Versions one commit added with the current one are ordered by their names.
        let commits = bundle.ordering.commits
        let addedTogether = bundle.ordering.basis == .git && commits[current] != nil && later.allSatisfy { commits[$0] == commits[current] }
        let order = addedTogether ? "in name order (one commit added \(one ? "both" : "them all"))" : Self.describe(bundle.ordering.basis)
        let quoted = later.map { "'\($0)'" }.joined(separator: ", ")
        let drafts = "drafts: [\(later.map(YAMLScalar.string).joined(separator: ", "))]"
        if bundle.configuredDrafts == nil {
            return [finding(
                bundle, file: file, version: current,
                message: "the current version is '\(current)', but \(quoted) \(one ? "comes" : "come") after it \(order); "
                    + (one ? "it is treated as a draft" : "they are treated as drafts")
                    + " (checked against '\(current)', never a baseline), since the app does not ship \(one ? "it" : "them") yet",
                notes: [Finding.Note(Self.explain(bundle.ordering.basis))],
                suggestions: [
                    "if '\(newest.label)' has shipped, make it the current version in Xcode (File inspector, Model Version)",
                    "if '\(current)' is the newest version and the order is wrong, give the bundle its `order:` in .schemalint.yml",
                    "if \(one ? "it is" : "they are") work in progress, say so with `\(drafts)` for the bundle in .schemalint.yml, which also silences this warning",
                ]
            )]
        }
        let single = released.count == 1
        return [finding(
            bundle, file: file, version: current,
            message: "the current version is '\(current)', but \(released.map { "'\($0)'" }.joined(separator: ", ")) \(single ? "comes" : "come") after it \(order) "
                + "and \(single ? "is not a draft" : "are not drafts") in .schemalint.yml, so \(single ? "it counts" : "they count") as released though the app does not ship \(single ? "it" : "them")",
            notes: [Finding.Note(Self.explain(bundle.ordering.basis))],
            suggestions: [
                "if '\(newest.label)' has shipped, make it the current version in Xcode (File inspector, Model Version)",
                "otherwise add \(single ? "it" : "them") to `drafts:` for the bundle in .schemalint.yml",
                "if '\(current)' is the newest version and the order is wrong, give the bundle its `order:` in .schemalint.yml",
            ]
        )]
    }

    /// Where the order comes from, as a phrase after "comes after it".
    static func describe(_ basis: XcodeVersionOrdering.Basis) -> String {
        switch basis {
        case .git: "in git history"
        case .names: "in name order"
        case .explicit: "in the configured order"
        }
    }

    static func explain(_ basis: XcodeVersionOrdering.Basis) -> String {
        switch basis {
        case .git: "schemalint orders this bundle's versions by the commit that first added each (git history), or by `order:` for the bundle in .schemalint.yml"
        case .names: "schemalint orders this bundle's versions by their names (where the names number them, or git has no history of the bundle), or by `order:` for the bundle in .schemalint.yml"
        case .explicit: "schemalint orders this bundle's versions by `order:` in .schemalint.yml or --order"
        }
    }
}

import Foundation
import Testing
@testable import SchemaLint

/// The type changes in the real bundles of `../shared/corpus/xcdatamodeld`: each is reported once,
/// by the rule its class in the conversion table names. With `SCHEMALINT_TYPE_CHANGES=1` in the
/// environment the test prints them as a table (bundle, step, attribute, from -> to, class) and
/// counts them by class.
@Suite struct TypeChangeCorpusTests {
    /// One attribute whose type changed between two consecutive versions of a bundle.
    struct Row {
        var bundle: String
        var baseline: String
        var version: String
        var path: ElementPath
        var conversion: TypeConversion
        var synced: Bool

        var className: String {
            switch conversion.kind {
            case .widening: "widening"
            case .narrowing: "narrowing"
            case .incompatible: "incompatible"
            }
        }

        /// The rule that must report it: every synced change is `attribute-type-changed`.
        var rule: String {
            if synced { return "attribute-type-changed" }
            switch conversion.kind {
            case .widening: return "attribute-type-widened"
            case .narrowing: return "attribute-type-narrowed"
            case .incompatible: return "attribute-type-changed"
            }
        }

        var line: String {
            "\(bundle)\t\(baseline) -> \(version)\t\(path)\t\(conversion)\t\(className)\(synced ? " (synced)" : "")"
        }
    }

    static let typeRules: Set<String> = ["attribute-type-changed", "attribute-type-widened", "attribute-type-narrowed"]

    /// The bundle's type changes from the diff of consecutive versions, independently of the rules.
    static func rows(_ entry: XcodeCorpusTests.Entry, _ history: ModelHistory) -> [Row] {
        let repository = entry.path.dropFirst(XcodeCorpusTests.corpus.count + 1).split(separator: "/").first.map(String.init) ?? ""
        let name = "\(repository)/\((entry.path as NSString).lastPathComponent)"
        var rows: [Row] = []
        for (baseline, version) in zip(history.versions, history.versions.dropFirst()) {
            for change in ModelDiffer().changes(from: baseline, to: version) where change.kind == .attributeTypeChanged {
                guard let old = change.old?.attribute, let new = change.new?.attribute, !(old.isTransient && new.isTransient) else { continue }
                let synced = version.isSynced(entity: change.path.entity) || baseline.isSynced(entity: (change.oldPath ?? change.path).entity)
                rows.append(Row(
                    bundle: name, baseline: baseline.label, version: version.label, path: change.path,
                    conversion: TypeConversion.classify(from: old.type, to: new.type), synced: synced
                ))
            }
        }
        return rows
    }

    @Test(.enabled(if: XcodeCorpusTests.exists, "needs ../shared/corpus/xcdatamodeld beside the project"))
    func everyTypeChangeIsReportedOnceByTheRuleOfItsClass() throws {
        var all: [Row] = []
        for entry in XcodeCorpusTests.manifest {
            // Every version released (drafts: []): each is the baseline of the next, whatever the
            // bundle's current version says.
            let bundle = try XcodeBundleLoader.load(entry.path, options: .init(drafts: [], cloudKit: entry.cloudKit))
            let histories = try ModelHistory.histories(of: bundle.versions)
            #expect(histories.count == 1, "\(entry.testDescription)")
            guard let history = histories.first else { continue }
            #expect(history.versions.allSatisfy { $0.isReleased }, "every version of a bundle is a baseline for the next")
            let rows = Self.rows(entry, history)
            let reported = Linter().lint(histories).findings.filter { Self.typeRules.contains($0.ruleID) }
            for row in rows {
                let hits = reported.filter { $0.version == row.version && $0.path == row.path }
                #expect(hits.map(\.ruleID) == [row.rule], "\(row.line)")
                #expect(hits.first?.baseline == row.baseline)
            }
            #expect(reported.count == rows.count, "\(entry.testDescription): a type rule reported something that is no type change")
            all += rows
        }
        if ProcessInfo.processInfo.environment["SCHEMALINT_TYPE_CHANGES"] != nil {
            print(all.map(\.line).joined(separator: "\n"))
            let counts = Dictionary(grouping: all, by: { $0.synced ? "synced" : $0.className }).mapValues(\.count)
            print(counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        }
    }
}

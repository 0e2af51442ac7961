import SchemaLintCore
import SchemaLintRules

/// The findings about shipped steps that a run counts instead of listing.
package struct ShippedHistory: Sendable, Hashable {
    package var errors = 0
    package var warnings = 0
    package var notes = 0
    /// Some of the steps counted are only taken to have shipped: no release tag or lock records
    /// what shipped of their model, and every step before the newest counts as shipped.
    package var assumed = false
    /// The repository's tags, newest last, where none matches the release-tag pattern
    /// (`unmatchedTagPattern`): the reason nothing records what shipped may be only that.
    package var unmatchedTags: [String] = []
    package var unmatchedTagPattern = ""
    /// The newest release tag, where the models whose steps are only taken as shipped have no
    /// version there: they came after it, and nothing of them has shipped yet.
    package var newestReleaseWithout: String?
    /// The newest release tag, where it holds models but none of those whose steps are only taken
    /// as shipped (another product's tags in the same repository, or a model added since).
    package var newestReleaseLacking: String?
    /// Where no tag or lock records what shipped, the changes of the app's version that show the
    /// models' newest versions went out in a release (`MarketingVersionRelease.sentence`).
    package var versionChanges: [String] = []

    package init(errors: Int = 0, warnings: Int = 0, notes: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }

    package var isEmpty: Bool { errors + warnings + notes == 0 }

    /// "not listed: 3 errors, 40 notes in steps that shipped (--all-steps lists them)", or nil when
    /// nothing was left out: the one sentence every report that has a summary carries. Where
    /// nothing records what shipped, it says that the earlier steps are only taken as shipped.
    package var sentence: String? {
        guard !isEmpty else { return nil }
        let counts = [(errors, "error"), (warnings, "warning"), (notes, "note")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        let unrecorded = if let tag = newestReleaseLacking {
            "the newest release tag, \(tag), holds no version of the model"
        } else if let newest = unmatchedTags.last {
            "no lock records what did, and the tags in the history of HEAD (the newest: `\(newest)`) do not match the release-tag pattern `\(unmatchedTagPattern)`: give yours with `--history-tags`"
        } else {
            "no lock or release tag in the history of HEAD records what did"
        }
        let steps = if let tag = newestReleaseWithout, assumed {
            "earlier steps of a model no release has yet (the newest release tag, \(tag), holds no version of it; --all-steps lists them)"
        } else if assumed {
            "earlier steps, taken as shipped (\(unrecorded); --all-steps lists them)"
        } else if !versionChanges.isEmpty {
            "steps that shipped (\(versionChanges.joined(separator: "; ")); --all-steps lists them)"
        } else {
            "steps that shipped (--all-steps lists them)"
        }
        return "not listed: \(counts.joined(separator: ", ")) in \(steps)"
    }

    package mutating func count(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }
}

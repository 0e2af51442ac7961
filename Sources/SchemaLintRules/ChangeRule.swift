import SchemaLintCore

/// A rule about one kind (or a few kinds) of change between a version and its baseline.
///
/// Each rule has a page `rules/<id>.md` (rationale, what to do, triggering and non-triggering
/// examples) that is carried in the binary and whose examples run as tests.
package protocol ChangeRule: Rule {
    /// The change kinds this rule examines; the linter hands it only those.
    var kinds: Set<Change.Kind> { get }
    /// The findings for one change, or none. `severity` is the rule's severity for this change's
    /// sync status; rules are not called for changes where the rule does not apply.
    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding]
}

extension ChangeRule {
    /// A finding of this rule about `change`, located where the change is.
    func finding(
        _ change: Change, in comparison: Comparison, severity: Severity, message: String,
        notes: [Finding.Note] = [], suggestions: [String] = []
    ) -> Finding {
        var allNotes = notes
        if let oldLocation = change.oldLocation {
            let oldName = (change.oldPath ?? change.path).description
            let how = comparison.baseline.releaseTag == nil ? "declared" : "released"
            allNotes.insert(Finding.Note("'\(oldName)' as \(how) in \(comparison.baseline.displayName)", at: oldLocation), at: 0)
        }
        return Finding(
            ruleID: descriptor.id, severity: severity, message: message, location: change.location,
            model: comparison.version.model, baseline: comparison.baseline.label, version: comparison.version.label,
            path: change.path, notes: allNotes, suggestions: suggestions
        )
    }
}

extension ChangeRule {
    package func add(to kinds: inout RuleKinds) {
        kinds.change.append(self)
    }
}

extension Comparison {
    /// The change rules' findings for this comparison, the rules by the kind of change they check;
    /// with `only`, those of that severity alone (a change rule reports at the severity it is
    /// given, so the others are not made at all).
    package func findings(by dispatch: [Change.Kind: [any ChangeRule]], only: Severity? = nil) -> [Finding] {
        var findings: [Finding] = []
        for change in changes {
            guard let rules = dispatch[change.kind] else { continue }
            // Transient elements are not stored: changing them touches neither stores nor CloudKit.
            if change.old?.isTransient ?? true, change.new?.isTransient ?? true { continue }
            let synced = isSynced(change)
            for rule in rules {
                guard let severity = rule.descriptor.severity(synced: synced), only == nil || only == severity else { continue }
                findings += rule.check(change, in: self, severity: severity)
            }
        }
        return findings
    }
}

import SchemaLintCore

/// `deprecated-element-removed`: an element marked `deprecated` (kept for older apps) was removed.
struct DeprecatedElementRemovedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "deprecated-element-removed", category: .removal, synced: .error, local: nil,
        summary: "A deprecated synced element was removed: with CloudKit, deprecated means kept for good."
    )
    let kinds: Set<Change.Kind> = [.entityRemoved, .attributeRemoved, .relationshipRemoved]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard let removed = change.old, let reason = removed.deprecation else { return [] }
        let why = reason == "true" || reason.isEmpty ? "" : " (\"\(reason)\")"
        return [finding(
            change, in: comparison, severity: severity,
            message: "deprecated \(removed.kind) '\(change.oldPath ?? change.path)'\(why) was removed; it was kept so that \(comparison.olderApps) keep working, and they still \(removed.entity != nil ? "sync its records" : "write it")",
            suggestions: ["keep '\(removed.name)' in the model, marked deprecated, for as long as any app version that uses it may run; CloudKit keeps its field for all time anyway"]
        )]
    }
}

import SchemaLintCore

/// `renaming-identifier-changed`: an element keeps its name but not its renaming identifier, so
/// Core Data pairs it with nothing of the older version: a store migrates by dropping the stored
/// data and starting the element empty.
struct RenamingIdentifierChangedRule: ChangeRule {
    let descriptor = RuleDescriptor(
        id: "renaming-identifier-changed", category: .rename, synced: .warning, local: .warning,
        summary: "An element keeps its name but its renaming identifier changed: Core Data pairs it with nothing stored, and its data is dropped."
    )
    let kinds: Set<Change.Kind> = [.entityRemoved, .attributeRemoved, .relationshipRemoved]

    func check(_ change: Change, in comparison: Comparison, severity: Severity) -> [Finding] {
        guard change.isReidentified, let old = change.old, let new = Self.counterpart(of: change, in: comparison) else { return [] }
        let (before, after) = (Self.identifier(of: old), Self.identifier(of: new))
        let path = change.oldPath ?? change.path
        let stored = switch old {
        case .entity: "every stored object of '\(path)'"
        case .attribute: "the stored values of '\(path)'"
        case .relationship: "the stored links of '\(path)'"
        }
        let named = { (identifier: String, element: Element) in
            identifier == element.name ? "none (its name, '\(identifier)')" : "'\(identifier)'"
        }
        return [finding(
            change, in: comparison, severity: severity,
            message: "\(old.kind) '\(path)' keeps its name but not its renaming identifier: \(named(after, new)) in \(comparison.version.displayName), \(named(before, old)) in \(comparison.baseline.displayName); Core Data pairs a stored element with the newer one of the same renaming identifier (its name where none is set), so a store of \(comparison.baseline.displayName) migrates by dropping \(stored) and starting it empty",
            suggestions: [
                after == new.name
                    ? "give '\(path)' the renaming identifier '\(before)' in \(comparison.version.displayName), as in \(comparison.baseline.displayName), so that Core Data pairs it with the stored one"
                    : before == old.name
                    ? "remove the renaming identifier '\(after)' from '\(path)': it had none in \(comparison.baseline.displayName), where Core Data identifies it by its name"
                    : "set the renaming identifier of '\(path)' back to '\(before)', as in \(comparison.baseline.displayName), so that Core Data pairs it with the stored one",
                "if the stored data is meant to go, test the migration from \(comparison.baseline.displayName) with a store that holds some",
            ]
        )]
    }

    /// The element of the same name in the newer version.
    static func counterpart(of change: Change, in comparison: Comparison) -> Element? {
        guard let entity = comparison.version.entity(named: change.path.entity) else { return nil }
        guard let member = change.path.member else { return .entity(entity) }
        return entity.attribute(named: member).map(Element.attribute) ?? entity.relationship(named: member).map(Element.relationship)
    }

    static func identifier(of element: Element) -> String {
        switch element {
        case .entity(let entity): NameMatcher.identifier(of: entity)
        case .attribute(let attribute): NameMatcher.identifier(of: attribute)
        case .relationship(let relationship): NameMatcher.identifier(of: relationship)
        }
    }
}

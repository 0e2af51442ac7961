import SchemaLintCore

/// What to do instead of a change that breaks synced apps, in the user's own names and in the
/// words of the format the newer version is written in (`ModelVocabulary`).
/// Apple's three strategies for non-additive changes: additive only, a version attribute, a new container.
package struct Suggestions {
    let comparison: Comparison
    let change: Change

    private var vocabulary: ModelVocabulary { ModelVocabulary(comparison.version.format) }

    private var entity: String { change.path.entity }
    private var old: String { (change.oldPath ?? change.path).member ?? (change.oldPath ?? change.path).entity }
    private var new: String { change.path.member ?? change.path.entity }
    private var older: String { comparison.baseline.displayName }
    private var newer: String { comparison.version.displayName }

    /// Strategy 1, for a rename: keep the old element beside the new one.
    var keepBoth: String {
        "keep '\(old)' and add '\(new)' beside it: write both, and read '\(new)' falling back to '\(old)' for records written by \(older)"
    }

    /// Strategy 1, for a removal: keep the element and stop using it.
    var keepRemoved: String {
        change.old?.entity != nil
            ? "\(vocabulary.keepUnusedEntity(old)); CloudKit keeps the record type for all time anyway"
            : "\(vocabulary.keepUnused(old)); CloudKit keeps the field for all time anyway"
    }

    /// Strategy 1, for a changed definition: keep the old element and add a new one with the new definition.
    func addReplacement(_ what: String) -> String {
        "keep '\(old)' as it is and add a new \(change.old?.kind ?? "element") (say '\(new)\(suffix)') with \(what); write both, and read the new one falling back to '\(old)'"
    }

    private var suffix: String { change.old?.entity != nil ? "V2" : "2" }

    /// Strategy 2: a version attribute and a fetch predicate, so older apps skip newer records.
    var versionAttribute: String {
        let root = comparison.version.entity(named: entity) != nil ? comparison.version.rootEntity(of: entity) : entity
        let hasVersion = ModelValidator.ancestry(of: root, in: comparison.version).contains { name in
            comparison.version.entity(named: name)?.attribute(named: "version") != nil
        }
        let (attribute, predicate) = vocabulary.versionAttribute(on: root)
        if hasVersion {
            return "'\(root)' already has a 'version' attribute: have \(newer) write a higher value for records of the new shape, so apps fetching with \(predicate) skip them (and can prompt to update)"
        }
        return "add \(attribute), write a higher value from \(newer) on, and fetch with \(predicate) so \(comparison.olderApps) skip records they cannot read"
    }

    /// Strategy 3: a new container, for many breaking changes at once.
    package static func newContainer(breakingChanges: Int, comparison: Comparison) -> String {
        "\(breakingChanges) breaking changes between \(comparison.baseline.displayName) and \(comparison.version.displayName): consider moving to \(ModelVocabulary(comparison.version.format).newContainer), and copy the data over once"
    }

    /// For local stores: declaring `renamed` (an element of the newer version) as the removed
    /// element renamed keeps the data through lightweight migration. SwiftData has no renaming
    /// identifier for a model class: then keep the name, or copy the objects in a custom stage.
    func declareRename(as renamed: String) -> String {
        if let identifier = vocabulary.renamingIdentifier(kind: change.old?.kind ?? "entity", old: old) {
            return "if '\(renamed)' is '\(old)' renamed, add \(identifier) to '\(renamed)' so lightweight migration keeps the data"
        }
        return "if '\(renamed)' is '\(old)' renamed: \(ModelVocabulary.swiftDataClassRename), so keep the class name '\(old)', or copy the objects from '\(old)' to '\(renamed)' in \(vocabulary.stagedMigration)"
    }

    /// What becomes of the removed element's data when `renamed` is it renamed but not declared so.
    func undeclaredRename(as renamed: String) -> String {
        if let identifier = vocabulary.renamingIdentifier(kind: change.old?.kind ?? "entity", old: old) {
            return "without \(identifier) on '\(renamed)', local data in '\(old)' is lost"
        }
        return "\(ModelVocabulary.swiftDataClassRename), so local data in '\(old)' is lost unless \(vocabulary.stagedMigration) copies it"
    }

    /// For local stores: a change lightweight migration cannot infer.
    var stagedMigration: String {
        "split it into steps (add a new \(change.old?.kind ?? "element"), copy the values in code, remove '\(old)' in a later version) or migrate with \(vocabulary.stagedMigration)"
    }
}

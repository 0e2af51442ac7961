/// What to do instead of a change that breaks synced apps, in the user's own names.
/// Apple's three strategies for non-additive changes: additive only, a version attribute, a new container.
struct Suggestions {
    let comparison: Comparison
    let change: Change

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
        "keep '\(old)' in the model (mark it `deprecated:`) and stop using it in code; CloudKit keeps the field for all time anyway"
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
        let predicate = "NSPredicate(format: \"version <= %d\", maxCompatibleVersion)"
        if hasVersion {
            return "'\(root)' already has a 'version' attribute: have \(newer) write a higher value for records of the new shape, so apps fetching with \(predicate) skip them (and can prompt to update)"
        }
        return "add a 'version' attribute to '\(root)' (int16, default 0), write a higher value from \(newer) on, and fetch with \(predicate) so \(comparison.olderApps) skip records they cannot read"
    }

    /// Strategy 3: a new container, for many breaking changes at once.
    static func newContainer(breakingChanges: Int, comparison: Comparison) -> String {
        "\(breakingChanges) breaking changes between \(comparison.baseline.displayName) and \(comparison.version.displayName): consider moving to a new CloudKit container (NSPersistentCloudKitContainerOptions(containerIdentifier:)) with a new local store, and copy the data over once"
    }

    /// For an attribute that is required with no default (CloudKit needs one or the other).
    static func optionalOrDefault(_ attribute: String) -> String {
        "make '\(attribute)' optional, or give it a default value (`default:`)"
    }

    /// For local stores: the renaming identifier keeps the data through lightweight migration.
    var declareRename: String {
        "if '\(new)' is '\(old)' renamed, add `renamedFrom: \(old)` to '\(new)' so lightweight migration keeps the data"
    }

    /// For local stores: a change lightweight migration cannot infer.
    var stagedMigration: String {
        "split it into steps (add a new \(change.old?.kind ?? "element"), copy the values in code, remove '\(old)' in a later version) or migrate with a staged migration (NSStagedMigrationManager)"
    }
}

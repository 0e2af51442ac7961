@testable import SchemaLint

/// Test helpers: load model files given as strings, and lint them as the command does.
enum Lint {
    /// Loads each YAML text as `v<N>.yaml` (N from 1), through the real loader; with `entities`,
    /// an entity written the same way as in an earlier file is shared, as in a load of a folder.
    static func versions(_ files: [String], folder: String = "models", entities: EntityTextCache? = nil) throws(InputError) -> [ModelVersion] {
        var versions: [ModelVersion] = []
        for (index, text) in files.enumerated() {
            versions.append(try YAMLModelLoader().load(bytes: Array(text.utf8), file: "\(folder)/v\(index + 1).yaml", entities: entities))
        }
        return versions
    }

    static func result(
        _ files: [String], catalog: RuleCatalog = .standard, compatibility: Compatibility = .previous, lock: String? = nil,
        entities: EntityTextCache? = nil
    ) throws(InputError) -> LintResult {
        let versionLock = try lock.map { text throws(InputError) in try VersionLock.parse(bytes: Array(text.utf8), file: "models/schemalint.lock") }
        return Linter(catalog: catalog, options: LintOptions(compatibility: compatibility, lock: versionLock))
            .lint(try ModelHistory.histories(of: try versions(files, entities: entities)))
    }

    static func findings(_ files: [String]) throws(InputError) -> [Finding] {
        try result(files).findings
    }

    /// The error loading one file gives, or nil when it loads.
    static func loadError(_ text: String, file: String = "models/v1.yaml") -> InputError? {
        do throws(InputError) {
            _ = try YAMLModelLoader().load(bytes: Array(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    static func changes(_ old: String, _ new: String) throws(InputError) -> [Change] {
        let loaded = try versions([old, new])
        return ModelDiffer().changes(from: loaded[0], to: loaded[1])
    }
}

import SchemaLintCore

/// A rule about one version on its own: CloudKit's requirements on a synced model.
///
/// The linter checks every version (first versions too) but reports a finding only when its
/// `dedupKey` was not already found in the version's baseline: an inherited problem is reported
/// once, in the version where it first appears, not again in every later version.
package protocol VersionRule: Rule {
    /// Change rules that report the same problem with more context (what older apps do); when
    /// one of them reports the same element in the same version, this rule's finding is dropped.
    var supersededBy: Set<String> { get }
    /// The findings in one version, for its synced entities.
    func check(_ version: ModelVersion) -> [Finding]
}

/// A version rule whose findings about a synced entity depend on nothing but that entity's
/// members and uniqueness constraints (their paths name the entity): an entity the version shares
/// with its baseline has the baseline's findings, so the linter checks only the entities that
/// changed (`HistoryPass`).
package protocol EntityVersionRule: VersionRule {
    /// The findings about one synced entity of `version`.
    func check(_ entity: Entity, in version: ModelVersion) -> [Finding]
}

extension EntityVersionRule {
    package func check(_ version: ModelVersion) -> [Finding] {
        version.syncedEntities.flatMap { check($0, in: version) }
    }
}

extension VersionRule {
    package var supersededBy: Set<String> { [] }

    /// A finding of this rule in `version`, about `path`.
    func finding(
        in version: ModelVersion, path: ElementPath, at location: SourceLocation, message: String,
        severity: Severity? = nil, notes: [Finding.Note] = [], suggestions: [String] = []
    ) -> Finding {
        Finding(
            ruleID: descriptor.id, severity: severity ?? descriptor.syncedSeverity ?? .error, message: message,
            location: location, model: version.model, baseline: nil, version: version.label, path: path,
            notes: notes, suggestions: suggestions
        )
    }
}

extension Finding {
    /// What makes a single-version finding "the same problem" in a later version: rule, element and
    /// severity (a record type that grows from a warning to an error is reported again).
    package var dedupKey: String { "\(identity):\(severity)" }
}

extension ModelVersion {
    /// The entities synced with CloudKit, in declaration order.
    var syncedEntities: [Entity] { entities.filter { isSynced(entity: $0.name) } }
}

extension VersionRule {
    package func add(to kinds: inout RuleKinds) {
        kinds.version.append(self)
    }
}

import SchemaLintCore

/// `name-reused`: a synced field that a released version removed (or renamed away) comes back
/// later with another type or kind. Production still holds the old field with the old type, and
/// apps still on the versions that had it keep writing it. Found however many versions apart: the
/// history is walked once, keeping every vacated name.
struct NameReusedRule: HistoryRule {
    let descriptor = RuleDescriptor(
        id: "name-reused", category: .history, synced: .error, local: nil,
        summary: "A removed synced field comes back later with another type or kind; CloudKit still has the old one."
    )

    /// A field as it stood when a released version vacated its name.
    private struct Vacated {
        var element: Element
        var entity: String
        /// Where it was declared in the last version that had it.
        var location: SourceLocation
        /// The last version that had it, and the release that removed or renamed it.
        var lastIndex: Int
        var removedBy: Int
    }

    /// The addition itself is not a plain addition to deploy: this finding replaces its note.
    var supersedes: Set<String> { ["element-added"] }

    func check(_ context: HistoryContext) -> [Finding] {
        let versions = context.history.versions
        var vacated: [ElementPath: [Vacated]] = [:]
        var findings: [Finding] = []
        for step in context.steps {
            let (baseline, version) = (versions[step.baseline], versions[step.version])
            for change in step.changes {
                switch change.kind {
                case .attributeAdded, .relationshipAdded:
                    if let added = change.new, let entity = version.entity(named: change.path.entity) {
                        findings += reuse(of: added, in: entity, version: version, versions: versions, vacated: vacated)
                    }
                case .entityAdded:
                    if let entity = change.new?.entity {
                        for member in members(of: entity) {
                            findings += reuse(of: member, in: entity, version: version, versions: versions, vacated: vacated)
                        }
                    }
                default:
                    break
                }
            }
            guard version.isReleased else { continue }
            for change in step.changes {
                let oldPath = change.oldPath ?? change.path
                guard baseline.isSynced(entity: oldPath.entity), let old = change.old else { continue }
                switch change.kind {
                case .attributeRemoved, .relationshipRemoved, .attributeRenamed, .relationshipRenamed:
                    vacated[oldPath, default: []].append(Vacated(element: old, entity: oldPath.entity, location: change.oldLocation ?? baseline.location, lastIndex: step.baseline, removedBy: step.version))
                case .entityRemoved:
                    if let entity = old.entity {
                        for member in members(of: entity) {
                            vacated[ElementPath(entity: entity.name, member: member.name), default: []].append(
                                Vacated(element: member, entity: entity.name, location: member.location(in: entity), lastIndex: step.baseline, removedBy: step.version))
                        }
                    }
                default:
                    break
                }
            }
        }
        return findings
    }

    private func members(of entity: Entity) -> [Element] {
        entity.attributes.map(Element.attribute) + entity.relationships.map(Element.relationship)
    }

    /// How CloudKit stores the field: an attribute's type, a to-one link, or nothing on this side.
    private func shape(_ element: Element) -> String? {
        switch element {
        case .attribute(let attribute): attribute.isTransient ? nil : "an attribute of type \(attribute.type)"
        case .relationship(let relationship): relationship.isTransient ? nil : relationship.isToMany ? "a to-many relationship" : "a to-one relationship"
        case .entity: nil
        }
    }

    private func reuse(of added: Element, in entity: Entity, version: ModelVersion, versions: [ModelVersion], vacated: [ElementPath: [Vacated]]) -> [Finding] {
        guard version.isSynced(entity: entity.name), let newShape = shape(added),
              let earlier = vacated[ElementPath(entity: entity.name, member: added.name)]
        else { return [] }
        let conflicting = earlier.filter { shape($0.element).map { $0 != newShape } ?? false }
        guard let oldest = conflicting.first, let oldShape = shape(oldest.element) else { return [] }
        let (had, removedBy) = (versions[oldest.lastIndex], versions[oldest.removedBy])
        var notes = [Finding.Note("'\(oldest.entity).\(oldest.element.name)' as declared in \(had.displayName)", at: oldest.location)]
        for other in conflicting.dropFirst() {
            notes.append(Finding.Note("also \(shape(other.element) ?? "a field") until \(versions[other.removedBy].displayName)", at: other.location))
        }
        let field = added.relationship.map { "CD_\($0.name)" } ?? "CD_\(added.name)"
        return [Finding(
            ruleID: descriptor.id, severity: descriptor.syncedSeverity ?? .error,
            message: "\(added.kind) '\(entity.name).\(added.name)' comes back in \(version.displayName) as \(newShape), but it was \(oldShape) until \(removedBy.displayName) removed it; the CloudKit production schema keeps \(field) as it was for all time, and apps still on \(had.displayName) keep writing it",
            location: added.location(of: added.attribute != nil ? "type" : "destination", in: entity), model: version.model,
            baseline: had.label, version: version.label, path: ElementPath(entity: entity.name, member: added.name),
            notes: notes,
            suggestions: ["choose a name that was never used in this entity (say '\(added.name)2'), and leave '\(added.name)' to the old field"]
        )]
    }
}

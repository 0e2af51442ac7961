import SchemaLintCore

/// A rule about a Core Data mapping model found beside the models: whether it fits a step of a
/// history, and whether it still maps what the versions hold.
package protocol MappingModelRule: Rule {
    func check(_ mappingModel: MappingModel, _ placement: MappingModelPlacement) -> [Finding]
}

/// Where a mapping model fits: the history step it migrates, or why it fits none.
package enum MappingModelPlacement: Sendable {
    /// `otherPasses`: the other mapping models of the same step, where the app runs its own
    /// migration, which may run each in turn (a multi-pass migration); empty where Core Data
    /// migrates the step, with one mapping model.
    case step(history: ModelHistory, from: ModelVersion, to: ModelVersion, otherPasses: [MappingModel] = [])
    /// `skippedModel`: the bundle the walk left out that has the model's name, if that is why.
    case unmatched(problem: String, model: String?, skippedModel: SkippedPath? = nil)
}

extension MappingModelRule {
    /// A finding of this rule at `location` in the mapping model.
    func finding(
        _ mappingModel: MappingModel, _ placement: MappingModelPlacement, severity: Severity? = nil, message: String, at location: SourceLocation? = nil,
        path: ElementPath? = nil, notes: [Finding.Note] = [], suggestions: [String] = []
    ) -> Finding {
        let model: String, version: String, baseline: String?, synced: Bool
        switch placement {
        case .step(let history, let from, let to, _):
            (model, version, baseline, synced) = (history.model, to.label, from.label, to.hasSyncedEntities && from.hasSyncedEntities)
        case .unmatched(_, let named, _):
            (model, version, baseline, synced) = (named ?? mappingModel.source?.model ?? mappingModel.name, mappingModel.destination?.version ?? "", mappingModel.source?.version, false)
        }
        return Finding(
            ruleID: descriptor.id, severity: severity ?? descriptor.severity(synced: synced) ?? .note, message: message,
            location: location ?? mappingModel.location, model: model, baseline: baseline, version: version,
            path: path ?? ElementPath(entity: mappingModel.name), notes: notes, suggestions: suggestions
        )
    }
}

extension MappingModelRule {
    package func add(to kinds: inout RuleKinds) {
        kinds.mappingModel.append(self)
    }
}

import SchemaLintCore

extension MappingModel {
    /// What the mapping model maps that `from` or `to` no longer has (each where the mapping
    /// model names it): none where it still matches the step, so that Core Data uses it.
    package func mismatches(from: ModelVersion, to: ModelVersion) -> [Finding.Note] {
        var problems: [Finding.Note] = []
        for mapping in entityMappings {
            let label = mapping.name.map { "entity mapping '\($0)'" } ?? "an entity mapping"
            if let source = mapping.source, from.entity(named: source) == nil {
                problems.append(Finding.Note("\(label) maps source entity '\(source)', which \(from.displayName) does not have", at: mapping.location))
            }
            guard let name = mapping.destination else { continue }
            guard to.entity(named: name) != nil else {
                problems.append(Finding.Note("\(label) makes objects of '\(name)', which \(to.displayName) does not have", at: mapping.location))
                continue
            }
            let attributes = Set(to.attributes(ofObjectsOf: name).map(\.name))
            let relationships = Set(to.relationships(ofObjectsOf: name).map(\.name))
            for property in mapping.attributes where !attributes.contains(property.name) {
                problems.append(Finding.Note("it maps attribute '\(name).\(property.name)', which \(to.displayName) does not have", at: property.location))
            }
            for property in mapping.relationships where !relationships.contains(property.name) {
                problems.append(Finding.Note("it maps relationship '\(name).\(property.name)', which \(to.displayName) does not have", at: property.location))
            }
        }
        return problems
    }
}

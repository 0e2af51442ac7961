extension ModelVersion {
    /// The entities of each inheritance tree (one CloudKit record type each), roots in declaration order.
    package var recordTypes: [(root: String, entities: [Entity])] {
        var order: [String] = []
        var members: [String: [Entity]] = [:]
        for entity in entities {
            let root = rootEntity(of: entity.name)
            if members[root] == nil { order.append(root) }
            members[root, default: []].append(entity)
        }
        return order.map { ($0, members[$0]!) }
    }
}

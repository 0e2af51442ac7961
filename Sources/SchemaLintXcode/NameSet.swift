/// The names met so far in one list (a model's entities, an entity's properties), to tell a
/// repeated one. Xcode writes both lists sorted by name, so while the names come in increasing
/// order a comparison with the last one tells it (no hashing); the first name out of order moves
/// them all into a set.
package struct NameSet {
    package init() {}

    private var last: String?
    private var set: Set<String>?

    /// Adds `name`; false when the list had it already. `earlier` gives every name added before; it
    /// is asked for once, when the names stop coming in order.
    package mutating func insert(_ name: String, earlier: () -> [String]) -> Bool {
        if set == nil {
            if last.map({ $0 < name }) ?? true {
                last = name
                return true
            }
            set = Set(earlier())
        }
        return set!.insert(name).inserted
    }

    /// Forgets every name (the next list starts).
    package mutating func removeAll() {
        last = nil
        set = nil
    }
}

/// Something with a name that may carry a renaming identifier.
protocol RenamableElement {
    var name: String { get }
    var renamedFrom: String? { get }
}

extension Entity: RenamableElement {}
extension Attribute: RenamableElement {}
extension Relationship: RenamableElement {}

/// Pairs the elements of an older and a newer list by name, then by renaming identifier.
///
/// A renaming identifier is a rename only when the older list lacks the newer name and holds the
/// element the identifier names (Xcode keeps identifiers in every later version, sometimes equal
/// to the element's own name). Each older element is claimed at most once.
enum NameMatcher {
    /// Positions in the older and newer lists (no element is copied: matching is on names only).
    struct Match {
        var matched: [(old: Int, new: Int)] = []
        var added: [Int] = []
        var removed: [Int] = []
        /// Old name -> new name for the renamed elements.
        var renamedTo: [String: String] = [:]
    }

    static func match<Element: RenamableElement>(old: [Element], new: [Element]) -> Match {
        // The common case between versions: the same names in the same order, matched without hashing.
        if old.count == new.count, old.indices.allSatisfy({ old[$0].name == new[$0].name }) {
            return Match(matched: old.indices.map { ($0, $0) })
        }
        var oldIndex: [String: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for offset in old.indices { oldIndex[old[offset].name] = offset }
        var claimed = [Bool](repeating: false, count: old.count)
        var result = Match()
        result.matched.reserveCapacity(new.count)
        var pending: [Int] = []

        // Names first, so a renaming identifier can never steal an element kept under its own name.
        for offset in new.indices {
            if let oldOffset = oldIndex[new[offset].name] {
                claimed[oldOffset] = true
                result.matched.append((oldOffset, offset))
            } else {
                pending.append(offset)
            }
        }
        for offset in pending {
            if let source = new[offset].renamedFrom, let oldOffset = oldIndex[source], !claimed[oldOffset] {
                claimed[oldOffset] = true
                result.matched.append((oldOffset, offset))
                result.renamedTo[source] = new[offset].name
            } else {
                result.added.append(offset)
            }
        }
        for offset in old.indices where !claimed[offset] {
            result.removed.append(offset)
        }
        return result
    }
}

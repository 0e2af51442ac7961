/// Something with a name that may carry a renaming identifier.
package protocol RenamableElement {
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
/// to the element's own name), or when an older element left over carries the newer one's
/// identifier itself. Each older element is claimed at most once.
///
/// Core Data pairs a stored element with the newer one of the same renaming identifier, an
/// element's identifier being its name where none is set (Apple calls it the canonical name): two
/// elements of one name whose identifiers differ (`Note` in the older version, `Note` identified
/// as `CDNote` in the newer) are not paired, and a store migrates by dropping the older one's data
/// and starting the newer one empty. Such a pair is a removal and an addition (`reidentified`).
package enum NameMatcher {
    /// Positions in the older and newer lists (no element is copied: matching is on names only).
    package struct Match {
        package var matched: [(old: Int, new: Int)] = []
        package var added: [Int] = []
        package var removed: [Int] = []
        /// Old name -> new name for the renamed elements.
        package var renamedTo: [String: String] = [:]
        /// Elements of one name that Core Data does not pair, their renaming identifiers differing:
        /// each is in `removed` and `added` too.
        package var reidentified: [(old: Int, new: Int)] = []
    }

    /// The identifier Core Data pairs an element by: its renaming identifier, else its name.
    package static func identifier<Element: RenamableElement>(of element: Element) -> String {
        element.renamedFrom.flatMap { $0.isEmpty ? nil : $0 } ?? element.name
    }

    /// With `separatingReidentified` off, elements of one name are paired whatever their identifiers.
    package static func match<Element: RenamableElement>(old: [Element], new: [Element], separatingReidentified: Bool = true) -> Match {
        let byName = matchByName(old: old, new: new)
        return separatingReidentified ? self.separatingReidentified(byName, old: old, new: new) : byName
    }

    /// Moves the pairs of one name whose identifiers differ from `matched` to `removed`, `added`
    /// and `reidentified`.
    private static func separatingReidentified<Element: RenamableElement>(_ match: Match, old: [Element], new: [Element]) -> Match {
        func differ(_ pair: (old: Int, new: Int)) -> Bool {
            let (before, after) = (old[pair.old], new[pair.new])
            return before.renamedFrom != after.renamedFrom && before.name == after.name && identifier(of: before) != identifier(of: after)
        }
        guard match.matched.contains(where: differ) else { return match }
        var result = match
        result.matched = match.matched.filter { !differ($0) }
        result.reidentified = match.matched.filter(differ)
        result.removed = (match.removed + result.reidentified.map(\.old)).sorted()
        result.added = (match.added + result.reidentified.map(\.new)).sorted()
        return result
    }

    private static func matchByName<Element: RenamableElement>(old: [Element], new: [Element]) -> Match {
        // The common case between versions: the same names in the same order, matched without hashing.
        if old.count == new.count, old.indices.allSatisfy({ old[$0].name == new[$0].name }) {
            return Match(matched: old.indices.map { ($0, $0) })
        }
        // Xcode writes an entity's attributes and relationships sorted by name: one merge, no hashing.
        if isSortedByName(old), isSortedByName(new) {
            var claimed = [Bool](repeating: false, count: old.count)
            var matched: [(old: Int, new: Int)] = []
            matched.reserveCapacity(min(old.count, new.count))
            var pending: [Int] = []
            var oldOffset = 0
            for offset in new.indices {
                let name = new[offset].name
                while oldOffset < old.count, old[oldOffset].name < name { oldOffset += 1 }
                if oldOffset < old.count, old[oldOffset].name == name {
                    claimed[oldOffset] = true
                    matched.append((oldOffset, offset))
                    oldOffset += 1
                } else {
                    pending.append(offset)
                }
            }
            return finish(Match(matched: matched), old: old, new: new, pending: pending, claimed: claimed) { source in
                binarySearch(source, in: old)
            }
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
        return finish(result, old: old, new: new, pending: pending, claimed: claimed) { oldIndex[$0] }
    }

    /// Matches the newer elements left unmatched by name (`pending`, in order) by their renaming
    /// identifiers (`oldOffset` finds an older element by name), then lists the additions and removals.
    private static func finish<Element: RenamableElement>(
        _ matchedByName: Match, old: [Element], new: [Element], pending: [Int], claimed: [Bool], oldOffset: (String) -> Int?
    ) -> Match {
        var result = matchedByName
        var claimed = claimed
        var unmatched: [Int] = []
        for offset in pending {
            if let source = new[offset].renamedFrom, let oldOffset = oldOffset(source), !claimed[oldOffset] {
                claimed[oldOffset] = true
                result.matched.append((oldOffset, offset))
                result.renamedTo[source] = new[offset].name
            } else {
                unmatched.append(offset)
            }
        }
        // Core Data pairs a source and a destination property whose renaming identifiers are equal,
        // an element's identifier being its name where none is set: an older element whose own
        // identifier is the newer one's (`lastModified` identified as `lastUpdated`, then
        // `lastUpdated`) is renamed too.
        var byIdentifier: [String: Int] = [:]
        for offset in old.indices where !claimed[offset] {
            if let identifier = old[offset].renamedFrom, identifier != old[offset].name, byIdentifier[identifier] == nil { byIdentifier[identifier] = offset }
        }
        for offset in unmatched {
            if let oldOffset = byIdentifier[new[offset].renamedFrom ?? new[offset].name], !claimed[oldOffset] {
                claimed[oldOffset] = true
                result.matched.append((oldOffset, offset))
                result.renamedTo[old[oldOffset].name] = new[offset].name
            } else {
                result.added.append(offset)
            }
        }
        for offset in old.indices where !claimed[offset] {
            result.removed.append(offset)
        }
        return result
    }

    /// Whether every name is less than the next (so no two are equal).
    private static func isSortedByName<Element: RenamableElement>(_ elements: [Element]) -> Bool {
        elements.indices.dropFirst().allSatisfy { elements[$0 - 1].name < elements[$0].name }
    }

    /// The offset of the element named `name` in a list sorted by name.
    private static func binarySearch<Element: RenamableElement>(_ name: String, in elements: [Element]) -> Int? {
        var range = elements.startIndex..<elements.endIndex
        while !range.isEmpty {
            let middle = range.lowerBound + range.count / 2
            let candidate = elements[middle].name
            if candidate == name { return middle }
            range = candidate < name ? (middle + 1)..<range.upperBound : range.lowerBound..<middle
        }
        return nil
    }
}

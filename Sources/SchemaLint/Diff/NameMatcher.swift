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
    struct Match<Element> {
        var matched: [(old: Element, new: Element)] = []
        var added: [Element] = []
        var removed: [Element] = []
        /// Old name -> new name for the renamed elements.
        var renamedTo: [String: String] = [:]
    }

    static func match<Element: RenamableElement>(old: [Element], new: [Element]) -> Match<Element> {
        var oldIndex: [String: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (offset, element) in old.enumerated() { oldIndex[element.name] = offset }
        var claimed = [Bool](repeating: false, count: old.count)
        var result = Match<Element>()
        var pending: [Element] = []

        // Names first, so a renaming identifier can never steal an element kept under its own name.
        for element in new {
            if let offset = oldIndex[element.name] {
                claimed[offset] = true
                result.matched.append((old[offset], element))
            } else {
                pending.append(element)
            }
        }
        for element in pending {
            if let source = element.renamedFrom, let offset = oldIndex[source], !claimed[offset] {
                claimed[offset] = true
                result.matched.append((old[offset], element))
                result.renamedTo[source] = element.name
            } else {
                result.added.append(element)
            }
        }
        for (offset, element) in old.enumerated() where !claimed[offset] {
            result.removed.append(element)
        }
        return result
    }
}

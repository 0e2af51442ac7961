/// The classes a project declares with their superclasses, and the other names each is given
/// (an `@objc` name, a name it is registered under): from them, the names of the project's
/// value transformers that read keyed archives (`StoreCodeFacts.keyedArchiveTransformers`), the
/// classes that inherit from `NSSecureUnarchiveFromDataTransformer` directly or through other
/// classes of the project. The Swift and the Objective-C store-code readers each fill one.
package struct KeyedArchiveClasses: Sendable {
    package static let foundationBase = "NSSecureUnarchiveFromDataTransformer"

    /// Each class by name, with the name of its superclass (the first one declared wins).
    package var superclass: [String: String] = [:]
    package var otherNames: [String: Set<String>] = [:]

    package init() {}

    package mutating func merge(_ other: KeyedArchiveClasses) {
        superclass.merge(other.superclass) { first, _ in first }
        otherNames.merge(other.otherNames) { $0.union($1) }
    }

    /// Every name a model may give a class that reads keyed archives.
    package func transformerNames() -> Set<String> {
        var keyed: Set<String> = [Self.foundationBase]
        var grew = true
        while grew {
            grew = false
            for (name, base) in superclass where !keyed.contains(name) && keyed.contains(base) {
                keyed.insert(name)
                grew = true
            }
        }
        keyed.remove(Self.foundationBase)
        return keyed.reduce(into: Set<String>()) { names, type in
            names.insert(type)
            names.formUnion(otherNames[type] ?? [])
        }
    }
}

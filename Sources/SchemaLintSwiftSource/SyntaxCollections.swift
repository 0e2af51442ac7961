import SwiftSyntax
import SchemaLintCore

extension SyntaxCollection {
    /// Whether an element satisfies `predicate`, read by index.
    ///
    /// `contains(where:)` and `Array(_:)` iterate with `SyntaxCollectionIterator<Self>`, a generic
    /// type the Swift runtime makes the first time a process iterates each kind of collection. To
    /// make it, the runtime looks for `Self`'s conformance among every conformance of the binary
    /// and its libraries (swift-syntax brings some 5,000): about half a million instructions for
    /// each kind of collection, once per process (docs/performance.md). Read by index, nothing is
    /// made at run time.
    @inlinable
    package func containsElement(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: predicate) != nil
    }

    /// The elements in order, read by index (see `containsElement(where:)`).
    @inlinable
    package var elementArray: [Element] { map { $0 } }
}

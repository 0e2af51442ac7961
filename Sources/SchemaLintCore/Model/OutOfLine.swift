/// A value kept out of line, in one reference: copying what holds it retains that reference
/// instead of each string and array inside, and changing a shared copy copies the value first (an
/// array of one element, for its copy on write). For the model's and the checks' values that are
/// copied far more often than changed (`Entity`, `Change`, `Finding`).
package struct OutOfLine<Value: Sendable>: Sendable {
    private var storage: [Value]

    package init(_ value: Value) { storage = [value] }

    /// Whether both hold the very same storage (a copy of one value): then their values are equal.
    func isIdentical(to other: OutOfLine) -> Bool {
        storage.withUnsafeBufferPointer { mine in other.storage.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }

    package var value: Value {
        get { storage[0] }
        _modify { yield &storage[0] }
    }
}

extension OutOfLine: Equatable where Value: Equatable {}
extension OutOfLine: Hashable where Value: Hashable {}

/// Written as the value itself: a copy read back holds storage of its own.
extension OutOfLine: Codable where Value: Codable {
    package init(from decoder: any Decoder) throws { self.init(try Value(from: decoder)) }
    package func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// The positions of the tokens of a file that one kind of search looks for, in order, so that
/// "the last removal before this call" or "a `migratePersistentStore:` after it" is a binary
/// search rather than a walk over the body: a method that adds its store hundreds of times (or
/// nests hundreds of error branches) stays linear.
struct TokenPositions {
    private let sorted: [Int]

    /// `positions` in increasing order.
    init(_ positions: some Sequence<Int>) {
        self.sorted = Array(positions)
    }

    /// The positions in `range`, in order.
    func all(in range: Range<Int>) -> ArraySlice<Int> {
        sorted[firstIndex(notBelow: range.lowerBound)..<firstIndex(notBelow: range.upperBound)]
    }

    func first(in range: Range<Int>) -> Int? { all(in: range).first }

    func last(in range: Range<Int>) -> Int? { all(in: range).last }

    private func firstIndex(notBelow value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

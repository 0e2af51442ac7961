/// Orders names the way people number them: runs of digits compare as numbers, so
/// `Model 9 < Model 10`, `v1.9 < v1.10`, and a name that is a prefix of another comes first
/// (`Model < Model 2`). Spaces and punctuation where one name has them and the other has not are
/// passed over, so that a bundle mixing Xcode's `Model 23` with a hand-named `Model2` (or `V 58`
/// with `V2`) still compares the numbers. Names that compare equal that way (`v01`, `v1`,
/// `Model 2`, `Model2`) fall back to plain string order.
package enum NaturalOrder {
    /// Whether `lhs` comes before `rhs`.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        switch compare(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars)) {
        case .some(let less): less
        case nil: lhs < rhs
        }
    }

    /// The names in natural order.
    package static func sorted(_ names: some Sequence<String>) -> [String] { names.sorted(by: precedes) }

    /// True or false when the names differ in natural order, nil when they are equal in it.
    private static func compare(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool? {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                let endA = digitRunEnd(a, from: i), endB = digitRunEnd(b, from: j)
                if let less = compareNumbers(a[i..<endA], b[j..<endB]) { return less }
                i = endA
                j = endB
            } else if a[i] != b[j], isSeparator(a[i]) || isSeparator(b[j]) {
                while i < a.count, isSeparator(a[i]) { i += 1 }
                while j < b.count, isSeparator(b[j]) { j += 1 }
            } else {
                if a[i] != b[j] { return a[i].value < b[j].value }
                i += 1
                j += 1
            }
        }
        if i < a.count || j < b.count { return i == a.count }
        return nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// A space or ASCII punctuation: what people put between a name and its number, or not.
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        separators.contains(scalar)
    }

    private static let separators = Set(" \t_-.,:;+#()[]".unicodeScalars)

    private static func digitRunEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, isDigit(scalars[end]) { end += 1 }
        return end
    }

    /// Compares two digit runs by value, without converting them (they can be longer than an Int).
    private static func compareNumbers(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Bool? {
        let x = a.drop { $0 == "0" }, y = b.drop { $0 == "0" }
        if x.count != y.count { return x.count < y.count }
        for (p, q) in zip(x, y) where p != q { return p.value < q.value }
        return nil
    }
}

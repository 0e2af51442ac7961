/// Orders release tags by the version they name, not by date or spelling: `v1.9 < v1.10`,
/// `v2.0 < v10.0`, and a pre-release before its release (`v2.1.2-beta3 < v2.1.2`, as in
/// Semantic Versioning). A tag is read as a prefix (`v`, `release-`), dotted numbers, and a rest:
/// a rest that starts with `-` or a letter (`-beta3`, `rc1`) marks a pre-release; any other rest
/// (`+build.5`) comes after the release; `v1.2` and `1.2` name the same version. Tags of different
/// prefixes, or without numbers, are in natural order (`NaturalOrder`).
package enum ReleaseTagOrder {
    /// Whether `lhs` is an earlier release than `rhs`.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool { Key(lhs).precedes(Key(rhs)) }

    /// Whether two tags name the same version of one family (`v2.1-beta3` and `v2.1.0-rc1`).
    package static func isSameVersion(_ lhs: String, _ rhs: String) -> Bool { Key(lhs).isSameVersion(as: Key(rhs)) }

    /// Whether a tag has more after its version (`-beta3`, `-212`): what sorts before the version alone.
    package static func isPreRelease(_ name: String) -> Bool { Parts(name).isPreRelease }

    /// A tag's name read once for ordering: sorting hundreds of tags compares each many times.
    package struct Key: Sendable {
        package let name: String
        fileprivate let family: Substring
        /// The version's numbers (`[2, 1, 2]`) and what follows them (`-beta3`).
        package let numbers: [Int]
        package let rest: String
        package let isPreRelease: Bool

        package init(_ name: String) {
            let parts = Parts(name)
            self.name = name
            family = parts.family
            numbers = parts.numbers
            rest = parts.rest
            isPreRelease = parts.isPreRelease
        }

        /// Whether the name is a version as release tags spell one: numbers straight after a `v`
        /// (`v1.2`, `V-1.2`) or none (`1.2`). A CI job's tag whose version never reached it
        /// (`v$APP_VERSION_b`, `v_b`) names none.
        package var namesAVersion: Bool { family.isEmpty && !numbers.isEmpty }

        /// Whether this tag is an earlier release than `other`.
        package func precedes(_ other: Key) -> Bool {
            guard family == other.family, !numbers.isEmpty, !other.numbers.isEmpty else { return NaturalOrder.precedes(name, other.name) }
            if let order = Self.order(numbers, other.numbers) { return order }
            if isPreRelease != other.isPreRelease { return isPreRelease }
            if rest != other.rest { return NaturalOrder.precedes(rest, other.rest) }
            return name < other.name
        }

        /// Whether both name the same version of one family.
        package func isSameVersion(as other: Key) -> Bool {
            family == other.family && !numbers.isEmpty && !other.numbers.isEmpty && Self.order(numbers, other.numbers) == nil
        }

        /// Whether `a` precedes `b` as versions, missing places read as 0 (`1.2` is `1.2.0`); nil
        /// where they are the same version.
        private static func order(_ a: [Int], _ b: [Int]) -> Bool? {
            for index in 0..<max(a.count, b.count) {
                let (x, y) = (index < a.count ? a[index] : 0, index < b.count ? b[index] : 0)
                if x != y { return x < y }
            }
            return nil
        }
    }

    /// `v` `[2, 1, 2]` `-beta3` for `v2.1.2-beta3`.
    private struct Parts {
        var prefix: Substring
        var numbers: [Int] = []
        var rest: String = ""

        init(_ tag: String) {
            let scalars = tag.unicodeScalars
            let start = scalars.firstIndex { $0.properties.numericType == .decimal && $0.isASCII } ?? scalars.endIndex
            prefix = Substring(String(scalars[..<start]))
            var index = start
            while index < scalars.endIndex {
                var end = index
                while end < scalars.endIndex, scalars[end].isASCII, scalars[end].properties.numericType == .decimal { end = scalars.index(after: end) }
                // Digit runs too long for an Int end the version part (they are dates or hashes, compared as text).
                guard end > index, let number = Int(String(scalars[index..<end])) else { break }
                numbers.append(number)
                index = end
                let next = index < scalars.endIndex ? scalars.index(after: index) : index
                guard index < scalars.endIndex, scalars[index] == ".", next < scalars.endIndex, scalars[next].isASCII,
                      scalars[next].properties.numericType == .decimal else { break }
                index = next
            }
            rest = String(scalars[index...])
        }

        /// The prefix, where `v1.2`, `v.1.2` and `1.3` are one family: a repository that moved
        /// from one spelling to the other releases on one line. So is `vv1.2`: a release script
        /// that puts a `v` before a version that has one already.
        var family: Substring {
            let letters = prefix.filter { !".-_".contains($0) }.lowercased()
            return letters == "v" || letters == "vv" ? "" : prefix
        }

        var isPreRelease: Bool {
            guard let first = rest.unicodeScalars.first else { return false }
            return first == "-" || first.properties.isAlphabetic
        }
    }
}

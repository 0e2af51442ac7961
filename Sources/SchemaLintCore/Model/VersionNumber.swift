/// A model version: an integer or dotted numbers, ordered numerically component by component
/// (`2 < 2.1 < 10`). Trailing zero components do not count (`2 == 2.0`).
package struct VersionNumber: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    package let components: [Int]
    /// The spelling found in the file, used in messages.
    package let text: String

    package init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 18, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                return nil
            }
            components.append(value)
        }
        guard !components.isEmpty else { return nil }
        self.text = text
        self.components = components
    }

    /// The n-th version of a history whose versions have no numbers of their own (Xcode bundles).
    package init(ordinal: Int) {
        self.components = [ordinal]
        self.text = String(ordinal)
    }

    /// The place of a release read from a git tag (`--history git`), named by the tag: `-1.position`,
    /// so that every release comes before any version a file can name (file versions are never negative).
    package init(releasePosition position: Int, tag: String) {
        self.components = [-1, position]
        self.text = tag
    }

    private var significant: ArraySlice<Int> {
        var slice = components[...]
        while slice.count > 1, slice.last == 0 { slice = slice.dropLast() }
        return slice
    }

    package var description: String { text }

    package static func == (lhs: VersionNumber, rhs: VersionNumber) -> Bool { lhs.significant == rhs.significant }
    package func hash(into hasher: inout Hasher) { hasher.combine(Array(significant)) }

    package static func < (lhs: VersionNumber, rhs: VersionNumber) -> Bool {
        lhs.significant.lexicographicallyPrecedes(rhs.significant)
    }
}

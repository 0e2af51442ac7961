import Testing
@testable import SchemaLint

/// `NameSet` tells a repeated name whether the names come sorted (as Xcode writes them) or not.
@Suite struct NameSetTests {
    /// Inserts each name in turn; the positions of the names found repeated.
    static func repeats(_ names: [String]) -> [Int] {
        var set = NameSet()
        var added: [String] = []
        var found: [Int] = []
        for (index, name) in names.enumerated() {
            if !set.insert(name, earlier: { added }) { found.append(index) }
            added.append(name)
        }
        return found
    }

    @Test func sortedNamesAreAllNew() {
        #expect(Self.repeats(["a", "b", "c", "Ü"]).isEmpty)
    }

    @Test(arguments: [
        (["a", "b", "a"], [2]),
        (["b", "a", "b"], [2]),
        (["a", "a"], [1]),
        (["c", "d", "a", "b", "d", "c"], [4, 5]),
        (["x", "a", "y", "b"], []),
    ])
    func aRepeatedNameIsFoundInAnyOrder(_ names: [String], _ expected: [Int]) {
        #expect(Self.repeats(names) == expected)
    }

    @Test func removeAllStartsAnotherList() {
        var set = NameSet()
        let results = [
            set.insert("b", earlier: { [] }),
            set.insert("a", earlier: { ["b"] }),
            { set.removeAll(); return set.insert("b", earlier: { [] }) }(),
            set.insert("b", earlier: { ["b"] }),
        ]
        #expect(results == [true, true, true, false])
    }
}

import Testing
@testable import SchemaLint

/// `NameMatcher` pairs lists sorted by name (as Xcode writes members) with a merge, and other lists
/// through a table of names: both ways must give the same pairs, additions, removals and renames.
@Suite struct NameMatcherTests {
    static func attribute(_ name: String, from old: String? = nil) -> Attribute {
        Attribute(name: name, type: .string, renamedFrom: old, location: RelativeLocation(lineOffset: 0, column: 1))
    }

    /// The match as sets of names, whatever order the lists were in.
    struct Outcome: Equatable {
        var matched: Set<String>
        var added: Set<String>
        var removed: Set<String>
        var renamedTo: [String: String]

        init(_ match: NameMatcher.Match, old: [Attribute], new: [Attribute]) {
            matched = Set(match.matched.map { "\(old[$0.old].name)>\(new[$0.new].name)" })
            added = Set(match.added.map { new[$0].name })
            removed = Set(match.removed.map { old[$0].name })
            renamedTo = match.renamedTo
        }
    }

    static let cases: [([Attribute], [Attribute])] = [
        ([attribute("a"), attribute("c"), attribute("e")], [attribute("b"), attribute("c"), attribute("d"), attribute("e")]),
        ([attribute("a"), attribute("b")], [attribute("a"), attribute("c", from: "b")]),
        // A renaming identifier never takes an element kept under its own name, nor one taken before.
        ([attribute("a"), attribute("b")], [attribute("a", from: "b"), attribute("b"), attribute("c", from: "a")]),
        ([attribute("m"), attribute("n")], [attribute("k", from: "n"), attribute("l", from: "n")]),
        // The older element's own identifier names the newer element.
        ([attribute("lastModified", from: "lastUpdated")], [attribute("lastUpdated", from: "lastUpdated")]),
        ([], [attribute("a")]),
        ([attribute("a")], []),
    ]

    @Test(arguments: cases.indices)
    func sortedAndUnsortedListsMatchTheSame(_ index: Int) {
        let (old, new) = Self.cases[index]
        #expect(old.map(\.name) == old.map(\.name).sorted() && new.map(\.name) == new.map(\.name).sorted())
        let sorted = Outcome(NameMatcher.match(old: old, new: new), old: old, new: new)
        // The older list out of order takes the table; the newer list keeps its order, so where two
        // renaming identifiers name the same element the same one wins.
        let reversedOld = Array(old.reversed())
        let unsorted = Outcome(NameMatcher.match(old: reversedOld, new: new), old: reversedOld, new: new)
        #expect(sorted == unsorted)
    }

    @Test func aRenameIsFoundInSortedLists() {
        let match = NameMatcher.match(old: [Self.attribute("a"), Self.attribute("b")], new: [Self.attribute("a"), Self.attribute("c", from: "b")])
        #expect(match.renamedTo == ["b": "c"])
        #expect(match.matched.map { [$0.old, $0.new] } == [[0, 0], [1, 1]])
        #expect(match.added.isEmpty && match.removed.isEmpty)
    }

    /// Core Data pairs properties whose renaming identifiers are equal, an identifier being the
    /// name where none is set: the identifier may be set on the older element, naming the newer.
    @Test func anIdentifierOnTheOlderElementNamingTheNewerIsARename() {
        let old = [Self.attribute("lastModified", from: "lastUpdated"), Self.attribute("title")]
        let match = NameMatcher.match(old: old, new: [Self.attribute("lastUpdated"), Self.attribute("title")])
        #expect(match.renamedTo == ["lastModified": "lastUpdated"])
        #expect(match.added.isEmpty && match.removed.isEmpty)
        // An identifier equal to the element's own name is no rename.
        let same = NameMatcher.match(old: [Self.attribute("a", from: "a")], new: [Self.attribute("b")])
        #expect(same.renamedTo.isEmpty && same.added == [0] && same.removed == [0])
    }

    /// Elements of one name whose identifiers differ are not paired (Core Data drops the older
    /// one's data), whichever side sets the identifier and however the lists are ordered; an
    /// identifier kept from one version to the next, or equal to the name, pairs them.
    @Test(arguments: [false, true])
    func elementsOfOneNameWithDifferentIdentifiersAreNotPaired(reversed: Bool) {
        func order(_ list: [Attribute]) -> [Attribute] { reversed ? list.reversed() : list }
        for (old, new) in [
            ([Self.attribute("body"), Self.attribute("title")], [Self.attribute("body"), Self.attribute("title", from: "heading")]),
            ([Self.attribute("body"), Self.attribute("title", from: "heading")], [Self.attribute("body"), Self.attribute("title")]),
        ] {
            let (before, after) = (order(old), order(new))
            let match = NameMatcher.match(old: before, new: after)
            #expect(match.reidentified.map { [before[$0.old].name, after[$0.new].name] } == [["title", "title"]])
            #expect(match.removed.map { before[$0].name } == ["title"] && match.added.map { after[$0].name } == ["title"])
            #expect(match.matched.map { before[$0.old].name } == ["body"] && match.renamedTo.isEmpty)
        }
        for (old, new) in [
            ([Self.attribute("title", from: "heading")], [Self.attribute("title", from: "heading")]),
            ([Self.attribute("title")], [Self.attribute("title", from: "title")]),
        ] {
            let match = NameMatcher.match(old: order(old), new: order(new))
            #expect(match.reidentified.isEmpty && match.matched.count == 1 && match.added.isEmpty && match.removed.isEmpty)
        }
    }
}

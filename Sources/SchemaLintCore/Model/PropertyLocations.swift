/// Where an element's properties are written (`type`, `optional`, `default`, ...): pairs of a
/// property's name and its position, in the order they were recorded. A version's positions are
/// `SourceLocation`s (`PropertyLocations`); an entity's and its members' are relative to the
/// entity (`RelativePropertyLocations`).
///
/// Elements have few properties, so a small array searched in order costs less than a dictionary:
/// no hashing, and one allocation of exactly the entries (none when empty), for every element of
/// every version the model holds. Equality ignores the order of the entries, as a dictionary's does.
package struct PropertyPositions<Position: Hashable & Sendable>: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    package typealias Element = (property: String, location: Position)

    private var entries: [Element] = []

    package init() {}

    package init(dictionaryLiteral elements: (String, Position)...) {
        for (property, location) in elements { self[property] = location }
    }

    package var count: Int { entries.count }
    package var isEmpty: Bool { entries.isEmpty }

    package mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// The position of `property`, or nil if it was not written; setting nil removes it.
    package subscript(property: String) -> Position? {
        get {
            for entry in entries where entry.property == property { return entry.location }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.property == property }
            switch (index, newValue) {
            case (let index?, let location?): entries[index].location = location
            case (let index?, nil): entries.remove(at: index)
            case (nil, let location?): entries.append((property, location))
            case (nil, nil): break
            }
        }
    }

    package func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.property] == $0.location }
    }

    package func hash(into hasher: inout Hasher) {
        // Independent of the order, like equality.
        hasher.combine(count)
        hasher.combine(entries.reduce(0) { $0 ^ (31 &* $1.property.hashValue &+ $1.location.hashValue) })
    }
}

package typealias PropertyLocations = PropertyPositions<SourceLocation>
package typealias RelativePropertyLocations = PropertyPositions<RelativeLocation>

extension PropertyPositions where Position == SourceLocation {
    /// The same positions relative to `anchor`, the location of the entity that holds them.
    package func relative(to anchor: SourceLocation) -> RelativePropertyLocations {
        var result = RelativePropertyLocations()
        result.reserveCapacity(count)
        for (property, location) in self { result[property] = location.relative(to: anchor) }
        return result
    }
}

extension PropertyPositions where Position == RelativeLocation {
    /// The same positions `lines` lines further down (up, for a negative count), as for an element
    /// written the same way at another line of its entity.
    package func movedDown(by lines: Int) -> RelativePropertyLocations {
        guard lines != 0 else { return self }
        var moved = self
        for index in moved.entries.indices { moved.entries[index].location = moved.entries[index].location.movedDown(by: lines) }
        return moved
    }
}

/// Written as an array of `[property, position]` pairs, in the order recorded.
extension PropertyPositions: Codable where Position: Codable {
    private struct Pair: Codable {
        var property: String
        var location: Position
    }

    package init(from decoder: any Decoder) throws {
        self.init()
        for pair in try [Pair](from: decoder) { self[pair.property] = pair.location }
    }

    package func encode(to encoder: any Encoder) throws {
        try map { Pair(property: $0.property, location: $0.location) }.encode(to: encoder)
    }
}

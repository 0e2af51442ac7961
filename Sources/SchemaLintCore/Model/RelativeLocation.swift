/// A place inside an entity's text: lines after the line of the entity's own declaration, and the
/// column. An entity's members and written properties keep these instead of `SourceLocation`s, so
/// the same `Entity` value (and its arrays) serves every version whose text of it is the same,
/// wherever the version's file places it; `Entity.location(of:)` turns them into file positions.
package struct RelativeLocation: Hashable, Sendable, Codable {
    private var storedLineOffset: Int32
    private var storedColumn: Int32

    /// Lines after the entity's line (0 on the entity's own line).
    package var lineOffset: Int { Int(storedLineOffset) }
    package var column: Int { Int(storedColumn) }

    package init(lineOffset: Int, column: Int) {
        self.storedLineOffset = Int32(clamping: lineOffset)
        self.storedColumn = Int32(clamping: column)
    }
}

extension SourceLocation {
    /// Where `self` stands relative to `anchor`, the location of the entity that holds it (same file).
    package func relative(to anchor: SourceLocation) -> RelativeLocation {
        RelativeLocation(lineOffset: line - anchor.line, column: column)
    }

    /// The file position of `relative`, when `self` is the location of the entity it is relative to.
    package func resolving(_ relative: RelativeLocation) -> SourceLocation {
        SourceLocation(file: file, line: line + relative.lineOffset, column: relative.column)
    }
}

extension RelativeLocation {
    /// The same column, `lines` lines further down (up, for a negative count).
    package func movedDown(by lines: Int) -> RelativeLocation {
        RelativeLocation(lineOffset: lineOffset + lines, column: column)
    }
}

/// An entity's attribute or relationship, whose locations are relative to its entity.
protocol EntityMember {
    var location: RelativeLocation { get set }
    var propertyLocations: RelativePropertyLocations { get set }
}

extension EntityMember {
    /// The same member, its locations `lines` lines further down (up, for a negative count).
    func movedDown(by lines: Int) -> Self {
        guard lines != 0 else { return self }
        var moved = self
        moved.location = location.movedDown(by: lines)
        moved.propertyLocations = propertyLocations.movedDown(by: lines)
        return moved
    }
}

extension Attribute: EntityMember {}
extension Relationship: EntityMember {}

/// Names one element of a model: an entity (`Note`) or a member of one (`Note.title`).
package struct ElementPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var entity: String
    package var member: String?

    package init(entity: String, member: String? = nil) {
        self.entity = entity
        self.member = member
    }

    package var description: String { member.map { "\(entity).\($0)" } ?? entity }

    package static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        (lhs.entity, lhs.member ?? "") < (rhs.entity, rhs.member ?? "")
    }
}

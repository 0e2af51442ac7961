/// Names one element of a model: an entity (`Note`) or a member of one (`Note.title`).
public struct ElementPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var entity: String
    public var member: String?

    public init(entity: String, member: String? = nil) {
        self.entity = entity
        self.member = member
    }

    public var description: String { member.map { "\(entity).\($0)" } ?? entity }

    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        (lhs.entity, lhs.member ?? "") < (rhs.entity, rhs.member ?? "")
    }
}

/// A named configuration: a subset of entities stored together, possibly synced with CloudKit.
public struct Configuration: Hashable, Sendable {
    public var name: String
    public var usesCloudKit: Bool
    public var entities: [String]
    public var location: SourceLocation

    public init(name: String, usesCloudKit: Bool, entities: [String], location: SourceLocation) {
        self.name = name
        self.usesCloudKit = usesCloudKit
        self.entities = entities
        self.location = location
    }
}

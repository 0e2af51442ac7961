/// A named configuration: a subset of entities stored together, possibly synced with CloudKit.
package struct Configuration: Hashable, Sendable, Codable {
    package var name: String
    package var usesCloudKit: Bool
    package var entities: [String]
    package var location: SourceLocation

    package init(name: String, usesCloudKit: Bool, entities: [String], location: SourceLocation) {
        self.name = name
        self.usesCloudKit = usesCloudKit
        self.entities = entities
        self.location = location
    }
}

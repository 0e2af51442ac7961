/// What a model version was written in, and so what its user edits: advice names that format's
/// own words (a YAML key, Xcode's Data Model inspector, a SwiftData macro).
package enum ModelFormat: String, Sendable, Hashable, Codable {
    /// schemalint's YAML model files.
    case yaml
    /// An Xcode model bundle (`.xcdatamodeld`), edited in Xcode's model editor.
    case xcode
    /// SwiftData `@Model` classes in Swift source.
    case swiftData
}

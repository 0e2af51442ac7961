/// How messages name a model. A bundle or a YAML model has a name of its own (`model 'Notes'`);
/// SwiftData `@Model` classes that no `VersionedSchema` family names (no schema at all, or
/// schemas whose names share no stem) are named by the reader's placeholder, which is no name
/// the team wrote, so messages call them "the SwiftData model".
package enum ModelName {
    /// The model name the SwiftData reader gives classes no schema family names.
    package static let unnamedSwiftData = "SwiftData"

    /// `model 'Notes'`, or `the SwiftData model`.
    package static func spoken(_ model: String) -> String {
        model == unnamedSwiftData ? "the SwiftData model" : "model '\(model)'"
    }

    /// `'Notes'` (after "version 2 of"), or `the SwiftData model`.
    package static func quoted(_ model: String) -> String {
        model == unnamedSwiftData ? "the SwiftData model" : "'\(model)'"
    }
}

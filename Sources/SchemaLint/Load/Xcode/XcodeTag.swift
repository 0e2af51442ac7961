import Foundation

/// One start tag of a model's `contents` XML, as the reader saw it: its XML attributes and
/// where the tag and each attribute are written.
struct XcodeTag {
    var name: String
    var attributes: [String: String]
    /// The tag's `<`.
    var location: SourceLocation
    /// Where the model properties written as XML attributes are written, keyed by YAML name
    /// (`type` for `attributeType`), when they could be found.
    var propertyLocations: [String: SourceLocation]

    /// The value of an XML attribute, nil when absent or empty (Xcode writes `""` for a cleared field).
    func text(_ key: String) -> String? {
        guard let value = attributes[key], !value.isEmpty else { return nil }
        return value
    }

    /// Xcode writes booleans as `YES`/`NO`; `true`/`false` and `1`/`0` are accepted too. Absent means false.
    func flag(_ key: String) -> Bool {
        switch attributes[key] {
        case nil, "NO": false
        case "YES": true
        case let value?: ["yes", "true", "1"].contains(value.lowercased())
        }
    }

    /// Where a property is written, or the tag when it cannot be told.
    func location(ofProperty property: String) -> SourceLocation { propertyLocations[property] ?? location }

    /// The model property (by its YAML key) an XML attribute writes.
    struct PropertyKey {
        var property: String
        /// Wins over another XML attribute writing the same property (`elementID` over `renamingIdentifier`).
        var isPreferred: Bool
        init(_ property: String, preferred: Bool = false) {
            self.property = property
            self.isPreferred = preferred
        }
    }

    /// An integer attribute, nil when absent; an InputError when it is not a whole number.
    func integer(_ key: String, property: String, of element: @autoclosure () -> String) throws(InputError) -> Int? {
        guard let text = text(key) else { return nil }
        guard let value = Int(text) ?? Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw InputError(at: location(ofProperty: property), "\(key) of \(element()) must be a whole number, found '\(text)'")
        }
        return value
    }
}

/// An attribute of an entity.
package struct Attribute: Hashable, Sendable, Codable {
    package var name: String
    package var type: AttributeType
    /// Core Data's default in Xcode is required; the YAML format's default is optional.
    package var isOptional: Bool
    /// The default value in canonical form (numbers normalized, booleans `true`/`false`), if any.
    package var defaultValue: String?
    package var isTransient: Bool
    package var allowsCloudEncryption: Bool
    package var isDerived: Bool
    package var isIndexed: Bool
    /// Where the attribute is declared (its key), relative to its entity: `Entity.location(of:)`
    /// gives the position in the file.
    package var location: RelativeLocation
    /// Where individual properties are written (`type`, `optional`, `default`, ...), when known,
    /// relative to the entity.
    package var propertyLocations: RelativePropertyLocations

    package init(
        name: String, type: AttributeType, isOptional: Bool = true, defaultValue: String? = nil,
        isTransient: Bool = false, renamedFrom: String? = nil, deprecation: String? = nil,
        transformer: String? = nil, className: String? = nil, allowsCloudEncryption: Bool = false,
        isDerived: Bool = false, isIndexed: Bool = false, versionHashModifier: String? = nil,
        location: RelativeLocation, propertyLocations: RelativePropertyLocations = [:]
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.allowsCloudEncryption = allowsCloudEncryption
        self.isDerived = isDerived
        self.isIndexed = isIndexed
        self.location = location
        self.propertyLocations = propertyLocations
        let rare = RareProperties(renamedFrom: renamedFrom, deprecation: deprecation, transformer: transformer, className: className, versionHashModifier: versionHashModifier)
        if !rare.isEmpty { self.rare = [rare] }
    }

    /// The properties most attributes leave unset, out of line: one reference (none allocated when
    /// all are unset) instead of five optional strings in every attribute of every version.
    private var rare: [RareProperties] = []

    private struct RareProperties: Hashable, Sendable, Codable {
        var renamedFrom: String?
        var deprecation: String?
        var transformer: String?
        var className: String?
        var versionHashModifier: String?
        var valueOnCreation: ValueOnCreation?
        var defaultIsComputed: Bool?

        var isEmpty: Bool {
            renamedFrom == nil && deprecation == nil && transformer == nil && className == nil && versionHashModifier == nil && valueOnCreation == nil
                && defaultIsComputed == nil
        }
    }

    private mutating func setRare<Value>(_ value: Value?, _ property: WritableKeyPath<RareProperties, Value?>) {
        if value == nil && rare.isEmpty { return }
        var properties = rare.first ?? RareProperties()
        properties[keyPath: property] = value
        rare = properties.isEmpty ? [] : [properties]
    }

    /// The renaming identifier: the attribute's name in an earlier version.
    package var renamedFrom: String? {
        get { rare.first?.renamedFrom }
        set { setRare(newValue, \.renamedFrom) }
    }

    /// Why the attribute is deprecated, if it is (kept only so older apps keep working).
    package var deprecation: String? {
        get { rare.first?.deprecation }
        set { setRare(newValue, \.deprecation) }
    }

    package var transformer: String? {
        get { rare.first?.transformer }
        set { setRare(newValue, \.transformer) }
    }

    package var className: String? {
        get { rare.first?.className }
        set { setRare(newValue, \.className) }
    }

    /// Core Data's version hash modifier for this attribute: changing it forces a migration.
    package var versionHashModifier: String? {
        get { rare.first?.versionHashModifier }
        set { setRare(newValue, \.versionHashModifier) }
    }

    /// Whether `defaultValue` is code whose value is not known (SwiftData's `= UUID().uuidString`,
    /// the YAML format's `computedDefault:`), not a value: for a string attribute the two read alike.
    package var defaultIsComputed: Bool {
        get { rare.first?.defaultIsComputed ?? false }
        set { setRare(newValue ? true : nil, \.defaultIsComputed) }
    }

    /// What a new object gets for this attribute when the app's code creates one.
    package enum ValueOnCreation: Hashable, Sendable, Codable {
        /// One value, in the canonical form of `defaultValue` (`nil`: no value).
        case value(String?)
        /// Initializers give different values, or the caller chooses.
        case varies
    }

    /// Set where the model's code overrides the default when it creates objects: a SwiftData model's
    /// initializers set its properties, and the default written on the property is then never what
    /// a new object gets. `nil`: new objects get `defaultValue`.
    package var valueOnCreation: ValueOnCreation? {
        get { rare.first?.valueOnCreation }
        set { setRare(newValue, \.valueOnCreation) }
    }

    /// What a new object gets for this attribute.
    package var createdWith: ValueOnCreation { valueOnCreation ?? .value(defaultValue) }

    /// What apps create for an attribute before and after a change (`old`, then `new`), where each
    /// creates one value and the two differ; nil where either varies (the caller chooses) or both
    /// create the same: older and newer apps then put nothing different into synced data.
    package static func changedCreation(from old: Attribute, to new: Attribute) -> (before: String?, after: String?)? {
        guard case .value(let before) = old.createdWith, case .value(let after) = new.createdWith, before != after else { return nil }
        return (before, after)
    }

    /// The location of one property if it was written, else of the attribute (relative to the entity).
    package func location(of property: String) -> RelativeLocation { propertyLocations[property] ?? location }
}

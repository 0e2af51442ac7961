/// An attribute of an entity.
public struct Attribute: Hashable, Sendable {
    public var name: String
    public var type: AttributeType
    /// Core Data's default in Xcode is required; the YAML format's default is optional.
    public var isOptional: Bool
    /// The default value in canonical form (numbers normalized, booleans `true`/`false`), if any.
    public var defaultValue: String?
    public var isTransient: Bool
    /// The renaming identifier: the attribute's name in an earlier version.
    public var renamedFrom: String?
    /// Why the attribute is deprecated, if it is (kept only so older apps keep working).
    public var deprecation: String?
    public var transformer: String?
    public var className: String?
    public var allowsCloudEncryption: Bool
    /// Core Data's version hash modifier for this attribute: changing it forces a migration.
    public var versionHashModifier: String?
    public var isDerived: Bool
    public var isIndexed: Bool
    /// Where the attribute is declared (its key).
    public var location: SourceLocation
    /// Where individual properties are written (`type`, `optional`, `default`, ...), when known.
    public var propertyLocations: [String: SourceLocation]

    public init(
        name: String, type: AttributeType, isOptional: Bool = true, defaultValue: String? = nil,
        isTransient: Bool = false, renamedFrom: String? = nil, deprecation: String? = nil,
        transformer: String? = nil, className: String? = nil, allowsCloudEncryption: Bool = false,
        isDerived: Bool = false, isIndexed: Bool = false, versionHashModifier: String? = nil,
        location: SourceLocation, propertyLocations: [String: SourceLocation] = [:]
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.renamedFrom = renamedFrom
        self.deprecation = deprecation
        self.transformer = transformer
        self.className = className
        self.allowsCloudEncryption = allowsCloudEncryption
        self.isDerived = isDerived
        self.isIndexed = isIndexed
        self.versionHashModifier = versionHashModifier
        self.location = location
        self.propertyLocations = propertyLocations
    }

    /// The location of one property if it was written, else of the attribute.
    public func location(of property: String) -> SourceLocation { propertyLocations[property] ?? location }
}

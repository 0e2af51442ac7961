/// A Core Data mapping model (`Name.xcmappingmodel/xcmapping.xml`): the migration a team wrote
/// for one step of a model's history, as Xcode's mapping model editor saved it.
///
/// Only what the checks need is kept: which versions it maps (the paths of their `.xcdatamodel`
/// folders), and which entities and properties of the destination it fills, from what.
package struct MappingModel: Hashable, Sendable {
    /// One side of the mapping: a version folder named by its path relative to the project
    /// (`Model.xcdatamodeld/Model 2.xcdatamodel`).
    package struct VersionReference: Hashable, Sendable {
        /// The path as written in the mapping model.
        package var path: String
        /// The bundle's model name (`Model`), or nil when the path names no `.xcdatamodeld`.
        package var model: String?
        /// The version's name (the folder without `.xcdatamodel`).
        package var version: String
        package var location: SourceLocation

        package init(path: String, location: SourceLocation) {
            self.path = path
            self.location = location
            let components = path.split(separator: "/").map(String.init)
            let folder = components.last ?? path
            version = folder.hasSuffix(".xcdatamodel") ? String(folder.dropLast(".xcdatamodel".count)) : folder
            model = components.dropLast().last.flatMap { bundle in
                bundle.hasSuffix(".xcdatamodeld") ? String(bundle.dropLast(".xcdatamodeld".count)) : nil
            }
        }
    }

    /// How one property of a destination entity gets its value.
    package struct PropertyMapping: Hashable, Sendable {
        /// The destination property's name.
        package var name: String
        /// Whether the mapping gives it a value: a value expression, or one Xcode generates
        /// (`$source.name`) when the model is compiled. Without either the property starts empty.
        package var hasValue: Bool
        /// Whether the value is computed by a function (`FUNCTION($entityPolicy, "convert:",
        /// $source.color)`) rather than copied from a source property: the mapping converts it.
        package var converts: Bool
        /// The names its value expression is made of (`$source.historyDate` gives `source` and
        /// `historyDate`): the source properties it reads are among them.
        package var expressionNames: Set<String>
        package var location: SourceLocation

        package init(name: String, hasValue: Bool, converts: Bool = false, expressionNames: Set<String> = [], location: SourceLocation) {
            self.name = name
            self.hasValue = hasValue
            self.converts = converts
            self.expressionNames = expressionNames
            self.location = location
        }

        /// Whether the value expression reads the source property `name` under another name
        /// (`historyDate` from `$source.historyServerDate`): the data of a property removed in
        /// the step goes on in this one.
        package func carries(_ name: String) -> Bool {
            hasValue && name != self.name && expressionNames.contains(name)
        }
    }

    /// How the objects of one destination entity are made.
    package struct EntityMapping: Hashable, Sendable {
        /// The mapping's name in the editor (`GameToGame`), when saved.
        package var name: String?
        /// The source entity; nil when the mapping adds objects from nothing.
        package var source: String?
        /// The destination entity; nil when the mapping removes the source's objects.
        package var destination: String?
        /// Xcode's mapping type (`Undefined`, `Add`, `Remove`, `Copy`, `Transform`, `Custom`).
        package var type: String
        /// The `NSEntityMigrationPolicy` subclass that runs custom code for this mapping.
        package var policyClass: String?
        /// Xcode generates `$source.<name>` for the property mappings of this entity mapping whose
        /// source property has the same name (the editor's "auto-generate value expressions").
        package var generatesValues: Bool
        package var attributes: [PropertyMapping]
        package var relationships: [PropertyMapping]
        package var location: SourceLocation

        package init(
            name: String? = nil, source: String?, destination: String?, type: String = "Undefined", policyClass: String? = nil,
            generatesValues: Bool = true, attributes: [PropertyMapping] = [], relationships: [PropertyMapping] = [], location: SourceLocation
        ) {
            self.name = name
            self.source = source
            self.destination = destination
            self.type = type
            self.policyClass = policyClass
            self.generatesValues = generatesValues
            self.attributes = attributes
            self.relationships = relationships
            self.location = location
        }
    }

    /// The `xcmapping.xml` file.
    package var file: String
    /// The folder's name (`Model 1 to 2.xcmappingmodel`), as people call it.
    package var name: String
    package var source: VersionReference?
    package var destination: VersionReference?
    package var entityMappings: [EntityMapping]
    /// Where the mapping model names its versions (the `XDDEVMAPPINGMODEL` object).
    package var location: SourceLocation

    package init(file: String, name: String, source: VersionReference?, destination: VersionReference?, entityMappings: [EntityMapping], location: SourceLocation) {
        self.file = file
        self.name = name
        self.source = source
        self.destination = destination
        self.entityMappings = entityMappings
        self.location = location
    }
}

import Foundation
import SchemaLintCore

/// Reads one version of an Xcode model: the `contents` XML of a `Name.xcdatamodel` folder, or the
/// binary `elements` of one saved by Xcode 3 (`XcodeElementsParser`).
///
/// Every entity, attribute, relationship and configuration is located at the `<` of its tag
/// (line and character column, 1-based); properties written as XML attributes (`optional`,
/// `attributeType`, ...) are located at the attribute's name, under their YAML key names.
/// The XML is read by `XMLStreamReader` (libxml2); malformed or hostile XML is an `InputError` at the
/// position where the parser noticed the problem.
/// Elements and XML attributes the reader does not know are ignored.
package enum XcodeModelReader {
    /// Reads the `contents` (or `elements`) file at `path`.
    /// - Parameters:
    ///   - model: the model's name (for a bundle, the bundle's name without `.xcdatamodeld`).
    ///   - version: the version's place in its history.
    ///   - label: how people name the version (the folder name without `.xcdatamodel`).
    ///   - isReleased: false for a draft.
    ///   - cloudKit: the user declared the model synced; OR'ed with the XML's own `usedWithCloudKit`.
    package static func read(
        contentsAt path: String, in tree: any SourceTree = FileSystemTree(), model: String, version: VersionNumber = VersionNumber(ordinal: 1),
        label: String? = nil, isReleased: Bool = true, cloudKit: Bool = false, entities: EntityTextCache? = nil
    ) throws(InputError) -> ModelVersion {
        let data: Data
        switch tree.contents(of: path) {
        case .success(let contents): data = contents
        case .failure(let problem): throw InputError(file: path, message: "cannot read the model file: \(problem.reason)")
        }
        if (path as NSString).lastPathComponent == XcodeModelBundle.binaryModelFile {
            return try parseElements(data, file: path, model: model, version: version, label: label, isReleased: isReleased, cloudKit: cloudKit)
        }
        return try parse(data, file: path, model: model, version: version, label: label,
                         isReleased: isReleased, cloudKit: cloudKit, entities: entities)
    }

    /// The name of the file a version's bytes were read from, told by the bytes: `elements` for
    /// Xcode 3's binary property list, `contents` for the XML (a version read from git by its
    /// blob, whose name the tree gave).
    package static func fileName(ofVersion data: Data) -> String {
        data.starts(with: Array("bplist".utf8)) ? XcodeModelBundle.binaryModelFile : XcodeModelBundle.modelFile
    }

    /// Parses a version's file in either format, told apart by its bytes (`fileName(ofVersion:)`).
    package static func parse(
        version data: Data, file: String, model: String, label: String? = nil, cloudKit: Bool = false, entities: EntityTextCache? = nil
    ) throws(InputError) -> ModelVersion {
        if fileName(ofVersion: data) == XcodeModelBundle.binaryModelFile {
            return try parseElements(data, file: file, model: model, label: label, cloudKit: cloudKit)
        }
        return try parse(data, file: file, model: model, label: label, cloudKit: cloudKit, entities: entities)
    }

    private static func parseElements(
        _ data: Data, file: String, model: String, version: VersionNumber = VersionNumber(ordinal: 1), label: String?, isReleased: Bool = true, cloudKit: Bool
    ) throws(InputError) -> ModelVersion {
        let contents = try XcodeElementsParser.parse(data, file: file)
        return ModelVersion(
            model: model, version: version, label: label, isReleased: isReleased, usesCloudKit: cloudKit, format: .xcode,
            entities: contents.entities, configurations: contents.configurations,
            file: file, location: contents.location, propertyLocations: contents.propertyLocations)
    }

    /// Parses the text of a `contents` file; `file` is used in locations and errors.
    package static func parse(
        _ data: Data, file: String, model: String, version: VersionNumber = VersionNumber(ordinal: 1),
        label: String? = nil, isReleased: Bool = true, cloudKit: Bool = false, entities: EntityTextCache? = nil
    ) throws(InputError) -> ModelVersion {
        let contents = try XcodeContentsParser.parse(data, file: file, entities: entities)
        return ModelVersion(
            model: model, version: version, label: label, isReleased: isReleased,
            usesCloudKit: cloudKit || contents.usesCloudKit, format: .xcode,
            entities: contents.entities, configurations: contents.configurations,
            file: file, location: contents.location, propertyLocations: contents.propertyLocations
        )
    }
}

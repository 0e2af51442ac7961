import SchemaLintCore

/// Loads one YAML model file: bytes -> `YAMLDocument` (libyaml) -> `ModelVersion` -> validated references.
package struct YAMLModelLoader: Sendable {
    package var parser: YAMLParser

    package init(parser: YAMLParser = YAMLParser()) {
        self.parser = parser
    }

    package func load(file path: String) throws(InputError) -> ModelVersion {
        try load(bytes: try FileReader.bytes(of: path), file: path)
    }

    /// - Parameter entities: entities read from other files of the same load, by their text: an
    ///   entity written the same way again is taken from there, not decoded again.
    package func load(bytes: [UInt8], file: String, entities: EntityTextCache? = nil) throws(InputError) -> ModelVersion {
        let document = try parser.parseDocument(bytes, file: file, reusing: entities)
        var version = try ModelDecoder(document: document, reuse: entities.map { (bytes, $0) }).decode()
        try ModelValidator.validate(version, entities: entities)
        version.suppressions = try SuppressionScanner.scan(bytes, file: file)
        return version
    }
}

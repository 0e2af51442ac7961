/// Loads one YAML model file: bytes -> `YAMLDocument` (libyaml) -> `ModelVersion` -> validated references.
public struct YAMLModelLoader: Sendable {
    public var parser: YAMLParser

    public init(parser: YAMLParser = YAMLParser()) {
        self.parser = parser
    }

    public func load(file path: String) throws(InputError) -> ModelVersion {
        try load(bytes: try FileReader.bytes(of: path), file: path)
    }

    public func load(bytes: [UInt8], file: String) throws(InputError) -> ModelVersion {
        var version = try ModelDecoder(document: try parser.parseDocument(bytes, file: file)).decode()
        try ModelValidator.validate(version)
        version.suppressions = try SuppressionScanner.scan(bytes, file: file)
        return version
    }
}

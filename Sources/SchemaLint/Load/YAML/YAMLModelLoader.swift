/// Loads one YAML model file: bytes -> nodes (libyaml) -> `ModelVersion` -> validated references.
public struct YAMLModelLoader: Sendable {
    public var parser: YAMLParser

    public init(parser: YAMLParser = YAMLParser()) {
        self.parser = parser
    }

    public func load(file path: String) throws(InputError) -> ModelVersion {
        try load(bytes: try FileReader.bytes(of: path), file: path)
    }

    public func load(bytes: [UInt8], file: String) throws(InputError) -> ModelVersion {
        let root = try parser.parse(bytes, file: file)
        var version = try ModelDecoder(file: file).decode(root)
        try ModelValidator.validate(version)
        version.suppressions = try SuppressionScanner.scan(bytes, file: file)
        return version
    }
}

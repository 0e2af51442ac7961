import Foundation
import SchemaLintCore

/// schemalint's own model format: one version of a model in a `.yaml`/`.yml` file that names its
/// model on the format's top-level `model:` line (docs/model-format.md). Repositories hold many YAML files that
/// are no model (XcodeGen's `project.yml`, CI workflows, fastlane, Jekyll): the walk leaves those
/// alone, while a file named on the command line is read whatever it holds.
package struct YAMLModelFileReader: ModelSourceReader {
    package static let readerName = "YAML model file"
    static let extensions: Set<String> = ["yaml", "yml"]

    package var yaml: YAMLModelLoader

    package init(yaml: YAMLModelLoader = YAMLModelLoader()) {
        self.yaml = yaml
    }

    package var name: String { Self.readerName }
    package var sourceDescription: String { "model file" }
    package var fileNameSuffixes: [String] { [".yaml", ".yml", ".YAML", ".YML", ".Yaml", ".Yml"] }
    package var ownsFileNames: Bool { true }

    /// `looksLikeModelFile`: a translation file with a `model:` section (`model:\n  name:
    /// "Model"`) is no model file.
    package func claims(name: String, bytes: [UInt8]) -> Bool {
        Self.extensions.contains((name as NSString).pathExtension.lowercased()) && Self.looksLikeModelFile(bytes: bytes)
    }

    /// The files are independent: read on all cores, an entity written the same way in several
    /// decoded once (`EntityTextCache`). A file that does not say `cloudkit:` takes the run's.
    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        let entities = EntityTextCache()
        let results = OrderedConcurrentMap.map(count: sources.count) { index -> Result<ModelVersion, InputError> in
            Result { () throws(InputError) in try version(bytes: sources[index].bytes, file: sources[index].name, declaresCloudKit: options.declaresCloudKit, entities: entities) }
        }
        var reading = ModelSourceReading()
        for result in results {
            switch result {
            case .success(let version): reading.versions.append(version)
            case .failure(let error): reading.errors.append(error)
            }
        }
        return reading
    }

    /// The version a model file holds.
    package func version(bytes: [UInt8], file: String, declaresCloudKit: Bool, entities: EntityTextCache? = nil) throws(InputError) -> ModelVersion {
        var version = try yaml.load(bytes: bytes, file: file, entities: entities)
        if version.propertyLocations["cloudkit"] == nil { version.usesCloudKit = declaresCloudKit }
        return version
    }

    /// The other YAML files in the folders of the given files (not searched recursively): the
    /// rest of the histories that files named on their own belong to.
    package func companions(ofNamed files: [String]) -> [String] {
        var found: [String] = []
        for folder in Set(files.map { PathResolution.parent(of: $0) }).sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && Self.extensions.contains((name as NSString).pathExtension.lowercased()) {
                found.append(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
            }
        }
        return found
    }

    /// Whether a file's bytes look like a model file: it has the format's top-level `model:` and
    /// `entities:` keys, or (a model file being written, or broken) names its model on the
    /// top-level line `model: Notes` beside no top-level key the format does not have.
    /// Translation files are none: a `model:` section (`model:\n  name: "Model"`), or a
    /// `model: "model"` among hundreds of other keys.
    static func looksLikeModelFile(bytes: [UInt8]) -> Bool {
        guard let model = topLevelValue(of: "model:", in: bytes) else { return false }
        if topLevelValue(of: "entities:", in: bytes) != nil { return true }
        return !model.isEmpty && topLevelKeys(in: bytes).allSatisfy(ModelDecoder.topLevelKeys.contains)
    }

    /// The keys of the lines that start with one (`name:` at the start of a line, outside
    /// comments, document markers and sequences).
    private static func topLevelKeys(in bytes: [UInt8]) -> [String] {
        var keys: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let first = line.first, ![0x20, 0x09, 0x0D, UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: ".")].contains(first),
                  let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            keys.append(String(decoding: line[line.startIndex..<colon], as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")))
        }
        return keys
    }

    /// What follows `key` on the first line that starts with it (followed by a space, a tab, a
    /// line end or the end of the file), without blanks and a comment; nil when no line does.
    private static func topLevelValue(of key: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let marker = Array(key.utf8)
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0D]
        var lineStart = 0
        while lineStart + marker.count <= bytes.count {
            let end = lineStart + marker.count
            let lineEnd = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if bytes[lineStart..<end].elementsEqual(marker), end == bytes.count || blanks.contains(bytes[end]) || bytes[end] == 0x0A {
                let rest = bytes[end..<lineEnd].drop { blanks.contains($0) }
                return rest.first == UInt8(ascii: "#") ? rest.prefix(0) : rest
            }
            guard lineEnd < bytes.count else { return nil }
            lineStart = lineEnd + 1
        }
        return nil
    }
}

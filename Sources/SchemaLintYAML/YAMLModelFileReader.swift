import Foundation
import SchemaLintCore

/// schemalint's own model format: one version of a model in a `.yaml`/`.yml` file with the
/// format's top-level `model:` key (docs/model-format.md). Repositories hold many YAML files that
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

    /// A line starts with the top-level key `model:` (followed by a space, a tab, a line end or
    /// the end of the file).
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
        for folder in Set(files.map { ($0 as NSString).deletingLastPathComponent }).sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && Self.extensions.contains((name as NSString).pathExtension.lowercased()) {
                found.append(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
            }
        }
        return found
    }

    /// Whether a file's bytes look like a model file: a line starts with the top-level key `model:`.
    static func looksLikeModelFile(bytes: [UInt8]) -> Bool {
        let marker = Array("model:".utf8)
        var lineStart = 0
        while lineStart + marker.count <= bytes.count {
            let end = lineStart + marker.count
            if bytes[lineStart..<end].elementsEqual(marker), end == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { return true }
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return false }
            lineStart = newline + 1
        }
        return false
    }
}

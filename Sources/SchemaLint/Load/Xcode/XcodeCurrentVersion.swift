import Foundation

/// Reads a bundle's `.xccurrentversion`: a property list whose `_XCCurrentVersionName` names the
/// current version folder (`Model 3.xcdatamodel`). The key may be missing (an empty `<dict/>`).
public enum XcodeCurrentVersion {
    static let fileName = ".xccurrentversion"

    /// The current version's name without `.xcdatamodel`, nil when the file or the key is missing.
    static func read(bundle path: String) throws(InputError) -> String? {
        let file = (path as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw InputError(file: file, message: "cannot read the current-version file: \(FileProblem.describe(error))")
        }
        return try parse(data, file: file)
    }

    /// Parses the property list (XML, binary or OpenStep); `file` is used in errors.
    ///
    /// Read with `PropertyListDecoder`, not `PropertyListSerialization`, whose error path leaks
    /// on Linux (found by fuzzing; docs/fuzzing.md).
    public static func parse(_ data: Data, file: String) throws(InputError) -> String? {
        let contents: Contents
        do {
            contents = try PropertyListDecoder().decode(Contents.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw InputError(file: file, message: "the current-version file is not a property-list dictionary")
        } catch {
            throw InputError(file: file, message: "the current-version file is not a property list")
        }
        guard let name = contents.currentVersionName, !name.isEmpty else { return nil }
        return XcodeModelBundle.versionName(ofFolder: name)
    }

    /// The one key read; a value that is not a string counts as missing.
    private struct Contents: Decodable {
        var currentVersionName: String?

        private enum CodingKeys: String, CodingKey {
            case currentVersionName = "_XCCurrentVersionName"
        }

        init(from decoder: any Decoder) throws {
            let dictionary = try decoder.container(keyedBy: CodingKeys.self)
            currentVersionName = try? dictionary.decodeIfPresent(String.self, forKey: .currentVersionName)
        }
    }
}

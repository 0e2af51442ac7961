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

    /// Parses the property list text; `file` is used in errors.
    public static func parse(_ data: Data, file: String) throws(InputError) -> String? {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw InputError(file: file, message: "the current-version file is not a property list")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw InputError(file: file, message: "the current-version file is not a property-list dictionary")
        }
        guard let name = dictionary["_XCCurrentVersionName"] as? String, !name.isEmpty else { return nil }
        return XcodeModelBundle.versionName(ofFolder: name)
    }
}

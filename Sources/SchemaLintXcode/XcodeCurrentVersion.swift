import Foundation
import SchemaLintCore

/// Reads a bundle's `.xccurrentversion`: a property list whose `_XCCurrentVersionName` names the
/// current version folder (`Model 3.xcdatamodel`). The key may be missing (an empty `<dict/>`).
package enum XcodeCurrentVersion {
    static let fileName = ".xccurrentversion"
    private static let key = "_XCCurrentVersionName"

    /// The current version's name without `.xcdatamodel`, nil when the file or the key is missing.
    static func read(bundle path: String, in tree: any SourceTree = FileSystemTree()) throws(InputError) -> String? {
        let file = (path as NSString).appendingPathComponent(fileName)
        guard tree.exists(file) else { return nil }
        switch tree.contents(of: file) {
        case .success(let data): return try parse(data, file: file)
        case .failure(let problem): throw InputError(file: file, message: "cannot read the current-version file: \(problem.reason)")
        }
    }

    /// Parses the property list text (XML, as Xcode writes it); `file` is used in errors.
    package static func parse(_ data: Data, file: String) throws(InputError) -> String? {
        var reader = PlistReader()
        try XMLStreamReader.read(data, file: file, text: true) { (event) throws(InputError) in
            try reader.read(event)
        }
        guard reader.sawDictionary else {
            throw InputError(file: file, message: "the current-version file is not a property list")
        }
        guard let name = reader.currentVersion, !name.isEmpty else { return nil }
        return XcodeModelBundle.versionName(ofFolder: name)
    }

    /// Follows `<plist><dict><key>...</key><value/>...</dict></plist>` and keeps the string after
    /// the key `_XCCurrentVersionName`. Other keys and values, and anything nested deeper, are skipped.
    private struct PlistReader {
        private var stack: [String] = []
        private(set) var sawDictionary = false
        private(set) var currentVersion: String?
        /// The text of the `<key>` or `<string>` being read at the dictionary's level.
        private var text: String?
        private var lastKey: String?

        mutating func read(_ event: XMLEvent) throws(InputError) {
            switch event {
            case .start(let element):
                let name = element.name
                switch (stack.count, name) {
                case (0, "plist"), (2, _):
                    break
                case (0, _):
                    throw InputError(at: element.location, "the current-version file is not a property list: the root element is <\(name)>, expected <plist>")
                case (1, "dict"):
                    sawDictionary = true
                case (1, _):
                    throw InputError(at: element.location, "the current-version file is not a property-list dictionary")
                default:
                    break
                }
                stack.append(name)
                if stack.count == 3, name == "key" || name == "string" { text = "" }
            case .text(let piece):
                if stack.count == 3, text != nil { text! += piece.string }
            case .end:
                if stack.count == 3 { finishValue(stack[2]) }
                stack.removeLast()
            }
        }

        /// A value of the dictionary ended: a key is remembered, the value after our key kept.
        private mutating func finishValue(_ name: String) {
            defer { text = nil }
            if name == "key" {
                lastKey = text
                return
            }
            if lastKey == XcodeCurrentVersion.key, name == "string" { currentVersion = text }
            lastKey = nil
        }
    }
}

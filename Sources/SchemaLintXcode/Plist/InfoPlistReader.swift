import Foundation
import SchemaLintCore

/// Reads `UIBackgroundModes` from the app's Info.plist files (XML property lists, through libxml2
/// as `.xccurrentversion` is read): evidence that the app runs while the device may be locked. An
/// Info.plist that does not parse is left out with a warning, not an error: it is app code, not
/// a model, and Xcode would say more about it.
package struct InfoPlistReader: ModelSourceReader {
    package init() {}

    package var name: String { "Info.plist" }

    /// What it reads matters to the store-handling rules only.
    package var feedsOnly: RuleCategory? { .storeHandling }

    static let key = "UIBackgroundModes"
    private static let words = [Array(key.utf8)]

    package var fileNameSuffixes: [String] { ["Info.plist"] }

    package func claims(name: String, bytes: [UInt8]) -> Bool {
        ByteSearch.containsAny(Self.words, in: bytes)
    }

    package func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        var reading = ModelSourceReading()
        for (file, bytes) in sources {
            do throws(InputError) {
                // A binary property list (`bplist00`) is not what Xcode keeps in a source tree.
                if bytes.starts(with: Array("bplist".utf8)) { continue }
                if let evidence = try Self.parse(bytes, file: file) { reading.storeCode.backgroundEvidence.append(evidence) }
            } catch {
                reading.notes.append(ReadingNote(at: SourceLocation(file: error.file, line: error.line ?? 1, column: error.column ?? 1), "the background modes of this Info.plist are not read: \(error.message)"))
            }
        }
        return reading
    }

    /// The background modes an Info.plist declares, as evidence at its `<key>`; nil when it
    /// declares none. Also the fuzzer's entry point.
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> BackgroundEvidence? {
        var reader = BackgroundModes()
        try XMLStreamReader.read(Data(bytes), file: file, text: true) { (event) throws(InputError) in
            try reader.read(event)
        }
        guard reader.sawDictionary else { throw InputError(file: file, message: "not a property list: no <plist><dict>") }
        guard let location = reader.keyLocation, !reader.modes.isEmpty else { return nil }
        return BackgroundEvidence("UIBackgroundModes (\(reader.modes.joined(separator: ", ")))", at: location)
    }

    /// Follows `<plist><dict><key>UIBackgroundModes</key><array><string>fetch</string>...`; other
    /// keys and deeper values are skipped.
    private struct BackgroundModes {
        private var stack: [String] = []
        private(set) var sawDictionary = false
        private(set) var modes: [String] = []
        private(set) var keyLocation: SourceLocation?
        private var text: String?
        private var lastKey: (name: String, location: SourceLocation)?
        private var inModes = false

        mutating func read(_ event: XMLEvent) throws(InputError) {
            switch event {
            case .start(let element):
                let name = element.name
                switch (stack.count, name) {
                case (0, "plist"): break
                case (0, _): throw InputError(at: element.location, "not a property list: the root element is <\(name)>, expected <plist>")
                case (1, "dict"): sawDictionary = true
                case (2, "key"): text = ""; lastKey = ("", element.location)
                case (2, "array"): inModes = lastKey?.name == InfoPlistReader.key
                case (3, "string") where inModes: text = ""
                default: break
                }
                stack.append(name)
            case .text(let piece):
                if text != nil { text! += piece.string }
            case .end:
                switch (stack.count, stack.last) {
                case (3, "key"?):
                    lastKey?.name = text ?? ""
                    text = nil
                case (3, "array"?):
                    if inModes { keyLocation = lastKey?.location }
                    inModes = false
                    lastKey = nil
                case (4, "string"?) where inModes:
                    if let mode = text?.trimmingCharacters(in: .whitespacesAndNewlines), !mode.isEmpty { modes.append(mode) }
                    text = nil
                case (3, _):
                    lastKey = nil
                default: break
                }
                stack.removeLast()
            }
        }
    }
}

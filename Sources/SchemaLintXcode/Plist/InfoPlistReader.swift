import Foundation
import SchemaLintCore

/// Reads from the app's Info.plist files (XML property lists, through libxml2 as
/// `.xccurrentversion` is read) what the store-handling rules weigh: `UIBackgroundModes`, evidence
/// that the app runs while the device may be locked, and `NSExtension`, which makes the folder an
/// app extension's (a widget's, a share sheet's), whose code stops the extension, not the app. An
/// Info.plist that does not parse is left out with a warning, not an error: it is app code, not
/// a model, and Xcode would say more about it.
package struct InfoPlistReader: ModelSourceReader {
    package init() {}

    package var name: String { "Info.plist" }

    /// What it reads matters to the store-handling rules only.
    package var feedsOnly: RuleCategory? { .storeHandling }

    static let key = "UIBackgroundModes"
    /// An extension's dictionary and its point: `NSExtension`, or ExtensionKit's
    /// `EXAppExtensionAttributes` (App Intents extensions).
    static let extensionKeys: Set<String> = ["NSExtension", "EXAppExtensionAttributes"]
    static let extensionPointKeys: Set<String> = ["NSExtensionPointIdentifier", "EXExtensionPointIdentifier"]
    /// The plug-in types (`CFPlugInTypes`) of macOS plug-ins that open a document's store to
    /// read it for the system, as extensions do: a Spotlight importer, a Quick Look generator.
    static let plugInKinds: [String: (point: String, kind: String)] = [
        "8B08C4BF-415B-11D8-B3F9-0003936726FC": ("com.apple.metadata.importer", "Spotlight importer"),
        "5E2D9680-5022-40FA-B806-43349622E5B9": ("com.apple.quicklook.generator", "Quick Look generator"),
    ]
    private static let words = [Array(key.utf8), Array("NSExtensionPointIdentifier".utf8), Array("EXExtensionPointIdentifier".utf8), Array("CFPlugInTypes".utf8)]

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
                let plist = try Self.parse(bytes, file: file)
                if let evidence = plist.backgroundModes { reading.storeCode.backgroundEvidence.append(evidence) }
                if let appExtension = plist.appExtension { reading.storeCode.appExtensions.append(appExtension) }
            } catch {
                reading.notes.append(ReadingNote(at: SourceLocation(file: error.file, line: error.line ?? 1, column: error.column ?? 1), "the background modes and extension point of this Info.plist are not read: \(error.message)"))
            }
        }
        return reading
    }

    /// What an Info.plist says.
    package struct InfoPlist: Hashable, Sendable {
        /// The background modes it declares, at their `<key>`; nil when it declares none.
        package var backgroundModes: BackgroundEvidence?
        /// The app extension it makes of its folder; nil for an app (and for a WatchKit
        /// extension, which is the watch app itself).
        package var appExtension: AppExtension?
    }

    /// What people call the extensions of each point: what a message says stops.
    private static let extensionKinds: [String: String] = [
        "com.apple.widgetkit-extension": "widget", "com.apple.widget-extension": "Today widget",
        "com.apple.share-services": "share", "com.apple.ui-services": "action", "com.apple.services": "action",
        "com.apple.intents-service": "Siri intents", "com.apple.intents-ui-service": "Siri intents",
        "com.apple.usernotifications.service": "notification service", "com.apple.usernotifications.content-extension": "notification content",
        "com.apple.fileprovider-nonui": "file provider", "com.apple.fileprovider-actionsui": "file provider",
        "com.apple.message-payload-provider": "iMessage", "com.apple.Safari.web-extension": "Safari web",
        "com.apple.Safari.content-blocker": "Safari content blocker", "com.apple.keyboard-service": "keyboard",
        "com.apple.spotlight.import": "Spotlight", "com.apple.quicklook.preview": "Quick Look",
        "com.apple.appintents-extension": "App Intents",
    ]

    /// What an Info.plist declares. Also the fuzzer's entry point.
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> InfoPlist {
        var reader = Keys()
        try XMLStreamReader.read(Data(bytes), file: file, text: true) { (event) throws(InputError) in
            try reader.read(event)
        }
        guard reader.sawDictionary else { throw InputError(file: file, message: "not a property list: no <plist><dict>") }
        var plist = InfoPlist()
        if let location = reader.keyLocation, !reader.modes.isEmpty {
            plist.backgroundModes = BackgroundEvidence("UIBackgroundModes (\(reader.modes.joined(separator: ", ")))", at: location)
        }
        let folder = targetFolder(ofInfoPlistAt: file)
        if let (point, location) = reader.extensionPoint, !point.isEmpty, point != "com.apple.watchkit" {
            plist.appExtension = AppExtension(folder: folder, kind: extensionKinds[point] ?? "app", pointIdentifier: point, at: location)
        } else if let (type, location) = reader.plugInType, let plugIn = plugInKinds[type.uppercased()] {
            plist.appExtension = AppExtension(folder: folder, kind: plugIn.kind, pointIdentifier: plugIn.point, at: location)
        }
        return plist
    }

    /// The folders Xcode's templates and teams keep a target's Info.plist in, beside or below the
    /// target's sources: the extension's code is in the folder above them.
    private static let supportingFolders: Set<String> = ["supporting files", "supportingfiles", "supporting", "resources", "config", "configs", "configuration", "configurations", "plists"]

    /// The folder of the target whose Info.plist is at `file`: its own folder, or the one above a
    /// supporting folder (`Widgets/Supporting Files/Info.plist` is the `Widgets` target's).
    private static func targetFolder(ofInfoPlistAt file: String) -> String {
        var folder = PathResolution.parent(of: file)
        // (A supporting folder at the root is no target's: the root would make every file the
        // extension's.)
        let above = PathResolution.parent(of: folder)
        if supportingFolders.contains((folder as NSString).lastPathComponent.lowercased()), !above.isEmpty, above != "." {
            folder = above
        }
        return folder == "." ? "" : folder
    }

    /// Follows `<plist><dict><key>UIBackgroundModes</key><array><string>fetch</string>...` and
    /// `<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>...`; other keys
    /// and deeper values are skipped.
    private struct Keys {
        private var stack: [String] = []
        private(set) var sawDictionary = false
        private(set) var modes: [String] = []
        private(set) var keyLocation: SourceLocation?
        private(set) var extensionPoint: (String, SourceLocation)?
        /// The first plug-in type `CFPlugInTypes` names, at its key.
        private(set) var plugInType: (String, SourceLocation)?
        private var inPlugInTypes = false
        private var plugInKeyLocation: SourceLocation?
        private var text: String?
        private var lastKey: (name: String, location: SourceLocation)?
        private var inModes = false
        private var inExtension = false
        private var extensionKey: String?
        private var extensionValueLocation: SourceLocation?

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
                case (2, "dict"):
                    inExtension = lastKey.map { InfoPlistReader.extensionKeys.contains($0.name) } ?? false
                    inPlugInTypes = lastKey?.name == "CFPlugInTypes"
                case (3, "key") where inPlugInTypes:
                    text = ""
                    plugInKeyLocation = element.location
                case (3, "string") where inModes: text = ""
                case (3, "key") where inExtension: text = ""
                case (3, "string") where inExtension && extensionKey.map(InfoPlistReader.extensionPointKeys.contains) ?? false:
                    text = ""
                    extensionValueLocation = element.location
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
                case (3, "dict"?):
                    inExtension = false
                    inPlugInTypes = false
                    lastKey = nil
                case (4, "key"?) where inPlugInTypes:
                    if plugInType == nil, let type = text?.trimmingCharacters(in: .whitespacesAndNewlines), let location = plugInKeyLocation { plugInType = (type, location) }
                    text = nil
                case (4, "string"?) where inModes:
                    if let mode = text?.trimmingCharacters(in: .whitespacesAndNewlines), !mode.isEmpty { modes.append(mode) }
                    text = nil
                case (4, "key"?) where inExtension:
                    extensionKey = text?.trimmingCharacters(in: .whitespacesAndNewlines)
                    text = nil
                case (4, "string"?) where inExtension:
                    if let location = extensionValueLocation, let point = text?.trimmingCharacters(in: .whitespacesAndNewlines) {
                        extensionPoint = (point, location)
                    }
                    extensionValueLocation = nil
                    extensionKey = nil
                    text = nil
                case (4, _) where inExtension:
                    extensionKey = nil
                case (3, _):
                    lastKey = nil
                default: break
                }
                stack.removeLast()
            }
        }
    }
}

import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

@Suite struct XcodeBundleLoaderTests {
    static let currentVersion = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>%@.xcdatamodel</string>
        </dict>
        </plist>
        """
    static let emptyCurrentVersion = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict/>
        </plist>
        """

    /// A bundle `Notes.xcdatamodeld` holding one version per name, each with an entity named after it.
    static func bundle(_ names: [String], current: String? = nil, in folder: TemporaryFolder) throws -> String {
        let path = try folder.folder("Notes.xcdatamodeld")
        for name in names {
            let entity = "E" + String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
            try folder.write(XcodeFixtures.contents(#"<entity name="\#(entity)"/>"#), to: "Notes.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        if let current {
            try folder.write(String(format: currentVersion, current), to: "Notes.xcdatamodeld/.xccurrentversion")
        }
        return path
    }

    @Test func ordersVersionsNaturallyAndNumbersThem() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["Notes 10", "Notes 9", "Notes", "Notes 2"], current: "Notes 9", in: folder)
        let bundle = try XcodeBundleLoader.load(path)
        #expect(bundle.name == "Notes" && bundle.path == path)
        #expect(bundle.versions.map(\.label) == ["Notes", "Notes 2", "Notes 9", "Notes 10"])
        #expect(bundle.versions.map(\.version.text) == ["1", "2", "3", "4"])
        #expect(bundle.versions.allSatisfy { $0.model == "Notes" && !$0.usesCloudKit })
        // 'Notes 10' comes after the current version 'Notes 9': the app does not ship it yet, so it is a draft.
        #expect(bundle.versions.map(\.isReleased) == [true, true, true, false])
        #expect(bundle.versions[3].file == "\(path)/Notes 10.xcdatamodel/contents")
        #expect(bundle.versions[3].entities.map(\.name) == ["ENotes10"])
        #expect(bundle.currentVersionName == "Notes 9")
        #expect(bundle.currentVersion?.version == VersionNumber(ordinal: 3))
        #expect(bundle.legacyVersions.isEmpty)
    }

    @Test func naturalOrder() {
        let names = ["v1.10", "Model 10", "v1.9", "Model", "Model 9", "Model2", "v01.9", "2.101.0", "2.27.0", "Model 1"]
        #expect(NaturalOrder.sorted(names) == ["2.27.0", "2.101.0", "Model", "Model 1", "Model2", "Model 9", "Model 10", "v01.9", "v1.9", "v1.10"])
        // A space or punctuation between a name and its number is passed over where the other name has none.
        #expect(NaturalOrder.sorted(["V 58", "V2", "V_3", "V-10", "V 2"]) == ["V 2", "V2", "V_3", "V-10", "V 58"])
        #expect(NaturalOrder.precedes("Model 2", "Model2") && !NaturalOrder.precedes("Model2", "Model 2"), "equal by number: plain string order")
        #expect(NaturalOrder.precedes("books_5", "books_18"))
        #expect(NaturalOrder.precedes("ObvEngine", "ObvEngine-v2"))
        #expect(NaturalOrder.precedes("ObvEngine-v9", "ObvEngine-v10"))
        #expect(NaturalOrder.precedes("x99999999999999999999999", "x100000000000000000000000"), "digit runs longer than an Int")
        #expect(!NaturalOrder.precedes("a", "a"))
    }

    @Test func versionsATeamRebuiltBetweenXcodesNamesAreNoDrafts() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["Notes", "Notes 2", "Notes 2_5", "Notes 3"], current: "Notes 3", in: folder)
        let bundle = try XcodeBundleLoader.load(path)
        #expect(bundle.versions.map(\.label) == ["Notes", "Notes 2", "Notes 2_5", "Notes 3"])
        #expect(bundle.versions.filter { !$0.isReleased }.isEmpty, "none comes after the current version")
    }

    @Test func explicitOrderWins() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["ArtsyPartner", "ArtsyPartner 2", "ArtsyFolio v1.4"], in: folder)
        // By name, the one version without a number comes first: Xcode named it after the model.
        #expect(try XcodeBundleLoader.load(path).versions.map(\.label) == ["ArtsyPartner", "ArtsyFolio v1.4", "ArtsyPartner 2"])
        let order = ["ArtsyPartner", "ArtsyPartner 2.xcdatamodel", "ArtsyFolio v1.4"]
        let bundle = try XcodeBundleLoader.load(path, options: .init(order: order))
        #expect(bundle.versions.map(\.label) == ["ArtsyPartner", "ArtsyPartner 2", "ArtsyFolio v1.4"])
        #expect(bundle.versions.map(\.version) == [1, 2, 3].map(VersionNumber.init(ordinal:)))
    }

    @Test func explicitOrderMustNameEachVersionOnce() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["Model", "Model 2", "Model 3"], in: folder)
        let unknown = try #require(throws: InputError.self) {
            try XcodeBundleLoader.load(path, options: .init(order: ["Model", "Model 2", "Model 4", "Model 3"]))
        }
        #expect(unknown.file == path && unknown.message.contains("'Model 4'") && unknown.message.contains("did you mean"))
        let missing = try #require(throws: InputError.self) {
            try XcodeBundleLoader.load(path, options: .init(order: ["Model 3", "Model"]))
        }
        #expect(missing.message.contains("misses 'Model 2'"))
        let twice = try #require(throws: InputError.self) {
            try XcodeBundleLoader.load(path, options: .init(order: ["Model", "Model 2", "Model 2", "Model 3"]))
        }
        #expect(twice.message.contains("twice"))
    }

    @Test func currentVersionMayBeUnsetOrAbsent() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["A", "B"], in: folder)
        #expect(try XcodeBundleLoader.load(path).currentVersionName == nil)
        try folder.write(Self.emptyCurrentVersion, to: "Notes.xcdatamodeld/.xccurrentversion")
        let bundle = try XcodeBundleLoader.load(path)
        #expect(bundle.currentVersionName == nil && bundle.currentVersion == nil && bundle.versions.count == 2)
        try folder.write("not a plist", to: "Notes.xcdatamodeld/.xccurrentversion")
        let error = try #require(throws: InputError.self) { try XcodeBundleLoader.load(path) }
        #expect(error.file == "\(path)/.xccurrentversion")
    }

    @Test func currentVersionNeedNotBeTheLast() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["txmerdata", "CubeTimeData"], current: "CubeTimeData", in: folder)
        let bundle = try XcodeBundleLoader.load(path)
        #expect(bundle.versions.map(\.label) == ["CubeTimeData", "txmerdata"])
        #expect(bundle.currentVersion?.label == "CubeTimeData")
    }

    /// A version folder with no model file (only Xcode 3's diagram, `layout`) is skipped and recorded.
    @Test func versionFoldersWithoutAModelFileAreSkippedAndRecorded() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["Simplenote 2", "Simplenote 3"], current: "Simplenote 3", in: folder)
        try folder.write("bplist00", to: "Notes.xcdatamodeld/Simplenote.xcdatamodel/layout")
        try folder.write("not a version", to: "Notes.xcdatamodeld/README")
        let bundle = try XcodeBundleLoader.load(path)
        #expect(bundle.versions.map(\.label) == ["Simplenote 2", "Simplenote 3"])
        #expect(bundle.legacyVersions == [XcodeLegacyVersion(name: "Simplenote", path: "\(path)/Simplenote.xcdatamodel")])
        // An explicit order may name the version; it is left out.
        let ordered = try XcodeBundleLoader.load(path, options: .init(order: ["Simplenote", "Simplenote 2", "Simplenote 3"]))
        #expect(ordered.versions.map(\.label) == ["Simplenote 2", "Simplenote 3"])
    }

    @Test func draftsAndDeclaredCloudKit() throws {
        let folder = try TemporaryFolder()
        let path = try Self.bundle(["Model", "Model 2"], in: folder)
        let bundle = try XcodeBundleLoader.load(path, options: .init(drafts: ["Model 2"], cloudKit: true))
        #expect(bundle.versions.map(\.isReleased) == [true, false])
        #expect(bundle.versions.allSatisfy { $0.usesCloudKit })
        let suffixed = try XcodeBundleLoader.load(path, options: .init(drafts: ["Model.xcdatamodel"]))
        #expect(suffixed.versions.map(\.isReleased) == [false, true])
        let error = try #require(throws: InputError.self) { try XcodeBundleLoader.load(path, options: .init(drafts: ["Model 3"])) }
        #expect(error.message.contains("'Model 3'"))
    }

    @Test func cloudKitMarkInTheXMLIsKeptWithoutTheOption() throws {
        let folder = try TemporaryFolder()
        let path = try folder.folder("M.xcdatamodeld")
        try folder.write(XcodeFixtures.contents("", cloudKit: true), to: "M.xcdatamodeld/M.xcdatamodel/contents")
        try folder.write(XcodeFixtures.contents(""), to: "M.xcdatamodeld/M 2.xcdatamodel/contents")
        #expect(try XcodeBundleLoader.load(path).versions.map(\.usesCloudKit) == [true, false])
    }

    @Test func errorsNameTheFileAtFault() throws {
        let folder = try TemporaryFolder()
        let missing = "\(folder.path)/Nope.xcdatamodeld"
        #expect(throws: InputError(file: missing, message: "no such model bundle")) { try XcodeBundleLoader.load(missing) }

        let file = try folder.write("x", to: "File.xcdatamodeld")
        let notFolder = try #require(throws: InputError.self) { try XcodeBundleLoader.load(file) }
        #expect(notFolder.file == file && notFolder.message.contains("not a model bundle"))

        let empty = try folder.folder("Empty.xcdatamodeld")
        let noVersions = try #require(throws: InputError.self) { try XcodeBundleLoader.load(empty) }
        #expect(noVersions.message.contains("no version folders"))

        // A `contents` that cannot be read (here: a folder) is an error naming it.
        try folder.folder("Bad.xcdatamodeld/Bad.xcdatamodel/contents")
        let unreadable = try #require(throws: InputError.self) { try XcodeBundleLoader.load("\(folder.path)/Bad.xcdatamodeld") }
        #expect(unreadable.file == "\(folder.path)/Bad.xcdatamodeld/Bad.xcdatamodel/contents")
        #expect(unreadable.message.contains("cannot read"))

        // A malformed version: the error of the earliest broken version, whatever thread read it.
        let other = try TemporaryFolder()
        let broken = try Self.bundle(["V1", "V2", "V3"], in: other)
        try "<model>\n<entity".write(toFile: "\(broken)/V2.xcdatamodel/contents", atomically: false, encoding: .utf8)
        try "<model>\n<entity".write(toFile: "\(broken)/V3.xcdatamodel/contents", atomically: false, encoding: .utf8)
        let malformed = try #require(throws: InputError.self) { try XcodeBundleLoader.load(broken) }
        #expect(malformed.file == "\(broken)/V2.xcdatamodel/contents" && malformed.line == 2)
    }
}

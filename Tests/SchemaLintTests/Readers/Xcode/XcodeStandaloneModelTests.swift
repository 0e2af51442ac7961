import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// A model outside a bundle (`Name.xcdatamodel` on its own, as projects older than model
/// versioning keep it) is one version of a model of that name, found by the walk and when named.
@Suite struct XcodeStandaloneModelTests {
    static let note = XcodeFixtures.contents(
        "    <entity name=\"Note\">\n        <attribute name=\"title\" attributeType=\"String\"/>\n    </entity>", cloudKit: true)

    @Test func aModelOutsideABundleIsOneVersionOfItsOwnModel() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.note, to: "App/Photo.xcdatamodel/contents")
        try folder.write(XcodeFixtures.contents("    <entity name=\"Item\"/>"), to: "Other/Items.xcdatamodeld/Items.xcdatamodel/contents")
        try folder.write(XcodeFixtures.contents("    <entity name=\"Item\"/>"), to: "Other/Items.xcdatamodeld/Items 2.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Items 2"), to: "Other/Items.xcdatamodeld/.xccurrentversion")

        let run = try Executable.run(["."], in: folder.url)
        // The synced model's required attribute without a default is a CloudKit error of its own version.
        #expect(run.stdout.contains("App/Photo.xcdatamodel/contents:4:9: error: attribute 'Note.title' is required with no default"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("in 3 versions of 2 models\n"), "\(run.stdout)")

        for named in ["App/Photo.xcdatamodel", "App/Photo.xcdatamodel/contents"] {
            let alone = try Executable.run([named], in: folder.url)
            #expect(alone.stdout.hasSuffix("in 1 version of 1 model\n") && alone.status == 1, "\(named): \(alone.stdout)\(alone.stderr)")
        }
        // A version folder named inside a bundle names the bundle, not a model of its own.
        #expect(try Executable.run(["Other/Items.xcdatamodeld/Items 2.xcdatamodel"], in: folder.url).stdout.hasSuffix("in 2 versions of 1 model\n"))
    }

    /// A model Xcode 3 saved (binary `elements`) is read; a folder with no model file is a warning,
    /// and the rest is linted.
    @Test func aModelInXcode3sBinaryFormatIsReadAndOneWithoutAModelFileIsAWarning() throws {
        let folder = try TemporaryFolder()
        try folder.write(Xcode3Fixtures.elements(XcodeElementsParserTests.library), to: "Old/Library.xcdatamodel/elements")
        try folder.write("(diagram)", to: "Old/Legacy.xcdatamodel/layout")
        try folder.write(Self.note, to: "App/Photo.xcdatamodel/contents")
        let run = try Executable.run(["."], in: folder.url)
        #expect(run.stderr.contains("Old/Legacy.xcdatamodel:1:1: warning: the model folder holds no model file (contents or elements)"), "\(run.stderr)")
        #expect(run.stdout.hasSuffix("in 2 versions of 2 models; 1 warning on input not read in full, on standard error\n"), "\(run.stdout)")

        // A file of that name, named on the command line, is no model: one message, exit 2.
        try folder.write("not a folder", to: "Notes.xcdatamodel")
        let named = try Executable.run(["Notes.xcdatamodel"], in: folder.url)
        #expect(named.status == 2 && named.stderr.contains("Notes.xcdatamodel: error: not a model: expected a folder Name.xcdatamodel"), "\(named.stderr)")
    }
}

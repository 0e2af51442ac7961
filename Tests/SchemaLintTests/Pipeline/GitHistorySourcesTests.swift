import Foundation
import Testing
@testable import SchemaLint
@testable import schemalint

/// `--history git` over what the readers of other formats read at the release tags, through the
/// executable: a SwiftData model of `@Model` classes without `VersionedSchema`, and the store file
/// names of the store-handling code (`store-location-changed`).
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct GitHistorySourcesTests {
    static let readsSwift = ModelReaders.registered.contains { $0.name == "SwiftData" }

    /// `Sources/Model/Note.swift`: `@Model final class Note` (line 4, name at column 13) with the
    /// given properties on lines 5, 6, ... (indented by four spaces, so a `var`'s name stands at
    /// column 9).
    static func note(_ properties: [String]) -> String {
        "import SwiftData\n\n@Model\nfinal class Note {\n" + properties.map { "    \($0)\n" }.joined() + "\n    init() {}\n}\n"
    }

    static let notePath = "Sources/Model/Note.swift"

    /// Releases v1.0 (title) and v1.1 (title, body) of the model; a view without models beside
    /// it; a `@Model` class outside the folder linted, at every tag and in the working tree.
    static func swiftDataProject() throws -> GitHistoryTests.Project {
        var project = try GitHistoryTests.Project()
        try project.folder.write("struct ContentView { var title = \"Notes\" }\n", to: "Sources/App/ContentView.swift")
        try project.folder.write("import SwiftData\n\n@Model\nfinal class Draft {\n    var text: String = \"\"\n    init() {}\n}\n", to: "Tools/Draft.swift")
        try project.release(note(["var title: String = \"\""]), at: notePath, tags: ["v1.0"])
        try project.release(note(["var title: String = \"\"", "var body: String = \"\""]), at: notePath, tags: ["v1.1"])
        return project
    }

    /// The working tree renames `title` to `heading` without `originalName:`: against v1.1 (the
    /// last release), the data in `title` is dropped; the note points into the tag's file.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources")) func aSwiftDataRenameWithoutOriginalNameAtTags() throws {
        let project = try Self.swiftDataProject()
        try project.folder.write(Self.note(["var heading: String = \"\"", "var body: String = \"\""]), to: Self.notePath)
        let run = try project.lint(["--history", "git", "Sources"])
        #expect(run.status == 0, "a local store: the removal is a note\n\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let removed = try #require(lines.first { $0.hasSuffix("[attribute-removed]") }, "\(run.stdout)")
        #expect(removed.hasPrefix("Sources/Model/Note.swift:"), "the finding points at the working tree: \(removed)")
        #expect(removed.contains("note: attribute 'Note.title' was removed; its stored data is dropped when a store migrates to the next release"), "\(removed)")
        #expect(lines.contains("    note: 'Note.title' as released in v1.1 (v1.1:Sources/Model/Note.swift:5:9)"), "\(run.stdout)")
        #expect(run.stdout.contains("'Note.heading' was added in the next release and looks like 'title' renamed"), "\(run.stdout)")
        // The step from v1.0 to v1.1 (both released) is counted, not listed; nothing about the class outside Sources.
        #expect(!run.stdout.contains("v1.0"), "\(run.stdout)")
        #expect(!run.stdout.contains("Draft"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 3 versions of 1 model; not listed: 1 note in steps that shipped (--all-steps lists them)\n"), "\(run.stdout)")
    }

    @Test(.enabled(if: readsSwift, "this build reads no Swift sources")) func aSwiftDataRenameWithOriginalNameAtTagsKeepsTheData() throws {
        let project = try Self.swiftDataProject()
        try project.folder.write(Self.note(["@Attribute(originalName: \"title\") var heading: String = \"\"", "var body: String = \"\""]), to: Self.notePath)
        let run = try project.lint(["--history", "git", "Sources"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("[attribute-removed]") && !run.stdout.contains("[attribute-renamed]"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 3 versions of 1 model; not listed: 1 note in steps that shipped (--all-steps lists them)\n"), "\(run.stdout)")

        // Asked for no history source, the newest release alone; with --history files, the
        // working tree's one version is all there is.
        let newest = try project.lint(["Sources"])
        #expect(newest.status == 0 && newest.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(newest.stdout)")
        #expect(!newest.stdout.contains("[attribute-removed]") && !newest.stdout.contains("[attribute-renamed]"), "\(newest.stdout)")
        let files = try project.lint(["--history", "files", "Sources"])
        #expect(files.stdout.hasSuffix("in 1 version of 1 model\n"), "\(files.stdout)")
    }

    /// A tag whose model file does not parse stops the run, naming the file at the tag.
    @Test(.enabled(if: readsSwift, "this build reads no Swift sources")) func aTagWhoseSwiftDoesNotParseIsAnInputError() throws {
        var project = try GitHistoryTests.Project()
        try project.release("import SwiftData\n\n@Model\nfinal class Note {\n    var title: String = \n", at: Self.notePath, tags: ["v1.0"])
        try project.folder.write(Self.note(["var title: String = \"\""]), to: Self.notePath)
        let run = try project.lint(["--history", "git", "Sources"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("v1.0:Sources/Model/Note.swift:"), "\(run.stderr)")
        #expect(run.stderr.contains(": error: this Swift source does not parse"), "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }

    /// `App/Store.m`: the store URL built from the literal `name` on line 4, whose `@` stands at
    /// column 73, opened on line 5; `extra` lines after it in the same method.
    static func store(_ name: String, extra: [String] = []) -> String {
        """
        @implementation Store

        - (void)open {
            NSURL *url = [[self documentsDirectory] URLByAppendingPathComponent:@"\(name)"];
            [self.coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:url options:nil error:nil];
        \(extra.map { "    \($0)\n" }.joined())}

        @end

        """
    }

    /// The store moved into a folder since v1.0 (the last release; v0.9 had another name still):
    /// a warning at the working tree's name, a note at the tag's.
    @Test func aStoreThatMovedSinceTheLastTagIsReported() throws {
        var project = try GitHistoryTests.Project()
        try project.release(Self.store("Old.sqlite"), at: "App/Store.m", tags: ["v0.9"])
        try project.release(Self.store("Notes.sqlite"), at: "App/Store.m", tags: ["v1.0"])
        try project.folder.write(Self.store("Data/Notes.sqlite"), to: "App/Store.m")
        let run = try project.lint(["--history", "git", "App"])
        #expect(run.status == 0, "a warning\n\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("App/Store.m:4:73: warning: the store file is \"Data/Notes.sqlite\" here, but it was \"Notes.sqlite\" in v1.0, and no code moves the store: after the update the app opens a new, empty store, and people's data stays at the old place [store-location-changed]\n    note: \"Notes.sqlite\" as released in v1.0 (v1.0:App/Store.m:4:73)\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("Old.sqlite"), "only the last release counts: \(run.stdout)")

        // Without the tags, there is nothing to compare with.
        let files = try project.lint(["App"])
        #expect(!files.stdout.contains("[store-location-changed]"), "\(files.stdout)")
    }

    @Test func aStoreMovedByCoreDataOrKeptInPlaceIsNotReported() throws {
        var project = try GitHistoryTests.Project()
        try project.release(Self.store("Notes.sqlite"), at: "App/Store.m", tags: ["v1.0"])
        let migrates = "[self.coordinator migratePersistentStore:old toURL:url options:nil withType:NSSQLiteStoreType error:nil];"
        try project.folder.write(Self.store("Data/Notes.sqlite", extra: [migrates]), to: "App/Store.m")
        let moved = try project.lint(["--history", "git", "App"])
        #expect(!moved.stdout.contains("[store-location-changed]"), "\(moved.stdout)")

        try project.folder.write(Self.store("Notes.sqlite", extra: ["NSLog(@\"opened\");"]), to: "App/Store.m")
        let kept = try project.lint(["--history", "git", "App"])
        #expect(!kept.stdout.contains("[store-location-changed]"), "\(kept.stdout)")
    }
}

import Foundation
@testable import SchemaLint
import SchemaLintTestSupport
import Testing

/// The Swift files a release tag is read again with are those the tag's Xcode project built: a
/// file left in the repository that no target listed then (an old copy of the schemas) declares
/// nothing that shipped.
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct BuiltAtRevisionTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tG1 /* Schema */ = {isa = PBXGroup; children = (F1 /* Schema.swift */, ); path = Schema; sourceTree = "<group>"; };
        \t\tF1 /* Schema.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Schema.swift; sourceTree = "<group>"; };
        \t};
        }

        """

    @Test func aFileNoProjectListedAtTheTagIsLeftOut() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write(Self.project, to: "App.xcodeproj/project.pbxproj")
        try folder.write("enum SchemaV1: VersionedSchema {}\n", to: "App/Schema/Schema.swift")
        try folder.write("enum SchemaV1: VersionedSchema {}\n", to: "App/Old/Schemas.swift")
        try repository.commit("v1.0")
        try repository.tag("v1.0")
        let root = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        let git = GitRevision(listed: "v1.0", top: root)
        let declaring = git.swiftFiles(mentioning: ["VersionedSchema"]).sorted()
        #expect(declaring.map { String($0.dropFirst(root.count + 1)) } == ["App/Old/Schemas.swift", "App/Schema/Schema.swift"])
        let built = LintPipeline.builtAtRevision(declaring, git: git)
        #expect(built.map { String($0.dropFirst(root.count + 1)) } == ["App/Schema/Schema.swift"])

        // A package manifest at the tag adds its folder's files by folder: nothing is left out.
        try folder.write("// swift-tools-version:5.9\n", to: "Package.swift")
        try repository.commit("a package")
        try repository.tag("v1.1")
        let packaged = GitRevision(listed: "v1.1", top: root)
        #expect(LintPipeline.builtAtRevision(declaring, git: packaged) == declaring)
    }

    /// Through the executable: at the newest release tag, an old copy of a `@Model` class left
    /// in a folder the project no longer lists is not the release's model, as it is not the
    /// working tree's.
    @Test func anOldCopyOfAModelClassAtTheTagIsNotTheRelease() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let project = Self.project.replacingOccurrences(of: "Schema", with: "Models").replacingOccurrences(of: "Models.swift", with: "Note.swift")
        try folder.write(project, to: "App.xcodeproj/project.pbxproj")
        let note = "import SwiftData\n\n@Model\nfinal class Note {\n    var title: String = \"\"\n    var count: Int = 0\n    init() {}\n}\n"
        try folder.write(note, to: "App/Models/Note.swift")
        try folder.write(note.replacingOccurrences(of: "var count: Int = 0", with: "var count: String = \"\""), to: "Old/Note.swift")
        try repository.commit("Notes")
        try repository.tag("v1.0")
        try folder.write("# Notes\n", to: "README.md")
        try repository.commit("readme")
        let run = try Executable.run(["--no-color"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("count"), "\(run.stdout)")
        #expect(run.stdout.contains("in 2 versions of 1 model"), "the release at v1.0 and the next: \(run.stdout)")
    }
}

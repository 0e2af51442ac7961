import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

@Suite struct GitRunnerTests {
    @Test(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
    func runsGitAndReportsItsFailures() throws {
        let version = try #require(GitRunner().run(["--version"]))
        #expect(version.succeeded && version.text.hasPrefix("git version "))
        let folder = try TemporaryFolder()
        try #require(GitWorkTree.root(containing: folder.path) == nil, "the temporary folder lies in a git work tree")
        let outside = try #require(GitRunner().run(["log"], in: folder.path))
        #expect(!outside.succeeded && !outside.standardError.isEmpty && outside.standardOutput.isEmpty)
    }

    @Test func aMissingProgramIsNoAnswer() {
        #expect(GitRunner(program: "schemalint-test-no-such-git").run(["--version"]) == nil)
    }

    /// The program is looked for once, in the `PATH`'s folders in order (relative folders and
    /// files that cannot be run are passed over); a path, or a name no folder has, is left to `env`.
    @Test func theProgramIsFoundOnThePathOnce() throws {
        let folder = try TemporaryFolder()
        try folder.writeProgram("#!/bin/sh\nexit 0\n", to: "first/tool")
        try folder.writeProgram("#!/bin/sh\nexit 0\n", to: "second/tool")
        try folder.write("not a program\n", to: "plain/tool")
        let (plain, first, second) = (folder.url.appendingPathComponent("plain").path, folder.url.appendingPathComponent("first").path, folder.url.appendingPathComponent("second").path)
        #expect(GitRunner.find("tool", in: "relative:\(plain):\(second):\(first)") == second + "/tool")
        #expect(GitRunner.find("tool", in: "\(first)/") == first + "/tool")
        #expect(GitRunner.find("tool", in: plain) == nil)
        #expect(GitRunner.find("\(first)/tool", in: first) == nil)
        #expect(GitRunner.find("tool", in: "") == nil)
    }
}

@Suite struct GitFileOriginsTests {
    /// The log git writes with `-z --name-status --format=%x01%h %cs`, parsed by hand: adds,
    /// renames (with and without edits), deletes and a later add again, which keeps the first add.
    @Test func followsRenamesAndKeepsTheFirstAdd() {
        let log = "\u{1}aaa 2024-01-02\0\nA\0m/a/contents\0A\0m/b/contents\0"
            + "\u{1}bbb 2024-01-03\0\nR100\0m/a/contents\0m/c/contents\0"
            + "\u{1}ccc 2024-01-04\0\nD\0m/b/contents\0R087\0m/c/contents\0m/d/contents\0"
            + "\u{1}ddd 2024-01-05\0\nA\0m/b/contents\0"
        let origins = GitFileOrigins(log: Data(log.utf8))
        #expect(origins.commits == [
            "m/d/contents": GitFileOrigins.Commit(position: 1, id: "aaa", date: "2024-01-02"),
            "m/b/contents": GitFileOrigins.Commit(position: 1, id: "aaa", date: "2024-01-02"),
        ])
        #expect(GitFileOrigins(log: Data()).commits.isEmpty)
    }

    @Test func globSpecialCharactersAreEscaped() {
        #expect(XcodeVersionCommits.globEscaped("Model [old]*?.xcdatamodeld") == #"Model \[old\]\*\?.xcdatamodeld"#)
    }
}

@Suite struct AppIdentityTests {
    /// The lines `git grep` prints of a project file, an xcconfig and entitlements: literal
    /// identifiers count, test bundles' do not, and one built from a setting is resolved from
    /// that setting's values, under a condition or with a comment after it. git finds the lines by
    /// fixed strings, so a line that only mentions such a setting (in a value, a comment, a longer
    /// name) is among them and assigns nothing, as a setting of another name (`PRODUCT_NAME`) does not.
    @Test func resolvesIdentifiersBuiltFromOtherSettings() {
        let lines = """
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "$(MAIN_BUNDLE_IDENTIFIER)";
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.notes.NotesTests;
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "${PREFIX}.widget";
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "$(UNKNOWN_SETTING).share";
            MAIN_BUNDLE_IDENTIFIER = com.example.notes // the App Store's
            MAIN_BUNDLE_IDENTIFIER[config=Debug] = com.example.notes.debug
            PREFIX = $(MAIN_BUNDLE_IDENTIFIER)
            \t\t<string>group.com.example.notes</string>
            \t\t\t\tINFOPLIST_FILE = "Sources/PRODUCT_BUNDLE_IDENTIFIER = com.example.other/Info.plist";
            // PRODUCT_BUNDLE_IDENTIFIER = com.example.retired
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER.old = com.example.other;
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME)";
            \t\t\t\tPRODUCT_NAME = Notes_PREFIX;
            """
        let identity = AppIdentity(settingLines: lines)
        #expect(identity.bundleIdentifiers == ["com.example.notes", "com.example.notes.debug", "com.example.notes.widget", "com.example.notes.debug.widget"])
        #expect(identity.appGroups == ["group.com.example.notes"])
        // The same app, its identifier once written in the project file.
        #expect(!AppIdentity(settingLines: "PRODUCT_BUNDLE_IDENTIFIER = com.example.notes;").isAnotherApp(than: identity))
        #expect(AppIdentity(settingLines: "PRODUCT_BUNDLE_IDENTIFIER = com.example.notes-beta;").isAnotherApp(than: identity))
        // A placeholder kept in the repository for the real identifier (in a file git ignores)
        // says nothing of which app it is, beside the framework targets' own identifiers.
        let placeholder = AppIdentity(settingLines: "PRODUCT_BUNDLE_IDENTIFIER = \"$(APP_IDENTIFIER)\";\nAPP_IDENTIFIER = com.replace.me\nPRODUCT_BUNDLE_IDENTIFIER = com.example.NotesKit;\n")
        #expect(placeholder.bundleIdentifiers == ["com.example.NotesKit"] && placeholder.namesAPlaceholder)
        #expect(!placeholder.isAnotherApp(than: identity) && !identity.isAnotherApp(than: placeholder))
        #expect(!AppIdentity(settingLines: "PRODUCT_BUNDLE_IDENTIFIER = com.example.NotesKit;").namesAPlaceholder)
        #expect(AppIdentity(settingLines: "PRODUCT_BUNDLE_IDENTIFIER = com.example.NotesKit;").isAnotherApp(than: identity))
    }
}

import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

@Suite struct XcodeAtomicFileWriterTests {
    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Files in the folder other than the ones named: left-over temporary files.
    static func strays(in folder: TemporaryFolder, besides names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !names.contains($0) }
    }

    @Test func writesANewFile() throws {
        let folder = try TemporaryFolder()
        let path = "\(folder.path)/Notes 1.yaml"
        try AtomicFileWriter.write("model: Notes\n", to: path)
        #expect(try Self.read(path) == "model: Notes\n")
        #expect(try Self.strays(in: folder, besides: ["Notes 1.yaml"]).isEmpty)
    }

    @Test func refusesToReplaceAnExistingFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("keep me\n", to: "Notes.yaml")
        let error = try #require(throws: FileWriteError.self) { try AtomicFileWriter.write("new\n", to: path) }
        #expect(error.path == path)
        #expect(error.message.contains("already exists"))
        #expect(error.description.hasPrefix("\(path): error: "))
        #expect(try Self.read(path) == "keep me\n")
        #expect(try Self.strays(in: folder, besides: ["Notes.yaml"]).isEmpty)
    }

    @Test func replacesWithForceKeepingPermissions() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("old\n", to: "Notes.yaml")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try AtomicFileWriter.write("new\n", to: path, force: true)
        #expect(try Self.read(path) == "new\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        // Replaced by renaming a new file over it, not rewritten in place.
        #expect((attributes[.systemFileNumber] as? Int) != before)
        #expect(try Self.strays(in: folder, besides: ["Notes.yaml"]).isEmpty)
    }

    @Test func neverReplacesAFolderAndReportsMissingFolders() throws {
        let folder = try TemporaryFolder()
        let directory = try folder.folder("Notes.yaml")
        let error = try #require(throws: FileWriteError.self) { try AtomicFileWriter.write("x", to: directory, force: true) }
        #expect(error.message.contains("folder"))
        let nowhere = "\(folder.path)/missing/Notes.yaml"
        let missing = try #require(throws: FileWriteError.self) { try AtomicFileWriter.write("x", to: nowhere) }
        #expect(missing.path == nowhere && missing.message.contains("cannot write"))
    }

    @Test func writesWhatTheYAMLWriterRenders() throws {
        let folder = try TemporaryFolder()
        let model = try XcodeModelReaderTests.notesModel()
        let path = "\(folder.path)/Test 1.yaml"
        try AtomicFileWriter.write(ModelYAMLWriter.render(model), to: path)
        #expect(try Self.read(path) == ModelYAMLWriter.render(model))
    }
}

import Foundation
import Testing
import SchemaLintCore

/// Children started with `posix_spawn`: what they read, print and end with.
@Suite struct ChildProcessTests {
    let environment = ProcessInfo.processInfo.environment

    @Test func theChildReadsItsInputAndBothStreamsAreKeptApart() throws {
        let output = try #require(ChildProcess.run("/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], environment: environment, input: Data("one\ntwo\n".utf8)))
        #expect(output.status == 3)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "one\ntwo\n")
        #expect(String(decoding: output.standardError, as: UTF8.self) == "oops\n")
    }

    @Test func withoutInputTheChildReadsNothingAndItsEnvironmentIsTheOneGiven() throws {
        let output = try #require(ChildProcess.run("/bin/sh", ["-c", "cat; printf %s \"$ONLY\""], environment: ["ONLY": "this"]))
        #expect(output.status == 0)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "this")
    }

    /// More than a pipe holds (64 KB): the output goes to a file, so the child never blocks.
    @Test func aLargeOutputIsReadWhole() throws {
        let output = try #require(ChildProcess.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero"], environment: environment))
        #expect(output.status == 0 && output.standardOutput.count == 1_000_000)
    }

    /// The folder is the child's alone: this process stays where it was, and a folder that does
    /// not exist starts nothing.
    @Test func theChildStartsInTheFolderGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let here = FileManager.default.currentDirectoryPath
        let output = try #require(ChildProcess.run("/bin/sh", ["-c", "pwd -P"], environment: environment, in: folder.path))
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == folder.resolvingSymlinksInPath().path + "\n")
        #expect(FileManager.default.currentDirectoryPath == here)
        #expect(ChildProcess.run("/bin/sh", ["-c", "pwd"], environment: environment, in: folder.path + "/missing") == nil)
    }

    @Test func aSignalEndsWithItsNumberAbove128AndAMissingProgramStartsNothing() throws {
        let killed = try #require(ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"], environment: environment))
        #expect(killed.status == 128 + 9)
        #expect(ChildProcess.run("/nonexistent/program", [], environment: environment) == nil)
    }
}

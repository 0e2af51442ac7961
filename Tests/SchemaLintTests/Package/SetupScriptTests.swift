import Foundation
import Testing
import SchemaLintTestSupport

/// scripts/setup.sh, which `make run` and `make test` (and so CI) start with.
@Suite struct SetupScriptTests {
    static let script = Executable.packageRoot.appendingPathComponent("scripts/setup.sh").path

    /// A folder of stand-in commands, so the script meets a machine of the test's choosing.
    static func bin(_ commands: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (name, body) in commands {
            try folder.writeProgram("#!/bin/sh\n\(body)\n", to: name)
        }
        for tool in ["id", "python3"] {
            let real = ["/usr/bin/\(tool)", "/bin/\(tool)", "/usr/local/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            if let real { try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + tool, withDestinationPath: real) }
        }
        return folder
    }

    @Test func installsNothingWhenEverythingIsThere() throws {
        let bin = try Self.bin(["swift": "exit 0", "pkg-config": "exit 0", "apt-get": "echo apt-get was run >&2; exit 9", "brew": "echo brew was run >&2; exit 9"])
        let run = try Executable.runProgram("/bin/bash", [Self.script], environment: ["PATH": bin.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "setup: ready\n")
    }

    @Test func refusesInOneLineWhereItCannotInstall() throws {
        let bin = try Self.bin(["swift": "exit 0", "pkg-config": "exit 1"])
        let run = try Executable.runProgram("/bin/bash", [Self.script], environment: ["PATH": bin.path])
        #expect(run.status == 1)
        #expect(run.stderr == "setup: neither apt-get nor Homebrew is here: install pkg-config, libyaml and libxml2 (with their headers) by hand\n")
    }

    @Test func refusesWithoutSwift() throws {
        let bin = try Self.bin([:])
        let run = try Executable.runProgram("/bin/bash", [Self.script], environment: ["PATH": bin.path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("setup: Swift 6 is not on PATH"))
    }

    @Test func installsWithAptGetWhenTheLibrariesAreMissing() throws {
        // pkg-config finds the libraries only once apt-get has run.
        let bin = try Self.bin([
            "swift": "exit 0",
            "pkg-config": "[ -f \"${0%/*}/installed\" ]",
            "apt-get": "echo \"apt-get $*\" >> \"${0%/*}/log\"; if [ \"$1\" = install ]; then : > \"${0%/*}/installed\"; fi",
            "sudo": "\"$@\"",
        ])
        let run = try Executable.runProgram("/bin/bash", [Self.script], environment: ["PATH": bin.path])
        #expect(run.status == 0, "\(run.stderr)")
        let log = try String(contentsOfFile: bin.path + "/log", encoding: .utf8)
        #expect(log == "apt-get update -qq\napt-get install -y -qq libyaml-dev libxml2-dev pkg-config\n")
    }
}

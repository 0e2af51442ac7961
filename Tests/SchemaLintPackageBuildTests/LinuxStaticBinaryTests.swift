import Foundation
import Testing
import SchemaLintTestSupport

extension PackageBuilds.SecondLane {
    /// The release's self-contained Linux binary: scripts/build-linux-static.sh builds it (here without
    /// swift-syntax, SCHEMALINT_WITHOUT_SWIFT_SOURCES=1, and without optimisation,
    /// SCHEMALINT_UNOPTIMIZED=1: about a minute on two cores where the optimised build takes five;
    /// what is checked is how it links), scripts/check-linux-binary.sh finds that it needs only glibc,
    /// and it lints an example as the test run's own build does.
    ///
    /// Its scratch folder is .build/static-binary-check, so only the first run of this test builds in
    /// release mode; later runs rebuild what changed.
    @Suite struct LinuxStaticBinaryTests {
        /// The static archives the script links (Debian and Ubuntu: libyaml-dev libxml2-dev libicu-dev
        /// zlib1g-dev liblzma-dev, and gcc's libstdc++), as the compiler finds them.
        static let hasArchives: Bool = {
            #if os(Linux)
            guard Shell.succeeds("pkg-config", ["--exists", "yaml-0.1", "libxml-2.0"]), Shell.succeeds("readelf", ["--version"]) else { return false }
            return ["yaml", "xml2", "icuuc", "icudata", "z", "lzma", "stdc++"].allSatisfy { name in
                let found = (try? Shell.run("gcc", ["-print-file-name=lib\(name).a"], in: "/"))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                return found.hasPrefix("/") && FileManager.default.fileExists(atPath: found)
            }
            #else
            return false
            #endif
        }()

        @Test(
            .enabled(if: hasArchives, "Linux only, with gcc, pkg-config, binutils and the static archives of libyaml, libxml2, ICU, zlib and liblzma"),
            .timeLimit(.minutes(20))
        )
        func theStaticBuildNeedsOnlyGlibcAndLintsAsTheNormalBuild() throws {
            let root = Executable.packageRoot
            let scratch = root.appendingPathComponent(".build/static-binary-check").path
            let output = try TemporaryFolder()
            let binary = output.path + "/schemalint"
            let clock = ContinuousClock()
            let start = clock.now
            let build = try Shell.run("bash", ["scripts/build-linux-static.sh", "--scratch-path", scratch, binary], in: root.path,
                                      environment: ["SCHEMALINT_WITHOUT_SWIFT_SOURCES": "1", "SCHEMALINT_UNOPTIMIZED": "1"])
            let buildTime = clock.now - start
            try #require(build.status == 0, "\(build.output)")
            #expect(build.stdout.contains("\(binary) is self-contained: it needs only glibc"), "\(build.output)")
            #expect(FileManager.default.fileExists(atPath: scratch + "/release/schemalint"), "the build used the scratch path it was given")

            // The check on its own, as the release runs it.
            let check = try Shell.run("bash", ["scripts/check-linux-binary.sh", binary], in: root.path)
            #expect(check.status == 0, "\(check.output)")
            #expect(!check.stdout.contains("not part of glibc"), "\(check.stdout)")

            // It lints as the normal build does: the same findings, summary and exit status.
            for example in ["examples/notes", "examples/xcode"] {
                let normal = try Executable.run([example])
                let selfContained = try Executable.runProgram(binary, [example])
                #expect(selfContained.status == normal.status, "\(example): \(selfContained.stderr)")
                #expect(selfContained.stdout == normal.stdout, "\(example)")
                #expect(selfContained.stderr == normal.stderr, "\(example)")
            }
            let version = try Executable.runProgram(binary, ["--version"])
            #expect(version.stdout == (try Executable.run(["--version"])).stdout)
            print("LinuxStaticBinaryTests: scripts/build-linux-static.sh \(buildTime)")
        }

        @Test(arguments: [["--scratch-path"], ["a", "b"], ["--output"]])
        func theBuildScriptRefusesBadArguments(arguments: [String]) throws {
            let run = try Shell.run("bash", ["scripts/build-linux-static.sh"] + arguments, in: Executable.packageRoot.path)
            #expect(run.status == 2, "\(run.output)")
            #expect(run.stderr.contains("usage: "))
        }
    }
}

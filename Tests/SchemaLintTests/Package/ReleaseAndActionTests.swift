import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// The release's artifact bundle and the Action's shell steps, run here as GitHub would run them
/// (bash -eo pipefail, with the runner's variables), with local files standing in for the network.
@Suite struct ReleaseAndActionTests {
    static let hasTools = ["/usr/bin/curl", "/usr/bin/tar", "/bin/bash"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    // MARK: The artifact bundle

    @Test func theScriptAssemblesAnArtifactBundleForBinaryTargets() throws {
        let folder = try TemporaryFolder()
        let binary = Executable.binary.path
        let run = try Executable.runProgram("/bin/bash", [
            "scripts/make-artifactbundle.sh", "1.2.3", folder.path + "/out",
            "\(binary)=x86_64-unknown-linux-gnu", "\(binary)=arm64-apple-macosx,x86_64-apple-macosx",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let bundle = folder.path + "/out/schemalint-1.2.3.artifactbundle"
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json"))) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifact = try #require((info["artifacts"] as? [String: Any])?["schemalint"] as? [String: Any])
        #expect(artifact["type"] as? String == "executable")
        #expect(artifact["version"] as? String == "1.2.3")
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.map { $0["supportedTriples"] as? [String] ?? [] } == [["x86_64-unknown-linux-gnu"], ["arm64-apple-macosx", "x86_64-apple-macosx"]])
        #expect(variants.map { $0["path"] as? String ?? "" } == [
            "schemalint-1.2.3-x86_64-unknown-linux-gnu/bin/schemalint", "schemalint-1.2.3-arm64-apple-macosx/bin/schemalint",
        ])
        for variant in variants {
            let path = bundle + "/" + (variant["path"] as? String ?? "")
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(path)")
        }
        // The variant is the built program itself.
        let version = try Executable.runProgram(bundle + "/schemalint-1.2.3-x86_64-unknown-linux-gnu/bin/schemalint", ["--version"])
        #expect(version.stdout == SchemaLintVersion.current + "\n")
        // The zip SwiftPM downloads, with its checksum on the last line.
        #expect(FileManager.default.fileExists(atPath: bundle + ".zip"))
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.range(of: #"\.artifactbundle\.zip [0-9a-f]{64}$"#, options: .regularExpression) != nil, "\(last)")
    }

    @Test(arguments: [["1.0"], ["1.0", "/tmp/out", "/nonexistent/schemalint=x86_64-unknown-linux-gnu"], ["1 0", "/tmp/out", "/bin/sh=x86_64-unknown-linux-gnu"], ["1.0", "/tmp/out", "/bin/sh=not a triple"]])
    func theScriptRefusesBadArguments(arguments: [String]) throws {
        let run = try Executable.runProgram("/bin/bash", ["scripts/make-artifactbundle.sh"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains("usage: "))
    }

    /// The release workflow publishes the assets the Action downloads, under the same names, and
    /// assembles the bundle with the tested script.
    @Test func theReleaseWorkflowPublishesWhatTheActionDownloads() throws {
        let bytes = Array(try Data(contentsOf: Executable.packageRoot.appendingPathComponent(".github/workflows/release.yml")))
        let root = try YAMLParser().parse(bytes, file: "release.yml")
        func value(_ node: YAMLNode, _ key: String) -> YAMLNode? {
            guard case .mapping(let pairs) = node.content else { return nil }
            return pairs.first { $0.key.scalar == key }?.value
        }
        var scripts: [String] = []
        if let jobs = value(root, "jobs"), case .mapping(let pairs) = jobs.content {
            for job in pairs.map(\.value) {
                guard let steps = value(job, "steps"), case .sequence(let list) = steps.content else { continue }
                scripts += list.compactMap { value($0, "run")?.scalar }
            }
        }
        let release = scripts.joined(separator: "\n")
        #expect(value(root, "on").flatMap { value($0, "push") }.flatMap { value($0, "tags") } != nil, "runs on version tags")
        // Built per runner under the runner's names, as the Action asks for them.
        #expect(release.contains(#"asset="schemalint-$GITHUB_REF_NAME-$RUNNER_OS-$RUNNER_ARCH.tar.gz""#))
        #expect(release.contains(#"shasum -a 256 "$asset" > "$asset.sha256""#))
        let action = try Self.script(ofStep: "Download schemalint")
        #expect(action.contains(#"asset="schemalint-$SCHEMALINT_VERSION-$RUNNER_OS-$RUNNER_ARCH.tar.gz""#))
        #expect(action.contains(#""$SCHEMALINT_RELEASES/$SCHEMALINT_VERSION/$asset.sha256""#))
        #expect(release.contains("scripts/make-artifactbundle.sh \"$version\" release"))
        // The Linux binaries are self-contained, and proved so before they are published.
        #expect(release.contains("scripts/build-linux-static.sh dist/schemalint"))
        #expect(release.contains("scripts/check-linux-binary.sh dist/schemalint"))
    }

    // MARK: The Action's steps

    /// The `run:` script of the step named `name` in action.yml, read with schemalint's own YAML parser.
    static func script(ofStep name: String) throws -> String {
        let bytes = Array(try Data(contentsOf: Executable.packageRoot.appendingPathComponent("action.yml")))
        let root = try YAMLParser().parse(bytes, file: "action.yml")
        func value(_ node: YAMLNode, _ key: String) -> YAMLNode? {
            guard case .mapping(let pairs) = node.content else { return nil }
            return pairs.first { $0.key.scalar == key }?.value
        }
        guard let steps = value(root, "runs").flatMap({ value($0, "steps") }), case .sequence(let list) = steps.content,
              let step = list.first(where: { value($0, "name")?.scalar == name }), let run = value(step, "run")?.scalar
        else { throw ParseFailure(description: "action.yml has no step '\(name)' with a run script") }
        return run
    }

    struct ParseFailure: Error, CustomStringConvertible { var description: String }

    /// Runs a step's script as the runner does (`bash --noprofile --norc -eo pipefail`), with the
    /// step's environment; returns the run and the step's outputs (`GITHUB_OUTPUT`).
    static func runStep(_ name: String, in folder: TemporaryFolder, environment: [String: String]) throws -> (Executable.Run, [String: String]) {
        let script = try folder.write(try Self.script(ofStep: name), to: "step-\(UUID().uuidString).sh")
        let outputs = folder.path + "/github-output-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outputs, contents: nil)
        var env = ["GITHUB_OUTPUT": outputs, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TEMP": folder.path + "/runner-temp"]
        for (key, value) in environment { env[key] = value }
        let run = try Executable.runProgram("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", script], in: folder.url, environment: env)
        var values: [String: String] = [:]
        for line in try String(contentsOfFile: outputs, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return (run, values)
    }

    /// A release folder as GitHub serves it, holding the built binary as the Linux x64 asset.
    static func fakeRelease(in folder: TemporaryFolder, version: String, checksum: String? = nil) throws -> String {
        let releases = try folder.folder("releases")
        let assetFolder = try folder.folder("releases/\(version)")
        let staging = try folder.folder("staging")
        try FileManager.default.copyItem(atPath: Executable.binary.path, toPath: staging + "/schemalint")
        let asset = "schemalint-\(version)-Linux-X64.tar.gz"
        #expect(try Executable.runProgram("/usr/bin/tar", ["-C", staging, "-czf", assetFolder + "/" + asset, "schemalint"]).status == 0)
        let sum = try Executable.runProgram("/usr/bin/sha256sum", [assetFolder + "/" + asset]).stdout.split(separator: " ").first.map(String.init) ?? ""
        try folder.write((checksum ?? sum) + "  " + asset + "\n", to: "releases/\(version)/\(asset).sha256")
        return "file://" + releases
    }

    /// A `swift` that records that it was asked to build, so a fallback build takes no time here.
    static func fakeSwift(in folder: TemporaryFolder) throws -> [String: String] {
        let bin = try folder.folder("fake-swift")
        try folder.writeProgram("#!/bin/sh\necho \"swift $*\" >> \"\(folder.path)/swift-calls\"\ncase \"$*\" in *--show-bin-path*) echo /built/from/source ;; esac\n", to: "fake-swift/swift")
        return ["PATH": bin + ":/usr/bin:/bin", "GITHUB_ACTION_PATH": Executable.packageRoot.path]
    }

    /// The Action's steps for a release build of `version`, with the fake `swift`.
    static func releaseSteps(in folder: TemporaryFolder, version: String) throws -> [String: String] {
        var environment = try fakeSwift(in: folder)
        environment["CONFIGURATION"] = "release"
        environment["SCHEMALINT_VERSION"] = version
        return environment
    }

    @Test(.enabled(if: hasTools, "needs bash, curl and tar"))
    func theActionUsesTheReleaseBinaryOfItsVersion() throws {
        let folder = try TemporaryFolder()
        let releases = try Self.fakeRelease(in: folder, version: "v9.9.9")
        var environment = try Self.releaseSteps(in: folder, version: "v9.9.9")
        environment["SCHEMALINT_RELEASES"] = releases
        let (download, downloaded) = try Self.runStep("Download schemalint", in: folder, environment: environment)
        #expect(download.status == 0, "\(download.stdout)\(download.stderr)")
        #expect(downloaded["folder"] == folder.path + "/runner-temp/schemalint-Linux-X64")
        environment["PREBUILT"] = downloaded["folder"] ?? ""
        // A prebuilt binary that runs needs no libraries installed.
        let (install, _) = try Self.runStep("Install libyaml and libxml2", in: folder, environment: environment)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        #expect(install.stdout.contains("The prebuilt schemalint runs without them: nothing to install"))
        let (run, outputs) = try Self.runStep("Get schemalint", in: folder, environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(outputs["bin"] == folder.path + "/runner-temp/schemalint-Linux-X64")
        #expect(run.stdout.contains("Using the prebuilt schemalint v9.9.9 for Linux X64"))
        #expect(FileManager.default.isExecutableFile(atPath: (outputs["bin"] ?? "") + "/schemalint"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/swift-calls"), "nothing was built")
    }

    @Test(.enabled(if: hasTools, "needs bash, curl and tar"), arguments: [("v9.9.9", true), ("main", false)])
    func theActionBuildsFromSourceWhenThereIsNoGoodBinary(version: String, corrupt: Bool) throws {
        let folder = try TemporaryFolder()
        let releases = try Self.fakeRelease(in: folder, version: "v9.9.9", checksum: corrupt ? String(repeating: "0", count: 64) : nil)
        var environment = try Self.releaseSteps(in: folder, version: version)
        environment["SCHEMALINT_RELEASES"] = releases
        let (download, downloaded) = try Self.runStep("Download schemalint", in: folder, environment: environment)
        #expect(download.status == 0, "\(download.stdout)\(download.stderr)")
        #expect(downloaded["folder"] == nil)
        #expect(download.stdout.contains(corrupt ? "::warning title=schemalint::the prebuilt" : "No prebuilt schemalint for 'main'"))
        environment["PREBUILT"] = ""
        let (run, outputs) = try Self.runStep("Get schemalint", in: folder, environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(outputs["bin"] == "/built/from/source")
        let calls = try String(contentsOfFile: folder.path + "/swift-calls", encoding: .utf8)
        #expect(calls.contains("swift build -c release --package-path \(Executable.packageRoot.path) --product schemalint"))
    }

    /// A downloaded binary that does not run (a library it loads is missing, and could not be
    /// installed) is replaced by a build from source.
    @Test(.enabled(if: hasTools, "needs bash"))
    func theActionBuildsFromSourceWhenThePrebuiltBinaryDoesNotRun() throws {
        let folder = try TemporaryFolder()
        let prebuilt = try folder.folder("prebuilt")
        try folder.writeProgram("#!/bin/sh\necho 'schemalint: error while loading shared libraries: libyaml-0.so.2' >&2\nexit 127\n", to: "prebuilt/schemalint")
        var environment = try Self.releaseSteps(in: folder, version: "v9.9.9")
        environment["PREBUILT"] = prebuilt
        let (run, outputs) = try Self.runStep("Get schemalint", in: folder, environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(outputs["bin"] == "/built/from/source")
        #expect(run.stdout.contains("::warning title=schemalint::the prebuilt schemalint did not run; building from source instead"))
    }

    // MARK: The Linux release binary

    static let hasBinutils = ["/usr/bin/readelf", "/usr/bin/objdump"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    /// scripts/check-linux-binary.sh passes a program that needs only glibc, and fails one that
    /// needs more: the schemalint of a plain build (libyaml, libxml2, the Swift runtime).
    @Test(.enabled(if: hasBinutils && FileManager.default.fileExists(atPath: "/bin/sh"), "needs readelf or objdump"))
    func theCheckScriptAllowsOnlyGlibc() throws {
        let glibcOnly = try Executable.runProgram("/bin/bash", ["scripts/check-linux-binary.sh", "/bin/sh"])
        #expect(glibcOnly.status == 0, "\(glibcOnly.stdout)\(glibcOnly.stderr)")
        #expect(glibcOnly.stdout.contains("libc.so.6"))
        #expect(glibcOnly.stdout.contains("is self-contained: it needs only glibc"))

        let plain = try Executable.runProgram("/bin/bash", ["scripts/check-linux-binary.sh", Executable.binary.path])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("libyaml-0.so.2   <- not part of glibc"), "\(plain.stdout)")
        #expect(plain.stderr.contains("is not self-contained: it needs libyaml-0.so.2"), "\(plain.stderr)")

        let notELF = try Executable.runProgram("/bin/bash", ["scripts/check-linux-binary.sh", "Package.swift"])
        #expect(notELF.status == 2)
        #expect(notELF.stderr.contains("is not an ELF file"))
    }

    /// The lint step, twice in one workspace (the report is replaced), and on unreadable input (the
    /// SARIF file is still written, so the upload step finds it).
    @Test(.enabled(if: hasTools, "needs bash"))
    func theLintStepWritesTheSARIFFileOnEveryRun() throws {
        let folder = try TemporaryFolder()
        try folder.write(WorkflowTests.v1, to: "models/v1.yaml")
        try folder.write(WorkflowTests.v2, to: "models/v2.yaml")
        let environment = [
            "SCHEMALINT": Executable.binary.path, "INPUT_PATHS": "models", "INPUT_FORMAT": "github", "INPUT_ARGS": "",
            "INPUT_SARIF_FILE": "reports/schemalint.sarif", "INPUT_CLOUDKIT": "false",
        ]
        for _ in 0..<2 {
            let (run, outputs) = try Self.runStep("Run schemalint", in: folder, environment: environment)
            #expect(run.status == 0, "the step records the status; a later step fails the job")
            #expect(outputs["exit-code"] == "1")
            #expect(outputs["sarif-file"] == folder.path + "/reports/schemalint.sarif")
            #expect(run.stdout.contains("::error file=models/v2.yaml,line=6,col=5,title=attribute-removed::"))
        }
        try folder.write("model: Notes\nversion: [\n", to: "models/v3.yaml")
        let (broken, outputs) = try Self.runStep("Run schemalint", in: folder, environment: environment)
        #expect(broken.status == 0)
        #expect(outputs["exit-code"] == "2")
        let sarif = try String(contentsOfFile: outputs["sarif-file"] ?? "", encoding: .utf8)
        #expect(sarif.contains("\"ruleId\": \"input-error\""))
        #expect(broken.stdout.contains("::error file=models/v3.yaml,line="))
    }

    /// The default `paths`, `.`, is the root unnamed: a repository without models passes, as
    /// `schemalint .` does, where a folder named by another path with nothing to lint is an
    /// input error.
    @Test(.enabled(if: hasTools, "needs bash"))
    func theLintStepPassesARepositoryWithoutModelsByDefault() throws {
        let folder = try TemporaryFolder()
        try folder.write("name: App\n", to: "project.yml")
        let environment = [
            "SCHEMALINT": Executable.binary.path, "INPUT_PATHS": ".", "INPUT_FORMAT": "github", "INPUT_ARGS": "",
            "INPUT_SARIF_FILE": "", "INPUT_CLOUDKIT": "false",
        ]
        let (run, outputs) = try Self.runStep("Run schemalint", in: folder, environment: environment)
        #expect(outputs["exit-code"] == "0", "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("no model found in this folder"), "\(run.stderr)")
        #expect(try Executable.run(["."], in: folder.url).status == 0)
        let named = try Executable.run([folder.path], in: URL(fileURLWithPath: NSTemporaryDirectory()))
        #expect(named.status == 2, "\(named.stderr)")
    }

    /// With `cache` on (the default), what git said about the history is kept in the folder the
    /// cache step restores and saves; arguments that name a cache of their own, or none, win.
    @Test(.enabled(if: hasTools, "needs bash"))
    func theLintStepKeepsGitsAnswersInTheCachedFolder() throws {
        var project = try XcodeGitOrderTests.Project()
        try project.commit([("Notes", 1)], current: "Notes")
        try project.commit([("Notes 2", 2)], current: "Notes 2")
        let cache = project.folder.path + "/runner-temp/schemalint-cache"
        func run(arguments: String, cache enabled: Bool) throws -> (stdout: String, exitCode: String?) {
            let environment = [
                "SCHEMALINT": Executable.binary.path, "INPUT_PATHS": ".", "INPUT_FORMAT": "text", "INPUT_ARGS": arguments,
                "INPUT_SARIF_FILE": "", "INPUT_CLOUDKIT": "false", "INPUT_CACHE": enabled ? "true" : "false", "CACHE_FOLDER": cache,
                "XDG_CACHE_HOME": project.folder.path + "/home-cache",
            ]
            let (run, outputs) = try Self.runStep("Run schemalint", in: project.folder, environment: environment)
            return (run.stdout + run.stderr, outputs["exit-code"])
        }
        func kept(in folder: String) -> Bool { ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).contains { $0.hasSuffix(".json") || $0.hasSuffix(".txt") } }

        let off = try run(arguments: "", cache: false)
        #expect(off.exitCode == "0" && !off.stdout.contains("--cache-path"), "\(off.stdout)")
        #expect(!kept(in: cache))
        let noCache = try run(arguments: "--no-cache", cache: true)
        #expect(noCache.exitCode == "0" && !noCache.stdout.contains("--cache-path"), "\(noCache.stdout)")
        #expect(!kept(in: cache))
        let on = try run(arguments: "", cache: true)
        #expect(on.exitCode == "0" && on.stdout.contains("--cache-path \(cache)"), "\(on.stdout)")
        #expect(kept(in: cache))
        #expect(on.stdout.components(separatedBy: "\n").filter { !$0.hasPrefix("schemalint ") } == off.stdout.components(separatedBy: "\n").filter { !$0.hasPrefix("schemalint ") })
    }
}

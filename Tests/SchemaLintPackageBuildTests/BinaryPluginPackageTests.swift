import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

extension PackageBuilds.FirstLane {
    /// The plugins-only package (plugin-package/, published as the schemalint-plugins repository): its
    /// plugins run the release's artifact bundle, so a package that adopts them compiles the plugins
    /// and nothing of schemalint. The sample here is built as a person would build it: the package is
    /// rendered and published to a git repository with a version tag by the release workflow's scripts
    /// (with the bundle of the binary this test run built, by path instead of the release's URL), and
    /// the app depends on it by URL and version.
    @Suite struct BinaryPluginPackageTests {
        static let root = Executable.packageRoot
        static let canBuild = Shell.succeeds("swift", ["--version"]) && Shell.succeeds("git", ["--version"]) && Shell.succeeds("zip", ["-v"])

        /// The triple SwiftPM picks a bundle's variant by: this machine's (`swift -print-target-info`).
        static func hostTriple() throws -> String {
            let info = try Shell.run("swift", ["-print-target-info"], in: root.path)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any], "\(info.output)")
            return try #require((json["target"] as? [String: Any])?["unversionedTriple"] as? String, "\(info.stdout)")
        }

        @Test(.enabled(if: canBuild, "needs swift, git and zip on PATH"), .timeLimit(.minutes(10)))
        func anAppAdoptingThePluginsBuildsWithTheBundleAndCompilesNoSchemalint() throws {
            let clock = ContinuousClock()
            let started = clock.now
            let scratch = try TemporaryFolder()

            // 1. The artifact bundle, as the release assembles it, of the binary this run built.
            let triple = try Self.hostTriple()
            let made = try Shell.run("bash", ["scripts/make-artifactbundle.sh", "0.0.0-test", scratch.path + "/bundle",
                                              "\(Executable.binary.path)=\(triple)"], in: Self.root.path)
            try #require(made.status == 0, "\(made.output)")
            let zip = scratch.path + "/bundle/schemalint-0.0.0-test.artifactbundle.zip"
            // Its checksum, as the script prints it, is SwiftPM's (the release writes it into the manifest).
            let printed = made.stdout.split(separator: "\n").last.map { String($0.split(separator: " ").last ?? "") }
            let computed = try Shell.run("swift", ["package", "compute-checksum", zip], in: scratch.path)
            #expect(computed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == printed, "\(computed.output)")

            // 2. The plugins-only package with that bundle, published as the release publishes it.
            let rendered = try Shell.run("bash", ["scripts/render-plugin-package.sh", scratch.path + "/plugins", "--path", zip], in: Self.root.path)
            try #require(rendered.status == 0, "\(rendered.output)")
            let remote = scratch.path + "/schemalint-plugins.git"
            try #require(try Shell.run("git", ["init", "-q", "--bare", "--initial-branch=main", remote], in: scratch.path).status == 0)
            let published = try Shell.run("bash", ["scripts/publish-to-repository.sh", scratch.path + "/plugins", remote, "0.0.1"], in: Self.root.path)
            try #require(published.status == 0, "\(published.output)")

            // 3. An app that adopts the build-tool plugin by URL and version, with a model history whose
            //    version 2 removes an attribute.
            try scratch.write("""
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "app",
                    dependencies: [.package(url: "file://\(remote)", from: "0.0.1")],
                    targets: [
                        .target(name: "Models", plugins: [.plugin(name: "SchemaLintBuildToolPlugin", package: "schemalint-plugins")]),
                    ]
                )
                """, to: "app/Package.swift")
            try scratch.write("public enum Models {}\n", to: "app/Sources/Models/Models.swift")
            try scratch.write(PackageBuilds.SecondLane.BuildToolPluginTests.version1, to: "app/Sources/Models/Recipes/v1.yaml")
            try scratch.write(PackageBuilds.SecondLane.BuildToolPluginTests.version2, to: "app/Sources/Models/Recipes/v2.yaml")
            try scratch.write(PackageBuilds.SecondLane.BuildToolPluginTests.version3Breaking, to: "app/Sources/Models/Recipes/v3.yaml")
            let app = scratch.path + "/app"
            let build = scratch.path + "/app/.build"
            let setUp = clock.now - started

            // 4. The build runs the bundle's schemalint (SwiftPM prints the command with -v), which
            //    fails it at the removed attribute, and compiles nothing of schemalint.
            var start = clock.now
            let breaking = try Shell.run("swift", ["build", "-v"], in: app)
            let firstBuild = clock.now - start
            #expect(breaking.status != 0, "\(breaking.output)")
            let lintCommand = PackageBuilds.SecondLane.BuildToolPluginTests.line(in: breaking.output, containing: "/bin/schemalint lint ")
            #expect(lintCommand?.hasPrefix(build + "/artifacts/") == true, "the bundle's binary runs: \(lintCommand ?? breaking.output)")
            #expect(PackageBuilds.SecondLane.BuildToolPluginTests.line(in: breaking.output, containing: "/Sources/Models/Recipes/v3.yaml:6:5: error: attribute 'Recipe.favorite' was removed") != nil, "\(breaking.output)")
            let compiledModules = Set(breaking.output.matches(of: /-module-name ([A-Za-z0-9_]+)/).map { String($0.output.1) })
            // (`main`: a manifest; SwiftPM may also take manifests from its cache.)
            #expect(compiledModules.contains("SchemaLintBuildToolPlugin"), "\(breaking.output)")
            #expect(compiledModules.isSubset(of: ["main", "SchemaLintBuildToolPlugin", "SchemaLintCommand", "Models"]),
                    "compiled only the manifests, the plugins and the app: \(compiledModules.sorted())")
            #expect(!breaking.output.contains(Self.root.path + "/Sources/"), "none of schemalint's sources is compiled")
            // What SwiftPM fetched and built: the plugins package alone, and no module but the app's.
            let checkouts = try FileManager.default.contentsOfDirectory(atPath: build + "/checkouts")
            #expect(checkouts == ["schemalint-plugins"], "\(checkouts)")
            // (.build/debug, a link to this folder, comes only with a build that succeeds.)
            let products = try FileManager.default.contentsOfDirectory(atPath: build + "/\(triple)/debug").filter { $0.hasSuffix(".build") }
            #expect(products.allSatisfy { $0 == "Models.build" }, "\(products)")

            // 5. Version 3 made compatible: the build lints again, passes and leaves the stamp.
            try scratch.write(PackageBuilds.SecondLane.BuildToolPluginTests.version3Compatible, to: "app/Sources/Models/Recipes/v3.yaml")
            start = clock.now
            let passing = try Shell.run("swift", ["build"], in: app)
            let secondBuild = clock.now - start
            #expect(passing.status == 0, "\(passing.output)")
            #expect(passing.output.contains("Linting the models of Models with schemalint"), "\(passing.output)")
            let stamp = build + "/plugins/outputs/app/Models/destination/SchemaLintBuildToolPlugin/schemalint-stamp.swift"
            #expect(try String(contentsOfFile: stamp, encoding: .utf8).hasPrefix("// Written by schemalint --stamp"))

            // 6. The command plugin runs the same binary.
            let command = try Shell.run("swift", ["package", "schemalint", "--version"], in: app)
            #expect(command.status == 0, "\(command.output)")
            #expect(command.stdout.hasSuffix(SchemaLintVersion.current + "\n"), "\(command.output)")

            print("BinaryPluginPackageTests: bundle and package \(setUp), first build \(firstBuild), after the fix \(secondBuild), in all \(clock.now - started)")
        }

        /// The plugins-only package runs the schemalint package's plugin code, not a copy: its
        /// Plugins/ folders are links into Plugins/, and the rendered package holds the same files.
        @Test func thePluginsPackageSharesThePluginSources() throws {
            let manager = FileManager.default
            for plugin in ["SchemaLintBuildToolPlugin", "SchemaLintCommand"] {
                let link = Self.root.path + "/plugin-package/Plugins/" + plugin
                #expect(try manager.destinationOfSymbolicLink(atPath: link) == "../../Plugins/" + plugin)
            }
            let scratch = try TemporaryFolder()
            let url = "https://github.com/schemalint/schemalint/releases/download/v1.2.3/schemalint-1.2.3.artifactbundle.zip"
            let checksum = String(repeating: "ab", count: 32)
            let run = try Shell.run("bash", ["scripts/render-plugin-package.sh", scratch.path + "/out", url, checksum], in: Self.root.path)
            try #require(run.status == 0, "\(run.output)")
            for plugin in ["SchemaLintBuildToolPlugin", "SchemaLintCommand"] {
                let files = try manager.contentsOfDirectory(atPath: Self.root.path + "/Plugins/" + plugin).sorted()
                #expect(try manager.contentsOfDirectory(atPath: scratch.path + "/out/Plugins/" + plugin).sorted() == files)
                for file in files {
                    let copy = scratch.path + "/out/Plugins/\(plugin)/\(file)"
                    #expect((try? manager.destinationOfSymbolicLink(atPath: copy)) == nil, "a file, not a link: \(copy)")
                    #expect(manager.contentsEqual(atPath: copy, andPath: Self.root.path + "/Plugins/\(plugin)/\(file)"))
                }
            }
            // The manifest names the release's bundle by URL and checksum, in place of the template's placeholders.
            let manifest = try String(contentsOfFile: scratch.path + "/out/Package.swift", encoding: .utf8)
            #expect(manifest.contains("url: \"\(url)\",\n            checksum: \"\(checksum)\"\n"), "\(manifest)")
            #expect(!manifest.contains("0000000000000000"))
            let template = try String(contentsOfFile: Self.root.path + "/plugin-package/Package.swift", encoding: .utf8)
            #expect(manifest.split(separator: "\n").count == template.split(separator: "\n").count)
        }

        @Test(arguments: [
            ["/tmp/out"], ["/tmp/out", "http://example.com/schemalint-1.0.artifactbundle.zip", String(repeating: "0", count: 64)],
            ["/tmp/out", "https://example.com/schemalint-1.0.artifactbundle.zip", "not-a-checksum"],
            ["/tmp/out", "--path", "/nonexistent/schemalint-1.0.artifactbundle.zip"], ["/tmp/out", "--path", "/bin/sh"],
            // The folder it replaces is never the repository or one of its folders.
            [".", "https://example.com/schemalint-1.0.artifactbundle.zip", String(repeating: "0", count: 64)],
            ["plugin-package", "https://example.com/schemalint-1.0.artifactbundle.zip", String(repeating: "0", count: 64)],
        ])
        func renderingRefusesBadArguments(arguments: [String]) throws {
            let run = try Shell.run("bash", ["scripts/render-plugin-package.sh"] + arguments, in: Self.root.path)
            #expect(run.status == 2, "\(run.output)")
            #expect(run.stderr.contains("usage: "))
        }

        /// The release renders the package with the URL of the bundle it publishes and the checksum
        /// it computed, and publishes it to the plugins repository with its tag.
        @Test func theReleaseWorkflowRendersAndPublishesThePluginsPackage() throws {
            let workflow = try String(contentsOf: Self.root.appendingPathComponent(".github/workflows/release.yml"), encoding: .utf8)
            #expect(workflow.contains(#"scripts/make-artifactbundle.sh "$version" release"#))
            #expect(workflow.contains(#"bundle="schemalint-$version.artifactbundle.zip""#))
            #expect(workflow.contains(#"checksum="$(cut -d ' ' -f 1 "release/$bundle.sha256")""#))
            #expect(workflow.contains(#"scripts/render-plugin-package.sh plugin-package-rendered "https://github.com/$GITHUB_REPOSITORY/releases/download/$GITHUB_REF_NAME/$bundle" "$checksum""#))
            #expect(workflow.contains(#"scripts/publish-to-repository.sh plugin-package-rendered "https://x-access-token:$TOKEN@github.com/$PLUGINS_REPOSITORY.git" "$GITHUB_REF_NAME""#))
        }

        @Test(arguments: [["/tmp"], ["/nonexistent", "/tmp/remote.git", "v1.0.0"], ["/tmp", "/tmp/remote.git", "latest"]])
        func publishingRefusesBadArguments(arguments: [String]) throws {
            let run = try Shell.run("bash", ["scripts/publish-to-repository.sh"] + arguments, in: Self.root.path)
            #expect(run.status == 2, "\(run.output)")
            #expect(run.stderr.contains("usage: "))
        }
    }
}

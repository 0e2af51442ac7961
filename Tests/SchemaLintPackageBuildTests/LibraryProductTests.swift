import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

extension PackageBuilds.SecondLane {
    /// The `SchemaLint` library product as a package outside this one sees it: only its public API.
    /// Tests inside the package see `package` declarations too, so the documented example
    /// (docs/development.md, "The library product") is built here as another package's code.
    @Suite struct LibraryProductTests {
        static let root = Executable.packageRoot
        static let canBuild = Shell.succeeds("swift", ["--version"])

        /// The example's code, as the developer guide shows it.
        static func documentedExample() throws -> String {
            let guide = try String(contentsOf: root.appendingPathComponent("docs/development.md"), encoding: .utf8)
            let section = try #require(guide.components(separatedBy: "## The library product\n").dropFirst().first, "no library section")
            let code = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```\n").first,
                                    "no Swift example in the library section")
            return code
        }

        @Test(.enabled(if: canBuild, "needs swift on PATH"), .timeLimit(.minutes(10)))
        func theDocumentedExampleBuildsOutsideThePackageAndPrintsThePipelinesFindings() throws {
            let example = try Self.documentedExample()
            #expect(example.contains("paths: [\"Models\"]"), "the example lints a folder named Models")
            let models = Self.root.appendingPathComponent("examples/notes").path
            let scratch = try TemporaryFolder()
            // The package's identity, for a dependency by path, is its folder's name.
            let identity = Self.root.lastPathComponent.lowercased()
            try scratch.write("""
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "client",
                    dependencies: [.package(path: "\(Self.root.path)")],
                    targets: [.executableTarget(name: "client", dependencies: [.product(name: "SchemaLint", package: "\(identity)")])]
                )
                """, to: "client/Package.swift")
            try scratch.write(example.replacingOccurrences(of: "paths: [\"Models\"]", with: "paths: [\"\(models)\"]"), to: "client/Sources/client/main.swift")

            let built = try Shell.run("swift", ["build"], in: scratch.path + "/client")
            try #require(built.status == 0, "\(built.output)")
            let run = try Shell.run(scratch.path + "/client/.build/debug/client", [], in: scratch.path)
            #expect(run.status == 0, "\(run.output)")

            // The same calls made here: every finding, then the SARIF log.
            guard case .success(let output) = LintPipeline().run(LintPipeline.Options(paths: [models])) else {
                Issue.record("the example models do not load")
                return
            }
            #expect(output.result.findings.count > 3, "the example history has findings of several rules")
            let expected = output.result.findings.map { "\($0.location) \($0.severity) \($0.ruleID) \($0.message)" }
                + [ReportFormat.sarif.reporter().render(output.result)]
            #expect(run.stdout == expected.joined(separator: "\n") + "\n")
        }
    }
}

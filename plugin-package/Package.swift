// swift-tools-version:6.0
import PackageDescription

// schemalint's build-tool and command plugins, running the release's prebuilt schemalint: a package
// that adopts them compiles the two plugins (seconds) and nothing else, where the schemalint
// package's own plugins build schemalint and its dependencies from source first (minutes).
//
// Made from the folder plugin-package/ of the schemalint repository, whose Plugins/ links to the
// schemalint package's Plugins/ (one plugin code for both packages), by
// scripts/render-plugin-package.sh there: the release workflow writes the release's artifact
// bundle URL and checksum into the binary target below, and publishes the result as the
// schemalint-plugins repository with the release's tag (SwiftPM resolves a package from the root of
// a repository, so not from that folder). In the template, the URL and the zero checksum are
// placeholders.
let package = Package(
    name: "SchemaLintPlugins",
    products: [
        .plugin(name: "SchemaLintBuildToolPlugin", targets: ["SchemaLintBuildToolPlugin"]),
        .plugin(name: "schemalint-plugin", targets: ["SchemaLintCommand"]),
    ],
    targets: [
        // schemalint-VERSION.artifactbundle.zip of the release (scripts/make-artifactbundle.sh): one
        // executable, schemalint, for Linux (x86_64, aarch64; self-contained, needs only glibc) and
        // macOS (arm64, x86_64). The plugins find it as `context.tool(named: "schemalint")`.
        .binaryTarget(
            name: "SchemaLintBinary",
            url: "https://github.com/schemalint/schemalint/releases/download/v0.1.0/schemalint-0.1.0.artifactbundle.zip",
            checksum: "0000000000000000000000000000000000000000000000000000000000000000"
        ),
        // `swift package schemalint [ARGUMENTS...]`: lints the package's models (docs/ci.md).
        .plugin(
            name: "SchemaLintCommand",
            capability: .command(
                intent: .custom(verb: "schemalint", description: "Lint the package's Core Data model histories with schemalint"),
                permissions: []
            ),
            dependencies: ["SchemaLintBinary"]
        ),
        // Lints a target's models on every build that changes them (docs/ci.md, "Lint on every build").
        .plugin(
            name: "SchemaLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["SchemaLintBinary"]
        ),
    ]
)

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "schemalint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "schemalint", targets: ["schemalint"]),
        .library(name: "SchemaLint", targets: ["SchemaLint"]),
        .plugin(name: "schemalint-plugin", targets: ["SchemaLintCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libyaml, from the system (Debian: libyaml-dev; Homebrew: libyaml).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // libxml2, from the system (Debian: libxml2-dev; Homebrew: libxml2).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // The engine: load -> model -> diff -> rules -> reporters.
        .target(
            name: "SchemaLint",
            dependencies: ["CYAML", "CLibXML2"],
            plugins: ["EmbedRulePages"]
        ),
        // The command-line shell over the engine.
        .executableTarget(
            name: "schemalint",
            dependencies: [
                "SchemaLint",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Generates a large history and measures a full lint against libyaml's bare parse
        // (and, with --corpus, a lint of real Xcode bundles against libxml2's bare parse).
        .executableTarget(
            name: "schemalint-bench",
            dependencies: ["SchemaLint", "SyntheticHistory", "CYAML", "CLibXML2"],
            path: "Benchmarks/schemalint-bench"
        ),
        // The benchmark's generated history, shared with the test that guards its findings.
        .target(name: "SyntheticHistory", path: "Benchmarks/SyntheticHistory"),
        // libFuzzer harnesses for every reader of user files, built with the sanitizers by
        // scripts/fuzz.sh; a normal build makes a tool that replays saved inputs (docs/fuzzing.md).
        .executableTarget(
            name: "schemalint-fuzz",
            dependencies: ["SchemaLint"],
            path: "Fuzz/schemalint-fuzz"
        ),
        // Build-time tool: turns rules/*.md into Swift source so the binary carries the rule pages.
        .executableTarget(name: "rule-page-embedder"),
        .plugin(
            name: "EmbedRulePages",
            capability: .buildTool(),
            dependencies: ["rule-page-embedder"]
        ),
        // `swift package schemalint [ARGUMENTS...]`: lints the package's models (docs/ci.md).
        .plugin(
            name: "SchemaLintCommand",
            capability: .command(
                intent: .custom(verb: "schemalint", description: "Lint the package's Core Data model histories with schemalint"),
                permissions: []
            ),
            dependencies: ["schemalint"]
        ),
        .testTarget(
            name: "SchemaLintTests",
            dependencies: ["SchemaLint", "schemalint", "schemalint-fuzz", "SyntheticHistory"],
            // Inputs read by path (Fixtures/fuzz: what fuzzing found, docs/fuzzing.md).
            exclude: ["Fixtures"]
        ),
    ]
)

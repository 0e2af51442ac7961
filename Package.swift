// swift-tools-version:6.0
import Foundation
import PackageDescription

// The SwiftData reader links swift-syntax, which takes minutes to build in release mode. Setting
// SCHEMALINT_WITHOUT_SWIFT_SOURCES=1 builds schemalint without it (YAML, Xcode bundles, mapping
// models and CloudKit schemas only): the tests that build the package again (the pre-commit hook,
// the build-tool plugin) use it, and so can anyone who lints no Swift sources.
let readsSwiftSources = ProcessInfo.processInfo.environment["SCHEMALINT_WITHOUT_SWIFT_SOURCES"] == nil

// scripts/fuzz.sh swift-source sets SCHEMALINT_FUZZ_OWN_CODE=1: the project's own targets are
// built with AddressSanitizer and libFuzzer's coverage, swift-syntax without them (its optimised
// build with the sanitizers takes hours on two cores). libFuzzer is then guided by the readers'
// own branches; a crash inside swift-syntax still stops the run. The other harnesses instrument
// everything (-Xswiftc flags in scripts/fuzz.sh).
let fuzzesOwnCodeOnly = ProcessInfo.processInfo.environment["SCHEMALINT_FUZZ_OWN_CODE"] == "1"
// The tests that build the package again in release mode (pre-commit's build of the hook, the
// static Linux binary) set SCHEMALINT_UNOPTIMIZED=1: they check how the package builds, links and
// lints, not how fast it runs, and a release build without optimisation takes a fraction of the
// time.
let unoptimized: [SwiftSetting] = ProcessInfo.processInfo.environment["SCHEMALINT_UNOPTIMIZED"] == "1" ? [.unsafeFlags(["-Onone"])] : []
let ownCodeSettings: [SwiftSetting] = (fuzzesOwnCodeOnly ? [.unsafeFlags([
    "-sanitize=address", "-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table",
])] : []) + unoptimized

let package = Package(
    name: "schemalint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "schemalint", targets: ["schemalint"]),
        .library(name: "SchemaLint", targets: ["SchemaLint"]),
        .plugin(name: "schemalint-plugin", targets: ["SchemaLintCommand"]),
        .plugin(name: "SchemaLintBuildToolPlugin", targets: ["SchemaLintBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ] + (readsSwiftSources ? [
        // Only the Swift readers link it (it builds slowly); the core never does.
        .package(url: "https://github.com/apple/swift-syntax", exact: "603.0.1"),
    ] : []),
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
        // The layers, lowest first (docs/development.md, "Targets"). The core: the model, its
        // history, the diff, git, the reader protocol and what every reader shares. It links no C
        // library, and nothing in it knows a file format.
        .target(name: "SchemaLintCore", swiftSettings: ownCodeSettings),
        // The readers, one target each, owning its C library: YAML model files (libyaml), Xcode's
        // files (model bundles, mapping models, Info.plist, through libxml2), CloudKit schema
        // files, and the token scans of app code (Objective-C store code, CloudKit containers).
        .target(name: "SchemaLintYAML", dependencies: ["SchemaLintCore", "CYAML"], swiftSettings: ownCodeSettings),
        .target(name: "SchemaLintXcode", dependencies: ["SchemaLintCore", "CLibXML2"], swiftSettings: ownCodeSettings),
        .target(name: "SchemaLintCloudKitSchema", dependencies: ["SchemaLintCore"], swiftSettings: ownCodeSettings),
        .target(name: "SchemaLintCodeScan", dependencies: ["SchemaLintCore"], swiftSettings: ownCodeSettings),
        // The rules: what each finding says of a change, a version, a history, a bundle, a mapping
        // model or the store code, the catalog of them all, and their pages. They read the core's
        // facts and nothing of how the run found them.
        .target(name: "SchemaLintRules", dependencies: ["SchemaLintCore"], swiftSettings: ownCodeSettings),
        // The reporters: a run's result (findings, input errors) in each output format.
        .target(name: "SchemaLintReport", dependencies: ["SchemaLintCore", "SchemaLintRules"], swiftSettings: ownCodeSettings),
        // The pipeline over them: the walk (the readers' front door), configuration, the lint run
        // and the lock file. The library product.
        .target(
            name: "SchemaLint",
            dependencies: ["SchemaLintCore", "SchemaLintRules", "SchemaLintReport", "SchemaLintYAML", "SchemaLintXcode", "SchemaLintCloudKitSchema", "SchemaLintCodeScan"],
            swiftSettings: ownCodeSettings
        ),
        // The command-line shell over the engine.
        .executableTarget(
            name: "schemalint",
            dependencies: [
                "SchemaLint",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + (readsSwiftSources ? ["SchemaLintSwiftData", "SchemaLintStoreCode"] : []),
            swiftSettings: (readsSwiftSources ? [.define("SCHEMALINT_SWIFT_SOURCES")] : []) + unoptimized
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
            dependencies: ["SchemaLint", "FuzzDriver"],
            path: "Fuzz/schemalint-fuzz"
        ),
        // What the fuzz executables share: libFuzzer's driver call and the replay of saved inputs.
        .target(
            name: "FuzzDriver",
            dependencies: ["SchemaLint"],
            path: "Fuzz/FuzzDriver",
            swiftSettings: ownCodeSettings
        ),
        // Turns rules/*.md into Sources/SchemaLintRules/RulePages.generated.swift, so the binary
        // carries the rule pages (scripts/embed-rule-pages.sh; RulePageEmbeddingTests checks it).
        .executableTarget(name: "rule-page-embedder"),
        // `swift package schemalint [ARGUMENTS...]`: lints the package's models (docs/ci.md).
        .plugin(
            name: "SchemaLintCommand",
            capability: .command(
                intent: .custom(verb: "schemalint", description: "Lint the package's Core Data model histories with schemalint"),
                permissions: []
            ),
            dependencies: ["schemalint"]
        ),
        // Lints a target's models on every build that changes them (docs/ci.md, "Lint on every build").
        .plugin(
            name: "SchemaLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["schemalint"]
        ),
        // What the test targets share: the built executable run as a user runs it, commands,
        // temporary folders.
        .target(name: "SchemaLintTestSupport", dependencies: ["SchemaLintCore"], path: "Tests/SchemaLintTestSupport"),
        .testTarget(
            name: "SchemaLintTests",
            dependencies: ["SchemaLint", "SchemaLintRules", "SchemaLintReport", "SchemaLintTestSupport", "schemalint", "schemalint-fuzz", "SyntheticHistory"],
            // Inputs read by path (Fixtures/fuzz: what fuzzing found, docs/fuzzing.md).
            exclude: ["Fixtures"]
        ),
        // The slow tests that build the package again as others build it (the pre-commit hook,
        // the static binary, the plugins, a client of the library), in two lanes.
        .testTarget(
            name: "SchemaLintPackageBuildTests",
            dependencies: ["SchemaLint", "SchemaLintTestSupport", "schemalint"]
        ),
    ]
)

if readsSwiftSources {
    package.targets += [
        // The parse of a Swift file that both Swift readers use: one parse per file and run.
        .target(
            name: "SchemaLintSwiftSource",
            dependencies: [
                "SchemaLintCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: ownCodeSettings
        ),
        // Reads SwiftData `VersionedSchema` histories from Swift source (a ModelSourceReader).
        .target(
            name: "SchemaLintSwiftData",
            dependencies: [
                "SchemaLintCore",
                "SchemaLintSwiftSource",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: ownCodeSettings
        ),
        // The SwiftData reader's libFuzzer harness, apart from schemalint-fuzz so that fuzzing the
        // other readers does not build swift-syntax with the sanitizers (scripts/fuzz.sh swift-source).
        .executableTarget(
            name: "schemalint-fuzz-swift",
            dependencies: ["SchemaLint", "SchemaLintSwiftData", "SchemaLintStoreCode", "FuzzDriver"],
            path: "Fuzz/schemalint-fuzz-swift",
            swiftSettings: ownCodeSettings,
            linkerSettings: fuzzesOwnCodeOnly ? [.unsafeFlags(["-sanitize=address"])] : []
        ),
        // Reads the store-handling code of Swift sources (a ModelSourceReader; docs/store-code.md).
        .target(
            name: "SchemaLintStoreCode",
            dependencies: [
                "SchemaLintCore",
                "SchemaLintSwiftSource",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: ownCodeSettings
        ),
        // What the store-handling rules add to a lint of 500 Swift files (docs/performance.md).
        .executableTarget(
            name: "schemalint-store-bench",
            dependencies: ["SchemaLint", "SchemaLintStoreCode", "SchemaLintSwiftData", "SchemaLintSwiftSource"],
            path: "Benchmarks/store-code-bench"
        ),
        .testTarget(
            name: "SchemaLintSwiftDataTests",
            dependencies: ["SchemaLint", "SchemaLintSwiftData", "SchemaLintTestSupport", "schemalint-fuzz-swift"],
            // Inputs read by path (Fixtures/fuzz: what fuzzing found, docs/fuzzing.md).
            exclude: ["Fixtures"]
        ),
    ]
}

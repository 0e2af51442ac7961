import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// `schemalint` with no argument at the root of a repository made in the test, as people run it
/// (and as the pre-commit hook and the Action do): what is a model is read, the rest is left alone,
/// and the versions come in the right order.
@Suite(.enabled(if: GitRepository.isAvailable, GitRepository.missing))
struct RepositoryRunTests {
    /// A synced model's version 1 and version 2 (which renames `title`): one error when read in
    /// this order.
    static let version1 = "model: Notes\nversion: 1\ncloudkit: true\nentities:\n  Note:\n    attributes:\n      title: {type: string, optional: true}\n"
    static let version2 = "model: Notes\nversion: 2\ncloudkit: true\nentities:\n  Note:\n    attributes:\n      headline: {type: string, optional: true, renamedFrom: title}\n"

    /// A Core Data version whose entity `Note` has attributes a1...aN (comparing two versions in
    /// the wrong order reports removals).
    static func contents(attributes: Int) -> String {
        let body = (1...attributes).map { #"        <attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }.joined(separator: "\n")
        return XcodeFixtures.contents("    <entity name=\"Note\">\n\(body)\n    </entity>")
    }

    /// A new repository holding `files` (path, text), committed in one commit.
    static func repository(_ files: [(String, String)]) throws -> (folder: TemporaryFolder, repository: GitRepository) {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        for (path, text) in files { try folder.write(text, to: path) }
        try repository.commit("app")
        return (folder, repository)
    }

    /// Runs the executable in `folder` with `arguments` (none: as at a repository's root).
    static func run(_ arguments: [String] = [], in folder: String) throws -> Executable.Run {
        try Executable.run(arguments + ["--no-color"], in: URL(fileURLWithPath: folder))
    }

    @Test func filesThatAreNotTheProjectsModelsAreLeftAlone() throws {
        let (folder, _) = try Self.repository([
            ("Models/v1.yaml", Self.version1), ("Models/v2.yaml", Self.version2),
            // XcodeGen, Jekyll and a CI workflow: YAML that is no model (`name:`, `inputs:` keys).
            ("project.yml", "name: App\noptions:\n  bundleIdPrefix: com.example\ntargets:\n  App:\n    type: application\n"),
            ("docs/_config.yml", "title: Docs\ntheme: minima\nmodels: [not, ours]\n"),
            ("ci/workflow.yaml", "on: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n"),
            // A translation file with a `model:` section of its own.
            ("Localization/de.yml", "model:\n  name: \"Modell\"\n  size: \"Größe\"\nsettings:\n  title: \"Einstellungen\"\n"),
            ("Localization/keys.yml", "about: \"about\"\nmodel: \"model\"\nversion: \"version\"\n"),
            // A committed build folder with a copy of the models, and a folder git ignores with a broken one.
            ("build/Models/v1.yaml", Self.version1), ("build/Models/v2.yaml", Self.version2.replacingOccurrences(of: "renamedFrom: title", with: "")),
            (".gitignore", "scratch/\n"), ("scratch/v1.yaml", "model: Scratch\nversion: [\n"),
            // Copies of other projects checked in with the app's (a library and its examples).
            ("External/SyncKit/Examples/Models/v1.yaml", Self.version1), ("ThirdParty/Models/v2.yaml", Self.version2),
        ])

        let run = try Self.run(in: folder.path)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("error: attribute 'Note.title' was renamed to 'headline'"), "\(run.stdout)")
        #expect(!run.stdout.contains("build/") && !run.stdout.contains("scratch/") && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(run.stdout)")

        let verbose = try Self.run(["--verbose"], in: folder.path)
        #expect(verbose.stderr.split(separator: "\n").map(String.init) == [
            "read: Models/v1.yaml (model file)",
            "read: Models/v2.yaml (model file)",
            "skipped: External (build products or dependencies)",
            "skipped: Localization/de.yml (YAML without a model named on the format's top-level `model:` line)",
            "skipped: Localization/keys.yml (YAML without a model named on the format's top-level `model:` line)",
            "skipped: ThirdParty (build products or dependencies)",
            "skipped: build (build products or dependencies)",
            "skipped: ci/workflow.yaml (YAML without a model named on the format's top-level `model:` line)",
            "skipped: docs/_config.yml (YAML without a model named on the format's top-level `model:` line)",
            "skipped: project.yml (YAML without a model named on the format's top-level `model:` line)",
            "skipped: scratch (ignored by git)",
        ])

        // A file that says it is a model and is broken is still an error at its line.
        try folder.write("model: Notes\nversion: 3\nentities: [\n", to: "Models/v3.yaml")
        let broken = try Self.run(in: folder.path)
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("Models/v3.yaml:"), "\(broken.stderr)")
    }

    /// `include:` reads what the walk leaves out by default; `exclude:` still wins.
    @Test func includeReadsWhatTheWalkLeavesOut() throws {
        let (folder, _) = try Self.repository([("vendor/Shared/v1.yaml", Self.version1), ("vendor/Shared/v2.yaml", Self.version2), ("project.yml", "name: App\n")])
        let skipped = try Self.run(in: folder.path)
        #expect(skipped.status == 0 && skipped.stderr.hasPrefix("schemalint: no model found"), "\(skipped.stdout)\(skipped.stderr)")

        try folder.write("include:\n  - \"vendor/Shared/**\"\n", to: ".schemalint.yml")
        let included = try Self.run(in: folder.path)
        #expect(included.status == 1, "\(included.stdout)\(included.stderr)")
        #expect(included.stdout.contains("vendor/Shared/v2.yaml"), "\(included.stdout)")

        // An included YAML file is read as a model file, so one that is none is an error.
        try folder.write("include:\n  - project.yml\n", to: ".schemalint.yml")
        let wrong = try Self.run(in: folder.path)
        #expect(wrong.status == 2 && wrong.stderr.hasPrefix("project.yml:1:1: error:"), "\(wrong.stderr)")

        try folder.write("include:\n  - \"vendor/Shared/**\"\nexclude:\n  - \"vendor/**\"\n", to: ".schemalint.yml")
        #expect(try Self.run(in: folder.path).stderr.hasPrefix("schemalint: no model found"))
    }

    /// A code generator's sample models, a test target's models and store code, and a playground's
    /// demo stack ship to no device: the walk leaves them out and says so; named, they are read.
    @Test func testsFixturesAndPlaygroundsAreLeftOut() throws {
        let storeCode = "import CoreData\nlet container = NSPersistentContainer(name: \"Notes\")\nfunc load() {\n    container.loadPersistentStores { _, error in\n        if let error { fatalError(\"\\(error)\") }\n    }\n}\n"
        let (folder, _) = try Self.repository([
            ("Models/v1.yaml", Self.version1), ("Models/v2.yaml", Self.version2),
            // A code generator's sample model (an error of its own if it were read) and a broken test model.
            ("Sources/TestUtils/Fixtures/Notes/v1.yaml", Self.version1.replacingOccurrences(of: "Notes", with: "Sample")),
            ("Sources/TestUtils/Fixtures/Notes/v2.yaml", Self.version2.replacingOccurrences(of: "Notes", with: "Sample")),
            ("AppTests/Models/v1.yaml", "model: Notes\nversion: [\n"),
            // An SDK's test support target, whose data model only its tests open.
            ("Sources/ChatTestTools/Models/v1.yaml", "model: Notes\nversion: [\n"),
            ("Demo.playground/Sources/Stack.swift", storeCode),
        ])
        let run = try Self.run(["--verbose"], in: folder.path)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n") && !run.stdout.contains("Fixtures") && !run.stdout.contains("playground"), "\(run.stdout)")
        let skipped = run.stderr.split(separator: "\n").filter { $0.hasPrefix("skipped: ") }
        #expect(skipped == [
            "skipped: AppTests (tests, fixtures or a playground, which ship to no device)",
            "skipped: Demo.playground (tests, fixtures or a playground, which ship to no device)",
            "skipped: Sources/ChatTestTools (tests, fixtures or a playground, which ship to no device)",
            "skipped: Sources/TestUtils (tests, fixtures or a playground, which ship to no device)",
        ], "\(run.stderr)")
        let named = try Self.run(["Sources/TestUtils/Fixtures/Notes"], in: folder.path)
        #expect(named.stdout.hasPrefix("Sources/TestUtils/Fixtures/Notes/v2.yaml:7:61: error: attribute 'Note.title' was renamed to 'headline'"), "\(named.stdout)")
    }

    /// A clone without its submodules (`actions/checkout` by default) has their folders empty or
    /// missing: `--verbose` says that what they hold was not read, and how to fetch it. A
    /// submodule checked out is walked as any folder.
    @Test func submodulesNotCheckedOutAreSaidToBeLeftOut() throws {
        let (folder, _) = try Self.repository([
            ("Models/v1.yaml", Self.version1), ("Models/v2.yaml", Self.version2),
            (".gitmodules", "[submodule \"Kit\"]\n\tpath = Kit\n\turl = https://example.com/kit.git\n[submodule \"Core\"]\n\tpath = Libraries/Core\n\turl = ../core.git\n[submodule \"Full\"]\n\tpath = Libraries/Full\n\turl = ../full.git\n"),
            ("Libraries/Full/README.md", "a library\n"),
        ])
        try FileManager.default.createDirectory(atPath: folder.path + "/Libraries/Core", withIntermediateDirectories: true)
        let run = try Self.run(["--verbose"], in: folder.path)
        let skipped = run.stderr.split(separator: "\n").filter { $0.hasPrefix("skipped: ") }
        let reason = "a git submodule that is not checked out (`git submodule update --init --recursive` fetches it; in GitHub Actions, `submodules: recursive` on actions/checkout), so its models and store code are not read"
        #expect(skipped == ["skipped: Kit (\(reason))", "skipped: Libraries/Core (\(reason))"], "\(run.stderr)")
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(run.stdout)")
    }

    /// Where a submodule is not checked out, the properties of types no file read declares are
    /// said once, naming the submodule that may declare them; `--verbose` keeps each.
    @Test func typesAMissingSubmoduleMayDeclareAreSaidOnce() throws {
        let model = "import SwiftData\n\n@Model\nfinal class Trip {\n    var distance: Distance?\n    var climate: ClimateOptions?\n    var name: String = \"\"\n    init() {}\n}\n"
        let (folder, _) = try Self.repository([
            ("App/Trip.swift", model),
            (".gitmodules", "[submodule \"Kit\"]\n\tpath = Kit\n\turl = https://example.com/kit.git\n"),
        ])
        let run = try Self.run(["."], in: folder.path)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings == ["App/Trip.swift:5:19: warning: 2 properties are of types declared in none of the files read ('ClimateOptions', 'Distance'), read as transformable attributes: the git submodule `Kit`, not checked out, may declare them (`git submodule update --init --recursive`; --verbose lists each property)"], "\(run.stderr)")
        let verbose = try Self.run([".", "--verbose"], in: folder.path)
        #expect(verbose.stderr.contains("cannot resolve the type 'Distance' in the files read"), "\(verbose.stderr)")
        // Without a submodule, each property says it.
        try FileManager.default.removeItem(atPath: folder.path + "/.gitmodules")
        let plain = try Self.run(["."], in: folder.path)
        #expect(plain.stderr.split(separator: "\n").filter { $0.contains("cannot resolve the type") }.count == 2, "\(plain.stderr)")
    }

    /// A folder named whose only input is store code (an app whose model schemalint does not read,
    /// such as CoreStore's schemas in Swift, or a model built in code) says that no model was
    /// found and that the code was checked, not "no problems in 0 versions of 0 models", which
    /// reads as a clean bill; what the code's checks find is counted as the store code's.
    /// Code read that opens no store (it only names Core Data's types, or moves files) had nothing
    /// to check, and the line says so rather than that it was checked.
    @Test func aFolderNamedWithStoreCodeAndNoModelSaysNoModelWasFound() throws {
        let (folder, _) = try Self.repository([("Sources/Store.swift", "import CoreData\n\nfunc describe(_ container: NSPersistentContainer) -> String { container.name }\n")])
        let opensNone = try Self.run(["."], in: folder.path)
        #expect(opensNone.status == 0 && opensNone.stdout.isEmpty, "\(opensNone.stdout)\(opensNone.stderr)")
        #expect(opensNone.stderr == "schemalint: no model found in this folder (Xcode model bundles, SwiftData schemas or schemalint YAML model files); the 1 code file read opens no Core Data or SwiftData store; nothing to lint\n", "\(opensNone.stderr)")
        let opening = "import CoreData\n\nfinal class Store {\n    let container = NSPersistentContainer(name: \"Log\", managedObjectModel: LogModel.make())\n    var failure: Error?\n\n    func open() {\n        container.persistentStoreDescriptions.first?.shouldAddStoreAsynchronously = true\n        container.loadPersistentStores { _, error in\n            if let error { self.failure = error; NotificationCenter.default.post(name: .storeFailed, object: error) }\n        }\n    }\n}\n"
        try folder.write(opening, to: "Sources/Store.swift")
        for path in [".", "Sources"] {
            let run = try Self.run([path], in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.isEmpty, "\(run.stdout)")
            #expect(run.stderr == "schemalint: no model found in \(path == "." ? "this folder" : path) (Xcode model bundles, SwiftData schemas or schemalint YAML model files); the 1 code file read shows no store-handling problem, and a model built in code is not read\n", "\(run.stderr)")
        }
        try folder.write("import CoreData\n\nfinal class Store {\n    let container = NSPersistentContainer(name: \"Log\", managedObjectModel: LogModel.make())\n\n    init() {\n        container.loadPersistentStores { _, error in\n            if let error { fatalError(\"\\(error)\") }\n        }\n    }\n}\n", to: "Sources/Store.swift")
        let found = try Self.run(["."], in: folder.path)
        #expect(found.stdout.contains("[store-load-failure-destructive]") && found.stdout.hasSuffix("\n1 warning in the store code; no model found\n"), "\(found.stdout)\(found.stderr)")
        // A Swift file read for SwiftData models may declare none: `--verbose` says what it was read for.
        try folder.write("import SwiftData\n\ntypealias Entry = JournalSchemaV2.Entry\n", to: "Sources/Aliases.swift")
        let verbose = try Self.run([".", "--verbose"], in: folder.path)
        #expect(verbose.stderr.contains("read: Sources/Aliases.swift (Swift read for SwiftData models)\n"), "\(verbose.stderr)")
    }

    @Test func aRepositoryWithoutModelsPassesUnlessAPathIsNamed() throws {
        let (folder, _) = try Self.repository([("project.yml", "name: App\n"), ("Sources/main.swift", "import Foundation\nprint(1)\n")])

        let run = try Self.run(in: folder.path)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "schemalint: no model found in this folder (Xcode model bundles, SwiftData schemas or schemalint YAML model files); nothing to lint\n")
        let named = try Self.run(["Sources"], in: folder.path)
        #expect(named.status == 2, "\(named.stderr)")
    }

    /// A bundle no Xcode project of the repository lists (left behind when the app moved to
    /// another store) builds into no app: the walk leaves it out, and says so. Where something adds
    /// files by folder (a package manifest, Xcode 16's synchronized folders), nothing below its
    /// folder is left out.
    @Test func aLibrarysExampleAppIsLeftOutAndAnAppsDemoFolderIsRead() throws {
        let example = [
            ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Example/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Example/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", Self.contents(attributes: 2)),
        ]
        let (library, _) = try Self.repository([("Package.swift", "// swift-tools-version:5.9\n")] + example)
        let run = try Self.run(["--verbose"], in: library.path)
        #expect(run.stderr.contains("skipped: Example (a library's example, sample or demo app, which none of the apps that use the library runs)"), "\(run.stderr)")
        #expect(run.stderr.contains("no model found in this folder"), "\(run.stderr)")
        #expect(run.stderr.contains("; the model bundles in Example were left out as tests, fixtures or a library's demo apps, which ship to no one (name a folder to lint it)\n"), "\(run.stderr)")
        // Named, it is linted.
        #expect(try Self.run(["Example"], in: library.path).stdout.contains("in 2 versions of 1 model"))
        // In an app's repository, a folder of that name is read.
        let (app, _) = try Self.repository(example)
        #expect(try Self.run(in: app.path).stdout.contains("in 2 versions of 1 model"))
        // Beside the app it shows (an example that embeds the app's framework), it is left out.
        let (both, _) = try Self.repository(example.map { ("iOS \($0.0)", $0.1) } + [("App/Library.xcdatamodeld/Library.xcdatamodel/contents", Self.contents(attributes: 1))])
        let beside = try Self.run(["--verbose"], in: both.path)
        #expect(beside.stdout.contains("in 1 version of 1 model"), "\(beside.stdout)")
        #expect(beside.stderr.contains("skipped: iOS Example (an example, sample or demo app at the top of the repository, beside what it shows, which ships to no one)"), "\(beside.stderr)")
        // A demo's repository, its project at the top: the demo is what it holds, and is read.
        let project = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (A2 /* Notes.xcdatamodel */, ); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n\t};\n}\n"
        let (demo, _) = try Self.repository([("NotesDemo.xcodeproj/project.pbxproj", project)] + example.dropFirst().map { ("NotesDemo/\($0.0.dropFirst("Example/".count))", $0.1) })
        #expect(try Self.run(in: demo.path).stdout.contains("in 2 versions of 1 model"))
        for name in ["iOS Example", "DemoApp", "Sample-Project", "Examples"] { #expect(WalkScope.namesAnExample(name), "\(name)") }
        for name in ["Sampler", "Demonstration", "App", "Example.xcodeproj"] { #expect(!WalkScope.namesAnExample(name), "\(name)") }
        // A folder whose name starts with such a word is one too; one whose word only begins so is not.
        for name in ["exampleProjects", "Demo Apps", "Sample-App", "Examples"] { #expect(WalkScope.isSampleFolder(name), "\(name)") }
        for name in ["Sampler", "Demonstration", "Kit", "MyExample", "Example Model.xcdatamodeld"] { #expect(!WalkScope.isSampleFolder(name), "\(name)") }
    }

    @Test func aBundleNoProjectListsIsLeftOut() throws {
        let project = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (A2 /* Notes.xcdatamodel */, ); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n\t};\n}\n"
        let files = [
            ("App.xcodeproj/project.pbxproj", project),
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("Old/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Old/Legacy.xcdatamodeld/Legacy 2.xcdatamodel/contents", Self.contents(attributes: 3)),
        ]
        let (folder, _) = try Self.repository(files)
        let run = try Self.run(["--verbose"], in: folder.path)
        #expect(run.stdout.hasSuffix("in 1 version of 1 model; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)\n"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped: Old/Legacy.xcdatamodeld (no Xcode project of the folder walked lists it"), "\(run.stderr)")
        // Every report says it, as its summary can.
        let json = try JSONSerialization.jsonObject(with: Data(try Self.run(["--format", "json"], in: folder.path).stdout.utf8)) as? [String: Any]
        let summary = json?["summary"] as? [String: Any]
        #expect(summary?["skippedModelBundles"] as? Int == 1 && summary?["inputWarnings"] as? Int == 0, "\(String(describing: summary))")
        let sarif = try JSONSerialization.jsonObject(with: Data(try Self.run(["--format", "sarif"], in: folder.path).stdout.utf8)) as? [String: Any]
        let properties = ((sarif?["runs"] as? [[String: Any]])?.first?["properties"]) as? [String: Any]
        #expect(properties?["skippedModelBundles"] as? Int == 1 && properties?["inputWarnings"] == nil, "\(String(describing: properties))")
        #expect(try Self.run(["--format", "markdown"], in: folder.path).stdout.contains("; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)."))
        #expect(try Self.run(["--format", "junit"], in: folder.path).stdout.contains(#"<property name="skipped-model-bundles" value="1"/>"#))
        // Named, it is linted.
        #expect(try Self.run(["Old/Legacy.xcdatamodeld"], in: folder.path).stdout.contains("in 2 versions of 1 model"))

        let (leftOver, _) = try Self.repository([files[0], files[2], files[3]])
        let nothing = try Self.run(in: leftOver.path)
        #expect(nothing.status == 0 && nothing.stderr.contains("nothing to lint; 1 model bundle lies in no Xcode project here"), "\(nothing.stderr)")
        // The folder named from elsewhere: no model to lint is an input error, which says what
        // was left out.
        let namedFolder = try Self.run([leftOver.path], in: NSTemporaryDirectory())
        #expect(namedFolder.status == 2 && namedFolder.stderr.contains("no Swift sources in this folder; left out: Old/Legacy.xcdatamodeld (no Xcode project of the folder walked lists it"), "\(namedFolder.stderr)")

        for adding in [
            ("Package.swift", "// swift-tools-version:5.9\n"), ("App.xcodeproj/project.pbxproj", Self.synchronizedProject(["App", "Old"])),
            // An XcodeGen specification of its own name (`xcodegen --spec Legacy.yml`).
            ("Old/Legacy.yml", "name: Legacy\ntargets:\n  Legacy:\n    type: application\n    sources: [.]\n"),
        ] {
            let (byFolder, _) = try Self.repository(files.filter { $0.0 != adding.0 } + [adding])
            #expect(try Self.run(in: byFolder.path).stdout.hasSuffix("in 3 versions of 2 models\n"), "\(adding.0)")
        }
        // A synchronized folder holds what lies below it, and nothing else.
        let (synchronized, _) = try Self.repository([("App.xcodeproj/project.pbxproj", Self.synchronizedProject(["App"]))] + files.dropFirst())
        #expect(try Self.run(in: synchronized.path).stdout.hasSuffix("in 1 version of 1 model; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)\n"))
        // A package manifest adds the files of its own folder: a dependency's copy checked in
        // beside the app leaves the app's files to the project.
        let (vendored, _) = try Self.repository(files + [("Vendor copy/SnapKit/Package.swift", "// swift-tools-version:5.9\n")])
        #expect(try Self.run(in: vendored.path).stdout.hasSuffix("in 1 version of 1 model; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)\n"))
        let (inPackage, _) = try Self.repository(files + [("Old/Package.swift", "// swift-tools-version:5.9\n")])
        #expect(try Self.run(in: inPackage.path).stdout.hasSuffix("in 3 versions of 2 models\n"))
        // A library's manifest at the root takes its targets' folders (SwiftPM's `Sources` and
        // `Tests`, and each `path:`), and its podspec the folders its globs start in: a demo's
        // bundle no project lists lies in none of them.
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", path: \"Kit/Sources\")])\n"
        let podspec = "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Kit/Sources/**/*.swift'\nend\n"
        // So does an XcodeGen specification, its targets' `sources` (a string, or `path:`).
        let specification = "name: Kit\ntargets:\n  Kit:\n    type: framework\n    platform: iOS\n    sources:\n      - path: Kit/Sources\n  KitTests:\n    type: bundle.unit-test\n    platform: iOS\n    sources: Kit/Tests\n"
        for library in [("Package.swift", manifest), ("Kit.podspec", podspec), ("project.yml", specification)] {
            let (withDemo, _) = try Self.repository(files + [library])
            let run = try Self.run(["--verbose"], in: withDemo.path)
            #expect(run.stdout.hasSuffix("in 1 version of 1 model; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)\n") && run.stderr.contains("skipped: Old/Legacy.xcdatamodeld (no Xcode project"), "\(library.0): \(run.stdout)\(run.stderr)")
            let (inTarget, _) = try Self.repository(files.map { ($0.0.replacingOccurrences(of: "Old/", with: "Kit/Sources/Resources/"), $0.1) } + [library])
            #expect(try Self.run(in: inTarget.path).stdout.hasSuffix("in 3 versions of 2 models\n"), "\(library.0)")
        }
    }

    /// A package with no Xcode project builds what its targets hold: a model bundle beside them
    /// (an integration test's model at the top) builds into nothing, and a library's
    /// `Integration` folder holds its integration tests' apps and fixtures; both are left out.
    @Test func aPackagesBundleOutsideItsTargetsIsLeftOut() throws {
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n"
        let (folder, _) = try Self.repository([
            ("Package.swift", manifest),
            ("Sources/Kit/Kit.xcdatamodeld/Kit.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("Models/Integration Model.xcdatamodeld/Integration Model.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Integration/FlowFixture/Models/Flow.xcdatamodeld/Flow.xcdatamodel/contents", Self.contents(attributes: 1)),
        ])
        let run = try Self.run(["--verbose"], in: folder.path)
        #expect(run.stdout.hasSuffix("in 1 version of 1 model; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)\n"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped: Models/Integration Model.xcdatamodeld (no Xcode project"), "\(run.stderr)")
        #expect(run.stderr.contains("skipped: Integration (a library's example, sample or demo app"), "\(run.stderr)")
    }

    /// Code under the folder of an extension's Info.plist stops the extension, not the app (a
    /// note), unless the project builds that file into another target too, or the Info.plist lies
    /// in a module's own folder (a framework's, copied from an extension's).
    /// Code that loads a model found only in a bundle no target builds opens no store anyone
    /// has: stopping the app when that fails is a note there, and a warning for a model a target
    /// builds.
    @Test func aStopWhereTheModelLoadedIsBuiltByNoTargetIsANote() throws {
        let project = "// !$*UTF8*$!\n{ objects = { C0 /* App */ = {isa = PBXGroup; children = (A1, C2, ); path = App; sourceTree = \"<group>\"; };\n\t\tA1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (A2 /* Notes.xcdatamodel */, ); path = Notes.xcdatamodeld; sourceTree = \"<group>\"; versionGroupType = wrapper.xcdatamodel; };\n\t\tC2 /* Store.swift */ = {isa = PBXFileReference; path = Store.swift; }; }; }\n"
        func files(loading model: String) -> [(String, String)] {
            [
                ("App.xcodeproj/project.pbxproj", project),
                ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
                ("Old/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents", Self.contents(attributes: 1)),
                ("App/Store.swift", "import CoreData\nlet container: NSPersistentContainer = {\n    let container = NSPersistentContainer(name: \"\(model)\")\n    container.loadPersistentStores { _, error in\n        if let error { fatalError(\"\\(error)\") }\n    }\n    return container\n}()\n"),
            ]
        }
        let (unbuilt, _) = try Self.repository(files(loading: "Legacy"))
        let stop = try Self.run(["--format", "json"], in: unbuilt.path)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(stop.stdout.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        let finding = try #require(found?.first { $0["rule"] as? String == "store-load-failure-destructive" })
        #expect(finding["severity"] as? String == "note", "\(finding)")
        #expect((finding["message"] as? String)?.hasSuffix("; the model it loads, Legacy, is only in Old/Legacy.xcdatamodeld, which no Xcode project here builds, so no store of it is on anyone's device until a target builds that bundle") == true, "\(finding)")

        let (built, _) = try Self.repository(files(loading: "Notes"))
        let warning = try Self.run(in: built.path)
        #expect(warning.stdout.contains("App/Store.swift:5:24: warning: fatalError() stops the app when loadPersistentStores fails: a store that fails to migrate crashes the app each time it opens the store [store-load-failure-destructive]"), "\(warning.stdout)")

        // Xcode's Objective-C template, whose scene configuration is made with a name too.
        let objCProject = project.replacingOccurrences(of: "C2 /* Store.swift */ = {isa = PBXFileReference; path = Store.swift; };", with: "C2 /* AppDelegate.m */ = {isa = PBXFileReference; path = AppDelegate.m; };")
        let delegate = "@implementation AppDelegate\n\n- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {\n    return [[UISceneConfiguration alloc] initWithName:@\"Default Configuration\" sessionRole:session.role];\n}\n\n- (NSPersistentCloudKitContainer *)persistentContainer {\n    NSPersistentCloudKitContainer *container = [[NSPersistentCloudKitContainer alloc] initWithName:@\"Legacy\"];\n    [container loadPersistentStoresWithCompletionHandler:^(NSPersistentStoreDescription *description, NSError *error) {\n        if (error != nil) {\n            abort();\n        }\n    }];\n    return container;\n}\n\n@end\n"
        let (objC, _) = try Self.repository([("App.xcodeproj/project.pbxproj", objCProject)] + files(loading: "Legacy").dropFirst().filter { $0.0 != "App/Store.swift" } + [("App/AppDelegate.m", delegate)])
        let template = try Self.run(in: objC.path)
        #expect(template.stdout.contains("App/AppDelegate.m:11:13: note: abort() stops the app when loadPersistentStores fails"), "\(template.stdout)")
        #expect(template.stdout.contains("the model it loads, Legacy, is only in Old/Legacy.xcdatamodeld"), "\(template.stdout)")
    }

    @Test func aStopInAnExtensionsFolderIsTheAppsWhenAnotherTargetBuildsIt() throws {
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.widgetkit-extension</string>\n\t</dict>\n</dict>\n</plist>\n"
        let store = "import SwiftData\n\nenum WidgetStore {\n    static let container: ModelContainer = {\n        do {\n            return try ModelContainer(for: Note.self)\n        } catch {\n            fatalError(\"\\(error)\")\n        }\n    }()\n}\n"
        func files(project: String) -> [(String, String)] {
            [
                ("App.xcodeproj/project.pbxproj", project),
                ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
                ("Widget/Info.plist", plist),
                ("Widget/WidgetStore.swift", store),
                ("Kit/Project.swift", "import ProjectDescription\n"),
                ("Kit/Info.plist", plist),
                ("Kit/Sources/KitStore.swift", store.replacingOccurrences(of: "WidgetStore", with: "KitStore")),
                ("App/Stores.swift", "import SwiftData\n\nenum Stores {\n    static let all = [WidgetStore.container, KitStore.container]\n}\n"),
                ("Widget/WidgetLog.swift", "import CoreData\n\nenum WidgetLog {\n    static let container: NSPersistentContainer = {\n        let container = NSPersistentContainer(name: \"Notes\")\n        container.loadPersistentStores { _, error in\n            if let error { print(\"\\(error)\") }\n        }\n        return container\n    }()\n}\n"),
                ("Widget/WidgetCache.swift", store.replacingOccurrences(of: "WidgetStore", with: "WidgetCache").replacingOccurrences(of: "fatalError(\"\\(error)\")", with: "return try! ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))")),
            ]
        }
        let synchronized = Self.synchronizedProject(["App", "Widget"])
        let (folder, _) = try Self.repository(files(project: synchronized))
        let run = try Self.run(in: folder.path)
        #expect(run.stdout.contains("Widget/WidgetStore.swift:8:13: note: fatalError() stops the widget extension when ModelContainer(...) fails"), "\(run.stdout)")
        #expect(run.stdout.contains("Kit/Sources/KitStore.swift:8:13: warning: fatalError() stops the app when ModelContainer(...) fails"), "\(run.stdout)")
        // An in-memory fallback in the extension leaves it empty, not the app.
        #expect(run.stdout.contains("Widget/WidgetCache.swift:8:72: note: ModelConfiguration(isStoredInMemoryOnly: true) gives the widget extension an empty in-memory store when ModelContainer(...) fails"), "\(run.stdout)")
        // So does a failure it only logs.
        #expect(run.stdout.contains("Widget/WidgetLog.swift:7:28: note: print(...) is all the widget extension does when loadPersistentStores fails"), "\(run.stdout)")

        // The app's target builds the widget's file too.
        let buildFiles = "/* Begin PBXBuildFile section */\n\t\tC1 /* WidgetStore.swift in Sources */ = {isa = PBXBuildFile; fileRef = C0 /* WidgetStore.swift */; };\n\t\tC2 /* WidgetStore.swift in Sources */ = {isa = PBXBuildFile; fileRef = C0 /* WidgetStore.swift */; };\n/* End PBXBuildFile section */\n"
            + "\t\tC0 /* WidgetStore.swift */ = {isa = PBXFileReference; path = WidgetStore.swift; sourceTree = \"<group>\"; };\n"
            + "\t\tC9 /* WidgetStore.swift */ = {isa = PBXFileReference; path = WidgetStore.swift; sourceTree = \"<group>\"; };\n"
        let shared = synchronized.replacingOccurrences(of: "/* Begin PBXFileSystemSynchronizedRootGroup section */", with: buildFiles + "/* Begin PBXFileSystemSynchronizedRootGroup section */")
        let (both, _) = try Self.repository(files(project: shared))
        let app = try Self.run(in: both.path)
        // The app's stop there opens the default store KitStore's does: a note of that finding.
        let appsStop = "note: fatalError() stops the app here too, where WidgetStore.container opens the same store (Widget/WidgetStore.swift:8:13)"
        #expect(app.stdout.contains(appsStop), "\(app.stdout)")

        // With the targets' types written: the app's target, or a framework's, builds it beside the
        // widget's (the app's), or an intents extension's does (the extensions' own).
        func targets(_ firstType: String) -> String {
            "/* Begin PBXNativeTarget section */\n"
                + "\t\tT1 /* First */ = {isa = PBXNativeTarget; buildPhases = (P1 /* Sources */, ); productType = \"com.apple.product-type.\(firstType)\"; };\n"
                + "\t\tT2 /* Widget */ = {isa = PBXNativeTarget; buildPhases = (P2 /* Sources */, ); productType = \"com.apple.product-type.app-extension\"; };\n"
                + "/* End PBXNativeTarget section */\n"
                + "\t\tP1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (C1 /* WidgetStore.swift in Sources */, ); };\n"
                + "\t\tP2 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (C2 /* WidgetStore.swift in Sources */, ); };\n"
        }
        for (type, expected) in [
            ("application", appsStop), ("framework", appsStop),
            ("app-extension", "Widget/WidgetStore.swift:8:13: note: fatalError() stops the widget extension"), ("bundle.unit-test", "Widget/WidgetStore.swift:8:13: note: fatalError() stops the widget extension"),
        ] {
            let typed = shared.replacingOccurrences(of: "/* Begin PBXFileSystemSynchronizedRootGroup section */", with: targets(type) + "/* Begin PBXFileSystemSynchronizedRootGroup section */")
            let (repository, _) = try Self.repository(files(project: typed))
            let run = try Self.run(in: repository.path)
            #expect(run.stdout.contains(expected), "\(type): \(run.stdout)")
        }

        // An extension's Info.plist at the top, beside the project, makes no extension of the whole
        // repository.
        let (top, _) = try Self.repository(files(project: synchronized).map { $0.0 == "Widget/Info.plist" ? ("Widget-Info.plist", $0.1) : $0 })
        let atTop = try Self.run(in: top.path)
        #expect(atTop.stdout.contains(appsStop), "\(atTop.stdout)")

        // Two files of that name, one each target's: the widget's is its own.
        let twoFiles = shared.replacingOccurrences(of: "fileRef = C0 /* WidgetStore.swift */; };\n/* End", with: "fileRef = C9 /* WidgetStore.swift */; };\n/* End")
        let (own, _) = try Self.repository(files(project: twoFiles))
        let widget = try Self.run(in: own.path)
        #expect(widget.stdout.contains("Widget/WidgetStore.swift:8:13: note: fatalError() stops the widget extension"), "\(widget.stdout)")
    }

    /// A project that lists a link to a bundle kept in a shared folder (two apps' projects sharing
    /// one model) builds that bundle: it is read there, and the shared folder no project lists is
    /// left out; named both ways, it is read once.
    @Test func aBundleTheProjectListsThroughALinkIsRead() throws {
        let project = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tM0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
            \t\tG1 /* App */ = {isa = PBXGroup; children = (A1, ); path = App; sourceTree = "<group>"; };
            \t\tA1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (A2 /* Notes.xcdatamodel */, ); path = Notes.xcdatamodeld; sourceTree = "<group>"; versionGroupType = wrapper.xcdatamodel; };
            \t\tP0 /* Project object */ = {isa = PBXProject; mainGroup = M0; projectDirPath = ""; };
            \t};
            \trootObject = P0 /* Project object */;
            }

            """
        let (folder, _) = try Self.repository([
            ("iOS/App.xcodeproj/project.pbxproj", project),
            ("Shared/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Shared/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", Self.contents(attributes: 2)),
        ])
        try FileManager.default.createDirectory(atPath: folder.path + "/iOS/App", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/iOS/App/Notes.xcdatamodeld", withDestinationPath: "../../Shared/Notes.xcdatamodeld")
        let run = try Self.run(["--verbose"], in: folder.path)
        #expect(run.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("read: iOS/App/Notes.xcdatamodeld (Xcode model bundle)"), "\(run.stderr)")
        #expect(run.stderr.contains("skipped: Shared/Notes.xcdatamodeld (no Xcode project of the folder walked lists it"), "\(run.stderr)")
        // Named both ways, it is one model.
        let both = try Self.run(["iOS/App/Notes.xcdatamodeld", "Shared/Notes.xcdatamodeld"], in: folder.path)
        #expect(both.stdout.hasSuffix("in 2 versions of 1 model\n"), "\(both.stdout)\(both.stderr)")
    }

    /// A mapping model of the versions Legacy and Legacy 2 of 'Legacy.xcdatamodeld'.
    static let legacyMapping = MappingModelFixtures.mapping(from: "Legacy.xcdatamodeld/Legacy.xcdatamodel", to: "Legacy.xcdatamodeld/Legacy 2.xcdatamodel", [
        MappingModelFixtures.EntityMapping(source: "Note", destination: "Note", attributes: [("a0", false)], relationships: []),
    ])

    /// A mapping model the app builds whose model lies in the repository only as a copy no project
    /// lists (the app builds the model from a package): a note that its steps go unchecked, never
    /// the advice to delete it.
    @Test func aMappingModelOfAModelNoProjectListsIsANote() throws {
        let mapping = Self.legacyMapping
        let (folder, _) = try Self.repository([
            ("App.xcodeproj/project.pbxproj", Self.synchronizedProject(["App"])),
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("App/LegacyV2.xcmappingmodel/xcmapping.xml", mapping),
            ("Old/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Old/Legacy.xcdatamodeld/Legacy 2.xcdatamodel/contents", Self.contents(attributes: 3)),
        ])
        let run = try Self.run(in: folder.path)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("note: mapping model 'LegacyV2.xcmappingmodel' maps versions of 'Legacy.xcdatamodeld', whose copy at Old/Legacy.xcdatamodeld is not linted (no Xcode project of the folder walked lists it"), "\(run.stdout)")
        #expect(run.stdout.contains("help: if the app builds this model from elsewhere (a Swift package), lint it there; if it builds this copy, run `schemalint Old/Legacy.xcdatamodeld`"), "\(run.stdout)")
        #expect(!run.stdout.contains("delete the mapping model"), "\(run.stdout)")
    }

    /// A mapping model whose model is there, but whose version folders lost their model files: a
    /// note that its steps go unchecked and what to restore, never the advice to delete it.
    @Test func aMappingModelOfAModelWithoutModelFilesIsANote() throws {
        let mapping = Self.legacyMapping
        let (folder, _) = try Self.repository([
            ("App.xcodeproj/project.pbxproj", Self.synchronizedProject(["App"])),
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("App/LegacyV2.xcmappingmodel/xcmapping.xml", mapping),
            ("App/Legacy.xcdatamodeld/Legacy.xcdatamodel/layout", "(diagram)"),
            ("App/Legacy.xcdatamodeld/Legacy 2.xcdatamodel/layout", "(diagram)"),
        ])
        let run = try Self.run(in: folder.path)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("note: mapping model 'LegacyV2.xcmappingmodel' maps versions of 'Legacy.xcdatamodeld', whose copy at App/Legacy.xcdatamodeld is not linted (its version folders hold no model file"), "\(run.stdout)")
        #expect(run.stdout.contains("help: restore the model files of App/Legacy.xcdatamodeld's versions"), "\(run.stdout)")
        #expect(!run.stdout.contains("delete the mapping model"), "\(run.stdout)")
    }

    /// A transformer change whose step has a mapping model that computes the attribute with a
    /// function (the archived expression Xcode's editor saves names `NSFunctionExpression`) is
    /// converted by the migration: a note. Copied as it is (`$source.color`), it stays a warning.
    @Test func aTransformerChangeAMappingModelConvertsIsANote() throws {
        func note(color: String) -> String {
            XcodeFixtures.contents("""
                    <entity name="Note">
                        <attribute name="title" optional="YES" attributeType="String"/>
                        \(color)
                    </entity>
                """)
        }
        let mapping = MappingModelFixtures.mapping(from: "Notes.xcdatamodeld/Notes.xcdatamodel", to: "Notes.xcdatamodeld/Notes 2.xcdatamodel", [
            MappingModelFixtures.EntityMapping(source: "Note", destination: "Note", attributes: [("title", false), ("color", true)]),
        ])
        // An archive naming a function, as the editor saves `FUNCTION($entityPolicy, "convertColor:", $source.color)`.
        let converting = mapping.replacingOccurrences(of: "YnBsaXN0MDDUAQIDBAUGBwg=", with: "YnBsaXN0MDDUAQJOU0Z1bmN0aW9uRXhwcmVzc2lvbgBjb252ZXJ0Q29sb3I6AGNvbG9y")
        func files(_ mapping: String) -> [(String, String)] {
            [
                ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", note(color: #"<attribute name="color" optional="YES" attributeType="Transformable"/>"#)),
                ("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", note(color: #"<attribute name="color" optional="YES" attributeType="Transformable" valueTransformerName="ColorTransformer"/>"#)),
                ("App/Notes.xcdatamodeld/.xccurrentversion", String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2")),
                ("App/NotesV2.xcmappingmodel/xcmapping.xml", mapping),
            ]
        }
        let (converted, _) = try Self.repository(files(converting))
        let run = try Self.run(in: converted.path)
        #expect(run.stdout.contains("note: attribute 'Note.color' changed its value transformer from none to 'ColorTransformer'; NotesV2.xcmappingmodel computes its value in the migration"), "\(run.stdout)")
        // An archived `$source.color` (a key path expression, a kind of function expression whose
        // selector is `valueForKeyPath:`) copies the bytes as they are.
        let keyPath = mapping.replacingOccurrences(of: "YnBsaXN0MDDUAQIDBAUGBwg=", with: "YnBsaXN0MDDUAQJOU0tleVBhdGhFeHByZXNzaW9uAE5TRnVuY3Rpb25FeHByZXNzaW9uAF8QEHZhbHVlRm9yS2V5UGF0aDoAY29sb3I=")
        for copying in [mapping, keyPath] {
            let (copied, _) = try Self.repository(files(copying))
            let plain = try Self.run(in: copied.path)
            #expect(plain.stdout.contains("warning: attribute 'Note.color' changed its value transformer from none to 'ColorTransformer'"), "\(plain.stdout)")
        }
    }

    /// An Xcode 16 project whose targets build the folders named (synchronized groups, written
    /// as Xcode writes them: one key per line).
    static func synchronizedProject(_ folders: [String]) -> String {
        let groups = folders.enumerated().map { index, folder in
            "\t\tB\(index) /* \(folder) */ = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\tpath = \(folder);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        }
        return "// !$*UTF8*$!\n{\n\tobjects = {\n/* Begin PBXFileSystemSynchronizedRootGroup section */\n" + groups.joined() + "/* End PBXFileSystemSynchronizedRootGroup section */\n\t};\n}\n"
    }

    /// A code file must be listed with its folder (a copy of the same name lies elsewhere); a
    /// mapping model or bundle listed by name is built wherever its folder is.
    @Test func aCodeFileNeedsItsFolderNamedAndAMappingModelItsNameAlone() throws {
        let folder = try TemporaryFolder()
        let project = "{ objects = { A /* Notes.xcmappingmodel */ = {isa = PBXFileReference; path = Notes.xcmappingmodel; }; B /* Store.swift */ = {isa = PBXFileReference; path = Store.swift; }; }; }\n"
        try folder.write(project, to: "App.xcodeproj/project.pbxproj")
        var walk = ModelSourceFinder.Walk(root: folder.path, scope: WalkScope(ignored: nil))
        walk.projects = [folder.path + "/App.xcodeproj/project.pbxproj"]
        let paths = [folder.path + "/Migrations/Notes.xcmappingmodel", folder.path + "/Sources/Store.swift"]
        #expect(ModelSourceFinder.inNoProject(paths, of: walk, listings: ModelSourceFinder.listings(of: walk, naming: paths)) == [folder.path + "/Sources/Store.swift"])
    }

    /// A project that names none of the files is not parsed, and lists none of them; one that
    /// names a file in another case (the Mac's file system ignores it) still lists it.
    @Test func aProjectNamingNoneOfTheFilesListsNoneAndOneInAnotherCaseListsIt() throws {
        let folder = try TemporaryFolder()
        let other = "{ rootObject = R; objects = { R = {isa = PBXProject; mainGroup = G; }; G = {isa = PBXGroup; children = (F, ); sourceTree = \"<group>\"; }; F = {isa = PBXFileReference; path = Engine/Renderer.swift; sourceTree = \"<group>\"; }; }; }\n"
        try folder.write(other, to: "Engine/Engine.xcodeproj/project.pbxproj")
        let app = "{ rootObject = R; objects = { R = {isa = PBXProject; mainGroup = G; }; G = {isa = PBXGroup; children = (F, ); sourceTree = \"<group>\"; }; F = {isa = PBXFileReference; path = SOURCES/STORE.SWIFT; sourceTree = \"<group>\"; }; }; }\n"
        try folder.write(app, to: "App.xcodeproj/project.pbxproj")
        var walk = ModelSourceFinder.Walk(root: folder.path, scope: WalkScope(ignored: nil))
        walk.projects = [folder.path + "/Engine/Engine.xcodeproj/project.pbxproj", folder.path + "/App.xcodeproj/project.pbxproj"]
        let paths = [folder.path + "/Sources/Store.swift", folder.path + "/Old/Stack.swift"]
        let listings = ModelSourceFinder.listings(of: walk, naming: paths)
        #expect(listings.count == 1)
        #expect(ModelSourceFinder.inNoProject(paths, of: walk, listings: listings) == [folder.path + "/Old/Stack.swift"])
    }

    /// A project of the same name as another, kept in a folder named as an archive (`Legacy/`), is
    /// an old copy: the files only it lists build into nothing anyone runs. Two of one name side by
    /// side are both live, and so is one in a folder inside the other's (a rewrite in `Neue/`).
    @Test func anArchivedCopyOfAProjectListsNothing() throws {
        let folder = try TemporaryFolder()
        func project(listing path: String) -> String {
            "{ rootObject = R; objects = { R = {isa = PBXProject; mainGroup = G; }; G = {isa = PBXGroup; children = (F, ); sourceTree = \"<group>\"; }; F = {isa = PBXFileReference; path = \(path); sourceTree = \"<group>\"; }; }; }\n"
        }
        let projects = [
            ("App.xcodeproj", "Sources/Store.swift"), ("Legacy/App/App.xcodeproj", "Store.swift"), ("Backup/App.xcodeproj", "Stack.m"),
            ("iOS/Reader.xcodeproj", "Stack.swift"), ("macOS/Reader.xcodeproj", "Stack.swift"), ("Legacy/Tools/Tools.xcodeproj", "Seed.swift"),
            ("Neue/App.xcodeproj", "Store.swift"),
        ]
        for (name, listed) in projects { try folder.write(project(listing: listed), to: "\(name)/project.pbxproj") }
        var walk = ModelSourceFinder.Walk(root: folder.path, scope: WalkScope(ignored: nil))
        walk.projects = projects.map { folder.path + "/\($0.0)/project.pbxproj" }
        let paths = ["Sources/Store.swift", "Legacy/App/Store.swift", "Backup/Stack.m", "iOS/Stack.swift", "macOS/Stack.swift", "Legacy/Tools/Seed.swift", "Neue/Store.swift"].map { folder.path + "/" + $0 }
        #expect(ModelSourceFinder.archivedCopies(of: walk.projects, in: walk) == [folder.path + "/Legacy/App/App.xcodeproj/project.pbxproj", folder.path + "/Backup/App.xcodeproj/project.pbxproj"])
        #expect(ModelSourceFinder.inNoProject(paths, of: walk, listings: ModelSourceFinder.listings(of: walk, naming: paths)) == [folder.path + "/Legacy/App/Store.swift", folder.path + "/Backup/Stack.m"])
    }

    /// The check that decides whether a project is parsed reads its values as the parser does: a
    /// name (in any case) as a whole value, as the last component of a path, quoted with spaces or
    /// escapes; not a name a comment alone holds, nor one that is part of a longer name.
    @Test func aProjectIsParsedWhenOneOfItsValuesNamesAFile() {
        func names(_ list: String...) -> Set<[UInt8]> { Set(list.map { Array($0.utf8) }) }
        let project = Array("""
            {
            \tobjects = {
            \t\tA1 /* Stack.swift in Sources */ = {isa = PBXBuildFile; fileRef = A2; };
            \t\tA2 = {isa = PBXFileReference; path = "Shared/Persistence Layer/My Store.swift"; sourceTree = "<group>"; };
            \t\tA3 = {isa = PBXFileReference; path = Sources/CoreDataStore.SWIFT; };
            \t\tA4 = {isa = PBXFileReference; name = "Say \\"Hi\\".swift"; };
            \t};
            }
            """.utf8)
        #expect(XcodeProjectListing.mayName(anyOf: names("my store.swift"), in: project))
        #expect(XcodeProjectListing.mayName(anyOf: names("coredatastore.swift"), in: project))
        #expect(XcodeProjectListing.mayName(anyOf: names("say \"hi\".swift"), in: project))
        #expect(!XcodeProjectListing.mayName(anyOf: names("stack.swift"), in: project))
        #expect(!XcodeProjectListing.mayName(anyOf: names("store.swift", "datastore.swift"), in: project))
        #expect(!XcodeProjectListing.mayName(anyOf: [], in: project))
        // An XML property list's values are elements (`<string>Store.swift</string>`): parsed.
        #expect(XcodeProjectListing.mayName(anyOf: names("other.swift"), in: Array("<?xml version=\"1.0\"?>\n<plist><dict/></plist>".utf8)))
    }

    /// A project lists a name as a whole value or a component of one, quoted or not: a name that
    /// is only part of another (`Store.swift` in `CoreDataStore.swift`) is not listed.
    @Test func aProjectListsWholeNamesAndTheirComponents() {
        let project = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* My Store.swift in Sources */ = {isa = PBXBuildFile; fileRef = A2 /* My Store.swift */; };
            \t\tA2 /* My Store.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "My Store.swift"; sourceTree = "<group>"; };
            \t\tA3 /* CoreDataStore.swift */ = {isa = PBXFileReference; path = CoreDataStore.swift; sourceTree = "<group>"; };
            \t\tA4 = {isa = PBXGroup; children = (A2, A3, ); path = "Shared/Persistence Layer"; sourceTree = "<group>"; };
            \t\tA5 /* App */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\tpath = ./App;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t};
            }

            """
        let listing = XcodeProjectListing(Array(project.utf8))
        for name in ["My Store.swift", "CoreDataStore.swift", "Shared", "Persistence Layer", "App"] {
            #expect(listing.lists(name), "\(name)")
        }
        for name in ["Store.swift", "Persistence", "Data", "Sources"] {
            #expect(!listing.lists(name), "\(name)")
        }
        #expect(listing.synchronizedFolders == [["App"]])
    }

    /// A project saved as an XML property list lists its files as the old-style format does: the
    /// bundle its version group names is read, the one it does not is left out.
    @Test func aProjectWrittenAsAnXMLPropertyListListsItsFiles() throws {
        func entry(_ key: String, _ value: String) -> String { "<key>\(key)</key><string>\(value)</string>" }
        let project = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(entry("archiveVersion", "1"))
            <key>objects</key>
            <dict>
            <key>P1</key><dict>\(entry("isa", "PBXProject"))\(entry("mainGroup", "G1"))</dict>
            <key>G1</key><dict>\(entry("isa", "PBXGroup"))<key>children</key><array><string>G2</string></array>\(entry("sourceTree", "&lt;group&gt;"))</dict>
            <key>G2</key><dict>\(entry("isa", "PBXGroup"))<key>children</key><array><string>V1</string></array>\(entry("path", "App"))\(entry("sourceTree", "&lt;group&gt;"))</dict>
            <key>V1</key><dict>\(entry("isa", "XCVersionGroup"))<key>children</key><array><string>F1</string></array>\(entry("currentVersion", "F1"))\(entry("path", "Notes.xcdatamodeld"))\(entry("sourceTree", "&lt;group&gt;"))\(entry("versionGroupType", "wrapper.xcdatamodel"))</dict>
            <key>F1</key><dict>\(entry("isa", "PBXFileReference"))\(entry("path", "Notes.xcdatamodel"))\(entry("sourceTree", "&lt;group&gt;"))</dict>
            </dict>
            \(entry("rootObject", "P1"))
            </dict>
            </plist>

            """
        let (folder, _) = try Self.repository([
            ("App.xcodeproj/project.pbxproj", project),
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("Old/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents", Self.contents(attributes: 1)),
        ])
        let run = try Self.run(["--verbose"], in: folder.path)
        #expect(run.stdout.hasSuffix("in 1 version of 1 model; 1 model bundle skipped, which no Xcode project here builds (--verbose lists it)\n"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("skipped: Old/Legacy.xcdatamodeld (no Xcode project"), "\(run.stderr)")
        #expect(XcodeProjectListing(Array(project.utf8)).lists("Notes.xcdatamodeld"))
        // Cut short, it lists nothing (not the fragments of its tags).
        let broken = XcodeProjectListing(Array(project.utf8.prefix(project.utf8.count / 2)))
        #expect(broken.names.isEmpty && !broken.lists("Notes.xcdatamodeld"))
    }

    /// Store code no target builds (a design document's copy under `specs/`, a file left out of
    /// the project) is no code of the app: its findings would be about nothing anyone runs.
    @Test func storeCodeNoProjectBuildsIsLeftOut() throws {
        let store = "import SwiftData\n\nfunc makeContainer() -> ModelContainer {\n    do {\n        return try ModelContainer(for: Note.self)\n    } catch {\n        fatalError(\"\\(error)\")\n    }\n}\n\nlet sharedContainer = makeContainer()\n"
        let model = "import SwiftData\n\n@Model final class Note {\n    var title: String = \"\"\n    init() {}\n}\n"
        let files = [
            ("App/Note.swift", model),
            ("App/Store.swift", store),
            ("specs/contracts/Store.swift", store),
        ]
        for project in [Self.synchronizedProject(["App"]), "// !$*UTF8*$!\n{ objects = { C0 /* App */ = {isa = PBXGroup; children = (C1, C2, ); path = App; sourceTree = \"<group>\"; }; C1 /* Note.swift */ = {isa = PBXFileReference; path = Note.swift; }; C2 /* Store.swift */ = {isa = PBXFileReference; path = Store.swift; }; }; }\n"] {
            let (folder, _) = try Self.repository([("App.xcodeproj/project.pbxproj", project)] + files)
            let run = try Self.run(["--verbose"], in: folder.path)
            let failures = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[store-load-failure-destructive]") }
            #expect(failures.count == 1 && failures.first?.hasPrefix("App/Store.swift:7:9: warning:") == true, "\(run.stdout)")
            #expect(run.stderr.contains("skipped: specs/contracts/Store.swift (no Xcode project of the folder walked lists it"), "\(run.stderr)")
        }
    }

    /// A project's groups give each file its place (`path = ../Stash/Store.swift;` in a group of
    /// `iOS/App`): a copy of a listed file in another folder the project names for other files
    /// (`../../Shared/Sync.swift`) is not built. A reference whose place the groups do not give
    /// (a build setting's folder) is looked up by name. Paths compare without case, as on a Mac.
    @Test func aProjectsGroupsGiveEachFileItsPlace() throws {
        let store = "import SwiftData\n\nfunc makeContainer() -> ModelContainer {\n    do {\n        return try ModelContainer(for: Note.self)\n    } catch {\n        fatalError(\"\\(error)\")\n    }\n}\n\nlet sharedContainer = makeContainer()\n"
        let model = "import SwiftData\n\n@Model final class Note {\n    var title: String = \"\"\n    init() {}\n}\n"
        func project(storeTree: String) -> String {
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tM0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
            \t\tG1 /* App */ = {isa = PBXGroup; children = (F1, F2, F3, ); path = App; sourceTree = "<group>"; };
            \t\tF1 /* Note.swift */ = {isa = PBXFileReference; path = Note.swift; sourceTree = "<group>"; };
            \t\tF2 /* Store.swift */ = {isa = PBXFileReference; name = Store.swift; path = \(storeTree); };
            \t\tF3 /* Sync.swift */ = {isa = PBXFileReference; path = ../../Shared/Sync.swift; sourceTree = "<group>"; };
            \t\tP0 /* Project object */ = {isa = PBXProject; mainGroup = M0; projectDirPath = ""; };
            \t};
            \trootObject = P0 /* Project object */;
            }

            """
        }
        let files = [
            ("iOS/App/Note.swift", model), ("iOS/Stash/Store.swift", store),
            ("Shared/Sync.swift", "import Foundation\n"), ("Shared/Store.swift", store),
        ]
        for (tree, read) in [
            ("\"../Stash/Store.swift\"; sourceTree = \"<group>\"", ["iOS/Stash/Store.swift"]),
            // The Mac's file system ignores case: the project builds the file git holds in `Stash`.
            ("\"../STASH/Store.swift\"; sourceTree = \"<group>\"", ["iOS/Stash/Store.swift"]),
            ("Stash/Store.swift; sourceTree = SOURCE_ROOT", ["iOS/Stash/Store.swift"]),
            ("Stash/Store.swift; sourceTree = SHARED_SOURCES", ["Shared/Store.swift", "iOS/Stash/Store.swift"]),
            ("/Users/someone/Projects/App/iOS/Stash/Store.swift; sourceTree = \"<group>\"", ["Shared/Store.swift", "iOS/Stash/Store.swift"]),
        ] {
            let (repository, _) = try Self.repository([("iOS/App.xcodeproj/project.pbxproj", project(storeTree: tree))] + files)
            let run = try Self.run(["--verbose"], in: repository.path)
            let failures = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[store-load-failure-destructive]") }
            #expect(failures.map { String($0.prefix { $0 != ":" }) } == read, "\(tree): \(run.stdout)")
            #expect(run.stdout.hasSuffix("in 1 version of 1 model\n"), "\(run.stdout)")
        }

        // A model bundle at the absolute path Xcode wrote on its author's machine is looked up by
        // its name.
        let bundleProject = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tM0 = {isa = PBXGroup; children = (V1, ); sourceTree = "<group>"; };
            \t\tV1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (V2, ); path = /Users/someone/App/Notes.xcdatamodeld; sourceTree = "<group>"; versionGroupType = wrapper.xcdatamodel; };
            \t\tV2 /* Notes.xcdatamodel */ = {isa = PBXFileReference; path = Notes.xcdatamodel; sourceTree = "<group>"; };
            \t\tP0 = {isa = PBXProject; mainGroup = M0; projectDirPath = ""; };
            \t};
            \trootObject = P0;
            }

            """
        let (bundled, _) = try Self.repository([("App.xcodeproj/project.pbxproj", bundleProject), ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2))])
        let bundleRun = try Self.run(in: bundled.path)
        #expect(bundleRun.stdout.hasSuffix("in 1 version of 1 model\n"), "\(bundleRun.stdout)\(bundleRun.stderr)")
    }

    /// A repository that ignores `.xccurrentversion` (Xcode writes it from the project) has its
    /// bundles' current version in the project's version group: that one is current, and only a
    /// bundle neither names one for is said to have none.
    @Test(arguments: [("Notes 2", nil), ("Notes", "the current version is 'Notes', but 'Notes 2' comes after it"), (nil, "the bundle names no current version")] as [(String?, String?)])
    func theProjectNamesTheCurrentVersionWhereTheBundleDoesNot(current: String?, warning: String?) throws {
        let reference = current.map { " currentVersion = \($0 == "Notes" ? "V2" : "V3");" } ?? ""
        let project = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tM0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
            \t\tG1 /* App */ = {isa = PBXGroup; children = (V1, ); path = App; sourceTree = "<group>"; };
            \t\tV1 /* Notes.xcdatamodeld */ = {isa = XCVersionGroup; children = (V2, V3, );\(reference) path = Notes.xcdatamodeld; sourceTree = "<group>"; versionGroupType = wrapper.xcdatamodel; };
            \t\tV2 /* Notes.xcdatamodel */ = {isa = PBXFileReference; lastKnownFileType = wrapper.xcdatamodel; path = Notes.xcdatamodel; sourceTree = "<group>"; };
            \t\tV3 /* Notes 2.xcdatamodel */ = {isa = PBXFileReference; lastKnownFileType = wrapper.xcdatamodel; path = "Notes 2.xcdatamodel"; sourceTree = "<group>"; };
            \t\tP0 = {isa = PBXProject; mainGroup = M0; projectDirPath = ""; };
            \t};
            \trootObject = P0;
            }

            """
        let (repository, _) = try Self.repository([
            ("App.xcodeproj/project.pbxproj", project), (".gitignore", "*.xccurrentversion\n"),
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", Self.contents(attributes: 3)),
        ])
        let run = try Self.run(in: repository.path)
        let found = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[current-version-not-latest]") }
        #expect(found.count == (warning == nil ? 0 : 1), "\(run.stdout)")
        if let warning { #expect(found.first?.contains(warning) == true, "\(run.stdout)") }
    }

    /// A synchronized folder is named from the project's own folder: `path = App;` in
    /// `App/App.xcodeproj` is `App/App`. An old copy of the sources beside it (`App/Legacy`),
    /// or a folder named `App` elsewhere, builds into nothing, though its path holds an `App` too.
    @Test func aSynchronizedFolderLiesBelowTheProjectsFolder() throws {
        let store = "import SwiftData\n\nfunc makeContainer() -> ModelContainer {\n    do {\n        return try ModelContainer(for: Note.self)\n    } catch {\n        fatalError(\"\\(error)\")\n    }\n}\n\nlet sharedContainer = makeContainer()\n"
        let model = "import SwiftData\n\n@Model final class Note {\n    var title: String = \"\"\n    init() {}\n}\n"
        let (repository, _) = try Self.repository([
            ("App/App.xcodeproj/project.pbxproj", Self.synchronizedProject(["App"])),
            ("App/App/Model/Note.swift", model), ("App/App/Store.swift", store),
            ("App/Legacy/Store.swift", store), ("Shared/App/Store.swift", store),
        ])
        let run = try Self.run(["--verbose"], in: repository.path)
        let failures = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[store-load-failure-destructive]") }
        #expect(failures.map { String($0.prefix { $0 != ":" }) } == ["App/App/Store.swift"], "\(run.stdout)")
        #expect(run.stderr.contains("skipped: App/Legacy/Store.swift (no Xcode project"), "\(run.stderr)")
        #expect(run.stderr.contains("skipped: Shared/App/Store.swift (no Xcode project"), "\(run.stderr)")
    }

    /// A synchronized group whose path is the project's own folder (`path = .;`, an app whose
    /// sources lie beside its `.xcodeproj`) holds every file below that folder, and nothing beside
    /// it; `..` names the folder above.
    @Test func aSynchronizedGroupOfTheProjectsOwnFolderHoldsItsFiles() throws {
        let store = "import SwiftData\n\nfunc makeContainer() -> ModelContainer {\n    do {\n        return try ModelContainer(for: Note.self)\n    } catch {\n        fatalError(\"\\(error)\")\n    }\n}\n\nlet sharedContainer = makeContainer()\n"
        let model = "import SwiftData\n\n@Model final class Note {\n    var title: String = \"\"\n    init() {}\n}\n"
        let files = [("App/Model/Note.swift", model), ("App/Store.swift", store), ("specs/Store.swift", store)]
        for (project, folder, read) in [
            ("App/App.xcodeproj/project.pbxproj", ".", ["App/Store.swift"]),
            ("App/App.xcodeproj/project.pbxproj", "..", ["App/Store.swift", "specs/Store.swift"]),
            ("App.xcodeproj/project.pbxproj", ".", ["App/Store.swift", "specs/Store.swift"]),
        ] {
            let (repository, _) = try Self.repository([(project, Self.synchronizedProject([folder]))] + files)
            let run = try Self.run(["--verbose"], in: repository.path)
            let failures = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[store-load-failure-destructive]") }
            #expect(failures.map { String($0.prefix { $0 != ":" }) } == read, "\(project) \(folder): \(run.stdout)")
            #expect(run.stdout.hasSuffix("in 1 version of 1 model\n"), "\(run.stdout)")
        }
    }

    /// A type the models' properties are written with, declared in a file that declares no model,
    /// is read there at the newest release tag as in the working tree: the released schemas did
    /// not change.
    @Test func aSwiftDataReleaseIsReadWithTheTypesItsModelsUse() throws {
        func schema(_ version: Int, _ extra: String) -> String {
            """
            import SwiftData

            enum NotesV\(version): VersionedSchema {
                static var versionIdentifier = Schema.Version(\(version), 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }

                @Model
                final class Note {
                    var title: String = ""
                    var level: Level = Level.low\(extra)
                    init() {}
                }
            }
            """
        }
        let plan = """
            import SwiftData

            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)] }
            }
            """
        let (folder, repository) = try Self.repository([
            ("App/Schema/NotesV1.swift", schema(1, "")), ("App/Schema/NotesV2.swift", schema(2, "\n        var body: String = \"\"")),
            ("App/Schema/NotesPlan.swift", plan), ("App/Support/Level.swift", "enum Level: String, Codable {\n    case low, high\n}\n"),
        ])
        try repository.tag("v1.0")
        let run = try Self.run(in: folder.path)
        #expect(run.status == 0 && !run.stdout.contains("released-version-modified"), "\(run.stdout)")
        #expect(!run.stderr.contains("cannot resolve"), "\(run.stderr)")
    }

    /// An app's bundle and a watch extension's one-version copy share a name: what the newest
    /// release tag holds of the app's bundle is the app's, not the copy's, so an unchanged
    /// release reports nothing; an edit of a released version of the app's bundle is still caught.
    @Test func twoBundlesOfOneNameKeepTheirOwnReleases() throws {
        let current = XcodeBundleLoaderTests.currentVersion
        let (folder, repository) = try Self.repository([
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("App/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("App/Notes.xcdatamodeld/.xccurrentversion", String(format: current, "Notes 2")),
            ("Watch/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 5)),
        ])
        try repository.tag("v1.0")
        let run = try Self.run(in: folder.path)
        #expect(run.status == 0 && !run.stdout.contains("released-version"), "\(run.stdout)")

        try folder.write(Self.contents(attributes: 3), to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        let edited = try Self.run(in: folder.path)
        #expect(edited.stdout.contains("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents:") && edited.stdout.contains("[released-version-modified]"), "\(edited.stdout)")
        #expect(!edited.stdout.contains("Watch/Notes.xcdatamodeld/Notes.xcdatamodel/contents:1:1: error"), "\(edited.stdout)")
    }

    @Test func aBundleWithNoReadableVersionIsAWarningAndTheOthersAreLinted() throws {
        let (folder, _) = try Self.repository([
            // A deleted module's leftover: only its .xccurrentversion is committed.
            ("Old/Old.xcdatamodeld/.xccurrentversion", String(format: XcodeBundleLoaderTests.currentVersion, "Old")),
            ("Legacy/Legacy.xcdatamodeld/Legacy.xcdatamodel/layout", "(diagram)"),
            ("App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 2)),
        ])

        let run = try Self.run(in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Old/Old.xcdatamodeld:1:1: warning: the model bundle has no version folders"), "\(run.stderr)")
        #expect(run.stderr.contains("Legacy/Legacy.xcdatamodeld:1:1: warning: the model bundle's version folders hold no model file (contents or elements)"), "\(run.stderr)")
        // The summary counts what was left out, so the run does not read as a clean one.
        #expect(run.stdout.hasSuffix("in 1 version of 1 model; 2 warnings on input not read in full, on standard error\n"), "\(run.stdout)")
        // One version needs no .xccurrentversion: nothing is said about it.
        #expect(!run.stdout.contains("current-version-not-latest"), "\(run.stdout)")
    }

    /// Versions named for features (`Model_tags`, `Model_archive_v3`): in a shallow clone neither
    /// git nor the names say their order, so only the current version is checked, and a note says
    /// so and what to fetch; with the history, every step is.
    @Test func aShallowCloneOfVersionsNamedForFeaturesChecksTheCurrentVersionOnly() throws {
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        let names = ["Model", "Model_tags", "Model_archive_v3", "Model_colors"]
        for (index, name) in names.enumerated() {
            // Each version drops the attribute the one before it added last: a removal per step.
            try origin.write(Self.contents(attributes: index + 1).replacingOccurrences(of: "a\(index)\"", with: "b\(index)\""), to: "App/Model.xcdatamodeld/\(name).xcdatamodel/contents")
            try origin.write(String(format: XcodeBundleLoaderTests.currentVersion, name), to: "App/Model.xcdatamodeld/.xccurrentversion")
            try repository.commit("add \(name)")
        }
        // A mapping model of a step: placed with the history, nowhere to put (and nothing to say)
        // when only the current version is checked.
        try origin.write(MappingModelFixtures.mapping(from: "Model.xcdatamodeld/Model_tags.xcdatamodel", to: "Model.xcdatamodeld/Model_archive_v3.xcdatamodel", [
            MappingModelFixtures.EntityMapping(source: "Note", destination: "Note", attributes: [("a1", false), ("a2", false), ("a3", false)], relationships: []),
        ]), to: "App/TagsToArchive.xcmappingmodel/xcmapping.xml")
        try origin.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try repository.commit("configuration")

        let full = try Self.run(["--all-steps"], in: origin.path)
        #expect(full.stdout.hasSuffix("in 4 versions of 1 model\n"), "\(full.stdout)")
        #expect(!full.stdout.contains("mapping-model-unmatched"), "\(full.stdout)")

        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let shallow = try Self.run(["--all-steps"], in: clones.path + "/shallow")
        #expect(shallow.status == 0, "\(shallow.stdout)\(shallow.stderr)")
        #expect(shallow.stdout.contains("App/Model.xcdatamodeld:1:1: note: the bundle lies in a shallow clone, whose history cannot say when each version was added, and the names of its versions do not say it either, so only its current version 'Model_colors' is checked, not the steps between versions [version-order-from-git]"), "\(shallow.stdout)")
        #expect(shallow.stdout.contains("fetch-depth: 0"))
        #expect(!shallow.stdout.contains("current-version-not-latest") && !shallow.stdout.contains("was removed"), "\(shallow.stdout)")
        #expect(!shallow.stdout.contains("mapping-model-unmatched"), "\(shallow.stdout)")
        #expect(shallow.stdout.hasSuffix("in 1 version of 1 model\n"), "\(shallow.stdout)")
    }

    /// Versions named for features that one commit added together (a project imported into git):
    /// git cannot order them, nor can the names, so only the current version is checked.
    @Test func versionsNamedForFeaturesThatOneCommitAddedChecksTheCurrentVersionOnly() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let names = ["Model", "Model_tags", "Model_archive_v3", "Model_colors"]
        for (index, name) in names.enumerated() {
            try folder.write(Self.contents(attributes: index + 1).replacingOccurrences(of: "a\(index)\"", with: "b\(index)\""), to: "App/Model.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model_colors"), to: "App/Model.xcdatamodeld/.xccurrentversion")
        try repository.commit("import")
        let run = try Self.run(["--all-steps"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("note: one commit ("), "\(run.stdout)")
        #expect(run.stdout.contains("added every version of the bundle, so git cannot say when each was made, and the names of its versions do not say it either, so only its current version 'Model_colors' is checked, not the steps between versions [version-order-from-git]"), "\(run.stdout)")
        #expect(!run.stdout.contains("current-version-not-latest") && !run.stdout.contains("was removed"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 1 version of 1 model\n"), "\(run.stdout)")

        // A version added later: git orders that one, and the steps are checked by name before it.
        try folder.write(Self.contents(attributes: 6), to: "App/Model.xcdatamodeld/Model_due.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model_due"), to: "App/Model.xcdatamodeld/.xccurrentversion")
        try repository.commit("due dates")
        let later = try Self.run(["--all-steps"], in: folder.path)
        #expect(later.stdout.hasSuffix("in 5 versions of 1 model\n"), "\(later.stdout)")
    }

    /// Versions one commit added whose numbers run on across a renaming of the project
    /// (`Notes`, `Notes 2`, `Jot 3`, `Jot 4`): the numbers order them, and every step is checked.
    @Test func versionsNumberedAcrossARenamingThatOneCommitAddedAreOrderedByTheirNumbers() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        let names = ["Notes", "Notes 2", "Jot 3", "Jot 4"]
        for (index, name) in names.enumerated() {
            try folder.write(Self.contents(attributes: index + 1), to: "App/Notes.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Jot 4"), to: "App/Notes.xcdatamodeld/.xccurrentversion")
        try repository.commit("import")
        let run = try Self.run(["--all-steps"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("only its current version"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("in 4 versions of 1 model\n"), "\(run.stdout)")
    }

    /// A team that edits its one version in place and, before each change, saves what it was as
    /// "Model saved1", "Model saved2" (names that sort after it): git adds the copies after the version they copy, but each holds an
    /// earlier state of it, so they come before it, and nothing is a draft. A version added after
    /// the current one that is the same as it now is still a draft. In a shallow clone, names
    /// that put several versions after the current one leave only the current version to check.
    @Test func copiesOfEarlierStatesOfTheCurrentVersionComeBeforeIt() throws {
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        let bundle = "App/Model.xcdatamodeld"
        try origin.write(Self.contents(attributes: 1), to: "\(bundle)/Model.xcdatamodel/contents")
        try origin.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model"), to: "\(bundle)/.xccurrentversion")
        try origin.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try repository.commit("first model")
        for copy in 1...2 {
            // The copy is the model as it was, its header written by another Xcode (the second
            // with a final line break the model lacked); the model gains an attribute.
            let was = Self.contents(attributes: copy).replacingOccurrences(of: "systemVersion=\"23E224\"", with: "systemVersion=\"24A335\"") + (copy == 2 ? "\n" : "")
            try origin.write(was, to: "\(bundle)/Model saved\(copy).xcdatamodel/contents")
            try origin.write(Self.contents(attributes: copy + 1), to: "\(bundle)/Model.xcdatamodel/contents")
            try repository.commit("save Model as it was, then add a\(copy + 1)")
        }

        let full = try Self.run(in: origin.path)
        #expect(full.status == 0, "\(full.stdout)\(full.stderr)")
        #expect(!full.stdout.contains("current-version-not-latest") && !full.stdout.contains("was removed"), "\(full.stdout)")
        #expect(full.stdout.contains("note: order used, oldest first: Model saved1, Model saved2, Model"), "\(full.stdout)")
        #expect(full.stdout.contains("'Model saved1', 'Model saved2' hold earlier states of the current version 'Model'"), "\(full.stdout)")

        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let shallow = try Self.run(in: clones.path + "/shallow")
        #expect(shallow.status == 0, "\(shallow.stdout)\(shallow.stderr)")
        #expect(shallow.stdout.contains("and its names put 2 versions after the current version 'Model', which only the history can place"), "\(shallow.stdout)")
        #expect(!shallow.stdout.contains("current-version-not-latest") && !shallow.stdout.contains("was removed"), "\(shallow.stdout)")

        // A new version the same as the current one now (what Xcode's "Add Model Version" makes)
        // is no earlier state: it stays after the current one, a draft, which ships nothing new
        // until it is edited.
        try origin.write(Self.contents(attributes: 3), to: "\(bundle)/Model 3.xcdatamodel/contents")
        try repository.commit("a draft")
        let copied = try Self.run(in: origin.path)
        #expect(copied.stdout.contains("note: order used, oldest first: Model saved1, Model saved2, Model, Model 3"), "\(copied.stdout)")
        #expect(!copied.stdout.contains("current-version-not-latest"), "\(copied.stdout)")
        try origin.write(Self.contents(attributes: 4), to: "\(bundle)/Model 3.xcdatamodel/contents")
        try repository.commit("edit the draft")
        let drafted = try Self.run(in: origin.path)
        #expect(drafted.stdout.contains("note: order used, oldest first: Model saved1, Model saved2, Model, Model 3"), "\(drafted.stdout)")
        #expect(drafted.stdout.contains("warning: the current version is 'Model', but 'Model 3' comes after it in git history; it is treated as a draft"), "\(drafted.stdout)")
    }

    /// Versions named "Model", "Model 2", then "Model3" ... "Model10", with "Model 9" current (the
    /// names alone do not settle the order then): in a shallow clone (CI's default checkout) the
    /// names decide, with numbers compared as numbers, and a note says the clone is shallow and
    /// what to fetch. Once "Model10" is current, the names settle it and nothing is said of the
    /// order; that the released versions could not be checked is still said.
    @Test func aShallowCloneIsOrderedByNameAndSaysSo() throws {
        let origin = try TemporaryFolder()
        var repository = try GitRepository(at: origin.path)
        let names = ["Model", "Model 2"] + (3...10).map { "Model\($0)" }
        for (index, name) in names.enumerated() {
            try origin.write(Self.contents(attributes: index + 1), to: "App/Model.xcdatamodeld/\(name).xcdatamodel/contents")
            try repository.commit("add \(name)")
        }
        try origin.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model9"), to: "App/Model.xcdatamodeld/.xccurrentversion")
        try origin.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try repository.commit("current")

        let full = try Self.run(in: origin.path)
        #expect(full.status == 0, "\(full.stdout)\(full.stderr)")
        #expect(!full.stdout.contains("version-order-from-git"), "git and the names agree: \(full.stdout)")

        let clones = try TemporaryFolder()
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/shallow"])
        let shallow = try Self.run(in: clones.path + "/shallow")
        #expect(shallow.status == 0, "\(shallow.stdout)\(shallow.stderr)")
        #expect(shallow.stdout.contains("App/Model.xcdatamodeld:1:1: note: the bundle lies in a shallow clone, whose history cannot say when each version was added, so its versions are ordered by name [version-order-from-git]"), "\(shallow.stdout)")
        #expect(shallow.stdout.contains("order used, oldest first: \(names.joined(separator: ", "))"), "\(shallow.stdout)")
        #expect(shallow.stdout.contains("fetch-depth: 0"))
        #expect(!shallow.stdout.contains("was removed"), "\(shallow.stdout)")

        try origin.write(String(format: XcodeBundleLoaderTests.currentVersion, "Model10"), to: "App/Model.xcdatamodeld/.xccurrentversion")
        try repository.commit("Model10 ships")
        _ = try repository.git(["clone", "--quiet", "--depth", "1", "file://" + origin.path, clones.path + "/settled"])
        let settled = try Self.run(in: clones.path + "/settled")
        #expect(settled.status == 0 && !settled.stdout.contains("version-order-from-git"), "\(settled.stdout)")
        // What a shallow clone cannot show is still said: whether released versions were edited.
        #expect(settled.stdout.contains("App/Model.xcdatamodeld/Model10.xcdatamodel/contents:2:1: note: the released versions of model 'Model' were not checked for edits since they shipped: the repository is a shallow clone, which has neither the release tags nor the history that show what shipped [released-version-modified]"), "\(settled.stdout)")
        #expect(settled.stdout.hasSuffix("1 note in 10 versions of 1 model\n"), "\(settled.stdout)")
        #expect(!full.stdout.contains("were not checked"), "\(full.stdout)")
    }

    /// A version made on a branch and merged after later versions on main is dated by the commit
    /// that made it, not by the merge.
    @Test func aVersionFromAMergedBranchIsDatedByTheCommitThatAddedIt() throws {
        let folder = try TemporaryFolder()
        var repository = try GitRepository(at: folder.path)
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        try folder.write(Self.contents(attributes: 1), to: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try repository.commit("v1")
        try repository.git(["checkout", "--quiet", "-b", "feature"])
        // Named so that the names would put it last.
        try folder.write(Self.contents(attributes: 2), to: "App/Notes.xcdatamodeld/Zeta.xcdatamodel/contents")
        try repository.commit("feature version")
        try repository.git(["checkout", "--quiet", "main"])
        try folder.write(Self.contents(attributes: 3), to: "App/Notes.xcdatamodeld/Notes 3.xcdatamodel/contents")
        try repository.commit("v3")
        try repository.git(["merge", "--quiet", "--no-ff", "--no-edit", "feature"], dates: "1800000000 +0000")
        try folder.write(Self.contents(attributes: 4), to: "App/Notes.xcdatamodeld/Notes 4.xcdatamodel/contents")
        try folder.write(String(format: XcodeBundleLoaderTests.currentVersion, "Notes 4"), to: "App/Notes.xcdatamodeld/.xccurrentversion")
        try repository.commit("v4")

        let run = try Self.run(in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("order used, oldest first: Notes, Zeta, Notes 3, Notes 4"), "\(run.stdout)")
        #expect(!run.stdout.contains("was removed"), "\(run.stdout)")
    }

    /// A subclass of `NSPersistentContainer` the file declares, made with the model's name
    /// (`StoreContainer(name: "Notes")`), opens that model as its superclass would, not the
    /// bundle nearest to the code.
    @Test func aContainerSubclassMadeWithTheModelsNameOpensThatModel() throws {
        let store = """
            import CoreData
            import SwiftUI

            final class StoreContainer: NSPersistentContainer {}

            @main
            struct NotesApp: App {
                let container = StoreContainer(name: "Notes")

                init() {
                    container.loadPersistentStores { _, _ in }
                }

                var body: some Scene { WindowGroup { Text("Notes") } }
            }

            """
        let (folder, _) = try Self.repository([
            ("Models/Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Models/Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("Models/Notes.xcdatamodeld/.xccurrentversion", String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2")),
            ("App/Cache.xcdatamodeld/Cache.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("App/Cache.xcdatamodeld/Cache 2.xcdatamodel/contents", Self.contents(attributes: 3)),
            ("App/Cache.xcdatamodeld/.xccurrentversion", String(format: XcodeBundleLoaderTests.currentVersion, "Cache 2")),
            ("App/NotesApp.swift", store),
        ])
        let run = try Self.run(in: folder.path)
        #expect(run.stdout.contains("[store-opened-at-launch]"), "\(run.stdout)")
        #expect(run.stdout.contains("Notes 2 of model 'Notes' migrates every store of Notes there"), "\(run.stdout)")
        #expect(!run.stdout.contains("of model 'Cache' migrates"), "\(run.stdout)")
    }

    /// A bundle at the top of the repository, and code that loads its model by name
    /// (`Bundle.main.url(forResource: "Notes", withExtension: "momd")`): the code opens that
    /// model, as a bundle in a folder would be.
    @Test func codeNamingABundleAtTheTopOpensIt() throws {
        let store = """
            import CoreData

            final class NoteStore {
                let coordinator: NSPersistentStoreCoordinator

                init() throws {
                    let modelURL = Bundle.main.url(forResource: "Notes", withExtension: "momd")!
                    coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel(contentsOf: modelURL)!)
                    try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: URL.documentsDirectory.appending(path: "Notes.sqlite"), options: nil)
                }
            }

            """
        let (folder, _) = try Self.repository([
            ("Notes.xcdatamodeld/Notes.xcdatamodel/contents", Self.contents(attributes: 1)),
            ("Notes.xcdatamodeld/Notes 2.xcdatamodel/contents", Self.contents(attributes: 2)),
            ("Notes.xcdatamodeld/.xccurrentversion", String(format: XcodeBundleLoaderTests.currentVersion, "Notes 2")),
            ("NoteStore.swift", store),
        ])
        let run = try Self.run(in: folder.path)
        #expect(run.stdout.contains("NoteStore.swift:9:25: warning: addPersistentStore adds the store with options that ask for no migration, and model 'Notes' has earlier versions"), "\(run.stdout)")
    }
}

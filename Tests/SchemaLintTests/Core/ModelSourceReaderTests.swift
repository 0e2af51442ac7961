import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// The core's side of readers it does not know: claiming files in the walk, handing them over,
/// and using what comes back (versions, written migrations, warnings, errors).
@Suite struct ModelSourceReaderTests {
    /// Claims `*.stub` files that contain `MODEL`; each line `version N attribute` is a version of
    /// the model `Stub` with one entity `Item` holding that attribute; `custom N M` a written migration.
    struct StubReader: ModelSourceReader {
        var name: String { "stub" }

        var fileNameSuffixes: [String] { [".stub"] }

        func claims(name: String, bytes: [UInt8]) -> Bool {
            String(decoding: bytes, as: UTF8.self).contains("MODEL")
        }

        func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
            var reading = ModelSourceReading()
            for (file, bytes) in sources {
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
                for (index, line) in lines.enumerated() {
                    let words = line.split(separator: " ").map(String.init)
                    let location = SourceLocation(file: file, line: index + 1, column: 1)
                    if words.first == "version", words.count == 3, let number = VersionNumber(words[1]) {
                        let attribute = Attribute(name: words[2], type: .string, location: location.relative(to: location))
                        var version = ModelVersion(model: "Stub", version: number, usesCloudKit: options.declaresCloudKit,
                                                   entities: [Entity(name: "Item", attributes: [attribute], location: location)], file: file, location: location)
                        version.history = "stub:Stub"
                        reading.versions.append(version)
                    } else if words.first == "custom", words.count == 3 {
                        reading.writtenMigrations["stub:Stub", default: []].append(WrittenMigration(model: "Stub", from: words[1], to: words[2], kind: .staged(reason: "stage \(words[1])-\(words[2])"), location: location))
                    } else if words.first == "bad" {
                        reading.errors.append(InputError(at: location, "bad line"))
                    } else if words.first == "guess" {
                        reading.notes.append(ReadingNote(at: location, "guessed"))
                    }
                }
            }
            return reading
        }
    }

    @Test func readersClaimFilesInTheWalkAndOnlyThen() throws {
        let folder = try TemporaryFolder()
        let claimed = try folder.write("MODEL\nversion 1 a\n", to: "src/a.stub")
        try folder.write("nothing here\n", to: "src/b.stub")
        try folder.write("MODEL\n", to: "src/c.txt")
        let found = try ModelSourceFinder(readers: [StubReader()]).sources(in: [folder.path + "/src"])
        #expect(found == [ModelSource(path: claimed, reader: "stub")])
        #expect(throws: InputError.self) { try ModelSourceFinder().sources(in: [folder.path + "/src"]) }
    }

    /// The walk reads each candidate file once and keeps the bytes of the claimed ones for their
    /// reader; files no reader may claim by name are not read at all.
    @Test func theWalkKeepsTheBytesOfClaimedFilesOnly() throws {
        let folder = try TemporaryFolder()
        let claimed = try folder.write("MODEL\nversion 1 a\n", to: "src/a.stub")
        try folder.write("nothing here\n", to: "src/b.stub")
        try folder.write("MODEL\n", to: "src/c.txt")
        let found = try ModelSourceFinder(readers: [StubReader()]).sourcesAndMappingModels(in: [folder.path + "/src"])
        #expect(found.claimedContents == [claimed: Array("MODEL\nversion 1 a\n".utf8)])
        #expect(StubReader().mayClaim(name: "x.stub") && !StubReader().mayClaim(name: "x.stub.txt"))
    }

    @Test func aReadersVersionsMigrationsAndNotesReachTheRun() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("MODEL\nversion 1 a\nversion 2 b\ncustom 1 2\nguess\n", to: "m.stub")
        let output = try LintPipeline(readers: [StubReader()]).run(.init(paths: [folder.path])).get()
        #expect(output.histories.map(\.model) == ["Stub"])
        #expect(output.histories.first?.versions.count == 2)
        #expect(output.histories.first?.writtenMigrations.map { "\($0.from)-\($0.to)" } == ["1-2"])
        #expect(output.readingNotes == [ReadingNote(at: SourceLocation(file: file, line: 5, column: 1), "guessed")])
        // The stage is the written migration of the step from 1 to 2.
        let history = try #require(output.histories.first)
        #expect(history.writtenMigration(from: history.versions[0], to: history.versions[1])?.kind == .staged(reason: "stage 1-2"))
    }

    @Test func aReadersErrorsStopTheRun() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("MODEL\nbad\n", to: "m.stub")
        switch LintPipeline(readers: [StubReader()]).run(.init(paths: [folder.path])) {
        case .success: Issue.record("a reader's input error must stop the run")
        case .failure(let problems): #expect(problems.errors.map(\.description) == ["\(file):2:1: error: bad line"])
        }
    }

    /// A reader whose reading only the store-handling rules look at; it refuses every file it reads,
    /// so a run shows whether it was asked.
    struct StoreCodeStubReader: ModelSourceReader {
        var name: String { "store stub" }
        var fileNameSuffixes: [String] { [".storestub"] }
        var feedsOnly: RuleCategory? { .storeHandling }

        func claims(name: String, bytes: [UInt8]) -> Bool { true }

        func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
            var reading = ModelSourceReading()
            reading.errors = sources.map { InputError(file: $0.name, line: 1, column: 1, message: "read by the store stub") }
            return reading
        }
    }

    /// A team that turns the store-handling rules off pays nothing for the readers that feed only them.
    @Test func aReaderOfOneCategoryIsNotAskedWhenEveryRuleOfThatCategoryIsOff() throws {
        let folder = try TemporaryFolder()
        try folder.write("model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n", to: "m.yaml")
        let file = try folder.write("store code\n", to: "Store.storestub")
        let storeRules = RuleCatalog.standard.descriptors.filter { $0.category == .storeHandling }.map(\.id)
        #expect(storeRules.count >= 5)
        let pipeline = LintPipeline(readers: [StoreCodeStubReader()])

        try folder.write("rules:\n" + storeRules.map { "  \($0): off\n" }.joined(), to: ".schemalint.yml")
        #expect(RuleCatalog.standard.categoriesOff(by: try ConfigurationLoader.load(file: folder.path + "/.schemalint.yml", knownRules: Set(RuleCatalog.standard.descriptors.map(\.id))).rules) == [.storeHandling])
        #expect(throws: Never.self) { try pipeline.run(.init(paths: [folder.path])).get() }

        // One rule of the category on: the reader is asked again.
        try folder.write("rules:\n" + storeRules.dropFirst().map { "  \($0): off\n" }.joined(), to: ".schemalint.yml")
        switch pipeline.run(.init(paths: [folder.path])) {
        case .success: Issue.record("with one store-handling rule on, the store reader must read its file")
        case .failure(let problems): #expect(problems.errors.map(\.description) == ["\(file):1:1: error: read by the store stub"])
        }
    }

    /// What one reader of a run makes of a file, the next gets without making it again (the Swift
    /// readers' parse); the same name with other bytes is made again.
    @Test func sharedReadingWorkMakesEachFileOncePerRun() {
        let work = SharedReadingWork()
        var made = 0
        func length(_ file: ModelSourceFile) -> Int {
            work.value(of: file) { file in
                made += 1
                return file.bytes.count
            }
        }
        #expect(length(("A.swift", Array("abc".utf8))) == 3)
        #expect(length(("A.swift", Array("abc".utf8))) == 3)
        #expect(made == 1)
        #expect(length(("B.swift", Array("abc".utf8))) == 3)
        #expect(length(("A.swift", Array("abcd".utf8))) == 4)
        #expect(made == 3)
        // A value of another type is made on its own.
        #expect(work.value(of: ("A.swift", Array("abcd".utf8))) { String(decoding: $0.bytes, as: UTF8.self) } == "abcd")
    }

    /// What depends on a text alone is made once for that text at one place in the working tree,
    /// under any file's name (the same file read at several release tags, copied out under other
    /// names); another text, or the same text at another place, is made again.
    @Test func sharedReadingWorkMakesEachTextOncePerRunAndPlace() {
        let work = SharedReadingWork()
        var made = 0
        func words(_ text: String, at place: String = "App/Note.swift") -> Int {
            work.value(ofText: Array(text.utf8), at: place) { bytes in
                made += 1
                return bytes.split(separator: UInt8(ascii: " ")).count
            }
        }
        #expect(words("a b") == 2)
        #expect(words("a b") == 2)
        #expect(made == 1)
        #expect(words("a b c") == 3)
        #expect(made == 2)
        #expect(words("a b", at: "Sample/Note.swift") == 2)
        #expect(made == 3)
    }
}

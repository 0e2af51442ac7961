import Foundation
import SchemaLint
import SchemaLintStoreCode
import SchemaLintSwiftData
import SchemaLintSwiftSource

// schemalint-store-bench [--files N] [--store-files N] [--lines N] [--repeat N] [--keep]
//
// What the store-handling rules add to a lint of an app's Swift sources (docs/performance.md):
// generates a project of N Swift files (default 500) of which only a few open, move or protect a
// store (default 6) and one declares a SwiftData schema, then lints it through the whole pipeline
// (finding files, reading, parsing, rules, policy) with the readers the executable registers,
// and again without the Swift store-code reader, with its byte search alone (every file
// searched, none claimed), and with the search and swift-syntax's parse of the files that mention
// a store and nothing more (the least that reading them with swift-syntax costs). Runs alternate; what each
// adds is printed as the median of the rounds' ratios, and from the best runs.
// `--keep` writes the project, prints its folder and stops, to time `schemalint` on it as a whole
// process (docs/performance.md).

struct Options {
    var files = 500
    var storeFiles = 6
    var lines = 120
    var repeats = 7
    var keep = false

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            if flag == "--keep" {
                keep = true
                continue
            }
            guard let value = iterator.next().flatMap(Int.init), value > 0 else {
                FileHandle.standardError.write(Data("usage: schemalint-store-bench [--files N] [--store-files N] [--lines N] [--repeat N] [--keep]\n".utf8))
                exit(2)
            }
            switch flag {
            case "--files": files = value
            case "--store-files": storeFiles = value
            case "--lines": lines = value
            case "--repeat": repeats = value
            default:
                FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}

/// An ordinary view file: nothing about stores, about `lines` lines.
func viewFile(_ index: Int, lines: Int) -> String {
    var text = "import SwiftUI\n\n"
    var line = 2
    var part = 0
    while line < lines {
        text += """
        struct Row\(index)_\(part): View {
            var title: String = "row \(part)"
            var count = \(part)
            var body: some View {
                HStack { Text(title); Spacer(); Text("\\(count)") }.padding(CGFloat(count))
            }
        }


        """
        line += 8
        part += 1
    }
    return text
}

/// Store code in the shapes the rules look at (a PersistenceController, moves, protection).
func storeFile(_ index: Int) -> String {
    """
    import CoreData

    final class Store\(index) {
        static let shared = Store\(index)()
        let container = NSPersistentContainer(name: "Model\(index)")

        init() {
            let description = container.persistentStoreDescriptions.first!
            description.setOption(FileProtectionType.complete as NSObject, forKey: NSPersistentStoreFileProtectionKey)
            container.loadPersistentStores { _, error in
                if let error { fatalError("\\(error)") }
            }
        }

        func moveToGroup(_ group: URL) throws {
            let old = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Model\(index).sqlite")
            try FileManager.default.moveItem(at: old, to: group.appendingPathComponent("Model\(index).sqlite"))
        }
    }

    """
}

// (SwiftPM reads a one-file executable as a library when its text holds the main attribute.)
let mainAttribute = "@" + "main"
let appFile = """
import SwiftUI

\(mainAttribute)
struct BenchApp: App {
    let store = Store0.shared
    var body: some Scene { WindowGroup { Row0_0() } }
}

"""

let schemaFile = """
import SwiftData

enum BenchSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }
    @Model final class Item { var name: String = "" }
}

"""

let options = Options(arguments: CommandLine.arguments)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-store-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { if !options.keep { try? FileManager.default.removeItem(at: folder) } }

var bytes = 0
@discardableResult
func write(_ text: String, _ name: String) throws -> Int {
    let file = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return text.utf8.count
}
bytes += try write(appFile, "App/BenchApp.swift")
bytes += try write(schemaFile, "App/Schema.swift")
for index in 0..<options.storeFiles { bytes += try write(storeFile(index), "App/Store/Store\(index).swift") }
for index in 0..<max(0, options.files - options.storeFiles - 2) {
    bytes += try write(viewFile(index, lines: options.lines), "App/Views/Group\(index / 50)/Row\(index).swift")
}
if options.keep {
    print(folder.path)
    exit(0)
}

/// Processor time of the process so far (user and system, all threads): steadier than wall-clock
/// time on a machine shared with other builds.
func processorSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// One lint of the project: wall-clock and processor seconds, and the findings.
func lint(_ readers: [any ModelSourceReader]) -> (seconds: Double, processor: Double, findings: Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let processorStart = processorSeconds()
    let result = LintPipeline(readers: readers).run(.init(paths: [folder.path]))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let processor = processorSeconds() - processorStart
    switch result {
    case .success(let output): return (seconds, processor, output.result.findings.count)
    case .failure(let errors):
        print("the generated project does not lint: \(errors.description)")
        exit(1)
    }
}

/// The store-code reader's byte search alone: it asks the reader about every Swift file, as the
/// walk does, and claims none, so the difference to the lint without it is what the search costs
/// and the rest of the reader's addition is the parse and the scan of the files it claims.
struct StoreCodeSearchOnly: ModelSourceReader {
    let reader = SwiftStoreCodeReader()
    var name: String { "Swift store code, byte search only" }
    var feedsOnly: RuleCategory? { reader.feedsOnly }
    var fileNameSuffixes: [String] { reader.fileNameSuffixes }
    func claims(name: String, bytes: [UInt8]) -> Bool {
        _ = reader.claims(name: name, bytes: bytes)
        return false
    }
    func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading { ModelSourceReading() }
}

/// The store-code reader's search, and swift-syntax's parse of the files that mention a store
/// (those it parses whatever the launch paths need), and nothing more: what reading those files
/// with swift-syntax costs at the least, whatever the rules do with the trees.
struct StoreCodeParseOnly: ModelSourceReader {
    let reader = SwiftStoreCodeReader()
    var name: String { "Swift store code, search and parse only" }
    var feedsOnly: RuleCategory? { reader.feedsOnly }
    var fileNameSuffixes: [String] { reader.fileNameSuffixes }
    func claims(name: String, bytes: [UInt8]) -> Bool { reader.claims(name: name, bytes: bytes) }
    func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading {
        let sources = sources.filter { SwiftStoreCodeReader.mentionsAStore($0.bytes) }
        let parsed = OrderedConcurrentMap.map(count: sources.count, concurrently: OrderedConcurrentMap.isWorthSharingOut(sources)) { index in
            ParsedSwiftFile.parse(sources[index], options: options)
        }
        var reading = ModelSourceReading()
        for case .failure(let error) in parsed { reading.errors.append(error) }
        return reading
    }
}

/// Every run of one configuration, and the best of them.
struct Runs {
    var seconds: [Double] = [], processor: [Double] = [], findings = 0
    mutating func add(_ run: (seconds: Double, processor: Double, findings: Int)) {
        seconds.append(run.seconds)
        processor.append(run.processor)
        findings = run.findings
    }
    var bestSeconds: Double { seconds.min() ?? .nan }
    var bestProcessor: Double { processor.min() ?? .nan }

    /// What each round added over `base` (runs of the same round compared, as the machine's load
    /// changes between rounds): the median of those ratios, as a percentage.
    func added(over base: Runs, _ figure: KeyPath<Runs, [Double]>) -> Double {
        let ratios = zip(self[keyPath: figure], base[keyPath: figure]).map { $0 / $1 }.sorted()
        return ratios.isEmpty ? .nan : (ratios[ratios.count / 2] - 1) * 100
    }
}

let without: [any ModelSourceReader] = [SwiftDataReader()]
let searchOnly: [any ModelSourceReader] = [SwiftDataReader(), StoreCodeSearchOnly()]
let parseOnly: [any ModelSourceReader] = [SwiftDataReader(), StoreCodeParseOnly()]
let with: [any ModelSourceReader] = [SwiftDataReader(), SwiftStoreCodeReader()]
_ = lint(with)  // warm the file cache
var runsWithout = Runs(), runsSearchOnly = Runs(), runsParseOnly = Runs(), runsWith = Runs()
for _ in 0..<options.repeats {
    runsWithout.add(lint(without))
    runsSearchOnly.add(lint(searchOnly))
    runsParseOnly.add(lint(parseOnly))
    runsWith.add(lint(with))
}
let claimed = (try? ModelSourceFinder(readers: [SwiftStoreCodeReader()]).sources(in: [folder.path]).count) ?? 0
let mentioning = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path))?.filter {
    $0.hasSuffix(".swift") && SwiftStoreCodeReader.mentionsAStore(Array((FileManager.default.contents(atPath: folder.path + "/" + $0) ?? Data())))
}.count ?? 0
func added(_ runs: Runs, over runsWithout: Runs) -> String {
    String(
        format: "%+.1f%% wall, %+.1f%% processor (medians of the rounds' ratios); best %+.1f%%, %+.1f%%",
        runs.added(over: runsWithout, \.seconds), runs.added(over: runsWithout, \.processor),
        (runs.bestSeconds / runsWithout.bestSeconds - 1) * 100, (runs.bestProcessor / runsWithout.bestProcessor - 1) * 100
    )
}
print(String(format: "project: %d Swift files, %.1f MB; %d of them claimed by the store-code reader, %d mentioning a store", options.files, Double(bytes) / 1_048_576, claimed, mentioning))
print(String(format: "lint without the store-code reader: %.4f s wall, %.4f s processor at best (%d findings)", runsWithout.bestSeconds, runsWithout.bestProcessor, runsWithout.findings))
print(String(format: "lint with the store-code reader:    %.4f s wall, %.4f s processor at best (%d findings)", runsWith.bestSeconds, runsWith.bestProcessor, runsWith.findings))
print("added by the store-code reader (\(options.repeats) rounds): \(added(runsWith, over: runsWithout))")
print("of which the byte search of every Swift file: \(added(runsSearchOnly, over: runsWithout))")
print("the search and swift-syntax's parse of the files mentioning a store, nothing more: \(added(runsParseOnly, over: runsWithout))")

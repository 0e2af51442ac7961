// schemalint-bench: generates a large model history and measures a full lint against
// libyaml's bare parse of the same bytes. Not a test: figures go to docs/performance.md.
//
//   swift run -c release schemalint-bench [--versions 200] [--entities 80] [--attributes 25] [--repeat 3]
//                                          [--compatibility previous|transitive|window:N] [--churn]
//   swift run -c release schemalint-bench --growth [--churn] [--repeat N]
//     200, 400 and 2,000 versions in each compatibility mode, with the ratios of time and memory.
//   swift run -c release schemalint-bench --write FOLDER [--versions N] ...  writes the history only.
//   swift run -c release schemalint-bench --corpus ../shared/corpus/xcdatamodeld [--repeat 5]
//     lints real Xcode bundles and compares with libxml2's bare SAX parse of their `contents` files.
//   swift run -c release schemalint-bench --production-schema [--versions 200] ...
//
// --production-schema: also reads a large CloudKit schema export (1,000 record types of 250 fields)
// against a bare scan of its bytes, and lints the history against the schema its newest version
// mirrors to (the production-schema rules' cost on top of the other checks).
// --churn: every version also changes the default of the attribute 'churn' of one entity (in turn), so the
// compatibility window has older definitions to check (and `transitive` real work to do).
import CLibXML2
import CYAML
import Foundation
import SchemaLint
import SyntheticHistory

struct Options {
    var history = SyntheticHistory()
    var repeats = 3
    var compatibility = Compatibility.previous
    var corpus: String?
    var productionSchema = false
    /// `--write FOLDER`: only write the generated history there (for linting it by hand).
    var writeFolder: String?
    /// `--growth`: 200, 400 and 2,000 versions in every compatibility mode, with the ratios.
    var growth = false
    /// `--lint-once FOLDER` (internal): one full lint, in a process of its own, for its peak memory.
    var lintOnce: String?

    init(arguments: [String]) {
        let usage = "usage: schemalint-bench [--versions N] [--entities N] [--attributes N] [--repeat N] [--compatibility MODE] [--churn] [--production-schema] [--growth] [--write FOLDER] | --corpus FOLDER"
        /// A usage problem: the usage on standard error and exit status 2, as the store benchmark does.
        func refuse(_ problem: String? = nil) -> Never {
            FileHandle.standardError.write(Data(((problem.map { $0 + "\n" } ?? "") + usage + "\n").utf8))
            exit(2)
        }
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            switch flag {
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--churn": history.churn = true
            case "--production-schema": productionSchema = true
            case "--growth": growth = true
            case "--compatibility":
                guard let mode = iterator.next().flatMap(Compatibility.init(argument:)) else { refuse() }
                compatibility = mode
            case "--corpus": corpus = iterator.next()
            case "--write": writeFolder = iterator.next()
            case "--lint-once": lintOnce = iterator.next()
            default:
                guard let value = iterator.next().flatMap(Int.init), value > 0 else { refuse() }
                switch flag {
                case "--versions": history.versions = value
                case "--entities": history.entities = value
                case "--attributes": history.attributes = value
                case "--repeat": repeats = value
                default: refuse("unknown option \(flag)")
                }
            }
        }
    }
}

func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Glibc)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    #else
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
    #endif
}

/// libyaml's event loop over the bytes, doing nothing with the events: the floor for any loader.
func bareParse(_ bytes: [UInt8]) -> Int {
    var parser = yaml_parser_t()
    yaml_parser_initialize(&parser)
    defer { yaml_parser_delete(&parser) }
    var events = 0
    bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            events += 1
            if done { break }
        }
    }
    return events
}

/// The process's CPU time so far (user and system, all threads), in seconds.
func processorSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// libxml2's SAX2 parser over one document in memory with callbacks that do nothing (and the
/// options schemalint's reader uses): the floor for any reader of the XML.
func bareXMLParse(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
        guard let context = buffer.baseAddress.flatMap({ base in
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlCreateMemoryParserCtxt($0, Int32(buffer.count)) }
        }) else { return false }
        defer { xmlFreeParserCtxt(context) }
        _ = xmlCtxtUseOptions(context, Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue))
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { _, _, _, _, _, _, _, _, _ in }
        handler.endElementNs = { _, _, _, _ in }
        handler.serror = { _, _ in }
        context.pointee.sax.pointee = handler
        return xmlParseDocument(context) == 0
    }
}

/// Lints a folder of real Xcode bundles and compares with libxml2's bare parse of their `contents`.
func benchmarkCorpus(_ folder: String, repeats: Int) {
    xmlInitParser()
    var files: [[UInt8]] = []
    var datas: [Data] = []
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let path = enumerator?.nextObject() as? String {
        if (path as NSString).lastPathComponent == "contents", let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(path)) {
            files.append([UInt8](data))
            datas.append(data)
        }
    }
    let bytes = files.reduce(0) { $0 + $1.count }
    var bareBest = Double.infinity
    var lintBest = Double.infinity
    var bareCPUBest = Double.infinity
    var lintCPUBest = Double.infinity
    var loadBest = Double.infinity
    var loadCPUBest = Double.infinity
    var readerBest = Double.infinity
    var summary = ""
    for _ in 0..<repeats {
        // schemalint's reader alone over the same bytes, one thread: parse and map to the model.
        readerBest = min(readerBest, time {
            for data in datas {
                do { _ = try XcodeModelReader.parse(data, file: "contents", model: "M") } catch {
                    print("the reader refuses a corpus file: \(error)")
                    exit(1)
                }
            }
        })
        // Loading alone (find, read, parse and map every version; all cores): the XML reader's share.
        let loadCPU = processorSeconds()
        loadBest = min(loadBest, time {
            let loaded = ModelLoader().load(paths: [folder])
            if let error = loaded.errors.first { print("the corpus does not load: \(error)"); exit(1) }
        })
        loadCPUBest = min(loadCPUBest, processorSeconds() - loadCPU)
        var cpu = processorSeconds()
        bareBest = min(bareBest, time {
            for file in files where !bareXMLParse(file) {
                print("libxml2 does not parse a corpus file")
                exit(1)
            }
        })
        bareCPUBest = min(bareCPUBest, processorSeconds() - cpu)
        // Until the report is made: `schemalint lint` exits then, without freeing the model
        // (LintCommand), so the clocks stop before this process frees it.
        var kept: LintPipeline.Output?
        cpu = processorSeconds()
        lintBest = min(lintBest, time {
            switch LintPipeline().run(.init(paths: [folder])) {
            case .success(let output):
                summary = TextReporter.summary(output.result)
                _ = TextReporter().render(output.result)
                kept = output
            case .failure(let problems):
                print(problems.description)
                exit(1)
            }
        })
        lintCPUBest = min(lintCPUBest, processorSeconds() - cpu)
        withExtendedLifetime(kept) {}
    }
    let mb = megabytes(bytes)
    print(String(format: "corpus: %d version files, %.1f MB of XML (%@)", files.count, mb, summary))
    print(String(format: "libxml2 bare SAX parse (one thread, no-op callbacks, from memory): %.3f s  %.1f MB/s", bareBest, mb / bareBest))
    print(String(format: "XcodeModelReader.parse over the same bytes (one thread): %.3f s  %.1f MB/s  (%.2fx the bare parse)", readerBest, mb / readerBest, readerBest / bareBest))
    print(String(format: "loading only (find, read, parse, map; all cores): %.3f s  %.1f MB/s  (%.2fx the bare parse)", loadBest, mb / loadBest, loadBest / bareBest))
    print(String(format: "full lint (all cores): %.3f s  %.1f MB/s  %.0f versions/s", lintBest, mb / lintBest, Double(files.count) / lintBest))
    print(String(format: "full lint / bare XML parse: %.2fx", lintBest / bareBest))
    print(String(format: "processor time (all threads), best runs: bare parse %.3f s, loading %.3f s (%.2fx), full lint %.3f s (%.2fx)",
                 bareCPUBest, loadCPUBest, loadCPUBest / bareCPUBest, lintCPUBest, lintCPUBest / bareCPUBest))
    print(String(format: "peak resident memory: %.0f MB", peakResidentMegabytes()))
}

/// Writes the generated history into `folder` (created if needed); returns each file's bytes.
@discardableResult
func writeHistory(_ history: SyntheticHistory, to folder: URL) throws -> [[UInt8]] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var files: [[UInt8]] = []
    for version in 1...history.versions {
        let bytes = Array(history.file(version: version).utf8)
        files.append(bytes)
        try Data(bytes).write(to: folder.appendingPathComponent(SyntheticHistory.fileName(version: version)))
    }
    return files
}

/// A full lint as `schemalint lint` does it: load, group, check, render.
func fullLint(_ folder: String, compatibility: Compatibility, checks: ((Double) -> Void)? = nil) -> Int {
    let loaded = ModelLoader().load(paths: [folder])
    if let error = loaded.errors.first { print("generated history does not load: \(error)"); exit(1) }
    let histories = try! ModelHistory.histories(of: loaded.versions)
    var result: LintResult?
    // The checks alone (diff, change/version/history rules, compatibility window), without loading.
    let seconds = time { result = Linter(options: LintOptions(compatibility: compatibility)).lint(histories) }
    checks?(seconds)
    _ = TextReporter().render(result!)
    return result!.findings.count
}

/// What one run of a child process cost: wall time, processor time (user and system) and its
/// own peak resident memory.
struct ChildRun {
    var wall: Double
    var processor: Double
    var peakResidentBytes: Int
}

/// This process's own peak resident memory. On Linux, `VmHWM` of /proc/self/status: `ru_maxrss` of a
/// process started with `posix_spawn` also counts the peak of the process that started it (the
/// kernel keeps the peak of the memory the process replaced at `exec`, here the parent's).
func ownPeakResidentBytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) }) {
        return kilobytes * 1024
    }
    return Int(peakResidentMegabytes() * 1_048_576)
}

/// Runs this benchmark again with `arguments`, in a process of its own (so that its peak resident
/// memory is the lint's, not the generator's or the bare parse's), and waits for it. The child
/// prints its own peak resident memory.
func runSelf(_ arguments: [String]) -> ChildRun {
    let program = CommandLine.arguments[0]
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let output = Pipe()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, output.fileHandleForWriting.fileDescriptor, 1)
    var pid = pid_t()
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { print("cannot run \(program)"); exit(1) }
    try? output.fileHandleForWriting.close()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0, let peak = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        print("the child lint failed (status \(status))")
        exit(1)
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let processor = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return ChildRun(wall: wall, processor: processor, peakResidentBytes: peak)
}

extension ChildRun {
    /// The least wall time, processor time and memory of two runs.
    func best(_ other: ChildRun) -> ChildRun {
        ChildRun(wall: min(wall, other.wall), processor: min(processor, other.processor), peakResidentBytes: min(peakResidentBytes, other.peakResidentBytes))
    }
    static let none = ChildRun(wall: .infinity, processor: .infinity, peakResidentBytes: .max)
}

/// A child lint of `folder` (`--lint-once`): a process of its own, so its peak memory is its own.
func childLint(_ folder: URL, compatibility: Compatibility) -> ChildRun {
    runSelf(["--lint-once", folder.path, "--compatibility", compatibility.description])
}

/// The best of `repeats` child lints of `folder`: the least wall time, processor time and memory of any run.
func bestChildLint(_ folder: URL, compatibility: Compatibility, repeats: Int) -> ChildRun {
    (0..<repeats).reduce(ChildRun.none) { best, _ in best.best(childLint(folder, compatibility: compatibility)) }
}

/// 200, 400 and 2,000 versions in every compatibility mode: time and memory against 200 versions
/// (the target: at most 2.1x and 10.5x).
func benchmarkGrowth(_ base: SyntheticHistory, repeats: Int, in folder: URL) throws {
    let sizes = [200, 400, 2_000]
    let modes: [Compatibility] = [.previous, .transitive, Compatibility(argument: "window:3")!]
    var folders: [Int: URL] = [:]
    var bytes: [Int: Int] = [:]
    for size in sizes {
        var history = base
        history.versions = size
        let files = try writeHistory(history, to: folder.appendingPathComponent("growth-\(size)"))
        folders[size] = folder.appendingPathComponent("growth-\(size)")
        bytes[size] = files.reduce(0) { $0 + $1.count }
        // Each version adds an attribute, so later versions are longer: the bytes grow faster than the versions.
        print(String(format: "%d versions: %.1f MB of YAML (%.2fx the bytes of %d versions)", size, megabytes(bytes[size]!),
                     Double(bytes[size]!) / Double(bytes[sizes[0]]!), sizes[0]))
    }
    for mode in modes {
        // The sizes take turns within each repetition, so that a change in the machine's load
        // during the run reaches every size alike instead of one size's repetitions.
        var runs = Dictionary(uniqueKeysWithValues: sizes.map { ($0, ChildRun.none) })
        // Each repetition's own ratios too: a run and the 200-version run next to it saw the same
        // machine, which the best of each, taken at different moments, need not have.
        var paired = Dictionary(uniqueKeysWithValues: sizes.map { ($0, (wall: [Double](), processor: [Double]())) })
        for _ in 0..<repeats {
            var cycle: [Int: ChildRun] = [:]
            for size in sizes {
                cycle[size] = childLint(folders[size]!, compatibility: mode)
                runs[size] = runs[size]!.best(cycle[size]!)
            }
            for size in sizes {
                paired[size]!.wall.append(cycle[size]!.wall / cycle[sizes[0]]!.wall)
                paired[size]!.processor.append(cycle[size]!.processor / cycle[sizes[0]]!.processor)
            }
        }
        let base = runs[sizes[0]]!
        for size in sizes {
            let run = runs[size]!
            print(String(format: "%@, %5d versions: wall %.3f s (%.2fx), processor %.3f s (%.2fx), peak memory %.0f MiB (%.2fx); median of the %d paired ratios: wall %.2fx, processor %.2fx",
                         mode.description, size, run.wall, run.wall / base.wall, run.processor, run.processor / base.processor,
                         megabytes(run.peakResidentBytes), Double(run.peakResidentBytes) / Double(base.peakResidentBytes),
                         repeats, median(paired[size]!.wall), median(paired[size]!.processor)))
        }
    }
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let options = Options(arguments: CommandLine.arguments)
if let folder = options.lintOnce {
    _ = fullLint(folder, compatibility: options.compatibility)
    print(ownPeakResidentBytes())
    exit(0)
}
if let corpus = options.corpus {
    benchmarkCorpus(corpus, repeats: options.repeats)
    exit(0)
}
if let path = options.writeFolder {
    try writeHistory(options.history, to: URL(fileURLWithPath: path))
    exit(0)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: folder) }
if options.growth {
    try benchmarkGrowth(options.history, repeats: options.repeats, in: folder)
    try? FileManager.default.removeItem(at: folder)
    exit(0)
}

let files = try writeHistory(options.history, to: folder)
let totalBytes = files.reduce(0) { $0 + $1.count }
print("history: \(options.history.versions) versions x \(options.history.entities) entities x \(options.history.attributes) attributes, \(String(format: "%.1f", megabytes(totalBytes))) MB of YAML, compatibility \(options.compatibility)\(options.history.churn ? ", churn" : "")")

var bareBest = Double.infinity
var bareCPUBest = Double.infinity
var lintBest = Double.infinity
var lintCPUBest = Double.infinity
var rulesBest = Double.infinity
var findings = 0
for _ in 0..<options.repeats {
    var cpu = processorSeconds()
    bareBest = min(bareBest, time { for file in files { _ = bareParse(file) } })
    bareCPUBest = min(bareCPUBest, processorSeconds() - cpu)
    cpu = processorSeconds()
    lintBest = min(lintBest, time {
        findings = fullLint(folder.path, compatibility: options.compatibility) { rulesBest = min(rulesBest, $0) }
    })
    lintCPUBest = min(lintCPUBest, processorSeconds() - cpu)
}
let mb = megabytes(totalBytes)
print(String(format: "libyaml bare parse (one thread): %.3f s  %.1f MB/s  (processor %.3f s)", bareBest, mb / bareBest, bareCPUBest))
print(String(format: "full lint (read, parse, decode, validate, diff, rules, report; all cores): %.3f s  %.1f MB/s  %.0f versions/s  (processor %.3f s; %d findings)", lintBest, mb / lintBest, Double(options.history.versions) / lintBest, lintCPUBest, findings))
print("checks only (diff, rules, compatibility \(options.compatibility)): " + String(format: "%.3f s  %.2f ms/version", rulesBest, rulesBest * 1000 / Double(options.history.versions)))
print(String(format: "full lint / bare parse: %.2fx wall, %.2fx processor time (target: 1.3x)", lintBest / bareBest, lintCPUBest / bareCPUBest))
let child = bestChildLint(folder, compatibility: options.compatibility, repeats: options.repeats)
let limit = 2 * totalBytes + 20 << 20
print(String(format: "peak resident memory of a full lint (a process of its own): %.0f MiB; 2x input + 20 MiB = %.0f MiB (%@)",
             megabytes(child.peakResidentBytes), megabytes(limit), child.peakResidentBytes <= limit ? "within" : String(format: "%.1fx over", Double(child.peakResidentBytes) / Double(limit))))

if options.productionSchema {
    // A large export in cktool's shape: what the reader costs per megabyte, against a bare pass that
    // only counts the lines of the same bytes.
    var export = "// synthetic export\nDEFINE SCHEMA\n"
    for type in 0..<1_000 {
        export += "\n    RECORD TYPE CD_Entity\(type) (\n"
        for field in 0..<250 { export += "        CD_field\(field) \(["STRING", "INT64", "DOUBLE", "TIMESTAMP", "BYTES"][field % 5]),\n" }
        export += "        \"___createTime\" TIMESTAMP,\n        \"___recordID\" REFERENCE QUERYABLE,\n"
        export += "        GRANT WRITE TO \"_creator\",\n        GRANT CREATE TO \"_icloud\",\n        GRANT READ TO \"_world\"\n    );\n"
    }
    let exportBytes = Array(export.utf8)
    var scanBest = Double.infinity
    var readBest = Double.infinity
    var fields = 0
    for _ in 0..<options.repeats {
        scanBest = min(scanBest, time { fields = exportBytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } })
        readBest = min(readBest, time {
            guard let schema = try? CloudKitSchemaReader.parse(bytes: exportBytes, file: "export.ckdb") else { print("the synthetic export does not read"); exit(1) }
            fields = schema.recordTypes.reduce(0) { $0 + $1.fields.count }
        })
    }
    let exportMB = megabytes(exportBytes.count)
    print(String(format: "CloudKit schema export: %.1f MB, %d fields", exportMB, fields))
    print(String(format: "bare line count: %.3f s  %.1f MB/s", scanBest, exportMB / scanBest))
    print(String(format: "CloudKitSchemaReader: %.3f s  %.1f MB/s  (%.1fx the line count)", readBest, exportMB / readBest, readBest / scanBest))

    // The history against the schema its newest version mirrors to.
    let loaded = ModelLoader().load(paths: [folder.path])
    let histories = try! ModelHistory.histories(of: loaded.versions)
    let newest = histories[0].versions.last!
    let mirrored = Array(CloudKitSchemaWriter().text(of: CloudKitMirror(newest)).utf8)
    let schema = try! CloudKitSchemaReader.parse(bytes: mirrored, file: "production.ckdb")
    var withBest = Double.infinity
    var withoutBest = Double.infinity
    for _ in 0..<options.repeats {
        withoutBest = min(withoutBest, time { _ = Linter(options: LintOptions(compatibility: options.compatibility)).lint(histories) })
        withBest = min(withBest, time { _ = Linter(options: LintOptions(compatibility: options.compatibility, productionSchemas: [newest.model: schema])).lint(histories) })
    }
    print(String(format: "checks without a production schema: %.3f s; with one (%.0f KB): %.3f s  (+%.1f%%)", withoutBest, Double(mirrored.count) / 1024, withBest, (withBest / withoutBest - 1) * 100))
}

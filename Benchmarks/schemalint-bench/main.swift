// schemalint-bench: generates a large model history and measures a full lint against
// libyaml's bare parse of the same bytes. Not a test: figures go to docs/performance.md.
//
//   swift run -c release schemalint-bench [--versions 200] [--entities 80] [--attributes 25] [--repeat 3]
//                                          [--compatibility previous|transitive|window:N] [--churn]
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

struct Options {
    var versions = 200
    var entities = 80
    var attributes = 25
    var repeats = 3
    var compatibility = Compatibility.previous
    var churn = false
    var corpus: String?
    var productionSchema = false

    init(arguments: [String]) {
        let usage = "usage: schemalint-bench [--versions N] [--entities N] [--attributes N] [--repeat N] [--compatibility MODE] [--churn] [--production-schema] | --corpus FOLDER"
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            if flag == "--churn" {
                churn = true
                continue
            }
            if flag == "--production-schema" {
                productionSchema = true
                continue
            }
            if flag == "--compatibility" {
                guard let mode = iterator.next().flatMap(Compatibility.init(argument:)) else { fatalError(usage) }
                compatibility = mode
                continue
            }
            if flag == "--corpus" {
                corpus = iterator.next()
                continue
            }
            guard let value = iterator.next().flatMap(Int.init), value > 0 else {
                fatalError(usage)
            }
            switch flag {
            case "--versions": versions = value
            case "--entities": entities = value
            case "--attributes": attributes = value
            case "--repeat": repeats = value
            default: fatalError("unknown option \(flag)")
            }
        }
    }
}

/// One version of a synthetic synced model: every entity has `attributes` attributes of mixed
/// types and a to-one/to-many pair with its neighbour; each version adds one attribute somewhere,
/// and every tenth version renames one and removes one, so the diff has work to do.
func modelFile(version: Int, options: Options) -> String {
    let types = ["string", "int16", "int32", "int64", "double", "boolean", "date", "binary", "uuid", "decimal"]
    var text = "model: Bench\nversion: \(version)\ncloudkit: true\nentities:\n"
    for entity in 0..<options.entities {
        let next = (entity + 1) % options.entities
        text += "  Entity\(entity):\n    attributes:\n"
        for attribute in 0..<options.attributes {
            let type = types[(entity + attribute) % types.count]
            if attribute % 3 == 0 {
                text += "      attribute\(attribute): {type: \(type), optional: false, default: \(type == "string" ? "\"\"" : type == "boolean" ? "false" : type == "date" ? "0" : type == "binary" ? "null" : type == "uuid" ? "\"00000000-0000-0000-0000-000000000000\"" : "0")}\n"
                    .replacingOccurrences(of: ", optional: false, default: null", with: "")
            } else {
                text += "      attribute\(attribute): \(type)\n"
            }
        }
        if options.churn {
            // Changed over time: the default of 'churn' in one entity per version, round-robin.
            let changes = version > entity ? (version - entity + options.entities - 1) / options.entities : 0
            text += "      churn: {type: int32, optional: false, default: \(changes)}\n"
        }
        // Added over time: one attribute per version, round-robin over the entities.
        for added in stride(from: entity, to: version, by: options.entities) {
            let renamed = added % 10 == 9 && version > added + 1
            text += "      added\(added)\(renamed ? "Renamed: {type: string, renamedFrom: added\(added)}" : ": string")\n"
        }
        text += "    relationships:\n"
        text += "      next: {destination: Entity\(next), inverse: previous}\n"
        text += "      previous: {destination: Entity\((entity + options.entities - 1) % options.entities), inverse: next, toMany: true}\n"
    }
    return text
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
        cpu = processorSeconds()
        defer { lintCPUBest = min(lintCPUBest, processorSeconds() - cpu) }
        lintBest = min(lintBest, time {
            switch LintPipeline().run(.init(paths: [folder])) {
            case .success(let output):
                summary = TextReporter.summary(output.result)
                _ = TextReporter().render(output.result)
            case .failure(let problems):
                print(problems.description)
                exit(1)
            }
        })
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

let options = Options(arguments: CommandLine.arguments)
if let corpus = options.corpus {
    benchmarkCorpus(corpus, repeats: options.repeats)
    exit(0)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

var totalBytes = 0
var files: [[UInt8]] = []
for version in 1...options.versions {
    let text = modelFile(version: version, options: options)
    let bytes = Array(text.utf8)
    totalBytes += bytes.count
    files.append(bytes)
    try Data(bytes).write(to: folder.appendingPathComponent("v\(version).yaml"))
}
print("history: \(options.versions) versions x \(options.entities) entities x \(options.attributes) attributes, \(String(format: "%.1f", megabytes(totalBytes))) MB of YAML, compatibility \(options.compatibility)\(options.churn ? ", churn" : "")")

var bareBest = Double.infinity
var lintBest = Double.infinity
var rulesBest = Double.infinity
var findings = 0
for _ in 0..<options.repeats {
    bareBest = min(bareBest, time { for file in files { _ = bareParse(file) } })
    lintBest = min(lintBest, time {
        let loaded = ModelLoader().load(paths: [folder.path])
        if let error = loaded.errors.first { print("generated history does not load: \(error)"); exit(1) }
        let histories = try! ModelHistory.histories(of: loaded.versions)
        var result: LintResult?
        // The checks alone (diff, change/version/history rules, compatibility window), without loading.
        rulesBest = min(rulesBest, time { result = Linter(options: LintOptions(compatibility: options.compatibility)).lint(histories) })
        findings = result!.findings.count
        _ = TextReporter().render(result!)
    })
}
let mb = megabytes(totalBytes)
print(String(format: "libyaml bare parse: %.3f s  %.1f MB/s", bareBest, mb / bareBest))
print(String(format: "full lint (read, parse, decode, validate, diff, rules, report): %.3f s  %.1f MB/s  %.0f versions/s  (%d findings)", lintBest, mb / lintBest, Double(options.versions) / lintBest, findings))
print("checks only (diff, rules, compatibility \(options.compatibility)): " + String(format: "%.3f s  %.2f ms/version", rulesBest, rulesBest * 1000 / Double(options.versions)))
print(String(format: "full lint / bare parse: %.2fx", lintBest / bareBest))
print(String(format: "peak resident memory: %.0f MB", peakResidentMegabytes()))

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

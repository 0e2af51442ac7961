import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintYAML

/// Findings recorded at one moment (`--write-baseline`), by stable identity (rule, model, element;
/// never line numbers), so that later runs report only what is new (`--baseline`).
///
/// The file is JSON with one entry per line, so a diff of it reads like a list and an entry that
/// no longer occurs can be pointed at by its line.
package struct Baseline: Sendable {
    package struct Entry: Hashable, Sendable {
        package var identity: String
        package var rule: String
        package var message: String
        /// Where the entry stands in the baseline file, when read from one.
        package var location: SourceLocation?
    }

    package static let formatVersion = 1
    package var entries: [Entry]

    package init(findings: [Finding]) {
        var seen: Set<String> = []
        let recorded = findings.flatMap { finding in
            finding.recordedIdentities.map { (identity: $0, finding: finding) }
        }
        entries = recorded.sorted { $0.identity < $1.identity }.compactMap { identity, finding in
            seen.insert(identity).inserted ? Entry(identity: identity, rule: finding.ruleID, message: finding.message) : nil
        }
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    package func rendered() -> String {
        var text = "{\n  \"formatVersion\": \(Self.formatVersion),\n  \"findings\": ["
        for (index, entry) in entries.enumerated() {
            let value: JSONValue = ["identity": .string(entry.identity), "rule": .string(entry.rule), "message": .string(entry.message)]
            text += (index == 0 ? "\n    " : ",\n    ") + value.rendered(.compact)
        }
        text += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// Reads a baseline file (JSON, read with the YAML parser, of which JSON is a subset).
    package static func load(file: String) throws(InputError) -> Baseline {
        try parse(bytes: try FileReader.bytes(of: file), file: file)
    }

    /// Reads a baseline from its bytes; `file` is used in locations and errors.
    package static func parse(bytes: [UInt8], file: String) throws(InputError) -> Baseline {
        let root = try YAMLParser().parse(bytes, file: file)
        let top = try MappingReader(root, subject: "the baseline")
        try top.rejectUnknownKeys(allowed: ["formatVersion", "findings"])
        let version = try ScalarReader.int(try top.required("formatVersion"), for: "'formatVersion' of the baseline")
        guard version == formatVersion else {
            throw InputError(at: root.location, "this baseline has format version \(version); this schemalint reads version \(formatVersion)")
        }
        let list = try top.required("findings")
        guard case .sequence(let items) = list.content else {
            throw InputError(at: list.location, "'findings' of the baseline must be a list")
        }
        var entries: [Entry] = []
        for item in items {
            let entry = try MappingReader(item, subject: "a baseline entry")
            try entry.rejectUnknownKeys(allowed: ["identity", "rule", "message"])
            entries.append(Entry(
                identity: try ScalarReader.string(try entry.required("identity"), for: "'identity' of a baseline entry"),
                rule: try entry.string("rule") ?? "",
                message: try entry.string("message") ?? "",
                location: item.location
            ))
        }
        return Baseline(entries: entries)
    }

    /// The findings not in the baseline, plus a note for each baseline entry that no longer occurs.
    package func apply(to findings: [Finding], file: String) -> [Finding] {
        let recorded = Set(entries.map(\.identity))
        let current = Set(findings.map(\.identity))
        var result = findings.filter { !recorded.contains($0.identity) }
        for entry in entries where !current.contains(entry.identity) {
            result.append(Finding(
                ruleID: RuleDescriptor.resolvedBaselineEntry.id, severity: .note,
                message: "'\(entry.identity)' is in the baseline but no longer occurs; remove the entry (or write the baseline again)",
                location: entry.location ?? SourceLocation(file: file, line: 1, column: 1),
                model: "", baseline: nil, version: "", path: nil,
                notes: entry.message.isEmpty ? [] : [Finding.Note("it was: \(entry.message)")]
            ))
        }
        return result
    }
}

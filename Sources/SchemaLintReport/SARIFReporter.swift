import SchemaLintCore
import SchemaLintRules

/// SARIF 2.1.0 (Static Analysis Results Interchange Format), for GitHub code scanning, Azure DevOps,
/// VS Code's SARIF viewer and other tools that import analysis results.
///
/// One run, shaped as GitHub code scanning consumes it; `tool.driver.rules` lists every rule that
/// reported, sorted by id (with `properties.precision` and `properties["problem.severity"]`), and
/// each result points into it with `ruleIndex`. `originalUriBaseIds["%SRCROOT%"]` is the folder
/// schemalint ran in; `invocations[0].executionSuccessful` is false when input errors stopped the run
/// (its results are then those errors, rule `input-error`). Per result:
/// - `message.text`: the message, then one line per note and suggestion; a note with a location links
///   its related location (`[text](id)`); `\`, `[` and `]` of the text are escaped, as SARIF asks;
/// - `locations`: the file as a normalized relative URI against `%SRCROOT%` (see ``ArtifactURI``),
///   the region (`startLine`, `startColumn`, and an end one character later: findings carry a
///   position, not an extent), and the element as a logical location (`Model/Entity.member`, kind
///   `member` or `type`; the model, kind `module`, for findings about a whole version);
/// - `relatedLocations`: the notes that have a location;
/// - `partialFingerprints`: `primaryLocationLineHash`, which is what code scanning matches alerts by
///   across commits, and `schemalintIdentity/v1`, both the finding's identity hash (see
///   ``Fingerprints``: rule, model and element, never a line), so an alert survives its lines moving;
/// - `properties`: `model`, `version`, `baseline` and `suggestions`.
///
/// Suggestions are not SARIF `fixes`: a fix must carry `artifactChanges` (exact replacements of
/// regions of the file), and suggestions are advice in prose.
///
/// Keys are in a fixed order; no timestamps are added, and the only absolute path is the source root.
package struct SARIFReporter: Reporter {
    /// Where SARIF consumers send users to learn about the tool.
    package static let defaultInformationURI = "https://github.com/schemalint/schemalint"

    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let fingerprintKey = "schemalintIdentity/v1"
    /// The key GitHub code scanning tracks alerts by (it computes one from the line when it is missing).
    static let gitHubFingerprintKey = "primaryLocationLineHash"
    /// How often a finding is right: the rules compare model versions exactly, with no heuristics
    /// beyond explicit renaming identifiers.
    static let precision = "very-high"

    /// schemalint's version, reported as `tool.driver.version`.
    package var toolVersion: String
    /// Reported as `tool.driver.informationUri`.
    package var informationURI: String
    /// The absolute path of the folder schemalint ran in (`%SRCROOT%`); nil leaves
    /// `originalUriBaseIds` out and absolute paths as `file://` URIs.
    package var sourceRoot: String?

    package init(toolVersion: String, informationURI: String = SARIFReporter.defaultInformationURI, sourceRoot: String? = nil) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.sourceRoot = sourceRoot
    }

    package func render(_ result: LintResult) -> String {
        let ruleIDs = Set(result.findings.map(\.ruleID)).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let fingerprints = Fingerprints.of(result.findings)
        let driver: JSONValue = [
            "name": "schemalint",
            "informationUri": .string(informationURI),
            "version": .string(toolVersion),
            "rules": .array(ruleIDs.map { id in
                Self.rule(id: id, descriptor: result.rules[id], page: result.rules[id]?.page)
            }),
        ]
        let properties: JSONValue = .object(omittingNils: [
            "notListed": result.shippedHistory.isEmpty ? nil : JSONReporter.notListed(result.shippedHistory),
            "skippedModelBundles": result.modelBundlesBuiltByNoTarget == 0 ? nil : .integer(result.modelBundlesBuiltByNoTarget),
            "inputWarnings": result.inputWarnings == 0 ? nil : .integer(result.inputWarnings),
        ])
        let run: JSONValue = .object(omittingNils: [
            "tool": ["driver": driver],
            // False when input errors stopped the run before any rule (its results are those errors).
            "invocations": [["executionSuccessful": .bool(!result.stoppedAtInput)]],
            "originalUriBaseIds": sourceRoot.map { root in
                [ArtifactURI.sourceRootBaseID: ["uri": .string(ArtifactURI.sourceRootURI(root))]]
            },
            "columnKind": "unicodeCodePoints",
            // Findings about steps that shipped, counted and not listed (`steps: coming`), as in
            // the JSON report's summary.
            // and what the run left out, as there.
            "properties": properties == .object([]) ? nil : properties,
            "results": .array(zip(result.findings, fingerprints).map { finding, fingerprint in
                Self.result(finding, ruleIndex: ruleIndex[finding.ruleID], fingerprint: fingerprint, sourceRoot: sourceRoot)
            }),
        ])
        let log: JSONValue = [
            "$schema": .string(Self.schemaURI),
            "version": "2.1.0",
            "runs": [run],
        ]
        return log.rendered() + "\n"
    }

    // MARK: Rules

    /// A `reportingDescriptor`: `id`, `name` (``upperCamelName(_:)``), `shortDescription` (the summary),
    /// `fullDescription` (``fullDescription(_:)``), `help` (the rule page, as both text and markdown;
    /// left out when there is none), `defaultConfiguration.level` (the higher of the synced and local
    /// severities) and `properties` (`category`, also as a tag, and both severities).
    ///
    /// A rule id with no descriptor in the result gets just `id` and `name`, so that every result's
    /// `ruleIndex` still points at its rule.
    static func rule(id: String, descriptor: RuleDescriptor?, page: String?) -> JSONValue {
        guard let descriptor else {
            return ["id": .string(id), "name": .string(upperCamelName(id))]
        }
        let level = [descriptor.syncedSeverity, descriptor.localSeverity].compactMap { $0 }.max()
        return .object(omittingNils: [
            "id": .string(id),
            "name": .string(upperCamelName(id)),
            "shortDescription": ["text": .string(descriptor.summary)],
            "fullDescription": ["text": .string(fullDescription(descriptor))],
            "help": page.map { ["text": .string($0), "markdown": .string($0)] },
            "defaultConfiguration": level.map { ["level": .string($0.sarifLevel)] },
            "properties": .object(omittingNils: [
                "category": .string(descriptor.category.rawValue),
                "tags": .strings([descriptor.category.rawValue]),
                "precision": .string(precision),
                "problem.severity": level.map { .string($0.gitHubProblemSeverity) },
                "syncedSeverity": descriptor.syncedSeverity.map { .string($0.rawValue) },
                "localSeverity": descriptor.localSeverity.map { .string($0.rawValue) },
            ]),
        ])
    }

    /// `attribute-removed` → `AttributeRemoved`.
    static func upperCamelName(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// The summary, then which stores the rule applies to and at which severity.
    static func fullDescription(_ descriptor: RuleDescriptor) -> String {
        var text = descriptor.summary
        if !text.hasSuffix(".") { text += "." }
        switch (descriptor.syncedSeverity, descriptor.localSeverity) {
        case let (synced?, local?) where synced == local:
            text += " Severity: \(synced)."
        case let (synced?, local?):
            text += " Severity: \(synced) when synced through CloudKit, \(local) for local-only stores."
        case let (synced?, nil):
            text += " Applies only to elements synced through CloudKit. Severity: \(synced)."
        case let (nil, local?):
            text += " Applies only to local-only stores. Severity: \(local)."
        case (nil, nil):
            break
        }
        return text
    }

    // MARK: Results

    /// A `result`; `ruleIndex` is nil only if the rule is missing from `tool.driver.rules`.
    static func result(_ finding: Finding, ruleIndex: Int?, fingerprint: String, sourceRoot: String? = nil) -> JSONValue {
        let related = finding.notes.compactMap { note in note.location.map { (note.message, $0) } }
        var location = physicalLocation(finding.location, sourceRoot: sourceRoot)
        location.append(.init("logicalLocations", [logicalLocation(finding)]))
        return .object(omittingNils: [
            "ruleId": .string(finding.ruleID),
            "ruleIndex": ruleIndex.map(JSONValue.integer),
            "level": .string(finding.severity.sarifLevel),
            "message": ["text": .string(messageText(finding))],
            "locations": [.object(location)],
            "relatedLocations": related.isEmpty ? nil : .array(related.enumerated().map { index, note in
                .object([.init("id", .integer(index))] + physicalLocation(note.1, sourceRoot: sourceRoot) + [
                    .init("message", ["text": .string(note.0)])
                ])
            }),
            "partialFingerprints": [gitHubFingerprintKey: .string(fingerprint), fingerprintKey: .string(fingerprint)],
            "properties": .object(omittingNils: [
                "model": .string(finding.model),
                "version": .string(finding.version),
                "baseline": finding.baseline.map(JSONValue.string),
                "suggestions": finding.suggestions.isEmpty ? nil : .strings(finding.suggestions),
            ]),
        ])
    }

    /// `message.text`: the message, then one line per note (`note: [text](id)` when the note has a
    /// location, the id of its related location, numbered in note order) and suggestion. SARIF reads
    /// `[` and `]` as link syntax, so the text's own `\`, `[` and `]` are escaped with a backslash.
    static func messageText(_ finding: Finding) -> String {
        var relatedID = 0
        var lines = [escapedMessageText(finding.message)]
        for note in finding.notes {
            if note.location != nil {
                lines.append("note: [\(escapedMessageText(note.message))](\(relatedID))")
                relatedID += 1
            } else {
                lines.append("note: " + escapedMessageText(note.message))
            }
        }
        lines += finding.suggestions.map { "suggestion: " + escapedMessageText($0) }
        return lines.joined(separator: "\n")
    }

    static func escapedMessageText(_ text: String) -> String {
        func needsEscape(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") }
        // Most messages have none of the three: they are returned as they are.
        guard text.utf8.contains(where: needsEscape) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if needsEscape(byte) { output.append(UInt8(ascii: "\\")) }
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The `physicalLocation` member of a `location`; the region ends one character after its start.
    /// Code scanning shows only results whose region has a `startLine`, so a problem with a whole
    /// file or folder (an input error with no line) is placed at line 1, without columns.
    static func physicalLocation(_ location: SourceLocation, sourceRoot: String? = nil) -> [JSONValue.Member] {
        let artifact = ArtifactURI(path: location.file, sourceRoot: sourceRoot)
        let line = max(1, location.line)
        let hasColumn = location.line >= 1 && location.column >= 1
        let region: JSONValue = .object(omittingNils: [
            "startLine": .integer(line),
            "startColumn": hasColumn ? .integer(location.column) : nil,
            "endLine": .integer(line),
            "endColumn": hasColumn ? .integer(location.column + 1) : nil,
        ])
        return [
            .init("physicalLocation", .object(omittingNils: [
                "artifactLocation": .object(omittingNils: [
                    "uri": .string(artifact.uri),
                    "uriBaseId": artifact.baseID.map(JSONValue.string),
                ]),
                "region": region,
            ]))
        ]
    }

    /// The element: `Model/Entity.member` (kind `member`), `Model/Entity` (kind `type`), or the model
    /// itself (kind `module`) for findings about a whole version.
    static func logicalLocation(_ finding: Finding) -> JSONValue {
        guard let path = finding.path else {
            return ["name": .string(finding.model), "fullyQualifiedName": .string(finding.model), "kind": "module"]
        }
        return [
            "name": .string(path.member ?? path.entity),
            "fullyQualifiedName": .string("\(finding.model)/\(path)"),
            "kind": path.member == nil ? "type" : "member",
        ]
    }
}

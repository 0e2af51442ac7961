/// SARIF 2.1.0 (Static Analysis Results Interchange Format), for GitHub code scanning, Azure DevOps,
/// VS Code's SARIF viewer and other tools that import analysis results.
///
/// One run; `tool.driver.rules` lists every rule that reported, sorted by id, and each result points
/// into it with `ruleIndex`. Per result:
/// - `message.text`: the message, then one line per note and suggestion (see ``FindingText``);
/// - `locations`: the file as a relative URI against `%SRCROOT%` (percent-encoded), start line and
///   column, and the element as a logical location (`Model/Entity.member`, kind `member` or `type`;
///   the model, kind `module`, for findings about a whole version);
/// - `relatedLocations`: the notes that have a location;
/// - `partialFingerprints["schemalintIdentity/v1"]`: see ``Fingerprints``;
/// - `properties`: `model`, `version`, `baseline` and `suggestions`.
///
/// Suggestions are not SARIF `fixes`: a fix must carry `artifactChanges` (exact replacements of
/// regions of the file), and suggestions are advice in prose.
///
/// Keys are in a fixed order; no timestamps, invocation details or absolute paths are added.
public struct SARIFReporter: Reporter {
    /// Where SARIF consumers send users to learn about the tool.
    public static let defaultInformationURI = "https://github.com/schemalint/schemalint"

    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let fingerprintKey = "schemalintIdentity/v1"

    /// schemalint's version, reported as `tool.driver.version`.
    public var toolVersion: String
    /// Reported as `tool.driver.informationUri`.
    public var informationURI: String

    public init(toolVersion: String, informationURI: String = SARIFReporter.defaultInformationURI) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
    }

    public func render(_ result: LintResult) -> String {
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
        let run: JSONValue = [
            "tool": ["driver": driver],
            // False when input errors stopped the run before any rule (its results are those errors).
            "invocations": [["executionSuccessful": .bool(!result.stoppedAtInput)]],
            "columnKind": "unicodeCodePoints",
            "results": .array(zip(result.findings, fingerprints).map { finding, fingerprint in
                Self.result(finding, ruleIndex: ruleIndex[finding.ruleID], fingerprint: fingerprint)
            }),
        ]
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
    static func result(_ finding: Finding, ruleIndex: Int?, fingerprint: String) -> JSONValue {
        let related = finding.notes.compactMap { note in note.location.map { (note.message, $0) } }
        var location = physicalLocation(finding.location)
        location.append(.init("logicalLocations", [logicalLocation(finding)]))
        return .object(omittingNils: [
            "ruleId": .string(finding.ruleID),
            "ruleIndex": ruleIndex.map(JSONValue.integer),
            "level": .string(finding.severity.sarifLevel),
            "message": ["text": .string(FindingText.detailed(finding))],
            "locations": [.object(location)],
            "relatedLocations": related.isEmpty ? nil : .array(related.enumerated().map { index, note in
                .object([.init("id", .integer(index))] + physicalLocation(note.1) + [
                    .init("message", ["text": .string(note.0)])
                ])
            }),
            "partialFingerprints": [fingerprintKey: .string(fingerprint)],
            "properties": .object(omittingNils: [
                "model": .string(finding.model),
                "version": .string(finding.version),
                "baseline": finding.baseline.map(JSONValue.string),
                "suggestions": finding.suggestions.isEmpty ? nil : .strings(finding.suggestions),
            ]),
        ])
    }

    /// The `physicalLocation` member of a `location`. Lines and columns below 1 (unknown) are left out,
    /// as SARIF requires them to be at least 1.
    static func physicalLocation(_ location: SourceLocation) -> [JSONValue.Member] {
        let artifact = ArtifactURI(path: location.file)
        let region: JSONValue? = location.line >= 1
            ? .object(omittingNils: [
                "startLine": .integer(location.line),
                "startColumn": location.column >= 1 ? .integer(location.column) : nil,
            ])
            : nil
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

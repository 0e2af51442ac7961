import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintYAML

/// Finds and reads `.schemalint.yml`. Unknown keys and values are errors at their line, with "did you mean".
package enum ConfigurationLoader {
    package static let fileName = ".schemalint.yml"
    static let keys = ["cloudkit", "compatibility", "steps", "history", "fail-on", "rules", "exclude", "include", "bundles", "ignore", "baseline", "migrations", "mappingModels", "productionSchema"]
    static let bundleKeys = ["order", "drafts", "cloudkit", "syncedSince"]
    static let historyKeys = ["from", "tags"]
    static let ignoreKeys = ["rule", "model", "element", "reason", "until"]
    static let migrationKeys = ["model", "from", "to", "how", "reason"]

    /// The configuration that applies to `path`: the nearest `.schemalint.yml` in its folder or above.
    package static func discover(from path: String, knownRules: Set<String>) throws(InputError) -> ProjectConfiguration {
        var folder = PathResolution.canonical(path)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
            folder = PathResolution.parent(of: folder)
        }
        while true {
            let candidate = (folder as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate) {
                return try load(file: displayPath(candidate), knownRules: knownRules)
            }
            let parent = PathResolution.parent(of: folder)
            if parent == folder || parent.isEmpty { return ProjectConfiguration() }
            folder = parent
        }
    }

    /// Reads one configuration file.
    package static func load(file: String, knownRules: Set<String>) throws(InputError) -> ProjectConfiguration {
        try parse(bytes: try FileReader.bytes(of: file), file: file, knownRules: knownRules)
    }

    /// Reads a configuration from its bytes; `file` is used in locations and errors and gives the
    /// folder that relative paths (`baseline`) are resolved against.
    package static func parse(bytes: [UInt8], file: String, knownRules: Set<String>) throws(InputError) -> ProjectConfiguration {
        var configuration = ProjectConfiguration(file: file, directory: PathResolution.parent(of: file).isEmpty ? "." : PathResolution.parent(of: file))
        let root: YAMLNode
        do throws(InputError) {
            root = try YAMLParser().parse(bytes, file: file)
        } catch where error.message == "the file is empty" {
            return configuration
        }
        if root.isNull { return configuration }
        for (name, key, value) in try MappingReader.entries(of: root, subject: "the configuration") {
            switch name {
            case "cloudkit":
                configuration.cloudKit = try ScalarReader.bool(value, for: "'cloudkit'")
            case "compatibility":
                let text = try ScalarReader.string(value, for: "'compatibility'")
                guard let compatibility = Compatibility(argument: text) else {
                    throw InputError(at: value.location, "'compatibility' must be previous, transitive or window:N (N a whole number from 1), found '\(text)'" + Spelling.didYouMean(text, among: ["previous", "transitive"]))
                }
                configuration.compatibility = compatibility
            case "steps":
                let text = try ScalarReader.string(value, for: "'steps'")
                guard let steps = StepScope(rawValue: text) else {
                    throw InputError(at: value.location, "'steps' must be coming or all, found '\(text)'" + Spelling.didYouMean(text, among: StepScope.allCases.map(\.rawValue)))
                }
                configuration.steps = steps
            case "history":
                configuration.history = try history(value)
            case "fail-on":
                let text = try ScalarReader.string(value, for: "'fail-on'")
                guard let severity = Severity(rawValue: text), severity != .note else {
                    throw InputError(at: value.location, "'fail-on' must be error or warning, found '\(text)'" + Spelling.didYouMean(text, among: ["error", "warning"]))
                }
                configuration.failOn = severity
            case "rules":
                for (rule, ruleKey, setting) in try MappingReader.entries(of: value, subject: "'rules'") {
                    guard knownRules.contains(rule) else {
                        throw InputError(at: ruleKey.location, "unknown rule '\(rule)'" + Spelling.didYouMean(rule, among: knownRules.sorted()))
                    }
                    configuration.rules[rule] = try ruleSetting(setting, rule: rule)
                }
            case "baseline":
                configuration.baseline = PathResolution.resolve(try ScalarReader.string(value, for: "'baseline'"), against: configuration.directory)
            case "exclude":
                configuration.exclude = try ScalarReader.stringList(value, for: "'exclude'").map(\.0)
            case "include":
                configuration.include = try ScalarReader.stringList(value, for: "'include'").map(\.0)
            case "bundles":
                for (path, pathKey, settings) in try MappingReader.entries(of: value, subject: "'bundles'") {
                    configuration.bundles.append(try bundle(path, key: pathKey, value: settings))
                }
            case "migrations":
                guard case .sequence(let items) = value.content else {
                    throw InputError(at: value.location, "'migrations' must be a list of entries with from, to, how and reason")
                }
                for item in items { configuration.migrations.append(try migration(item)) }
            case "mappingModels":
                configuration.mappingModels = try ScalarReader.stringList(value, for: "'mappingModels'").map {
                    PathResolution.resolve($0.0, against: configuration.directory)
                }
            case "productionSchema":
                configuration.productionSchemas = try productionSchemas(value, directory: configuration.directory)
            case "ignore":
                guard case .sequence(let items) = value.content else {
                    throw InputError(at: value.location, "'ignore' must be a list of entries with rule, model, element and reason")
                }
                for item in items { configuration.ignores.append(try ignore(item, knownRules: knownRules)) }
            default:
                throw InputError(at: key.location, "unknown key '\(name)' in the configuration" + Spelling.didYouMean(name, among: keys))
            }
        }
        return configuration
    }

    /// `productionSchema: path` for every model, or `productionSchema: {Model: path, ...}` per model.
    private static func productionSchemas(_ node: YAMLNode, directory: String) throws(InputError) -> [ProjectConfiguration.ProductionSchemaSetting] {
        if case .mapping = node.content {
            var settings: [ProjectConfiguration.ProductionSchemaSetting] = []
            for (model, key, path) in try MappingReader.entries(of: node, subject: "'productionSchema'") {
                let text = try ScalarReader.string(path, for: "the production schema of model '\(model)'")
                settings.append(.init(model: model, path: displayPath(PathResolution.resolve(text, against: directory)), location: key.location))
            }
            return settings
        }
        guard node.scalar != nil, !node.isNull else {
            throw InputError(at: node.location, "'productionSchema' must be the path of a file cktool export-schema wrote, or a mapping from model name to such a path, found \(node.kindDescription)")
        }
        let text = try ScalarReader.string(node, for: "'productionSchema'")
        return [.init(path: displayPath(PathResolution.resolve(text, against: directory)), location: node.location)]
    }

    /// `history: git` (or `files`), or `history: {from: git, tags: "release-*"}`.
    private static func history(_ node: YAMLNode) throws(InputError) -> HistorySource {
        func source(_ node: YAMLNode) throws(InputError) -> HistorySource {
            let text = try ScalarReader.string(node, for: "'history'")
            guard let source = HistorySource(argument: text) else {
                throw InputError(at: node.location, "'history' must be files or git, found '\(text)'" + Spelling.didYouMean(text, among: HistorySource.names))
            }
            return source
        }
        guard case .mapping = node.content else { return try source(node) }
        let reader = try MappingReader(node, subject: "'history'")
        try reader.rejectUnknownKeys(allowed: historyKeys)
        let from = try reader.value("from").map(source) ?? .gitTags(pattern: HistorySource.defaultTagPattern)
        guard let tags = try reader.string("tags") else { return from }
        guard case .gitTags = from else {
            throw InputError(at: reader.keyLocation("tags") ?? node.location, "'tags' of 'history' picks release tags, which only `from: git` reads")
        }
        guard tags.contains(where: { $0 != " " }) else { throw InputError(at: reader.keyLocation("tags") ?? node.location, "'tags' of 'history' must be a tag pattern such as \"v*\" (globs separated by spaces), found an empty string") }
        return .gitTags(pattern: tags)
    }

    private static func ruleSetting(_ node: YAMLNode, rule: String) throws(InputError) -> ProjectConfiguration.RuleSetting {
        let text = try ScalarReader.string(node, for: "the setting of rule '\(rule)'")
        if text == "off" || text == "false" { return .off }
        guard let severity = Severity(rawValue: text) else {
            throw InputError(at: node.location, "the setting of rule '\(rule)' must be off, error, warning or note, found '\(text)'" + Spelling.didYouMean(text, among: ["off", "error", "warning", "note"]))
        }
        return .severity(severity)
    }

    private static func bundle(_ path: String, key: YAMLNode, value: YAMLNode) throws(InputError) -> ProjectConfiguration.BundleSettings {
        var settings = ProjectConfiguration.BundleSettings(path: path, location: key.location)
        for (name, settingKey, setting) in try MappingReader.entries(of: value, subject: "the settings of bundle '\(path)'") {
            switch name {
            case "order": settings.order = try ScalarReader.stringList(setting, for: "'order' of bundle '\(path)'").map(\.0)
            case "drafts": settings.drafts = Set(try ScalarReader.stringList(setting, for: "'drafts' of bundle '\(path)'").map(\.0))
            case "cloudkit": settings.cloudKit = try ScalarReader.bool(setting, for: "'cloudkit' of bundle '\(path)'")
            case "syncedSince":
                settings.syncedSince = try ScalarReader.string(setting, for: "'syncedSince' of bundle '\(path)'")
                settings.syncedSinceLocation = setting.location
            default:
                throw InputError(at: settingKey.location, "unknown key '\(name)' in the settings of bundle '\(path)'" + Spelling.didYouMean(name, among: bundleKeys))
            }
        }
        return settings
    }

    private static func migration(_ node: YAMLNode) throws(InputError) -> ProjectConfiguration.DeclaredMigration {
        let map = try MappingReader(node, subject: "a 'migrations' entry")
        try map.rejectUnknownKeys(allowed: migrationKeys)
        let from = try ScalarReader.string(try map.required("from"), for: "'from' of a 'migrations' entry")
        let to = try ScalarReader.string(try map.required("to"), for: "'to' of a 'migrations' entry")
        let howNode = try map.required("how")
        let howText = try ScalarReader.string(howNode, for: "'how' of a 'migrations' entry")
        let hows = ProjectConfiguration.DeclaredMigration.How.allCases.map(\.rawValue)
        guard let how = ProjectConfiguration.DeclaredMigration.How(rawValue: howText) else {
            throw InputError(at: howNode.location, "'how' of a 'migrations' entry must be custom or staged, found '\(howText)'" + Spelling.didYouMean(howText, among: hows))
        }
        let reasonNode = try map.required("reason")
        let reason = try ScalarReader.string(reasonNode, for: "'reason' of a 'migrations' entry")
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw InputError(at: reasonNode.location, "a 'migrations' entry needs a reason: where the migration code is and what it does")
        }
        return ProjectConfiguration.DeclaredMigration(
            model: try map.string("model"), from: from, to: to, how: how, reason: reason, location: node.location
        )
    }

    private static func ignore(_ node: YAMLNode, knownRules: Set<String>) throws(InputError) -> ProjectConfiguration.Ignore {
        let map = try MappingReader(node, subject: "an 'ignore' entry")
        try map.rejectUnknownKeys(allowed: ignoreKeys)
        let ruleNode = try map.required("rule")
        let rule = try ScalarReader.string(ruleNode, for: "'rule' of an 'ignore' entry")
        guard knownRules.contains(rule) else {
            throw InputError(at: ruleNode.location, "unknown rule '\(rule)'" + Spelling.didYouMean(rule, among: knownRules.sorted()))
        }
        let reasonNode = try map.required("reason")
        let reason = try ScalarReader.string(reasonNode, for: "'reason' of an 'ignore' entry")
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw InputError(at: reasonNode.location, "an 'ignore' entry needs a reason")
        }
        var until: String?
        if let untilNode = map.value("until") {
            let text = try ScalarReader.string(untilNode, for: "'until' of an 'ignore' entry")
            guard CalendarDay(text) != nil else {
                throw InputError(at: untilNode.location, "'until' must be a date written YYYY-MM-DD, found '\(text)'")
            }
            until = text
        }
        return ProjectConfiguration.Ignore(
            rule: rule, model: try map.string("model"), element: try map.string("element"),
            reason: reason, until: until, location: node.location
        )
    }

    /// A path for messages: relative to the current folder when inside it.
    static func displayPath(_ path: String) -> String {
        PathResolution.relative(path, to: FileManager.default.currentDirectoryPath)
    }
}

/// A calendar day `YYYY-MM-DD`, compared as text once validated.
struct CalendarDay: Comparable {
    let text: String

    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil,
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.text = text
    }

    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.text < rhs.text }

    /// Today in UTC.
    static func today(_ date: Date = Date()) -> CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDay(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!))!
    }
}

import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// The project's settings, from `.schemalint.yml` (see docs/configuration.md).
package struct ProjectConfiguration: Sendable {
    /// How a rule is configured: turned off, or reported at a fixed severity.
    package enum RuleSetting: Hashable, Sendable {
        case off
        case severity(Severity)
    }

    /// Settings for one Xcode model bundle.
    package struct BundleSettings: Hashable, Sendable {
        /// The bundle's path, relative to the configuration file's folder (or absolute).
        package var path: String
        /// Version names, oldest first, when neither git nor the names tell the order.
        package var order: [String]?
        /// Version names that no user has yet; nil when not given (then the versions after the
        /// bundle's current version are drafts).
        package var drafts: Set<String>?
        /// The bundle's model is synced with CloudKit, though the XML does not say so.
        package var cloudKit: Bool?
        /// The first version whose stores synced with CloudKit: the versions before it shipped
        /// while the app was local, and are checked as local stores.
        package var syncedSince: String?
        /// Where `syncedSince` is written.
        package var syncedSinceLocation: SourceLocation?
        package var location: SourceLocation?

        package init(path: String, order: [String]? = nil, drafts: Set<String>? = nil, cloudKit: Bool? = nil, location: SourceLocation? = nil) {
            self.path = path
            self.order = order
            self.drafts = drafts
            self.cloudKit = cloudKit
            self.location = location
        }
    }

    /// A finding accepted on purpose: rule, model and element, with the reason and an optional end date.
    package struct Ignore: Hashable, Sendable {
        package var rule: String
        package var model: String?
        package var element: String?
        package var reason: String
        /// `YYYY-MM-DD`; from that day on the entry no longer applies (and a warning says so).
        package var until: String?
        package var location: SourceLocation?

        package init(rule: String, model: String? = nil, element: String? = nil, reason: String, until: String? = nil, location: SourceLocation? = nil) {
            self.rule = rule
            self.model = model
            self.element = element
            self.reason = reason
            self.until = until
            self.location = location
        }

        package func matches(_ finding: Finding) -> Bool {
            finding.ruleID == rule
                && (model == nil || model == finding.model)
                && (element == nil || element == finding.path?.description)
        }
    }

    /// A step of a local store's history migrated by the app's own code (`migrations:`), which
    /// schemalint cannot see in the model files.
    package struct DeclaredMigration: Hashable, Sendable {
        package enum How: String, Hashable, Sendable, CaseIterable {
            case custom
            case staged
        }

        /// The model's name; nil when the project has one model.
        package var model: String?
        package var from: String
        package var to: String
        package var how: How
        package var reason: String
        package var location: SourceLocation?

        package init(model: String? = nil, from: String, to: String, how: How, reason: String, location: SourceLocation? = nil) {
            self.model = model
            self.from = from
            self.to = to
            self.how = how
            self.reason = reason
            self.location = location
        }
    }

    /// The CloudKit production schema (`productionSchema:`, a file `cktool export-schema` wrote) that
    /// synced versions are checked against: for every model, or for one model by name.
    package struct ProductionSchemaSetting: Hashable, Sendable {
        /// The model's name; nil: every model.
        package var model: String?
        /// Resolved against the configuration's folder.
        package var path: String
        package var location: SourceLocation?

        package init(model: String? = nil, path: String, location: SourceLocation? = nil) {
            self.model = model
            self.path = path
            self.location = location
        }
    }

    /// The configuration file this was read from; nil for the defaults.
    package var file: String?
    /// The folder that relative paths in the file are resolved against.
    package var directory: String
    /// Whether models that do not say (Xcode bundles, YAML files without `cloudkit:`) are synced.
    package var cloudKit: Bool?
    /// Which releases each version is checked against.
    package var compatibility: Compatibility?
    /// Which steps of each history are listed (`steps:`); nil: the steps a coming release takes.
    package var steps: StepScope?
    /// Where the released versions of models not versioned in their files come from (`history:`).
    package var history: HistorySource?
    /// The least severity that fails the run (exit 1).
    package var failOn: Severity
    package var rules: [String: RuleSetting]
    /// Globs of paths not to lint, relative to `directory`.
    package var exclude: [String]
    /// Globs of paths the walk reads although it would leave them out (build folders, what git
    /// ignores, YAML without the model key), relative to `directory`.
    package var include: [String] = []
    package var bundles: [BundleSettings]
    package var ignores: [Ignore]
    /// The baseline file (`--baseline` overrides it), resolved against `directory`.
    package var baseline: String?
    /// Steps migrated by the app's own code (`migrations:`).
    package var migrations: [DeclaredMigration] = []
    /// Mapping models (`.xcmappingmodel` folders, or folders holding them) outside the paths
    /// linted (`mappingModels:`), resolved against `directory`.
    package var mappingModels: [String] = []
    /// Production schemas to check synced versions against (`productionSchema:`).
    package var productionSchemas: [ProductionSchemaSetting] = []

    package init(
        file: String? = nil, directory: String = ".", cloudKit: Bool? = nil, compatibility: Compatibility? = nil,
        failOn: Severity = .error, rules: [String: RuleSetting] = [:], exclude: [String] = [],
        bundles: [BundleSettings] = [], ignores: [Ignore] = []
    ) {
        self.file = file
        self.directory = directory
        self.cloudKit = cloudKit
        self.compatibility = compatibility
        self.failOn = failOn
        self.rules = rules
        self.exclude = exclude
        self.bundles = bundles
        self.ignores = ignores
    }

    /// The production schema file for `model`: the one named for it, else the one for every model.
    package func productionSchema(forModel model: String) -> ProductionSchemaSetting? {
        productionSchemas.first { $0.model == model } ?? productionSchemas.first { $0.model == nil }
    }

    /// The settings for the bundle at `path` (as found on the command line), if the file names it.
    package func settings(forBundle path: String) -> BundleSettings? {
        let target = PathResolution.canonical(path)
        return bundles.first { PathResolution.canonical(PathResolution.resolve($0.path, against: directory)) == target }
    }
}

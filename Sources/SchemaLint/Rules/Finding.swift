/// One problem the linter reports: a rule, where, why, and what to do instead.
public struct Finding: Hashable, Sendable {
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation?
        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var model: String
    /// The label of the older version compared (nil for checks of a single version).
    public var baseline: String?
    /// The label of the version the finding is reported in.
    public var version: String
    /// The element the finding is about; nil for findings about a whole version.
    public var path: ElementPath?
    /// Context: where the older element was declared, what else looks related.
    public var notes: [Note]
    /// What to do instead, in the user's own names.
    public var suggestions: [String]

    public init(
        ruleID: String, severity: Severity, message: String, location: SourceLocation, model: String,
        baseline: String?, version: String, path: ElementPath?,
        notes: [Note] = [], suggestions: [String] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.model = model
        self.baseline = baseline
        self.version = version
        self.path = path
        self.notes = notes
        self.suggestions = suggestions
    }

    /// Stable identity for baselines and fingerprints: rule, model and element path; never line numbers.
    public var identity: String {
        "\(ruleID):\(model):\(path?.description ?? "version \(version)")"
    }

    /// The order reports use: by file, position, then rule, so output is the same bytes every run.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}

import SchemaLintCore

/// One problem the linter reports: a rule, where, why, and what to do instead.
public struct Finding: Hashable, Sendable {
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation?
        package init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// The finding's properties, out of line: findings are copied as they are gathered, merged,
    /// sorted and reported, and a copy then retains one reference instead of each string.
    private var stored: OutOfLine<Stored>

    private struct Stored: Hashable, Sendable {
        var ruleID: String
        var severity: Severity
        var message: String
        var location: SourceLocation
        var model: String
        var baseline: String?
        var version: String
        var path: ElementPath?
        var notes: [Note]
        var suggestions: [String]
        var needsAStoredObjectWithoutAValue = false
        var memberIdentities: [String] = []
        var gathering: Gathering?
    }

    public var ruleID: String {
        get { stored.value.ruleID }
        _modify { yield &stored.value.ruleID }
    }
    public var severity: Severity {
        get { stored.value.severity }
        _modify { yield &stored.value.severity }
    }
    public var message: String {
        get { stored.value.message }
        _modify { yield &stored.value.message }
    }
    public var location: SourceLocation {
        get { stored.value.location }
        _modify { yield &stored.value.location }
    }
    public var model: String {
        get { stored.value.model }
        _modify { yield &stored.value.model }
    }
    /// The label of the older version compared (nil for checks of a single version).
    public var baseline: String? {
        get { stored.value.baseline }
        _modify { yield &stored.value.baseline }
    }
    /// The label of the version the finding is reported in.
    public var version: String {
        get { stored.value.version }
        _modify { yield &stored.value.version }
    }
    /// The element the finding is about; nil for findings about a whole version.
    package var path: ElementPath? {
        get { stored.value.path }
        _modify { yield &stored.value.path }
    }
    /// Context: where the older element was declared, what else looks related.
    public var notes: [Note] {
        get { stored.value.notes }
        _modify { yield &stored.value.notes }
    }
    /// What to do instead, in the user's own names.
    public var suggestions: [String] {
        get { stored.value.suggestions }
        _modify { yield &stored.value.suggestions }
    }
    /// The migration this finding blocks fails only on a store holding an object with no value
    /// for what became required: a store whose objects all have one (an app that always sets it)
    /// migrates. Findings that quote this one say so, not that every store fails.
    package var needsAStoredObjectWithoutAValue: Bool {
        get { stored.value.needsAStoredObjectWithoutAValue }
        _modify { yield &stored.value.needsAStoredObjectWithoutAValue }
    }

    /// The identities of the findings this one says together (one per attribute of an entity
    /// whose problems are one finding), each recorded on its own by a baseline, which is applied
    /// before they are merged; empty for a finding about one element.
    package var memberIdentities: [String] {
        get { stored.value.memberIdentities }
        _modify { yield &stored.value.memberIdentities }
    }

    /// How this finding joins the others of its rule, model and version that say one change with
    /// it: set by the rule that makes it, read by `OneChangeOneFinding` once suppressions and the
    /// baseline weighed each finding alone; nil for a finding that stays on its own.
    package var gathering: Gathering? {
        get { stored.value.gathering }
        _modify { yield &stored.value.gathering }
    }

    /// What a finding brings to the one it is gathered into.
    package struct Gathering: Hashable, Sendable {
        /// Findings of one rule, model and version with equal keys become one.
        package var key: String
        /// What the gathered finding lists for this one.
        package var item: String
        /// The note the gathered finding keeps at this one's place.
        package var note: String
        /// The gathered message reads "<count> <problem>: <items>; <consequence>".
        package var problem: String
        package var consequence: String

        package init(key: String, item: String, note: String, problem: String, consequence: String) {
            self.key = key
            self.item = item
            self.note = note
            self.problem = problem
            self.consequence = consequence
        }
    }

    package init(
        ruleID: String, severity: Severity, message: String, location: SourceLocation, model: String,
        baseline: String?, version: String, path: ElementPath?,
        notes: [Note] = [], suggestions: [String] = []
    ) {
        stored = OutOfLine(Stored(
            ruleID: ruleID, severity: severity, message: message, location: location, model: model,
            baseline: baseline, version: version, path: path, notes: notes, suggestions: suggestions
        ))
    }

    /// Stable identity for baselines and fingerprints: rule, model and element path; never line numbers.
    public var identity: String {
        "\(ruleID):\(model):\(path?.description ?? "version \(version)")"
    }

    /// The identities a baseline records and `--against` compares: the members' where this
    /// finding says several together, else its own.
    package var recordedIdentities: [String] {
        memberIdentities.isEmpty ? [identity] : memberIdentities
    }

    /// The order reports use: by file, position, then rule, so output is the same bytes every run.
    /// Files are in natural order, as people number versions: `Model 9` before `Model 10`, `v2`
    /// before `v10`.
    package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.location.file != rhs.location.file { return NaturalOrder.precedes(lhs.location.file, rhs.location.file) }
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}

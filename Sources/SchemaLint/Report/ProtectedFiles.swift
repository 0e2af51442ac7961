/// The files no report may replace: the inputs of the run (model files, the configuration, the lock,
/// the baseline). Report files are outputs the user asked for and are replaced; these are the user's own.
public struct ProtectedFiles: Sendable {
    private let canonicalPaths: Set<String>

    public init(_ files: [String]) {
        canonicalPaths = Set(files.map(PathResolution.canonical))
    }

    /// The refusal to write a report to `file`, or nil when it may be written.
    public func refusal(toReplace file: String) -> InputError? {
        guard canonicalPaths.contains(PathResolution.canonical(file)) else { return nil }
        return InputError(file: file, message: "is an input of this run (a model, configuration, lock or baseline file); a report never replaces it")
    }
}

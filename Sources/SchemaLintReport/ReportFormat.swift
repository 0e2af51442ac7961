import SchemaLintCore
import SchemaLintRules

/// The output formats, by the name `--format` and `--report` take.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, gitlab, junit, checkstyle, markdown

    /// The reporter for this format. `color` applies to text only, `context` to JUnit and SARIF.
    public func reporter(color: Bool = false, context: RunContext = .fixed) -> any Reporter {
        switch self {
        case .text: TextReporter(color: color)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(toolVersion: SchemaLintVersion.current, sourceRoot: context.sourceRoot)
        case .github: GitHubReporter()
        case .gitlab: GitLabReporter()
        case .junit: JUnitReporter(context: context)
        case .checkstyle: CheckstyleReporter()
        case .markdown: MarkdownReporter()
        }
    }

    /// One more report of a run: `FORMAT` (to standard output) or `FORMAT=FILE`.
    package struct Request: Hashable, Sendable {
        package var format: ReportFormat
        /// Nil: standard output.
        package var file: String?

        package init(format: ReportFormat, file: String? = nil) {
            self.format = format
            self.file = file
        }

        /// Parses `sarif=out.sarif` or `github`; nil with a message when the format is unknown.
        package static func parse(_ text: String) -> Result<Request, ReportFormatError> {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let format = ReportFormat(rawValue: name) else {
                return .failure(ReportFormatError(message: "unknown report format '\(name)'; use one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))" + Spelling.didYouMean(name, among: ReportFormat.allCases.map(\.rawValue))))
            }
            if parts.count == 2 {
                guard !parts[1].isEmpty else { return .failure(ReportFormatError(message: "'\(text)' names no file after '='")) }
                return .success(Request(format: format, file: String(parts[1])))
            }
            return .success(Request(format: format))
        }
    }
}

package struct ReportFormatError: Error, Sendable {
    package var message: String
}

/// The version of schemalint, as `--version` and SARIF's `tool.driver.version` show it.
package enum SchemaLintVersion {
    package static let current = "0.1.0"
}

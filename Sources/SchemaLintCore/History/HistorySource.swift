/// Where the released versions of a model come from.
package enum HistorySource: Hashable, Sendable, CustomStringConvertible {
    /// The model's own files: YAML versions, a bundle's version folders (the default).
    case files
    /// For a model not versioned in its files (one version), the release tags of its git
    /// repository whose names match the pattern (`--history git`, `history: git`).
    case gitTags(pattern: String)

    /// The tags taken as releases unless the configuration says otherwise: `v1.2` and bare
    /// version numbers (`1.8.5`, `2024.3`), the two ways apps name their release tags. A pattern
    /// is one or more globs separated by spaces (a tag name has no spaces).
    package static let defaultTagPattern = "v* [0-9]*.*"

    /// The names `--history` and `history:` take.
    package static let names = ["files", "git"]

    /// `files`, or `git` (with the default pattern); nil otherwise.
    package init?(argument: String) {
        switch argument {
        case "files": self = .files
        case "git": self = .gitTags(pattern: Self.defaultTagPattern)
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case .files: "files"
        case .gitTags: "git"
        }
    }

    /// The source of a run: the one `requested` on the command line (a tag pattern alone there
    /// asks for git), else the `configured` one, else the files. Git's tag pattern is the command
    /// line's, else the configuration's, else `v*`.
    package static func resolve(requested: HistorySource?, tags: String?, configured: HistorySource?) -> HistorySource {
        let configuredPattern: String? = if case .gitTags(let pattern) = configured { pattern } else { nil }
        switch requested ?? (tags.map { .gitTags(pattern: $0) } ?? configured) ?? .files {
        case .files: return .files
        case .gitTags: return .gitTags(pattern: tags ?? configuredPattern ?? defaultTagPattern)
        }
    }
}

/// What `--history git` found for one model: the tags that matched, and those the model was in.
package struct GitReleaseReading: Hashable, Sendable {
    /// The tag pattern (`v*`).
    package var pattern: String
    /// The revision whose history the tags were taken from (`HEAD`).
    package var revision: String
    /// Every tag that matched, oldest release first.
    package var matchingTags: [String]
    /// The tags at which the model was found: its releases, oldest first.
    package var releases: [String]

    package init(pattern: String, revision: String, matchingTags: [String], releases: [String]) {
        self.pattern = pattern
        self.revision = revision
        self.matchingTags = matchingTags
        self.releases = releases
    }
}

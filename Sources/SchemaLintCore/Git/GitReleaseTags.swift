import Foundation

/// The release tags of a repository: the tags whose names match a pattern (`v*`) and whose commit
/// lies in the history of a revision (`git tag --merged`), in release order (`ReleaseTagOrder`).
/// Read with one `git for-each-ref`; lightweight and annotated tags alike.
package struct GitReleaseTags: Sendable {
    package struct Tag: Sendable, Hashable {
        /// The name without `refs/tags/` (`v1.2`, `release/2024.1`).
        package var name: String
        /// The tag's object: the commit of a lightweight tag, the tag object of an annotated one
        /// (git peels either to its tree).
        package var object: String
    }

    /// The tags matching the pattern, oldest release first.
    package var tags: [Tag]
    /// The names of the other tags, oldest release first: releases named in a way the pattern
    /// misses (`ios-v2.14`, `AppStore-3.1`) show here.
    package var otherTags: [String] = []

    /// Reads the tags in `top` (the top of a work tree) whose commits `revision` has merged and
    /// whose names match `pattern` (a shell glob, as `git tag --list` takes). Nil when git is
    /// missing; git's message when it ran but could not answer. A repository with no commits yet
    /// has no tags.
    package static func read(matching pattern: String, mergedInto revision: String, top: String, runner: GitRunner) -> Result<GitReleaseTags, GitFailure>? {
        let arguments = ["for-each-ref", "--merged=\(revision)", "--format=%(objectname) %(refname:strip=2)", "refs/tags"]
        guard let output = runner.run(arguments, in: top) else { return nil }
        guard output.succeeded else {
            let head = runner.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: top)
            return head?.status == 1 && revision == "HEAD" ? .success(GitReleaseTags(tags: [])) : .failure(GitFailure(output))
        }
        return .success(GitReleaseTags(listing: output.text, pattern: pattern))
    }

    /// Reads `object name` lines (tag names contain no spaces or line breaks: git refuses them).
    package init(listing: String, pattern: String) {
        let tags = listing.split(separator: "\n").compactMap { line -> Tag? in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return Tag(name: String(parts[1]), object: String(parts[0]))
        }
        self.tags = tags.filter { Self.matches($0.name, pattern: pattern) }.sorted { ReleaseTagOrder.precedes($0.name, $1.name) }
        self.otherTags = tags.map(\.name).filter { !Self.matches($0, pattern: pattern) }.sorted(by: ReleaseTagOrder.precedes)
    }

    init(tags: [Tag]) {
        self.tags = tags
    }

    /// Whether the tag's name matches one of the pattern's globs, which spaces separate (`*` also
    /// crosses `/`, as in `git tag --list`).
    static func matches(_ name: String, pattern: String) -> Bool {
        pattern.split(separator: " ").contains { glob in fnmatch(String(glob), name, 0) == 0 }
    }
}

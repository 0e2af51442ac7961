import Foundation
import SchemaLintCore

/// A rule's page (`rules/<id>.md`), read for its examples.
///
/// Page layout: `# <id>`, prose sections (`## Why`, `## What to do instead`, ...), then
/// `## Examples` with `### Triggers: ...` and `### Does not trigger: ...` subsections. Each
/// subsection holds one or more ```` ```yaml ```` blocks: the versions of a history, oldest first.
/// A block whose info string names a file (```` ```xml path=Notes.xcdatamodeld/Notes 2.xcdatamodel/contents ````)
/// is that file of the example's folder instead: bundles, `.schemalint.yml`. `commit=N` before
/// `path=` (```` ```xml commit=2 path=... ````) makes the example's folder a git repository in which
/// commit N (1, 2, ... in that order) adds the file (a later commit, or the working tree, may hold
/// another text at the same path); files without it stay uncommitted. `tag=NAME` beside `commit=N`
/// tags that commit (a release, for `--history git`).
///
/// In a triggering example, `↓` marks where a finding must land, as SwiftLint's examples do: right
/// before the line and column a finding of the rule reports (the key of the element in YAML, the
/// element's tag or attribute in an Xcode model, the call in code). The text is read without the
/// marks; an example with marks must report every finding of its rule at a mark, and one at each.
package struct RulePage: Sendable {
    /// Where a finding must land: a file of the example (`v1.yaml` for the first YAML block, or
    /// the block's `path=`), and the line and column (in characters) of the mark.
    package struct Marker: Sendable, Hashable, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var column: Int
        package var description: String { "\(file):\(line):\(column)" }
    }

    /// A file of an example, by path relative to the example's folder.
    package struct ExampleFile: Sendable {
        package var path: String
        package var text: String
        /// The commit (1, 2, ...) that adds the file; nil: it is left in the working tree.
        package var commit: Int?
        /// A tag on that commit.
        package var tag: String?
    }

    package struct Example: Sendable {
        package var title: String
        /// True under `### Triggers`, false under `### Does not trigger`.
        package var triggers: Bool
        /// The YAML model files of the example, oldest first.
        package var files: [String]
        /// Other files of the example.
        package var tree: [ExampleFile] = []
        /// Where its findings must land (`↓` in its files).
        package var markers: [Marker] = []
    }

    /// The id in the page's `# ` heading.
    package var id: String?
    package var sections: [String]
    package var examples: [Example]

    package init(markdown: String) {
        var id: String?
        var sections: [String] = []
        var examples: [Example] = []
        var block: [Substring]?
        var blockIsYAML = false
        var blockPath: String?
        var blockCommit: Int?
        var blockTag: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = block {
                if line.hasPrefix("```") {
                    if !examples.isEmpty {
                        let file = blockPath ?? (blockIsYAML ? "v\(examples[examples.count - 1].files.count + 1).yaml" : nil)
                        let (unmarked, markers) = Self.markers(in: lines, file: file ?? "")
                        if file != nil { examples[examples.count - 1].markers += markers }
                        let text = unmarked.joined(separator: "\n") + "\n"
                        if let blockPath {
                            examples[examples.count - 1].tree.append(ExampleFile(path: blockPath, text: text, commit: blockCommit, tag: blockCommit == nil ? nil : blockTag))
                        } else if blockIsYAML {
                            examples[examples.count - 1].files.append(text)
                        }
                    }
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line.hasPrefix("```") {
                block = []
                let info = line.dropFirst(3).trimmingPrefix(" ")
                blockIsYAML = info.hasPrefix("yaml")
                let pathStart = info.range(of: "path=")
                blockPath = pathStart.map { String(info[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
                let attributes = info[..<(pathStart?.lowerBound ?? info.endIndex)].split(separator: " ")
                blockCommit = attributes.first { $0.hasPrefix("commit=") }.flatMap { Int($0.dropFirst("commit=".count)) }
                blockTag = attributes.first { $0.hasPrefix("tag=") }.map { String($0.dropFirst("tag=".count)) }
            } else if line.hasPrefix("### ") {
                let title = String(line.dropFirst(4))
                if title.hasPrefix("Triggers") || title.hasPrefix("Does not trigger") {
                    examples.append(Example(title: title, triggers: title.hasPrefix("Triggers"), files: []))
                }
            } else if line.hasPrefix("## ") {
                sections.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("# "), id == nil {
                id = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
            }
        }
        self.id = id
        self.sections = sections
        self.examples = examples
    }

    /// The lines of a block without their `↓` marks, and where the marks were.
    static func markers(in lines: [Substring], file: String) -> (lines: [String], markers: [Marker]) {
        var unmarked: [String] = []
        var markers: [Marker] = []
        for (index, line) in lines.enumerated() {
            var text = ""
            for character in line {
                if character == "↓" {
                    markers.append(Marker(file: file, line: index + 1, column: text.count + 1))
                } else {
                    text.append(character)
                }
            }
            unmarked.append(text)
        }
        return (unmarked, markers)
    }
}

private extension Substring {
    func trimmingPrefix(_ prefix: String) -> Substring {
        var text = self
        while text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        return text
    }
}

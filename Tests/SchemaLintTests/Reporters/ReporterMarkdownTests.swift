import Foundation
import Testing
@testable import SchemaLint
@testable import SchemaLintReport

@Suite struct ReporterMarkdownTests {
    let reporter = MarkdownReporter()

    /// Splits a table row on unescaped pipes.
    func cells(_ row: Substring) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in row {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        return Array(cells.dropFirst().dropLast())
    }

    @Test func summaryLineThenOneRowPerFinding() throws {
        let output = reporter.render(ReporterFixtures.result)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "**schemalint**: 2 errors, 2 warnings, 1 note in 1 model (3 versions).")
        #expect(lines[2] == "| Severity | Location | Rule | Message |")
        #expect(lines[3] == "| --- | --- | --- | --- |")
        let rows = lines.dropFirst(4).prefix { $0.hasPrefix("|") }
        let findings = ReporterFixtures.result.findings
        #expect(rows.count == findings.count)
        for (row, finding) in zip(rows, findings) {
            let cells = cells(row)
            #expect(cells.count == 4, "row splits into \(cells.count) cells: \(row)")
            #expect(cells.first == finding.severity.rawValue)
            #expect(cells.last == MarkdownEscaping.inline(finding.message))
        }
        #expect(!output.contains("\r"))
    }

    @Test func messagesAreEscaped() {
        let output = reporter.render(ReporterFixtures.result)
        #expect(output.contains(#"100% of "Note" rows, \<b\>bold\</b\> \& a\|b, ok"#))
        #expect(output.contains("Entity renamed:<br>line two, ünïcödé 🚀<br>line three\twith tab"))
    }

    @Test func notesAndSuggestionsAreCollapsedPerFinding() {
        let output = reporter.render(ReporterFixtures.result)
        // removed (note + 2 suggestions), renamed (note), added (suggestion).
        #expect(output.components(separatedBy: "<details>").count - 1 == 3)
        #expect(output.components(separatedBy: "</details>").count - 1 == 3)
        #expect(output.contains("<summary>models/notes/v3.yaml:12:5: attribute-removed</summary>"))
        #expect(output.contains(#"- suggestion: restore 'title' \| mark it transient"#))
        #expect(output.contains("- note: declared here, in v2: 'title' (models/notes/v2.yaml:8:7)"))
        #expect(output.contains("<summary>models/notes dir/v3 ü,x:y.yaml:1:1: attribute-added</summary>"))
    }

    @Test func noFindings() {
        #expect(reporter.render(ReporterFixtures.empty) == "**schemalint**: No findings in 2 models (5 versions).\n")
    }
}

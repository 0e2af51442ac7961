import SchemaLintRules
import SchemaLintCore

/// `--verbose`: what a run read, with its kind, then what the folder walk left out and why, a line
/// each, so that a person who wonders why a file was (not) linted sees the answer.
package enum WalkListing {
    package static func text(sources: [ModelSource], skipped: [SkippedPath]) -> String {
        var lines = sources.map { "read: \($0)" }
        lines += skipped.map { "skipped: \($0.path) (\($0.reason.rawValue))" }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The line a run that found no model prints in place of a summary of nothing: where it looked,
    /// what the code it read showed, and the model bundles the walk left out (in no Xcode project,
    /// or in folders of tests, fixtures or a library's demo apps), so that "no model found" in a
    /// repository with bundles does not read as schemalint missing them.
    package static func noModelLine(in place: String, storeCodeFilesRead code: Int, codeHandlesStores: Bool, skipped: [SkippedPath]) -> String {
        // Code that opens stores was read and checked all the same (a model the code builds
        // itself is no file to read); code that opens none had nothing to check.
        let checked = code == 0 ? "nothing to lint"
            : !codeHandlesStores ? "the \(TextReporter.plural(code, "code file")) read open\(code == 1 ? "s" : "") no Core Data or SwiftData store; nothing to lint"
            : "the \(TextReporter.plural(code, "code file")) read show\(code == 1 ? "s" : "") no store-handling problem, and a model built in code is not read"
        let unbuilt = skipped.filter { $0.reason == .inNoProject && $0.path.hasSuffix(".xcdatamodeld") }.count
        var why = unbuilt == 0 ? "" : "; \(unbuilt) model bundle\(unbuilt == 1 ? " lies" : "s lie") in no Xcode project here (--verbose lists \(unbuilt == 1 ? "it" : "them"); name one to lint it)"
        let setAside = skipped.filter(\.holdsModelBundle).map(\.path)
        if !setAside.isEmpty {
            let named = setAside.prefix(3).joined(separator: ", ") + (setAside.count > 3 ? " and \(setAside.count - 3) more" : "")
            why += "; the model bundles in \(named) were left out as tests, fixtures or a library's demo apps, which ship to no one (name a folder to lint it)"
        }
        return "schemalint: no model found in \(place) (Xcode model bundles, SwiftData schemas or schemalint YAML model files); \(checked)\(why)\n"
    }
}

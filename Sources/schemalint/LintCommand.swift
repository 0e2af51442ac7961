import ArgumentParser
import Foundation
import SchemaLint

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint model versions (the default command).",
        discussion: """
        Loads every model below the given paths: *.xcdatamodeld bundles, YAML files that name \
        their model on the format's top-level `model:` line (other YAML files are left alone), and the Swift \
        and Objective-C code that declares models or opens their store. Hidden folders, build \
        products and dependencies (build, DerivedData, Pods, Carthage, node_modules, ...) and \
        whatever git ignores are left out; --verbose lists what was read and what was left out. \
        It groups the versions by model, orders each \
        group by version, and checks each version against the newest released version before it. \
        Drafts (`released: false`, or `drafts:` of a bundle in .schemalint.yml) are checked but \
        never used as a baseline.

        Settings come from the nearest .schemalint.yml above the first path (docs/configuration.md).

        One run can write several reports, so CI runs once:
          schemalint models/ --format github --report sarif=schemalint.sarif
        With --format github (or --report github) and GITHUB_STEP_SUMMARY set, a markdown summary \
        is appended to the job summary. Report files are replaced atomically, also when the input \
        cannot be read (exit status 2), but never a model, configuration, lock or baseline file.
        """
    )

    @Argument(help: ArgumentHelp("Model files, Xcode bundles or folders to lint (folders are searched recursively; default: the current folder).", valueName: "paths"))
    var givenPaths: [String] = []

    @Flag(help: "List the findings of every step, also of versions that shipped long ago (default: `steps:` in .schemalint.yml, else the steps a coming release takes; the others are counted in the summary).")
    var allSteps = false

    @Flag(name: .shortAndLong, help: "List on standard error what was read, and what the folder walk left out and why.")
    var verbose = false

    /// The paths to lint: the current folder when none is given.
    private var paths: [String] { givenPaths.isEmpty ? ["."] : givenPaths }

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write the report to a file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(name: .customLong("report"), help: ArgumentHelp("One more report: FORMAT (to standard output) or FORMAT=FILE. Repeatable.", valueName: "format[=file]"))
    var reports: [String] = []

    @Option(help: ArgumentHelp("Report only findings not recorded in this baseline file (default: `baseline:` in .schemalint.yml).", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record every current finding in a baseline file, to accept them and report only new ones later.", valueName: "file"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Compare with a git revision (e.g. origin/main): only findings new since then are reported and fail the run.", valueName: "revision"))
    var against: String?

    @Flag(help: "Replace a baseline file that already exists (report files are always replaced).")
    var force = false

    @Option(name: .customLong("config"), help: ArgumentHelp("The configuration file (default: the nearest .schemalint.yml).", valueName: "file"))
    var configurationFile: String?

    @Flag(help: "Treat models that do not say otherwise as synced with CloudKit (for Xcode bundles whose XML does not mark it).")
    var cloudkit = false

    @Option(help: ArgumentHelp("The history order of the bundle being linted: a file with one version name per line, oldest first (or `order:` in .schemalint.yml).", valueName: "file"))
    var order: String?

    @Option(help: ArgumentHelp(
        "Where the released versions of models that are not versioned in their files come from: files (default), or git.",
        discussion: """
        With git, a model with one version in its files (one YAML version, a bundle with one \
        version folder) gets its history from the repository's release tags: every tag matching \
        --history-tags (default: v* and bare version numbers such as 1.2.3) that HEAD contains is a release, read straight from git (no \
        checkout), in version order (v1.9 < v1.10, v2.0-beta1 < v2.0); the working tree is the \
        newest version and is checked against them. Findings point at the working tree; notes \
        name the tag (v1.2:Models/Note.yml:4:5). Models versioned in their files keep their own \
        history. Default: `history:` in .schemalint.yml, else files. See docs/git-history.md.
        """,
        valueName: "files|git"))
    var history: HistorySource?

    @Option(help: ArgumentHelp("The release tags for --history git: globs on the tag name, as `git tag --list` takes, separated by spaces (default: `history: {tags: ...}` in .schemalint.yml, else `v* [0-9]*.*`: v1.2 and 1.2, and release/v1.2 where tags are so named). Implies --history git.", valueName: "pattern"))
    var historyTags: String?

    @Flag(help: "Leave alone named YAML files that are not model files (for hooks that pass every changed YAML file).")
    var skipNonModelFiles = false

    @Option(help: "Which releases each version must stay compatible with: previous (its baseline), transitive (every earlier release), or window:N (the last N releases). Default: `compatibility:` in .schemalint.yml, else previous.")
    var compatibility: Compatibility?

    @Flag(help: "Fail (exit 1) on warnings as well as errors.")
    var strict = false

    @Flag(help: "Never colour the output (colour is used only on a terminal, and never when NO_COLOR is set).")
    var noColor = false

    @Option(help: ArgumentHelp("After a run that passes, write this file (Swift comments with the summary); after one that fails, remove it. For build systems: the build-tool plugin's declared output.", valueName: "file"))
    var stamp: String?

    @Flag(help: "Ask git about the whole history of the models on every run, keeping nothing between runs.")
    var noCache = false

    @Option(help: ArgumentHelp("Where what git said about the models' history is kept between runs (default: ~/.cache/schemalint, or $XDG_CACHE_HOME/schemalint; ~/Library/Caches/schemalint on macOS).", valueName: "folder"))
    var cachePath: String?

    func validate() throws {
        if noCache, cachePath != nil { throw ValidationError("--no-cache keeps nothing; drop --cache-path") }
        if history == .files, historyTags != nil {
            throw ValidationError("--history-tags picks the release tags of --history git, not of --history files")
        }
        if historyTags?.isEmpty == true { throw ValidationError("--history-tags needs a pattern, e.g. 'v*'") }
        for report in reports {
            if case .failure(let error) = ReportFormat.Request.parse(report) { throw ValidationError(error.message) }
        }
        if stamp != nil, writeBaseline != nil {
            throw ValidationError("--stamp records a run that passed; --write-baseline records findings and passes nothing")
        }
        if writeBaseline != nil, output != nil || !reports.isEmpty || format != .text {
            throw ValidationError("--write-baseline records findings and writes no report; drop --format, --output and --report, or write the report in a run with --baseline")
        }
    }

    func run() throws {
        var options = LintPipeline.Options(
            paths: paths, configurationFile: configurationFile, declaresCloudKit: cloudkit,
            baselineFile: baseline, ignoresBaseline: writeBaseline != nil, againstRevision: against
        )
        options.skipsNonModelFiles = skipNonModelFiles
        options.orderFile = order
        options.compatibility = compatibility
        options.history = history
        options.historyTags = historyTags
        // `schemalint .` (the Action's default `paths: .`) is the run with no argument, spelled out.
        let here = FileManager.default.currentDirectoryPath
        options.pathsAreDefault = givenPaths.allSatisfy { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: here, isDirectory: true)).standardizedFileURL.path == URL(fileURLWithPath: here).standardizedFileURL.path }
        options.gitCache = noCache ? nil : cachePath.map(GitHistoryCache.init(folder:)) ?? GitHistoryCache.standard()
        if allSteps { options.steps = .all }
        var requests = [ReportFormat.Request(format: format, file: self.output)]
        requests += reports.compactMap { try? ReportFormat.Request.parse($0).get() }
        let writer = ReportWriter(color: !noColor && Terminal.wantsColor(), context: .current())
        let output: LintPipeline.Output
        switch LintPipeline(readers: ModelReaders.registered).run(options) {
        case .success(let value): output = value
        case .failure(let problems):
            Terminal.writeError(problems.description)
            // CI uploads the reports also when the run fails; standard error already has the text.
            let named = paths + [configurationFile, baseline, writeBaseline].compactMap { $0 }
            try writer.write(LintResult(inputErrors: problems), to: requests.filter { $0.file != nil || $0.format != .text }, protecting: ProtectedFiles(named))
            if let stamp { BuildStamp(file: stamp).remove() }
            throw ExitCode(2)
        }
        if verbose { Terminal.writeError(WalkListing.text(sources: output.sources, skipped: output.skipped)) }
        // A repository without models passes (a hook or CI job there must not fail): one line
        // says so, in place of the text report's summary of nothing; report files are still written.
        // (A folder named with no model in it is an input error, unless the run read store code
        // there: then it says the same, not "no problems in 0 versions".)
        if output.histories.isEmpty, output.result.findings.isEmpty {
            let place = givenPaths.isEmpty || givenPaths == ["."] ? "this folder" : givenPaths.joined(separator: ", ")
            Terminal.writeError(WalkListing.noModelLine(in: place, storeCodeFilesRead: output.storeCodeFilesRead, codeHandlesStores: output.codeHandlesStores, skipped: output.skipped))
            requests.removeAll { $0.format == .text && $0.file == nil }
        }
        // What a reader could not read for certain goes beside the report, as compilers print
        // warnings; how it read ordinary code (`ReadingNote.isDetail`) only when asked.
        let notes = output.readingNotes.filter { verbose || !$0.isDetail }
        if !notes.isEmpty { Terminal.writeError(notes.map { $0.description + "\n" }.joined()) }
        if let writeBaseline {
            let recorded = Baseline(findings: output.result.findings)
            do {
                try AtomicFileWriter.write(recorded.rendered(), to: writeBaseline, force: force)
            } catch {
                Terminal.writeError(error.description + "\n")
                throw ExitCode(2)
            }
            Terminal.writeError("recorded \(recorded.entries.count) findings in \(writeBaseline); runs with --baseline \(writeBaseline) report only new ones\n")
            return
        }
        var result = output.result
        result.failingSeverity = strict ? .warning : output.configuration.failOn
        result.inputWarnings = output.readingNotes.filter { !$0.isDetail }.count
        let protected = ProtectedFiles(output.inputFiles + [writeBaseline].compactMap { $0 })
        try writer.write(result, to: requests, protecting: protected)
        try recordStamp(passed: !result.fails, summary: TextReporter.summary(result), protecting: protected)
        // The run is over: the process ends here rather than free every version of every model
        // first (a few milliseconds of one core for a long history, after the report is out).
        Terminal.exit(result.fails ? 1 : 0, keeping: output)
    }

    /// `--stamp`: written when the run passed, removed when it did not; never an input of the run.
    private func recordStamp(passed: Bool, summary: String, protecting protected: ProtectedFiles) throws {
        guard let stamp else { return }
        if let refusal = protected.refusal(toReplace: stamp) {
            Terminal.writeError(refusal.description + "\n")
            throw ExitCode(2)
        }
        guard passed else {
            BuildStamp(file: stamp).remove()
            return
        }
        do {
            try BuildStamp(file: stamp).record(summary: summary)
        } catch {
            Terminal.writeError(error.description + "\n")
            throw ExitCode(2)
        }
    }
}

/// Renders the requested reports and puts each where it was asked for. Report files are replaced
/// atomically (readers see the old file or the new one, never a part), but never a file the run read.
struct ReportWriter {
    var color: Bool
    var context: RunContext

    func write(_ result: LintResult, to requests: [ReportFormat.Request], protecting protected: ProtectedFiles) throws {
        // Checked before anything is written, so a refused run leaves every file as it was.
        if let refusal = requests.compactMap({ $0.file.flatMap(protected.refusal(toReplace:)) }).first {
            Terminal.writeError(refusal.description + "\n")
            throw ExitCode(2)
        }
        for request in requests {
            let text = request.format.reporter(color: color && request.file == nil && request.format == .text, context: context).render(result)
            if let file = request.file {
                do {
                    let folder = PathResolution.parent(of: file)
                    if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                    try AtomicFileWriter.write(text, to: file, force: true)
                } catch {
                    Terminal.writeError(error.description + "\n")
                    throw ExitCode(2)
                }
            } else {
                Terminal.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
            }
        }
        if requests.contains(where: { $0.format == .github }), let summaryFile = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summaryFile.isEmpty {
            appendStepSummary(GitHubReporter().stepSummary(result), to: summaryFile)
        }
    }

    /// GitHub's job summary is a file the runner gives; its protocol is to append to it.
    private func appendStepSummary(_ text: String, to path: String) {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            Terminal.writeError("\(path): warning: cannot append the job summary to GITHUB_STEP_SUMMARY\n")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        handle.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

extension ReportFormat: ExpressibleByArgument {}

extension HistorySource: ExpressibleByArgument {
    public static var allValueStrings: [String] { HistorySource.names }
}

extension RunContext {
    /// Now on this machine; `SOURCE_DATE_EPOCH` (seconds), when set, stands for now, for reproducible reports.
    static func current() -> RunContext {
        let environment = ProcessInfo.processInfo.environment
        let time = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init).map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
        return RunContext(time: time, hostname: machineName(), sourceRoot: FileManager.default.currentDirectoryPath)
    }

    /// The kernel's host name, as `hostname` prints it (no name-service lookup, unlike
    /// `ProcessInfo.hostName`, which may wait on DNS); empty when unknown.
    private static func machineName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

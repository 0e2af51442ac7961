import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// A release the project file shows where no tag records one: the app's version
/// (`MARKETING_VERSION` in an Xcode project or an `.xcconfig`, or `CFBundleShortVersionString` in
/// an `Info.plist`, where projects made before Xcode 11 and `agvtool` keep it) changed after a
/// model's newest version came. Teams that bump the version as they release, and teams that bump it as the next
/// cycle begins, alike change it only once the release before has gone out: the newest version
/// was in a release then, and the next release migrates no store to it.
package struct MarketingVersionRelease: Sendable, Hashable {
    /// The commit that changed the version (abbreviated), and its date.
    var commit: String
    var date: String
    /// The app's version before and after it, and the setting that holds it.
    var from: String
    var to: String
    var setting: String
    /// The model's newest version, as messages name it.
    var newest: String

    /// "MARKETING_VERSION went from 2.0 to 2.0.1 in 1a2b3c4 (2025-11-21), after SchemaV3_6 came".
    var sentence: String { Self.sentence(of: [self]) }

    /// One sentence per change of the app's version, naming each model's newest version that came
    /// before it ("after Chat2, Feed7 and MediaHash2 came"): models of one app share its changes.
    static func sentences(of releases: [MarketingVersionRelease]) -> [String] {
        let changes = Dictionary(grouping: releases) { "\($0.setting)\u{0}\($0.from)\u{0}\($0.to)\u{0}\($0.commit)\u{0}\($0.date)" }
        return changes.values.map(sentence(of:)).sorted()
    }

    /// `releases`: one change of the app's version, after the newest versions of one model or more.
    private static func sentence(of releases: [MarketingVersionRelease]) -> String {
        let first = releases[0]
        let newest = Array(Set(releases.map(\.newest))).sorted()
        let names = newest.count < 2 ? newest.joined() : newest.dropLast().joined(separator: ", ") + " and " + newest[newest.count - 1]
        return "\(first.setting) went from \(first.from) to \(first.to) in \(first.commit) (\(first.date)), after \(names) came"
    }
}

extension LintPipeline {
    /// For each history of `histories` whose model nothing records as shipped (`recorded`: the
    /// models a lock or a release tag has entries for), the change of the app's version since
    /// its newest version came, where one is found. Bundles know when each version came (their
    /// order, or the commit that added the version's folder); a SwiftData plan's newest schema
    /// came with the first commit that wrote its name in the plan's files. One `git log` over the
    /// project files since then, and a look at the changes it finds, newest first, until one
    /// changes the version's value.
    func marketingVersionReleases(histories: [ModelHistory], bundles: [XcodeModelBundle], recorded: Set<String>, _ options: Options) -> [String: MarketingVersionRelease] {
        marketingVersionReleases(of: histories.filter { !recorded.contains($0.model) && $0.versions.count > 1 && $0.versions.allSatisfy { $0.releaseTag == nil } }, bundles: bundles, options)
    }

    /// The same, for the histories whose newest version came after the newest release tag that
    /// holds their model (`lock`: what the tag and a lock record): a team that stopped tagging its
    /// releases still changes the app's version with each, and a change since the newest version
    /// came says it shipped, however old the newest tag.
    func marketingVersionReleases(afterTheNewestTag histories: [ModelHistory], bundles: [XcodeModelBundle], lock: VersionLock?, _ options: Options) -> [String: MarketingVersionRelease] {
        let entries = Dictionary(grouping: lock?.entries ?? [], by: \.model)
        let candidates = histories.filter { history in
            let shipped = history.shipped(recordedIn: entries[history.model] ?? [])
            guard let newest = history.versions.lastIndex(where: { $0.isReleased || $0.format != .xcode }) else { return false }
            return shipped.contains(true) && !shipped[newest]
        }
        return marketingVersionReleases(of: candidates, bundles: bundles, options)
    }

    private func marketingVersionReleases(of candidates: [ModelHistory], bundles: [XcodeModelBundle], _ options: Options) -> [String: MarketingVersionRelease] {
        guard !candidates.isEmpty, let top = GitWorkTree.root(containing: Self.repositoryFolder(options)), !GitWorkTree.isShallow(top: top),
              let git = CommitQuestions(top: top, cache: options.gitCache) else { return [:] }
        var found: [String: MarketingVersionRelease] = [:]
        // Models of one project whose newest versions came in one commit ask the same question.
        var answers: [String: AppVersionChange?] = [:]
        let addedAnywhere = Self.commitsThatAdded(candidates.compactMap { history -> (bundle: String, version: String)? in
            guard let newest = history.versions.last(where: { $0.isReleased || $0.format != .xcode }), newest.format == .xcode,
                  let bundle = bundles.first(where: { "bundle:" + $0.path == history.key }), bundle.ordering.commits[newest.label] == nil else { return nil }
            return ((bundle.path as NSString).lastPathComponent, newest.label + XcodeModelBundle.versionExtension)
        }, git: git)
        for history in candidates {
            guard let newest = history.versions.last(where: { $0.isReleased || $0.format != .xcode }) else { continue }
            let added: String?
            switch newest.format {
            case .xcode:
                // Where the names settled the order, git was not asked when each version came.
                guard let bundle = bundles.first(where: { "bundle:" + $0.path == history.key }) else { continue }
                let folder = PathResolution.relative(PathResolution.canonical(bundle.path), to: PathResolution.canonical(top)) + "/" + newest.label + XcodeModelBundle.versionExtension
                // The version's file under the bundle's name anywhere: a bundle moved to another
                // folder since (`git mv App app/App`) was added where it lay first, not by the move.
                // (Following the file with `--follow` would take a version copied from the one
                // before it for that one.)
                let bundleName = (bundle.path as NSString).lastPathComponent
                added = bundle.ordering.commits[newest.label]?.id ?? addedAnywhere[bundleName + "/" + newest.label + XcodeModelBundle.versionExtension]
                    ?? Self.oldestCommit(["--diff-filter=A"], of: [folder], git: git)
            case .swiftData where newest.isInMigrationPlan:
                let files = Set(history.versions.map(\.file)).map { PathResolution.relative(PathResolution.canonical($0), to: PathResolution.canonical(top)) }.sorted()
                added = Self.oldestCommit(["-S", newest.label], of: files, git: git)
            default:
                added = nil
            }
            guard let added else { continue }
            let changes = AppVersionChanges(git: git, building: newest.file)
            let question = changes.scope + "\u{0}" + added
            let answer = answers[question] ?? changes.newest(in: "\(added)..\(git.commit)")
            answers[question] = answer
            guard let change = answer else { continue }
            found[history.model] = MarketingVersionRelease(commit: change.commit, date: change.date, from: change.from, to: change.to, setting: change.setting, newest: newest.displayName)
        }
        return found
    }

    /// `entries`, read from the newest release tag `tag`, each of a version edited since with the
    /// change of the app's version after its last edit (`VersionLock.Entry.shippedSinceTheTag`):
    /// the edit went out in a release the tags do not record. A version with edits not yet
    /// committed is the coming release's. One `git diff` since the tag for all and, where one was
    /// edited, one against the work tree, then one `git log` of the versions edited. Paths go to git
    /// as literal pathspecs (a `[` in a version's name is no glob) and come back NUL-separated
    /// (a name out of ASCII is not quoted).
    func markingEditsShippedSince(tag: String, entries: [VersionLock.Entry], histories: [ModelHistory], _ options: Options) -> [VersionLock.Entry] {
        guard let top = GitWorkTree.root(containing: Self.repositoryFolder(options)), !GitWorkTree.isShallow(top: top),
              let git = CommitQuestions(top: top, cache: options.gitCache) else { return entries }
        let runner = git.runner
        let root = PathResolution.canonical(top)
        // The versions of a bundle share its folder (each in a folder of its own inside it):
        // resolved once, as it costs a look at each folder on the way.
        var folders: [String: String] = [:]
        func relative(_ file: String) -> String {
            let inside = PathResolution.parent(of: file)
            let folder = PathResolution.parent(of: inside)
            guard !folder.isEmpty else { return PathResolution.relative(PathResolution.canonical(file), to: root) }
            let canonical = folders[folder] ?? PathResolution.canonical(folder)
            folders[folder] = canonical
            // Canonical already: made relative without standardizing it (and the top) again.
            let full = canonical + "/" + (inside as NSString).lastPathComponent + "/" + (file as NSString).lastPathComponent
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
        }
        // Each entry's version in the working tree, by the path of its file relative to the top.
        let files: [Int: String] = Dictionary(uniqueKeysWithValues: entries.indices.compactMap { index in
            let entry = entries[index]
            guard entry.releasedCopy != nil, let history = histories.first(where: { $0.key == entry.history }),
                  let version = history.versions.first(where: { $0.isReleased && entry.names($0) }) else { return nil }
            return (index, relative(version.file))
        })
        let paths = Set(files.values).sorted()
        func literal(_ paths: [String]) -> [String] { paths.map { ":(literal)" + $0 } }
        func names(_ output: GitRunner.Output) -> Set<String> { Set(output.text.split(separator: "\0").map(String.init)) }
        guard !paths.isEmpty, let diff = runner.run(["diff", "--no-color", "--name-only", "-z", tag, git.commit, "--"] + literal(paths), in: top), diff.succeeded else { return entries }
        let committed = names(diff)
        guard !committed.isEmpty, let working = runner.run(["diff", "--no-color", "--name-only", "-z", "HEAD", "--"] + literal(committed.sorted()), in: top), working.succeeded else { return entries }
        let uncommitted = names(working)
        let edited = committed.subtracting(uncommitted)
        let lastEdits = Self.newestCommits(of: Set(files.values).intersection(edited).sorted(), in: "\(tag)..\(git.commit)", top: top, runner: runner)
        // Versions edited by the same last commit (a bundle's versions reformatted at once) in the
        // same project share its answer.
        // The project that builds a version is looked for once for its bundle's folder.
        var changes: [String: AppVersionChange?] = [:]
        var projects: [String: AppVersionChanges] = [:]
        var marked = entries
        for (index, path) in files where edited.contains(path) {
            guard let last = lastEdits[path] else { continue }
            let bundle = PathResolution.parent(of: PathResolution.parent(of: path))
            let versionChanges = projects[bundle] ?? AppVersionChanges(git: git, building: top + "/" + path)
            projects[bundle] = versionChanges
            let key = last + "\u{0}" + versionChanges.scope
            let change = changes[key] ?? versionChanges.oldest(in: "\(last)..\(git.commit)")
            changes[key] = change
            marked[index].shippedSinceTheTag = change
        }
        return marked
    }

    /// The newest commit in `range` that changed each of `paths` (abbreviated), from one `git log`
    /// of them all: the first commit that lists a path, in the log's newest-first order, is the one
    /// `git log -1 range -- path` names. A merge lists a path (`-c`) where it differs from every
    /// parent, which is when the log of that path alone keeps the merge.
    private static func newestCommits(of paths: [String], in range: String, top: String, runner: GitRunner) -> [String: String] {
        guard !paths.isEmpty,
              let log = runner.run(["log", "-c", "--name-only", "-z", "--no-color", "--format=%x01%h", range, "--"] + paths.map { ":(literal)" + $0 }, in: top),
              log.succeeded else { return [:] }
        return firstCommitListing(eachPathIn: log.text)
    }

    /// For each path a `git log --name-only -z --format=%x01%h` lists, the first commit that lists
    /// it, in the log's order: each commit's line ("\u{1}a1b2c3d"), then its files, each ended by
    /// a NUL (the first after a newline).
    static func firstCommitListing(eachPathIn log: String) -> [String: String] {
        var first: [String: String] = [:]
        var commit: String?
        for field in log.split(separator: "\0") {
            let text = field.drop { $0 == "\n" }
            if text.first == "\u{1}" {
                commit = String(text.dropFirst())
            } else if let commit, !text.isEmpty, first[String(text)] == nil {
                first[String(text)] = commit
            }
        }
        return first
    }

    /// The oldest commit of the history of `git`'s commit that `git log` lists with `options` for
    /// `paths` (abbreviated), nil where it lists none.
    /// The commit that first added each version's `contents` (or Xcode 3's `elements`) under its
    /// bundle's name anywhere (`Bundle.xcdatamodeld/Version.xcdatamodel`), by that pair of names:
    /// one `git log` for the bundles of a run, each of which would walk the whole history alone.
    private static func commitsThatAdded(_ versions: [(bundle: String, version: String)], git: CommitQuestions) -> [String: String] {
        guard !versions.isEmpty else { return [:] }
        let globs = versions.flatMap { version in
            XcodeModelBundle.modelFiles.map { ":(glob)**/" + XcodeVersionCommits.globEscaped(version.bundle) + "/" + XcodeVersionCommits.globEscaped(version.version) + "/" + $0 }
        }
        guard let log = git.run(["log", "--reverse", "--no-color", "--no-renames", "--diff-filter=A", "--name-only", "--format=commit %h", git.commit, "--"] + globs), log.succeeded else { return [:] }
        let wanted = Set(versions.map { $0.bundle + "/" + $0.version })
        var found: [String: String] = [:]
        var commit: String?
        for line in log.text.split(separator: "\n") {
            if line.hasPrefix("commit ") { commit = String(line.dropFirst("commit ".count)); continue }
            // `…/Bundle.xcdatamodeld/Version.xcdatamodel/contents`: the two folders name it.
            let parts = line.split(separator: "/")
            guard let commit, parts.count >= 3, let file = parts.last, XcodeModelBundle.modelFiles.contains(String(file)) else { continue }
            let key = "\(parts[parts.count - 3])/\(parts[parts.count - 2])"
            if wanted.contains(key), found[key] == nil { found[key] = commit }
        }
        return found
    }

    private static func oldestCommit(_ options: [String], of paths: [String], git: CommitQuestions) -> String? {
        guard let log = git.run(["log", "--reverse", "--no-color", "--format=%h"] + options + [git.commit, "--"] + paths), log.succeeded else { return nil }
        return log.text.split(separator: "\n").first.map(String.init)
    }
}

/// The changes of the app's version, `MARKETING_VERSION` in a project file or an `.xcconfig` or
/// `CFBundleShortVersionString` in an `Info.plist`, on the first-parent line of HEAD (a merge that
/// brought a change in made it on this line); one that only adds a target's setting changes no
/// release.
struct AppVersionChanges {

    /// The repository, and the commit whose history is read: ranges end at it.
    var git: CommitQuestions
    /// The project files whose settings count, as pathspecs relative to `top`.
    private let paths: [String]
    /// The folder, relative to `top`, of the project that builds the file ("" for the whole repository).
    private let folder: String
    /// Which project files count, as one text: two values of the same scope give the same answers.
    var scope: String { paths.joined(separator: "\u{0}") }

    /// The changes in the project that builds `file` (a model bundle, a schema's file): the
    /// project files under the nearest folder above it that holds an `.xcodeproj`, since a
    /// repository of several apps bumps each app's version in its own project; all of the
    /// repository's where no folder above holds one (a package's model, built by a project
    /// beside it).
    init(git: CommitQuestions, building file: String? = nil) {
        self.git = git
        let folder = file.flatMap { Self.projectFolder(of: $0, top: git.top) } ?? ""
        self.folder = folder
        paths = Self.projectFiles(in: folder)
    }

    /// The pathspecs of the project files under `folder` ("": the whole repository).
    private static func projectFiles(in folder: String) -> [String] {
        ["*.pbxproj", "*.xcconfig", "*Info.plist"].map { folder.isEmpty ? $0 : folder + "/" + $0 } + AppIdentity.excludedDependencies
    }

    /// The folder, relative to `top`, nearest above `file` that holds an `.xcodeproj`; nil where
    /// none below `top` does.
    private static func projectFolder(of file: String, top: String) -> String? {
        let root = PathResolution.canonical(top)
        var folder = PathResolution.parent(of: PathResolution.canonical(file))
        while folder.count > root.count, folder.hasPrefix(root + "/") {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if entries.contains(where: { $0.hasSuffix(".xcodeproj") }) { return PathResolution.relative(folder, to: root) }
            folder = PathResolution.parent(of: folder)
        }
        return nil
    }

    /// What `git log -G` looks for: a line of the setting, or a plist's `<string>` of a number
    /// (the key's line is the same before and after, so the value's line is what changes; a build
    /// number's changes too, and the diff tells them apart).
    private static let changedLines = "MARKETING_VERSION|<string>\\.?[0-9][^<]*</string>"

    /// What a line of a diff holds where it may set or name a version.
    private static let settingWords = ByteSearch.Words(["MARKETING_VERSION", "<string>", "CFBundleShortVersionString"].map { Array($0.utf8) })

    /// The newest change in `range` (`a1b2c3..<git's commit>`). Only the newest few commits that touch the
    /// setting are looked at: a large repository changes its project file in thousands (a plist's
    /// build number changes with most builds, so a few more).
    func newest(in range: String) -> AppVersionChange? {
        if let found = newest(in: range, paths: paths) { return found }
        // A project moved to its folder since (`git mv App app/App`): before the commit that
        // added its project file there, the project's files lay elsewhere, so the repository's
        // are read for that stretch.
        guard !folder.isEmpty, let start = range.components(separatedBy: "..").first, !start.isEmpty,
              let log = git.run(["log", "--first-parent", "--reverse", "--no-renames", "--diff-filter=A", "--no-color", "--format=%h", range, "--", folder + "/*.pbxproj"]), log.succeeded,
              let moved = log.text.split(separator: "\n").first else { return nil }
        return newest(in: "\(start)..\(moved)^", paths: Self.projectFiles(in: ""))
    }

    private func newest(in range: String, paths: [String]) -> AppVersionChange? {
        guard let log = git.run(["log", "--first-parent", "-n", "24", "--no-color", "--format=%h %cs", "-G", Self.changedLines, range, "--"] + paths),
              log.succeeded else { return nil }
        return firstChange(listedBy: log.text, paths: paths)
    }

    /// The oldest change in `range`: the first release made after its start.
    func oldest(in range: String) -> AppVersionChange? {
        guard let log = git.run(["log", "--first-parent", "--reverse", "--no-color", "--format=%h %cs", "-G", Self.changedLines, range, "--"] + paths),
              log.succeeded else { return nil }
        return firstChange(listedBy: log.text, paths: paths)
    }

    /// The first line of a `git log` whose commit changed the setting's value for good. A loop, not
    /// `lazy.compactMap(change).first`, which works out its first answer twice: one `git diff` more.
    private func firstChange(listedBy log: String, paths: [String]) -> AppVersionChange? {
        for line in log.split(separator: "\n") {
            if let found = changes(line, paths: paths).first(where: { !Self.namesNoLaterVersion(from: $0.from, to: $0.to) }),
               !isWithdrawn(found, paths: paths) { return found }
        }
        return nil
    }

    /// Whether the next change of `change`'s setting, up to git's commit, sets it back below the
    /// value `change` set: a number given to a release candidate by mistake ("2.0rc1", then
    /// "1.2rc2" the next day) names no release, and the release that followed shipped what came
    /// after it. Only the few oldest changes since are read: a withdrawn number goes soon.
    private func isWithdrawn(_ change: AppVersionChange, paths: [String]) -> Bool {
        // The commits of the following weeks only: `-G` diffs the project file of each commit it
        // looks at, and the years since the change cost seconds in a large repository.
        let days = Self.dayFormat()
        let soon = days.date(from: change.date).map { ["--until=\(days.string(from: $0.addingTimeInterval(Self.withdrawalWindow)))"] } ?? []
        guard let set = Self.leadingNumber(change.to),
              let log = git.run(["log", "--first-parent", "--no-color", "--format=%h %cs"] + soon + ["-G", Self.changedLines, "\(change.commit)..\(git.commit)", "--"] + paths),
              log.succeeded else { return false }
        for line in log.text.split(separator: "\n").suffix(8).reversed() {
            guard let next = changes(line, paths: paths).first(where: { $0.setting == change.setting }) else { continue }
            guard let value = Self.leadingNumber(next.to) else { return false }
            return value < set
        }
        return false
    }

    /// How long after a change of the app's version a change back below it withdraws it.
    private static let withdrawalWindow: TimeInterval = 90 * 24 * 3600

    /// Days as `%cs` writes them (`2025-11-21`).
    private static func dayFormat() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    /// The changes a `git log` line (`a1b2c3 2025-11-21`) names, where its diff against its first
    /// parent changes the setting's value, going back or not: `MARKETING_VERSION`'s, then a plist's
    /// `CFBundleShortVersionString`'s (a line of context shows the key above the changed value).
    private func changes(_ line: Substring, paths: [String]) -> [AppVersionChange] {
        let words = line.split(separator: " ")
        guard words.count == 2, let diff = git.run(["diff", "--no-color", "-U1", "\(words[0])^1", String(words[0]), "--"] + paths), diff.succeeded else { return [] }
        var removed: [String: Set<String>] = [:]
        var added: [String: Set<String>] = [:]
        var afterShortVersionKey = false
        for line in diff.text.utf8.split(separator: UInt8(ascii: "\n")) {
            // Most lines of a project file's diff (thousands where the file was rewritten) name no
            // version and end a key's reach: found by their bytes, neither decoded nor trimmed.
            guard line.withContiguousStorageIfAvailable({ ByteSearch.containsAny(Self.settingWords, in: UnsafeRawBufferPointer($0)) }) ?? true else {
                afterShortVersionKey = false
                continue
            }
            let row = Substring(line)
            let isRemoved = row.hasPrefix("-") && !row.hasPrefix("---"), isAdded = row.hasPrefix("+") && !row.hasPrefix("+++")
            let text = row.dropFirst()
            var found: (setting: String, value: String)?
            if let value = Self.settingValue(text) {
                found = ("MARKETING_VERSION", value)
            } else if afterShortVersionKey, let value = Self.plistString(text) {
                found = ("CFBundleShortVersionString", value)
            }
            if text.trimmingCharacters(in: .whitespaces) == "<key>CFBundleShortVersionString</key>" {
                afterShortVersionKey = true
            } else if !(afterShortVersionKey && (isRemoved || isAdded) && found != nil) {
                afterShortVersionKey = false
            }
            guard let found, isRemoved || isAdded else { continue }
            if isRemoved { removed[found.setting, default: []].insert(found.value) } else { added[found.setting, default: []].insert(found.value) }
        }
        return ["MARKETING_VERSION", "CFBundleShortVersionString"].compactMap { setting in
            let before = removed[setting] ?? [], after = added[setting] ?? []
            guard let from = before.subtracting(after).sorted().first, let to = after.subtracting(before).sorted().last else { return nil }
            return AppVersionChange(commit: String(words[0]), date: String(words[1]), from: from, to: to, setting: setting)
        }
    }

    /// Whether a version set from `from` to `to` names no later one: it goes back (`1.0` to
    /// `0.0.2`, a new project's template value replaced) or is the same number spelled otherwise
    /// (`1.1` to `1.1.0`). No release follows from that. A version is compared by its leading
    /// dotted number (`.9.3 (beta)` is 0.9.3); where those are the same and a suffix changed
    /// (`2.0b7` to `2.0rc`, a beta to a release candidate), or a version begins with none, they
    /// are not compared.
    static func namesNoLaterVersion(from: String, to: String) -> Bool {
        guard let old = leadingNumber(from), let new = leadingNumber(to) else { return false }
        if new == old { return VersionNumber(from) != nil && VersionNumber(to) != nil }
        return new < old
    }

    /// The dotted number a version setting begins with, a leading dot read as `0.`; nil where it
    /// begins with none.
    static func leadingNumber(_ value: String) -> VersionNumber? {
        let number = value.trimmingCharacters(in: .whitespaces).prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let trimmed = number.hasSuffix(".") ? number.dropLast() : number
        guard !trimmed.isEmpty else { return nil }
        return VersionNumber(trimmed.hasPrefix(".") ? "0" + trimmed : String(trimmed))
    }

    /// The value of a plist's `<string>2.0.1</string>` line, nil where it is none or a build
    /// setting's reference (`$(MARKETING_VERSION)`).
    static func plistString(_ line: Substring) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<string>"), trimmed.hasSuffix("</string>") else { return nil }
        let value = trimmed.dropFirst("<string>".count).dropLast("</string>".count)
        return value.isEmpty || value.contains("$") ? nil : String(value)
    }

    /// The value of a `MARKETING_VERSION = 2.0.1;` line (quoted or not), nil where it is none.
    static func settingValue(_ line: Substring) -> String? {
        guard let equals = line.firstIndex(of: "="), line[..<equals].trimmingCharacters(in: .whitespaces) == "MARKETING_VERSION" else { return nil }
        let value = line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t;\"\r"))
        return value.isEmpty || value.contains("$") ? nil : value
    }
}

import Foundation

/// The release tags of a repository: the tags whose names match a pattern (`v*`) and whose commit
/// lies in the history of a revision (`git tag --merged`), or, as git-flow releases, merges a
/// branch the revision has merged (a tag on `main` that the `develop` checked out lacks), in
/// release order: the tags of one
/// spelling (`v2.1`, or bare `2.1`, or `mac-2.1`) by the version they name (`ReleaseTagOrder`),
/// and tags of different spellings by the date of their commits, so that a bare `6.0.1` of an
/// older numbering comes before the `v2.5.4` released after it; tags numbered ahead of the newest
/// release that it descends from come before it. Read with one `git for-each-ref` and one
/// `git rev-list` (another `for-each-ref` where a tag follows the newest release); lightweight
/// and annotated tags alike.
package struct GitReleaseTags: Sendable {
    package struct Tag: Sendable, Hashable {
        /// The name without `refs/tags/` (`v1.2`, `release/2024.1`).
        package var name: String
        /// The tag's object: the commit of a lightweight tag, the tag object of an annotated one
        /// (git peels either to its tree).
        package var object: String
        /// When the tagged commit was made (seconds since 1970); 0 where it is not known.
        package var date = 0

        package init(name: String, object: String, date: Int = 0) {
            self.name = name
            self.object = object
            self.date = date
        }
    }

    /// The pattern the tags were taken with: the one given, or the default widened to the
    /// repository's release prefixes.
    package var pattern: String
    /// The tags matching the pattern, oldest release first.
    package var tags: [Tag]
    /// The names of the other tags, oldest release first: releases named in a way the pattern
    /// misses (`ios-v2.14`, `AppStore-3.1`) show here.
    package var otherTags: [String] = []
    /// The names of the tags outside the history of the revision (on a branch it has not merged,
    /// or on a history it does not descend from), oldest commit first: they record no release of
    /// what the revision holds, but say that the team tags its releases.
    package var elsewhere: [String] = []
    /// The names of the oldest tags, left out of `tags`: releases of another app (other bundle
    /// identifiers, other app groups) than the revision builds, whose stores it never opens.
    package var ofAnotherApp: [String] = []

    /// Reads the tags in `top` (the top of a work tree) whose commits `revision` has merged (or
    /// whose merges brought in a branch it has merged) and whose names match `pattern` (a shell
    /// glob, as `git tag --list` takes). Nil when git is missing; git's message when it ran but
    /// could not answer. A repository with no commits yet has no tags. One `for-each-ref`, which
    /// reads no history, and one `rev-list` for what the revision has merged: walking a history
    /// of tens of thousands of commits is what costs, so it is walked once.
    package static func read(matching pattern: String, mergedInto revision: String, top: String, runner: GitRunner, cache: GitHistoryCache? = nil) -> Result<GitReleaseTags, GitFailure>? {
        // The commit's date: its own for a lightweight tag, the peeled commit's for an annotated
        // one. After a tab, the commit (`*` where annotated) and its parents, the first of them
        // the line the tag is on, and after another tab the objects' types (a tag may name a tree).
        let format = "--format=%(objectname) %(refname:strip=2) %(committerdate:unix) %(*committerdate:unix)%09%(objectname) %(*objectname)%09%(parent) %(*parent)%09%(objecttype) %(*objecttype)"
        guard let output = runner.run(["for-each-ref", format, "refs/tags"], in: top) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        let listed = output.text.split(separator: "\n").compactMap(ListedTag.init)
        // The commits of the tags and of the branches their merges brought in that the revision lacks.
        let tips = Set(listed.flatMap { [$0.commit].compactMap { $0 } + $0.mergedParents })
        let answer = cache.map { $0.lacking(tips, top: top, revision: revision, runner: runner) } ?? lacking(tips, top: top, revision: revision, runner: runner)
        guard let answer else { return nil }
        let lacking: Set<String>
        switch answer {
        case .success(let found): lacking = found
        case .failure(let failure):
            let head = runner.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: top)
            return head?.status == 1 && revision == "HEAD" ? .success(GitReleaseTags(tags: [], pattern: pattern)) : .failure(failure)
        }
        let refs = RefQuestions(runner: runner, top: top, cache: cache, refs: output.text)
        let merged = listed.filter { $0.commit.map { !lacking.contains($0) } ?? false }
        let unmerged = listed.filter { $0.commit.map { lacking.contains($0) } ?? true }
        let (merges, elsewhere) = gitFlowReleases(unmerged, lacking: lacking)
        var tags = GitReleaseTags(listing: (merged + merges).map(\.listing).joined(separator: "\n"), pattern: pattern)
        tags.elsewhere = elsewhere
        tags.tags = placingBeforeTheNewestRelease(placingAfterWhatItPrecedes(tags.tags, refs: refs), refs: refs)
        let commits = Dictionary((merged + merges).compactMap { tag in tag.commit.map { (tag.name, $0) } }, uniquingKeysWith: { first, _ in first })
        tags.tags = oneTagPerCommit(tags.tags, commits: commits)
        let onBranches = releasedOnBranches(after: tags, among: unmerged.filter { elsewhere.contains($0.name) }, refs: refs)
        if !onBranches.isEmpty {
            tags.tags += onBranches
            let adopted = Set(onBranches.map { $0.name })
            tags.elsewhere.removeAll { adopted.contains($0) }
        }
        let another = releasesOfAnotherApp(tags.tags, than: revision, top: top, runner: runner)
        tags.ofAnotherApp = tags.tags.prefix(another).map(\.name)
        tags.tags.removeFirst(another)
        return .success(tags)
    }

    /// How many of the oldest of `tags` (oldest release first) were built as another app than
    /// `revision` (`AppIdentity.isAnotherApp(than:)`): the project began under other identifiers
    /// and took the revision's later, and the newest release has them. A team changes its app's
    /// identity once, so the tags are searched by halves: a `git grep` for the revision, the
    /// oldest tag and, only where that one is another app, a few more.
    private static func releasesOfAnotherApp(_ tags: [Tag], than revision: String, top: String, runner: GitRunner) -> Int {
        guard tags.count > 1, let current = AppIdentity.read(at: revision, top: top, runner: runner), !current.bundleIdentifiers.isEmpty else { return 0 }
        func isAnotherApp(_ index: Int) -> Bool {
            AppIdentity.read(at: tags[index].object, top: top, runner: runner)?.isAnotherApp(than: current) ?? false
        }
        guard isAnotherApp(0), !isAnotherApp(tags.count - 1) else { return 0 }
        // tags[low] is another app's, tags[high] the revision's.
        var low = 0, high = tags.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if isAnotherApp(middle) { low = middle } else { high = middle }
        }
        return high
    }

    /// The releases tagged on branches the revision never merged that came after its newest
    /// release: a team that tags each release on a release branch it forks from the mainline
    /// (`release-1.62.x`) and never merges back has, in the mainline's history, only the tags it
    /// once put there; what people run is on the branches. A tag counts where its commit descends
    /// from the newest release's, its version, of the same spelling, is a later release (no
    /// pre-release), and a branch named for releases holds the newest of them; a maintenance line
    /// forked before that release, or a tag on an experiment's branch, does not. In release order;
    /// two `for-each-ref`s that walk history, only where such tags (and such branches) are.
    private static func releasedOnBranches(after merged: GitReleaseTags, among unmerged: [ListedTag], refs: RefQuestions) -> [Tag] {
        let names = Set(merged.tags.map(\.name))
        let builds = buildCounts(names)
        guard let newest = merged.tags.last(where: { !isPrerelease($0.name, among: names, buildCounts: builds) }) else { return [] }
        let newestKey = ReleaseTagOrder.Key(newest.name)
        let later = GitReleaseTags(listing: unmerged.map(\.listing).joined(separator: "\n"), pattern: merged.pattern).tags.filter {
            spelling(of: $0.name) == spelling(of: newest.name) && !isPrerelease($0.name) && newestKey.precedes(ReleaseTagOrder.Key($0.name))
        }
        // Asked of those tags only.
        guard !later.isEmpty,
              let output = refs.run(["for-each-ref", "--contains=\(newest.object)", "--format=%(refname:strip=2)"] + later.map { "refs/tags/" + $0.name }), output.succeeded
        else { return [] }
        let descending = Set(output.text.split(separator: "\n").map(String.init))
        let released = later.filter { descending.contains($0.name) }
        // Only a branch named for releases (`release-1.62.x`, `origin/release`) says what its tags
        // are: a tag on `experiment` records no release people run. Only such branches are asked
        // about, so where there is none no history is walked, and a commit on another leaves a
        // kept answer standing.
        guard let last = released.last, let branches = refs.branches(named: "release"), !branches.refs.isEmpty,
              let holding = branches.questions.run(["for-each-ref", "--contains=\(last.object)", "--format=%(refname)"] + branches.refs), holding.succeeded,
              !holding.text.isEmpty
        else { return [] }
        return released
    }

    /// Which of `commits` the history of `revision` lacks: one `rev-list`, which walks the
    /// revision's history once and prints only what it does not have. Nil when git is missing.
    package static func lacking(_ commits: Set<String>, top: String, revision: String, runner: GitRunner) -> Result<Set<String>, GitFailure>? {
        // `^rev` excludes what the revision has (git before 2.42 takes no `--not` on stdin).
        let request = Data((commits.sorted() + ["^" + revision]).map { $0 + "\n" }.joined().utf8)
        guard let output = runner.run(["rev-list", "--stdin"], in: top, input: request) else { return nil }
        guard output.succeeded else { return .failure(GitFailure(output)) }
        return .success(commits.intersection(output.text.split(separator: "\n").map(String.init)))
    }

    /// One tag as `read` lists it.
    private struct ListedTag {
        /// `object name date peeled-date`, as `init(listing:pattern:)` reads it.
        var listing: Substring
        /// The commit the tag names (peeled where annotated); nil where it names no commit.
        var commit: String?
        /// The parents after the first of that commit: the branches a merge brought in.
        var mergedParents: [String]
        /// The tag's name, the listing's second field.
        var name: String { listing.split(separator: " ").dropFirst().first.map(String.init) ?? "" }

        init?(_ line: Substring) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4 else { return nil }
            let objects = fields[1].split(separator: " ")
            let types = fields[3].split(separator: " ")
            // An annotated tag: the peeled object and its type come second.
            let annotated = objects.count > 1
            let type = annotated ? types.dropFirst().first : types.first
            listing = fields[0]
            commit = type == "commit" ? (annotated ? objects[1] : objects.first).map(String.init) : nil
            mergedParents = commit == nil ? [] : fields[2].split(separator: " ").dropFirst().map(String.init)
        }
    }

    /// `tags` with the newest release by the version order moved before the tags ordered before
    /// it whose commits descend from its commit (a hotfix `3.1.11` tagged before `3.1.2`, as if
    /// it were `3.1.1.1`): history says it came first. Asked again of the release then newest, a
    /// few times at most; one `for-each-ref` each, only where an earlier tag's commit is younger.
    static func placingAfterWhatItPrecedes(_ tags: [Tag], refs: RefQuestions) -> [Tag] {
        let names = Set(tags.map(\.name))
        let builds = buildCounts(names)
        var tags = tags
        var asked: Set<String> = []
        // Only a tag made no earlier than the release can descend from it: the others are not
        // asked about, and git walks from those alone (a repository of 1,900 tags and 17,000
        // commits: 0.3 to 0.9 s for all of them).
        func younger(than newest: Int) -> [String] {
            ([tags[newest]] + tags[..<newest].filter { $0.date >= tags[newest].date }).map { "refs/tags/" + $0.name }
        }
        while asked.count < 4, let newest = tags.lastIndex(where: { !isPrerelease($0.name, among: names, buildCounts: builds) }),
              asked.insert(tags[newest].name).inserted, tags[..<newest].contains(where: { $0.date > tags[newest].date }),
              let output = refs.run(["for-each-ref", "--contains=\(tags[newest].object)", "--format=%(refname:strip=2) %(objectname) %(*objectname)"] + younger(than: newest)),
              output.succeeded {
            let commits = peeledCommits(output.text)
            guard let own = commits[tags[newest].name],
                  let first = tags[..<newest].firstIndex(where: { commits[$0.name].map { $0 != own } ?? false }) else { break }
            let release = tags.remove(at: newest)
            tags.insert(release, at: first)
        }
        return tags
    }

    /// `tags` (in release order) with one tag for each commit (`commits`, by tag name): tags on one
    /// commit are one release, whose files are the same under each name, and a number mistyped
    /// beside it (`0.1.0` on `1.1.0`'s commit) would make up a release before the first. The one
    /// kept is the last in that order that is no pre-release (`v3.1.3` beside `v3.1.3.beta.1`), or
    /// the last where all are.
    static func oneTagPerCommit(_ tags: [Tag], commits: [String: String]) -> [Tag] {
        let names = Set(tags.map(\.name))
        let builds = buildCounts(names)
        var kept: [String: String] = [:]
        for tag in tags {
            guard let commit = commits[tag.name] else { continue }
            if let other = kept[commit], isPrerelease(tag.name, among: names, buildCounts: builds), !isPrerelease(other, among: names, buildCounts: builds) { continue }
            kept[commit] = tag.name
        }
        return tags.filter { tag in commits[tag.name].map { kept[$0] == tag.name } ?? true }
    }

    /// Each tag's commit (the peeled one of an annotated tag) from `for-each-ref` lines of
    /// `%(refname:strip=2) %(objectname) %(*objectname)`.
    private static func peeledCommits(_ listing: String) -> [String: String] {
        Dictionary(listing.split(separator: "\n").compactMap { line -> (String, String)? in
            let fields = line.split(separator: " ")
            return fields.count >= 2 ? (String(fields[0]), String(fields.count > 2 ? fields[2] : fields[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
    }

    /// `tags` with those that the version order puts after the newest release but whose commits
    /// its commit descends from (pre-releases numbered ahead of the release they led to:
    /// `v1.1.0-beta3` before `v1.0.1`) moved before it, in their order: history says they came
    /// first. One `for-each-ref`, where any tag follows the newest release.
    static func placingBeforeTheNewestRelease(_ tags: [Tag], refs: RefQuestions) -> [Tag] {
        let names = Set(tags.map(\.name))
        let builds = buildCounts(names)
        // Asked of the tags after it and of itself only.
        guard let newest = tags.lastIndex(where: { !isPrerelease($0.name, among: names, buildCounts: builds) }), newest < tags.count - 1,
              let output = refs.run(["for-each-ref", "--merged=\(tags[newest].object)", "--format=%(refname:strip=2) %(objectname) %(*objectname)"] + tags[newest...].map { "refs/tags/" + $0.name }),
              output.succeeded
        else { return tags }
        let commits = peeledCommits(output.text)
        guard let release = commits[tags[newest].name] else { return tags }
        // A tag on the release's own commit is no earlier than it.
        let earlier = tags[(newest + 1)...].filter { commits[$0.name].map { $0 != release } ?? false }
        guard !earlier.isEmpty else { return tags }
        let moved = Set(earlier.map(\.name))
        return Array(tags[..<newest]) + earlier + [tags[newest]] + tags[(newest + 1)...].filter { !moved.contains($0.name) }
    }

    /// The tags the revision has not merged (`unmerged`) whose commit merges a branch it has
    /// (one not in `lacking`, the commits the revision lacks): with git-flow a release is tagged
    /// on the merge into `main`, whose other parent, the release branch, `develop` merges too;
    /// what the tag holds is what people run. A tag on a branch of its own (a maintenance line,
    /// an experiment) merges nothing the revision has. Also the names of the other tags the
    /// revision has not merged, oldest commit first.
    private static func gitFlowReleases(_ unmerged: [ListedTag], lacking: Set<String>) -> (merges: [ListedTag], elsewhere: [String]) {
        let releases = unmerged.filter { $0.mergedParents.contains { !lacking.contains($0) } }
        let released = Set(releases.compactMap { $0.listing.split(separator: " ").dropFirst().first.map(String.init) })
        let others = GitReleaseTags(listing: unmerged.map(\.listing).joined(separator: "\n"), pattern: "*").tags
        return (releases, elsewhere(others, besides: released))
    }

    /// The names of `tags` but `released`, oldest commit first.
    private static func elsewhere(_ tags: [Tag], besides released: Set<String>) -> [String] {
        tags.filter { !released.contains($0.name) }.sorted { ($0.date, $0.name) < ($1.date, $1.name) }.map(\.name)
    }

    /// Reads `object name [date] [peeled date]` lines (tag names contain no spaces or line breaks:
    /// git refuses them). The default pattern widens to what the repository's other tags show are
    /// releases (`widenedDefault`).
    package init(listing: String, pattern: String) {
        let tags = listing.split(separator: "\n").compactMap { line -> Tag? in
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
            let date = parts.dropFirst(2).compactMap { Int($0) }.first ?? 0
            return Tag(name: String(parts[1]), object: String(parts[0]), date: date)
        }
        let isDefault = pattern == HistorySource.defaultTagPattern
        let pattern = isDefault ? Self.widenedDefault(among: tags.map(\.name)) : pattern
        self.pattern = pattern
        // The default's `v*` takes a version after the `v`: a tag some CI job named without the
        // version it lacked (`v$APP_VERSION_b1`) records no release; nor does one that marks a
        // milestone of the work (`v0.1-setup`, `v0.3-wip`), no build anyone got.
        func matchesAVersion(_ name: String) -> Bool {
            Self.matches(name, pattern: pattern) && !(isDefault && (name.hasPrefix("v") || name.hasPrefix("V")) && !ReleaseTagOrder.Key(name).namesAVersion)
                && !(isDefault && Self.marksAMilestone(name))
        }
        // Tags whose version a platform follows (`v1.0.0_mac` beside `v2.1.4`) are another
        // platform's line of releases, numbered on their own and shipped to other devices: read
        // as releases of the line the unmarked tags make, they would come between its releases
        // by number, not by when they shipped.
        let platformLine = isDefault && tags.contains { matchesAVersion($0.name) && !Self.namesAPlatform(after: $0.name) }
        func isRelease(_ name: String) -> Bool {
            matchesAVersion(name) && !(platformLine && Self.namesAPlatform(after: name))
        }
        self.tags = Self.releaseOrder(tags.filter { isRelease($0.name) })
        self.otherTags = Self.releaseOrder(tags.filter { !isRelease($0.name) }).map(\.name)
    }

    /// The default pattern, and the prefixes of `names` that say a release with a dotted version
    /// after them (`release/v8.3.0`, `Release-2.1`, `appstore/1.4`); where none of `names`
    /// matches those, the prefixes of an Apple platform (`ios-v2.14.3`, `mac-1.0`): a repository
    /// that tags each platform's releases under its own prefix. Another platform's tags
    /// (`android-v1.0`) are no releases of the app's model; a build number (`release-1503`) no
    /// version.
    static func widenedDefault(among names: [String]) -> String {
        var pattern = HistorySource.defaultTagPattern
        if let released = releasePrefixPattern(among: names) { pattern += " " + released }
        if !names.contains(where: { matches($0, pattern: pattern) }), let platform = prefixPattern(among: names, words: applePlatforms) {
            pattern = platform
        }
        return pattern
    }

    /// Globs for the prefixes of `names` made only of words that name a release (`release`,
    /// `AppStore`, `version`, `v`, however joined: `release/v`, `AppStoreRelease`,
    /// `AppStore_Release_V`), one of them `release` or the App Store, followed by a dotted
    /// version; nil where none is. `releasenotes-1.0` or `build/alpha_b2` name no release.
    static func releasePrefixPattern(among names: [String]) -> String? {
        let vocabulary: Set<String> = ["release", "releases", "rel", "appstore", "app", "store", "version", "v"]
        var prefixes: Set<String> = []
        for name in names {
            let prefix = String(name.prefix { !$0.isNumber })
            let rest = name.dropFirst(prefix.count)
            guard !prefix.isEmpty, !rest.isEmpty, rest.contains("."), !prefix.contains(where: { "*?[]\\".contains($0) }) else { continue }
            // Words split at punctuation and where a capital follows a small letter (`AppStore`).
            var words: [String] = []
            var word = ""
            var previous: Character?
            for character in prefix {
                if !character.isLetter || (character.isUppercase && previous?.isLowercase == true) {
                    if !word.isEmpty { words.append(word.lowercased()) }
                    word = character.isLetter ? String(character) : ""
                } else {
                    word.append(character)
                }
                previous = character
            }
            if !word.isEmpty { words.append(word.lowercased()) }
            // `releaseV` and `AppStore_ReleaseV2.1`: a `v` run into the word before the version.
            words = words.flatMap { $0.count > 1 && $0.hasSuffix("v") && vocabulary.contains(String($0.dropLast())) ? [String($0.dropLast()), "v"] : [$0] }
            let joined = Set(words)
            guard !words.isEmpty, joined.isSubset(of: vocabulary),
                  !joined.isDisjoint(with: ["release", "releases", "rel", "appstore"]) || joined.isSuperset(of: ["app", "store"]) else { continue }
            prefixes.insert(prefix)
        }
        return prefixes.isEmpty ? nil : prefixes.sorted().map { $0 + "[0-9]*.*" }.joined(separator: " ")
    }

    /// Whether a platform's name follows the tag's version (`v1.0.0_mac`, `2.3-watchOS`).
    static func namesAPlatform(after name: String) -> Bool {
        let key = ReleaseTagOrder.Key(name)
        let word = key.rest.drop { "-_. ".contains($0) }.lowercased()
        return !key.numbers.isEmpty && (applePlatforms.contains(word) || ["tvos", "android"].contains(word))
    }

    /// The names of the Apple platforms as tag prefixes write them.
    static let applePlatforms: Set<String> = ["ios", "ipados", "iphone", "ipad", "mac", "macos", "osx", "apple", "watchos", "visionos"]

    /// Globs for the prefixes of `names` that are one of `words` (letters only, any case, a `v`
    /// after the word allowed) followed by a dotted version: `ios-v[0-9]*.*` for `ios-v2.14.3`,
    /// not a build number's `ios-1503`; nil where none is.
    static func prefixPattern(among names: [String], words: Set<String>) -> String? {
        var prefixes: Set<String> = []
        for name in names {
            let prefix = String(name.prefix { !$0.isNumber })
            let rest = name.dropFirst(prefix.count)
            guard !rest.isEmpty, rest.contains("."), !prefix.contains(where: { "*?[]\\".contains($0) }) else { continue }
            var word = prefix.lowercased().filter(\.isLetter)
            if word.hasSuffix("v"), words.contains(String(word.dropLast())) { word.removeLast() }
            if words.contains(word) { prefixes.insert(prefix) }
        }
        return prefixes.isEmpty ? nil : prefixes.sorted().map { $0 + "[0-9]*.*" }.joined(separator: " ")
    }

    /// Each spelling's tags by the version they name, the spellings merged by date (the earlier
    /// commit first; the version order where dates tie or are unknown).
    static func releaseOrder(_ tags: [Tag]) -> [Tag] {
        typealias Keyed = (tag: Tag, key: ReleaseTagOrder.Key)
        func precedes(_ x: Keyed, _ y: Keyed) -> Bool {
            x.tag.date != y.tag.date ? x.tag.date < y.tag.date : x.key.precedes(y.key)
        }
        // Pre-releases of one version name their channel and build in words no order knows
        // (`v0.1.0-DevBeta-521` before `v0.1.0-Canary.9a-600`), and builds of one version may
        // carry a build number a CI job left empty (`v1.0.4_b` after `v1.0.4_b78`): by date, as
        // they were made. A pre-release still comes before its release.
        func precedesInLine(_ x: Keyed, _ y: Keyed) -> Bool {
            x.key.isSameVersion(as: y.key) && x.key.isPreRelease == y.key.isPreRelease && x.tag.date != y.tag.date
                ? x.tag.date < y.tag.date : x.key.precedes(y.key)
        }
        let keyed = tags.map { (tag: $0, key: ReleaseTagOrder.Key($0.name)) }
        var lines = Dictionary(grouping: keyed) { spelling(of: $0.tag.name) }.values.map { $0.sorted(by: precedesInLine)[...] }
        var ordered: [Tag] = []
        while let next = lines.indices.compactMap({ index in lines[index].first.map { (index, $0) } }).min(by: { precedes($0.1, $1.1) }) {
            ordered.append(next.1.tag)
            lines[next.0].removeFirst()
        }
        return ordered
    }

    /// The tags up to the newest release people run: the pre-releases after it (`v2.2-beta1`
    /// after `v2.1`) went to testers, and what the next release changes is measured from the
    /// release before them. All of them where every tag is a pre-release.
    package var upToNewestRelease: [Tag] {
        let testersOnly = Self.testersOnly(tags)
        guard let newest = tags.lastIndex(where: { !testersOnly.contains($0.name) }) else { return tags }
        return Array(tags[...newest])
    }

    /// The names of the pre-releases among `tags` (in release order) that went to testers only.
    /// A version tagged only as pre-releases, with a later version tagged after them and no
    /// release tagged since, shipped its last pre-release: a team that tags only its builds
    /// (`v4.2.0-RC.3-2709`, then `v4.2.1-Beta.1-2718`) releases the build it tested last. (One
    /// that tags its releases and later tagged one skipped a version's betas.) A version tagged
    /// only in numbered builds (`v8.0.0.24579`) shipped its last build also where later versions
    /// are tagged as releases, unless the team tags releases beside their builds.
    package static func testersOnly(_ tags: [Tag]) -> Set<String> {
        let names = Set(tags.map(\.name))
        // A build's version is the one it builds (`8.0.0` of `v8.0.0.22594`), not its number.
        let versions = tags.map { versionNumber(in: builtVersion(of: $0.name) ?? $0.name) }
        let builds = buildCounts(names)
        let pre = Set(tags.indices.filter { isPrerelease(tags[$0].name, among: names, buildCounts: builds) })
        let released = Set(tags.indices.filter { !pre.contains($0) }.compactMap { versions[$0] })
        let lastRelease = tags.indices.last { !pre.contains($0) } ?? -1
        let tagsReleasesBesideBuilds = builds.keys.contains { names.contains($0) }
        var shipped: Set<Int> = []
        for index in pre {
            guard let version = versions[index], !released.contains(version) else { continue }
            // A build (a number, no pre-release's word) of a version tagged only in builds is
            // its release wherever it lies, unless the team tags its releases beside their
            // builds (`1.95.0` and `1.95.0-212`); a beta only after the last release.
            guard index > lastRelease || !tagsReleasesBesideBuilds && !isPrerelease(tags[index].name) else { continue }
            let later = versions[(index + 1)...]
            if !later.contains(version), later.contains(where: { $0 != nil }) { shipped.insert(index) }
        }
        return Set(pre.filter { !shipped.contains($0) }.map { tags[$0].name })
    }

    /// The version a tag names: its first run of digits and dots (`4.2.0` of `v4.2.0-RC.3-2709`).
    static func versionNumber(in name: String) -> String? {
        // Tag names are ASCII but for rare ones: read as bytes, a release's hundreds of tags cost
        // next to nothing; Unicode digits go the slow way.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(name.utf8)
            guard let start = bytes.firstIndex(where: isDigit) else { return nil }
            var end = bytes[start...].firstIndex { !isDigit($0) && $0 != UInt8(ascii: ".") } ?? bytes.endIndex
            while end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        guard let start = name.firstIndex(where: \.isNumber) else { return nil }
        let run = name[start...].prefix { $0.isNumber || $0 == "." }
        return String(run.reversed().drop { $0 == "." }.reversed())
    }

    /// Whether a tag marks a milestone of the work rather than a build: a word of its name
    /// (between punctuation) is `setup`, `wip` or `draft` (`v0.1-setup`, `v0.3-wip`).
    static func marksAMilestone(_ name: String) -> Bool {
        name.lowercased().split { !$0.isLetter }.contains { ["setup", "wip", "draft"].contains($0) }
    }

    /// Whether a tag names a pre-release: a word of its name (between punctuation) begins with
    /// `alpha`, `beta`, `rc`, `pre`, `preview`, `prerelease`, `dev`, `nightly`, `snapshot`,
    /// `staging` or `test` (`v2.1.2-beta3`, `1.0-rc.1`, `5.19.0-1-staging`, `6.6.0-prerelease`),
    /// also written straight after the version's last number, where `a` and `b` are alpha and
    /// beta (`v1.0.0b2`, `2.0a1`, `1.4rc2`).
    package static func isPrerelease(_ name: String) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return isASCIIPrerelease(Array(name.lowercased().utf8)) }
        let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }
        // Short marks only alone or with a number (`rc1`, not `rcs`); the others begin a word (`beta3`, `testflight`).
        let marks = prereleaseMarks
        func isMark(_ word: Substring, among marks: [String]) -> Bool {
            marks.contains { word.hasPrefix($0) && (word.count == $0.count || word.dropFirst($0.count).allSatisfy { $0.isNumber } || $0.count > 3) }
        }
        return words.contains { word in
            if isMark(word, among: marks) { return true }
            let afterNumber = word.drop { $0.isNumber }
            return afterNumber.count < word.count && isMark(afterNumber, among: marks + ["a", "b"])
        }
    }

    private static let prereleaseMarks = ["alpha", "beta", "rc", "pre", "preview", "prerelease", "dev", "nightly", "snapshot", "staging", "test"]
    private static let prereleaseMarkBytes = prereleaseMarks.map { Array($0.utf8) }
    private static let shortPrereleaseMarkBytes = prereleaseMarkBytes + [[UInt8(ascii: "a")], [UInt8(ascii: "b")]]

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `isPrerelease(_:)` of a lowercased ASCII name, as bytes.
    private static func isASCIIPrerelease(_ name: [UInt8]) -> Bool {
        func isMark(_ word: ArraySlice<UInt8>, among marks: [[UInt8]]) -> Bool {
            marks.contains { mark in
                word.starts(with: mark) && (word.count == mark.count || word.dropFirst(mark.count).allSatisfy(isDigit) || mark.count > 3)
            }
        }
        let words = name.split { !isDigit($0) && !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) }
        return words.contains { word in
            if isMark(word, among: prereleaseMarkBytes) { return true }
            let afterNumber = word.drop(while: isDigit)
            return afterNumber.count < word.count && isMark(afterNumber, among: shortPrereleaseMarkBytes)
        }
    }

    /// Whether a tag names a pre-release among the tags `names`: `isPrerelease(_:)`, or a build
    /// of a release tagged on its own (`1.95.0-212` beside `1.95.0`: the build went to testers,
    /// the release to people), or a build where the team tags every build (`1.0-14`, `1.0-17`,
    /// `1.0-30`, `1.1-3`: some version has several), whose last build of a version it moved on
    /// from is the release (`testersOnly(_:)`). A dated name (`2024-03-12`) has no dotted
    /// version before its number. `buildCounts`: `buildCounts(names)`, where the caller asks of
    /// many tags.
    package static func isPrerelease(_ name: String, among names: Set<String>, buildCounts: [String: Int]? = nil) -> Bool {
        if isPrerelease(name) { return true }
        guard let version = builtVersion(of: name) else { return false }
        if names.contains(version) { return true }
        return version.contains(".") && (buildCounts ?? Self.buildCounts(names)).values.contains { $0 > 1 }
    }

    /// The version a build's tag names before its number (`1.0` of `1.0-14`, of semantic
    /// versioning's `1.0+14`, and `v8.0.0` of `v8.0.0.22594`, a build number of three digits or
    /// more after a version of three parts, where a fourth part of a digit or two would be a
    /// hotfix's); nil for a tag that ends in no build number.
    static func builtVersion(of name: String) -> String? {
        func isNumber(_ text: Substring) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        if let mark = name.lastIndex(where: { $0 == "-" || $0 == "+" }), isNumber(name[name.index(after: mark)...]) { return String(name[..<mark]) }
        guard let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].count >= 3, isNumber(name[name.index(after: dot)...]) else { return nil }
        let version = name[..<dot].reversed().prefix { $0.isNumber || $0 == "." }
        let parts = String(version.reversed()).split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy(isNumber) ? String(name[..<dot]) : nil
    }

    /// How many tags of `names` are builds of each dotted version (`1.0` in `1.0-14` and
    /// `1.0-17`: 2).
    static func buildCounts(_ names: Set<String>) -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in names { if let version = builtVersion(of: name), version.contains(".") { counts[version, default: 0] += 1 } }
        return counts
    }

    /// What a tag's name has before its version, as one spelling: `v` (`v2.1`, `V2.1`, `v.2.1`),
    /// nothing for a bare number, `mac-v` for `mac-v2.1`.
    package static func spelling(of name: String) -> String {
        let prefix = name.prefix { !$0.isNumber }.lowercased()
        return String(prefix.reversed().drop { ".-_".contains($0) }.reversed())
    }

    init(tags: [Tag], pattern: String) {
        self.pattern = pattern
        self.tags = tags
    }

    /// Whether the tag's name matches one of the pattern's globs, which spaces separate (`*` also
    /// crosses `/`, as in `git tag --list`).
    static func matches(_ name: String, pattern: String) -> Bool {
        pattern.split(separator: " ").contains { glob in fnmatch(String(glob), name, 0) == 0 }
    }
}

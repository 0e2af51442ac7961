import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintXcode

/// What the release that first shipped each version of an Xcode bundle held, where a later
/// release holds it changed. Comparing with the newest release tag alone misses a version edited
/// between two older releases: the newest tag already has the edit, yet the stores the first
/// release made carry the version's old hashes, which no model in the bundle matches any more.
///
/// A version counts as shipped by a release where the tag holds its `contents` and it is the
/// current version or one before it. Every release is read, in a few `git cat-file` runs per
/// bundle however many tags there are (`BundleAtTags`).
struct GitFirstReleases {
    var runner = GitRunner()
    /// The work tree's top folder, where git runs and paths are relative to.
    let top: String
    /// The release tags merged into HEAD, oldest first.
    let tags: [GitReleaseTags.Tag]
    /// Where what a bundle's folder held at each tag is kept between runs; nil to keep nothing.
    var cache: GitHistoryCache?

    /// What the release tags say of a run's bundles.
    struct Reading {
        /// What the newest release holds, each version with the release that first shipped it
        /// where a later release holds it changed.
        var entries: [VersionLock.Entry]
        /// The versions no release made current, by bundle path (`neverCurrentVersions`).
        var neverCurrent: [String: [NeverCurrentVersion]] = [:]
    }

    /// `entries` (what the newest release holds), each version of a bundle with the release that
    /// first shipped it where a later release holds it changed; and the versions no release made
    /// current. Bundles are asked side by side: each one's reading waits on git.
    func adding(to entries: [VersionLock.Entry], bundles: [XcodeModelBundle], histories: [ModelHistory]) -> Reading {
        // A bundle the newest release has none of at its path now moved since: its released
        // versions are looked for where it was.
        let entered = Set(entries.compactMap(\.history))
        let asked = bundles.compactMap { bundle -> (XcodeModelBundle, ModelHistory, Set<String>)? in
            let key = "bundle:" + bundle.path
            guard let history = histories.first(where: { $0.key == key }) else { return nil }
            let labels = Set(entries.filter { $0.history == key }.compactMap(\.label))
            return (bundle, history, labels.isEmpty ? Set(history.releasedVersions.map(\.label)) : labels)
        }
        guard !asked.isEmpty else { return Reading(entries: entries) }
        let listings = GitTreeListings(runner: runner, top: top)
        let found = OrderedConcurrentMap.map(count: asked.count, concurrently: asked.count > 1) { index in
            let (bundle, history, labels) = asked[index]
            let moved = !entered.contains("bundle:" + bundle.path)
            let relative = PathResolution.relative(PathResolution.canonical(bundle.path), to: PathResolution.canonical(top))
            let reading = BundleAtTags(runner: runner, top: top, bundle: relative, tags: tags.map(\.name), objects: tags.map(\.object), cache: cache, listings: listings)
            let releases = tags.count > (moved ? 0 : 1) ? reading.read(labels: bundle.ordering.history) : []
            let usesCloudKit = history.versions.contains(where: \.usesCloudKit)
            return (
                key: "bundle:" + bundle.path,
                first: firstReleases(of: bundle, releases: releases, reading: reading, labels: labels, model: history.model, usesCloudKit: usesCloudKit, evenUnchanged: moved),
                removed: removedVersions(of: bundle, releases: releases, reading: reading, history: history, usesCloudKit: usesCloudKit),
                neverCurrent: neverCurrentVersions(of: bundle, history: history, at: relative, releases: releases, reading: reading)
            )
        }
        let byHistory = Dictionary(found.map { ($0.key, $0.first) }, uniquingKeysWith: { first, _ in first })
        var result = entries.map { entry in
            var entry = entry
            if let history = entry.history, let label = entry.label { entry.firstRelease = byHistory[history]?[label] }
            return entry
        }
        // For a moved bundle, an entry of each version the releases shipped, as the newest
        // release holds it where the bundle was then: the comparisons made at the bundle's path
        // for one that stayed.
        for (bundle, history, _) in asked where !entered.contains("bundle:" + bundle.path) {
            let key = "bundle:" + bundle.path
            for version in history.releasedVersions {
                guard let release = byHistory[key]?[version.label], let newest = release.shapes.last else { continue }
                var entry = VersionLock.Entry(released: newest.copy, of: history.model, at: newest.place)
                entry.version = version.version.text
                entry.label = version.label
                entry.history = key
                entry.firstRelease = release.shapes.count > 1 ? release : nil
                result.append(entry)
            }
        }
        // Versions older releases shipped that the bundle lost, unless an entry names them already.
        for (key, _, removed, _) in found {
            let named = Set(result.filter { $0.history == key }.compactMap(\.label))
            result += removed.filter { !named.contains($0.label ?? "") }
        }
        var reading = Reading(entries: result)
        for (index, bundle) in asked.map(\.0).enumerated() where !found[index].neverCurrent.isEmpty {
            reading.neverCurrent[bundle.path] = found[index].neverCurrent
        }
        return reading
    }

    /// The versions of `bundle` (at `relative` to the top) that no release made current, though
    /// one release made an earlier version current and every release since, and the work tree, a
    /// later one: no store was made with them (`NeverCurrentVersion`). A version whose model is
    /// one a release made stores with under its own name (a copy of what shipped, restored so
    /// that those stores can migrate) is theirs. A release the tags miss may have made one
    /// current: git is asked whether any commit changed `.xccurrentversion` to or from it, at each
    /// path the bundle had, and where one did, or git cannot say, the version stays in the steps.
    func neverCurrentVersions(of bundle: XcodeModelBundle, history: ModelHistory, at relative: String, releases: [BundleAtTags.Held], reading: BundleAtTags) -> [NeverCurrentVersion] {
        guard releases.count == tags.count, !tags.isEmpty, let now = bundle.currentVersionName else { return [] }
        let order = bundle.ordering.history
        let positions = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        guard let nowPosition = positions[now] else { return [] }
        // The version current at each release where the bundle has it now, then in the work tree.
        let currents: [(release: Int?, name: String, position: Int)] = releases.indices.compactMap { index in
            releases[index].currentVersion.flatMap { name in positions[name].map { (index, name, $0) } }
        } + [(nil, now, nowPosition)]
        let everCurrent = Set(releases.compactMap(\.currentVersion) + [now])
        var result: [NeverCurrentVersion] = []
        // What the releases made stores with, read only once a version is a candidate.
        var madeStores: [ModelVersion]?
        func matchesAShippedStore(_ name: String) -> Bool {
            guard let version = history.versions.first(where: { $0.label == name }) else { return true }
            if madeStores == nil {
                let blobs = Set(releases.compactMap { release in release.currentVersion.flatMap { release.versions[$0] } })
                let texts = reading.contents(of: blobs.sorted())
                let entities = EntityTextCache()
                madeStores = blobs.sorted().compactMap { blob in
                    texts[blob].flatMap { try? XcodeModelReader.parse(version: $0, file: blob, model: history.model, label: blob, cloudKit: version.usesCloudKit, entities: entities) }
                }
                // A release whose current model cannot be read leaves the question open.
                if madeStores?.count != blobs.count { return true }
            }
            return madeStores?.contains { version.entitiesNeedingMigration(from: $0).isEmpty } ?? true
        }
        // Every line a commit wrote to or took from the current-version file, wherever the bundle
        // lay (it may have moved) and lies now: read once, and only where a version is a candidate.
        var changed: GitChangedLines??
        func everMadeCurrent(_ name: String) -> Bool {
            if changed == nil {
                let paths = Set(releases.map(\.folder).filter { !$0.isEmpty } + [relative]).sorted()
                changed = .some(GitChangedLines.read(paths.map { ":(literal)\($0)/.xccurrentversion" }, top: top, runner: runner, cache: cache))
            }
            // Git could not say: the version stays a step.
            guard let lines = changed ?? nil else { return true }
            return lines.anyLine(containing: name + XcodeModelBundle.versionExtension)
        }
        for (position, name) in order.enumerated() where position < nowPosition && !everCurrent.contains(name) {
            guard let before = currents.lastIndex(where: { $0.release != nil && $0.position < position }),
                  let release = currents[before].release,
                  currents[(before + 1)...].allSatisfy({ $0.position > position }),
                  !everMadeCurrent(name),
                  !matchesAShippedStore(name)
            else { continue }
            let after = currents[before + 1]
            result.append(NeverCurrentVersion(
                name: name, lastReleaseBefore: tags[release].name, currentBefore: currents[before].name,
                firstReleaseAfter: after.release.map { tags[$0].name }, madeCurrentAfter: after.name
            ))
        }
        return result
    }

    /// The versions that releases before the newest shipped as their current one and that the
    /// bundle no longer has under any name: Core Data finds the model of a store by its entity
    /// hashes, so a version whose shape another version of the bundle has (a folder renamed) is
    /// no loss. One entry each, as the last release that shipped it holds it.
    func removedVersions(of bundle: XcodeModelBundle, releases: [BundleAtTags.Held], reading: BundleAtTags, history: ModelHistory, usesCloudKit: Bool) -> [VersionLock.Entry] {
        guard releases.count == tags.count, tags.count > 1 else { return [] }
        let present = Set(bundle.ordering.history)
        let testersOnly = GitReleaseTags.testersOnly(tags)
        let newest = tags.count - 1
        var spans: [String: (first: Int, last: Int)] = [:]
        for index in 0..<newest where !testersOnly.contains(tags[index].name) {
            guard let current = releases[index].currentVersion, !present.contains(current), current != releases[newest].currentVersion else { continue }
            spans[current] = (spans[current]?.first ?? index, index)
        }
        guard !spans.isEmpty else { return [] }
        let removed = reading.read(labels: spans.keys.sorted())
        let blobs = spans.compactMap { name, span in removed[span.last].versions[name] }
        let texts = reading.contents(of: Array(Set(blobs)).sorted())
        let kept = history.versions.filter { $0.format == .xcode && $0.releaseTag == nil }
        let entities = EntityTextCache()
        return spans.keys.sorted().compactMap { name in
            guard let span = spans[name], let blob = removed[span.last].versions[name], let data = texts[blob] else { return nil }
            let place = "\(tags[span.last].name):\(removed[span.last].folder)/\(name)\(XcodeModelBundle.versionExtension)/\(XcodeModelReader.fileName(ofVersion: data))"
            guard let copy = try? XcodeModelReader.parse(version: data, file: place, model: history.model, label: name, cloudKit: usesCloudKit, entities: entities),
                  !copy.entities.isEmpty, !kept.contains(where: { $0.entitiesNeedingMigration(from: copy).isEmpty }) else { return nil }
            var entry = VersionLock.Entry(released: copy, of: history.model, at: place)
            entry.history = "bundle:" + bundle.path
            let next = releases[(span.last + 1)...].first { $0.currentVersion.map(present.contains) ?? false }?.currentVersion
            entry.removedFromBundle = (first: tags[span.first].name, last: tags[span.last].name, nextCurrent: next)
            return entry
        }
    }

    /// For the versions of `bundle` (named by label) that the newest tag holds: the first release
    /// of each one a later release holds changed.
    /// With `evenUnchanged` (a bundle that moved since the newest release), also those no later
    /// release changed: one shape each.
    /// `releases` is the bundle at each tag (`BundleAtTags`).
    func firstReleases(
        of bundle: XcodeModelBundle, releases: [BundleAtTags.Held], reading: BundleAtTags, labels: Set<String>, model: String, usesCloudKit: Bool, evenUnchanged: Bool = false
    ) -> [String: FirstRelease] {
        guard tags.count > (evenUnchanged ? 0 : 1), !labels.isEmpty, releases.count == tags.count else { return [:] }
        let order = bundle.ordering.history
        let newest = tags.count - 1
        // What each release shipped: the versions it holds up to its current one, in history order.
        let positions = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Releases that did not touch the bundle hold the same tree: what one shipped, all did.
        var shippedByTree: [String: Set<String>] = [:]
        func shipped(_ index: Int) -> Set<String> {
            let release = releases[index]
            let key = release.tree + "\u{0}" + (release.currentVersion ?? "")
            if let known = shippedByTree[key] { return known }
            let held = order.filter { release.versions[$0] != nil }
            let set: Set<String>
            if let current = release.currentVersion, let position = positions[current] {
                set = Set(held.filter { (positions[$0] ?? 0) <= position })
            } else {
                set = Set(held)
            }
            shippedByTree[key] = set
            return set
        }
        let testersOnly = GitReleaseTags.testersOnly(tags)
        let forTesters = tags.map { testersOnly.contains($0.name) }
        // The first release that shipped each version to everyone.
        var firstShipped: [String: Int] = [:]
        var treesSeen: Set<String> = []
        for index in releases.indices where !forTesters[index] && treesSeen.insert(releases[index].tree + "\u{0}" + (releases[index].currentVersion ?? "")).inserted {
            for label in shipped(index) where firstShipped[label] == nil { firstShipped[label] = index }
        }
        // Each version's file as the first release that shipped it holds it, then as each later
        // release holds it where it changed.
        var candidates: [(label: String, releases: [(index: Int, blob: String)])] = []
        let newestShipped = shipped(newest)
        for label in labels.sorted() where newestShipped.contains(label) {
            // A pre-release (`v2.1-beta3`, `5.19.0-1-staging`) ships to testers: the first
            // release that shipped the version to everyone is what their stores were made with.
            // Any release that holds it otherwise than the newest counts, not only the first: a
            // release tagged out of order (`1.0.1` made after `1.0.9`) may hold the newest shape.
            guard let index = firstShipped[label], index < newest || evenUnchanged,
                  let blob = releases[index].versions[label],
                  evenUnchanged || releases[index..<newest].contains(where: { $0.versions[label].map { $0 != releases[newest].versions[label] } ?? false })
            else { continue }
            var changes = [(index: index, blob: blob)]
            for later in (index + 1)..<(newest + 1) where later == newest || !forTesters[later] {
                if let held = releases[later].versions[label], held != changes[changes.count - 1].blob { changes.append((later, held)) }
            }
            candidates.append((label, changes))
        }
        guard !candidates.isEmpty else { return [:] }
        let texts = reading.contents(of: Array(Set(candidates.flatMap { $0.releases.map(\.blob) })).sorted())
        var result: [String: FirstRelease] = [:]
        // The releases' files mostly repeat each other's entities: each is read once.
        let entities = EntityTextCache()
        for candidate in candidates {
            // Xcode saving a file again (its version in the `<model>` tag, the diagram's
            // `<elements>`) is no change: only files that differ in more are read as models, and
            // a version every release holds as one model (an Xcode upgrade saved them all) is not
            // read at all.
            let comparables = candidate.releases.map { texts[$0.blob].map(XcodeModelText.comparable) }
            var models = 0
            var last: [UInt8]?
            for comparable in comparables.compactMap({ $0 }) where comparable != last {
                models += 1
                last = comparable
            }
            guard models > 1 || evenUnchanged else { continue }
            var shapes: [ShippedShape] = []
            var previous: [UInt8]?
            for (step, (index, blob)) in candidate.releases.enumerated() {
                guard let data = texts[blob], let comparable = comparables[step] else { continue }
                // The releases that held the file so, up to the next change: the last of them
                // with the version current made stores of this shape too.
                let end = step + 1 < candidate.releases.count ? candidate.releases[step + 1].index - 1 : newest
                let lastMade = (index...max(index, end)).last { later in
                    !forTesters[later] && (releases[later].currentVersion.map { $0 == candidate.label } ?? true)
                }.map { tags[$0].name }
                guard comparable != previous else {
                    if let lastMade, !shapes.isEmpty { shapes[shapes.count - 1].lastTag = lastMade }
                    continue
                }
                previous = comparable
                let place = "\(tags[index].name):\(releases[index].folder)/\(candidate.label)\(XcodeModelBundle.versionExtension)/\(XcodeModelReader.fileName(ofVersion: data))"
                guard let copy = try? XcodeModelReader.parse(version: data, file: place, model: model, label: candidate.label, cloudKit: usesCloudKit, entities: entities) else { continue }
                shapes.append(ShippedShape(
                    tag: tags[index].name, copy: copy, place: place, madeStores: releases[index].currentVersion.map { $0 == candidate.label } ?? true,
                    lastTag: lastMade == tags[index].name ? nil : lastMade
                ))
            }
            if shapes.count > 1 || evenUnchanged && !shapes.isEmpty { result[candidate.label] = FirstRelease(shapes: shapes) }
        }
        return result
    }
}

/// A bundle's versions at every release tag, read with a handful of `git cat-file` runs whatever
/// the number of tags: the bundle's tree at each tag, then what each distinct tree holds
/// (releases that did not touch the bundle share its tree).
struct BundleAtTags {
    /// The bundle as one tag holds it.
    struct Held {
        /// The bundle's folder there, relative to the top: where it is now, or where it was
        /// before it moved.
        var folder = ""
        /// The folder's tree object: releases that hold the same one hold the same versions.
        var tree = ""
        /// The blob of each version's `contents`, by version name.
        var versions: [String: String] = [:]
        /// The current version's name, from `.xccurrentversion`.
        var currentVersion: String?
    }

    let runner: GitRunner
    let top: String
    /// The bundle's folder now, relative to the top.
    let bundle: String
    let tags: [String]
    /// Each tag's object, which names the trees at the tag for good: what was read at it is kept
    /// in `cache` by it. Empty to keep nothing.
    var objects: [String] = []
    var cache: GitHistoryCache?
    /// The whole tree's paths at a revision, listed once for all the bundles of a run.
    var listings: GitTreeListings?

    /// The bundle at each tag (empty where it has none), for the versions named `labels`.
    func read(labels: [String]) -> [Held] {
        var folders = [String?](repeating: nil, count: tags.count)
        var trees = [String?](repeating: nil, count: tags.count)
        // At its path now, else at a path it had before it moved (or its folder was renamed),
        // found by its name in the tree of the newest release that lacks it: a bundle of its name
        // that HEAD still has elsewhere is a copy (a watch app's), not where it was, and so is one
        // that a release held beside it (an old bundle left in the tree, unbuilt, while the app
        // built this one).
        var candidate: String? = bundle
        var copies: Set<String>?
        var tried: Set<String> = []
        while let folder = candidate, tried.insert(folder).inserted {
            let missing = tags.indices.filter { trees[$0] == nil }
            for (index, object) in zip(missing, folderTrees(folder, at: missing)) where object != nil {
                (trees[index], folders[index]) = (object, folder)
            }
            candidate = nil
            guard let lacking = tags.indices.last(where: { trees[$0] == nil }) else { break }
            if copies == nil { copies = namedFolders(at: "HEAD").subtracting([bundle]) }
            let elsewhere = namedFolders(at: tags[lacking]).subtracting(copies ?? []).subtracting(tried)
            let held = tags.indices.filter { trees[$0] != nil }
            for folder in elsewhere.sorted(by: { (Self.shared($0, bundle), $1) > (Self.shared($1, bundle), $0) }) {
                if folderTrees(folder, at: held).allSatisfy({ $0 == nil }) {
                    candidate = folder
                    break
                }
                tried.insert(folder)
            }
        }
        // What each distinct tree holds, kept by tree (a tree never changes): releases that did
        // not touch the bundle share its tree.
        let distinct = Array(Set(trees.compactMap { $0 })).sorted()
        let held = cache.map { $0.bundleTrees(distinct, top: top, folder: bundle, read: bundleTrees) } ?? bundleTrees(distinct)
        let asked = Set(labels)
        let versions = held.mapValues { $0.versions.filter { asked.contains($0.key) } }
        return tags.indices.map { index in
            guard let tree = trees[index], let folder = folders[index], let contents = held[tree] else { return Held() }
            return Held(folder: folder, tree: tree, versions: versions[tree] ?? [:], currentVersion: contents.currentVersion)
        }
    }

    /// What each of `trees` (of the bundle's folder) holds: every version's `contents` and the
    /// current-version file, from the tree objects themselves (three `cat-file --batch`): asking for
    /// each path in each tree would read a bundle of a hundred versions once per version and tree.
    /// Absent: the trees git did not give.
    private func bundleTrees(_ trees: [String]) -> [String: GitHistoryCache.BundleTree] {
        // What git could not give is not answered (and so not kept): asked again next run.
        guard case .success(let bundleTrees)? = GitBlobs.read(trees, top: top, runner: runner) else { return [:] }
        var versionTrees: [String: [String: String]] = [:]
        var currentOf: [String: String] = [:]
        for (tree, data) in bundleTrees {
            versionTrees[tree] = [:]
            for entry in GitTreeObject.entries(of: data, idLength: tree.utf8.count / 2) {
                if entry.isTree, entry.name.hasSuffix(XcodeModelBundle.versionExtension), entry.name != XcodeModelBundle.versionExtension {
                    versionTrees[tree]?[String(entry.name.dropLast(XcodeModelBundle.versionExtension.count))] = entry.id
                } else if entry.name == ".xccurrentversion", entry.isBlob {
                    currentOf[tree] = entry.id
                }
            }
        }
        let versionFolders = Array(Set(versionTrees.values.flatMap(\.values))).sorted()
        let currentFiles = Array(Set(currentOf.values)).sorted()
        guard case .success(let folders)? = GitBlobs.read(versionFolders, top: top, runner: runner),
              case .success(let currentTexts)? = GitBlobs.read(currentFiles, top: top, runner: runner) else { return [:] }
        var contentsOf: [String: String] = [:]
        for (folder, data) in folders {
            // A version Xcode 3 saved holds `elements` instead (one a later Xcode converted holds
            // both: its `contents` is what Xcode reads).
            let entries = GitTreeObject.entries(of: data, idLength: folder.utf8.count / 2).filter(\.isBlob)
            contentsOf[folder] = XcodeModelBundle.modelFiles.lazy.compactMap { file in entries.first { $0.name == file }?.id }.first
        }
        let currentNames = currentTexts.compactMapValues { data in (try? XcodeCurrentVersion.parse(data, file: ".xccurrentversion")) ?? nil }
        var result: [String: GitHistoryCache.BundleTree] = [:]
        for (tree, versions) in versionTrees where versions.values.allSatisfy({ folders[$0] != nil }) && currentOf[tree].map({ currentTexts[$0] != nil }) ?? true {
            result[tree] = GitHistoryCache.BundleTree(versions: versions.compactMapValues { contentsOf[$0] }, currentVersion: currentOf[tree].flatMap { currentNames[$0] })
        }
        return result
    }

    /// The tree of `folder` at each of the tags at `indices`, in order: from the cache, which
    /// a later run asks git only about the tags made since (479 tags cost a pre-commit run 60 ms).
    private func folderTrees(_ folder: String, at indices: [Int]) -> [String?] {
        guard let cache, objects.count == tags.count else {
            return objects(indices.map { "\(tags[$0]):\(folder)" }, type: "tree") ?? indices.map { _ in nil }
        }
        let answer = cache.trees(of: folder, at: indices.map { objects[$0] }, top: top) { asked in
            objects(asked.map { "\($0):\(folder)" }, type: "tree")
        }
        return answer ?? indices.map { _ in nil }
    }

    /// The object each of `names` (`rev:path`) names where it is of `type`, in order: one
    /// `git cat-file --batch-check`. Nil when git could not answer.
    private func objects(_ names: [String], type: String) -> [String?]? {
        guard !names.isEmpty else { return [] }
        let request = Data(names.map { $0 + "\n" }.joined().utf8)
        guard let output = runner.run(["cat-file", "--batch-check=%(objectname) %(objecttype)"], in: top, input: request), output.succeeded else {
            return nil
        }
        // One line per name asked: `<object> <type>`, or `<name> missing` (or `ambiguous`).
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        return names.indices.map { index in
            guard index < lines.count else { return nil }
            let words = lines[index].split(separator: " ")
            return words.count == 2 && words[1] == type ? String(words[0]) : nil
        }
    }

    /// The folders of the bundles named like this one in `tag`'s tree (one listing of it). The
    /// listing of a large app holds thousands of paths: it is searched as bytes for the bundle's
    /// name, and only the paths that hold it are decoded.
    private func namedFolders(at tag: String) -> Set<String> {
        let name = Array(((bundle as NSString).lastPathComponent + "/").utf8)
        let versionFiles = XcodeModelBundle.modelFiles.map { Array((XcodeModelBundle.versionExtension + "/" + $0).utf8) }
        guard let listing = (listings ?? GitTreeListings(runner: runner, top: top)).paths(at: tag) else { return [] }
        var folders: Set<String> = []
        var from = 0
        while let at = ByteSearch.firstIndex(of: name, in: listing, from: from) {
            let start = listing[..<at].lastIndex(of: 0).map { $0 + 1 } ?? 0
            let end = listing[at...].firstIndex(of: 0) ?? listing.count
            // The name must be a whole path component; the first place it is one decides.
            guard at == start || listing[at - 1] == UInt8(ascii: "/") else {
                from = at + 1
                continue
            }
            from = end + 1
            // What follows the name ends like a version's `contents` (or Xcode 3's `elements`).
            guard versionFiles.contains(where: { file in
                end - (at + name.count) >= file.count && listing[(end - file.count)..<end].elementsEqual(file)
            }) else { continue }
            folders.insert(String(decoding: listing[start..<(at + name.count - 1)], as: UTF8.self))
        }
        return folders
    }

    /// How many path components `a` and `b` share, from the end (the bundle's own name
    /// included), then from the start.
    private static func shared(_ a: String, _ b: String) -> Int {
        let (x, y) = (a.split(separator: "/"), b.split(separator: "/"))
        let fromEnd = zip(x.reversed(), y.reversed()).prefix { $0.0 == $0.1 }.count
        let fromStart = zip(x, y).prefix { $0.0 == $0.1 }.count
        return fromEnd * 1000 + fromStart
    }

    /// The bytes of each of `blobs` (or trees), by id: one `git cat-file --batch`.
    func contents(of blobs: [String]) -> [String: Data] {
        guard case .success(let found)? = GitBlobs.read(blobs, top: top, runner: runner) else { return [:] }
        return found
    }
}

/// The paths of the whole tree at a revision (`git ls-tree -r -z --name-only`), NUL-separated,
/// listed once however many bundles of a run ask: each bundle that some release lacks looks for
/// where it was in the tree of HEAD and of that release, and an app with a dozen bundles listed
/// the same two trees of thousands of paths a dozen times each.
final class GitTreeListings: @unchecked Sendable {
    private let runner: GitRunner
    private let top: String
    private let lock = NSLock()
    /// Each revision's listing, nil where git could not list it.
    private var listed: [String: [UInt8]?] = [:]

    init(runner: GitRunner, top: String) {
        self.runner = runner
        self.top = top
    }

    /// The listing at `revision`; nil where git could not give it. Bundles are read side by side,
    /// and one waits while another lists the tree it asks for.
    func paths(at revision: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if let known = listed[revision] { return known }
        let output = runner.run(["ls-tree", "-r", "-z", "--name-only", "--end-of-options", revision], in: top)
        let listing = output.flatMap { $0.succeeded ? [UInt8]($0.standardOutput) : nil }
        listed[revision] = .some(listing)
        return listing
    }
}

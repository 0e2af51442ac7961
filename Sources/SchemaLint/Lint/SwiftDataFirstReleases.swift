import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// What the older releases held of each `VersionedSchema` the newest release holds, where a later
/// release holds it changed: the SwiftData side of `GitFirstReleases`. A store records its
/// schema's version identifier, and where a later release shipped the schema edited under another
/// identifier, the stores of the older one are of a version no schema of the plan has ("Cannot use
/// staged migration with an unknown model version"; the rule decides which shapes strand their
/// stores). Comparing with the newest tag alone misses that: the newest tag already holds the edit.
///
/// The Swift files are read again only at the tags where one of them differs from the tag
/// before (one `git cat-file --batch-check` tells which), so a history of many releases that
/// rarely touched the schemas costs a few readings.
extension LintPipeline {
    /// The most tags whose Swift files are read again in one run.
    static let swiftDataReadingsAtMost = 24

    /// `entries` (what the newest release holds), each SwiftData schema with the shapes the
    /// releases shipped it in, where more than one. `files`: the Swift files the histories were
    /// read from, relative to the current folder.
    func addingSwiftDataFirstReleases(
        to entries: [VersionLock.Entry], tags: [GitReleaseTags.Tag], files: [String], _ options: Options, configuration: ProjectConfiguration, top: String
    ) -> [VersionLock.Entry] {
        let schemas = entries.indices.filter { entries[$0].releasedCopy?.format == .swiftData && entries[$0].firstRelease == nil && entries[$0].label != nil }
        guard tags.count > 1, !schemas.isEmpty, !files.isEmpty else { return entries }
        // A pre-release ships to testers only: the releases people run are the others.
        let testersOnly = GitReleaseTags.testersOnly(tags)
        let older = tags.dropLast().filter { !testersOnly.contains($0.name) }
        guard !older.isEmpty else { return entries }
        let relative = files.map { PathResolution.relative(PathResolution.canonical($0), to: PathResolution.canonical(top)) }
        let runner = GitRunner()
        guard let newestTag = tags.last else { return entries }
        let questions = (older + [newestTag]).flatMap { tag in relative.map { "\(tag.object):\($0)" } }.joined(separator: "\n") + "\n"
        // Tag objects name their files for good: the answer is kept under the questions.
        func ask() -> Data? {
            guard let answer = runner.run(["cat-file", "--batch-check"], in: top, input: Data(questions.utf8)), answer.succeeded else { return nil }
            return answer.standardOutput
        }
        let kept = options.gitCache.map { $0.reading(about: ["cat-file --batch-check", top, GitHistoryCache.hash(questions)], read: ask) } ?? ask()
        guard let kept else { return entries }
        // One line per question, in order: the blob's name, or `<question> missing` (no file there).
        let lines = String(decoding: kept, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix(" missing") ? "" : line.split(separator: " ").first.map(String.init) ?? ""
        }
        guard lines.count >= (older.count + 1) * relative.count else { return entries }
        func blobs(at index: Int) -> ArraySlice<String> { lines[(index * relative.count)..<((index + 1) * relative.count)] }
        var changed: [GitReleaseTags.Tag] = []
        var previous: ArraySlice<String>?
        for (index, tag) in older.enumerated() {
            if blobs(at: index) != previous, blobs(at: index).contains(where: { !$0.isEmpty }) { changed.append(tag) }
            previous = blobs(at: index)
        }
        // Where the last of them holds the newest release's files, it holds its schemas: known
        // without a reading, at that tag's place.
        var known: [Int: [String: VersionLock.Entry]] = [:]
        if !changed.isEmpty, previous == blobs(at: older.count) {
            let newestPrefix = newestTag.name + ":"
            known[changed.count - 1] = Dictionary(schemas.compactMap { index -> (String, VersionLock.Entry)? in
                guard let label = entries[index].label else { return nil }
                var entry = entries[index]
                if let file = entry.location?.file, file.hasPrefix(newestPrefix) { entry.location?.file = changed[changed.count - 1].name + ":" + file.dropFirst(newestPrefix.count) }
                return (label, entry)
            }, uniquingKeysWith: { first, _ in first })
        }
        // Each tag's schemas by label, read where needed: the tags where the schemas' shapes
        // change are found by halving the releases between two that differ (a schema edited and
        // then restored between two readings that agree goes unseen), so a long history of
        // edits to the same files costs a few readings per change, not one per release.
        var atTag = options
        atTag.paths = files
        atTag.history = .files
        let earlier = atTag
        let changedTags = changed
        let labels = Set(schemas.compactMap { entries[$0].label })
        @Sendable func read(_ tag: GitReleaseTags.Tag) -> [String: VersionLock.Entry] {
            var found: [String: VersionLock.Entry] = [:]
            guard let reference = releasedVersions(at: tag, earlier, configuration: configuration, top: top) else { return found }
            for entry in reference.released where entry.releasedCopy?.format == .swiftData {
                if let label = entry.label, labels.contains(label), found[label] == nil { found[label] = entry }
            }
            return found
        }
        // The oldest release and three spread over the others are read side by side (each mostly
        // waits on git); the halving reads the rest one by one.
        let spread = Array(Set(stride(from: 0, to: changed.count, by: max(1, changed.count / 4))).subtracting(known.keys)).sorted().prefix(4)
        let first = OrderedConcurrentMap.map(count: spread.count) { read(changedTags[spread[spread.startIndex + $0]]) }
        var readings = known.merging(zip(spread, first)) { first, _ in first }
        func reading(_ index: Int) -> [String: VersionLock.Entry] {
            if let known = readings[index] { return known }
            let found = readings.count - known.count < Self.swiftDataReadingsAtMost ? read(changed[index]) : [:]
            readings[index] = found
            return found
        }
        let newestShapes = Dictionary(schemas.compactMap { index in entries[index].label.map { ($0, entries[index].releasedCopy.map(VersionLock.hash(of:)) ?? "") } }, uniquingKeysWith: { first, _ in first })
        // `changed.count` stands for the newest release.
        func shapes(at index: Int) -> [String: String] {
            index == changed.count ? newestShapes : reading(index).compactMapValues { $0.releasedCopy.map(VersionLock.hash(of:)) }
        }
        // Both ends of each range are read: where they differ and lie apart, the middle is read
        // (where they differ and lie side by side, `high` is where a shape begins). The middles
        // of one round are read side by side, as the first ones are.
        var ranges = changed.isEmpty ? [] : [(low: 0, high: changed.count)]
        while !ranges.isEmpty {
            let open = ranges.filter { $0.high - $0.low > 1 && shapes(at: $0.low) != shapes(at: $0.high) }
            let middles = open.map { ($0.low + $0.high) / 2 }.filter { readings[$0] == nil }
            let budget = max(0, Self.swiftDataReadingsAtMost - (readings.count - known.count))
            let asked = Array(middles.prefix(budget))
            let found = OrderedConcurrentMap.map(count: asked.count) { read(changedTags[asked[$0]]) }
            for (index, schemas) in zip(asked, found) { readings[index] = schemas }
            for index in middles.dropFirst(budget) { readings[index] = [:] }
            ranges = open.flatMap { [(low: $0.low, high: ($0.low + $0.high) / 2), (low: ($0.low + $0.high) / 2, high: $0.high)] }
        }
        var result = entries
        for index in schemas {
            let entry = entries[index]
            guard let label = entry.label, let newest = entry.releasedCopy, let newestPlace = entry.location?.file else { continue }
            var shapes: [ShippedShape] = []
            for position in readings.keys.sorted() {
                let tag = changed[position]
                guard let held = readings[position]?[label], let copy = held.releasedCopy else { continue }
                if shapes.last.map({ VersionLock.hash(of: $0.copy) == VersionLock.hash(of: copy) }) ?? false { continue }
                shapes.append(ShippedShape(tag: tag.name, copy: copy, place: held.location?.file ?? "\(tag.name):"))
            }
            // The newest release's shape, where it differs from the last older one.
            if let newestTag = tags.last?.name, shapes.last.map({ VersionLock.hash(of: $0.copy) != VersionLock.hash(of: newest) }) ?? false {
                shapes.append(ShippedShape(tag: newestTag, copy: newest, place: newestPlace))
            }
            if shapes.count > 1 { result[index].firstRelease = FirstRelease(shapes: shapes) }
        }
        return result
    }
}

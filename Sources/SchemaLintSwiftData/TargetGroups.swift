import Foundation

/// The Swift files of a run split by the target that builds them, where two files declare a
/// `@Model` class of one name (an iPhone app's `Trivit` and its watch app's own): no module
/// compiles both, so each is another target's model, opened by that target's containers. Without
/// the project's target lists, a file belongs to the target whose declaring file's folder shares
/// the most leading folders with its own (`trivit Watch App/Views/List.swift` with `trivit Watch
/// App/Models/Trivit.swift`); a file as near to several (a `Shared/` folder) is in each of them.
struct TargetGroups {
    /// Each target's files, by a label that names it the same wherever the files lie (the
    /// declaring file's folder below the folder all declaring files share): a release's files
    /// copied out of git make the same histories.
    var groups: [(label: String, files: Set<String>)]

    /// The label of the target whose folder has the fewest components, then the shortest name:
    /// most often the app's own (`Tally/Models` beside `Tally Watch App/Models`).
    var main: String? {
        groups.map(\.label).min { ($0.split(separator: "/").count, $0.count, $0) < ($1.split(separator: "/").count, $1.count, $1) }
    }

    /// Nil where no class is declared twice, or where the files do not split so that each target
    /// holds one declaration of each such class.
    init?(sources: [String], declaringTwice: [String: Set<String>]) {
        guard let anchors = declaringTwice.values.map({ $0.sorted() }).min(by: { $0.lexicographicallyPrecedes($1) }), anchors.count > 1 else { return nil }
        func folders(_ path: String) -> [Substring] { Array(path.split(separator: "/").dropLast()) }
        let anchorFolders = anchors.map(folders)
        var files = [Set<String>](repeating: [], count: anchors.count)
        for source in sources {
            let own = folders(source)
            let shared = anchorFolders.map { anchor in zip(anchor, own).prefix { $0 == $1 }.count }
            guard let best = shared.max() else { continue }
            for index in anchors.indices where shared[index] == best { files[index].insert(source) }
        }
        // Each target holds one file of each class declared twice, or the split is not by target.
        for declaring in declaringTwice.values {
            guard files.allSatisfy({ $0.intersection(declaring).count == 1 }) else { return nil }
        }
        let common = anchorFolders.dropFirst().reduce(anchorFolders[0]) { common, next in Array(zip(common, next).prefix { $0 == $1 }.map(\.0)) }
        groups = anchors.indices.map { index in
            (label: anchorFolders[index].dropFirst(common.count).joined(separator: "/"), files: files[index])
        }
    }
}

/// Which models code belongs to when it does not name them: a repository can hold several apps
/// (or an app and its extensions' own stores), and code is taken to open the models declared
/// nearest to it, those whose files share the most leading folders with its file.
package enum NearestFiles {
    /// The keys whose files (any of them) share the most leading folders with `file`; every key
    /// when none shares any. Sorted.
    package static func nearest<Key: Comparable>(to file: String, among filesByKey: [Key: [String]]) -> [Key] {
        let folders = file.split(separator: "/").dropLast()
        func shared(_ other: String) -> Int { zip(other.split(separator: "/").dropLast(), folders).prefix { $0 == $1 }.count }
        let depths = filesByKey.mapValues { files in files.map(shared).max() ?? -1 }
        guard let deepest = depths.values.max() else { return [] }
        return depths.filter { $0.value == deepest }.keys.sorted()
    }
}

/// Puts a bundle's versions in history order and checks the version names the user gave.
enum XcodeVersionOrder {
    /// The readable versions in history order: natural order of their names, or `explicit` (names with
    /// or without `.xcdatamodel`), which must name each readable version exactly once and may also
    /// name legacy versions (they are left out).
    static func history(
        of names: Set<String>, legacy: Set<String>, explicit: [String]?, bundle: String
    ) throws(InputError) -> [String] {
        guard let explicit else { return NaturalOrder.sorted(names) }
        var seen: Set<String> = []
        var result: [String] = []
        for given in explicit {
            let name = XcodeModelBundle.versionName(ofFolder: given)
            guard seen.insert(name).inserted else {
                throw InputError(file: bundle, message: "the version order names '\(name)' twice")
            }
            if legacy.contains(name) { continue }
            guard names.contains(name) else {
                let hint = Spelling.didYouMean(name, among: names)
                throw InputError(file: bundle, message: "the version order names '\(name)', which is not a version of this bundle\(hint)",
                                 notes: ["versions: \(NaturalOrder.sorted(names).joined(separator: ", "))"])
            }
            result.append(name)
        }
        let missing = NaturalOrder.sorted(names.subtracting(seen))
        guard missing.isEmpty else {
            throw InputError(file: bundle, message: "the version order misses \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return result
    }

    /// The draft version names without `.xcdatamodel`; each must name a version of the bundle.
    static func drafts(_ given: Set<String>, known: Set<String>, bundle: String) throws(InputError) -> Set<String> {
        let names = Set(given.map(XcodeModelBundle.versionName(ofFolder:)))
        for draft in names.sorted() where !known.contains(draft) {
            let hint = Spelling.didYouMean(draft, among: known)
            throw InputError(file: bundle, message: "the draft '\(draft)' is not a version of this bundle\(hint)")
        }
        return names
    }
}
